"""The PostgreSQL backend: one database shared by several bot processes, through asyncpg.

The same guarantees as SQLite: each request is one transaction (here one statement), a write
based on a stale version is refused by the database itself, and a request is acknowledged only
once PostgreSQL has flushed its commit to disk (`synchronous_commit` is never left off).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import re
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from totembot.core import GameState
from totembot.store import placings, results
from totembot.store.backlog import Queries
from totembot.store.base import (
    DELETE_TURN_TIMES,
    ENDED,
    FLOOR_ROW,
    INSERT_GAME_COLUMNS,
    INSERT_SEAT,
    INSERT_TURN_TIMES,
    KEEP_NEWEST_LINKS,
    LINKS_KEPT,
    SAVE_CLOCK,
    STALE,
    GameStore,
    SeatTimes,
    clock_row,
    event_row,
    game_row,
    lobby_row,
    seat_rows,
    turn_time_rows,
)
from totembot.store.errors import ChannelBusy, StaleState, StoreError
from totembot.store.model import Clock, EventRecord, Lobby, NewGame, Opened, StoredGame
from totembot.store.placings import MadePlacing
from totembot.store.postgres_schema import (
    UNREACHABLE,
    migrate_postgres,
    reach,
    reason,
    schema_version,
    shown_url,
)
from totembot.store.results import MadeResults, rows_of

log = logging.getLogger(__name__)

CHANGES_CHANNEL = "totembot_changes"  # LISTEN/NOTIFY: the live pages learn of changes
POOL_SIZE = 10  # connections per process, at most (docs/deploying.md: sizing)
# No floor of open connections: asyncpg (0.32) reopens a floor in the background while the
# server is down and logs every failed try with a traceback; a request opens its own instead.
POOL_FLOOR = 0
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
# What the pool raises when it cannot hand out a connection (no server, a server starting or
# shutting down, no more connections allowed): nothing of the request was sent.
CANNOT_CONNECT = (*LOST, asyncpg.PostgresError)

# asyncpg's own checks before a statement leaves the client, by their exact words (connection.py
# `_check_open`, protocol.pyx `_check_state` and `_new_waiter`, coreproto.pyx `_ensure_connected`
# and the `_set_state` that starts an operation, each raised before its first write).
UNSENT_INTERFACE = frozenset(
    {
        "connection is closed",
        "cannot perform operation: connection is closed",
        "cannot perform operation: another operation is in progress",
        "cannot perform operation: another operation is cancelling",
    }
)
UNSENT_INTERNAL = ("not connected", "cannot switch to state ")

UNREACHED = "The database cannot be reached ({}): nothing was recorded, please try again."
DROPPED = "The connection to the database was lost: nothing was recorded, please try again."
UNKNOWN = (
    "The connection to the database was lost, so this may not have been recorded: "
    "check the table before sending it again."
)


def unsent(error: BaseException) -> bool:
    """Whether asyncpg refused to send the statement at all (its connection was known closed
    or busy): only its exact errors count, never their subclasses (ConnectionDoesNotExistError
    comes after a statement was sent)."""
    if type(error) is asyncpg.InterfaceError:
        return str(error) in UNSENT_INTERFACE
    if type(error) is asyncpg.InternalClientError:
        return str(error).startswith(UNSENT_INTERNAL)
    return False


def unreached(error: BaseException) -> str:
    """Why no connection could be had, in words fit for the user: the system's for the network
    (never the server's address, which the error's own text names), the server's own words
    otherwise ("the database system is shutting down")."""
    if isinstance(error, TimeoutError):
        return "no answer in time"
    if isinstance(error, socket.gaierror):
        return "its host name cannot be resolved"
    if isinstance(error, OSError):
        return os.strerror(error.errno) if error.errno else "the network failed"
    return reason(error)


QUERIES = Queries(
    waiting=results.WAITING.replace("IS NOT version", "IS DISTINCT FROM version").replace(
        results.BY_INDEX, ""
    ),
    needing=results.NEEDING.replace("IS NOT g.version", "IS DISTINCT FROM g.version").replace(
        results.BY_INDEX, ""
    ),
)
# A batch of results in three statements whatever its size: the games still at the version
# the results were made from claim them (results.MARK_MADE, for many), then their old rows
# go and the new ones come.
MARK_MADE = """
UPDATE games AS g SET results_version = m.version, turns = m.turns
FROM unnest($1::bigint[], $2::integer[], $3::integer[]) AS m(id, version, turns)
WHERE g.id = m.id AND g.version = m.version AND g.status = 'finished'
AND g.results_version IS DISTINCT FROM m.version
RETURNING g.id
"""
DELETE_RESULTS = "DELETE FROM results WHERE game_id = ANY($1::bigint[])"
INSERT_RESULTS = """
INSERT INTO results (game_id, seat, name, outcome, way_out, place, taken_by, deck)
SELECT * FROM unnest(
    $1::bigint[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::integer[],
    $7::integer[], $8::text[]
)
"""


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

    backlog_queries = QUERIES
    announces_changes = True

    def __init__(self, pool: asyncpg.Pool, opened: Opened, url: str = "") -> None:
        super().__init__(opened)
        self._pool = pool
        self._url = url  # for the live page's listening connection
        self._origin = secrets.token_hex(8)  # this process's notices, told from the others'
        self._notifier: asyncpg.Connection | None = None
        self._notify_lock = asyncio.Lock()
        self._closing = False

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
                url, min_size=POOL_FLOOR, max_size=pool_size, server_settings=settings
            )
        except UNREACHABLE as error:
            raise StoreError(
                f"The PostgreSQL database {where} cannot be reached ({reason(error)})."
            ) from error
        return cls(pool, Opened(where, before, version), url)

    async def close(self) -> None:
        self._closing = True
        await self.backlog.stop()
        async with self._notify_lock:
            await self._close_notifier()
        await self._pool.close()

    async def _all(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        async with self._connection(records=False) as connection:
            rows = await connection.fetch(numbered(query), *params)
        return [tuple(row) for row in rows]

    @asynccontextmanager
    async def _connection(self, records: bool = True) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection, and an honest sentence when the database fails under it.

        "Nothing was recorded" only when that is certain: no connection could be had, asyncpg
        refused to send the statement, or the block only reads (`records` False). Once a
        statement that records was sent, a lost connection leaves the outcome unknown (the
        commit may have landed just before it broke): "may not have been recorded". A block
        that records sends at most one statement outside a transaction (`_transaction` for
        more). A connection the server closed a moment ago can still be handed out; asyncpg
        then refuses to use it, which is one of its unsent errors."""
        connection = await self._acquire()
        try:
            yield connection
        except LOST as error:
            raise StoreError(UNKNOWN if records and not unsent(error) else DROPPED) from error
        except asyncpg.PostgresError as error:
            if isinstance(error, asyncpg.IntegrityConstraintViolationError):
                raise
            raise StoreError(
                f"The database refused the change ({reason(error)}): nothing was recorded."
            ) from error
        finally:
            await self._release(connection)

    async def _acquire(self) -> asyncpg.Connection:
        """A connection from the pool; failing here, nothing of the request was sent."""
        try:
            return await self._pool.acquire()
        except CANNOT_CONNECT as error:
            raise StoreError(UNREACHED.format(unreached(error))) from error

    async def _release(self, connection: asyncpg.Connection) -> None:
        """Back to the pool. A connection that breaks while the pool resets it is closed by
        the pool; the request's outcome was settled before, so it is not told as lost."""
        try:
            await self._pool.release(connection)
        except LOST as error:
            log.info("a PostgreSQL connection broke after its request (%s)", reason(error))

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction: PostgreSQL rolls back one whose COMMIT it never received, so a
        connection lost before the COMMIT was sent recorded nothing; only the COMMIT's own
        loss leaves the outcome unknown."""
        async with self._connection() as connection:
            transaction = connection.transaction()
            try:
                await transaction.start()
                yield connection
            except LOST as error:
                await _roll_back(transaction)
                raise StoreError(DROPPED) from error
            except BaseException:
                await _roll_back(transaction)
                raise
            await transaction.commit()

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
        return self._created(game_id, game)

    def _created(self, game_id: int, game: NewGame) -> StoredGame:
        """The game just committed, as `load` would read it: no read after the commit, whose
        loss would tell a stored game as not stored."""
        self._formats[game_id] = game.config.format
        return StoredGame(
            id=game_id,
            guild_id=game.guild_id,
            channel_id=game.channel_id,
            host=game.host,
            status="active",
            config=game.config,
            version=0,
            state=game.initial,
            seats=game.seats,
            status_message_id=game.status_message_id,
            created_at=game.created_at,
        )

    async def create_games(self, games: list[NewGame], status: str = "active") -> None:
        async with self._transaction() as connection:
            for game in games:
                await _insert_game(connection, game, status)

    async def append(
        self, game_id: int, expected_version: int, record: EventRecord, state: GameState
    ) -> int:
        new_version = expected_version + 1
        row = event_row(game_id, new_version, record, state)
        made = await self._made_at_end(game_id, new_version, state, record)
        try:
            inserted = await (self._append_ending(row, made) if made else self._append(row))
        except asyncpg.UniqueViolationError as error:  # a row at that seq already (the floor)
            raise StaleState(STALE) from error
        if inserted:
            return new_version
        # Nothing was written: why is read apart, so that losing this read is told as such.
        found = await self._one("SELECT status FROM games WHERE id = ?", (game_id,))
        if found is not None and found[0] == "abandoned":
            raise StoreError(ENDED)
        raise StaleState(STALE)

    async def _append(self, row: tuple[Any, ...]) -> bool:
        """The common request: one statement, so a lost connection leaves it unknown only
        once it was sent. Whether it was written (False: stale or ended)."""
        async with self._connection() as connection:
            return written(await connection.execute(APPEND, *row)) == 1

    async def _append_ending(self, row: tuple[Any, ...], made: MadeResults) -> bool:
        """The request that ends a game, with the game's results, in one transaction."""
        async with self._transaction() as connection:
            if written(await connection.execute(APPEND, *row)) == 0:
                return False
            await _write_results(connection, made)
            return True

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

    async def set_lobby_deck(self, channel_id: str, user_id: str, deck: str) -> None:
        async with self._connection() as connection:
            await connection.execute(
                "INSERT INTO lobby_decks (channel_id, user_id, deck) VALUES ($1, $2, $3) "
                "ON CONFLICT (channel_id, user_id) DO UPDATE SET deck = EXCLUDED.deck",
                channel_id,
                user_id,
                deck,
            )

    async def add_link(self, token_hash: str, channel_id: str, at: str) -> None:
        async with self._transaction() as connection:
            await connection.execute(
                "INSERT INTO web_links (token_hash, channel_id, created_at) VALUES ($1, $2, $3)",
                token_hash,
                channel_id,
                at,
            )
            await connection.execute(
                numbered(KEEP_NEWEST_LINKS), channel_id, channel_id, LINKS_KEPT
            )

    async def drop_links(self, channel_id: str) -> int:
        async with self._connection() as connection:
            done = await connection.execute(
                "DELETE FROM web_links WHERE channel_id = $1", channel_id
            )
        await self.announce(channel_id, "links")
        return written(done)

    async def announce(self, channel_id: str, what: str = "game") -> None:
        """NOTIFY the other processes (the live pages they serve), on a connection of its own
        so that no request waits for a pooled one; a notice that cannot be sent costs a page
        one update, never the request, which was committed before."""
        async with self._notify_lock:
            if self._closing:  # a notice still pending when the store closed: nobody to tell
                return
            try:
                if self._notifier is None or self._notifier.is_closed():
                    self._notifier = await reach(self._url, "database")
                await self._notifier.execute(
                    "SELECT pg_notify($1, $2)",
                    CHANGES_CHANNEL,
                    f"{self._origin}:{what}:{channel_id}",
                )
            except (StoreError, *LOST, asyncpg.PostgresError) as error:
                log.info("could not announce a change to other processes (%s)", reason(error))
                await self._close_notifier()

    async def _close_notifier(self) -> None:
        notifier, self._notifier = self._notifier, None
        if notifier is not None:
            with contextlib.suppress(*LOST, asyncpg.PostgresError, OSError):
                await notifier.close(timeout=2)

    async def watch(self, heard: Callable[[str, str], None]) -> Callable[[], Awaitable[None]]:
        """LISTEN on a connection of its own; this process's own notices are skipped."""
        connection = await reach(self._url, "database")

        def notified(_connection: object, _pid: int, _channel: str, payload: str) -> None:
            origin, _, rest = payload.partition(":")
            what, _, channel_id = rest.partition(":")
            if origin != self._origin and channel_id:
                heard(channel_id, what)

        await connection.add_listener(CHANGES_CHANNEL, notified)

        async def stop() -> None:
            with contextlib.suppress(*LOST, asyncpg.PostgresError):
                await connection.remove_listener(CHANGES_CHANNEL, notified)
            await connection.close()

        return stop

    async def open_lobby(self, lobby: Lobby) -> None:
        async with self._connection() as connection:
            await connection.execute(
                "DELETE FROM lobby_decks WHERE channel_id = $1", lobby.channel_id
            )
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

    async def save_clock(self, clock: Clock) -> None:
        async with self._connection() as connection:
            await connection.execute(numbered(SAVE_CLOCK), *clock_row(clock))

    async def delete_clock(self, channel_id: str) -> None:
        async with self._connection() as connection:
            await connection.execute("DELETE FROM clocks WHERE channel_id = $1", channel_id)

    async def save_turn_times(self, game_id: int, version: int, times: list[SeatTimes]) -> None:
        async with self._transaction() as connection:
            await connection.execute(numbered(DELETE_TURN_TIMES), game_id)
            await connection.executemany(
                numbered(INSERT_TURN_TIMES), turn_time_rows(game_id, version, times)
            )

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

    async def save_placings(self, made: Sequence[MadePlacing]) -> int:
        count = 0
        async with self._transaction() as connection:
            for game_id, version, names, placing in made:
                marked = await connection.execute(
                    numbered(placings.MARK_PLACED), version, game_id, version
                )
                if written(marked) != 1:
                    continue  # it moved on: its next placing is made from its new version
                await connection.execute(numbered(placings.DELETE), game_id)
                rows = placings.placing_rows(game_id, names, placing)
                await connection.executemany(numbered(placings.INSERT), rows)
                count += 1
        return count

    async def _save_results(self, made: MadeResults) -> None:
        """A backlog's batch in one transaction whose commit does not wait for the WAL's
        flush: results are a cache of the games, and a crash that loses the last batches
        loses their `results_version` with them, so they are made again (requests keep
        `synchronous_commit` on)."""
        async with self._transaction() as connection:
            await connection.execute("SET LOCAL synchronous_commit = off")
            await _write_results(connection, made)


async def _write_results(connection: asyncpg.Connection, made: MadeResults) -> None:
    """Each game's result rows, replacing older ones, unless the game moved on since they were
    made or another process made them already: three statements for the whole batch."""
    claimed = await connection.fetch(
        MARK_MADE,
        [game_id for game_id, _version, _result in made],
        [version for _game_id, version, _result in made],
        [result.turns for _game_id, _version, result in made],
    )
    ids = {int(row[0]) for row in claimed}
    if not ids:
        return
    await connection.execute(DELETE_RESULTS, list(ids))
    rows = [
        row for game_id, _, result in made if game_id in ids for row in rows_of(game_id, result)
    ]
    columns = [list(column) for column in zip(*rows, strict=True)]
    await connection.execute(INSERT_RESULTS, *columns)


async def _roll_back(transaction: Any) -> None:
    """End a transaction that failed before its COMMIT; on a lost connection the server has
    already rolled it back (and the pool closes the connection)."""
    with contextlib.suppress(*LOST):
        await transaction.rollback()


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
