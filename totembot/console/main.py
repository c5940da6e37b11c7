"""`totembot console`: pick the input, play it, and turn each failure into one clear line.

Exit status: 0 when the input was read (whatever was refused); 2, with one sentence on
standard error, when the setup line, the database or the input itself is unusable; 1 when
the reader of standard output went away (`totembot console game.totem | head -1`).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

from totembot.chance import seeded_chance
from totembot.console.interactive import run_interactive
from totembot.console.session import (
    CONSOLE_CHANNEL,
    EXIT_BAD_SETUP,
    EXIT_OK,
    Session,
    SetupFailed,
    open_session,
    run_script,
)
from totembot.console.typed import NotUtf8, read_script, utf8_lines
from totembot.settings import parse_host_port
from totembot.store import StoreError

if TYPE_CHECKING:
    from totembot.web.live import LivePages

EXIT_BROKEN_PIPE = 1
STDIN = "standard input"


def _fail(message: str) -> int:
    print(f"totembot: {message}", file=sys.stderr)
    return EXIT_BAD_SETUP


def _stdin_lines() -> Iterator[str]:
    return utf8_lines(sys.stdin.buffer, STDIN, "send it as UTF-8")


def silence_stdout() -> None:
    """The reader is gone: send what is still buffered nowhere, so exiting stays quiet
    (as the Python docs advise for SIGPIPE)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


async def _play(session: Session, lines: list[str] | None, as_json: bool) -> None:
    """A prompt on a terminal, else the script file or standard input."""
    if lines is None and sys.stdin.isatty() and not as_json:
        from totembot.console.prompt import TerminalPrompt  # prompt_toolkit: terminals only

        prompt = TerminalPrompt(lambda: session.state)
        with prompt.catching_interrupts():
            await run_interactive(session, prompt, sys.stdout)
    else:
        await run_script(session, _stdin_lines() if lines is None else lines, sys.stdout, as_json)
    sys.stdout.flush()  # a closed pipe shows here, not at exit


async def play_console(
    script: str | None,
    as_json: bool,
    db_path: str,
    seed: int | None = None,
    web: str | None = None,
) -> int:
    """Play a script file, standard input, or a prompt on a terminal; the exit status. With
    a `seed`, the dice, coins and random players come out the same every time; with `web`
    (HOST:PORT), the game's live page is served there too."""
    if web is not None:
        try:
            parse_host_port(web)
        except ValueError as error:
            return _fail(f"--web: {error}.")
    try:
        lines = read_script(script) if script is not None else None
    except NotUtf8 as error:
        return _fail(str(error))
    except OSError as error:
        return _fail(f"cannot read {script}: {error.strerror}.")
    try:
        session = await open_session(db_path, seeded_chance(seed))
    except StoreError as error:
        return _fail(str(error))
    pages = None
    try:
        if web is not None:
            pages = await serve_console_page(session, web)
        await _play(session, lines, as_json)
        if pages is not None and (lines is not None or not sys.stdin.isatty()):
            await serve_until_stopped()
    except BrokenPipeError:
        silence_stdout()
        return EXIT_BROKEN_PIPE
    except OSError as error:
        return _fail(f"cannot read {STDIN}: {error.strerror}.")
    except (SetupFailed, NotUtf8) as error:
        return _fail(str(error))
    finally:
        if pages is not None:
            await pages.stop()
        await session.close()
    return EXIT_OK


async def serve_console_page(session: Session, address: str) -> LivePages:
    """The live page of the console's game; its address goes to standard error, so that
    standard output stays the game's (--json)."""
    from totembot.web.live import start_for_console  # aiohttp's server: only when asked for

    try:
        pages = await start_for_console(session.service, CONSOLE_CHANNEL, address)
    except OSError as error:
        why = (error.strerror or str(error)).rsplit(": ", 1)[-1]  # "address already in use"
        raise SetupFailed(f"cannot serve the live page on {address} ({why}).") from None
    print(f"totembot: the live page is at {pages.console_address}", file=sys.stderr, flush=True)
    return pages


async def serve_until_stopped() -> None:
    """After a script: the page stays up until Ctrl-C or SIGTERM."""
    print("totembot: serving the live page; Ctrl-C stops it", file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
