"""The turn clock end to end (issue 29): the real `totembot run` against the Discord stand-in,
with the clock's minute shortened by its setting (TOTEMBOT_CLOCK_MINUTE) so that a reminder
comes within a second. Every wait is on what the stand-in sees; the one precondition on time
(the break lasted longer than the limit) is checked, not slept for."""

from __future__ import annotations

import signal
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import closing
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tests.e2e.conftest import (
    ADMIN,
    ANN,
    BOB,
    CID,
    TABLE,
    BotProcess,
    assert_replies_settled,
    started_standin,
    stopped,
)
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

MINUTE = 0.4  # seconds in one of the clock's minutes, for these tests
PLAYERS = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}
REMINDER = "your turn has passed"


@pytest_asyncio.fixture(loop_scope="session")
async def clock_bot(
    synced_commands: list[dict[str, Any]], tmp_path: Path
) -> AsyncIterator[BotProcess]:
    """A stand-in and a bot of this test's own, with short clock minutes (it restarts)."""
    fake = await started_standin(synced_commands)
    extra = {"TOTEMBOT_CLOCK_MINUTE": str(MINUTE)}
    process = BotProcess(fake, tmp_path, extra_env=extra)
    try:
        await process.start()
        yield process
        await assert_replies_settled(fake)
    finally:
        await stopped(process)


def reminders(standin: StandIn) -> list[dict[str, Any]]:
    return [m for m in standin.channel_messages(TABLE) if REMINDER in (m.get("content") or "")]


def pinged(message: dict[str, Any]) -> list[int]:
    return [int(user["id"]) for user in message["mentions"]]


async def reminded(standin: StandIn, count: int) -> list[dict[str, Any]]:
    await standin.wait_for(lambda: len(reminders(standin)) >= count, timeout=15)
    return reminders(standin)


def next_recorded_at(bot: BotProcess) -> str:
    """When the latest `next` was recorded, read from the bot's own log of the game."""
    with closing(sqlite3.connect(bot.workdir / "totembot.sqlite3", timeout=10)) as db:
        row = db.execute(
            'SELECT recorded_at FROM events WHERE request LIKE \'%"kind":"next"%\' '
            "ORDER BY game_id DESC, seq DESC LIMIT 1"
        ).fetchone()
    assert row is not None
    return str(row[0])


def turn_began_field(standin: StandIn) -> str | None:
    pins = standin.pins(TABLE)
    message = standin.message(pins[-1]) if pins else None
    if message is None or not message["embeds"]:
        return None
    fields = {f["name"]: f["value"] for f in message["embeds"][0].get("fields") or []}
    return fields.get("Turn began")


async def test_one_reminder_per_turn_pinging_only_the_player_and_none_again_after_a_restart(
    clock_bot: BotProcess,
) -> None:
    standin = clock_bot.standin
    await standin.slash(ANN, TABLE, "totem new", PLAYERS)
    refused = await standin.slash(BOB, TABLE, "totem clock set", {"minutes": "1"})
    assert refused.ephemeral and refused.content == (
        "Only the game's host or an admin can set the turn clock."
    )
    bad = await standin.slash(ANN, TABLE, "totem clock set", {"minutes": "soon"})
    assert bad.ephemeral and bad.content == (
        "The clock's minutes must be a whole number from 1 to 1440, or off."
    )
    choices = await standin.autocomplete(ANN, TABLE, "totem clock set", {"minutes": "o"}, "minutes")
    assert [c["value"] for c in choices] == ["off"]
    set_reply = await standin.slash(ANN, TABLE, "totem clock set", {"minutes": "1"})
    assert set_reply.content == ("Turn clock set by Ann: a reminder when a turn passes 1 minute.")

    first = (await reminded(standin, 1))[0]
    assert first["content"].startswith(f"⏰ <@{ANN}> (Ann), {REMINDER} 1 minute")
    assert pinged(first) == [ANN] and first["allowed_mentions"]["users"] == [ANN]
    assert first["allowed_mentions"]["parse"] == []  # no @everyone, no roles

    await clock_bot.restart(signal.SIGKILL)  # Ann's turn was reminded: never again
    await standin.slash(ANN, TABLE, "do", {"text": "next"})
    second = (await reminded(standin, 2))[1]
    assert second["content"].startswith(f"⏰ <@{BOB}> (Bob), {REMINDER}")
    assert pinged(second) == [BOB]
    assert len(reminders(standin)) == 2  # Ann's turn once, Bob's once, after the restart too

    began = int(datetime.fromisoformat(next_recorded_at(clock_bot)).timestamp())
    await standin.wait_for(lambda: turn_began_field(standin) == f"<t:{began}:R>", timeout=10)
    status = await standin.slash(CID, TABLE, "totem status")
    fields = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}
    assert fields["Turn began"] == f"<t:{began}:R>"

    off = await standin.slash(ADMIN, TABLE, "totem clock set", {"minutes": "off"})
    assert off.content == "Turn clock off (Ada Admin): no more reminders."
    gone = await standin.slash(ANN, TABLE, "totem clock pause")
    assert gone.ephemeral and gone.content == (
        "This channel has no turn clock: start one with /totem clock set."
    )


async def test_a_paused_clock_never_reminds_even_across_a_restart_and_resumes_after(
    clock_bot: BotProcess,
) -> None:
    standin = clock_bot.standin
    await standin.slash(ANN, TABLE, "totem new", PLAYERS)
    await standin.slash(ANN, TABLE, "totem clock set", {"minutes": "1"})
    await reminded(standin, 1)  # Ann's turn, while the clock ran
    paused = await standin.slash(ANN, TABLE, "totem clock pause")
    assert paused.content == "Turn clock paused by Ann: the break does not count."
    again = await standin.slash(ANN, TABLE, "totem clock pause")
    assert again.ephemeral and again.content.startswith("The turn clock is already paused")
    await standin.slash(ANN, TABLE, "do", {"text": "next"})  # Bob's turn begins in the break
    passed = time.monotonic()

    await clock_bot.restart(signal.SIGKILL)
    status = await standin.slash(CID, TABLE, "totem status")  # the bot has been up a while
    assert "Turn began" in {f["name"] for f in status.embeds[0]["fields"]}
    assert time.monotonic() - passed > MINUTE  # Bob's turn would be past its limit by now
    resumed = await standin.slash(ANN, TABLE, "totem clock resume")
    assert resumed.content == "Turn clock resumed by Ann."
    assert len(reminders(standin)) == 1  # nothing for Bob while paused, restart included

    second = (await reminded(standin, 2))[1]
    assert second["content"].startswith(f"⏰ <@{BOB}> (Bob), {REMINDER}")
    order = [m["id"] for m in standin.channel_messages(TABLE)]
    resume_message = next(
        m["id"] for m in standin.channel_messages(TABLE) if m["content"] == resumed.content
    )
    assert order.index(second["id"]) > order.index(resume_message)
    not_paused = await standin.slash(ANN, TABLE, "totem clock resume")
    assert not_paused.ephemeral and not_paused.content == "The turn clock is not paused."
