"""`totembot bench`'s live pages: the bot's requests with and without hundreds of viewers.

Requests run through the bot's `/do` path (`bench/requests.py`'s `BotPath`), on 100 games at
once and then one at a time, on two sets of 100 games of one bot: the quiet games, no page
open, and the watched ones, with 500 event streams on one game and one on each other game,
read by another process (`live_clients`). The two alternate, ROUNDS times each, which goes
first alternating too, and the next pass starts once the viewers have read the last; so that a
busy machine, a warm cache and the viewers' reading weigh on both alike. Printed: whether
every stream got every change in order, how much the request figures moved, and how long a
change took from its commit to a viewer (p50, p99).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from totembot.bench.requests import BotPath, median_ms, new_games, p99_ms, percentile
from totembot.store import open_store
from totembot.web.hub import Limits
from totembot.web.live import LivePages, start_for_bot

CROWD = 500  # streams on the first game
GAMES = 100
ROUNDS = 8  # an even number: each set goes first in half of them


@dataclass
class Run:
    """Passes of requests: at once over every game, then one at a time."""

    concurrent: list[float] = field(default_factory=list)  # requests per second, each pass
    serial: list[float] = field(default_factory=list)  # seconds per request
    committed: dict[tuple[str, int], float] = field(default_factory=dict)  # (channel, seq): when
    versions: dict[str, int] = field(default_factory=dict)

    @property
    def concurrent_per_s(self) -> float:
        return statistics.median(self.concurrent)


@dataclass(frozen=True)
class LiveFigures:
    streams: int
    games: int
    in_order: bool
    ended_early: int
    latency_p50_ms: float | None
    latency_p99_ms: float | None
    without: Run
    with_pages: Run


async def _requests(bot: BotPath, channels: list[str], each: int, serial: int, run: Run) -> None:
    """One pass, added to `run`."""
    versions = run.versions

    async def one(game: int) -> None:
        channel = channels[game]
        await bot.do(channel, game)
        versions[channel] = versions.get(channel, 0) + 1
        run.committed[(channel, versions[channel])] = time.monotonic()

    async def play(game: int) -> None:
        for _ in range(each):
            await one(game)

    started = time.perf_counter()
    await asyncio.gather(*(play(game) for game in range(len(channels))))
    run.concurrent.append(each * len(channels) / (time.perf_counter() - started))
    for index in range(serial):
        started = time.perf_counter()
        await one(index % len(channels))
        run.serial.append(time.perf_counter() - started)
    await bot.statuses.flush()


async def measure_live(database: str, each: int, serial: int) -> LiveFigures:
    """Requests on quiet games and on games with CROWD + GAMES - 1 streams open, in turns;
    `serial` is rounded down to a multiple of GAMES."""
    serial -= serial % GAMES
    store = await open_store(database)
    try:
        await store.create_games(new_games(2 * GAMES, "table-", shown=True))
        bot = BotPath(store)
        quiet = [f"table-{index}" for index in range(GAMES)]
        watched = [f"table-{index}" for index in range(GAMES, 2 * GAMES)]
        await bot.warm(quiet + watched)
        limits = Limits(per_address=10 * CROWD, per_game=2 * CROWD, per_minute=100 * CROWD)
        pages = await start_for_bot(bot.service, "127.0.0.1:0", None, limits)
        try:
            return await _with_viewers(bot, pages, (quiet, watched), each, serial)
        finally:
            await pages.stop()
    finally:
        await store.close()


async def _with_viewers(
    bot: BotPath, pages: LivePages, games: tuple[list[str], list[str]], each: int, serial: int
) -> LiveFigures:
    quiet, watched = games
    addresses = [await pages.issue(channel) for channel in watched]
    step = each + serial // len(watched)  # each watched game's changes in one round
    final = ROUNDS * step  # every watched game's last version
    args = [str(final), str(step)]
    for index, address in enumerate(addresses):
        args += [address, str(CROWD if index == 0 else 1)]
    viewers = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "totembot.bench.live_clients", *args,
        stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert viewers.stdout is not None
    await viewers.stdout.readuntil(b"ready")  # every stream has its first message
    without, with_pages = Run(), Run()
    for turn in range(ROUNDS):
        # Which pass goes first alternates (quiet, watched, watched, quiet, ...): neither
        # gains from coming second (a warmer cache, the loop's buffers grown by the first).
        for quiet_pass in (True, False) if turn % 2 == 0 else (False, True):
            if quiet_pass:
                await _requests(bot, quiet, each, serial, without)
                continue
            await _requests(bot, watched, each, serial, with_pages)
            await _settled(pages, viewers.stdout)
    out, _ = await viewers.communicate()
    seen: list[dict[str, Any]] = json.loads(out.decode().strip().splitlines()[-1])
    channel_of = {address: channel for address, channel in zip(addresses, watched, strict=True)}
    latencies = [
        when - with_pages.committed[(channel_of[stream["url"]], seq)]
        for stream in seen
        for seq, when in stream["arrivals"]
    ]
    complete = all(s["in_order"] and s["last"] == final for s in seen)
    return LiveFigures(
        streams=len(seen),
        games=len(watched),
        in_order=complete,
        ended_early=sum(s["ended_early"] for s in seen),
        latency_p50_ms=round(median_ms(latencies), 3) if latencies else None,
        latency_p99_ms=round(p99_ms(latencies), 3) if latencies else None,
        without=without,
        with_pages=with_pages,
    )


async def _settled(pages: LivePages, viewers: asyncio.StreamReader) -> None:
    """The watched pass's last messages are out and every viewer has read them, so that
    neither the bot's sending nor the viewers' reading spills into the next pass."""
    while pages.server.hub.busy():
        await asyncio.sleep(0.01)
    with contextlib.suppress(asyncio.IncompleteReadError):  # a viewer gave up: reported
        await viewers.readuntil(b"caught")


def live_figures(live: LiveFigures) -> dict[str, Any]:
    before, after = live.without, live.with_pages
    serial_before, serial_after = median_ms(before.serial), median_ms(after.serial)
    return {
        "live_streams": live.streams,
        "live_games": live.games,
        "live_every_change_in_order": live.in_order,
        "live_streams_ended_early": live.ended_early,
        "live_latency_ms_p50": live.latency_p50_ms,
        "live_latency_ms_p99": live.latency_p99_ms,
        "live_concurrent_per_s_without": round(before.concurrent_per_s, 1),
        "live_concurrent_per_s_with": round(after.concurrent_per_s, 1),
        "live_concurrent_change_pct": _change(before.concurrent_per_s, after.concurrent_per_s),
        "live_request_ms_p50_without": round(serial_before, 3),
        "live_request_ms_p50_with": round(serial_after, 3),
        "live_request_p50_change_pct": _change(serial_before, serial_after),
        "live_request_ms_p99_with": round(percentile(after.serial, 0.99) * 1000, 3),
    }


def _change(before: float, after: float) -> float:
    return round((after - before) * 100 / before, 1)


def describe_live(figures: dict[str, Any]) -> str:
    ordered = (
        "every stream got every change in order"
        if figures["live_every_change_in_order"]
        else f"NOT every change reached every stream ({figures['live_streams_ended_early']} ended)"
    )
    return (
        f"live pages: {figures['live_streams']} event streams ({CROWD} on one game, one on each "
        f"of the other {figures['live_games'] - 1}): {ordered}; from commit to viewer p50 "
        f"{figures['live_latency_ms_p50']} ms, p99 {figures['live_latency_ms_p99']} ms; the "
        f"bot's requests at once {figures['live_concurrent_per_s_without']}/s without, "
        f"{figures['live_concurrent_per_s_with']}/s with ({figures['live_concurrent_change_pct']}"
        f" %), one at a time p50 {figures['live_request_ms_p50_without']} ms without, "
        f"{figures['live_request_ms_p50_with']} ms with ({figures['live_request_p50_change_pct']}"
        " %)"
    )
