"""The benchmark's floors: the least durable work a request needs, one small event row
committed. The store's `floor_commit` goes through its connection; a bare floor has nothing
between the caller and the database (the standard library's sqlite3, or one asyncpg
connection), so the benchmark can say what the store itself costs."""

from __future__ import annotations

import sqlite3
from typing import Protocol

import asyncpg

from totembot.store.base import FLOOR_ROW
from totembot.store.model import is_postgres_url
from totembot.store.postgres import numbered


class BareFloor(Protocol):
    """The bare durable commit: one small event row, nothing between the caller and it."""

    async def commit(self, game_id: int, seq: int, at: str) -> None: ...

    async def close(self) -> None: ...


class SqliteFloor:
    """The standard library's sqlite3 on the same file, with the store's settings (WAL,
    synchronous = FULL, no checkpoint of its own): one autocommitted INSERT in the caller's
    thread, no lock. The file's checkpoints are the store's, as when the bot is its only
    writer: with SQLite's default the floor's own commits checkpointed the WAL whenever it
    passed 1,000 pages, doing part of the store's work and timing it as the floor's."""

    PRAGMAS = (
        "journal_mode = WAL",
        "synchronous = FULL",
        "busy_timeout = 5000",
        "wal_autocheckpoint = 0",
    )

    def __init__(self, path: str) -> None:
        self._db = sqlite3.connect(path, isolation_level=None)
        for pragma in self.PRAGMAS:
            self._db.execute(f"PRAGMA {pragma}")

    async def commit(self, game_id: int, seq: int, at: str) -> None:
        self._db.execute(FLOOR_ROW, (game_id, seq, at))

    async def close(self) -> None:
        self._db.close()


class PostgresFloor:
    """One asyncpg connection of its own (no pool): one autocommitted INSERT."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        self._db = connection

    @classmethod
    async def connect(cls, url: str) -> PostgresFloor:
        return cls(await asyncpg.connect(url))

    async def commit(self, game_id: int, seq: int, at: str) -> None:
        await self._db.execute(numbered(FLOOR_ROW), game_id, seq, at)

    async def close(self) -> None:
        await self._db.close()


async def bare_floor(database: str) -> BareFloor:
    if is_postgres_url(database):
        return await PostgresFloor.connect(database)
    return SqliteFloor(database)
