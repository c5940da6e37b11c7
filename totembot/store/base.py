"""GameStore: what the service asks of a database, with the reads both backends share.

The service and everything above it talk to this class only; `open_store`
(`store/opening.py`) picks SQLite for a file path and PostgreSQL for a `postgresql://` URL.
Each backend writes its own SQL for the writes (how it refuses a stale version differs); the
reads below are plain SQL both run, written with `?` placeholders that the PostgreSQL backend
numbers.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from pydantic import ValidationError

from totembot.core import GameState
from totembot.core.story import Placing
from totembot.core.telling import StoredLine
from totembot.games.registry import ruleset_of
from totembot.store import placings, results
from totembot.store.backlog import Progress, Queries, ResultsBacklog
from totembot.store.errors import GameCorrupt, StaleState, StoreError
from totembot.store.model import (
    SEATS,
    Clock,
    EventRecord,
    Lobby,
    LobbyOptions,
    NewGame,
    Opened,
    Seat,
    StoredGame,
)
from totembot.store.placings import MadePlacing, PlacedRow
from totembot.store.results import MadeResults, ResultRow

T = TypeVar("T")

GAME_COLUMNS = (
    "id, guild_id, channel_id, host, status, options, version, snapshot, status_message_id, "
    "created_at, format"
)
SEATS_OF_GAME = (
    "SELECT display_name, user_id, guest_name FROM seats WHERE game_id = ? ORDER BY seat"
)


def seats_of(rows: list[tuple[Any, ...]]) -> tuple[Seat, ...]:
    return tuple(Seat(display_name=r[0], user_id=r[1], guest_name=r[2]) for r in rows)


ENDED = "This game has been ended: nothing more can be recorded."
LINKS_KEPT = 50  # addresses per channel: asking again and again cannot fill the disk
STALE = "The game changed while this request was being checked: please send it again."


class GameStore(ABC):
    """Games, seats, event log, snapshots, lobbies and results in one database."""

    opened: Opened
    announces_changes = False  # whether other processes share the database (and its news)
    backlog_queries = Queries()  # the backend's queries for games lacking results

    def __init__(self, opened: Opened) -> None:
        self.opened = opened
        self._formats: dict[int, str] = {}  # game id -> format, read once
        # Finished games whose results were never made, worked off in the background.
        self.backlog = ResultsBacklog(self._all, self._save_results, self.backlog_queries)

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def _all(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Every row of a read, fetched in one step (the query uses `?` placeholders)."""

    async def _one(self, query: str, params: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
        rows = await self._all(query, params)
        return rows[0] if rows else None

    # -- writes: each one transaction ---------------------------------------------------------

    @abstractmethod
    async def create_game(self, game: NewGame) -> StoredGame:
        """Insert a game with its seats and opening snapshot; one active game per channel
        (ChannelBusy otherwise). The channel's lobby, if any, is closed in the same transaction.
        """

    @abstractmethod
    async def create_games(self, games: list[NewGame], status: str = "active") -> None:
        """Insert many games in one transaction (benchmark databases)."""

    @abstractmethod
    async def append(
        self, game_id: int, expected_version: int, record: EventRecord, state: GameState
    ) -> int:
        """Append one event and move the game's snapshot with it; returns the new version.

        The database itself refuses a write based on a stale version: StaleState, nothing
        written, when the game moved on since `expected_version`; StoreError when it was ended.
        """

    @abstractmethod
    async def floor_commit(self, game_id: int, seq: int, at: str) -> None:
        """The least durable work a request needs: one event row appended and committed
        (the benchmark's floor)."""

    @abstractmethod
    async def abandon(self, game_id: int, at: str) -> None:
        """The host ends a game early: it stays in the database, no longer active."""

    @abstractmethod
    async def open_lobby(self, lobby: Lobby) -> None:
        """Create the channel's lobby, replacing one that was open there."""

    @abstractmethod
    async def update_lobby(self, lobby: Lobby) -> bool:
        """Save a changed lobby; False (nothing written) when it was closed meanwhile."""

    @abstractmethod
    async def delete_lobby(self, channel_id: str) -> None: ...

    @abstractmethod
    async def set_lobby_deck(self, channel_id: str, user_id: str, deck: str) -> None:
        """The deck a member will play in the game of the channel's lobby (replacing one)."""

    @abstractmethod
    async def set_status_message(
        self, game_id: int, message_id: str | None, shows_version: int | None = None
    ) -> None:
        """Remember the game's status message and which version of the game it shows."""

    async def save_results(self, made: MadeResults) -> None:
        """Write results made outside the store (the bench's games, stored without a log)."""
        await self._save_results(made)

    @abstractmethod
    async def save_clock(self, clock: Clock) -> None:
        """Create or replace the channel's turn clock."""

    @abstractmethod
    async def delete_clock(self, channel_id: str) -> None:
        """The channel's turn clock is stopped (nothing happens when it had none)."""

    @abstractmethod
    async def save_turn_times(self, game_id: int, version: int, times: list[SeatTimes]) -> None:
        """A finished game's turn times per seat, timed at `version`, replacing any before."""

    @abstractmethod
    async def _save_results(self, made: MadeResults) -> None:
        """Replace each game's result rows in one short transaction (a backlog's batch),
        unless it moved on meanwhile."""

    @abstractmethod
    async def save_placings(self, made: Sequence[MadePlacing]) -> int:
        """Replace finished games' placing rows, each made from the game at its version, in
        one transaction; a game that moved on meanwhile is left out. Returns how many were
        written."""

    async def save_placing(
        self, game_id: int, version: int, names: Sequence[str], placing: Placing
    ) -> bool:
        """One game's placing; False (nothing written) when the game moved on meanwhile."""
        return await self.save_placings([(game_id, version, tuple(names), placing)]) == 1

    # -- the live page's addresses (issue 31): kept as hashes only ----------------------------

    @abstractmethod
    async def add_link(self, token_hash: str, channel_id: str, at: str) -> None:
        """Keep one more address of a channel's page (the newest LINKS_KEPT stay)."""

    @abstractmethod
    async def drop_links(self, channel_id: str) -> int:
        """Forget every address of a channel's page at once; how many there were."""

    async def link_channel(self, token_hash: str) -> str | None:
        """The channel whose page this hashed token opens, or None (never was, or reset)."""
        row = await self._one(
            "SELECT channel_id FROM web_links WHERE token_hash = ?", (token_hash,)
        )
        return str(row[0]) if row else None

    async def link_hashes(self, channel_id: str) -> set[str]:
        rows = await self._all(
            "SELECT token_hash FROM web_links WHERE channel_id = ?", (channel_id,)
        )
        return {str(row[0]) for row in rows}

    async def announce(self, channel_id: str, what: str = "game") -> None:
        """Tell other processes on this database that a channel's game (or its addresses)
        changed. One process owns a SQLite file, so there is nobody to tell."""
        return None

    async def watch(self, heard: Callable[[str, str], None]) -> Callable[[], Awaitable[None]]:
        """Call `heard(channel_id, what)` for each change another process announces; returns
        the function that stops listening. SQLite: nothing is ever heard."""

        async def stop() -> None:
            return None

        return stop

    # -- reads ------------------------------------------------------------------------------

    async def lobby_decks(self, channel_id: str) -> dict[str, str]:
        """The decks named in the channel's lobby, by member (user id)."""
        rows = await self._all(
            "SELECT user_id, deck FROM lobby_decks WHERE channel_id = ?", (channel_id,)
        )
        return {str(row[0]): str(row[1]) for row in rows}

    async def deck_names(self, user_id: str, guild_id: str | None = None) -> list[str]:
        """The decks a member played in finished games (of a server), the latest first, each
        once in any case: `/totem deck`'s autocomplete."""
        rows = await self._all(
            "SELECT r.deck FROM results r "
            "JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat "
            "JOIN games g ON g.id = r.game_id WHERE s.user_id = ? AND r.deck IS NOT NULL "
            "AND (CAST(? AS TEXT) IS NULL OR g.guild_id = ?) "
            "ORDER BY r.game_id DESC LIMIT 200",
            (user_id, guild_id, guild_id),
        )
        newest: dict[str, str] = {}
        for row in rows:
            newest.setdefault(str(row[0]).casefold(), str(row[0]))
        return list(newest.values())

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

    async def load_clock(self, channel_id: str) -> Clock | None:
        rows = await self._all(
            f"SELECT {CLOCK_COLUMNS} FROM clocks WHERE channel_id = ?", (channel_id,)
        )
        return clock_from_row(rows[0]) if rows else None

    async def clocks(self, owns: Callable[[str | None], bool] | None = None) -> list[Clock]:
        """Every channel's turn clock (with `owns`, those of the guilds it accepts), to re-arm
        them at start-up."""
        rows = await self._all(f"SELECT {CLOCK_COLUMNS} FROM clocks ORDER BY channel_id")
        found = [clock_from_row(row) for row in rows]
        return [clock for clock in found if owns is None or owns(clock.guild_id)]

    async def stale_status_games(
        self, owns: Callable[[str | None], bool] | None = None
    ) -> list[int]:
        """Active games whose status message is missing or shows an older version; with
        `owns`, only the games of the guilds it accepts (a sharded process's own)."""
        rows = await self._all(
            "SELECT id, guild_id FROM games WHERE status = 'active' "
            "AND (status_version IS NULL OR status_version < version) ORDER BY id"
        )
        return [int(row[0]) for row in rows if owns is None or owns(row[1])]

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
        row, seat_rows = await self._game_and_seats(game_id)
        if row is None:
            raise StoreError(f"There is no game number {game_id}.")
        game = game_from_row(row, seats_of(seat_rows))
        self._formats[game_id] = game.config.format
        return game

    async def load_with_log(self, game_id: int) -> tuple[StoredGame, list[EventRecord]]:
        """The game and its whole log at one version (a write may land between two reads:
        then both are read again)."""
        return await self._at_one_version(game_id, self._events_upto)

    async def load_with_log_lines(self, game_id: int) -> tuple[StoredGame, list[StoredLine]]:
        """The game and its whole log as stored, unread, at one version."""
        return await self._at_one_version(game_id, self._log_lines)

    async def _at_one_version(
        self, game_id: int, read_log: Callable[[int, int], Awaitable[list[T]]]
    ) -> tuple[StoredGame, list[T]]:
        """The game, and its log read by `read_log` as far as the game's version: a write may
        land between the two reads, and then both are read again."""
        for _ in range(3):
            game = await self.load(game_id)
            log = await read_log(game_id, game.version)  # the log only grows
            if len(log) == game.version:
                return game, log
        raise StaleState("The game is changing quickly: please ask again in a moment.")

    async def _events_upto(self, game_id: int, upto: int) -> list[EventRecord]:
        return await self.events(game_id, upto=upto)

    async def _log_lines(self, game_id: int, upto: int) -> list[StoredLine]:
        """The log's rows as far as `upto`, their requests left as stored: read where they
        are used (a chart's, in the drawing process)."""
        rows = await self._all(
            "SELECT seq, recorded_at, recorded_by, request FROM events "
            "WHERE game_id = ? AND seq <= ? ORDER BY seq",
            (game_id, upto),
        )
        return [(int(row[0]), row[1], row[2], row[3]) for row in rows]

    async def _game_and_seats(
        self, game_id: int
    ) -> tuple[tuple[Any, ...] | None, list[tuple[Any, ...]]]:
        """A game's row (None when there is none) and its seats' rows; a backend may read both
        in one step (SQLite does: a status edit loads its game every other request)."""
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return row, ([] if row is None else await self._all(SEATS_OF_GAME, (game_id,)))

    async def _made_at_end(
        self, game_id: int, version: int, state: GameState, record: EventRecord
    ) -> MadeResults:
        """The results of a game this request ends ([] while it goes on), made from its whole
        log, the request last (places and who took whom out), in a worker thread: a long game's
        replay must not hold the event loop. A log that cannot be read leaves the state alone
        to tell them."""
        if not state.finished:
            return []
        try:
            log: list[EventRecord] | None = [*await self.events(game_id), record]
        except StoreError:
            log = None
        return await asyncio.to_thread(
            results.made_at_end, game_id, version, state, record.changes, log
        )

    async def events(
        self, game_id: int, newest: int | None = None, upto: int | None = None
    ) -> list[EventRecord]:
        """The game's log in order (or its `newest` rows), for undo, history and replay; with
        `upto`, only as far as that version (a live page's message for that version)."""
        params: tuple[Any, ...] = (game_id,) if upto is None else (game_id, upto)
        query = (
            "SELECT seq, recorded_at, recorded_by, request, changes FROM events "
            f"WHERE game_id = ?{'' if upto is None else ' AND seq <= ?'} ORDER BY seq"
        )
        if newest is not None:
            query = f"SELECT * FROM ({query} DESC LIMIT ?) AS newest ORDER BY seq"
            params = (*params, newest)
        ruleset = ruleset_of(await self._format_of(game_id))
        rows = await self._all(query, params)
        try:
            return [
                EventRecord(
                    seq=int(row[0]),
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

        A game's results are made when it ends; games that ended without them (a backlog) are
        worked off in the background, started here: this answers at once with the games made
        so far, and `results_progress` says how far along the backlog is.
        """
        await self.backlog.start()
        rows = await self._all(results.READ, (guild_id, game_format))
        return [results.result_row(row) for row in rows]

    async def unplaced_games(self, guild_id: str | None = None) -> list[tuple[int, int]]:
        """(id, version) of the finished games (of a server) whose placing is still to make."""
        rows = await self._all(placings.UNPLACED, (guild_id,))
        return [(int(row[0]), int(row[1])) for row in rows]

    async def placed(
        self, guild_id: str | None = None, game_format: str | None = None
    ) -> list[PlacedRow]:
        """Every seat of every placed finished game (of a server, of a format), in the order
        the games ended: what ratings fold."""
        rows = await self._all(placings.READ, (guild_id, game_format))
        return [placings.placed_row(row) for row in rows]

    def results_progress(self) -> Progress | None:
        """How far along the backlog's run is; None when no game waits for its results."""
        return self.backlog.progress

    async def game_ids(self, status: str | None = None) -> list[int]:
        query = "SELECT id FROM games WHERE CAST(? AS TEXT) IS NULL OR status = ? ORDER BY id"
        rows = await self._all(query, (status, status))
        return [int(row[0]) for row in rows]


# (seat, turns, seconds) of one seat of a finished game
SeatTimes = tuple[int, int, float]
DELETE_TURN_TIMES = "DELETE FROM turn_times WHERE game_id = ?"
INSERT_TURN_TIMES = (
    "INSERT INTO turn_times (game_id, seat, version, turns, seconds) VALUES (?, ?, ?, ?, ?)"
)


def turn_time_rows(game_id: int, version: int, times: list[SeatTimes]) -> list[tuple[Any, ...]]:
    return [(game_id, seat, version, turns, seconds) for seat, turns, seconds in times]


CLOCK_COLUMNS = (
    "channel_id, minutes, guild_id, paused_at, credit_seconds, credit_turn, reminded_turn"
)
# Both backends' write of a clock: one statement, creating or replacing the channel's.
SAVE_CLOCK = (
    f"INSERT INTO clocks ({CLOCK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (channel_id) DO UPDATE SET minutes = excluded.minutes, "
    "guild_id = excluded.guild_id, paused_at = excluded.paused_at, "
    "credit_seconds = excluded.credit_seconds, credit_turn = excluded.credit_turn, "
    "reminded_turn = excluded.reminded_turn"
)


def clock_from_row(row: tuple[Any, ...]) -> Clock:
    return Clock(
        channel_id=row[0],
        minutes=int(row[1]),
        guild_id=row[2],
        paused_at=row[3],
        credit_seconds=float(row[4]),
        credit_turn=row[5],
        reminded_turn=row[6],
    )


def clock_row(clock: Clock) -> tuple[Any, ...]:
    """A clock's columns in CLOCK_COLUMNS' order."""
    return (
        clock.channel_id,
        clock.minutes,
        clock.guild_id,
        clock.paused_at,
        clock.credit_seconds,
        clock.credit_turn,
        clock.reminded_turn,
    )


def game_from_row(row: tuple[Any, ...], seats: tuple[Seat, ...]) -> StoredGame:
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


def game_row(game: NewGame, status: str) -> tuple[Any, ...]:
    """The games columns of a new game, in INSERT_GAME's order (both backends)."""
    ruleset = ruleset_of(game.config.format)
    return (
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
    )


def seat_rows(game_id: int, seats: tuple[Seat, ...]) -> list[tuple[Any, ...]]:
    return [
        (game_id, index, seat.user_id, seat.guest_name, seat.display_name)
        for index, seat in enumerate(seats)
    ]


def lobby_row(lobby: Lobby) -> tuple[Any, ...]:
    """The lobbies columns in INSERT order: channel, guild, host, options, seats, message,
    created."""
    return (
        lobby.channel_id,
        lobby.guild_id,
        lobby.host,
        lobby.options.model_dump_json(),
        SEATS.dump_json(lobby.seats).decode(),
        lobby.message_id,
        lobby.created_at,
    )


def event_row(game_id: int, version: int, record: EventRecord, state: GameState) -> tuple[Any, ...]:
    """(game, seq, recorded_at, recorded_by, request, changes, snapshot, status) of an append."""
    ruleset = ruleset_of(state.config.format)
    return (
        game_id,
        version,
        record.recorded_at,
        record.recorded_by,
        ruleset.dump(record.request),
        ruleset.dump_events(record.changes),
        ruleset.dump(state),
        "finished" if state.finished else "active",
    )


INSERT_GAME_COLUMNS = (
    "guild_id, channel_id, host, format, options, status, created_at, snapshot, "
    "status_message_id, status_version"
)
KEEP_NEWEST_LINKS = (  # after adding one: the channel's LINKS_KEPT newest addresses stay
    "DELETE FROM web_links WHERE channel_id = ? AND token_hash NOT IN (SELECT token_hash "
    "FROM web_links WHERE channel_id = ? ORDER BY created_at DESC, token_hash LIMIT ?)"
)
FLOOR_ROW = (  # the benchmark's floor: the least a request writes (store/floor.py)
    "INSERT INTO events (game_id, seq, recorded_at, recorded_by, request, changes) "
    "VALUES (?, ?, ?, 'bench', '{}', '[]')"
)
INSERT_SEAT = (
    "INSERT INTO seats (game_id, seat, user_id, guest_name, display_name) VALUES (?, ?, ?, ?, ?)"
)
