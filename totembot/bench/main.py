"""`totembot bench`: the cost of a request against the cost of one durable commit.

Everything runs on fresh temporary databases with the bot's own SQLite settings, or with
`--db postgresql://...` on fresh databases it makes on that server and drops afterwards.
Figures are printed, never asserted: compare runs on the same machine.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

import totembot
from totembot.bench import BENCH_TOKEN
from totembot.bench.backlog import backlog_figures, describe_backlog, measure_backlog
from totembot.bench.board import BOARD_ROUNDS, board_figures, describe_board, measure_boards
from totembot.bench.heavy import heavy_figures, heavy_lines, measure_heavy, records_set_aside
from totembot.bench.live import describe_live, live_figures, measure_live
from totembot.bench.memory import describe_memory, measure_memory, memory_figures, status_mb
from totembot.bench.panel import panel_calls_per_move
from totembot.bench.ratings import describe_ratings, measure_ratings, ratings_figures
from totembot.bench.requests import (
    SETUP,
    Concurrent,
    Timings,
    concurrent_requests,
    median_ms,
    new_games,
    p99_ms,
    serial_requests,
)
from totembot.bench.rivals import describe_rivals, measure_rivals, rivals_figures
from totembot.bench.stats import GUILDS, measure_stats
from totembot.collector import settle_start_up
from totembot.core import GameConfig, GameState
from totembot.games.registry import parse_setup, ruleset_of
from totembot.store import StoreError, is_postgres_url, open_store
from totembot.store.postgres_schema import shown_url
from totembot.store.scratch import scratch_database
from totembot.testing import StandIn


@dataclass
class Plan:
    requests: int
    game_counts: tuple[int, ...]
    burst_requests: int
    burst_games: int
    burst_seconds: float
    finished_games: int
    active_games: int
    channels: int  # at once, each its own game
    concurrent_requests: int
    heavy_requests: int = 1600  # /do of each kind, quiet and beside drawing (bench/heavy.py)


FULL = Plan(5000, (1, 100, 1000), 200, 10, 5.0, 10_000, 1_000, 100, 10_000)
# --quick: every figure, from fewer samples (a smoke run, as CI makes of the installed wheel).
QUICK = Plan(400, (1, 100, 1000), 100, 10, 2.5, 2_000, 200, 100, 2_000, heavy_requests=400)


class Place(Protocol):
    """Where the benchmark's fresh databases are made: a temporary folder, or a server."""

    backend: str

    def database(self, name: str) -> AbstractAsyncContextManager[str]:
        """A fresh, empty database for the block: a file's path or a URL."""
        ...


@dataclass
class Folder:
    """SQLite files in a temporary folder (removed with it)."""

    folder: Path
    backend: str = "sqlite"

    @asynccontextmanager
    async def database(self, name: str) -> AsyncIterator[str]:
        yield str(self.folder / f"{name}.sqlite3")


@dataclass
class Server:
    """Databases made on a PostgreSQL server and dropped after (the user needs CREATEDB)."""

    url: str
    backend: str = "postgresql"

    def database(self, name: str) -> AbstractAsyncContextManager[str]:
        return scratch_database(self.url, name.replace("-", "_"))


async def measure_requests(place: Place, games: int, count: int) -> Timings:
    """Serial requests interleaved across `games`, each after one bare and one store floor
    commit on the same database (`bench/requests.py`: `serial_requests`)."""
    async with place.database(f"requests-{games}") as database:
        return await serial_requests(database, games, count)


async def measure_concurrent(place: Place, plan: Plan) -> Concurrent:
    """Requests per second with `plan.channels` channels at once, each its own game."""
    async with place.database("concurrent") as database:
        return await concurrent_requests(database, plan.channels, plan.concurrent_requests)


