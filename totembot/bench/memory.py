"""`totembot bench`'s memory figure: the bot's resident memory after many channels have each
played a game, over its resident memory once started.

The bot runs as `totembot run` in its own process against the local Discord stand-in, on a
fresh database; its RSS (VmRSS: what it holds now, not its peak) is read when it is ready and
again after every channel has started a game with `/totem new`, recorded a few `/do`s and had
its status edited.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from totembot.bench import BENCH_TOKEN
from totembot.testing import StandIn

GUILD = 10
FIRST_CHANNEL = 100_000
USERS = (101, 102, 103, 104)
MOVES = ("deal 3 to P103", "P102 gains 2", "deal 2 to P101")
AT_ONCE = 25  # channels played at the same time
STATUS_INTERVAL = 0.5  # seconds: the status edits are made soon, so they are in the figure


@dataclass(frozen=True)
class MemoryFigures:
    channels: int
    startup_mb: float | None  # None where /proc cannot tell (not Linux)
    played_mb: float | None
    seconds: float  # to play every channel

    @property
    def ratio(self) -> float | None:
        if self.startup_mb is None or self.played_mb is None:
            return None
        return self.played_mb / self.startup_mb


def rss_mb(pid: int) -> float | None:
    """A process's resident memory now, in MB (None when it cannot be read)."""
    now = status_mb(pid, "VmRSS")
    return None if now is None else round(now, 1)


def status_mb(pid: int, field: str) -> float | None:
    """A memory figure of /proc/PID/status (`VmRSS`, `VmHWM`...) in MB; None where /proc
    cannot tell."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return None


def world(channels: int) -> StandIn:
    """The stand-in with one server, its players and `channels` text channels."""
    fake = StandIn()
    fake.member.grace = 0.0  # no followups to wait for: the next command goes at once
    fake.add_guild(GUILD)
    for user in USERS:
        fake.add_member(GUILD, user, f"player{user}", display_name=f"P{user}")
    for index in range(channels):
        fake.add_channel(GUILD, FIRST_CHANNEL + index, f"table-{index}")
    return fake


@asynccontextmanager
async def running_bot(database: str, fake: StandIn) -> AsyncIterator[int]:
    """`totembot run` on `database` against the stand-in, ready; yields its process id."""
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "TOTEMBOT"))},
        "DISCORD_TOKEN": BENCH_TOKEN,
        "TOTEMBOT_DATABASE": database,
        "TOTEMBOT_STATUS_INTERVAL": str(STATUS_INTERVAL),
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
    }
    sync = [sys.executable, "-m", "totembot", "sync", "--guild", str(GUILD)]
    await asyncio.to_thread(subprocess.run, sync, env=env, capture_output=True, check=True)
    process = subprocess.Popen(
        [sys.executable, "-m", "totembot", "run"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        await fake.wait_ready(timeout=60)
        yield process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        await asyncio.to_thread(process.wait, 30)


async def play(fake: StandIn, channel: int) -> None:
    """One channel's game: set up by its first player, then a few moves by the others."""
    mentions = " ".join(f"<@{user}>" for user in USERS)
    await fake.slash(USERS[0], channel, "totem new", {"players": mentions}, timeout=60)
    for move, user in zip(MOVES, USERS[1:], strict=True):
        await fake.slash(user, channel, "do", {"text": move}, timeout=60)


async def play_all(fake: StandIn, channels: int) -> None:
    """Every channel played, AT_ONCE of them at a time."""
    for start in range(0, channels, AT_ONCE):
        batch = range(start, min(channels, start + AT_ONCE))
        await asyncio.gather(*(play(fake, FIRST_CHANNEL + index) for index in batch))


async def measure_memory(database: str, channels: int) -> MemoryFigures:
    """The bot's RSS once ready, and after `channels` channels have each played a game (and
    their status edits are made)."""
    fake = world(channels)
    await fake.start()
    try:
        async with running_bot(database, fake) as pid:
            await asyncio.sleep(0.5)
            startup = rss_mb(pid)
            started = time.perf_counter()
            await play_all(fake, channels)
            seconds = time.perf_counter() - started
            await asyncio.sleep(STATUS_INTERVAL * 2 + 0.5)
            played = rss_mb(pid)
    finally:
        await fake.stop()
    return MemoryFigures(channels, startup, played, round(seconds, 1))


def memory_figures(memory: MemoryFigures) -> dict[str, object]:
    """The keys `totembot bench` adds for memory."""
    return {
        "rss_channels": memory.channels,
        "rss_startup_mb": memory.startup_mb,
        "rss_played_mb": memory.played_mb,
        "rss_growth_ratio": None if memory.ratio is None else round(memory.ratio, 3),
    }


def describe_memory(figures: dict[str, object]) -> str:
    """The memory line of `totembot bench`'s text output."""
    return (
        f"memory (the bot's RSS): {figures['rss_played_mb']} MB after "
        f"{figures['rss_channels']} channels each played a game, against "
        f"{figures['rss_startup_mb']} MB once started: ratio {figures['rss_growth_ratio']}"
    )
