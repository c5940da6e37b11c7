"""The SQLite backend: one file in WAL mode, the default; needs no server.

Appends are group-committed: those that arrive while a commit is under way wait for the next
one, which writes them all in one transaction (one fsync, still `synchronous = FULL`); a
refused one leaves nothing of itself while its neighbours commit. Each `append` returns only
after the COMMIT of its group; an append with no commit under way is a group of one at once.

A group is written by a thread of its own (the writer), through a connection of its own (the
appender), never on the event loop's thread: a disk that stalls (a cloud disk can freeze for
seconds) then stalls only the writes, while the loop goes on answering, deferring what waits
and serving every channel that needs no write. Another program's lock is waited for there too
(SQLite's busy timeout). Reads and the other writes go through aiosqlite's thread as before.
Every write first checks that the file at the configured path is still the one opened: a
database moved or deleted while totembot runs is refused, never written into the void.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from totembot.core import GameState
from totembot.store import placings, results
from totembot.store.backup import pre_migration_copy
from totembot.store.base import (
    DELETE_TURN_TIMES,
    ENDED,
    FLOOR_ROW,
    GAME_COLUMNS,
    INSERT_GAME_COLUMNS,
    INSERT_SEAT,
    INSERT_TURN_TIMES,
    KEEP_NEWEST_LINKS,
    LINKS_KEPT,
    SAVE_CLOCK,
    SEATS_OF_GAME,
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
from totembot.store.errors import ChannelBusy, DatabaseGone, StaleState, StoreError
from totembot.store.migrate import LATEST, migrate, schema_version
from totembot.store.model import Clock, EventRecord, Lobby, NewGame, Opened, StoredGame
from totembot.store.placings import MadePlacing
from totembot.store.results import MadeResults
from totembot.store.writer_thread import WriterThread

PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = FULL",  # a reply is sent only after the commit is on disk
    "PRAGMA foreign_keys = ON",
)
log = logging.getLogger(__name__)
CLOSED = "The database has been closed: nothing was recorded."
T = TypeVar("T")
R = TypeVar("R")
# A file's identity (device, inode): the database opened, to notice when its path no longer
# leads to it.
Identity = tuple[int, int]
# Group commits between two checkpoints of the WAL into the database file. The appender never
# checkpoints itself (that copies pages and fsyncs the file, too long for the loop's thread): a
# worker thread does, on a connection of its own. A group of one request writes about 3 pages
# to the WAL, so 1,280 groups are about 4,000 pages. A checkpoint takes about 0.5 ms here
# whatever it copies (its fsync), and the request committing meanwhile waits for it: every
# 320 groups (SQLite's own 1,000 pages), a third to nearly half of the slowest 2 % of serial
# requests that the collector had not slowed met one (docs/benchmarks.md, "Issue 32,
# seventh session").
CHECKPOINT_EVERY = 1280
# A checkpoint run while groups go on being written cannot let the WAL start over after it;
# one in this many holds the write lock (the groups meanwhile wait and gather) so that it can.
# Every one does: the WAL then stays under about 23 MB, as with a checkpoint every 320 groups
# of which one in four held the lock.
RESTART_EVERY = 1
# Paths SQLite opens as a database private to each connection: a second connection (the
# appender) would write to another, empty database, so these keep the one connection.
PRIVATE = (":memory:", "")

# The version-checked move of a game's row (migration 0007): it matches only when the game is
# still at the version the request was checked against and keeps its status, so the common
# request leaves the indexed `status` column alone (naming it in SET, even unchanged, rewrites
# its index page: two pages to the WAL per commit instead of one, measured). No match: the status
# changes (the game ends, undo reopens it), or the request is stale, or the game was ended.
MOVE = "UPDATE games SET version = ?, snapshot = ? WHERE id = ? AND version = ? AND status = ?"
MOVE_STATUS = (
    "UPDATE games SET version = ?, snapshot = ?, status = ?, "
    "finished_at = CASE WHEN ? = 'finished' THEN ? END "
    "WHERE id = ? AND version = ? AND status <> 'abandoned'"
)
TAKE_BACK = "DELETE FROM events WHERE game_id = ? AND seq = ?"  # a refused request's own event
INSERT_EVENT = (
    "INSERT INTO events (game_id, seq, recorded_at, recorded_by, request, changes) "
    "VALUES (?, ?, ?, ?, ?, ?)"
)


class SqliteStore(GameStore):
    """Games, seats, event log and snapshots in one SQLite file (WAL mode)."""

    def __init__(
        self,
        db: aiosqlite.Connection,
        opened: Opened | None = None,
        appender: sqlite3.Connection | None = None,
        identity: Identity | None = None,
        busy_timeout_ms: int = 5000,
    ) -> None:
        super().__init__(opened or Opened(path=":memory:", version_before=LATEST, version=LATEST))
        self._db = db
        # The groups' own connection, used only by the writer thread (None for a database
        # private to its connection, PRIVATE: groups then go through aiosqlite's thread).
        self._appender = appender
        self._writer_thread = WriterThread("totembot-sqlite-writer")
        self._identity = identity  # the file opened; None for a database with no file
        self._gone_logged = False
        self._write = asyncio.Lock()  # the group writer and every other write, one at a time
        self._pending: list[Pending] = []
        self._writer: asyncio.Task[None] | None = None
        self._closed = False
        self._checkpoint: asyncio.Task[None] | None = None
        self._since_checkpoint = 0
        self._checkpoints_started = 0
        self._checkpointer: sqlite3.Connection | None = None  # opened at the first checkpoint
        # The results backlog's own connection, used only by the writer thread (opened at its
        # first batch): see `_save_results`.
        self._results_writer: sqlite3.Connection | None = None
        self._busy_timeout_ms = busy_timeout_ms
        self.group_commits = 0  # transactions the group writer committed (tests count them)
        self.checkpoints = 0  # WAL checkpoints run for the appender (tests count them)

    @classmethod
    async def connect(cls, path: str | Path, busy_timeout_ms: int = 5000) -> SqliteStore:
        """Open (creating if needed) and migrate the file.

        An existing database that needs migrating is first copied to `<database>.v<N>.bak`,
        so an upgrade can be rolled back.
        """
        folder = Path(path).parent
        if str(path) != ":memory:" and not folder.is_dir():
            raise StoreError(f"The database {path} cannot be opened: {folder} is not a folder.")
        try:
            db = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as error:
            await asyncio.sleep(0.05)  # let aiosqlite's worker thread stop while the loop runs
            raise StoreError(f"The database {path} cannot be opened ({error}).") from error
        try:
            for pragma in PRAGMAS:
                await db.execute(pragma)
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            before = await schema_version(db)
            if before > LATEST:  # an older totembot must not write what it cannot read
                raise StoreError(
                    f"The database {path} has schema version {before}, newer than this "
                    f"totembot knows ({LATEST}): upgrade totembot."
                )
            backup = None
            if str(path) != ":memory:" and 0 < before < LATEST:
                backup = await asyncio.to_thread(pre_migration_copy, Path(path), before)
            version = await migrate(db)
            appender = None if str(path) in PRIVATE else open_appender(path, busy_timeout_ms)
            identity = None if str(path) in PRIVATE else identity_of(path)
        except sqlite3.Error as error:
            await db.close()
            raise StoreError(f"The database {path} cannot be used ({error}).") from error
        except BaseException:
            await db.close()
            raise
        opened = Opened(str(path), before, version, backup)
        return cls(db, opened, appender, identity, busy_timeout_ms)

    async def close(self) -> None:
        """Commit the appends already made (each caller still gets its answer), then close."""
        await self.backlog.stop()  # after its batch under way
        self._closed = True
        if self._writer is not None:
            await asyncio.wait([self._writer])
        if self._checkpoint is not None:
            await asyncio.wait([self._checkpoint])
        async with self._write:  # a transaction still running ends first
            for pending in self._pending:  # left by a writer cancelled before their turn
                pending.answer_with(StoreError(CLOSED))
            self._pending = []
            if self._results_writer is not None:
                await self._in_writer_thread(self._results_writer.close)
            if self._appender is not None:  # closed by its own thread, after its last group
                await self._in_writer_thread(self._appender.close)
            self._writer_thread.stop()
            if self._checkpointer is not None:
                self._checkpointer.close()
            await self._db.close()

    async def _all(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """A read in one step on the connection's thread: no statement stays open while a
        write queued behind it runs (an open read would make SQLite refuse that write at once
        instead of waiting for another program's lock)."""
        return [tuple(row) for row in await self._db.execute_fetchall(query, params)]

    async def _game_and_seats(
        self, game_id: int
    ) -> tuple[tuple[Any, ...] | None, list[tuple[Any, ...]]]:
        return await self._on_connection(game_and_seats, game_id)

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[None]:
        """One writer at a time on this connection; SQLite's failures become clear sentences."""
        async with self._write:
            try:
                yield
            except DatabaseGone as gone:
                self._log_gone(gone)
                raise
            except sqlite3.IntegrityError:
                raise
            except sqlite3.DatabaseError as error:
                raise storage_problem(error) from error

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._writing():
            try:
                await self._on_connection(self._begin, None)
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                # Queued on the connection's thread after any statement still running there (a
                # cancelled caller's BEGIN runs all the same), so no transaction is left open.
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await self._on_connection(rollback_if_open, None)
                raise

    async def create_game(self, game: NewGame) -> StoredGame:
        async with self._transaction() as db:
            await db.execute("DELETE FROM lobbies WHERE channel_id = ?", (game.channel_id,))
            if await self._active_id(game.channel_id) is not None:
                raise ChannelBusy("This channel already has a game: end it before a new one.")
            game_id = await _insert_game(db, game, "active")
        return await self.load(game_id)

    async def create_games(self, games: list[NewGame], status: str = "active") -> None:
        async with self._transaction() as db:
            for game in games:
                await _insert_game(db, game, status)

    async def append(
        self, game_id: int, expected_version: int, record: EventRecord, state: GameState
    ) -> int:
        """Queue the event for the group writer; returns once its group has committed.

        The rows are made here, on the event loop, so the writer's transaction only writes;
        the request that ends a game brings the game's results, written in its transaction.
        """
        if self._closed:
            raise StoreError(CLOSED)
        version = expected_version + 1
        made = await self._made_at_end(game_id, version, state, record)
        row = (*event_row(game_id, version, record, state), made)
        if self._alone():
            return await self._commit_alone(row)
        pending = Pending(row, asyncio.get_running_loop().create_future())
        self._pending.append(pending)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_groups())
        return await pending.answer

    def _alone(self) -> bool:
        """Nothing else could join this append's group: no write under way or queued, and
        nothing else ready to run on the loop (read from asyncio's ready queue, where the loop
        has one; appends started together then share a group)."""
        if self._appender is None or self._write.locked() or self._pending:
            return False
        ready = getattr(asyncio.get_running_loop(), "_ready", None)
        return ready is not None and len(ready) == 0

    async def _commit_alone(self, row: tuple[Any, ...]) -> int:
        """No write under way or queued: this append is a group of one, committed at once by
        its caller (no writer task, no turns of the loop waiting for one). Appends arriving
        meanwhile queue for the group writer, which waits for the write lock."""
        async with self._write:
            (outcome,) = await self._group_outcomes([row])
        return answer(outcome)

    async def _write_groups(self) -> None:
        """Commit what is pending, one group at a time, until nothing is."""
        while self._pending:
            async with self._write:
                group = [pending for pending in self._pending if not pending.answer.done()]
                self._pending = []
                if group:
                    await self._commit(group)

    async def _commit(self, group: list[Pending]) -> None:
        """One transaction for the group on the appender, then the answers: each
        request's version or its own refusal, or for all the storage sentence when the
        transaction failed (nothing of it was committed, so nothing is acknowledged)."""
        try:
            outcomes = await self._group_outcomes([pending.row for pending in group])
        except BaseException:  # the writer is cancelled (the loop is closing): so are its callers,
            for pending in group:  # rather than told an outcome it no longer waits for
                pending.answer.cancel()
            raise
        for pending, outcome in zip(group, outcomes, strict=True):
            pending.answer_with(outcome)

    async def _group_outcomes(self, rows: list[tuple[Any, ...]]) -> list[int | StoreError]:
        """One transaction for the rows (the caller holds the write lock): each row's version
        or its own refusal, or for all the storage sentence when the transaction failed."""
        try:
            outcomes = await self._on_appender(commit_group, rows)
        except DatabaseGone as gone:
            self._log_gone(gone)
            return [DatabaseGone(str(gone)) for _ in rows]
        except ValueError as error:  # aiosqlite says so when the connection is closed
            closed = self._db._connection is None
            problem = StoreError(CLOSED) if closed else storage_problem(error)
            return [chained(problem, error) for _ in rows]
        except Exception as error:  # the transaction was rolled back
            return [chained(storage_problem(error), error) for _ in rows]
        self._committed()
        return outcomes

    def _committed(self) -> None:
        self.group_commits += 1
        self._checkpoint_now_and_then()

    def _checkpoint_now_and_then(self) -> None:
        """Every CHECKPOINT_EVERY groups, a checkpoint in a worker thread, one at a time."""
        self._since_checkpoint += 1
        running = self._checkpoint is not None and not self._checkpoint.done()
        if self._appender is None or running or self._since_checkpoint < CHECKPOINT_EVERY:
            return
        if self._closed:  # close() has waited for the last one: none may start after it
            return
        self._since_checkpoint = 0
        self._checkpoints_started += 1
        restart = self._checkpoints_started % RESTART_EVERY == 0
        self._checkpoint = asyncio.create_task(self._passive_checkpoint(restart))

    async def _passive_checkpoint(self, restart: bool) -> None:
        """Copy the WAL's frames into the database file on a connection of its own, in a
        worker thread, while groups go on being written (a request does not wait for it).
        Frames written meanwhile stay in the WAL, so it cannot start over; every RESTART_EVERY
        checkpoints, one holds the write lock so that every frame is copied and the next write
        starts the WAL over instead of growing it."""
        try:
            if self._checkpointer is None:
                self._checkpointer = await asyncio.to_thread(open_checkpointer, self.opened.path)
            async with self._write if restart else contextlib.nullcontext():
                done = await asyncio.to_thread(checkpoint, self._checkpointer)
        except sqlite3.Error as error:  # the next one will try again
            log.warning("A checkpoint of the database's WAL failed (%s).", error)
            return
        if done:
            self.checkpoints += 1

    async def _on_appender(self, work: Callable[[sqlite3.Connection, T], R], arg: T) -> R:
        """`work(connection, arg)`, one transaction of the appender's, in the writer thread
        (the caller holds the write lock), once the file is known to be still there. The
        loop's thread waits for it at most `writer_thread.BRIEF_WAIT`, then goes on, however
        long the disk or another program's lock takes."""
        if self._appender is None:
            return await self._on_connection(work, arg)
        appender = self._appender

        def checked_work() -> R:
            self._require_file()
            return work(appender, arg)

        return await self._in_writer_thread(checked_work, briefly=True)

    async def _in_writer_thread(self, work: Callable[[], R], briefly: bool = False) -> R:
        """`work()` in the writer thread; `briefly`, a commit a request waits for, may be
        waited for on the loop's thread for a moment (`writer_thread.BRIEF_WAIT`)."""
        return await self._writer_thread.run(work, briefly)

    def _require_file(self) -> None:
        """Raises DatabaseGone unless the configured path still leads to the file opened (a
        stat, a few microseconds, run where the write runs: off the loop's thread)."""
        if self._identity is None:
            return
        try:
            now = identity_of(self.opened.path)
        except OSError:
            now = None
        if now != self._identity:
            raise DatabaseGone(
                f"The database file {self.opened.path} is no longer there (moved or deleted "
                "while totembot ran), so nothing was recorded: put it back and restart totembot."
            )

    def _begin(self, db: sqlite3.Connection, _: None) -> None:
        """BEGIN IMMEDIATE on aiosqlite's thread, once the file is known to be still there."""
        self._require_file()
        db.execute("BEGIN IMMEDIATE")

    def _log_gone(self, gone: DatabaseGone) -> None:
        """Critical, and once: every write after it is refused the same way."""
        if not self._gone_logged:
            self._gone_logged = True
            log.critical("%s", gone)

    async def _on_connection(self, work: Callable[[sqlite3.Connection, T], R], arg: T) -> R:
        """Run `work(connection, arg)` on aiosqlite's thread, in one hop: the whole group's
        statements cost one round trip instead of one each. aiosqlite has no public call for
        this; `_execute` is how its own methods reach the thread (the group tests would fail
        if it changed)."""
        connection = self._db._conn  # only ever used on that thread
        result: R = await self._db._execute(work, connection, arg)  # type: ignore[no-untyped-call]
        return result

    async def floor_commit(self, game_id: int, seq: int, at: str) -> None:
        """The floor goes the appends' way: one autocommitted row on the appender."""
        if self._closed:
            raise StoreError(CLOSED)
        async with self._writing():
            await self._on_appender(floor_row, (game_id, seq, at))
            self._checkpoint_now_and_then()

    async def abandon(self, game_id: int, at: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET status = 'abandoned', finished_at = ? WHERE id = ?",
                (at, game_id),
            )

    async def set_lobby_deck(self, channel_id: str, user_id: str, deck: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO lobby_decks (channel_id, user_id, deck) VALUES (?, ?, ?)",
                (channel_id, user_id, deck),
            )

    async def add_link(self, token_hash: str, channel_id: str, at: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO web_links (token_hash, channel_id, created_at) VALUES (?, ?, ?)",
                (token_hash, channel_id, at),
            )
            await db.execute(KEEP_NEWEST_LINKS, (channel_id, channel_id, LINKS_KEPT))

    async def drop_links(self, channel_id: str) -> int:
        async with self._transaction() as db:
            cursor = await db.execute("DELETE FROM web_links WHERE channel_id = ?", (channel_id,))
            return cursor.rowcount

    async def open_lobby(self, lobby: Lobby) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM lobby_decks WHERE channel_id = ?", (lobby.channel_id,))
            await db.execute(
                "INSERT OR REPLACE INTO lobbies (channel_id, guild_id, host, options, seats, "
                "message_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                lobby_row(lobby),
            )

    async def update_lobby(self, lobby: Lobby) -> bool:
        _channel, _guild, _host, options, seats, message_id, _created = lobby_row(lobby)
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE lobbies SET options = ?, seats = ?, message_id = ? WHERE channel_id = ?",
                (options, seats, message_id, lobby.channel_id),
            )
            return cursor.rowcount == 1

    async def delete_lobby(self, channel_id: str) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM lobbies WHERE channel_id = ?", (channel_id,))

    async def save_clock(self, clock: Clock) -> None:
        async with self._transaction() as db:
            await db.execute(SAVE_CLOCK, clock_row(clock))

    async def delete_clock(self, channel_id: str) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM clocks WHERE channel_id = ?", (channel_id,))

    async def save_turn_times(self, game_id: int, version: int, times: list[SeatTimes]) -> None:
        async with self._transaction() as db:
            await db.execute(DELETE_TURN_TIMES, (game_id,))
            await db.executemany(INSERT_TURN_TIMES, turn_time_rows(game_id, version, times))

    async def set_status_message(
        self, game_id: int, message_id: str | None, shows_version: int | None = None
    ) -> None:
        """One autocommitted row on the appender, as the requests' groups go: a status edit
        falls due every other request on a busy table, and three hops to aiosqlite's thread
        (BEGIN, UPDATE, COMMIT) cost more than the row."""
        if self._closed:
            raise StoreError(CLOSED)
        async with self._writing():
            await self._on_appender(status_row, (message_id, shows_version, game_id))

    async def save_placings(self, made: Sequence[MadePlacing]) -> int:
        written = 0
        async with self._transaction() as db:
            for game_id, version, names, placing in made:
                cursor = await db.execute(placings.MARK_PLACED, (version, game_id, version))
                if cursor.rowcount != 1:
                    continue  # it moved on: its next placing is made from its new version
                await db.execute(placings.DELETE, (game_id,))
                rows = placings.placing_rows(game_id, names, placing)
                await db.executemany(placings.INSERT, rows)
                written += 1
        return written

    async def _save_results(self, made: MadeResults) -> None:
        """A backlog's batch in one hop to the writer thread, so the write lock is held for
        its statements only (about 0.3 ms for a batch of 30; a request's group goes just
        before or just after it).

        On a connection of its own whose commits do not wait for the disk (`synchronous =
        NORMAL`): results are a cache of the games, and a crash that loses the last batches
        loses their `results_version` with them (one transaction), so they are made again.
        The next request's commit, durable, makes them durable with it (WAL order)."""
        if self._closed:
            raise StoreError(CLOSED)
        if self._appender is None:  # a private database: its one connection
            async with self._writing():
                await self._on_connection(save_results, made)
            return
        if self._results_writer is None:  # opened before the lock is taken
            path, busy = self.opened.path, self._busy_timeout_ms
            self._results_writer = await asyncio.to_thread(open_results_writer, path, busy)
        writer = self._results_writer
        async with self._writing():
            await self._in_writer_thread(lambda: self._save_on(writer, made))
            self._checkpoint_now_and_then()

    def _save_on(self, writer: sqlite3.Connection, made: MadeResults) -> None:
        """In the writer thread, once the file is known to be still there."""
        self._require_file()
        save_results(writer, made)


