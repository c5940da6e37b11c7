"""Who may do what, through the real bot: consent, conceding for others, undo, lobbies."""

from __future__ import annotations

import asyncio
import signal

from tests.e2e.conftest import ADMIN, ANN, BOB, CID, DAN, EVE, SPECTATOR, TABLE, BotProcess
from totembot.testing import StandIn

THREE = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}


async def test_nobody_answers_a_consent_request_for_the_asked_player(
    standin: StandIn, bot: BotProcess
) -> None:
    await standin.slash(ANN, TABLE, "totem new", {**THREE, "half_life_consent": True})
    await standin.slash(CID, TABLE, "damage", {"player": "Ann", "amount": 11, "totem": "Ann-Bob"})
    asked = await standin.slash(ANN, TABLE, "pay", {"amount": 2, "totem": "left"})
    assert "Ann asks Bob" in (asked.content or "")
    for user in (ANN, CID, ADMIN):
        refused = await standin.slash(user, TABLE, "do", {"text": "Bob: approve"})
        assert refused.ephemeral
        assert refused.content == "Only Bob can answer a request addressed to them."
    denied = await standin.slash(BOB, TABLE, "do", {"text": "deny"})
    assert denied.content == "Ann's request to pay 2 from Ann-Bob was denied"
    status = await standin.slash(ANN, TABLE, "totem status")
    assert "└ Ann-Bob: ♥ 9" in status.embeds[0]["description"]


async def test_the_host_answers_a_guests_consent_request(standin: StandIn, bot: BotProcess) -> None:
    players = {"players": f'<@{ANN}> "Gus Guest" <@{CID}>', "half_life_consent": True}
    await standin.slash(CID, TABLE, "totem new", players)
    await standin.slash(
        CID, TABLE, "damage", {"player": "Ann", "amount": 11, "totem": "Ann-Gus_Guest"}
    )
    asked = await standin.slash(ANN, TABLE, "pay", {"amount": 1, "totem": "Ann-Gus_Guest"})
    assert asked.message_id is not None
    stranger = await standin.click(ANN, TABLE, asked.message_id, "totem:consent:1:1:deny")
    assert stranger.content == "Only Gus\\_Guest can answer a request addressed to them."
    answered = await standin.click(CID, TABLE, asked.message_id, "totem:consent:1:1:approve")
    assert "Ann-Gus\\_Guest 9 -> 8, paid by Ann" in (answered.content or "")


async def test_only_the_host_or_an_admin_concedes_or_wins_for_someone_else(
    standin: StandIn, bot: BotProcess
) -> None:
    await standin.slash(
        ANN, TABLE, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
    )
    for text in ("Cid: concede", "Cid: win"):
        refused = await standin.slash(BOB, TABLE, "do", {"text": text})
        assert refused.ephemeral and "Only the host or an admin can" in (refused.content or "")
    plain = await standin.slash(BOB, TABLE, "totem-admin concede", {"player": "Cid"})
    assert plain.ephemeral and "Only the game's host or a member with Manage" in (
        plain.content or ""
    )
    by_host = await standin.slash(ANN, TABLE, "do", {"text": "Cid: concede"})
    assert by_host.content == "Cid is out: conceded"
    for_guest = await standin.slash(BOB, TABLE, "do", {"text": "Dan: deal 2 to Ann via Ann-Bob"})
    assert for_guest.content == "Ann-Bob 20 -> 18, dealt by Dan (for Ann)"


async def test_a_removed_player_cannot_undo_their_removal(
    standin: StandIn, bot: BotProcess
) -> None:
    await standin.slash(
        ANN, TABLE, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
    )
    await standin.slash(ADMIN, TABLE, "totem-admin remove", {"player": f"<@{BOB}>"})
    refused = await standin.slash(BOB, TABLE, "undo")
    assert refused.content == "Bob is out of the game (removed) and cannot undo."
    undone = await standin.slash(ANN, TABLE, "undo")
    assert undone.content == "Undone: remove Bob"


