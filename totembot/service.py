"""The one way a request reaches a game: load, check, apply, commit, then report.

Used by the Discord bot and the offline console alike. A per-game lock serialises requests on
one game while different games proceed in parallel; the store's version check refuses a write
based on a stale state instead of overwriting it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import cached_property, lru_cache

from totembot.channel_cache import DEFAULT_GAME_CACHE, ChannelLocks, GameCache
from totembot.core import GameConfig, GameEvent, GameRequest, GameState, Outcome
from totembot.core.errors import RuleViolation
from totembot.core.ruleset import TurnOf, standing_steps
from totembot.core.story import Story
from totembot.core.telling import StoredLine, tell_from_log
from totembot.core.turns import turn_spans
from totembot.games.registry import ruleset_of
from totembot.store import (
    EventRecord,
    GameStore,
    NewGame,
    ResultRow,
    Seat,
    StaleState,
    StoredGame,
    StoreError,
)


class NoGame(RuleViolation):
    """The channel has no game to record into."""


@dataclass(frozen=True)
class Recorded:
    """An accepted request, already committed."""

    game_id: int
    version: int
    state: GameState
    events: Sequence[GameEvent]
    ended: bool = False  # this request ended the game (its summary is due)
    recorded_at: str = ""

    @cached_property
    def told(self) -> tuple[str, ...]:
        """What the change did, as the channel may read it (a Totemic reveal keeps its number
        secret): described once, for the reply and the live page alike."""
        ruleset = ruleset_of(self.state.config.format)
        return tuple(ruleset.describe_lines(self.events, secret=True))


RequestBuilder = Callable[[StoredGame], GameRequest]
# Called with the game and its log before an undo is committed, under the game's lock: the
# caller's own policy on who may undo what (the bot's: only the host or an admin undoes a host
# action); it raises RuleViolation to refuse.
UndoCheck = Callable[[StoredGame, Sequence[EventRecord]], None]


def utc_now() -> str:
    """The time of recording, to the millisecond (ISO 8601, UTC)."""
    return _at_millisecond(time.time_ns() // 1_000_000)


def _at_millisecond(millisecond: int) -> str:
    """The second formatted once (a request takes well under a millisecond, so formatting
    each millisecond anew was a twentieth of a request's own work), its milliseconds added."""
    second, rest = divmod(millisecond, 1000)
    return f"{_at_second(second)}.{rest:03d}+00:00"


@lru_cache(maxsize=1)
def _at_second(second: int) -> str:
    """The date and time to the second, without its offset: the same for many requests."""
    return datetime.fromtimestamp(second, UTC).isoformat(timespec="seconds").removesuffix("+00:00")


def rebuild(stored: StoredGame, records: Sequence[EventRecord]) -> GameState:
    """A game replayed from its setup and event log alone (undo included)."""
    history = [record.request for record in records]
    return ruleset_of(stored.config.format).rebuild(stored.config, history)


def tell_story(stored: StoredGame, log: Sequence[EventRecord]) -> Story:
    """Replay the log into the changes that stand, and let the game's ruleset tell them."""
    ruleset = ruleset_of(stored.config.format)
    return tell_from_log(ruleset, stored.config, stored.created_at, log)


def current_turn_began(stored: StoredGame, log: Sequence[EventRecord]) -> str:
    """When the game's current turn began, from its log."""
    ruleset = ruleset_of(stored.config.format)
    initial, steps = standing_steps(ruleset, stored.config, log)
    return turn_spans(ruleset, initial, steps, stored.created_at)[-1].began_at


@dataclass(frozen=True)
class TurnStart:
    """When a game's current turn began, as known at one version of the game."""

    version: int
    turn: TurnOf
    began_at: str


class GameService:
    """Requests on games, one channel at a time.

    The current game of each channel is kept in memory after its first load, so a request
    costs one commit; the store's version check still refuses a write based on a state that
    another process changed, and then the game is reloaded and the request checked again.
    At most `cache_size` games are kept, those of the channels played most recently: another
    is loaded again when its channel is next used. A channel's lock is kept while in use.
    """

    def __init__(
        self,
        store: GameStore,
        clock: Callable[[], str] = utc_now,
        cache_size: int = DEFAULT_GAME_CACHE,
    ) -> None:
        self.store = store
        self.clock = clock
        self._locks = ChannelLocks()
        self._current: GameCache[StoredGame] = GameCache(cache_size)
        # When each recently played game's turn began: kept up as requests are recorded, read
        # again from the log after an undo or for a game not played here yet.
        self._turn_starts: GameCache[TurnStart] = GameCache(cache_size)
        # Told the channel of each committed change (the turn clock's scheduler, the live
        # pages); called on the loop right after the commit, so they must be quick (they
        # schedule their work).
        self._watchers: list[Callable[[str, Recorded | None], None]] = []
        self._announcing: set[asyncio.Task[None]] = set()

    def on_change(self, watcher: Callable[[str, Recorded | None], None]) -> None:
        """Call `watcher(channel_id, recorded)` after every change committed through this
        service (`recorded` None: a game started or ended)."""
        self._watchers.append(watcher)

    def forget(self, channel_id: str) -> None:
        """Another process changed the channel's game: read it again when next asked."""
        self._current.drop(channel_id)

    def _changed(self, channel_id: str, recorded: Recorded | None = None) -> None:
        for watcher in self._watchers:
            watcher(channel_id, recorded)
        if self.store.announces_changes:  # other processes may serve the channel's page
            task = asyncio.create_task(self.store.announce(channel_id))
            self._announcing.add(task)
            task.add_done_callback(self._announcing.discard)

    async def start(
        self,
        channel_id: str,
        host: str,
        config: GameConfig,
        seats: Sequence[Seat] | None = None,
        guild_id: str | None = None,
    ) -> StoredGame:
        """Set a game up in a channel that has no active game (raises ChannelBusy)."""
        initial = ruleset_of(config.format).new_game(config)
        seats = seats or [Seat(display_name=name, guest_name=name) for name in config.players]
        async with self._locks.hold(channel_id):
            game = await self.store.create_game(
                NewGame(
                    channel_id=channel_id,
                    host=host,
                    config=config,
                    initial=initial,
                    seats=tuple(seats),
                    created_at=self.clock(),
                    guild_id=guild_id,
                )
            )
            self._current.put(channel_id, game)
            turn = ruleset_of(config.format).turn_of(initial)
            self._turn_starts.put(str(game.id), TurnStart(game.version, turn, game.created_at))
        self._changed(channel_id)
        return game

    async def current(self, channel_id: str) -> StoredGame | None:
        """The channel's active game, or else its latest one (still open to undo)."""
        game = self._current.get(channel_id)
        if game is None:
            game = await self.store.load_current(channel_id)
            if game is not None:
                self._current.put(channel_id, game)
        return game

    async def record(
        self,
        channel_id: str,
        request: GameRequest | RequestBuilder,
        recorded_by: str,
        undo_check: UndoCheck | None = None,
    ) -> Recorded:
        """Check and apply a request; returns only once the change is committed.

        `request` may be a function of the current game (who may act as whom depends on its
        seats and statuses), so that decision is taken under the game's lock too, as is
        `undo_check`'s on an undo the rules allow. Raises RuleViolation (nothing changed) when
        the rules or the check refuse it.
        """
        async with self._locks.hold(channel_id):
            try:
                recorded = await self._record(channel_id, request, recorded_by, undo_check)
            except StaleState:
                self._current.drop(channel_id)  # another process wrote: check again
                recorded = await self._record(channel_id, request, recorded_by, undo_check)
        return recorded

    async def _record(
        self,
        channel_id: str,
        build: GameRequest | RequestBuilder,
        recorded_by: str,
        undo_check: UndoCheck | None,
    ) -> Recorded:
        stored = await self.current(channel_id)
        if stored is None:
            raise NoGame("There is no game in this channel: start one first.")
        request = build(stored) if callable(build) else build
        outcome = await self._outcome(stored, request, undo_check)
        record = EventRecord(
            seq=stored.version + 1,
            recorded_at=self.clock(),
            recorded_by=recorded_by,
            request=request,
            changes=outcome.events,
        )
        try:
            version = await self.store.append(stored.id, stored.version, record, outcome.state)
        except StoreError:
            self._current.drop(channel_id)
            raise
        status = "finished" if outcome.state.finished else "active"
        self._turn_moved(stored, request, record, version, outcome.state)
        self._current.put(
            channel_id, replace(stored, version=version, state=outcome.state, status=status)
        )
        ended = outcome.state.finished and not stored.state.finished
        recorded = Recorded(
            stored.id, version, outcome.state, list(outcome.events), ended, record.recorded_at
        )
        self._changed(channel_id, recorded)
        return recorded

    async def _outcome(
        self, stored: StoredGame, request: GameRequest, undo_check: UndoCheck | None = None
    ) -> Outcome:
        """The rules' answer: undo replays the log without its last change; the rules refuse
        first (nothing to undo, a player out), then `undo_check`."""
        ruleset = ruleset_of(stored.config.format)
        if request.is_undo:
            records = await self.store.events(stored.id)
            history = [record.request for record in records]
            outcome = ruleset.undo(stored.config, history, request)
            if undo_check is not None:
                undo_check(stored, records)
            return outcome
        return ruleset.record(stored.state, request)

    def _turn_moved(
        self,
        stored: StoredGame,
        request: GameRequest,
        record: EventRecord,
        version: int,
        state: GameState,
    ) -> None:
        """Keep the game's turn start up to date: a request that gives the turn to someone
        else begins a new one now; an undo may give an older turn back (read from the log)."""
        key = str(stored.id)
        known = self._turn_starts.get(key)
        turn_of = ruleset_of(stored.config.format).turn_of
        turn = turn_of(state)
        if request.is_undo:
            began = None
        elif known is not None and known.version == stored.version:
            began = known.began_at if turn == known.turn else record.recorded_at
        else:  # not known here: a turn that moves now began now; else it is read when asked
            began = record.recorded_at if turn != turn_of(stored.state) else None
        if began is None:
            self._turn_starts.drop(key)
        else:
            self._turn_starts.put(key, TurnStart(version, turn, began))

    async def turn_began(self, stored: StoredGame) -> str:
        """When the game's current turn began (ISO 8601, UTC): known at once for a game played
        here since its last undo, else read from its log once."""
        key = str(stored.id)
        known = self._turn_starts.get(key)
        if known is not None and known.version == stored.version:
            return known.began_at
        game, log = await self.store.load_with_log(stored.id)
        began = await asyncio.to_thread(current_turn_began, game, log)
        turn = ruleset_of(game.config.format).turn_of(game.state)
        self._turn_starts.put(key, TurnStart(game.version, turn, began))
        return began  # as of the latest version, should the game have moved on meanwhile

    async def story(self, game_id: int) -> Story:
        """The game told from its log (the summary's facts and the chart's lines)."""
        stored, log = await self.store.load_with_log(game_id)
        return await asyncio.to_thread(tell_story, stored, log)

    async def chart_log(self, game_id: int) -> tuple[StoredGame, list[StoredLine]]:
        """The game and its log as stored, unread, at one version: a chart's story is told
        from them in the drawing process (`drawing.pictures.ToldChart`)."""
        return await self.store.load_with_log_lines(game_id)

    async def summary_story(self, game_id: int) -> Story:
        """The story of a game that ended, its seats' turn times kept for statistics (they
        need the whole log, which the summary replays anyway)."""
        stored, log = await self.store.load_with_log(game_id)
        story = await asyncio.to_thread(tell_story, stored, log)
        if story.finished:
            seats = {name: seat for seat, name in enumerate(stored.config.players)}
            times = [
                (seats[time.player], time.turns, time.seconds)
                for time in story.turn_times
                if time.player in seats
            ]
            await self.store.save_turn_times(game_id, stored.version, times)
        return story

    async def results(
        self, guild_id: str | None = None, game_format: str | None = None
    ) -> list[ResultRow]:
        """Every seat of every finished game (of a server, of a format), for statistics."""
        return await self.store.results(guild_id, game_format)

    async def history(
        self, game_id: int, newest: int, upto: int | None = None
    ) -> list[EventRecord]:
        return await self.store.events(game_id, newest=newest, upto=upto)

    async def end(self, channel_id: str) -> StoredGame:
        """Abandon the channel's active game; it stays in the database."""
        async with self._locks.hold(channel_id):
            stored = await self.current(channel_id)
            if stored is None or stored.status != "active":
                raise NoGame("There is no active game in this channel to end.")
            await self.store.abandon(stored.id, self.clock())
            self._current.drop(channel_id)
        self._changed(channel_id)
        return stored
