"""Lobbies of the formats where the seats matter, through the real bot: Teams seats its teams
apart and says where, Emperor seats them together and says who will be emperor (the host
orders each team with /totem seats), Grand Melee gathers four or more players."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ANN, BOB, CID, DAN, EVE, BotProcess
from tests.e2e.stored import choices, markers, stored_state
from tests.e2e.test_bot_format_lobby import FORMAT_MENU, custom_ids, lobby_content
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_a_teams_lobby_seats_the_teams_apart_and_says_so(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    lobby = await standin.slash(ANN, table, "totem new", {"format": "teams"})
    assert lobby.message_id is not None
    assert (lobby.content or "").startswith("**A Teams game is gathering** (20 life)")
    assert [i for i in custom_ids(standin, lobby.message_id) if "team:" in i] == [
        f"totem:lobby:team:{team}" for team in (1, 2, 3, 4)
    ]
    await standin.click(BOB, table, lobby.message_id, "totem:lobby:team:1")
    await standin.click(CID, table, lobby.message_id, "totem:lobby:team:2")
    uneven = lobby_content(standin, lobby.message_id)
    assert "Team 1: Ann, Bob\nTeam 2: Cid\n" in uneven
    assert "Teams are seated apart, no one next to a teammate" in uneven
    not_yet = await standin.click(ANN, table, lobby.message_id, "totem:lobby:start")
    assert not_yet.ephemeral
    assert not_yet.content == "Every team of a Teams game must have as many players."

    await standin.click(DAN, table, lobby.message_id, "totem:lobby:team:2")
    text = lobby_content(standin, lobby.message_id)
    assert "Team 1: Ann, Bob\nTeam 2: Cid, Dan\n" in text
    assert "Teams are seated apart: Ann, Cid, Bob, Dan (turn order)." in text

    started = await standin.click(ANN, table, lobby.message_id, "totem:lobby:start")
    assert not started.ephemeral
    assert started.content == (
        "**The game has started**: Ann+Bob vs Cid+Dan, seated apart: Ann, Cid, Bob, Dan "
        "(turn 1: Ann). The status is pinned."
    )
    state = stored_state(bot, table)
    assert [player.name for player in state.players] == ["Ann", "Cid", "Bob", "Dan"]
    assert state.config.teams == (("Ann", "Bob"), ("Cid", "Dan"))
    # Each player's neighbours are opponents: Ann may attack Cid and Dan, not Bob.
    assert await choices(standin, ANN, table, "attack", {"amount": 1}) == [
        "Cid (Cid+Dan): 20 life",
        "Dan (Cid+Dan): 20 life",
    ]
    teammate = await standin.slash(ANN, table, "attack", {"player": "Bob", "amount": 2})
    assert teammate.ephemeral
    assert teammate.content == "Bob is Ann's teammate: attack a player of another team."


async def test_an_emperor_lobby_says_who_will_be_emperor_and_the_host_orders_the_teams(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    lobby = await standin.slash(ANN, table, "totem new")
    assert lobby.message_id is not None
    for user in (BOB, CID, DAN, EVE):
        await standin.click(user, table, lobby.message_id, "totem:lobby:join")
    await standin.slash(ANN, table, "totem guest", {"name": "Fay"})
    chosen = await standin.select(ANN, table, lobby.message_id, FORMAT_MENU, ["emperor"])
    assert chosen.type == 7
    text = lobby_content(standin, lobby.message_id)
    assert text.startswith("**An Emperor game is gathering** (20 life)")
    assert "Team 1: Ann, Cid (emperor), Eve\nTeam 2: Bob, Dan (emperor), Fay (guest)\n" in text
    assert "the middle player of each team is its emperor" in text
    assert "2 to 4 teams of 3 or 5 players" in text

    not_host = await standin.slash(BOB, table, "totem seats", {"order": "Ann Bob Cid Dan Eve Fay"})
    assert not_host.ephemeral
    ordered = await standin.slash(
        ANN, table, "totem seats", {"order": f"<@{CID}> <@{ANN}> <@{EVE}> Bob Dan Fay"}
    )
    assert "Team 1: Cid, Ann (emperor), Eve\nTeam 2: Bob, Dan (emperor), Fay (guest)\n" in (
        ordered.content or ""
    )
    # A command answers, then edits the lobby message.
    await standin.wait_for(
        lambda: "Cid, Ann (emperor), Eve" in lobby_content(standin, lobby.message_id)
    )
    moved = await standin.click(EVE, table, lobby.message_id, "totem:lobby:team:2")
    assert "Team 1: Cid, Ann\nTeam 2: Bob, Dan, Fay (guest), Eve\n" in (moved.content or "")
    await standin.click(EVE, table, lobby.message_id, "totem:lobby:team:1")

    started = await standin.slash(ANN, table, "totem start")
    assert started.content == (
        "**The game has started**: Cid+Ann+Eve vs Bob+Dan+Fay, each team seated together with "
        "its emperor in the middle: Ann, Dan (turn 1: Ann). The status is pinned."
    )
    state = stored_state(bot, table)
    assert [player.name for player in state.players] == ["Cid", "Ann", "Eve", "Bob", "Dan", "Fay"]
    assert state.players[state.active].name == "Ann"


async def test_a_grand_melee_lobby_starts_with_two_markers_from_eight_players(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    lobby = await standin.slash(ANN, table, "totem new", {"format": "grand-melee"})
    assert lobby.message_id is not None
    assert "The host starts the game with 4 to 16 players" in (lobby.content or "")
    assert "totem:lobby:join" in custom_ids(standin, lobby.message_id)
    for user in (BOB, CID):
        await standin.click(user, table, lobby.message_id, "totem:lobby:join")
    too_few = await standin.slash(ANN, table, "totem start")
    assert too_few.ephemeral
    assert too_few.content == "A Grand Melee game needs 4 to 16 players, not 3."
    for guest in ("Gus", "Hal", "Ivy", "Jon", "Kim"):
        await standin.slash(ANN, table, "totem guest", {"name": guest})
    started = await standin.slash(ANN, table, "totem start")
    assert "(first turns at once: Ann, Hal)" in (started.content or "")
    assert markers(stored_state(bot, table)) == [(1, "Ann", False), (2, "Hal", False)]
