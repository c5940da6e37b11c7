"""The PostgreSQL backend: one database shared by several bot processes, through asyncpg.

The same guarantees as SQLite: each request is one transaction (here one statement), a write
based on a stale version is refused by the database itself, and a request is acknowledged only
once PostgreSQL has flushed its commit to disk (`synchronous_commit` is never left off).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from totembot.core import GameState
from totembot.store import results
from totembot.store.base import (
    ENDED,
    FLOOR_ROW,
    INSERT_GAME_COLUMNS,
    INSERT_SEAT,
    STALE,
    GameStore,
    MadeResults,
    event_row,
    game_row,
    lobby_row,
    seat_rows,
)
from totembot.store.errors import ChannelBusy, StaleState, StoreError
from totembot.store.model import EventRecord, Lobby, NewGame, Opened, StoredGame
from totembot.store.postgres_schema import (
    UNREACHABLE,
    migrate_postgres,
    reach,
    reason,
    schema_version,
    shown_url,
)

log = logging.getLogger(__name__)

POOL_SIZE = 10  # connections per process, at most (docs/deploying.md: sizing)
PLACEHOLDER = re.compile(r"\?(\d*)")

# One statement appends the event and moves the game forward: the UPDATE matches only when
# the game is still at the expected version and not ended, and the event row is inserted only
# from the row it moved. Two processes racing on one game: the second UPDATE waits for the
# first's commit, sees the new version, matches nothing, and inserts nothing.
APPEND = """
WITH moved AS (
    UPDATE games SET
        version = $2,
        snapshot = $7,
        status = $8,
        finished_at = CASE WHEN status = $8 THEN finished_at
                           WHEN $8 = 'finished' THEN $3 END
    WHERE id = $1 AND version = $2 - 1 AND status <> 'abandoned'
    RETURNING id
)
INSERT INTO events (game_id, seq, recorded_at, recorded_by, request, changes)
SELECT id, $2, $3, $4, $5, $6 FROM moved
"""

# What a connection lost under a request raises: the network, the client, or the server
# ending its session (an administrator, a restart, a crash) between the statement and its reply.
LOST = (
    OSError,
    asyncpg.InterfaceError,
    asyncpg.PostgresConnectionError,
    asyncpg.InternalClientError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
)

NEEDING = results.NEEDING.replace("IS NOT g.version", "IS DISTINCT FROM g.version")


@functools.lru_cache(maxsize=256)
def numbered(query: str) -> str:
    """`?` and `?N` placeholders (SQLite's) as PostgreSQL's `$N`."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(1):
            return f"${match.group(1)}"
        count += 1
        return f"${count}"

    return PLACEHOLDER.sub(number, query)


def written(status: str) -> int:
    """How many rows a command changed, from asyncpg's status string ("UPDATE 1")."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresStore(GameStore):
    """Games, seats, event log and snapshots in a PostgreSQL database."""

    needing_results = NEEDING

    def __init__(self, pool: asyncpg.Pool, opened: Opened) -> None:
        super().__init__(opened)
        self._pool = pool

    @classmethod
    async def connect(
        cls, url: str, pool_size: int = POOL_SIZE, create: bool = True
    ) -> PostgresStore:
        """Connect, make sure commits are durable, and bring the schema up to date; with
        `create` False, a database totembot never used is refused instead of filled."""
        where = shown_url(url)
        first = await reach(url)
        try:
            if not create and await schema_version(first) == 0:
                raise StoreError(f"There is no totembot database at {where}.")
            settings = await durable_settings(first)
            before, version = await migrate_postgres(first)
        except asyncpg.PostgresError as error:
            raise StoreError(
                f"The PostgreSQL database {where} cannot be used ({reason(error)})."
            ) from error
        finally:
            await first.close()
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=pool_size, server_settings=settings
            )
        except UNREACHABLE as error:
            raise StoreError(
                f"The PostgreSQL database {where} cannot be reached ({reason(error)})."
            ) from error
        return cls(pool, Opened(where, before, version))

    async def close(self) -> None:
        await self._pool.close()

    async def _all(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        async with self._connection() as connection:
            rows = await connection.fetch(numbered(query), *params)
        return [tuple(row) for row in rows]

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection; a lost server becomes a sentence that does not claim nothing
        was written (the commit may have landed just before the connection broke). A
        connection the server closed a moment ago can still be handed out and then fails
        with asyncpg's InternalClientError ("another operation is in progress"): lost too."""
        try:
            async with self._pool.acquire() as connection:
                yield connection
        except LOST as error:
            raise StoreError(
                "The connection to the database was lost, so this may not have been recorded: "
                "check the table before sending it again."
            ) from error
        except asyncpg.PostgresError as error:
            if isinstance(error, asyncpg.IntegrityConstraintViolationError):
                raise
            raise StoreError(
                f"The database refused the change ({reason(error)}): nothing was recorded."
            ) from error

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        async with self._connection() as connection, connection.transaction():
            yield connection

    async def create_game(self, game: NewGame) -> StoredGame:
        try:
            async with self._transaction() as connection:
                await connection.execute(
                    "DELETE FROM lobbies WHERE channel_id = $1", game.channel_id
                )
                game_id = await _insert_game(connection, game, "active")
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name != "one_active_game_per_channel":
                raise StoreError(
                    f"The game could not be stored ({reason(error)}): nothing was recorded."
                ) from error
            raise ChannelBusy(
                "This channel already has a game: end it before a new one."
            ) from error
        return await self.load(game_id)

    async def create_games(self, games: list[NewGame], status: str = "active") -> None:
        async with self._transaction() as connection:
            for game in games:
                await _insert_game(connection, game, status)

    async def append(
        self, game_id: int, expected_version: int, record: EventRecord, state: GameState
    ) -> int:
        new_version = expected_version + 1
        try:
            async with self._connection() as connection:
                inserted = await connection.execute(
                    APPEND, *event_row(game_id, new_version, record, state)
                )
                if written(inserted) == 1:
                    return new_version
                status = await connection.fetchval(
                    "SELECT status FROM games WHERE id = $1", game_id
                )
        except asyncpg.UniqueViolationError as error:  # a row at that seq already (the floor)
            raise StaleState(STALE) from error
        if status == "abandoned":
            raise StoreError(ENDED)
        raise StaleState(STALE)

    async def floor_commit(self, game_id: int, seq: int, at: str) -> None:
        async with self._connection() as connection:
            await connection.execute(numbered(FLOOR_ROW), game_id, seq, at)

    async def abandon(self, game_id: int, at: str) -> None:
        async with self._connection() as connection:
            await connection.execute(
                "UPDATE games SET status = 'abandoned', finished_at = $1 WHERE id = $2",
                at,
                game_id,
            )

    async def open_lobby(self, lobby: Lobby) -> None:
        async with self._connection() as connection:
            await connection.execute(
                "INSERT INTO lobbies (channel_id, guild_id, host, options, seats, message_id, "
                "created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) "
                "ON CONFLICT (channel_id) DO UPDATE SET guild_id = EXCLUDED.guild_id, "
                "host = EXCLUDED.host, options = EXCLUDED.options, seats = EXCLUDED.seats, "
                "message_id = EXCLUDED.message_id, created_at = EXCLUDED.created_at",
                *lobby_row(lobby),
            )

    async def update_lobby(self, lobby: Lobby) -> bool:
        _channel, _guild, _host, options, seats, message_id, _created = lobby_row(lobby)
        async with self._connection() as connection:
            status = await connection.execute(
                "UPDATE lobbies SET options = $1, seats = $2, message_id = $3 "
                "WHERE channel_id = $4",
                options,
                seats,
                message_id,
                lobby.channel_id,
            )
        return written(status) == 1

    async def delete_lobby(self, channel_id: str) -> None:
        async with self._connection() as connection:
            await connection.execute("DELETE FROM lobbies WHERE channel_id = $1", channel_id)

    async def set_status_message(
        self, game_id: int, message_id: str | None, shows_version: int | None = None
    ) -> None:
        async with self._connection() as connection:
            await connection.execute(
                "UPDATE games SET status_message_id = $1, status_version = $2 WHERE id = $3",
                message_id,
                shows_version,
                game_id,
            )

    async def _save_results(self, made: MadeResults) -> None:
        async with self._transaction() as connection:
            for game_id, version, result in made:
                status = await connection.execute(
                    numbered(results.MARK_MADE), *results.mark_made(game_id, version, result)
                )
                if written(status) == 0:
                    continue
                await connection.execute("DELETE FROM results WHERE game_id = $1", game_id)
                await connection.executemany(
                    numbered(results.INSERT), results.rows_of(game_id, result)
                )


async def _insert_game(connection: asyncpg.Connection, game: NewGame, status: str) -> int:
    game_id = int(
        await connection.fetchval(
            f"INSERT INTO games ({INSERT_GAME_COLUMNS}) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
            *game_row(game, status),
        )
    )
    await connection.executemany(numbered(INSERT_SEAT), seat_rows(game_id, game.seats))
    return game_id


async def durable_settings(connection: asyncpg.Connection) -> dict[str, str]:
    """Session settings that keep "acknowledged means on disk": a server configured with
    `synchronous_commit = off` is overridden for totembot's connections."""
    settings: dict[str, str] = {}
    if await connection.fetchval("SHOW synchronous_commit") == "off":
        settings["synchronous_commit"] = "on"
    if await connection.fetchval("SHOW fsync") == "off":
        log.warning(
            "the PostgreSQL server runs with fsync = off: a crash of its machine can lose "
            "acknowledged requests"
        )
    return settings
