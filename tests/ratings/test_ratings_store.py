"""Ratings through the service on both backends (SQLite, PostgreSQL): a server's games placed
and folded, an ending undone and a game abandoned leaving them as if it never ended, and
placings made for a version the game has left never written."""

from __future__ import annotations

import pytest

from tests.ratings.test_ratings_by_hand import BY_HAND, expected
from totembot.core.story import Placing
from totembot.games.registry import ruleset_of
from totembot.reports.rated import server_ratings
from totembot.reports.ratings import Ratings
from totembot.service import GameService

FIRST = [
    "Bob: concede",
    "Ann: deal 20 to Cid",
    "Ann: deal 20 to Dan",
]
GIANT = ["Cid: deal 40 to Ann"]


async def play(service: GameService, channel: str, setup: str, lines: list[str]) -> int:
    ruleset = ruleset_of("free-for-all")
    game = await service.start(channel, "host", ruleset.parse_setup(setup), guild_id="g")
    for line in lines:
        current = await service.current(channel)
        assert current is not None
        request = ruleset_of(current.config.format).parse_line(line, current.state).request(True)
        await service.record(channel, request, "host")
    return game.id


def figures(ratings: Ratings) -> dict[str, tuple[float, float]]:
    return {p.name: (p.skill.mu, p.skill.sigma) for p in ratings.players}


def assert_like(got: dict[str, tuple[float, float]], want: dict[str, tuple[float, float]]) -> None:
    assert got.keys() == want.keys()
    for name, (mu, sigma) in want.items():
        assert got[name] == (pytest.approx(mu, abs=1e-9), pytest.approx(sigma, abs=1e-9))


async def test_a_servers_ratings_follow_endings_undone_and_games_abandoned(
    service: GameService,
) -> None:
    store = service.store
    first = await play(service, "c1", "game free-for-all players: Ann, Bob, Cid, Dan", FIRST)
    await play(service, "c2", "game two-headed-giant teams: Ann+Bob, Cid+Dan", GIANT)
    ratings = await server_ratings(store, "g")
    assert ratings.games == 2
    assert_like(figures(ratings), expected([BY_HAND[0], BY_HAND[2]]))
    assert [c.name for c in ratings.changes[first]] == ["Ann", "Bob", "Cid", "Dan"]
    assert await server_ratings(store, "elsewhere") == Ratings((), {}, 0)

    current = await service.current("c1")
    assert current is not None
    undo = ruleset_of("free-for-all").parse_line("undo", current.state).request(True)
    await service.record("c1", undo, "host")  # Dan is in again: the first game goes on
    ratings = await server_ratings(store, "g")
    assert ratings.games == 1
    assert_like(figures(ratings), expected([BY_HAND[2]]))

    await service.end("c1")  # abandoned: it never counts
    assert_like(figures(await server_ratings(store, "g")), expected([BY_HAND[2]]))


async def test_a_placing_made_for_a_version_the_game_has_left_is_not_written(
    service: GameService,
) -> None:
    store = service.store
    game = await play(service, "c1", "game free-for-all players: Ann, Bob", ["Bob: concede"])
    stored = await store.load(game)
    stale = Placing(places=(1, 2), sides=(0, 1))
    assert not await store.save_placing(game, stored.version - 1, ("Ann", "Bob"), stale)
    assert await store.placed("g") == []
    assert await store.save_placing(game, stored.version, ("Ann", "Bob"), stale)
    assert [(row.name, row.place, row.side) for row in await store.placed("g")] == [
        ("Ann", 1, 0),
        ("Bob", 2, 1),
    ]
    assert await store.unplaced_games("g") == []
