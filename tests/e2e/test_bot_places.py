"""Where an interaction comes from, through the real bot: a direct message, or a payload
forged to name a game's channel from another server, is refused privately and changes nothing
(defence in depth: Discord signs real interactions, and the commands are declared for servers
only)."""

from __future__ import annotations

import signal
import sqlite3
from contextlib import closing

import pytest

from tests.e2e.conftest import ADMIN, ANN, BOB, CID, DAN, BotProcess
from tests.e2e.stored import stored_state
from totembot.testing import Forged, Reply, StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

THREE = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}
FOUR = {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
DM = Forged(None)
FOREIGN = Forged(999)  # a server the game does not belong to
IN_A_DM = "totembot plays only in a server's channels, not in direct messages."
GAME_ELSEWHERE = "This channel's game belongs to another server."
LOBBY_ELSEWHERE = "This channel's lobby belongs to another server."
# A command is refused before any game is read: the gateway showed the channel in its server.
CHANNEL_ELSEWHERE = "This channel belongs to another server."


def refused_with(reply: Reply, sentence: str) -> bool:
    return reply.ephemeral and reply.content == sentence


async def test_a_direct_message_naming_a_games_channel_is_refused(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {**THREE, "half_life_consent": True})
    await standin.slash(CID, table, "damage", {"player": "Ann", "amount": 11, "totem": "Ann-Bob"})
    asked = await standin.slash(ANN, table, "pay", {"amount": 2, "totem": "left"})
    assert asked.message_id is not None
    approve = asked.components[0]["components"][0]["custom_id"]
    before = stored_state(bot, table)
    for command, options in (("undo", {}), ("do", {"text": "deal 3 to Bob"}), ("totem status", {})):
        reply = await standin.slash(ANN, table, command, options, forged=DM)
        assert refused_with(reply, IN_A_DM), (command, reply.content)
    offered = await standin.autocomplete(ANN, table, "damage", {"player": ""}, "player", forged=DM)
    assert offered == []
    pressed = await standin.click(BOB, table, asked.message_id, approve, forged=DM)
    assert refused_with(pressed, IN_A_DM), pressed.content
    assert stored_state(bot, table) == before
    approved = await standin.click(BOB, table, asked.message_id, approve)
    assert "Ann-Bob 9 -> 7, paid by Ann" in (approved.content or "")


async def test_a_direct_message_press_on_a_lobby_is_refused(standin: StandIn, table: int) -> None:
    lobby = await standin.slash(ANN, table, "totem new")
    assert lobby.message_id is not None
    for user, button in ((BOB, "totem:lobby:join"), (ANN, "totem:lobby:start")):
        pressed = await standin.click(user, table, lobby.message_id, button, forged=DM)
        assert refused_with(pressed, IN_A_DM), pressed.content
    joined = await standin.click(BOB, table, lobby.message_id, "totem:lobby:join")
    assert "2. Bob" in (joined.content or "") and "3." not in (joined.content or "")


async def test_a_payload_from_another_server_naming_a_games_channel_is_refused(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {**FOUR, "half_life_consent": True})
    await standin.slash(CID, table, "damage", {"player": "Ann", "amount": 11, "totem": "Ann-Bob"})
    asked = await standin.slash(ANN, table, "pay", {"amount": 2, "totem": "left"})
    assert asked.message_id is not None
    approve = asked.components[0]["components"][0]["custom_id"]
    choice = await standin.slash(ANN, table, "damage", {"player": "Cid", "amount": 4})
    assert choice.message_id is not None
    totem = choice.components[0]["components"][0]["custom_id"]
    before = stored_state(bot, table)
    for user, command, options in (
        (ANN, "undo", {}),
        (ADMIN, "undo", {}),
        (ANN, "do", {"text": "deal 3 to Bob"}),
        (ADMIN, "totem-admin remove", {"player": "Bob"}),
        (ANN, "totem status", {}),
        (ADMIN, "totem end", {}),
        (ANN, "totem new", THREE),
    ):
        reply = await standin.slash(user, table, command, options, forged=FOREIGN)
        assert refused_with(reply, CHANNEL_ELSEWHERE), (command, reply.content)
    offered = await standin.autocomplete(
        ANN, table, "damage", {"player": ""}, "player", forged=FOREIGN
    )
    assert offered == []
    for user, message, button in (
        (BOB, asked.message_id, approve),
        (ANN, choice.message_id, totem),
    ):
        pressed = await standin.click(user, table, message, button, forged=FOREIGN)
        assert refused_with(pressed, GAME_ELSEWHERE), pressed.content
    assert stored_state(bot, table) == before
    approved = await standin.click(BOB, table, asked.message_id, approve)
    assert "Ann-Bob 9 -> 7, paid by Ann" in (approved.content or "")


async def test_a_totemic_answer_from_another_server_is_refused(
    standin: StandIn, table: int
) -> None:
    options = {"players": f"<@{ANN}> <@{BOB}>", "power": "26, 30"}
    await standin.slash(ANN, table, "totemic new", options)
    challenged = await standin.slash(ANN, table, "do", {"text": "challenge"})
    assert challenged.message_id is not None
    accept = next(
        str(button["custom_id"])
        for row in challenged.components
        for button in row["components"]
        if str(button["custom_id"]).endswith(":accept")
    )
    forged = await standin.click(BOB, table, challenged.message_id, accept, forged=FOREIGN)
    assert refused_with(forged, GAME_ELSEWHERE), forged.content
    accepted = await standin.click(BOB, table, challenged.message_id, accept)
    assert "Bob accepts" in (accepted.content or ""), accepted.content


async def test_a_lobby_from_another_server_is_neither_joined_nor_taken_over(
    standin: StandIn, table: int
) -> None:
    lobby = await standin.slash(ANN, table, "totem new")
    assert lobby.message_id is not None
    for user, button in ((BOB, "totem:lobby:join"), (ANN, "totem:lobby:start")):
        pressed = await standin.click(user, table, lobby.message_id, button, forged=FOREIGN)
        assert refused_with(pressed, LOBBY_ELSEWHERE), pressed.content
    for command, options in (("totem new", {}), ("totem new", THREE), ("totem cancel", {})):
        reply = await standin.slash(ANN, table, command, options, forged=FOREIGN)
        assert refused_with(reply, CHANNEL_ELSEWHERE), (command, options, reply.content)
    joined = await standin.click(BOB, table, lobby.message_id, "totem:lobby:join")
    assert "2. Bob" in (joined.content or "") and "3." not in (joined.content or "")


@pytest.mark.own_bot
async def test_a_game_stored_before_servers_were_recorded_still_plays(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", THREE)
    await standin.slash(ANN, table, "do", {"text": "deal 2 to Bob via Ann-Bob"})
    await bot.stop(signal.SIGTERM)
    with closing(sqlite3.connect(bot.workdir / "totembot.sqlite3")) as db, db:
        assert db.execute("UPDATE games SET guild_id = NULL").rowcount == 1
    await bot.start()
    dealt = await standin.slash(BOB, table, "do", {"text": "deal 3 to Cid via Cid-Ann"})
    assert dealt.content == "Cid-Ann 20 -> 17, dealt by Bob (for Cid)"
    undone = await standin.slash(CID, table, "undo")
    assert undone.content == "Undone: Bob: deal 3 to Cid via Cid-Ann"
    in_a_dm = await standin.slash(ANN, table, "undo", forged=DM)
    assert refused_with(in_a_dm, IN_A_DM), in_a_dm.content


async def test_a_command_naming_a_channel_of_another_server_is_refused_before_any_game(
    standin: StandIn, table: int
) -> None:
    """With no game or lobby stored to compare with, the channel the gateway showed in the
    game's server still tells a forged server apart: nothing is started under it."""
    forged = await standin.slash(ANN, table, "totem new", THREE, forged=FOREIGN)
    assert refused_with(forged, CHANNEL_ELSEWHERE), forged.content
    offered = await standin.autocomplete(
        ANN, table, "totem new", {"format": ""}, "format", forged=FOREIGN
    )
    assert offered == []
    status = await standin.slash(CID, table, "totem status")
    assert "no game" in (status.content or "").lower()
    started = await standin.slash(ANN, table, "totem new", THREE)
    assert not started.ephemeral
