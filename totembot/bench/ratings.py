"""`totembot bench`'s ratings figures (issue 30): one server's ratings over many finished
games against reading the same games' rows, and the first call after a restart against the
later ones.

The games are stored finished without a log (as the statistics bench stores them), so their
placings tie everyone but the winners; the fold rates each game all the same. The placings are
made once, before the timed calls (`ratings_placings_ms`, what a database from before ratings
costs once); ratings themselves are folded at every call (nothing is cached in memory), which
is why the first call after a restart costs what later ones do.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, replace
from pathlib import Path

from totembot.bench.stats import finished_game
from totembot.reports.rated import make_placings, server_ratings
from totembot.store import open_store

GUILD = "guild-0"
ROUNDS = 5


@dataclass(frozen=True)
class RatingsFigures:
    games: int
    placings_ms: float  # every game placed, once (its log read, the ruleset asked)
    read_ms: float  # the server's placed rows read (median)
    ratings_ms: float  # the server's ratings ready: rows read and folded (median)
    first_ms: float  # the first ratings after the store is opened again

    @property
    def read_ratio(self) -> float:
        return round(self.ratings_ms / self.read_ms, 2) if self.read_ms else 0.0

    @property
    def first_call_ratio(self) -> float:
        return round(self.first_ms / self.ratings_ms, 2) if self.ratings_ms else 0.0


async def measure_ratings(database: str | Path, games: int) -> RatingsFigures:
    """`games` finished games, all of one server, in a fresh `database`."""
    store = await open_store(database)
    try:
        await store.create_games(
            [replace(finished_game(index), guild_id=GUILD) for index in range(games)],
            status="finished",
        )
        started = time.perf_counter()
        await make_placings(store, GUILD)
        placings = time.perf_counter() - started
    finally:
        await store.close()
    store = await open_store(database)  # a restart: nothing of the above in memory
    try:
        started = time.perf_counter()
        await server_ratings(store, GUILD)
        first = time.perf_counter() - started
        reads, folds = [], []
        for _ in range(ROUNDS):
            started = time.perf_counter()
            await store.placed(GUILD)
            reads.append(time.perf_counter() - started)
            started = time.perf_counter()
            await server_ratings(store, GUILD)
            folds.append(time.perf_counter() - started)
    finally:
        await store.close()
    return RatingsFigures(
        games=games,
        placings_ms=round(placings * 1000, 1),
        read_ms=round(statistics.median(reads) * 1000, 1),
        ratings_ms=round(statistics.median(folds) * 1000, 1),
        first_ms=round(first * 1000, 1),
    )


def ratings_figures(figures: RatingsFigures) -> dict[str, float | int]:
    return {
        "ratings_games": figures.games,
        "ratings_placings_ms": figures.placings_ms,
        "ratings_read_ms": figures.read_ms,
        "ratings_ms": figures.ratings_ms,
        "ratings_first_ms": figures.first_ms,
        "ratings_read_ratio": figures.read_ratio,
        "ratings_first_call_ratio": figures.first_call_ratio,
    }


def describe_ratings(figures: dict[str, float | int]) -> str:
    return (
        f"ratings of one server with {figures['ratings_games']} finished games: "
        f"{figures['ratings_ms']} ms (median), {figures['ratings_read_ratio']} times reading "
        f"the same games' rows ({figures['ratings_read_ms']} ms); the first call after a "
        f"restart {figures['ratings_first_ms']} ms ({figures['ratings_first_call_ratio']} "
        f"times the later ones); placing every game once first: "
        f"{figures['ratings_placings_ms']} ms"
    )
