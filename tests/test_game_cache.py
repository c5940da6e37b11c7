"""The service's bounded memory: at most TOTEMBOT_GAME_CACHE games kept, the others reloaded
from the store when next used, and a channel's lock kept exactly while a request uses it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from totembot.channel_cache import ChannelLocks, GameCache
from totembot.core import GameState
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Request
from totembot.service import GameService
from totembot.store import GameStore, StoredGame, open_store

SETUP = "game totem players: Ann, Bob, Cid"


def request(line: str) -> Request:
    parsed = parse_line(line)
    assert parsed is not None
    return parsed.request(host=True)


def lives(state: GameState) -> list[int]:
    return [pool.life for pool in state.pools]  # type: ignore[attr-defined]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[GameStore]:
    """A real SQLite file."""
    opened = await open_store(tmp_path / "games.sqlite3")
    yield opened
    await opened.close()


class CountedLoads:
    """Counts the store's loads of a channel's current game (a reload after eviction)."""

    def __init__(self, store: GameStore) -> None:
        self.channels: list[str] = []
        self._load = store.load_current
        store.load_current = self.load  # type: ignore[method-assign]

    async def load(self, channel_id: str) -> StoredGame | None:
        self.channels.append(channel_id)
        return await self._load(channel_id)


# --- the cache and the locks alone -----------------------------------------------------------


def test_the_cache_drops_the_least_recently_used_game_past_its_size() -> None:
    cache: GameCache[str] = GameCache(2)
    cache.put("a", "game a")
    cache.put("b", "game b")
    assert cache.get("a") == "game a"  # "a" is now the most recently used
    cache.put("c", "game c")
    assert ("a" in cache, "b" in cache, "c" in cache) == (True, False, True)
    assert len(cache) == 2
    cache.put("a", "game a, later")  # replacing keeps the size
    assert len(cache) == 2 and cache.get("a") == "game a, later"


def test_a_cache_holds_at_least_one_game() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        GameCache(0)


async def test_a_lock_is_kept_while_held_or_awaited_and_forgotten_after() -> None:
    locks = ChannelLocks()
    order: list[str] = []
    release = asyncio.Event()

    async def first() -> None:
        async with locks.hold("a"):
            order.append("first in")
            await release.wait()
            order.append("first out")

    async def second() -> None:
        async with locks.hold("a"):
            order.append("second in")

    one = asyncio.create_task(first())
    await asyncio.sleep(0)
    two = asyncio.create_task(second())
    for _ in range(5):
        await asyncio.sleep(0)
    assert "a" in locks and order == ["first in"]  # the second waits at the same lock
    release.set()
    await asyncio.gather(one, two)
    assert order == ["first in", "first out", "second in"]
    assert len(locks) == 0


async def test_a_cancelled_waiter_gives_its_lock_back() -> None:
    locks = ChannelLocks()
    release = asyncio.Event()

    async def holder() -> None:
        async with locks.hold("a"):
            await release.wait()

    async def waiter() -> None:
        async with locks.hold("a"):
            pass

    held = asyncio.create_task(holder())
    await asyncio.sleep(0)
    waiting = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert "a" in locks  # still held by the first
    release.set()
    await held
    assert len(locks) == 0


# --- the service with a tiny cache on a real SQLite file ---------------------------------------


async def test_a_game_evicted_and_used_again_is_reloaded_and_plays_on(store: GameStore) -> None:
    service = GameService(store, cache_size=2)
    await service.start("a", "host", parse_setup(SETUP))
    await service.record("a", request("Ann: deal 3 to Bob"), "tester")
    loads = CountedLoads(store)
    for channel in ("b", "c"):  # two games started in other channels push "a" out
        await service.start(channel, "host", parse_setup(SETUP))
    assert loads.channels == []

    recorded = await service.record("a", request("Ann: deal 2 to Bob"), "tester")

    assert loads.channels == ["a"]  # reloaded from the store, once
    assert recorded.version == 2
    stored = await store.load(recorded.game_id)
    assert (stored.version, lives(stored.state)) == (2, lives(recorded.state))
    assert 15 in lives(recorded.state)  # 20 - 3 - 2: both requests on the same totem
    await service.record("a", request("Ann: deal 1 to Bob"), "tester")
    assert loads.channels == ["a"]  # kept again after its reload


async def test_the_service_keeps_no_more_games_than_its_size(store: GameStore) -> None:
    service = GameService(store, cache_size=3)
    for index in range(12):
        await service.start(f"t-{index}", "host", parse_setup(SETUP))
        await service.record(f"t-{index}", request("Ann: deal 1 to Bob"), "tester")
        assert len(service._current) <= 3
    for index in range(12):  # every game still plays, reloaded when it was dropped
        recorded = await service.record(f"t-{index}", request("Ann: deal 1 to Bob"), "tester")
        assert recorded.version == 2
    assert len(service._locks) == 0  # no lock kept once its requests are done


async def test_a_lock_held_by_a_request_is_never_evicted(store: GameStore) -> None:
    service = GameService(store, cache_size=2)
    held = await service.start("held", "host", parse_setup(SETUP))
    append, release, writing = store.append, asyncio.Event(), asyncio.Event()

    async def slow_append(game_id: int, *args: object) -> int:
        if game_id == held.id:  # the first request on "held" waits here, lock held
            writing.set()
            await release.wait()
        return await append(game_id, *args)  # type: ignore[arg-type]

    store.append = slow_append  # type: ignore[assignment]
    built: list[int] = []

    def second_request(stored: StoredGame) -> Request:
        built.append(stored.version)
        return request("Ann: deal 2 to Bob")

    first = asyncio.create_task(service.record("held", request("Ann: deal 3 to Bob"), "a"))
    await writing.wait()
    for index in range(10):  # many channels come and go meanwhile
        await service.start(f"other-{index}", "host", parse_setup(SETUP))
        await service.record(f"other-{index}", request("Ann: deal 1 to Bob"), "b")
    second = asyncio.create_task(service.record("held", second_request, "c"))
    for _ in range(10):
        await asyncio.sleep(0)
    assert built == [] and "held" in service._locks  # the second waits for the same lock
    release.set()
    done = await asyncio.gather(first, second)

    assert [recorded.version for recorded in done] == [1, 2]
    assert built == [1]  # built once, on the first request's result: no stale retry
    assert len(service._locks) == 0
