"""Two shard processes on one PostgreSQL database: a page served by one process follows a game
that the other process records (LISTEN/NOTIFY), and a reset in one ends the other's stream."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import ANN, BOB, CID, TABLE
from tests.e2e.test_live_page import linked
from tests.e2e.test_sharded_postgres import Cluster, cluster  # noqa: F401  (the fixture)
from tests.e2e.test_sharded_run import SECOND_TABLE

pytestmark = [pytest.mark.asyncio(loop_scope="session"), pytest.mark.postgres]

THREE = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}


def origin(address: str) -> str:
    parts = urlsplit(address)
    return f"{parts.scheme}://{parts.netloc}"


async def test_a_page_served_by_one_shard_follows_a_game_the_other_records(
    cluster: Cluster,  # noqa: F811
    page: Any,
) -> None:
    standin = cluster.standin
    for process in cluster.processes:  # one after the other: the first migrates the database
        await process.start()
    await standin.slash(ANN, TABLE, "totem new", THREE)  # shard 0's guild
    await standin.slash(ANN, SECOND_TABLE, "totem new", THREE)  # shard 1's guild
    shard_0 = origin(await linked(standin, TABLE))
    by_shard_1 = await linked(standin, SECOND_TABLE)
    assert origin(by_shard_1) != shard_0  # two processes, two servers
    served_by_0 = shard_0 + urlsplit(by_shard_1).path  # the address a proxy might send there

    await page.goto(served_by_0)
    await page.wait_for_selector("body[data-link='live'][data-version='0']")
    await standin.slash(ANN, SECOND_TABLE, "do", {"text": "Ann: deal 3 to Bob via left"})
    await page.wait_for_selector("#extra [data-totem='Bob|Cid'] .life:text-is('17')")
    await standin.slash(ANN, SECOND_TABLE, "do", {"text": "Bob: deal 1 to Cid via Cid-Ann"})
    await page.wait_for_selector("body[data-version='2']")

    await linked(standin, SECOND_TABLE, ANN, reset=True)  # answered by shard 1
    await page.wait_for_selector("body[data-link='gone']")  # shard 0 ended its stream
