"""Pictures for the drawing process's tests: drawn in the worker like a chart or a board, but
ones that answer at once, raise, never finish, or kill the process drawing them. The worker
imports this module to unpickle them (it runs with the checkout's root on its path)."""

from __future__ import annotations

import os
import select
import signal
from dataclasses import dataclass
from pathlib import Path

from totembot.core.story import Story


@dataclass(frozen=True)
class Echo:
    """Answers its bytes at once: which answer belongs to which picture."""

    data: bytes

    def draw(self) -> bytes:
        return self.data


@dataclass(frozen=True)
class Raises:
    def draw(self) -> bytes:
        raise ValueError("no ink")


@dataclass(frozen=True)
class Hangs:
    """Never finishes: it waits on a pipe nobody writes to."""

    def draw(self) -> bytes:
        read, _write = os.pipe()
        select.select([read], [], [])
        return b""


@dataclass(frozen=True)
class Dies:
    """Kills the process drawing it, as the kernel's out-of-memory killer would."""

    def draw(self) -> bytes:
        os.kill(os.getpid(), signal.SIGKILL)
        return b""


@dataclass(frozen=True)
class DyingChart:
    """A chart (`Chart(story)` as the summary makes it) whose drawing kills its process."""

    story: Story

    def draw(self) -> bytes:
        return Dies().draw()


def children(pid: int) -> set[int]:
    """The processes `pid` has started that are still there (zombies included)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            listed = (task / "children").read_text()
        except FileNotFoundError:  # a thread (aiosqlite's, asyncio's) ended meanwhile
            continue
        found |= {int(child) for child in listed.split()}
    return found


def command_line(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def ends_within(pid: int, seconds: float) -> bool:
    """Whether process `pid` (any process, not only a child) ends within `seconds`: waits on
    its pidfd, which becomes readable when it exits."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        readable, _, _ = select.select([handle], [], [], seconds)
        return bool(readable)
    finally:
        os.close(handle)
