"""Who may do what, through the real bot: consent, conceding for others, undo, lobbies."""

from __future__ import annotations

import asyncio
import re
import signal

import pytest

from tests.e2e.conftest import ADMIN, ANN, BOB, CID, DAN, EVE, GUILD, SPECTATOR, BotProcess
from tests.e2e.stored import lobby_stored, statuses, stored_state
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

THREE = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}


async def test_nobody_answers_a_consent_request_for_the_asked_player(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {**THREE, "half_life_consent": True})
    await standin.slash(CID, table, "damage", {"player": "Ann", "amount": 11, "totem": "Ann-Bob"})
    asked = await standin.slash(ANN, table, "pay", {"amount": 2, "totem": "left"})
    assert "Ann asks Bob" in (asked.content or "")
    for user in (ANN, CID, ADMIN):
        refused = await standin.slash(user, table, "do", {"text": "Bob: approve"})
        assert refused.ephemeral
        assert refused.content == "Only Bob can answer a request addressed to them."
    denied = await standin.slash(BOB, table, "do", {"text": "deny"})
    assert denied.content == "Ann's request to pay 2 from Ann-Bob was denied"
    status = await standin.slash(ANN, table, "totem status")
    assert "└ Ann-Bob: ♥ 9" in status.embeds[0]["description"]


async def test_the_host_answers_a_guests_consent_request(standin: StandIn, table: int) -> None:
    players = {"players": f'<@{ANN}> "Gus Guest" <@{CID}>', "half_life_consent": True}
    await standin.slash(CID, table, "totem new", players)
    await standin.slash(
        CID, table, "damage", {"player": "Ann", "amount": 11, "totem": "Ann-Gus_Guest"}
    )
    asked = await standin.slash(ANN, table, "pay", {"amount": 1, "totem": "Ann-Gus_Guest"})
    assert asked.message_id is not None
    approve, deny = [b["custom_id"] for row in asked.components for b in row["components"]]
    # game id (shared bot), request 1, recorded 2nd, Ann (seat 0) pays 1
    assert re.fullmatch(r"totem:consent:\d+:1:approve:2:0:1", approve), approve
    assert deny == approve.replace(":approve", ":deny")
    stranger = await standin.click(ANN, table, asked.message_id, deny)
    assert stranger.content == "Only Gus\\_Guest can answer a request addressed to them."
    answered = await standin.click(CID, table, asked.message_id, approve)
    assert "Ann-Gus\\_Guest 9 -> 8, paid by Ann" in (answered.content or "")


async def test_only_the_host_or_an_admin_concedes_or_wins_for_someone_else(
    standin: StandIn, table: int
) -> None:
    await standin.slash(
        ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
    )
    for text in ("Cid: concede", "Cid: win"):
        refused = await standin.slash(BOB, table, "do", {"text": text})
        assert refused.ephemeral and "Only the host or an admin can" in (refused.content or "")
    plain = await standin.slash(BOB, table, "totem-admin concede", {"player": "Cid"})
    assert plain.ephemeral and "Only the game's host or a member with Manage" in (
        plain.content or ""
    )
    by_host = await standin.slash(ANN, table, "do", {"text": "Cid: concede"})
    assert by_host.content == "Cid is out: conceded"
    for_guest = await standin.slash(BOB, table, "do", {"text": "Dan: deal 2 to Ann via Ann-Bob"})
    assert for_guest.content == "Ann-Bob 20 -> 18, dealt by Dan (for Ann)"


async def test_a_removed_player_cannot_undo_their_removal(standin: StandIn, table: int) -> None:
    await standin.slash(
        ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
    )
    await standin.slash(ADMIN, table, "totem-admin remove", {"player": f"<@{BOB}>"})
    refused = await standin.slash(BOB, table, "undo")
    assert refused.content == "Bob is out of the game (removed) and cannot undo."
    undone = await standin.slash(ANN, table, "undo")
    assert undone.content == "Undone: remove Bob"