@dataclass(frozen=True)
class Pending:
    """An append waiting for its group: its row, and the future its caller awaits."""

    row: tuple[Any, ...]
    answer: asyncio.Future[int]

    def answer_with(self, outcome: int | StoreError) -> None:
        if self.answer.done():  # its caller stopped waiting (cancelled)
            return
        if isinstance(outcome, StoreError):
            self.answer.set_exception(outcome)
        else:
            self.answer.set_result(outcome)


def answer(outcome: int | StoreError) -> int:
    if isinstance(outcome, StoreError):
        raise outcome
    return outcome


def open_appender(path: str | Path, busy_timeout_ms: int) -> sqlite3.Connection:
    """The groups' connection, used only by the store's writer thread, one write at a time
    (the store's write lock); opened on the caller's thread, hence no thread check."""
    busy = f"PRAGMA busy_timeout = {int(busy_timeout_ms)}"  # SQLite waits, in that thread
    # Checkpoints: a worker thread's (CHECKPOINT_EVERY), never the writer's.
    return connected(path, (*PRAGMAS, busy, "PRAGMA wal_autocheckpoint = 0"))


def open_results_writer(path: str | Path, busy_timeout_ms: int) -> sqlite3.Connection:
    """The results backlog's connection (see `SqliteStore._save_results`), used only by the
    store's writer thread under the write lock; it never checkpoints, as the appender."""
    return connected(
        path,
        (
            "PRAGMA journal_mode = WAL",
            "PRAGMA synchronous = NORMAL",  # a cache: made again if a crash loses it
            "PRAGMA foreign_keys = ON",
            f"PRAGMA busy_timeout = {int(busy_timeout_ms)}",
            "PRAGMA wal_autocheckpoint = 0",
        ),
    )


