"""What the service keeps per channel, bounded: the games of the channels played most recently,
and a lock only for a channel a request is using.

A bot that has served 10,000 channels must not hold 10,000 games: a game not kept is loaded
again from the store on its next request, which is what the first request after a restart
does anyway (docs/decisions.md says why the default is 1,000).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Generic, TypeVar

DEFAULT_GAME_CACHE = 1000  # games kept in memory (TOTEMBOT_GAME_CACHE)

Game = TypeVar("Game")


class GameCache(Generic[Game]):
    """At most `size` games by channel; past that the least recently used is dropped."""

    def __init__(self, size: int = DEFAULT_GAME_CACHE) -> None:
        if size < 1:
            raise ValueError(f"a game cache holds at least one game, not {size}")
        self.size = size
        self._games: OrderedDict[str, Game] = OrderedDict()

    def get(self, channel_id: str) -> Game | None:
        """The channel's game if it is kept, now the most recently used."""
        game = self._games.get(channel_id)
        if game is not None:
            self._games.move_to_end(channel_id)
        return game

    def put(self, channel_id: str, game: Game) -> None:
        """Keep the channel's game as the most recently used, dropping the least recent when
        there are more than `size`."""
        self._games[channel_id] = game
        self._games.move_to_end(channel_id)
        while len(self._games) > self.size:
            self._games.popitem(last=False)

    def drop(self, channel_id: str) -> None:
        """Forget the channel's game (the store has a newer one, or none)."""
        self._games.pop(channel_id, None)

    def __len__(self) -> int:
        return len(self._games)

    def __contains__(self, channel_id: object) -> bool:
        return channel_id in self._games


@dataclass
class _Held:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0  # requests holding the lock or waiting for it


class ChannelLocks:
    """One lock per channel, kept only while a request holds it or waits for it.

    A lock nobody uses is forgotten, so a channel's next request makes a new one: nobody can
    be holding the old one then. A lock in use is never forgotten, so two requests on one
    channel always meet at the same lock.
    """

    def __init__(self) -> None:
        self._held: dict[str, _Held] = {}

    @asynccontextmanager
    async def hold(self, channel_id: str) -> AsyncIterator[None]:
        """The channel's lock for the block (waiting for the request before, if any)."""
        held = self._held.get(channel_id)
        if held is None:
            held = self._held[channel_id] = _Held()
        held.users += 1
        try:
            async with held.lock:
                yield
        finally:
            held.users -= 1
            if held.users == 0:
                del self._held[channel_id]

    def __len__(self) -> int:
        return len(self._held)

    def __contains__(self, channel_id: object) -> bool:
        return channel_id in self._held