async def test_simultaneous_joins_all_take_a_seat(standin: StandIn, table: int) -> None:
    lobby = await standin.slash(ANN, table, "totem new")
    assert lobby.message_id is not None
    message_id = lobby.message_id
    await asyncio.gather(
        *(
            standin.click(user, table, message_id, "totem:lobby:join")
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
    standin: StandIn, table: int
) -> None:
    lobby = await standin.slash(ANN, table, "totem new")
    assert lobby.message_id is not None
    taken = await standin.slash(SPECTATOR, table, "totem new")
    assert taken.ephemeral and "A lobby is already open here" in (taken.content or "")
    refused = await standin.slash(BOB, table, "totem cancel")
    assert refused.ephemeral and "Only the lobby's host" in (refused.content or "")
    cancelled = await standin.slash(ANN, table, "totem cancel")
    assert cancelled.content == "The lobby is cancelled."
    lobby_id = lobby.message_id
    await standin.wait_for(lambda: (standin.message(lobby_id) or {}).get("components") == [])
    old = standin.message(lobby_id) or {}
    assert "This lobby was cancelled." in old["content"] and old["components"] == []
    again = await standin.slash(SPECTATOR, table, "totem new")
    assert "A Totem game is gathering" in (again.content or "")


async def test_starting_by_command_closes_the_lobby_message_and_old_buttons_are_refused(
    standin: StandIn, table: int
) -> None:
    lobby = await standin.slash(ANN, table, "totem new")
    assert lobby.message_id is not None
    for user in (BOB, CID):
        await standin.click(user, table, lobby.message_id, "totem:lobby:join")
    await standin.slash(ANN, table, "totem start")
    lobby_id = lobby.message_id
    await standin.wait_for(lambda: (standin.message(lobby_id) or {}).get("components") == [])
    closed = standin.message(lobby_id) or {}
    assert "The game has started" in closed["content"] and closed["components"] == []


@pytest.mark.own_bot
async def test_lobby_buttons_and_a_lobby_survive_a_restart(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    lobby = await standin.slash(ANN, table, "totem new")
    assert lobby.message_id is not None
    await lobby_stored(bot, table)  # stored right after it is shown
    await standin.click(BOB, table, lobby.message_id, "totem:lobby:join")
    await bot.restart(signal.SIGKILL)
    joined = await standin.click(CID, table, lobby.message_id, "totem:lobby:join")
    assert "3. Cid" in (joined.content or "")
    started = await standin.click(ANN, table, lobby.message_id, "totem:lobby:start")
    assert "The game has started**: Ann, Bob, Cid" in (started.content or "")


@pytest.mark.own_bot
async def test_a_totem_choice_after_a_restart_asks_to_send_the_request_again(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(
        ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
    )
    asked = await standin.slash(ANN, table, "damage", {"player": "Cid", "amount": 4})
    assert asked.message_id is not None
    button = asked.components[0]["components"][0]["custom_id"]
    await bot.restart(signal.SIGKILL)
    expired = await standin.click(ANN, table, asked.message_id, button)
    assert expired.content == "This choice has expired: please send the request again."


async def test_an_ended_game_stays_ended_and_its_status_is_unpinned(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", THREE)
    await standin.slash(ANN, table, "win")
    await status_shows(standin, table, "Game over: Ann won")  # as at a human's pace
    won = standin.pins(table)
    await standin.slash(ANN, table, "totem new", THREE)
    # The new game's own status message, pinned in place of the won game's.
    await standin.wait_for(lambda: len(standin.pins(table)) == 1 and standin.pins(table) != won)
    await standin.slash(ANN, table, "totem end")
    await standin.wait_for(lambda: standin.pins(table) == [])
    gone = await standin.slash(ANN, table, "undo")
    assert (
        gone.content
        == "There is no game in this channel: start one with /totem new (or /totemic new)."
    )
    titles = [m["embeds"][0]["title"] for m in standin.channel_messages(table) if m["embeds"]]
    assert "Game ended by Ann" in titles


async def status_shows(standin: StandIn, channel: int, title: str) -> None:
    def shown() -> bool:
        pins = standin.pins(channel)
        message = standin.message(pins[-1]) if pins else None
        return title in str((message or {}).get("embeds"))

    await standin.wait_for(shown)


@pytest.mark.own_bot(status_interval=1.0)  # the won game's status edit waits a second
async def test_a_game_started_right_after_a_win_leaves_only_its_own_status_pinned(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", THREE)
    await status_shows(standin, table, "Turn 1: Ann to play")
    won = standin.pins(table)[0]
    await standin.slash(ANN, table, "win")
    await standin.slash(ANN, table, "totem new", THREE)

    def titles() -> list[str]:
        return [(standin.message(p) or {})["embeds"][0]["title"] for p in standin.pins(table)]

    await standin.wait_for(lambda: "Turn 1: Ann to play" in titles())
    # The new game's next edit comes a status interval after its message was posted, so after
    # the won game's pending edit was due: once it shows, that one has had its chance.
    await standin.slash(BOB, table, "do", {"text": "deal 3 to Cid"})
    await status_shows(standin, table, "♥ 17")
    assert titles() == ["Turn 1: Ann to play"]
    assert "Game over: Ann won" in str((standin.message(won) or {}).get("embeds"))


FOUR = {"players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"}
# Each way of starting a game at once, as Bob (not the lobby's host) would ask for it.
STARTS = [
    ("totem new", {"players": f"<@{BOB}> <@{CID}> <@{DAN}>"}, "The game has started"),
    ("totemic new", {"players": f"<@{BOB}> <@{CID}>", "power": "26, 30"}, "Totemic has started"),
    ("totemic solo", {"power": 26, "rivals": "Badger 28"}, "Totemic solo has started"),
]
OVER_ANNS_LOBBY = "Ann's lobby is open here: only Ann or an admin can start a game over it."


@pytest.mark.parametrize(("command", "options", "started"), STARTS, ids=[s[0] for s in STARTS])
async def test_only_the_lobby_host_or_an_admin_starts_a_game_over_an_open_lobby(
    standin: StandIn, bot: BotProcess, command: str, options: dict[str, object], started: str
) -> None:
    for starter, allowed in ((BOB, False), (ANN, True), (ADMIN, True)):
        channel = standin.new_channel(GUILD)
        lobby = await standin.slash(ANN, channel, "totem new")
        assert lobby.message_id is not None
        await lobby_stored(bot, channel)
        answer = await standin.slash(starter, channel, command, options)
        if allowed:
            assert started in (answer.content or ""), (starter, answer.content)
            continue
        assert answer.ephemeral and answer.content == OVER_ANNS_LOBBY
        # Nothing changed: no game, and Ann's lobby still takes players and starts.
        status = await standin.slash(BOB, channel, "totem status")
        assert (status.content or "").startswith("There is no game in this channel")
        joined = await standin.click(BOB, channel, lobby.message_id, "totem:lobby:join")
        assert "2. Bob" in (joined.content or "")
        await standin.click(CID, channel, lobby.message_id, "totem:lobby:join")
        by_guest = await standin.click(BOB, channel, lobby.message_id, "totem:lobby:start")
        assert by_guest.content == "Only the lobby's host (or an admin) can do that."
        begun = await standin.click(ANN, channel, lobby.message_id, "totem:lobby:start")
        assert "The game has started**: Ann, Bob, Cid" in (begun.content or "")


async def test_only_the_host_or_an_admin_undoes_a_removal(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", FOUR)
    await standin.slash(ADMIN, table, "totem-admin remove", {"player": f"<@{DAN}>"})
    refused = await standin.slash(BOB, table, "undo")
    assert refused.ephemeral
    assert refused.content == "Only the host or an admin can undo a removal."
    again = await standin.slash(CID, table, "do", {"text": "undo"})
    assert again.ephemeral and again.content == refused.content
    assert statuses(stored_state(bot, table))["Dan"] == "removed"
    undone = await standin.slash(ADMIN, table, "undo")
    assert undone.content == "Undone: remove Dan"
    assert statuses(stored_state(bot, table))["Dan"] == "in"


async def test_a_player_cannot_undo_a_concession_the_host_made_for_another_player(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", THREE)
    own = await standin.slash(BOB, table, "concede")
    assert own.content == "Bob is out: conceded"
    undone = await standin.slash(CID, table, "undo")  # a player's own concession: anyone in
    assert undone.content == "Undone: Bob: concede"
    await standin.slash(ANN, table, "do", {"text": "Bob: concede"})
    refused = await standin.slash(CID, table, "undo")
    assert refused.ephemeral
    assert refused.content == FOR_ANOTHER
    assert (await standin.slash(ANN, table, "undo")).content == "Undone: Bob: concede"
    await standin.slash(CID, table, "concede")
    ended = await standin.slash(ANN, table, "do", {"text": "Bob: concede"})
    assert "Game over: Ann wins" in (ended.content or "")
    for user in (BOB, CID):  # out, in a game over: the rules let them undo, not this
        refused = await standin.slash(user, table, "undo")
        assert refused.ephemeral and refused.content == FOR_ANOTHER, refused.content
    assert stored_state(bot, table).winners == ("Ann",)
    by_admin = await standin.slash(ADMIN, table, "undo")
    assert by_admin.content == "Undone: Bob: concede"


FOR_ANOTHER = "Only the host or an admin can undo a concession made for another player."