def identity_of(path: str | Path) -> Identity:
    found = os.stat(path)
    return (found.st_dev, found.st_ino)


def open_checkpointer(path: str) -> sqlite3.Connection:
    """The checkpoints' connection: never in a transaction, used by one worker thread at a
    time (the store runs one checkpoint at a time)."""
    return connected(path, ("PRAGMA journal_mode = WAL",))


def connected(path: str | Path, pragmas: tuple[str, ...]) -> sqlite3.Connection:
    """A plain connection in autocommit mode, usable from another thread than its opener's."""
    db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    try:
        for pragma in pragmas:
            db.execute(pragma)
    except BaseException:
        db.close()
        raise
    return db


def checkpoint(db: sqlite3.Connection) -> bool:
    """A passive checkpoint; whether it ran (SQLite answers busy while another runs one)."""
    first = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return first is not None and first[0] == 0


def rollback_if_open(db: sqlite3.Connection, _: None) -> None:
    if db.in_transaction:
        db.execute("ROLLBACK")


def floor_row(db: sqlite3.Connection, row: tuple[int, int, str]) -> None:
    db.execute(FLOOR_ROW, row)


def status_row(db: sqlite3.Connection, row: tuple[str | None, int | None, int]) -> None:
    db.execute("UPDATE games SET status_message_id = ?, status_version = ? WHERE id = ?", row)


