"""A commander free-for-all through the real bot: each player their own life, from
`/totem new format:free-for-all` to a winner."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ANN, BOB, CID, DAN
from tests.e2e.test_bot_games import status_shows
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

FOUR = f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"


async def attack_choices(standin: StandIn, user: int, table: int, typed: str = "") -> list[str]:
    offered = await standin.autocomplete(
        user, table, "attack", {"amount": 1, "player": typed}, focused="player"
    )
    assert all(choice["name"].startswith(choice["value"]) for choice in offered)
    return [choice["name"] for choice in offered]


async def test_a_four_player_commander_free_for_all_from_new_to_a_winner(
    standin: StandIn, table: int
) -> None:
    started = await standin.slash(
        ANN,
        table,
        "totem new",
        {"format": "free-for-all", "players": FOUR, "commander": True},
    )
    assert not started.ephemeral
    assert started.content == (
        "**The game has started**: Ann, Bob, Cid, Dan (turn 1: Ann). The status is pinned."
    )
    assert await attack_choices(standin, ANN, table) == [
        "Bob: 40 life",
        "Cid: 40 life",
        "Dan: 40 life",
    ]

    hit = await standin.slash(
        ANN, table, "attack", {"player": "Bob", "amount": 11, "commander": True}
    )
    assert not hit.ephemeral
    assert "Bob 40 -> 29" in (hit.content or "")
    assert "Bob commander damage from Ann 0 -> 11" in (hit.content or "")

    quake = await standin.slash(CID, table, "do", {"text": "deal 1 to each player"})
    assert not quake.ephemeral
    assert (quake.content or "").splitlines() == [
        "Ann 40 -> 39, dealt by Cid",
        "Bob 29 -> 28, dealt by Cid",
        "Cid 40 -> 39, dealt by Cid",
        "Dan 40 -> 39, dealt by Cid",
    ]
    rift = await standin.slash(DAN, table, "do", {"text": "deal 2 to each opponent"})
    assert [line.split(",")[0] for line in (rift.content or "").splitlines()] == [
        "Ann 39 -> 37",
        "Bob 28 -> 26",
        "Cid 39 -> 37",
    ]

    locked = await standin.slash(DAN, table, "lock")
    assert not locked.ephemeral and "Dan" in (locked.content or "")
    assert "Dan: 39 life, locked" in await attack_choices(standin, ANN, table, "dan")
    blocked = await standin.slash(ANN, table, "damage", {"player": f"<@{DAN}>", "amount": 3})
    assert blocked.ephemeral
    assert (blocked.content or "").startswith("Dan's life is locked")

    lethal = await standin.slash(ANN, table, "do", {"text": "attack Bob for 10 with commander"})
    assert "Bob commander damage from Ann 11 -> 21" in (lethal.content or "")
    assert "Bob is out" in (lethal.content or "")
    assert await attack_choices(standin, CID, table) == ["Ann: 37 life", "Dan: 39 life, locked"]

    await standin.slash(CID, table, "concede")
    # A commander's combat damage counts on a locked life: 21 makes Dan lose.
    won = await standin.slash(
        ANN, table, "attack", {"player": "Dan", "amount": 21, "commander": True}
    )
    assert not won.ephemeral
    assert "Game over: Ann wins" in (won.content or "")
    await status_shows(standin, "Game over: Ann won", table)
    assert await attack_choices(standin, ANN, table) == []


async def test_refusals_are_the_formats_sentences_answered_privately(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": FOUR})
    themselves = await standin.slash(CID, table, "attack", {"player": "Cid", "amount": 2})
    assert themselves.ephemeral
    assert themselves.content == "Cid cannot attack themselves: attack another player."
    totem = await standin.slash(CID, table, "attack", {"totem": "left", "amount": 2})
    assert totem.ephemeral
    assert (
        totem.content == "In Free-for-all you attack a player: give the player option, not totem."
    )
    via = await standin.slash(BOB, table, "do", {"text": "deal 2 to Ann via left"})
    assert via.ephemeral and "belong to Totem" in (via.content or "")
    phrase = await standin.slash(BOB, table, "do", {"text": "attack Bob-Cid for 2"})
    assert phrase.ephemeral
    history = await standin.slash(ANN, table, "totem history")
    assert history.content == "Nothing has been recorded yet."
    status = await standin.slash(DAN, table, "totem status")
    assert status.ephemeral
    description = status.embeds[0]["description"]
    assert all(name in description for name in ("Ann", "Bob", "Cid", "Dan"))


async def test_a_free_for_all_is_set_up_with_its_own_counts_and_house_rules(
    standin: StandIn, table: int
) -> None:
    thirteen = " ".join(f"Guest{i}" for i in range(13))
    crowded = await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "players": thirteen}
    )
    assert crowded.ephemeral
    assert crowded.content == "A Free-for-all game needs 2 to 12 players, not 13."
    teams = await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "teams": f"<@{ANN}>, <@{BOB}>"}
    )
    assert teams.ephemeral
    assert (teams.content or "").startswith("A Free-for-all game is set up with players, not teams")
    rule = await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "players": FOUR, "player_poison": True}
    )
    assert rule.ephemeral
    assert rule.content == (
        "The house rule player-poison is not played in Free-for-all "
        "(its rules: sorcery-concede, minions, poison-minions, madness-minions)."
    )
    assert standin.channel_messages(table) == []

    duel = await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "players": f"<@{ANN}> <@{BOB}>"}
    )
    assert "**The game has started**: Ann, Bob" in (duel.content or "")
    await status_shows(standin, "Free-for-all", table)
