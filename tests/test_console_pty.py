"""The real `totembot console` on a pseudo-terminal, typed at as a person would."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Iterator

import pytest

from tests.test_console import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
UP = "\x1b[A"
CTRL_C = "\x03"
CTRL_D = "\x04"


def _take_the_terminal() -> None:
    """In the child: make the pty its controlling terminal, so Ctrl-C typed while the
    terminal is not in raw mode sends SIGINT, as in a real shell."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """The console on a pty: type keys, then wait for text to appear (with a deadline)."""

    def __init__(self) -> None:
        self.master, slave = os.openpty()
        termios.tcsetwinsize(slave, (40, 120))
        env = {**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "totembot", "console"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            env=env,
            start_new_session=True,
            preexec_fn=_take_the_terminal,
        )
        os.close(slave)
        self.seen = ""

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def _read(self, deadline: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the console has exited and closed the terminal
            return False
        self.seen += chunk.decode(errors="replace")
        return bool(chunk)

    def wait_for(self, text: str, timeout: float = 30) -> None:
        """Read until `text` has appeared after everything waited for so far."""
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            if not self._read(deadline):
                raise AssertionError(f"{text!r} never appeared; the terminal shows {self.seen!r}")
        self.seen = self.seen.split(text, 1)[1]

    def close(self) -> int:
        deadline = time.monotonic() + 30
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(deadline)
        os.close(self.master)
        if self.process.poll() is None:
            self.process.kill()
        return self.process.wait(timeout=30)


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    opened = Terminal()
    yield opened
    if opened.process.poll() is None:
        opened.process.kill()
        opened.process.wait(timeout=30)


def test_the_real_console_on_a_terminal_edits_recalls_completes_and_leaves(
    terminal: Terminal,
) -> None:
    terminal.wait_for("totem>")  # the space after it is drawn as a cursor move
    terminal.type("game totem players: Ann, Bob, Cid\r")
    terminal.wait_for("Turn 1: Ann")
    terminal.wait_for("totem>")
    terminal.type("Ann: dea\t3 to b\t\r")
    terminal.wait_for("Bob-Cid 20 -> 17, dealt by Ann")
    terminal.wait_for("totem>")
    terminal.type(UP + "\r")
    terminal.wait_for("Bob-Cid 17 -> 14, dealt by Ann")
    terminal.wait_for("totem>")
    terminal.type("help totems\r")
    terminal.wait_for("left is the player's totem shared with the next player")
    terminal.wait_for("totem>")
    terminal.type("ring\r")
    terminal.wait_for("Bob-Cid: 14 life")
    terminal.wait_for("totem>")
    terminal.type(CTRL_D)
    assert terminal.close() == 0
    assert "Traceback" not in terminal.seen


def test_ctrl_c_typed_while_a_line_is_answered_drops_only_the_next_line(
    terminal: Terminal,
) -> None:
    terminal.wait_for("totem>")
    terminal.type("game totem players: Ann, Bob, Cid\r")
    terminal.wait_for("Cid-Ann: 20 life")
    terminal.wait_for("totem>")  # the next prompt: the one typed at redraws before the reply
    terminal.type("Ann: deal 3 to Bob\r")
    terminal.wait_for("Bob-Cid 20 -> 17")
    # Typed at once, before the next prompt is drawn: the terminal is not raw, so Ctrl-C is
    # a SIGINT (or, if the prompt came first, a key); either way only this line is dropped.
    terminal.type("Ann: deal 9 to Bob" + CTRL_C)
    terminal.wait_for("Line dropped")
    terminal.wait_for("totem>")
    terminal.type("ring\r")
    terminal.wait_for("Bob-Cid: 17 life")
    terminal.wait_for("totem>")
    terminal.type("quit\r")
    assert terminal.close() == 0


def test_a_sigint_at_the_prompt_drops_the_line_being_typed(terminal: Terminal) -> None:
    terminal.wait_for("totem>")
    terminal.type("game totem players: Ann, Bob, Cid\r")
    terminal.wait_for("Cid-Ann: 20 life")
    terminal.wait_for("totem>")  # the next prompt: the one typed at redraws before the reply
    terminal.type("Ann: deal 9 to Bob")
    terminal.wait_for("deal 9 to Bob")  # drawn: the prompt has read it
    os.kill(terminal.process.pid, signal.SIGINT)
    terminal.wait_for("Line dropped")
    terminal.wait_for("totem>")
    terminal.type("json\r")
    terminal.wait_for('"life": 20')
    assert terminal.process.poll() is None
    terminal.wait_for("totem>")
    terminal.type(CTRL_D)
    assert terminal.close() == 0