def game_and_seats(
    db: sqlite3.Connection, game_id: int
) -> tuple[tuple[Any, ...] | None, list[tuple[Any, ...]]]:
    """A game's row and its seats' rows, read in one visit to aiosqlite's thread."""
    game = db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
    return game, db.execute(SEATS_OF_GAME, (game_id,)).fetchall()


def chained(error: StoreError, cause: BaseException) -> StoreError:
    error.__cause__ = cause
    return error


def commit_group(db: sqlite3.Connection, rows: list[tuple[Any, ...]]) -> list[int | StoreError]:
    """One transaction for the group. A refused request leaves nothing of itself (see
    `_write_event`) and is answered with its error; any other failure, the COMMIT's included,
    rolls the whole transaction back and is raised."""
    return in_transaction(db, lambda: [_write_event(db, row) for row in rows])


def save_results(db: sqlite3.Connection, made: MadeResults) -> None:
    """One transaction for a backlog's batch of results."""
    in_transaction(db, lambda: write_results(db, made))


def in_transaction(db: sqlite3.Connection, work: Callable[[], R]) -> R:
    """`work()` in one IMMEDIATE transaction, committed; rolled back and raised on failure."""
    rollback_if_open(db, None)  # only if a failed ROLLBACK ever left one: never build on it
    db.execute("BEGIN IMMEDIATE")
    try:
        done = work()
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise
    return done