async def measure_discord_calls(folder: Path, plan: Plan) -> tuple[float, float]:
    """API calls per request for a burst through the bot and the local Discord stand-in, and
    per move pressed on players' panels in a burst as large."""
    import discord

    from totembot.bot.runner import close_bot, open_bot, point_at
    from totembot.settings import Settings

    fake = StandIn()
    await fake.start()
    guild, users = 10, list(range(101, 105))
    fake.add_guild(guild)
    for game in range(plan.burst_games):
        fake.add_channel(guild, 1000 + game, f"table-{game}")
    for user in users:
        fake.add_member(guild, user, f"player{user}", display_name=f"P{user}")
    settings = Settings(
        DISCORD_TOKEN=BENCH_TOKEN,
        TOTEMBOT_DATABASE=str(folder / "discord.sqlite3"),
        DISCORD_API_BASE=fake.api_base,
        DISCORD_GATEWAY_URL=fake.gateway_url,
    )
    point_at(settings)
    # Made first: a new database is a warning in the bot's log, which would print into the output.
    await (await open_store(settings.database)).close()
    bot = await open_bot(settings)
    try:
        await bot.login(BENCH_TOKEN)
        runner = asyncio.create_task(bot.connect())
        bot.tree.copy_global_to(guild=discord.Object(id=guild))
        await bot.tree.sync(guild=discord.Object(id=guild))
        await fake.wait_ready()
        mentions = " ".join(f"<@{user}>" for user in users)
        # Life enough that no /do of the burst and no panel move after it ends a game (the full
        # run's 20 damage a game would put the panel's target out before its moves).
        new = {"players": mentions, "life": 1_000_000}
        for game in range(plan.burst_games):
            await fake.slash(users[0], 1000 + game, "totem new", new)
        await asyncio.sleep(settings.status_interval + 0.5)
        before = len(fake.calls)
        gap = plan.burst_seconds / plan.burst_requests
        pending = []
        for index in range(plan.burst_requests):
            channel = 1000 + index % plan.burst_games
            pending.append(
                asyncio.create_task(
                    fake.slash(users[1], channel, "do", {"text": f"deal 1 to P{users[2]}"})
                )
            )
            await asyncio.sleep(gap)
        await asyncio.gather(*pending)

        async def settle() -> None:
            await bot.statuses.flush()
            await asyncio.sleep(settings.status_interval + 0.5)
            await bot.statuses.flush()

        await settle()
        calls = len(fake.calls) - before
        channels = [1000 + game for game in range(plan.burst_games)]
        per_move = await panel_calls_per_move(
            fake,
            users[1],
            channels,
            f"P{users[2]}",
            plan.burst_requests,
            plan.burst_seconds,
            settle,
        )
        runner.cancel()
        return calls / plan.burst_requests, per_move
    finally:
        await close_bot(bot)
        await fake.stop()


async def measure_startup(place: Place, plan: Plan) -> tuple[float, float | None]:
    """Seconds from `totembot run` to ready, and its peak RSS, with a full database."""
    async with place.database("startup") as database:
        return await _startup(database, plan)


async def _startup(database: str, plan: Plan) -> tuple[float, float | None]:
    store = await open_store(database)
    finished_state = _won(parse_setup(SETUP))
    finished = [
        replace(game, initial=finished_state) for game in new_games(plan.finished_games, "old-")
    ]
    await store.create_games(finished, status="finished")
    await store.create_games(new_games(plan.active_games, "live-", shown=True))
    await store.close()
    await asyncio.to_thread(compiled_as_installed)
    fake = StandIn()
    await fake.start()
    fake.add_guild(10)
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "TOTEMBOT"))},
        "DISCORD_TOKEN": BENCH_TOKEN,
        "TOTEMBOT_DATABASE": database,
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
    }
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "totembot", "run"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        await fake.wait_ready(timeout=60)
        elapsed = time.perf_counter() - started
        await asyncio.sleep(0.5)
        rss = peak_rss_mb(process.pid)
    finally:
        process.send_signal(signal.SIGTERM)
        await asyncio.to_thread(process.wait, 30)
        await fake.stop()
    return elapsed, rss


def compiled_as_installed() -> None:
    """The package's bytecode written, as pip writes it when it installs the wheel (untimed; for
    an installed wheel there is nothing left to do). A checkout whose shell sets
    PYTHONDONTWRITEBYTECODE (this machine's do) would otherwise compile every module of
    totembot from source at each start: 0.43 to 0.53 s to ready instead of 0.38 to 0.41."""
    package = Path(totembot.__file__).parent
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(package)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,  # a package it may not write to is timed as it is
    )


def _won(config: GameConfig) -> GameState:
    """The game set up by `config`, won at once by its first player."""
    ruleset = ruleset_of(config.format)
    state = ruleset.new_game(config)
    line = ruleset.parse_line(f"{config.players[0]}: win", state)
    assert line is not None
    return ruleset.record(state, line.request_as(config.players[0], False)).state