async def test_simultaneous_joins_all_take_a_seat(standin: StandIn, bot: BotProcess) -> None:
    lobby = await standin.slash(ANN, TABLE, "totem new")
    assert lobby.message_id is not None
    message_id = lobby.message_id
    await asyncio.gather(
        *(
            standin.click(user, TABLE, message_id, "totem:lobby:join")
            for user in (BOB, CID, DAN, EVE)
        )
    )
    content = (standin.message(message_id) or {})["content"]
    assert sorted(line.split(". ", 1)[1] for line in content.splitlines()[1:6]) == [
        "Ann",
        "Bob",
        "Cid",
        "Dan",
        "Eve",
    ]


async def test_an_open_lobby_cannot_be_taken_over_and_its_host_can_cancel_it(
    standin: StandIn, bot: BotProcess
) -> None:
    lobby = await standin.slash(ANN, TABLE, "totem new")
    assert lobby.message_id is not None
    taken = await standin.slash(SPECTATOR, TABLE, "totem new")
    assert taken.ephemeral and "A lobby is already open here" in (taken.content or "")
    refused = await standin.slash(BOB, TABLE, "totem cancel")
    assert refused.ephemeral and "Only the lobby's host" in (refused.content or "")
    cancelled = await standin.slash(ANN, TABLE, "totem cancel")
    assert cancelled.content == "The lobby is cancelled."
    old = standin.message(lobby.message_id) or {}
    assert "This lobby was cancelled." in old["content"] and old["components"] == []
    again = await standin.slash(SPECTATOR, TABLE, "totem new")
    assert "A Totem game is gathering" in (again.content or "")


async def test_starting_by_command_closes_the_lobby_message_and_old_buttons_are_refused(
    standin: StandIn, bot: BotProcess
) -> None:
    lobby = await standin.slash(ANN, TABLE, "totem new")
    assert lobby.message_id is not None
    for user in (BOB, CID):
        await standin.click(user, TABLE, lobby.message_id, "totem:lobby:join")
    await standin.slash(ANN, TABLE, "totem start")
    closed = standin.message(lobby.message_id) or {}
    assert "The game has started" in closed["content"] and closed["components"] == []


async def test_lobby_buttons_and_a_lobby_survive_a_restart(
    standin: StandIn, bot: BotProcess
) -> None:
    lobby = await standin.slash(ANN, TABLE, "totem new")
    assert lobby.message_id is not None
    await standin.click(BOB, TABLE, lobby.message_id, "totem:lobby:join")
    await bot.restart(signal.SIGKILL)
    joined = await standin.click(CID, TABLE, lobby.message_id, "totem:lobby:join")
    assert "3. Cid" in (joined.content or "")
    started = await standin.click(ANN, TABLE, lobby.message_id, "totem:lobby:start")
    assert "The game has started**: Ann, Bob, Cid" in (started.content or "")


async def test_a_totem_choice_after_a_restart_asks_to_send_the_request_again(
    standin: StandIn, bot: BotProcess
) -> None:
    await standin.slash(
        ANN, TABLE, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
    )
    asked = await standin.slash(ANN, TABLE, "damage", {"player": "Cid", "amount": 4})
    assert asked.message_id is not None
    button = asked.components[0]["components"][0]["custom_id"]
    await bot.restart(signal.SIGKILL)
    expired = await standin.click(ANN, TABLE, asked.message_id, button)
    assert expired.content == "This choice has expired: please send the request again."


async def test_an_ended_game_stays_ended_and_its_status_is_unpinned(
    standin: StandIn, bot: BotProcess
) -> None:
    await standin.slash(ANN, TABLE, "totem new", THREE)
    await standin.slash(ANN, TABLE, "win")
    await standin.slash(ANN, TABLE, "totem new", THREE)
    await standin.wait_for(
        lambda: len(standin.pins(TABLE)) == 1 and len(standin.channel_messages(TABLE)) >= 4
    )
    await standin.slash(ANN, TABLE, "totem end")
    await standin.wait_for(lambda: standin.pins(TABLE) == [])
    gone = await standin.slash(ANN, TABLE, "undo")
    assert gone.content == "There is no game in this channel: start one with /totem new."
    titles = [m["embeds"][0]["title"] for m in standin.channel_messages(TABLE) if m["embeds"]]
    assert "Game ended by Ann" in titles