def write_results(db: sqlite3.Connection, made: MadeResults) -> None:
    """Each game's result rows, replacing older ones, unless the game moved on since they
    were made (MARK_MADE then matches nothing) or another writer made them already."""
    for game_id, version, result in made:
        if db.execute(results.MARK_MADE, results.mark_made(game_id, version, result)).rowcount:
            db.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
            db.executemany(results.INSERT, results.rows_of(game_id, result))


def _write_event(db: sqlite3.Connection, row: tuple[Any, ...]) -> int | StoreError:
    """Append the event (its changes only), then move the game's row forward, version checked
    (the games row holds the one current snapshot), and write the results of a game it ends.

    Each statement is atomic on its own, so no savepoint is needed: an event that clashes (a
    row at that seq already: another writer's) was never inserted, and when the game's row
    does not match (stale, or ended) the event just inserted is deleted again."""
    game_id, seq, at, by, request, changes, _snapshot, _status, made = row
    try:
        db.execute(INSERT_EVENT, (game_id, seq, at, by, request, changes))
    except sqlite3.IntegrityError as error:  # stale, unless the game has been ended since
        return chained(_why_not_moved(db, game_id), error)
    refusal: StoreError | None = None
    try:
        if not _move_game(db, row):
            refusal = _why_not_moved(db, game_id)
    except sqlite3.IntegrityError as error:
        refusal = chained(StaleState(STALE), error)
    if refusal is not None:
        db.execute(TAKE_BACK, (game_id, seq))
        return refusal
    write_results(db, made)
    return int(seq)


