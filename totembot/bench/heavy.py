"""`totembot bench`'s heavy figures: `/do` through the bot and the local Discord stand-in while
boards and charts are drawn beside it, against the same requests with nothing drawn.

A summary chart ends every game, and `/totem board` and `/totem chart` draw on request, so on a
busy server pictures are drawn while other channels play. What players feel is the answer to
their `/do`; what every channel feels is the event loop's lag (how late a timer fires). Both
are measured in short stretches, quiet and heavy in turn (a member asking for a board,
then a chart, over and over in a channel of their own), so that both kinds see the same load
from whatever else runs on the machine; their p99s are then compared.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from totembot.bench import BENCH_TOKEN
from totembot.bench.requests import p99_ms
from totembot.testing import StandIn
from totembot.testing.model import EPHEMERAL

GUILD = 10
USERS = (101, 102, 103, 104)
REQUEST_CHANNELS = (1000, 1001, 1002, 1003)
DRAWING_CHANNEL = 2000
LAG_TICK = 0.005  # the lag watch's timer: how late each one fires is the loop's lag
REQUEST_GAP = 0.02  # seconds between two /do: 50 a second, spread over the request channels
STRETCH = 50  # requests in a stretch: a second of each kind in turn, so both see the same load
# The drawing channel's game: turns with changes, so its chart has lines and steps to draw.
DRAWN_LINES = tuple(
    line for turn in range(8) for line in (f"deal {1 + turn % 3} to P{USERS[1 + turn % 3]}", "next")
)


@dataclass
class Run:
    """One kind of stretch (quiet or heavy), its rounds pooled."""

    requests: list[float] = field(default_factory=list)  # seconds from command to answer
    lags: list[float] = field(default_factory=list)  # seconds each timer fired late
    pictures: int = 0  # boards and charts answered meanwhile


@dataclass(frozen=True)
class Heavy:
    quiet: Run
    heavy: Run


class LagWatch:
    """How late the event loop wakes a timer of LAG_TICK seconds, for as long as it runs."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _watch(self) -> None:
        clock = time.perf_counter
        while True:
            started = clock()
            await asyncio.sleep(LAG_TICK)
            self.lags.append(max(0.0, clock() - started - LAG_TICK))

    def start(self) -> None:
        self._task = asyncio.create_task(self._watch())

    async def stop(self) -> list[float]:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        return self.lags


@asynccontextmanager
async def bot_beside_standin(folder: Path) -> AsyncIterator[StandIn]:
    """The bot, in this process and loop, connected to a stand-in with the bench's channels,
    each holding a game: long ones to record in, and one with turns to draw."""
    import discord

    from totembot.bot.runner import close_bot, open_bot, point_at
    from totembot.settings import Settings
    from totembot.store import open_store

    fake = StandIn(followup_grace=0.0)  # an answer is taken as soon as it is complete
    await fake.start()
    fake.add_guild(GUILD)
    for channel in (*REQUEST_CHANNELS, DRAWING_CHANNEL):
        fake.add_channel(GUILD, channel, f"table-{channel}")
    for user in USERS:
        fake.add_member(GUILD, user, f"player{user}", display_name=f"P{user}")
    settings = Settings(
        DISCORD_TOKEN=BENCH_TOKEN,
        TOTEMBOT_DATABASE=str(folder / "heavy.sqlite3"),
        DISCORD_API_BASE=fake.api_base,
        DISCORD_GATEWAY_URL=fake.gateway_url,
    )
    point_at(settings)
    # Made first: a new database is a warning in the bot's log, printed beside the bench's own.
    await (await open_store(settings.database)).close()
    bot = await open_bot(settings)
    runner: asyncio.Task[None] | None = None
    try:
        await bot.login(BENCH_TOKEN)
        runner = asyncio.create_task(bot.connect())
        bot.tree.copy_global_to(guild=discord.Object(id=GUILD))
        await bot.tree.sync(guild=discord.Object(id=GUILD))
        await fake.wait_ready()
        await _set_tables(fake)
        yield fake
    finally:
        if runner is not None:
            runner.cancel()
        await close_bot(bot)
        await fake.stop()


async def _set_tables(fake: StandIn) -> None:
    new = {"format": "free-for-all", "players": " ".join(f"<@{user}>" for user in USERS)}
    for channel in REQUEST_CHANNELS:  # life enough that no request ever ends the game
        await _checked(fake, channel, "totem new", new | {"life": 1_000_000})
    await _checked(fake, DRAWING_CHANNEL, "totem new", new)
    for line in DRAWN_LINES:
        await _checked(fake, DRAWING_CHANNEL, "do", {"text": line})


async def _checked(fake: StandIn, channel: int, command: str, options: dict[str, Any]) -> None:
    """A command the bot must answer publicly (a refusal would be timed as a cheap one). On a
    busy machine a picture may take longer than the bot's answering deadline: the bot then
    defers privately and posts the picture after, which is waited for."""
    reply = await fake.slash(USERS[0], channel, command, options, timeout=60)
    if reply.deferred and not reply.failed:
        await fake.wait_for(lambda: bool(fake.reply(reply.interaction_id).followups), timeout=60)
        reply = fake.reply(reply.interaction_id)
        if not any(not followup_ephemeral(shown) for shown in reply.followups):
            raise RuntimeError(f"the bench's /{command} {options} was refused: {reply}")
        return
    if reply.failed or reply.ephemeral:
        raise RuntimeError(f"the bench's /{command} {options} was not answered: {reply}")


def followup_ephemeral(message: dict[str, Any]) -> bool:
    return bool(int(message.get("flags") or 0) & EPHEMERAL)


