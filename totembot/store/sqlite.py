"""GameStore: the only code that writes SQL. Events and snapshots commit together."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from totembot.ruleset import GameConfig, GameEvent, GameRequest, GameState
from totembot.ruleset.registry import ruleset_of
from totembot.store import results
from totembot.store.backup import pre_migration_copy
from totembot.store.errors import ChannelBusy, GameCorrupt, StaleState, StoreError
from totembot.store.migrate import LATEST, migrate, schema_version
from totembot.store.results import ResultRow

PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = FULL",  # a reply is sent only after the commit is on disk
    "PRAGMA foreign_keys = ON",
)


@dataclass(frozen=True)
class Seat:
    display_name: str
    user_id: str | None = None
    guest_name: str | None = None
    team: int | None = None  # in a lobby of a team format: the team joined (1, 2, ...)


SEATS = TypeAdapter(tuple[Seat, ...])


class LobbyOptions(BaseModel):
    """How a lobby's game will be set up, before its seats are final."""

    model_config = ConfigDict(frozen=True)

    format: str = "totem"  # a name of `totembot.formats.FORMATS`
    life: int | None = None  # per totem, per player or per head, as the format counts it
    commander: bool = False
    house_rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lobby:
    channel_id: str
    host: str
    options: LobbyOptions
    seats: tuple[Seat, ...]
    created_at: str
    guild_id: str | None = None
    message_id: str | None = None


@dataclass(frozen=True)
class NewGame:
    channel_id: str
    host: str
    config: GameConfig
    initial: GameState
    seats: tuple[Seat, ...]
    created_at: str
    guild_id: str | None = None
    status_message_id: str | None = None  # only when importing a game already on show


@dataclass(frozen=True)
class StoredGame:
    id: int
    guild_id: str | None
    channel_id: str
    host: str
    status: str
    config: GameConfig
    version: int
    state: GameState
    seats: tuple[Seat, ...]
    status_message_id: str | None
    created_at: str


@dataclass(frozen=True)
class EventRecord:
    """One row of a game's append-only log."""

    seq: int
    recorded_at: str
    recorded_by: str
    request: GameRequest
    changes: Sequence[GameEvent]


GAME_COLUMNS = (
    "id, guild_id, channel_id, host, status, options, version, snapshot, status_message_id, "
    "created_at, format"
)


@dataclass(frozen=True)
class Opened:
    """What opening a database did: the log tells a self-hoster which file and what changed."""

    path: str
    version_before: int
    version: int
    backup: Path | None = None


