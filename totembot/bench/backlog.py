"""`totembot bench`'s results backlog figures (issue 32): statistics after an upgrade.

A database holds many finished games whose results for statistics were never made (as after
an upgrade or a `migrate-db`). Measured there, as the bot does it:
- the first `/totem stats` (the store's results, then the counting), against the same call
  once every game's results are made (`stats_backlog_ratio`);
- a `/do` in another channel (`bench/requests.py`'s request path), one every GAP seconds,
  while that first call runs and the backlog it starts is worked off, its p99 against as many
  of the same `/do`s without it (`do_p99_during_stats_ratio`).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from totembot.bench.requests import BotPath, new_games, percentile
from totembot.bench.stats import finished_game
from totembot.reports.stats import by_account, player_stats
from totembot.store import GameStore, open_store

GAP = 0.002  # between two /do's of the other channel: a busy server's channel, not a flood
WARM = 50  # /do's before any is timed (the first ones fill caches)
MIN_DOS = 200  # /do's timed at least, on each side
AGAIN = 3  # the same statistics call once the backlog is worked off: the median of these
TARGET = 2.0  # both ratios' target (issue 32)


@dataclass(frozen=True)
class BacklogFigures:
    games: int
    first_ms: float  # the first statistics call on the backlog
    first_counted: int  # the games that call counted (those made by then)
    again_ms: float  # the same call once every game's results are made (median)
    backlog_s: float  # from the first call until every game's results are made
    do_during: list[float]  # each /do while the first call and the backlog ran, seconds
    do_alone: list[float]  # as many /do's without them


async def measure_backlog(database: str | Path, games: int) -> BacklogFigures:
    """The figures on `database`, a fresh one, holding `games` finished games without results."""
    store = await open_store(database)
    try:
        await store.create_games(
            [finished_game(index) for index in range(games)], status="finished"
        )
        await store.create_games(new_games(1, "table-", shown=True))
        bot = BotPath(store)
        await bot.warm(["table-0"])
        await _dos(bot, lambda done: done >= WARM)
        return await _measured(store, bot, games)
    finally:
        await store.close()


async def _measured(store: GameStore, bot: BotPath, games: int) -> BacklogFigures:
    """The first call with /do's alongside until the backlog is worked off, then as many /do's
    alone, then the same call again."""
    worked_off = asyncio.Event()
    during = asyncio.create_task(_dos(bot, lambda done: worked_off.is_set() and done >= MIN_DOS))
    await asyncio.sleep(GAP)  # the other channel is already busy when the call comes
    started = time.perf_counter()
    first_ms, counted = await _statistics(store)
    await store.backlog.wait()
    backlog_s = time.perf_counter() - started
    worked_off.set()
    do_during = await during
    do_alone = await _dos(bot, lambda done: done >= len(do_during))
    again = [(await _statistics(store))[0] for _ in range(AGAIN)]
    return BacklogFigures(
        games=games,
        first_ms=round(first_ms, 1),
        first_counted=counted,
        again_ms=round(statistics.median(again), 1),
        backlog_s=round(backlog_s, 3),
        do_during=do_during,
        do_alone=do_alone,
    )


async def _statistics(store: GameStore) -> tuple[float, int]:
    """`/totem stats` over the whole database as the bot makes it: milliseconds, games."""
    started = time.perf_counter()
    rows = await store.results()
    await asyncio.to_thread(player_stats, rows, by_account)
    return (time.perf_counter() - started) * 1000, len({row.game_id for row in rows})


async def _dos(bot: BotPath, enough: Callable[[int], bool]) -> list[float]:
    """/do's in the other channel, one every GAP seconds, until `enough(count)`: each one's
    seconds."""
    timed: list[float] = []
    while not enough(len(timed)):
        started = time.perf_counter()
        await bot.do("table-0", 0)
        timed.append(time.perf_counter() - started)
        await asyncio.sleep(GAP)
    return timed


def backlog_figures(measured: BacklogFigures) -> dict[str, Any]:
    """The JSON keys, each ratio beside its floor."""
    during, alone = p99(measured.do_during), p99(measured.do_alone)
    return {
        "stats_backlog_games": measured.games,
        "stats_backlog_first_ms": measured.first_ms,
        "stats_backlog_first_counted": measured.first_counted,
        "stats_backlog_again_ms": measured.again_ms,
        "stats_backlog_ratio": round(measured.first_ms / measured.again_ms, 3),
        "stats_backlog_s": measured.backlog_s,
        "do_during_stats_count": len(measured.do_during),
        "do_p99_during_stats_ms": round(during * 1000, 3),
        "do_p99_alone_ms": round(alone * 1000, 3),
        "do_p99_during_stats_ratio": round(during / alone, 3),
    }


def p99(values: list[float]) -> float:
    return percentile(values, 0.99)


def describe_backlog(figures: dict[str, Any]) -> list[str]:
    """The text lines: each figure beside its floor and target."""
    return [
        f"statistics over {figures['stats_backlog_games']} finished games never counted (as "
        f"after an upgrade): first call {figures['stats_backlog_first_ms']} ms (counted "
        f"{figures['stats_backlog_first_counted']}; all made in the background in "
        f"{figures['stats_backlog_s']} s), the same call once all are made "
        f"{figures['stats_backlog_again_ms']} ms: ratio {figures['stats_backlog_ratio']} "
        f"(target <= {TARGET:g})",
        f"/do in another channel meanwhile: p99 {figures['do_p99_during_stats_ms']} ms, "
        f"without it {figures['do_p99_alone_ms']} ms ({figures['do_during_stats_count']} "
        f"each): ratio {figures['do_p99_during_stats_ratio']} (target <= {TARGET:g})",
    ]