def peak_rss_mb(pid: int) -> float | None:
    return status_mb(pid, "VmHWM")


async def run_bench(plan: Plan, server: str | None = None) -> dict[str, Any]:
    """Every figure on SQLite; with `server`, on PostgreSQL (the Discord calls left out)."""
    with tempfile.TemporaryDirectory(prefix="totembot-bench-") as tmp:
        folder = Path(tmp)
        place: Place = Folder(folder) if server is None else Server(server)
        per_games: dict[str, float] = {}
        timings = Timings()
        for games in plan.game_counts:
            timings = await measure_requests(place, games, plan.requests)
            per_games[str(games)] = round(timings.requests_per_s, 1)
        concurrent = await measure_concurrent(place, plan)
        calls = None if server else await measure_discord_calls(folder, plan)
        startup, rss = await measure_startup(place, plan)
        async with place.database("stats") as database:
            stats = await measure_stats(database, plan.finished_games)
        swept()
        backlog = await measure_backlog(place.database, plan.finished_games)
        async with place.database("ratings") as database:
            ratings = await measure_ratings(database, plan.finished_games)
        async with place.database("rivals") as database:
            rivals = await measure_rivals(database, plan.finished_games)
        board_and_memory = None if server else await measure_board_and_memory(folder, plan)
        swept()
        heavy = (
            None
            if server
            else await measure_heavy(
                folder, plan.heavy_requests, before_each_stretch=records_set_aside
            )
        )
        swept()
        async with place.database("live") as database:
            live = await measure_live(database, plan.concurrent_requests // 100, plan.requests)
    figures: dict[str, Any] = {"backend": place.backend} if server else {}
    figures |= request_figures(timings, per_games, concurrent)  # the most games: the last run
    if calls is not None:
        figures["api_calls_per_request"] = round(calls[0], 3)
        figures["panel_calls_per_move"] = round(calls[1], 3)
    figures |= {
        "startup_s": round(startup, 3),
        "rss_mb": None if rss is None else round(rss, 1),
        "stats_games": stats.games,
        "stats_first_ms": stats.first_ms,
        "stats_ms": stats.all_ms,
        "stats_guild_ms": stats.guild_ms,
    }
    figures |= backlog_figures(backlog)
    figures |= ratings_figures(ratings)
    figures |= rivals_figures(rivals)
    if board_and_memory is not None:
        figures |= board_and_memory
    if heavy is not None:
        figures |= heavy_figures(heavy)
    figures |= live_figures(live)
    if server:
        figures["left_out"] = list(LEFT_OUT)
    return figures


def swept() -> None:
    """Collect the garbage the blocks before left, untimed: a bot's process does not carry
    10,000 channels' games the memory block let go of (a full collection of them, 1.3 million
    objects, took 1.3 to 2.3 s in the heavy block's stretches), nor the pictures' leftovers."""
    gc.collect()


async def measure_board_and_memory(folder: Path, plan: Plan) -> dict[str, Any]:
    """The board picture against its Pillow floor, and the bot's RSS after as many channels
    as the plan has finished games have each played a game, over its RSS once started."""
    figures = board_figures(measure_boards(BOARD_ROUNDS))
    memory = await measure_memory(str(folder / "memory.sqlite3"), plan.finished_games)
    return figures | memory_figures(memory)


def request_figures(
    timings: Timings, per_games: dict[str, float], concurrent: Concurrent
) -> dict[str, Any]:
    """The floors, the serial requests against them, and the requests with many channels at
    once against the serial bare commits per second (1 / the bare floor's median)."""
    floor, bare = median_ms(timings.floor), median_ms(timings.bare)
    p50, p99, bare_p99 = median_ms(timings.requests), p99_ms(timings.requests), p99_ms(timings.bare)
    bare_per_s = 1000 / bare
    return {
        "floor_ms": round(floor, 3),
        "floor_bare_ms": round(bare, 3),
        "floor_p99_ms": round(bare_p99, 3),
        "request_ms_p50": round(p50, 3),
        "request_ms_p99": round(p99, 3),
        "ratio": round(p50 / floor, 3),
        "ratio_bare": round(p50 / bare, 3),
        "p99_ratio": round(p99 / bare_p99, 3),
        "requests_per_s": per_games,
        "bare_commits_per_s": round(bare_per_s, 1),
        "concurrent_channels": concurrent.channels,
        "concurrent_requests_per_s": round(concurrent.requests_per_s, 1),
        "concurrent_speedup": round(concurrent.requests_per_s / bare_per_s, 3),
        "status_edits": timings.edits,
        "status_edit_ms": round(timings.edit_ms, 3),
    }


# Measured on SQLite only: the bot's Discord calls, its drawing, its board picture and the
# memory it keeps per channel do not depend on its database.
LEFT_OUT = (
    "api_calls_per_request",
    "panel_calls_per_move",
    "board_floor_ratio",
    "do_p99_heavy_ratio",
    "loop_lag_p99_heavy_ratio",
    "rss_growth_ratio",
)


def describe(figures: dict[str, Any], plan: Plan, server: str | None = None) -> str:
    rates = ", ".join(
        f"{games} games: {rate}/s" for games, rate in figures["requests_per_s"].items()
    )
    calls = (
        f"Discord API calls per request: {figures['api_calls_per_request']}"
        if "api_calls_per_request" in figures
        else "Discord API calls per request: left out on PostgreSQL (the bot's Discord calls "
        "do not depend on its database: see the SQLite run)"
    )
    if "panel_calls_per_move" in figures:
        calls += (
            f"\nDiscord calls per panel move: {figures['panel_calls_per_move']} (target: 2, the "
            "panel's update and the move's reply, with status edits coalesced as for /do)"
        )
    bare = "sqlite3" if server is None else "one asyncpg connection"
    lines = [
        f"floor (one event row committed through the store): {figures['floor_ms']} ms (median)",
        f"bare floor (the same row committed with {bare}, no thread, no lock): "
        f"{figures['floor_bare_ms']} ms (median), p99 {figures['floor_p99_ms']} ms",
        f"request (the bot's /do without Discord: access, parse, rules, commit, reply text, "
        f"debounced status) with {max(plan.game_counts)} games: "
        f"p50 {figures['request_ms_p50']} ms, p99 {figures['request_ms_p99']} ms",
        f"ratio request/floor: {figures['ratio']}",
        f"ratio request/bare floor: {figures['ratio_bare']}, p99: {figures['p99_ratio']}",
        f"requests per second, one at a time: {rates}",
        f"requests per second, {figures['concurrent_channels']} channels at once: "
        f"{figures['concurrent_requests_per_s']}/s, {figures['concurrent_speedup']} times the "
        f"serial bare commits ({figures['bare_commits_per_s']}/s)",
        f"status edits (debounced) with {max(plan.game_counts)} games: "
        f"{figures['status_edits']} for {plan.requests} requests, {figures['status_edit_ms']} ms "
        "each without Discord",
        calls,
        f"start-up with {plan.finished_games} finished and {plan.active_games} active games: "
        f"{figures['startup_s']} s, peak RSS {figures['rss_mb']} MB",
        f"statistics over {figures['stats_games']} finished games: first "
        f"{figures['stats_first_ms']} ms (the results made by then; the others are made in the "
        f"background), then {figures['stats_ms']} ms for all, {figures['stats_guild_ms']} ms "
        f"for one of {GUILDS} servers",
        *describe_backlog(figures),
        describe_ratings(figures),
        *describe_rivals(figures),
    ]
    if "board_floor_ratio" in figures:
        lines += [describe_board(figures), describe_memory(figures)]
    if "do_p99_heavy_ratio" in figures:
        lines += heavy_lines(figures)
    if "live_streams" in figures:
        lines.append(describe_live(figures))
    if server:
        lines.insert(
            0,
            f"PostgreSQL at {shown_url(server)}, in fresh databases totembot_bench_{os.getpid()}_* "
            "(dropped after):",
        )
    return "\n".join(lines)


def main(quick: bool, as_json: bool, server: str | None = None) -> int:
    """Run and print; a server that cannot be used is one sentence and exit status 2."""
    plan = QUICK if quick else FULL
    if server is not None and not is_postgres_url(server):
        print(
            "totembot: bench --db takes a postgresql:// URL (on SQLite the benchmark makes its "
            "own temporary files).",
            file=sys.stderr,
        )
        return 2
    settle_start_up()  # as `totembot run` does: each block then sees the bot's collector
    try:
        figures = asyncio.run(run_bench(plan, server))
    except StoreError as error:
        print(f"totembot: {error}", file=sys.stderr)
        return 2
    print(json.dumps(figures) if as_json else describe(figures, plan, server))
    return 0