async def requests(fake: StandIn, count: int, into: Run) -> None:
    """`count` /do, one every REQUEST_GAP seconds whether or not the last was answered (as
    players in many channels send them), round the request channels, each timed to its
    answer."""
    clock = time.perf_counter
    started = clock()
    sent = []
    for index in range(count):
        channel = REQUEST_CHANNELS[index % len(REQUEST_CHANNELS)]
        target = USERS[1 + index % (len(USERS) - 1)]
        sent.append(asyncio.create_task(_timed_do(fake, channel, f"deal 1 to P{target}")))
        await asyncio.sleep(max(0.0, started + (index + 1) * REQUEST_GAP - clock()))
    into.requests += await asyncio.gather(*sent)


async def _timed_do(fake: StandIn, channel: int, text: str) -> float:
    """Seconds from the member's /do to its answer."""
    started = time.perf_counter()
    reply = await fake.slash(USERS[0], channel, "do", {"text": text}, timeout=60)
    answered = time.perf_counter() - started
    if reply.failed or reply.ephemeral:
        raise RuntimeError(f"the bench's /do was not answered: {reply}")
    return answered


async def draw_until(fake: StandIn, stop: asyncio.Event, drawn: asyncio.Event) -> int:
    """Boards and charts, one after another, until `stop`; `drawn` is set after the first."""
    pictures = 0
    while not stop.is_set():
        command = "totem board" if pictures % 2 == 0 else "totem chart"
        await _checked(fake, DRAWING_CHANNEL, command, {})
        pictures += 1
        drawn.set()
    return pictures


async def quiet_stretch(fake: StandIn, count: int, into: Run) -> None:
    watch = LagWatch()
    watch.start()
    try:
        await requests(fake, count, into)
    finally:
        into.lags += await watch.stop()


async def heavy_stretch(fake: StandIn, count: int, into: Run) -> None:
    """The requests while a member keeps asking for pictures (drawing from the first on)."""
    stop, drawn = asyncio.Event(), asyncio.Event()
    drawer = asyncio.create_task(draw_until(fake, stop, drawn))
    try:
        await drawn.wait()
        await quiet_stretch(fake, count, into)
    finally:
        stop.set()
        into.pictures += await drawer


async def measure_heavy(
    folder: Path,
    count: int,
    stretch: int = STRETCH,
    before_each_stretch: Callable[[], None] = lambda: None,
) -> Heavy:
    """`count` requests of each kind, in quiet and heavy stretches of `stretch` taken in turn,
    after a warm-up that draws a board and a chart (a picture's first drawing imports its
    libraries) and records a round of requests. `totembot bench` sets the records aside
    before each stretch (`records_set_aside`); a test's process is left as it is."""
    quiet, heavy, warm = Run(), Run(), Run()
    async with bot_beside_standin(folder) as fake:
        await _checked(fake, DRAWING_CHANNEL, "totem board", {})
        await _checked(fake, DRAWING_CHANNEL, "totem chart", {})
        await requests(fake, 2 * len(REQUEST_CHANNELS), warm)
        for start in range(0, count, stretch):
            each = min(stretch, count - start)
            before_each_stretch()
            await quiet_stretch(fake, each, quiet)
            before_each_stretch()
            await heavy_stretch(fake, each, heavy)
    return Heavy(quiet, heavy)


def records_set_aside() -> None:
    """Out of the collector's sight before each stretch, of either kind: what came before it.

    The stand-in keeps every message, interaction and REST call it saw (Discord keeps them on
    its servers, not in the bot's process): about 4,000 objects a round, 130,000 by the end of
    a full block. Each full collection of this process walked them all, 12 to 65 ms, and fell
    in whichever stretch it fell in, four times a block. Frozen (`gc.freeze`), they are not
    walked again; what the bot and the stand-in make during a stretch still is."""
    gc.freeze()


def ratio(heavy: Sequence[float], quiet: Sequence[float]) -> float:
    return round(p99_ms(heavy) / max(p99_ms(quiet), 1e-6), 3)


def heavy_figures(measured: Heavy) -> dict[str, Any]:
    """The p99s of both kinds of stretch and their ratios (heavy over quiet)."""
    quiet, heavy = measured.quiet, measured.heavy
    return {
        "do_p99_ms_quiet": round(p99_ms(quiet.requests), 3),
        "do_p99_ms_heavy": round(p99_ms(heavy.requests), 3),
        "do_p99_heavy_ratio": ratio(heavy.requests, quiet.requests),
        "loop_lag_p99_ms_quiet": round(p99_ms(quiet.lags), 3),
        "loop_lag_p99_ms_heavy": round(p99_ms(heavy.lags), 3),
        "loop_lag_max_ms_heavy": round(max(heavy.lags, default=0.0) * 1000, 3),
        "loop_lag_p99_heavy_ratio": ratio(heavy.lags, quiet.lags),
        "heavy_requests": len(heavy.requests),
        "heavy_pictures": heavy.pictures,
    }


def heavy_lines(figures: dict[str, Any]) -> list[str]:
    """The heavy figures as `totembot bench` prints them, each beside its quiet floor."""
    return [
        f"/do through the bot and the Discord stand-in, p99: {figures['do_p99_ms_quiet']} ms "
        f"with nothing drawn, {figures['do_p99_ms_heavy']} ms while boards and charts are "
        f"drawn ({figures['heavy_pictures']} pictures during {figures['heavy_requests']} "
        f"requests): ratio {figures['do_p99_heavy_ratio']}",
        f"event loop lag, p99: {figures['loop_lag_p99_ms_quiet']} ms with nothing drawn, "
        f"{figures['loop_lag_p99_ms_heavy']} ms while drawing (max "
        f"{figures['loop_lag_max_ms_heavy']} ms): ratio {figures['loop_lag_p99_heavy_ratio']}",
    ]
