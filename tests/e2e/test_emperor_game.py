"""An Emperor game through the real bot, from `/totem new format:emperor teams:` to the end:
the middle player of each team is its emperor, a player's range of influence (set as each turn
begins) and their neighbours decide whom they may name, and a team falls with its emperor."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ADMIN, ANN, BOB, CID, DAN, EVE, BotProcess
from tests.e2e.stored import choices, status_finished, statuses, stored_state
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

# Seats: Ann Bob Cid | Dan Eve Fay (Fay is a guest); Bob and Eve are the emperors.
EMPIRES = f"<@{ANN}> <@{BOB}> <@{CID}>, <@{DAN}> <@{EVE}> Fay"


async def test_an_emperor_game_from_new_to_a_winning_team(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    started = await standin.slash(ANN, table, "totem new", {"format": "emperor", "teams": EMPIRES})
    assert not started.ephemeral
    assert started.content == (
        "**The game has started**: Ann+Bob+Cid vs Dan+Eve+Fay, each team seated together with "
        "its emperor in the middle: Bob, Eve (turn 1: Bob). The status is pinned."
    )
    state = stored_state(bot, table)
    assert [p.name for p in state.players] == ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
    assert state.config.teams == (("Ann", "Bob", "Cid"), ("Dan", "Eve", "Fay"))
    assert state.players[state.active].name == "Bob"
    status = await standin.slash(DAN, table, "totem status")
    assert all(name in status.embeds[0]["description"] for name in ("Bob", "Eve", "Fay"))

    # Autocomplete offers only the players in range, with their team, role and life.
    assert await choices(standin, ANN, table, "damage", {"amount": 1}) == [
        "Ann (Ann+Bob+Cid, general): 20 life",
        "Bob (Ann+Bob+Cid, emperor): 20 life",
        "Fay (Dan+Eve+Fay, general): 20 life",
    ]
    in_bobs_range = await choices(standin, BOB, table, "poison", {"amount": 1})
    assert [label.split(" ")[0] for label in in_bobs_range] == ["Ann", "Bob", "Cid", "Dan", "Fay"]
    assert await choices(standin, CID, table, "attack", {"amount": 1}) == [
        "Dan (Dan+Eve+Fay, general): 20 life"
    ]
    assert await choices(standin, BOB, table, "attack", {"amount": 1}) == []

    # A general reaches one seat, an emperor two; refusals are private and change nothing.
    too_far = await standin.slash(ANN, table, "damage", {"player": "Cid", "amount": 2})
    assert too_far.ephemeral
    assert too_far.content == "Cid is 2 seats from Ann; a general reaches 1."
    emperor_too_far = await standin.slash(BOB, table, "damage", {"player": "Eve", "amount": 2})
    assert emperor_too_far.ephemeral
    assert emperor_too_far.content == "Eve is 3 seats from Bob; an emperor reaches 2."
    own_life = await standin.slash(EVE, table, "do", {"text": "Fay: lose 1"})
    assert not own_life.ephemeral  # a player is always in their own range

    # A player attacks only an opponent seated next to them.
    not_next = await standin.slash(ANN, table, "attack", {"player": "Dan", "amount": 3})
    assert not_next.ephemeral
    assert not_next.content == "Ann may attack only an opponent seated next to them: Fay."
    between_teammates = await standin.slash(BOB, table, "attack", {"player": "Dan", "amount": 3})
    assert between_teammates.ephemeral
    assert between_teammates.content == (
        "Bob may attack only an opponent seated next to them, and none is."
    )
    for_fay = await standin.slash(EVE, table, "do", {"text": "Fay: attack Ann for 5"})
    assert not for_fay.ephemeral and "Ann" in (for_fay.content or "")

    one_turn = await standin.slash(ANN, table, "next", {"player": "Cid"})
    assert one_turn.ephemeral
    assert "one player takes a turn at a time" in (one_turn.content or "")
    passed = await standin.slash(BOB, table, "next")
    assert not passed.ephemeral
    assert stored_state(bot, table).players[stored_state(bot, table).active].name == "Cid"

    # Dan falls: neighbours are counted over the players still in at once, ranges over the
    # seats as the turn began, so Dan's seat keeps Eve out of Bob's range until the next turn.
    killed = await standin.slash(CID, table, "attack", {"player": "Dan", "amount": 20})
    assert not killed.ephemeral and "Dan" in (killed.content or "")
    assert statuses(stored_state(bot, table))["Dan"] == "lost"
    assert await choices(standin, CID, table, "attack", {"amount": 1}) == [
        "Eve (Dan+Eve+Fay, emperor): 20 life"
    ]
    eve = "Eve (Dan+Eve+Fay, emperor): 20 life"
    assert eve not in await choices(standin, BOB, table, "damage", {"amount": 1})
    still_far = await standin.slash(BOB, table, "damage", {"player": "Eve", "amount": 20})
    assert still_far.ephemeral
    assert still_far.content == (
        "Eve is 3 seats from Bob; an emperor reaches 2 (Dan's seat counts until the next turn "
        "begins)."
    )
    status = await standin.slash(DAN, table, "totem status")
    assert status.embeds[0]["footer"]["text"].endswith("1 empty seat counts until the next turn")
    assert not (await standin.slash(CID, table, "next")).ephemeral  # turn 3: Eve's
    assert eve in await choices(standin, BOB, table, "damage", {"amount": 1})

    # The team falls with its emperor: Fay loses too, and Ann, Bob and Cid win.
    fallen = await standin.slash(BOB, table, "damage", {"player": "Eve", "amount": 20})
    assert not fallen.ephemeral
    assert all(name in (fallen.content or "") for name in ("Eve", "Fay"))
    final = stored_state(bot, table)
    assert final.finished
    assert final.winners == ("Ann", "Bob", "Cid")
    assert statuses(final) == {
        "Ann": "won",
        "Bob": "won",
        "Cid": "won",
        "Dan": "lost",
        "Eve": "lost",
        "Fay": "lost",
    }
    await status_finished(standin, table, "Ann", "Bob", "Cid")
    assert await choices(standin, ANN, table, "damage", {"amount": 1}) == []
    after = await standin.slash(ADMIN, table, "totem status")
    assert after.embeds and "Eve" in after.embeds[0]["description"]


async def test_an_emperor_game_needs_teams_of_three_or_five(standin: StandIn, table: int) -> None:
    pairs = await standin.slash(
        ANN, table, "totem new", {"format": "emperor", "teams": f"<@{ANN}> <@{BOB}>, Cid Dan"}
    )
    assert pairs.ephemeral
    assert (pairs.content or "").endswith("team has 3 or 5 players, not 2.")
    players = await standin.slash(
        ANN, table, "totem new", {"format": "emperor", "players": f"<@{ANN}> <@{BOB}>"}
    )
    assert players.ephemeral
    assert (players.content or "").startswith("An Emperor game is set up with teams, not players")
    assert standin.channel_messages(table) == []
