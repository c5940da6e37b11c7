"""The live status message: right, never spammy, self-healing (through the real bot process)."""

from __future__ import annotations

import asyncio
import signal
import time

import pytest

from tests.e2e.conftest import ANN, BOB, CID, STATUS_INTERVAL, BotProcess
from totembot.bot.status import PIN_PERMISSION_MISSING
from totembot.testing import DEFAULT_BOT_PERMISSIONS, MANAGE_MESSAGES, PIN_MESSAGES, StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAYERS = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}
# A bot that edits a status message at most once a second.
slow_bot = pytest.mark.own_bot(status_interval=1.0)


def status_edit(table: int) -> str:
    return rf"^/channels/{table}/messages/\d+$"


def current_status(standin: StandIn, table: int) -> dict:
    pins = standin.pins(table)
    assert pins, "no status message is pinned"
    message = standin.message(pins[-1])
    assert message is not None
    return message


async def wait_status(standin: StandIn, table: int, text: str) -> dict:
    def shown() -> bool:
        pins = standin.pins(table)
        message = standin.message(pins[-1]) if pins else None
        return message is not None and text in str(message.get("embeds"))

    await standin.wait_for(shown, timeout=10)
    return current_status(standin, table)


async def the_ring_now(standin: StandIn, table: int) -> dict:
    """The embed `/totem status` renders from the stored state."""
    return (await standin.slash(CID, table, "totem status")).embeds[0]


@slow_bot
async def test_50_requests_in_two_seconds_give_few_edits_and_the_final_state(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    status = await wait_status(standin, table, "Turn 1: Ann to play")
    edits_before = len(standin.calls_to("PATCH", status_edit(table)))
    started = time.monotonic()
    for index in range(25):
        await asyncio.gather(
            standin.slash(ANN, table, "do", {"text": f"Bob gains {index + 1}"}),
            standin.slash(BOB, table, "do", {"text": "Cid gains 1 via Cid-Ann"}),
        )
    burst = time.monotonic() - started
    await asyncio.sleep(1.5)  # let the last coalesced edit land
    edits = standin.calls_to("PATCH", status_edit(table))[edits_before:]
    allowed = int((burst + 1.5) / 1.0) + 1
    assert 1 <= len(edits) <= allowed, (len(edits), burst)
    gaps = [later.at - earlier.at for earlier, later in zip(edits, edits[1:], strict=False)]
    assert all(gap >= 0.9 for gap in gaps), gaps
    final = current_status(standin, table)
    assert final["id"] == status["id"]
    assert final["embeds"][0]["description"] == (await the_ring_now(standin, table))["description"]
    assert "└ Bob-Cid: ♥ 345" in final["embeds"][0]["description"]  # 20 + 1 + ... + 25


async def test_a_deleted_status_message_is_replaced_and_pinned_on_the_next_change(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    old = await wait_status(standin, table, "Turn 1")
    standin.delete_message(int(old["id"]))
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    new = await wait_status(standin, table, "└ Bob-Cid: ♥ 17")
    assert new["id"] != old["id"]
    assert standin.pins(table) == [int(new["id"])]


async def test_an_unpinned_status_message_is_replaced_by_a_pinned_one(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    old = await wait_status(standin, table, "Turn 1")
    standin.unpin_message(table, int(old["id"]))
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    new = await wait_status(standin, table, "└ Bob-Cid: ♥ 17")
    assert new["id"] != old["id"]
    assert standin.pins(table) == [int(new["id"])]


async def test_a_status_message_that_refuses_an_edit_is_replaced_and_the_old_one_unpinned(
    standin: StandIn, table: int
) -> None:
    # Discord's edit limit (30046, a 429) is in test_discord_rules; this is any other refusal.
    await standin.slash(ANN, table, "totem new", PLAYERS)
    old = await wait_status(standin, table, "Turn 1")
    standin.fail_next(
        "PATCH",
        status_edit(table),
        400,
        {"message": "Cannot edit a message authored by another user", "code": 50005},
    )
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    new = await wait_status(standin, table, "└ Bob-Cid: ♥ 17")
    assert new["id"] != old["id"]
    await standin.wait_for(lambda: standin.pins(table) == [int(new["id"])])
    assert (standin.message(int(old["id"])) or {}).get("pinned") is False


async def test_a_429_on_an_edit_is_retried_after_the_retry_after(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    status = await wait_status(standin, table, "Turn 1")
    standin.fail_next("PATCH", status_edit(table), 429, {"retry_after": 0.8})
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    await wait_status(standin, table, "└ Bob-Cid: ♥ 17")
    limited = [call for call in standin.calls_to("PATCH", status_edit(table)) if call.status == 429]
    retried = [c for c in standin.calls_to("PATCH", status_edit(table)) if c.at > limited[0].at]
    assert len(limited) == 1
    assert retried and retried[0].status == 200
    assert retried[0].at - limited[0].at >= 0.75
    assert current_status(standin, table)["id"] == status["id"]


async def test_a_missing_pin_permission_is_explained_once_and_the_game_goes_on(
    standin: StandIn, table: int
) -> None:
    standin.set_bot_permissions(table, DEFAULT_BOT_PERMISSIONS & ~(PIN_MESSAGES | MANAGE_MESSAGES))
    await standin.slash(ANN, table, "totem new", PLAYERS)
    for amount in (1, 2, 3):
        reply = await standin.slash(ANN, table, "do", {"text": f"deal {amount} to Bob"})
        assert not reply.ephemeral
    await standin.wait_for(lambda: "♥ 14" in str(standin.channel_messages(table)))
    await asyncio.sleep(2 * STATUS_INTERVAL)  # time for a wrong second post or pin to show
    messages = standin.channel_messages(table)
    assert [m["content"] for m in messages].count(PIN_PERMISSION_MISSING) == 1
    statuses = [m for m in messages if m.get("embeds") and m["author"]["id"] == "900"]
    assert len(statuses) == 1, "the status message is edited, not posted again"
    assert "└ Bob-Cid: ♥ 14" in statuses[0]["embeds"][0]["description"]
    assert standin.pins(table) == []


@slow_bot
async def test_after_a_kill_and_restart_the_status_shows_the_stored_state(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    await wait_status(standin, table, "Turn 1")
    # The debounce shows the deals an interval after the last one: the kill comes first, so
    # only the restart's re-sync can show them.
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    await standin.slash(ANN, table, "do", {"text": "deal 4 to Bob"})
    await bot.restart(signal.SIGKILL)
    status = await wait_status(standin, table, "└ Bob-Cid: ♥ 13")
    assert status["embeds"][0]["description"] == (await the_ring_now(standin, table))["description"]


async def test_the_board_command_posts_a_picture_of_the_ring(standin: StandIn, table: int) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    board = await standin.slash(BOB, table, "totem board")
    assert not board.ephemeral
    message = standin.message(board.message_id or 0) or {}
    [attachment] = message.get("attachments", [])
    assert attachment["filename"] == "totem-board.png"
    assert attachment["size"] > 10_000  # a real picture, not an empty file
