"""`totembot bench`'s rivalry figures (issue 30): `/totem rivals` over a server's share of many
finished games, against reading the same games' rows, and its first call after a restart.

The games are the statistics bench's (`bench/stats.py`), stored finished without a log; their
results (places, who took whom out) are made here from the scripts that end them, as the store
makes them from a game's log when it ends, and written through the store.
- `rivals_read_ratio`: every player's rivalries of one server (the rows read, then counted, as
  `/totem rivals` does) against reading those rows alone, medians of ROUNDS;
- `rivals_first_call_ratio`: in a fresh process on the same database (a restart), its first
  such call against the median of the later ones (the target: at most 2).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from totembot.bench.stats import finished_game, played
from totembot.reports.rivals import rivalries
from totembot.reports.stats import by_account
from totembot.store import open_store
from totembot.store.results import MadeResults

ROUNDS = 5
GUILD = "guild-1"  # one of the bench's servers (a quarter of the games)
TARGET = 2.0


@dataclass(frozen=True)
class RivalsFigures:
    games: int  # in the database (the server holds a quarter of them)
    read_ms: float  # the server's result rows read (median)
    rivals_ms: float  # the same, then every player's rivalries counted (median)
    first_ms: float  # after a restart: the first such call
    later_ms: float  # after a restart: the later ones (median)


def made_result(index: int) -> MadeResults:
    """Game `index + 1`'s results from its ending script, as its log would give them."""
    game = played(index)
    result = game.ruleset.result(game.state, game.steps[-1].events, game.steps)
    return [(index + 1, 0, result)]


async def timed_calls(database: str | Path, count: int) -> list[tuple[float, float]]:
    """(read ms, rivals ms) of `count` calls on a store opened here."""
    store = await open_store(database)
    try:
        timings = []
        for _ in range(count):
            started = time.perf_counter()
            await store.results(GUILD)
            read = time.perf_counter() - started
            started = time.perf_counter()
            rows = await store.results(GUILD)
            await asyncio.to_thread(rivalries, rows, by_account)
            timings.append((read * 1000, (time.perf_counter() - started) * 1000))
    finally:
        await store.close()
    return timings


async def measure_rivals(database: str | Path, games: int) -> RivalsFigures:
    store = await open_store(database)
    try:
        await store.create_games([finished_game(i) for i in range(games)], status="finished")
        await store.save_results([made for i in range(games) for made in made_result(i)])
    finally:
        await store.close()
    here = await timed_calls(database, ROUNDS)
    restarted = await asyncio.to_thread(_after_restart, str(database))
    return RivalsFigures(
        games=games,
        read_ms=round(statistics.median(read for read, _ in here), 2),
        rivals_ms=round(statistics.median(rivals for _, rivals in here), 2),
        first_ms=round(restarted[0], 2),
        later_ms=round(statistics.median(restarted[1:]), 2),
    )


def _after_restart(database: str) -> list[float]:
    """The rivals calls' times in a fresh interpreter (nothing imported, nothing cached)."""
    done = subprocess.run(
        [sys.executable, "-m", "totembot.bench.rivals", database],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return [float(ms) for ms in json.loads(done.stdout)]


def rivals_figures(measured: RivalsFigures) -> dict[str, Any]:
    return {
        "rivals_games": measured.games,
        "rivals_read_ms": measured.read_ms,
        "rivals_ms": measured.rivals_ms,
        "rivals_read_ratio": round(measured.rivals_ms / measured.read_ms, 3),
        "rivals_first_ms": measured.first_ms,
        "rivals_later_ms": measured.later_ms,
        "rivals_first_call_ratio": round(measured.first_ms / measured.later_ms, 3),
    }


def describe_rivals(figures: dict[str, Any]) -> list[str]:
    return [
        f"rivals of one server over {figures['rivals_games']} finished games: "
        f"{figures['rivals_ms']} ms against reading its rows {figures['rivals_read_ms']} ms: "
        f"ratio {figures['rivals_read_ratio']}",
        f"rivals after a restart: first call {figures['rivals_first_ms']} ms, later ones "
        f"{figures['rivals_later_ms']} ms: ratio {figures['rivals_first_call_ratio']} "
        f"(target <= {TARGET:g})",
    ]


def _main(database: str) -> None:
    """In the fresh process: the rivals calls' times, as one JSON list (the first first)."""
    timings = asyncio.run(timed_calls(database, 1 + ROUNDS))
    print(json.dumps([rivals for _read, rivals in timings]))


if __name__ == "__main__":
    _main(sys.argv[1])
