"""End-to-end fixtures: the local Discord stand-in, and the real `totembot` process against it.

Starting processes is most of an end-to-end test's cost, so:

* the slash commands are synced once per session by a real `totembot sync`, and every stand-in
  starts with them registered;
* most tests share one stand-in and one `totembot run` for the whole session (`standin`, `bot`)
  and play in a fresh channel of their own (`table`), so their games never meet;
* a test marked ``@pytest.mark.own_bot`` (it stops, kills or restarts the bot, or needs other
  settings such as ``status_interval``) gets a stand-in and a bot process of its own, and
  ``table`` is then that world's ``TABLE``.

Bot tests run in the session's event loop (``pytestmark`` in each module), where the shared
stand-in lives.

A reply is taken as soon as it is complete (the callback, the edit after a deferral, the
followups a test asks for), with no quiet time after each: instead, when a test ends, once the
bot has been quiet for ``GRACE``, a reply the bot added to after the test took it (a followup or
an edit it did not wait for) fails the test. So a late or extra followup is caught as before,
and a test waits explicitly (``followups=N``, ``wait_for``) for what comes later.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from totembot.testing import Reply, StandIn

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.GabCdE.e2e-token-never-shown-0123456789"
GUILD, TABLE, OTHER_TABLE = 10, 20, 21
ANN, BOB, CID, DAN, EVE, ADMIN, SPECTATOR = 101, 102, 103, 104, 105, 106, 107
OWNER = 1  # the application's owner in the stand-in
MANAGE_GUILD = 1 << 5
GRACE = 0.05  # quiet time at a test's end before its replies are checked to be unchanged
STATUS_INTERVAL = 0.2


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "own_bot(status_interval=0.2): the test stops, kills or restarts the bot, or needs "
        "other settings: it gets a stand-in and a `totembot run` of its own",
    )


@dataclass
class BotProcess:
    """`totembot run` as a user would start it, pointed at the stand-in by its settings."""

    standin: StandIn
    workdir: Path
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0
    status_interval: float = STATUS_INTERVAL
    args: list[str] = field(default_factory=list)  # after `totembot run`, e.g. --shards 0
    extra_env: dict[str, str] = field(default_factory=dict)  # over env(), e.g. a shared database
    shards: tuple[int, ...] = ()  # the shards it runs: start() waits for each to be ready

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
            "TOTEMBOT_WEB": "127.0.0.1:0",  # live pages on a free port (test_live_page.py)
            **self.extra_env,
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
        identified = len(self.standin.identified)
        self.starts += 1
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "totembot", "run", *self.args],
                env=self.env(),
                cwd=self.workdir,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        try:
            if self.shards:
                await self._shards_ready(identified)
            else:
                await self.standin.wait_for(
                    lambda: len(self.standin.identified) > identified, timeout=30
                )
                await self.standin.wait_ready(timeout=30)
        except TimeoutError:
            raise AssertionError(f"the bot did not start:\n{self.log()}") from None

    async def _shards_ready(self, identified: int) -> None:
        """Each of its shards identified anew since the start, then processed its READY."""

        def identified_anew() -> bool:
            return set(self.shards) <= {s for s, _ in self.standin.identified[identified:]}

        await self.standin.wait_for(identified_anew, timeout=30)
        await self.standin.wait_ready(timeout=30, shards=self.shards)

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


class CheckedStandIn(StandIn):
    """The stand-in, taking each reply as soon as it is complete and remembering when, so that
    a test's end can check that the bot added nothing to a reply after the test took it."""

    def __init__(self) -> None:
        super().__init__(followup_grace=0.0)
        self.taken: dict[int, float] = {}  # interaction id -> when the test took its reply

    def _took(self, reply: Reply) -> Reply:
        self.taken[reply.interaction_id] = time.monotonic()
        return reply

    async def slash(self, *args: Any, **kwargs: Any) -> Reply:
        return self._took(await super().slash(*args, **kwargs))

    async def click(self, *args: Any, **kwargs: Any) -> Reply:
        return self._took(await super().click(*args, **kwargs))

    async def select(self, *args: Any, **kwargs: Any) -> Reply:
        return self._took(await super().select(*args, **kwargs))

    async def submit_modal(self, *args: Any, **kwargs: Any) -> Reply:
        return self._took(await super().submit_modal(*args, **kwargs))

    async def forged_click(self, *args: Any, **kwargs: Any) -> Reply:
        return self._took(await super().forged_click(*args, **kwargs))

    async def settle_replies(self) -> list[str]:
        """Once no reply taken since the last call has had activity for GRACE seconds (10 s
        at most), the ones the bot added to after they were taken, described."""
        records = {rec.id: rec for rec in self.interactions.by_token.values()}
        taken = [(records[id], at) for id, at in self.taken.items() if id in records]
        self.taken = {}
        limit = time.monotonic() + 10
        while taken and time.monotonic() < limit:
            left = max(rec.last_activity for rec, _ in taken) + GRACE - time.monotonic()
            if left <= 0:
                break
            await asyncio.sleep(left)
        return [
            f"interaction {rec.id} (channel {rec.channel_id}): the bot answered again "
            f"{rec.last_activity - at:.3f} s after the test took its reply"
            for rec, at in taken
            if rec.last_activity > at
        ]


