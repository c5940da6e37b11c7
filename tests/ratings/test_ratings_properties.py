"""Ratings after any sequence of games finished, endings undone and games abandoned (issue 30):
the ratings the bot reads, asked for at random moments in between (so placings are made and
kept along the way, some of them for endings later undone), equal openskill fed from scratch
the games that stand finished, in the order they last ended, placed by this test's own model."""

from __future__ import annotations

import asyncio
import itertools
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from tests.depth import examples
from totembot.games.registry import ruleset_of
from totembot.reports.rated import server_ratings
from totembot.service import GameService
from totembot.store import GameStore, open_store

NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve")
GUILD = "guild-1"


class Table:
    """A game as this test sees it: who conceded in order, and whether it was abandoned."""

    def __init__(self, channel: str, players: list[str]) -> None:
        self.channel = channel
        self.players = players
        self.out: list[str] = []
        self.abandoned = False

    @property
    def finished(self) -> bool:
        return len(self.out) == len(self.players) - 1

    def placing(self) -> tuple[list[list[str]], list[float]]:
        """The winner first, then the players in reverse order of conceding."""
        winner = next(name for name in self.players if name not in self.out)
        order = [winner, *reversed(self.out)]
        return [[name] for name in order], [float(place) for place in range(1, len(order) + 1)]


def expected(tables: list[Table]) -> dict[str, tuple[float, float, int]]:
    model = PlackettLuce()
    ratings = {}
    games: dict[str, int] = {}
    for table in tables:
        teams, ranks = table.placing()
        rated = model.rate([[ratings.get(t[0]) or model.rating()] for t in teams], ranks=ranks)
        for team, new in zip(teams, rated, strict=True):
            ratings[team[0]] = new[0]
            games[team[0]] = games.get(team[0], 0) + 1
    return {name: (r.mu, r.sigma, games[name]) for name, r in ratings.items()}


async def record(service: GameService, table: Table, line: str) -> None:
    ruleset = ruleset_of("free-for-all")
    stored = await service.current(table.channel)
    assert stored is not None
    parsed = ruleset.parse_line(line, stored.state)
    await service.record(table.channel, parsed.request(True), "host")


async def play(path: Path, data: st.DataObject) -> None:
    store: GameStore = await open_store(path)
    ticks = itertools.count()
    clock = lambda: f"2026-11-27T10:{next(ticks):09d}"  # noqa: E731 - every request later
    service = GameService(store, clock=clock)
    tables: list[Table] = []
    ended: list[Table] = []  # the order games last ended in
    try:
        for step in range(data.draw(st.integers(1, 30), label="length")):
            going = [t for t in tables if not t.finished and not t.abandoned]
            kind = data.draw(st.sampled_from(("start", "out", "undo", "end", "rate")))
            if kind == "start" or not tables:
                players = data.draw(st.permutations(NAMES).map(lambda p: list(p[:4])))
                players = players[: data.draw(st.integers(2, 4), label="players")]
                table = Table(f"chan-{step}", players)
                await service.start(
                    table.channel,
                    "host",
                    ruleset_of("free-for-all").parse_setup(
                        f"game free-for-all players: {', '.join(players)}"
                    ),
                    guild_id=GUILD,
                )
                tables.append(table)
            elif kind == "out" and going:
                table = data.draw(st.sampled_from(going))
                who = data.draw(st.sampled_from([p for p in table.players if p not in table.out]))
                await record(service, table, f"{who}: concede")
                table.out.append(who)
                if table.finished:
                    ended.append(table)
            elif kind == "undo":
                undoable = [t for t in tables if t.out and not t.abandoned]
                if undoable:
                    table = data.draw(st.sampled_from(undoable))
                    if table.finished:
                        ended.remove(table)
                    await record(service, table, "undo")
                    table.out.pop()
            elif kind == "end" and going:
                table = data.draw(st.sampled_from(going))
                await service.end(table.channel)
                table.abandoned = True
            elif kind == "rate":
                await server_ratings(store, GUILD)
        ratings = await server_ratings(store, GUILD)
        want = expected(ended)
        got = {p.name: (p.skill.mu, p.skill.sigma, p.games) for p in ratings.players}
        assert got.keys() == want.keys()
        for name, (mu, sigma, games) in want.items():
            assert abs(got[name][0] - mu) < 1e-9 and abs(got[name][1] - sigma) < 1e-9
            assert got[name][2] == games
        assert ratings.games == len(ended)
    finally:
        await store.close()


@settings(max_examples=examples(60))
@given(data=st.data())
def test_ratings_equal_openskill_over_the_games_that_stand_finished(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(play(Path(folder) / "games.db", data))
