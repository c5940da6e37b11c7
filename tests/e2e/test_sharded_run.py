"""Two `totembot run` processes share one bot as shards 0 and 1 of 2, and one SQLite file.

Guild 10 is shard 0's and guild (1 << 22) + 10 shard 1's. The processes log at DEBUG, where
discord.py writes every REST request it makes (the interaction callbacks, the status edits):
so each process's log says exactly which guilds it answered and which messages it edited.
"""

from __future__ import annotations

import signal
import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tests.e2e.conftest import (
    ANN,
    BOB,
    CID,
    GUILD,
    TABLE,
    TOKEN,
    BotProcess,
    assert_replies_settled,
    started_standin,
)
from totembot.shards import shard_of
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

SECOND_GUILD, SECOND_TABLE = (1 << 22) + 10, 30
PLAYERS = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}
SLOW_STATUS = 600.0  # after its first edit a status waits this long: a kill leaves it stale


async def test_the_two_guilds_are_on_the_two_shards() -> None:
    assert (shard_of(GUILD, 2), shard_of(SECOND_GUILD, 2)) == (0, 1)


class Shards:
    """The stand-in with both guilds, and one bot process per shard on one database."""

    def __init__(self, standin: StandIn, tmp_path: Path, status_interval: float) -> None:
        self.standin = standin
        self.database = tmp_path / "shared.sqlite3"
        self.processes = [
            self._process(shard, tmp_path, self.database, status_interval) for shard in (0, 1)
        ]

    def _process(
        self, shard: int, tmp_path: Path, database: Path, status_interval: float
    ) -> BotProcess:
        workdir = tmp_path / f"shard-{shard}"
        workdir.mkdir()
        return BotProcess(
            self.standin,
            workdir,
            status_interval=status_interval,
            args=["--shards", str(shard), "--shard-count", "2"],
            extra_env={"TOTEMBOT_DATABASE": str(database), "TOTEMBOT_LOG_LEVEL": "DEBUG"},
            shards=(shard,),
        )

    async def start(self) -> None:
        """One after the other: the first creates the database, the second finds it."""
        for process in self.processes:
            await process.start()

    async def stop(self, sig: int = signal.SIGTERM) -> None:
        for process in self.processes:
            await process.stop(sig)


async def two_guilds(commands: list[dict[str, Any]]) -> StandIn:
    """The tests' usual guild (shard 0's) and a second one on shard 1 with the same cast."""
    standin = await started_standin(commands)
    standin.add_guild(SECOND_GUILD, "Second night", owner_id=ANN)
    standin.add_channel(SECOND_GUILD, SECOND_TABLE, "table")
    for user_id, name in [(ANN, "Ann"), (BOB, "Bob"), (CID, "Cid")]:
        standin.add_member(SECOND_GUILD, user_id, name.lower(), display_name=name)
    standin.register_commands(SECOND_GUILD, commands)
    return standin


@pytest_asyncio.fixture(loop_scope="session")
async def shards(
    request: pytest.FixtureRequest, synced_commands: list[dict[str, Any]], tmp_path: Path
) -> AsyncIterator[Shards]:
    interval = getattr(request, "param", 0.2)
    standin = await two_guilds(synced_commands)
    both = Shards(standin, tmp_path, interval)
    try:
        yield both
        await assert_replies_settled(standin)
    finally:
        await both.stop(signal.SIGKILL)
        await standin.stop()


def answered(process: BotProcess, interaction_id: int) -> bool:
    """Whether the process called back this interaction (discord.py logs every request)."""
    return f"/interactions/{interaction_id}/" in process.log()


def logged(process: BotProcess, text: str) -> bool:
    return text in process.log()


def status_message(standin: StandIn, table: int) -> dict[str, Any]:
    [pinned] = standin.pins(table)
    message = standin.message(pinned)
    assert message is not None
    return message


def shows(standin: StandIn, table: int, text: str) -> bool:
    pins = standin.pins(table)
    message = standin.message(pins[-1]) if pins else None
    return message is not None and text in str(message.get("embeds"))


async def test_each_process_runs_its_shard_and_answers_only_its_own_guild(
    shards: Shards,
) -> None:
    standin, (first, second) = shards.standin, shards.processes
    await shards.start()

    assert standin.identified == [(0, 2), (1, 2)]
    replies = {}
    for table in (TABLE, SECOND_TABLE):
        started = await standin.slash(ANN, table, "totem new", PLAYERS)
        dealt = await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
        assert "Bob-Cid 20 -> 17" in str(dealt.content), dealt
        await standin.wait_for(partial(shows, standin, table, "♥ 17"))
        replies[table] = [started.interaction_id, dealt.interaction_id]

    for table, shard, process, other in [
        (TABLE, 0, first, second),
        (SECOND_TABLE, 1, second, first),
    ]:
        for interaction in replies[table]:
            assert standin.shard_of_interaction(interaction) == shard
            await standin.wait_for(partial(answered, process, interaction))  # its log line
            assert not answered(other, interaction)
    assert f"/channels/{SECOND_TABLE}/" not in first.log()
    assert f"/channels/{TABLE}/" not in second.log()
    with closing(sqlite3.connect(shards.database, timeout=10)) as db:
        games = db.execute("SELECT guild_id, channel_id FROM games ORDER BY id").fetchall()
    assert games == [(str(GUILD), str(TABLE)), (str(SECOND_GUILD), str(SECOND_TABLE))]
    for shard, process in enumerate(shards.processes):
        assert f"running shard {shard} of 2" in process.log()
        await standin.wait_for(partial(logged, process, f"shard {shard} of 2 ready"))
    assert TOKEN not in first.log() + second.log()


@pytest.mark.parametrize("shards", [SLOW_STATUS], indirect=True)
async def test_a_process_resyncs_at_start_only_the_status_messages_of_its_own_shard(
    shards: Shards,
) -> None:
    standin, (first, second) = shards.standin, shards.processes
    await shards.start()
    for table in (TABLE, SECOND_TABLE):
        await standin.slash(ANN, table, "totem new", PLAYERS)
        await standin.wait_for(partial(shows, standin, table, "♥ 20"))
        # The first edit was the post; the next waits SLOW_STATUS, so a kill leaves it stale.
        dealt = await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
        assert "Bob-Cid 20 -> 17" in str(dealt.content), dealt
    await shards.stop(signal.SIGKILL)
    stale = {table: status_message(standin, table) for table in (TABLE, SECOND_TABLE)}
    assert not any(shows(standin, table, "♥ 17") for table in stale)
    before = len(standin.calls)

    await first.start()
    await standin.wait_for(lambda: shows(standin, TABLE, "♥ 17"))
    assert await first.stop() == 0  # a clean stop makes any pending status edit at once

    restarted = standin.calls[before:]
    edited = [c.path for c in restarted if c.method == "PATCH"]
    assert edited == [f"/channels/{TABLE}/messages/{stale[TABLE]['id']}"]
    assert not any(f"/channels/{SECOND_TABLE}/" in c.path for c in restarted)
    assert status_message(standin, SECOND_TABLE) == stale[SECOND_TABLE]
    assert f"/channels/{SECOND_TABLE}/" not in first.log_path.read_text()

    await second.start()  # shard 1's own process brings its status up to date
    await standin.wait_for(lambda: shows(standin, SECOND_TABLE, "♥ 17"))
    assert status_message(standin, SECOND_TABLE)["id"] == stale[SECOND_TABLE]["id"]