async def started_standin(commands: list[dict[str, Any]] | None = None) -> CheckedStandIn:
    """A stand-in with one guild, two channels and the cast of the tests."""
    fake = CheckedStandIn()
    await fake.start()
    fake.add_guild(GUILD, "Game night", owner_id=ADMIN)
    fake.add_channel(GUILD, TABLE, "table")
    fake.add_channel(GUILD, OTHER_TABLE, "other-table")
    for user_id, name in [(ANN, "Ann"), (BOB, "Bob"), (CID, "Cid"), (DAN, "Dan"), (EVE, "Eve")]:
        fake.add_member(GUILD, user_id, name.lower(), display_name=name)
    fake.add_member(GUILD, ADMIN, "admin", display_name="Ada Admin", permissions=MANAGE_GUILD)
    fake.add_member(GUILD, SPECTATOR, "watcher", display_name="Watcher")
    fake.add_member(GUILD, OWNER, "owner", display_name="Owner")
    if commands is not None:
        fake.register_commands(GUILD, commands)
    return fake


async def stopped(process: BotProcess) -> None:
    if process.process is not None:
        await process.stop(signal.SIGKILL)
    await process.standin.stop()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def synced_commands(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The commands a real `totembot sync --guild` registers, exactly as it sent them."""
    fake = await started_standin()
    try:
        await BotProcess(fake, tmp_path_factory.mktemp("sync")).sync()
        return fake.sent_commands(GUILD)
    finally:
        await fake.stop()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def shared_bot(
    synced_commands: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[BotProcess]:
    """One stand-in and one `totembot run` for every test that does not need its own."""
    fake = await started_standin(synced_commands)
    process = BotProcess(fake, tmp_path_factory.mktemp("shared-bot"))
    try:
        await process.start()
        yield process
    finally:
        await stopped(process)


@pytest_asyncio.fixture(loop_scope="session")
async def own_bot(
    request: pytest.FixtureRequest, synced_commands: list[dict[str, Any]], tmp_path: Path
) -> AsyncIterator[BotProcess]:
    marker = request.node.get_closest_marker("own_bot")
    interval = marker.kwargs.get("status_interval", STATUS_INTERVAL) if marker else None
    fake = await started_standin(synced_commands)
    process = BotProcess(fake, tmp_path, status_interval=interval or STATUS_INTERVAL)
    try:
        await process.start()
        yield process
    finally:
        await stopped(process)


def owns_bot(request: pytest.FixtureRequest) -> bool:
    return request.node.get_closest_marker("own_bot") is not None


@pytest.fixture
def bot(request: pytest.FixtureRequest) -> Iterator[BotProcess]:
    """The test's bot process: the session's, or its own under ``@pytest.mark.own_bot``.

    Faults a test injected and did not use up are forgotten after it."""
    process = request.getfixturevalue("own_bot" if owns_bot(request) else "shared_bot")
    assert isinstance(process, BotProcess)
    if process.process is None or process.process.poll() is not None:
        raise AssertionError(f"the bot process is not running:\n{process.log()[-3000:]}")
    yield process
    process.standin.clear_faults()


async def assert_replies_settled(standin: StandIn) -> None:
    """Fail when the bot added to a reply after the test took it (see the module's docstring)."""
    assert isinstance(standin, CheckedStandIn)
    if late := await standin.settle_replies():
        pytest.fail(
            "a reply changed after the test took it: wait for what comes later "
            "(followups=N, wait_for):\n" + "\n".join(late),
            pytrace=False,
        )


@pytest_asyncio.fixture(loop_scope="session")
async def checked_standin(bot: BotProcess) -> AsyncIterator[StandIn]:
    """The bot's stand-in; at the test's end, the replies it took are checked unchanged."""
    assert isinstance(bot.standin, CheckedStandIn)
    bot.standin.taken = {}
    yield bot.standin
    await assert_replies_settled(bot.standin)


@pytest.fixture
def standin(checked_standin: StandIn) -> StandIn:
    return checked_standin


@pytest.fixture
def table(request: pytest.FixtureRequest, bot: BotProcess, checked_standin: StandIn) -> int:
    """A channel no other test plays in."""
    return TABLE if owns_bot(request) else checked_standin.new_channel(GUILD)
