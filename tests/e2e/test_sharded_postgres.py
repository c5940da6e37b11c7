"""Two `totembot run` processes, shards 0 and 1 of 2, on one PostgreSQL database: a SIGKILL of
one in the middle of a burst leaves every acknowledged request in the log exactly once.

Each channel gets its own sequence of `deal N to Bob` with N = 1, 2, 3...: a request's amount
names it, so the stored log shows at once whether one was lost, doubled or reordered. A
request is acknowledged when the member saw its answer. The killed process may have committed
one last request whose answer never left (it is in the log once, unacknowledged); nothing
acknowledged may be missing, and nothing may be there twice.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tests.conftest import assert_every_game_rebuilds
from tests.e2e.conftest import (
    ANN,
    BOB,
    CID,
    OTHER_TABLE,
    TABLE,
    BotProcess,
    assert_replies_settled,
)
from tests.e2e.test_sharded_run import SECOND_GUILD, SECOND_TABLE, two_guilds
from tests.postgres import TestServer
from totembot.store import GameStore, open_store
from totembot.testing import StandIn

pytestmark = [pytest.mark.asyncio(loop_scope="session"), pytest.mark.postgres]

THIRD_TABLE = 31  # a second channel in shard 1's guild
SHARD_TABLES = {0: (TABLE, OTHER_TABLE), 1: (SECOND_TABLE, THIRD_TABLE)}
REQUESTS = 30  # per channel
KILL_AFTER = 12  # shard 1's acknowledged requests before its process is killed
PATIENCE = {0: 30.0, 1: 4.0}  # seconds a member waits for an answer: shard 1's may never come
NEW_GAME = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>", "life": 100000}


class Cluster:
    """The stand-in with two guilds, and one bot process per shard on one PostgreSQL."""

    def __init__(self, standin: StandIn, tmp_path: Path, url: str) -> None:
        self.standin = standin
        self.url = url
        self.processes = [self._process(shard, tmp_path) for shard in (0, 1)]

    def _process(self, shard: int, tmp_path: Path) -> BotProcess:
        workdir = tmp_path / f"shard-{shard}"
        workdir.mkdir()
        return BotProcess(
            self.standin,
            workdir,
            args=["--shards", str(shard), "--shard-count", "2"],
            extra_env={"TOTEMBOT_DATABASE": self.url},
            shards=(shard,),
        )


@pytest_asyncio.fixture(loop_scope="session")
async def cluster(
    synced_commands: list[dict[str, Any]], tmp_path: Path, postgres_server: TestServer
) -> AsyncIterator[Cluster]:
    standin = await two_guilds(synced_commands)
    standin.add_channel(SECOND_GUILD, THIRD_TABLE, "second-table")
    url = await postgres_server.create_database()
    both = Cluster(standin, tmp_path, url)
    try:
        yield both
        await assert_replies_settled(standin)
    finally:
        for process in both.processes:
            await process.stop(signal.SIGKILL)
        await standin.stop()
        await postgres_server.drop_database(url)


async def play(standin: StandIn, table: int, patience: float, acknowledged: list[int]) -> None:
    """One member's requests in one channel, each sent once its answer came; the first that
    gets no answer (its process is gone) ends the channel's burst."""
    for amount in range(1, REQUESTS + 1):
        try:
            reply = await standin.slash(
                ANN, table, "do", {"text": f"deal {amount} to Bob"}, timeout=patience
            )
        except TimeoutError:  # the stand-in held it for a shard that never came back
            return
        if reply.failed:  # Discord's "did not respond": the process died before answering
            return
        assert "->" in str(reply.content), reply  # an answer is always the change it made
        acknowledged.append(amount)


async def kill_after(cluster: Cluster, acknowledged: dict[int, list[int]]) -> None:
    def enough() -> bool:
        return sum(len(acknowledged[table]) for table in SHARD_TABLES[1]) >= KILL_AFTER

    await cluster.standin.wait_for(enough, timeout=60)
    await cluster.processes[1].stop(signal.SIGKILL)


async def stored_amounts(store: GameStore, table: int) -> list[int]:
    """The amounts of the channel's game's requests, in the order of its log."""
    game = await store.load_current(str(table))
    assert game is not None
    return [amount_of(record.request) for record in await store.events(game.id)]


def amount_of(request: object) -> int:
    amount = getattr(getattr(request, "intent", None), "amount", None)
    assert isinstance(amount, int), request
    return amount


async def test_a_sigkill_in_a_burst_keeps_every_acknowledged_request_exactly_once(
    cluster: Cluster,
) -> None:
    standin = cluster.standin
    for process in cluster.processes:  # one after the other: the first migrates the database
        await process.start()
    for tables in SHARD_TABLES.values():
        for table in tables:
            started = await standin.slash(ANN, table, "totem new", NEW_GAME)
            assert not started.failed, started

    acknowledged: dict[int, list[int]] = {t: [] for ts in SHARD_TABLES.values() for t in ts}
    await asyncio.gather(
        kill_after(cluster, acknowledged),
        *(
            play(standin, table, PATIENCE[shard], acknowledged[table])
            for shard, tables in SHARD_TABLES.items()
            for table in tables
        ),
    )

    store = await open_store(cluster.url)
    try:
        for table in SHARD_TABLES[0]:  # the survivor answered everything
            assert acknowledged[table] == list(range(1, REQUESTS + 1))
            assert await stored_amounts(store, table) == acknowledged[table]
        killed_mid_burst = False
        for table in SHARD_TABLES[1]:
            stored = await stored_amounts(store, table)
            assert stored == list(range(1, len(stored) + 1)), "a request lost, doubled or moved"
            assert stored[: len(acknowledged[table])] == acknowledged[table]
            assert len(stored) - len(acknowledged[table]) in (0, 1)  # one answer may not have left
            killed_mid_burst |= len(acknowledged[table]) < REQUESTS
        assert killed_mid_burst, "the kill came after the burst: nothing was tested"
        assert await assert_every_game_rebuilds(store) == 4

        # The supervisor starts shard 1 again: its games go on from what was stored.
        await cluster.processes[1].start()
        before = await stored_amounts(store, SECOND_TABLE)
        reply = await standin.slash(ANN, SECOND_TABLE, "do", {"text": "deal 999 to Bob"})
        assert "->" in str(reply.content), reply
        assert await stored_amounts(store, SECOND_TABLE) == [*before, 999]
    finally:
        await store.close()
