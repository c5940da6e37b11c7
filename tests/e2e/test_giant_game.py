"""A Two-Headed Giant game through the real bot: one life total per team, shared team turns,
and a team that loses together."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ANN, BOB, CID, DAN
from tests.e2e.test_bot_games import status_shows
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

TEAMS = f"<@{ANN}> <@{BOB}>, <@{CID}> <@{DAN}>"


async def test_a_two_headed_giant_game_from_new_to_a_winning_team(
    standin: StandIn, table: int
) -> None:
    started = await standin.slash(
        ANN, table, "totem new", {"format": "two-headed-giant", "teams": TEAMS}
    )
    assert not started.ephemeral
    assert started.content == (
        "**The game has started**: Ann+Bob vs Cid+Dan (turn 1: team Ann+Bob). The status is pinned."
    )

    teammate = await standin.slash(BOB, table, "attack", {"player": "Ann", "amount": 3})
    assert teammate.ephemeral
    assert teammate.content == "Ann is Bob's teammate: attack a player of another team."
    offered = await standin.autocomplete(
        BOB, table, "attack", {"amount": 1, "player": ""}, focused="player"
    )
    assert offered == [
        {"name": "Cid (Cid+Dan): 40 life", "value": "Cid"},
        {"name": "Dan (Cid+Dan): 40 life", "value": "Dan"},
    ]

    hit = await standin.slash(BOB, table, "attack", {"player": f"<@{CID}>", "amount": 7})
    assert not hit.ephemeral
    assert "Cid+Dan 40 -> 33" in (hit.content or "")
    reach = await standin.autocomplete(ANN, table, "damage", {"player": "da"}, focused="player")
    assert reach == [{"name": "Dan (Cid+Dan): 33 life", "value": "Dan"}]

    second = await standin.slash(BOB, table, "next")
    assert second.content == "Turn 2: Cid"
    third = await standin.slash(DAN, table, "next")
    assert third.content == "Turn 3: Ann"  # the team's turn: Bob takes it with Ann

    rift = await standin.slash(CID, table, "do", {"text": "deal 4 to each opponent"})
    lines = (rift.content or "").splitlines()
    assert [line.split(",")[0] for line in lines] == ["Ann+Bob 40 -> 36", "Ann+Bob 36 -> 32"]

    conceded = await standin.slash(DAN, table, "concede")
    assert not conceded.ephemeral
    content = conceded.content or ""
    assert "Dan is out" in content and "Cid is out" in content
    assert "Game over: Ann and Bob win" in content
    await status_shows(standin, "Game over", table)
    over = await standin.slash(CID, table, "attack", {"player": "Ann", "amount": 1})
    assert over.ephemeral
    assert over.content == "The game is over: nothing more can be recorded except undo."

    undone = await standin.slash(ANN, table, "undo")
    assert undone.content == "Undone: Dan: concede"
    back = await standin.autocomplete(ANN, table, "attack", {"amount": 1, "player": ""}, "player")
    assert [choice["value"] for choice in back] == ["Cid", "Dan"]


async def test_a_giant_game_is_set_up_with_equal_teams(standin: StandIn, table: int) -> None:
    players = await standin.slash(
        ANN,
        table,
        "totem new",
        {"format": "two-headed-giant", "players": f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"},
    )
    assert players.ephemeral
    assert (players.content or "").startswith(
        "A Two-Headed Giant game is set up with teams, not players"
    )
    unequal = await standin.slash(
        ANN,
        table,
        "totem new",
        {"format": "two-headed-giant", "teams": f"<@{ANN}> <@{BOB}>, <@{CID}>"},
    )
    assert unequal.ephemeral
    assert unequal.content == "Every team of a Two-Headed Giant game must have as many players."
    twice = await standin.slash(
        ANN,
        table,
        "totem new",
        {"format": "two-headed-giant", "teams": f"<@{ANN}> <@{BOB}>, <@{CID}> <@{ANN}>"},
    )
    assert twice.ephemeral and twice.content == "Each member can take only one seat."
    assert standin.channel_messages(table) == []

    guests = await standin.slash(
        ANN,
        table,
        "totem new",
        {
            "format": "two-headed-giant",
            "teams": f'<@{ANN}> "Gus Guest", <@{CID}> Hal',
            "commander": True,
        },
    )
    assert "Ann+Gus\\_Guest vs Cid+Hal" in (guests.content or "")
    shown = await standin.slash(CID, table, "totem status")
    assert "60" in shown.embeds[0]["description"]  # 30 life per head, two heads
