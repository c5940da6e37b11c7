"""The turn clock end to end (issue 29): the real `totembot run` against the Discord stand-in,
with the clock's minute shortened by its setting (TOTEMBOT_CLOCK_MINUTE) so that a reminder
comes within a second. Every wait is on what the stand-in sees; the one precondition on time
(the break lasted longer than the limit) is checked, not slept for."""

from __future__ import annotations

import asyncio
import json
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
    EVE,
    TABLE,
    BotProcess,
    assert_replies_settled,
    started_standin,
    stopped,
)
from totembot.core.turns import span_words
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
    # Bob's turn past its limit before the resume (a quick restart can take less than that):
    # what is tested is that the limit passes during the break and nothing is said.
    await asyncio.sleep(max(0.0, passed + 1.5 * MINUTE - time.monotonic()))
    assert time.monotonic() - passed > MINUTE
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


def alarms(standin: StandIn) -> list[dict[str, Any]]:
    """Every reminder, for one player or for several taking turns at once."""
    return [m for m in standin.channel_messages(TABLE) if (m.get("content") or "").startswith("⏰")]


async def alarmed(standin: StandIn, count: int) -> dict[str, Any]:
    await standin.wait_for(lambda: len(alarms(standin)) >= count, timeout=15)
    return alarms(standin)[count - 1]


async def test_grand_melee_reminds_the_marker_holders_at_each_marker_move_and_off_needs_a_clock(
    clock_bot: BotProcess,
) -> None:
    """Eight players, two markers (Ann's and Eve's): each marker move begins a turn, and the
    reminder pings only the players holding a marker (guests are named, never pinged)."""
    standin = clock_bot.standin
    melee = {"format": "grand-melee", "players": f"<@{ANN}> Bob Cid Dan <@{EVE}> Fay Gus Hal"}
    await standin.slash(ANN, TABLE, "totem new", melee)
    off = await standin.slash(ANN, TABLE, "totem clock set", {"minutes": "off"})
    assert off.ephemeral and off.content == (
        "This channel has no turn clock to stop: nothing changed."
    )
    assert not [m for m in standin.channel_messages(TABLE) if "Turn clock" in m["content"]]
    await standin.slash(ANN, TABLE, "totem clock set", {"minutes": "1"})

    both = await alarmed(standin, 1)
    assert both["content"].startswith(
        f"⏰ <@{ANN}> (Ann), <@{EVE}> (Eve), your turns have passed 1 minute (the latest began"
    )
    assert sorted(pinged(both)) == [ANN, EVE]
    assert sorted(both["allowed_mentions"]["users"]) == [ANN, EVE]

    await standin.slash(ANN, TABLE, "do", {"text": "next"})  # marker 1 waits for Bob
    eve = await alarmed(standin, 2)
    assert eve["content"].startswith(f"⏰ <@{EVE}> (Eve), {REMINDER} 1 minute (it began")
    assert pinged(eve) == [EVE]
    began = int(datetime.fromisoformat(next_recorded_at(clock_bot)).timestamp())
    await standin.wait_for(lambda: turn_began_field(standin) == f"<t:{began}:R>", timeout=10)

    await standin.slash(EVE, TABLE, "do", {"text": "next"})  # 2 to Fay, and 1 reaches Bob
    guests = await alarmed(standin, 3)
    assert guests["content"].startswith("⏰ Bob, Fay, your turns have passed 1 minute")
    assert pinged(guests) == [] and guests["allowed_mentions"]["users"] == []
    assert len(alarms(standin)) == 3  # one reminder for each of the table's turns


def logged_turns(bot: BotProcess, channel: int) -> dict[str, list[float]]:
    """Each player's turn lengths, worked out here from the bot's own stored rows: a turn
    begins at the game's set-up and at each `next`, and the last ends with the game."""
    with closing(sqlite3.connect(bot.workdir / "totembot.sqlite3", timeout=10)) as db:
        game_id, created, options = db.execute(
            "SELECT id, created_at, options FROM games WHERE channel_id = ? "
            "ORDER BY id DESC LIMIT 1",
            (str(channel),),
        ).fetchone()
        rows = db.execute(
            "SELECT recorded_at, request FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
    players = json.loads(options)["players"]
    begins = [created] + [
        at for at, request in rows if json.loads(request)["intent"]["kind"] == "next"
    ]
    ends = [*begins[1:], rows[-1][0]]
    lengths: dict[str, list[float]] = {name: [] for name in players}
    for index, (began, ended) in enumerate(zip(begins, ends, strict=True)):
        seconds = (datetime.fromisoformat(ended) - datetime.fromisoformat(began)).total_seconds()
        lengths[players[index % len(players)]].append(seconds)
    return lengths


async def test_the_summary_and_stats_give_turn_times_that_match_the_stored_log(
    bot: BotProcess, standin: StandIn, table: int
) -> None:
    two = {"format": "free-for-all", "players": f"<@{ANN}> Tock"}
    await standin.slash(ANN, table, "totem new", two)
    await standin.slash(ANN, table, "do", {"text": "next"})
    await standin.slash(ANN, table, "do", {"text": "Tock: deal 2 to Ann"})
    await standin.slash(ANN, table, "do", {"text": "Tock: next"})
    await standin.slash(ANN, table, "do", {"text": "deal 20 to Tock"})  # the game ends

    def summary() -> dict[str, Any] | None:
        for message in standin.channel_messages(table):
            for embed in message.get("embeds") or []:
                if any(f["name"] == "Turn times" for f in embed.get("fields") or []):
                    return embed
        return None

    await standin.wait_for(lambda: summary() is not None, timeout=30)
    embed = summary()
    assert embed is not None
    shown = {f["name"]: f["value"] for f in embed["fields"]}["Turn times"].splitlines()
    lengths = logged_turns(bot, table)
    assert [len(lengths["Ann"]), len(lengths["Tock"])] == [2, 1]
    assert shown == [
        f"{name}: {len(spans)} turn{'s' if len(spans) > 1 else ''}, "
        f"{span_words(sum(spans))} (avg {span_words(sum(spans) / len(spans))})"
        for name, spans in lengths.items()
    ]
    stats = await standin.slash(BOB, table, "totem stats", {"player": "Tock"})
    tock = lengths["Tock"][0]
    assert (
        f"Their turns: {span_words(tock)} in all, {span_words(tock)} on average"
        in (stats.embeds[0]["description"])
    )
