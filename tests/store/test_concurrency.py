"""Concurrent requests: a per-game lock serialises them and no update is lost."""

from __future__ import annotations

import asyncio

from tests.conftest import assert_every_game_rebuilds
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Game, Request, new_game
from totembot.service import GameService
from totembot.store import GameStore

SETUP = "game totem players: Ann, Bob, Cid, Dan life: 1000"


def request(line: str) -> Request:
    parsed = parse_line(line)
    assert parsed is not None
    return parsed.request(host=True)


def burst(count: int) -> list[Request]:
    """Requests that all succeed in any order: damage, gains and turns."""
    lines = [
        "Ann: deal {n} to Cid via left",
        "Bob: Cid gains {n} via Cid-Dan",
        "Cid: Ann gains {n} via Dan-Ann",
        "next",
        "Dan: deal {n} to Bob via Bob-Cid",
    ]
    return [request(lines[i % len(lines)].format(n=1 + i % 7)) for i in range(count)]


def sequential_state(requests: list[Request]) -> Game:
    game = Game(new_game(parse_setup(SETUP)))
    for each in requests:
        game.record(each)
    return game


async def test_100_concurrent_requests_on_one_game_equal_applying_them_one_by_one(
    store: GameStore, service: GameService
) -> None:
    game = await service.start("table", "host", parse_setup(SETUP))
    requests = burst(100)
    results = await asyncio.gather(
        *(service.record("table", each, f"user-{i}") for i, each in enumerate(requests))
    )
    assert sorted(result.version for result in results) == list(range(1, 101))
    stored = await store.load(game.id)
    assert stored.version == 100
    by_version = {result.version: each for result, each in zip(results, requests, strict=True)}
    in_commit_order = [by_version[version] for version in sorted(by_version)]
    assert stored.state == sequential_state(in_commit_order).state
    assert await assert_every_game_rebuilds(store) == 1


async def test_100_requests_spread_over_50_games_lose_no_update(
    store: GameStore, service: GameService
) -> None:
    for table in range(50):
        await service.start(f"table-{table}", "host", parse_setup(SETUP))
    requests = burst(100)
    await asyncio.gather(
        *(service.record(f"table-{i % 50}", each, "user") for i, each in enumerate(requests))
    )
    for table in range(50):
        stored = await service.current(f"table-{table}")
        assert stored is not None
        assert stored.version == 2
        mine = [each for i, each in enumerate(requests) if i % 50 == table]
        assert stored.state == sequential_state(mine).state
    assert await assert_every_game_rebuilds(store) == 50
