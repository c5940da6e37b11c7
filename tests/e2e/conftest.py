"""End-to-end fixtures: the local Discord stand-in, and the real `totembot` process against it."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from totembot.testing import StandIn

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.GabCdE.e2e-token-never-shown-0123456789"
GUILD, TABLE, OTHER_TABLE = 10, 20, 21
ANN, BOB, CID, DAN, EVE, ADMIN, SPECTATOR = 101, 102, 103, 104, 105, 106, 107
MANAGE_GUILD = 1 << 5


@dataclass
class BotProcess:
    """`totembot run` as a user would start it, pointed at the stand-in by its settings."""

    standin: StandIn
    workdir: Path
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0
    status_interval: float = 0.2

    def env(self) -> dict[str, str]:
        clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "TOTEMBOT"))}
        return {
            **clean,
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": TOKEN,
            "DISCORD_API_BASE": self.standin.api_base,
            "DISCORD_GATEWAY_URL": self.standin.gateway_url,
            "TOTEMBOT_DATABASE": str(self.workdir / "totembot.sqlite3"),
            "TOTEMBOT_STATUS_INTERVAL": str(self.status_interval),
            "TOTEMBOT_SHUFFLE_SEED": "7",
        }

    @property
    def log_path(self) -> Path:
        return self.workdir / f"bot-{self.starts}.log"

    async def sync(self) -> str:
        result = await asyncio.to_thread(
            subprocess.run,
            [sys.executable, "-m", "totembot", "sync", "--guild", str(GUILD)],
            env=self.env(),
            cwd=self.workdir,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout

    async def start(self) -> None:
        identified = self.standin.identifies
        self.starts += 1
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "totembot", "run"],
                env=self.env(),
                cwd=self.workdir,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        try:
            await self.standin.wait_for(lambda: self.standin.identifies > identified, timeout=30)
            await self.standin.wait_ready(timeout=30)
        except TimeoutError:
            raise AssertionError(f"the bot did not start:\n{self.log()}") from None

    def log(self) -> str:
        return "".join(
            path.read_text(errors="replace") for path in sorted(self.workdir.glob("*.log"))
        )

    async def stop(self, sig: int = signal.SIGTERM) -> int:
        """Stop the process (SIGTERM: a clean shut-down; SIGKILL: a crash)."""
        if self.process is None:
            return 0
        self.process.send_signal(sig)
        code = await asyncio.to_thread(self.process.wait, 30)
        self.process = None
        return code

    async def restart(self, sig: int = signal.SIGKILL) -> None:
        await self.stop(sig)
        await self.start()


async def started_standin() -> StandIn:
    """A stand-in with one guild, two channels and the cast of the tests."""
    fake = StandIn()
    await fake.start()
    fake.add_guild(GUILD, "Game night", owner_id=ADMIN)
    fake.add_channel(GUILD, TABLE, "table")
    fake.add_channel(GUILD, OTHER_TABLE, "other-table")
    for user_id, name in [(ANN, "Ann"), (BOB, "Bob"), (CID, "Cid"), (DAN, "Dan"), (EVE, "Eve")]:
        fake.add_member(GUILD, user_id, name.lower(), display_name=name)
    fake.add_member(GUILD, ADMIN, "admin", display_name="Ada Admin", permissions=MANAGE_GUILD)
    fake.add_member(GUILD, SPECTATOR, "watcher", display_name="Watcher")
    return fake


async def started_bot(standin: StandIn, workdir: Path) -> BotProcess:
    process = BotProcess(standin, workdir)
    await process.sync()
    await process.start()
    return process


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    fake = await started_standin()
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
async def bot(standin: StandIn, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = await started_bot(standin, tmp_path)
    try:
        yield process
    finally:
        if process.process is not None:
            await process.stop(signal.SIGKILL)
