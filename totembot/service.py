"""The one way a request reaches a game: load, check, apply, commit, then report.

Used by the Discord bot and the offline console alike. A per-game lock serialises requests on
one game while different games proceed in parallel; the store's version check refuses a write
based on a stale state instead of overwriting it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from totembot.rules import Config, Game, GameState, Request, RuleViolation, new_game, replay
from totembot.rules.events import Event
from totembot.store import EventRecord, GameStore, NewGame, Seat, StoredGame


class NoGame(RuleViolation):
    """The channel has no game to record into."""


@dataclass(frozen=True)
class Recorded:
    """An accepted request, already committed."""

    game_id: int
    version: int
    state: GameState
    events: list[Event]


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def rebuild(stored: StoredGame, records: Sequence[EventRecord]) -> Game:
    """A game replayed from its setup and event log alone (undo included)."""
    return replay(new_game(stored.config), [record.request for record in records])


class GameService:
    def __init__(self, store: GameStore, clock: Callable[[], str] = utc_now) -> None:
        self.store = store
        self.clock = clock
        self._locks: dict[str, asyncio.Lock] = {}

    def _lock(self, channel_id: str) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def start(
        self,
        channel_id: str,
        host: str,
        config: Config,
        seats: Sequence[Seat] | None = None,
        guild_id: str | None = None,
    ) -> StoredGame:
        """Set a game up in a channel that has no active game (raises ChannelBusy)."""
        initial = new_game(config)
        seats = seats or [Seat(display_name=name, guest_name=name) for name in config.players]
        async with self._lock(channel_id):
            return await self.store.create_game(
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

    async def current(self, channel_id: str) -> StoredGame | None:
        return await self.store.load_current(channel_id)

    async def record(self, channel_id: str, request: Request, recorded_by: str) -> Recorded:
        """Check and apply a request; returns only once the change is committed.

        Raises RuleViolation (nothing changed) when the rules refuse it.
        """
        async with self._lock(channel_id):
            stored = await self.store.load_current(channel_id)
            if stored is None:
                raise NoGame("There is no game in this channel: start one first.")
            if request.intent.kind == "undo":
                game = rebuild(stored, await self.store.events(stored.id))
            else:
                game = Game(stored.state)
            outcome = game.record(request)
            record = EventRecord(
                seq=stored.version + 1,
                recorded_at=self.clock(),
                recorded_by=recorded_by,
                request=request,
                changes=outcome.events,
            )
            version = await self.store.append(stored.id, stored.version, record, outcome.state)
            return Recorded(stored.id, version, outcome.state, outcome.events)

    async def end(self, channel_id: str) -> StoredGame:
        """Abandon the channel's active game; it stays in the database."""
        async with self._lock(channel_id):
            stored = await self.store.load_current(channel_id)
            if stored is None or stored.status != "active":
                raise NoGame("There is no active game in this channel to end.")
            await self.store.abandon(stored.id, self.clock())
            return stored