class GameStore:
    """Games, seats, event log and snapshots in one SQLite file (WAL mode)."""

    def __init__(self, db: aiosqlite.Connection, opened: Opened | None = None) -> None:
        self._db = db
        self._write = asyncio.Lock()
        self._formats: dict[int, str] = {}  # game id -> format, read once
        self.opened = opened or Opened(path=":memory:", version_before=LATEST, version=LATEST)

    @classmethod
    async def open(cls, path: str | Path, busy_timeout_ms: int = 5000) -> GameStore:
        """Open (creating if needed) and migrate the database; the caller closes it.

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
            backup = None
            if str(path) != ":memory:" and 0 < before < LATEST:
                backup = await asyncio.to_thread(pre_migration_copy, Path(path), before)
            version = await migrate(db)
        except sqlite3.Error as error:
            await db.close()
            raise StoreError(f"The database {path} cannot be used ({error}).") from error
        except BaseException:
            await db.close()
            raise
        return cls(db, Opened(str(path), before, version, backup))

    async def close(self) -> None:
        await self._db.close()

    async def _all(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """A read in one step on the connection's thread: no statement stays open while a
        write queued behind it runs (an open read would make SQLite refuse that write at once
        instead of waiting for another program's lock)."""
        return [tuple(row) for row in await self._db.execute_fetchall(query, params)]

    async def _one(self, query: str, params: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
        rows = await self._all(query, params)
        return rows[0] if rows else None

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[None]:
        """One writer at a time on this connection; SQLite's failures become clear sentences."""
        async with self._write:
            try:
                yield
            except sqlite3.IntegrityError:
                raise
            except sqlite3.DatabaseError as error:
                raise storage_problem(error) from error

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._writing():
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        await self._db.execute("ROLLBACK")
                raise

    async def create_game(self, game: NewGame) -> StoredGame:
        """Insert a game with its seats and opening snapshot; one active game per channel.

        The channel's lobby, if any, is closed in the same transaction.
        """
        async with self._transaction() as db:
            await db.execute("DELETE FROM lobbies WHERE channel_id = ?", (game.channel_id,))
            if await self._active_id(game.channel_id) is not None:
                raise ChannelBusy("This channel already has a game: end it before a new one.")
            game_id = await _insert_game(db, game, "active")
        return await self.load(game_id)

    async def create_games(self, games: list[NewGame], status: str = "active") -> None:
        """Insert many games in one transaction (benchmark databases)."""
        async with self._transaction() as db:
            for game in games:
                await _insert_game(db, game, status)

    async def append(
        self,
        game_id: int,
        expected_version: int,
        record: EventRecord,
        state: GameState,
    ) -> int:
        """Append one event with the new snapshot; returns the new version.

        One INSERT, and so one transaction: database triggers (migration 0005) check the
        version and move the game's snapshot, version and status forward with it. Raises
        StaleState, writing nothing, when the game moved on since `expected_version`.
        """
        new_version = expected_version + 1
        status = "finished" if state.finished else "active"
        ruleset = ruleset_of(state.config.format)
        try:
            async with self._writing():
                await self._db.execute(
                    "INSERT INTO events (game_id, seq, recorded_at, recorded_by, request, "
                    "changes, snapshot, game_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        new_version,
                        record.recorded_at,
                        record.recorded_by,
                        ruleset.dump(record.request),
                        ruleset.dump_events(record.changes),
                        ruleset.dump(state),
                        status,
                    ),
                )
        except sqlite3.IntegrityError as error:
            if "game ended" in str(error):
                raise StoreError(
                    "This game has been ended: nothing more can be recorded."
                ) from error
            raise StaleState(
                "The game changed while this request was being checked: please send it again."
            ) from error
        return new_version

    async def floor_commit(self, game_id: int, seq: int, at: str) -> None:
        """The least durable work a request needs: one event row appended and committed.

        Only the benchmark calls this, to measure the floor that a real request is compared to.
        """
        async with self._writing():
            await self._db.execute(
                "INSERT INTO events (game_id, seq, recorded_at, recorded_by, request, changes) "
                "VALUES (?, ?, ?, 'bench', '{}', '[]')",
                (game_id, seq, at),
            )

    async def abandon(self, game_id: int, at: str) -> None:
        """The host ends a game early: it stays in the database, no longer active."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET status = 'abandoned', finished_at = ? WHERE id = ?",
                (at, game_id),
            )

    async def open_lobby(self, lobby: Lobby) -> None:
        """Create the channel's lobby, replacing one that was open there."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO lobbies (channel_id, guild_id, host, options, seats, "
                "message_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    lobby.channel_id,
                    lobby.guild_id,
                    lobby.host,
                    lobby.options.model_dump_json(),
                    SEATS.dump_json(lobby.seats).decode(),
                    lobby.message_id,
                    lobby.created_at,
                ),
            )

    async def update_lobby(self, lobby: Lobby) -> bool:
        """Save a changed lobby; False (nothing written) when it was closed meanwhile."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE lobbies SET options = ?, seats = ?, message_id = ? WHERE channel_id = ?",
                (
                    lobby.options.model_dump_json(),
                    SEATS.dump_json(lobby.seats).decode(),
                    lobby.message_id,
                    lobby.channel_id,
                ),
            )
            return cursor.rowcount == 1

    async def load_lobby(self, channel_id: str) -> Lobby | None:
        row = await self._one(
            "SELECT channel_id, guild_id, host, options, seats, message_id, created_at "
            "FROM lobbies WHERE channel_id = ?",
            (channel_id,),
        )
        if row is None:
            return None
        try:
            options = LobbyOptions.model_validate_json(row[3])
            seats = SEATS.validate_json(row[4])
        except (ValidationError, ValueError) as error:
            raise GameCorrupt("This channel's lobby cannot be read: start a new one.") from error
        return Lobby(
            channel_id=row[0],
            guild_id=row[1],
            host=row[2],
            options=options,
            seats=seats,
            message_id=row[5],
            created_at=row[6],
        )

    async def delete_lobby(self, channel_id: str) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM lobbies WHERE channel_id = ?", (channel_id,))

    async def set_status_message(
        self, game_id: int, message_id: str | None, shows_version: int | None = None
    ) -> None:
        """Remember the game's status message and which version of the game it shows."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET status_message_id = ?, status_version = ? WHERE id = ?",
                (message_id, shows_version, game_id),
            )

    async def stale_status_games(self) -> list[int]:
        """Active games whose status message is missing or shows an older version."""
        rows = await self._all(
            "SELECT id FROM games WHERE status = 'active' "
            "AND (status_version IS NULL OR status_version < version) ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def _active_id(self, channel_id: str) -> int | None:
        row = await self._one(
            "SELECT id FROM games WHERE channel_id = ? AND status = 'active'", (channel_id,)
        )
        return int(row[0]) if row else None

    async def current_id(self, channel_id: str) -> int | None:
        """The channel's latest game, unless it was abandoned (a finished one is open to undo)."""
        row = await self._one(
            "SELECT id, status FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return int(row[0]) if row and row[1] != "abandoned" else None

    async def load_current(self, channel_id: str) -> StoredGame | None:
        game_id = await self.current_id(channel_id)
        return None if game_id is None else await self.load(game_id)

    async def load(self, game_id: int) -> StoredGame:
        """One game with its snapshot; GameCorrupt names the game when its rows are unreadable."""
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise StoreError(f"There is no game number {game_id}.")
        seats = await self._seats(game_id)
        game = _game_from_row(row, seats)
        self._formats[game_id] = game.config.format
        return game

    async def load_with_log(self, game_id: int) -> tuple[StoredGame, list[EventRecord]]:
        """The game and its whole log at one version (a write may land between two reads:
        then both are read again)."""
        for _ in range(3):
            game = await self.load(game_id)
            log = await self.events(game_id)
            if len(log) == game.version:
                return game, log
        raise StaleState("The game is changing quickly: please ask again in a moment.")

    async def _seats(self, game_id: int) -> tuple[Seat, ...]:
        rows = await self._all(
            "SELECT display_name, user_id, guest_name FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return tuple(Seat(display_name=r[0], user_id=r[1], guest_name=r[2]) for r in rows)

    async def events(self, game_id: int, newest: int | None = None) -> list[EventRecord]:
        """The game's log in order (or its `newest` rows), for undo, history and replay."""
        query = (
            "SELECT seq, recorded_at, recorded_by, request, changes FROM events "
            "WHERE game_id = ? ORDER BY seq"
        )
        params: tuple[Any, ...] = (game_id,)
        if newest is not None:
            query = f"SELECT * FROM ({query} DESC LIMIT ?) ORDER BY seq"
            params = (game_id, newest)
        ruleset = ruleset_of(await self._format_of(game_id))
        rows = await self._all(query, params)
        try:
            return [
                EventRecord(
                    seq=row[0],
                    recorded_at=row[1],
                    recorded_by=row[2],
                    request=ruleset.load_request(row[3]),
                    changes=ruleset.load_events(row[4]),
                )
                for row in rows
            ]
        except (ValidationError, ValueError) as error:
            raise GameCorrupt(
                f"Game {game_id}'s history cannot be read, so it cannot be undone or rebuilt."
            ) from error

    async def _format_of(self, game_id: int) -> str:
        """The game's format, which says how its rows are read (it never changes)."""
        known = self._formats.get(game_id)
        if known is None:
            row = await self._one("SELECT format FROM games WHERE id = ?", (game_id,))
            known = self._formats[game_id] = str(row[0]) if row and row[0] else "totem"
        return known

    async def results(
        self, guild_id: str | None = None, game_format: str | None = None
    ) -> list[ResultRow]:
        """Every seat of every finished game (of one server, one format), for statistics.

        Games finished since the last call have their results made first, in one transaction.
        """
        await self._make_results()
        rows = await self._all(results.READ, (guild_id, game_format))
        return [results.result_row(row) for row in rows]

    async def _make_results(self) -> None:
        needing = await self._all(results.NEEDING)
        if not needing:
            return
        made = await asyncio.to_thread(results.results_of, needing)
        async with self._transaction() as db:
            for game_id, version, result in made:
                await results.save_result(db, game_id, version, result)

    async def game_ids(self, status: str | None = None) -> list[int]:
        query = "SELECT id FROM games WHERE ? IS NULL OR status = ? ORDER BY id"
        rows = await self._all(query, (status, status))
        return [int(row[0]) for row in rows]


async def _insert_game(db: aiosqlite.Connection, game: NewGame, status: str) -> int:
    ruleset = ruleset_of(game.config.format)
    cursor = await db.execute(
        "INSERT INTO games (guild_id, channel_id, host, format, options, status, created_at, "
        "version, snapshot, status_message_id, status_version) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
        (
            game.guild_id,
            game.channel_id,
            game.host,
            game.config.format,
            ruleset.dump(game.config),
            status,
            game.created_at,
            ruleset.dump(game.initial),
            game.status_message_id,
            None if game.status_message_id is None else 0,
        ),
    )
    game_id = cursor.lastrowid
    assert game_id is not None
    await db.executemany(
        "INSERT INTO seats (game_id, seat, user_id, guest_name, display_name) "
        "VALUES (?, ?, ?, ?, ?)",
        [
            (game_id, index, seat.user_id, seat.guest_name, seat.display_name)
            for index, seat in enumerate(game.seats)
        ],
    )
    return game_id


def storage_problem(error: sqlite3.DatabaseError) -> StoreError:
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


def _game_from_row(row: tuple[Any, ...], seats: tuple[Seat, ...]) -> StoredGame:
    game_id = int(row[0])
    ruleset = ruleset_of(row[10] or "totem")
    try:
        config = ruleset.load_config(row[5])
        state = ruleset.load_state(row[7])
    except (ValidationError, ValueError, TypeError) as error:
        raise GameCorrupt(
            f"Game {game_id} cannot be read from the database (its saved state is damaged)."
        ) from error
    return StoredGame(
        id=game_id,
        guild_id=row[1],
        channel_id=row[2],
        host=row[3],
        status=row[4],
        config=config,
        version=int(row[6]),
        state=state,
        seats=seats,
        status_message_id=row[8],
        created_at=row[9],
    )
