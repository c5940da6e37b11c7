"""A lobby for every format: the host chooses the format from the lobby's menu (or with
`/totem new format:`), players join teams, and the game starts only with equal teams."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ANN, BOB, CID, DAN, EVE, BotProcess
from tests.e2e.stored import lobby_stored
from totembot.testing import StandIn, StandInError

pytestmark = pytest.mark.asyncio(loop_scope="session")

FORMAT_MENU = "totem:lobby:format"


def custom_ids(standin: StandIn, message_id: int) -> list[str]:
    message = standin.message(message_id) or {}
    return [
        component["custom_id"]
        for row in message.get("components") or []
        for component in row.get("components") or []
    ]


def lobby_content(standin: StandIn, message_id: int) -> str:
    return str((standin.message(message_id) or {}).get("content"))


async def test_the_host_chooses_two_headed_giant_and_players_join_teams(
    standin: StandIn, table: int
) -> None:
    lobby = await standin.slash(ANN, table, "totem new")
    assert lobby.message_id is not None
    assert "totem:lobby:join" in custom_ids(standin, lobby.message_id)
    await standin.click(BOB, table, lobby.message_id, "totem:lobby:join")

    not_host = await standin.select(BOB, table, lobby.message_id, FORMAT_MENU, ["free-for-all"])
    assert not_host.ephemeral
    assert not_host.content == "Only the lobby's host (or an admin) can do that."
    assert "A Totem game is gathering" in lobby_content(standin, lobby.message_id)

    chosen = await standin.select(ANN, table, lobby.message_id, FORMAT_MENU, ["two-headed-giant"])
    assert chosen.type == 7  # the lobby message itself is updated
    text = lobby_content(standin, lobby.message_id)
    assert text.startswith("**A Two-Headed Giant game is gathering** (20 life per head)")
    assert "Team 1: Ann\nTeam 2: Bob\n" in text
    ids = custom_ids(standin, lobby.message_id)
    assert "totem:lobby:join" not in ids
    assert [i for i in ids if i.startswith("totem:lobby:team:")] == [
        f"totem:lobby:team:{team}" for team in (1, 2, 3, 4)
    ]

    await standin.click(CID, table, lobby.message_id, "totem:lobby:team:1")
    assert "Team 1: Ann, Cid\nTeam 2: Bob\n" in lobby_content(standin, lobby.message_id)
    unequal = await standin.click(ANN, table, lobby.message_id, "totem:lobby:start")
    assert unequal.ephemeral
    assert unequal.content == "Every team of a Two-Headed Giant game must have as many players."

    moved = await standin.click(BOB, table, lobby.message_id, "totem:lobby:team:1")
    assert moved.type == 7
    full = await standin.click(DAN, table, lobby.message_id, "totem:lobby:team:2")
    assert "Team 1: Ann, Cid, Bob\nTeam 2: Dan\n" in (full.content or "")
    again = await standin.click(DAN, table, lobby.message_id, "totem:lobby:team:2")
    assert again.ephemeral and again.content == "You are already in team 2."
    await standin.click(CID, table, lobby.message_id, "totem:lobby:team:2")
    await standin.click(EVE, table, lobby.message_id, "totem:lobby:team:3")
    one_short = await standin.click(ANN, table, lobby.message_id, "totem:lobby:start")
    assert one_short.ephemeral
    assert one_short.content == "Every team of a Two-Headed Giant game must have as many players."
    await standin.click(EVE, table, lobby.message_id, "totem:lobby:leave")

    started = await standin.click(ANN, table, lobby.message_id, "totem:lobby:start")
    assert not started.ephemeral
    assert "**The game has started**: Ann+Bob vs Dan+Cid (turn 1: team Ann+Bob)" in (
        started.content or ""
    )
    teammate = await standin.slash(DAN, table, "do", {"text": "attack Cid for 2"})
    assert teammate.ephemeral
    assert teammate.content == "Cid is Dan's teammate: attack a player of another team."


async def test_new_with_a_format_opens_that_formats_lobby(standin: StandIn, table: int) -> None:
    lobby = await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "commander": True}
    )
    assert lobby.message_id is not None
    assert (lobby.content or "").startswith(
        "**A Free-for-all game is gathering** (40 life, commander)"
    )
    assert "The host starts the game with 2 to 12 players" in (lobby.content or "")
    menu = next(
        component
        for row in (standin.message(lobby.message_id) or {})["components"]
        for component in row["components"]
        if component.get("custom_id") == FORMAT_MENU
    )
    assert [option["value"] for option in menu["options"] if option.get("default")] == [
        "free-for-all"
    ]
    with pytest.raises(StandInError, match="offers"):
        await standin.select(ANN, table, lobby.message_id, FORMAT_MENU, ["chess"])
    await standin.click(BOB, table, lobby.message_id, "totem:lobby:join")
    duel = await standin.click(ANN, table, lobby.message_id, "totem:lobby:start")
    assert "**The game has started**: Ann, Bob (turn 1: Ann)" in (duel.content or "")
    offered = await standin.autocomplete(
        ANN, table, "attack", {"amount": 1, "player": ""}, focused="player"
    )
    assert offered == [{"name": "Bob: 40 life", "value": "Bob"}]


async def test_a_format_without_the_lobbys_house_rule_is_refused(
    standin: StandIn, table: int
) -> None:
    refused = await standin.slash(
        ANN, table, "totem new", {"format": "two-headed-giant", "player_poison": True}
    )
    assert refused.ephemeral
    assert refused.content == (
        "The house rule player-poison is not played in Two-Headed Giant "
        "(its rules: sorcery-concede)."
    )
    assert standin.channel_messages(table) == []

    lobby = await standin.slash(ANN, table, "totem new", {"half_life_consent": True})
    assert lobby.message_id is not None
    chosen = await standin.select(ANN, table, lobby.message_id, FORMAT_MENU, ["free-for-all"])
    assert chosen.ephemeral
    assert (chosen.content or "").startswith(
        "The house rule half-life-consent is not played in Free-for-all"
    )
    assert "A Totem game is gathering" in lobby_content(standin, lobby.message_id)


async def test_guests_join_the_team_the_host_names(standin: StandIn, table: int) -> None:
    lobby = await standin.slash(ANN, table, "totem new", {"format": "two-headed-giant"})
    assert lobby.message_id is not None
    await standin.slash(ANN, table, "totem guest", {"name": "Gus Guest", "team": 2})
    await standin.slash(ANN, table, "totem guest", {"name": "Hal"})
    seated = await standin.slash(ANN, table, "totem guest", {"name": "Ivy", "team": 2})
    assert "Team 1: Ann, Hal (guest)\nTeam 2: Gus Guest (guest), Ivy (guest)\n" in (
        seated.content or ""
    )
    started = await standin.slash(ANN, table, "totem start")
    assert "Ann+Hal vs Gus\\_Guest+Ivy" in (started.content or "")


@pytest.mark.own_bot  # the bot restarts: the team buttons and the menu must outlive it
async def test_team_buttons_and_the_format_menu_work_after_a_restart(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    lobby = await standin.slash(ANN, table, "totem new", {"format": "two-headed-giant"})
    assert lobby.message_id is not None
    await lobby_stored(bot, table)  # stored right after it is shown
    await bot.restart()
    joined = await standin.click(BOB, table, lobby.message_id, "totem:lobby:team:2")
    assert "Team 1: Ann\nTeam 2: Bob\n" in (joined.content or "")
    chosen = await standin.select(ANN, table, lobby.message_id, FORMAT_MENU, ["totem"])
    assert "A Totem game is gathering" in (chosen.content or "")
    assert "1. Ann\n2. Bob" in (chosen.content or "")
