"""What the service keeps per channel, bounded: the games of the channels played most recently,
and a lock only for a channel a request is using.

A bot that has served 10,000 channels must not hold 10,000 games: a game not kept is loaded
again from the store on its next request, which is what the first request after a restart
does anyway (docs/decisions.md says why the default is 1,000).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
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


class _CountedLock(asyncio.Lock):
    """A channel's lock, with how many requests hold it or wait for it."""

    def __init__(self) -> None:
        super().__init__()
        self.users = 0


class _Holding:
    """`async with` a channel's lock; the lock is forgotten when its last user leaves. A class
    rather than a generator: it runs on every request, and costs a third as much."""

    __slots__ = ("_channel_id", "_held", "_lock")

    def __init__(self, held: dict[str, _CountedLock], channel_id: str) -> None:
        self._held = held
        self._channel_id = channel_id

    async def __aenter__(self) -> None:
        lock = self._held.get(self._channel_id)
        if lock is None:
            lock = self._held[self._channel_id] = _CountedLock()
        lock.users += 1  # no await since the lookup: no other request came in between
        self._lock = lock
        try:
            await self._lock.acquire()
        except BaseException:  # cancelled while waiting: no longer a user
            self._leave()
            raise

    async def __aexit__(self, *_exc: object) -> None:
        self._lock.release()
        self._leave()

    def _leave(self) -> None:
        self._lock.users -= 1
        if self._lock.users == 0:
            del self._held[self._channel_id]


class ChannelLocks:
    """One lock per channel, kept only while a request holds it or waits for it.

    A lock nobody uses is forgotten, so a channel's next request makes a new one: nobody can
    be holding the old one then. A lock in use is never forgotten, so two requests on one
    channel always meet at the same lock.
    """

    def __init__(self) -> None:
        self._held: dict[str, _CountedLock] = {}

    def hold(self, channel_id: str) -> _Holding:
        """The channel's lock for an `async with` block (waiting for the request before, if
        any)."""
        return _Holding(self._held, channel_id)

    def __len__(self) -> int:
        return len(self._held)

    def __contains__(self, channel_id: object) -> bool:
        return channel_id in self._held
