"""A fault hook for the stalled-disk test: while the file named by TOTEMBOT_TEST_STALL_FILE
exists, every write of the SQLite store hangs where the disk would (the group's commit in the
store's writer thread, the other writes' BEGIN on aiosqlite's thread), as a frozen cloud disk
holds an fsync. Python imports this module at start-up when its folder is on PYTHONPATH; the
bot process of that test alone gets it."""

from __future__ import annotations

import os
import time
from typing import Any

STALL_FILE = os.environ.get("TOTEMBOT_TEST_STALL_FILE")


def _hold_while_stalled() -> None:
    """Where the disk is frozen: the write's own thread waits (never the event loop's)."""
    assert STALL_FILE is not None
    while os.path.exists(STALL_FILE):
        time.sleep(0.005)


def _install() -> None:
    from totembot.store import sqlite

    commit_group = sqlite.commit_group
    begin = sqlite.SqliteStore._begin

    def stalled_commit_group(db: Any, rows: Any) -> Any:
        _hold_while_stalled()
        return commit_group(db, rows)

    def stalled_begin(self: Any, db: Any, arg: None) -> None:
        _hold_while_stalled()
        begin(self, db, arg)

    sqlite.commit_group = stalled_commit_group
    sqlite.SqliteStore._begin = stalled_begin  # type: ignore[method-assign,assignment]


if STALL_FILE:
    _install()