def _move_game(db: sqlite3.Connection, row: tuple[Any, ...]) -> int:
    """Rows moved (0 or 1): the common request keeps its status (MOVE), others MOVE_STATUS."""
    game_id, seq, at, _by, _request, _changes, snapshot, status, _made = row
    moved = db.execute(MOVE, (seq, snapshot, game_id, seq - 1, status)).rowcount
    if moved == 0:
        moved = db.execute(
            MOVE_STATUS, (seq, snapshot, status, status, at, game_id, seq - 1)
        ).rowcount
    return int(moved)


def _why_not_moved(db: sqlite3.Connection, game_id: int) -> StoreError:
    found = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
    return StoreError(ENDED) if found and found[0] == "abandoned" else StaleState(STALE)


async def _insert_game(db: aiosqlite.Connection, game: NewGame, status: str) -> int:
    cursor = await db.execute(
        f"INSERT INTO games ({INSERT_GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        game_row(game, status),
    )
    game_id = cursor.lastrowid
    assert game_id is not None
    await db.executemany(INSERT_SEAT, seat_rows(game_id, game.seats))
    return game_id


def storage_problem(error: Exception) -> StoreError:
    """The sentence a user sees when the database refuses a write."""
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return StoreError(
            "The database is busy (another program is writing to it): nothing was recorded, "
            "please try again."
        )
    if "readonly" in text or "read-only" in text:
        return StoreError(
            "The database is read-only, so nothing was recorded: check the file's permissions."
        )
    if "full" in text:
        return StoreError("The disk is full, so nothing was recorded: free some space.")
    return StoreError(f"The database could not be written ({error}): nothing was recorded.")
