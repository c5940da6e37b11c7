"""The live page with the real bot: `/totem link` gives the channel's page, a change recorded
through Discord (the stand-in) reaches a page open in a real browser, `/totem link reset`
ends the old address at once, and a page open across a restart of the bot reconnects by itself.
"""

from __future__ import annotations

import re
import signal
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from tests.e2e.conftest import ANN, BOB, CID, DAN, BotProcess, started_standin, stopped
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

FOUR = f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"
ADDRESS = re.compile(r"<(http://[^>?]+)>")


async def linked(standin: StandIn, table: int, user: int = BOB, reset: bool = False) -> str:
    """The page's address, as `/totem link` tells the caller (and only them)."""
    reply = await standin.slash(user, table, "totem link", {"reset": True} if reset else {})
    assert reply.ephemeral, reply.content
    found = ADDRESS.search(reply.content or "")
    assert found, reply.content
    return found.group(1)


async def test_a_change_recorded_through_discord_reaches_the_open_page(
    standin: StandIn, table: int, page: Any
) -> None:
    await standin.slash(ANN, table, "totem new", {"players": FOUR})
    address = await linked(standin, table)
    await page.goto(address)
    await page.wait_for_selector("body[data-link='live'][data-version='0']")
    assert await page.locator("#extra [data-totem='Ann|Bob'] .life").text_content() == "20"

    await standin.slash(ANN, table, "do", {"text": "Ann: deal 3 to Bob via left"})
    # Waited for on the page itself, with no sleep: `totembot bench` measures how soon.
    await page.wait_for_selector("#extra [data-totem='Bob|Cid'] .life:text-is('17')")
    await page.wait_for_selector("#changes li:text-is('Bob-Cid 20 -> 17, dealt by Ann (for Bob)')")
    await standin.slash(BOB, table, "undo")
    await page.wait_for_selector("#extra [data-totem='Bob|Cid'] .life:text-is('20')")
    assert await page.get_attribute("body", "data-version") == "2"


async def test_a_reset_address_stops_working_at_once_and_the_new_one_works(
    standin: StandIn, table: int, page: Any
) -> None:
    await standin.slash(ANN, table, "totem new", {"players": FOUR})
    old = await linked(standin, table)
    await page.goto(old)
    await page.wait_for_selector("body[data-link='live']")

    refused = await standin.slash(CID, table, "totem link", {"reset": True})
    assert refused.ephemeral
    assert refused.content == "Only the game's host or an admin can reset the page's address."
    new = await linked(standin, table, ANN, reset=True)
    assert new != old
    await page.wait_for_selector("body[data-link='gone']")  # the open stream was ended
    async with aiohttp.ClientSession() as http:
        for url in (old, f"{old}/table.json", f"{old}/events"):
            async with http.get(url) as response:
                assert (response.status, await response.text()) == (
                    404,
                    "There is no page here.\n",
                )
        async with http.get(f"{new}/table.json") as response:
            assert response.status == 200
    await page.goto(new)
    await page.wait_for_selector("body[data-link='live']")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest_asyncio.fixture(loop_scope="session")
async def fixed_port_bot(
    synced_commands: list[dict[str, Any]], tmp_path: Path
) -> AsyncIterator[BotProcess]:
    """A bot of its own serving its pages on one port, the same after a restart."""
    fake = await started_standin(synced_commands)
    process = BotProcess(fake, tmp_path, extra_env={"TOTEMBOT_WEB": f"127.0.0.1:{free_port()}"})
    try:
        await process.start()
        yield process
    finally:
        await stopped(process)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["stopped", "killed"])
async def test_the_open_page_reconnects_after_the_bot_restarts(
    fixed_port_bot: BotProcess, page: Any, how: int
) -> None:
    standin = fixed_port_bot.standin
    table = standin.new_channel(10)
    await standin.slash(ANN, table, "totem new", {"players": FOUR})
    address = await linked(standin, table)
    await page.goto(address)
    await page.wait_for_selector("body[data-link='live'][data-version='0']")

    await fixed_port_bot.stop(how)
    await page.wait_for_selector("body[data-link='lost']")
    await fixed_port_bot.start()
    await page.wait_for_selector("body[data-link='live']")  # by itself: no reload
    await standin.slash(ANN, table, "do", {"text": "Ann: deal 2 to Bob via left"})
    await page.wait_for_selector("#extra [data-totem='Bob|Cid'] .life:text-is('18')")
