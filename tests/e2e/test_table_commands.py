"""TABLE.md's structured commands through the real bot: a free-for-all commander game in which
counters are added and paid, the monarch is given, moved by an attack and passed on when its
holder concedes, partners' commander tax is recorded and a die is rolled; the status embed,
the board and `/totem history` show each. Then the same in Totem, the attack naming `hitting`.
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import ANN, BOB, CID, DAN, EVE
from tests.e2e.test_bot_games import status_shows
from tests.formats.tables import played_state
from tests.render.test_board_snapshots import MAX_DIFFERING_SHARE, decoded, differing_share
from totembot.games.magic.render.board import board_png
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

FOUR = f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"


async def posted_board(standin: StandIn, table: int) -> bytes:
    """`/totem board`'s picture, as posted in the channel."""
    board = await standin.slash(BOB, table, "totem board")
    assert not board.ephemeral
    message = standin.message(board.message_id or 0) or {}
    [attachment] = message.get("attachments", [])
    return standin.attachment_data(attachment)


async def offered(
    standin: StandIn, user: int, table: int, command: str, options: dict[str, object], focus: str
) -> list[str]:
    choices = await standin.autocomplete(user, table, command, options, focused=focus)
    return [choice["name"] for choice in choices]


async def test_a_commander_free_for_all_with_counters_the_monarch_tax_and_a_die(
    standin: StandIn, table: int
) -> None:
    await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "players": FOUR, "commander": True}
    )
    energy = {"player": "Bob", "kind": "energy", "amount": 3}
    added = await standin.slash(ANN, table, "counter add", energy)
    assert not added.ephemeral
    assert added.content == "Bob gets 3 energy (0 -> 3), recorded by Ann"
    removing = {"player": "Bob", "kind": "", "amount": 1}
    assert await offered(standin, ANN, table, "counter remove", removing, "kind") == ["energy (3)"]
    assert await offered(standin, BOB, table, "counter pay", {"kind": "", "amount": 1}, "kind") == [
        "energy (3)"
    ]
    paid = await standin.slash(BOB, table, "counter pay", {"kind": "energy", "amount": 2})
    assert paid.content == "Bob pays 2 energy (3 -> 1)"
    too_many = await standin.slash(BOB, table, "counter pay", {"kind": "energy", "amount": 2})
    assert too_many.ephemeral and too_many.content == "Bob has 1 energy counter."
    typo = await standin.slash(ANN, table, "counter add", {**energy, "kind": "enrgy"})
    assert typo.ephemeral and "no known kind of counter" in (typo.content or "")
    typed = {"player": "Cid", "kind": "ticket", "amount": 2}
    assert (await offered(standin, DAN, table, "counter add", typed, "kind"))[0] == (
        "new kind: ticket counters"
    )
    tickets = await standin.slash(DAN, table, "counter add", {**typed, "kind": "ticket counters"})
    assert tickets.content == "Cid gets 2 ticket counters (0 -> 2), recorded by Dan"

    crowned = await standin.slash(ANN, table, "monarch", {"player": "Cid"})
    assert crowned.content == "Cid becomes the monarch"
    assert "Cid: 40 life" in await offered(standin, BOB, table, "monarch", {"player": ""}, "player")
    attacked = await standin.slash(DAN, table, "attack", {"player": "Cid", "amount": 2})
    assert (attacked.content or "").splitlines()[-1] == (
        "Dan attacked Cid, the monarch: Dan becomes the monarch"
    )
    conceded = await standin.slash(DAN, table, "concede")
    assert (
        "Dan, the monarch, left the game: Ann becomes the monarch"
        in (conceded.content or "").splitlines()
    )
    history = (await standin.slash(BOB, table, "totem history")).content or ""
    for line in (
        "Ann: Bob gets 3 energy",
        "Bob: pay 2 energy",
        "Dan: Cid gets 2 ticket counters",
        "Ann: Cid becomes the monarch",
        "Dan: attack Cid for 2",
        "Dan: concede",
    ):
        assert line in history, line

    for partner in ("Tymna", "Tymna", "Kraum"):
        cast = await standin.slash(BOB, table, "cast-commander", {"partner": partner})
        assert not cast.ephemeral
    assert cast.content == (
        "Commander Bob:Kraum cast from the command zone (1st cast, no tax); "
        "the next cast costs 2 more"
    )
    assert await offered(standin, BOB, table, "cast-commander", {"partner": ""}, "partner") == [
        "Tymna",
        "Kraum",
    ]
    rolled = await standin.slash(CID, table, "roll", {"dice": "2d6"})
    assert not rolled.ephemeral
    assert re.fullmatch(r"Cid rolled 2d6: ([1-6]), ([1-6]) \(total \d+\)", rolled.content or "")
    await standin.slash(BOB, table, "initiative")
    await standin.slash(CID, table, "day-night", {"time": "day"})
    await standin.slash(CID, table, "blessing")
    await standin.slash(ANN, table, "ring", {"player": "Bob"})
    turned = await standin.slash(ANN, table, "next")
    assert "Bob has the initiative: venture into the Undercity at the upkeep" in (
        turned.content or ""
    )

    await status_shows(standin, "☀ day", table)
    status = await standin.slash(CID, table, "totem status")
    [embed] = status.embeds
    lines = embed["description"].splitlines()
    ann = next(k for k, line in enumerate(lines) if "**Ann**" in line)
    assert "👑 monarch" in lines[ann]
    bob = next(k for k, line in enumerate(lines) if "**Bob**" in line)
    assert "🏰 initiative" in lines[bob]
    assert lines[bob + 1] == "└ energy 1 · 💍 ring 1 · 🪙 Tymna tax 4 · 🪙 Kraum tax 2"
    cid = next(k for k, line in enumerate(lines) if "**Cid**" in line)
    assert lines[cid + 1] == "└ ticket 2 · 🏙 city's blessing"

    expected = played_state(
        "game ffa players: Ann, Bob, Cid, Dan commander",
        "Ann: Bob gets 3 energy",
        "Bob: pay 2 energy",
        "Dan: Cid gets 2 ticket counters",
        "Ann: Cid becomes the monarch",
        "Dan: attack Cid for 2",
        "Dan: concede",
        "Bob: cast commander Tymna",
        "Bob: cast commander Tymna",
        "Bob: cast commander Kraum",
        "Bob: take the initiative",
        "Cid: it becomes day",
        "Cid: get the city's blessing",
        "Ann: the ring tempts Bob",
        "Ann: next",
    )
    picture = decoded(await posted_board(standin, table))
    assert differing_share(picture, decoded(board_png(expected))) <= MAX_DIFFERING_SHARE

    history = (await standin.slash(ANN, table, "totem history")).content or ""
    for line in (
        "Bob: cast commander Tymna",
        "Bob: cast commander Kraum",
        "Cid: roll 2d6 giving " + " ".join(re.findall(r"[1-6]", (rolled.content or "")[16:20])),
    ):
        assert line in history, line


async def test_totem_moves_the_monarch_with_an_attack_hitting_its_holder(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"players": FOUR})
    await standin.slash(ANN, table, "monarch", {"player": "Cid"})
    await standin.slash(BOB, table, "counter add", {"player": "Cid", "kind": "rad", "amount": 2})
    hit = await standin.slash(
        ANN, table, "attack", {"totem": "Bob-Cid", "amount": 3, "hitting": "Cid"}
    )
    assert (hit.content or "").splitlines()[-1] == (
        "Ann attacked Cid, the monarch: Ann becomes the monarch"
    )
    undone = await standin.slash(ANN, table, "undo")
    assert undone.content == "Undone: Ann: attack Bob-Cid for 3 hitting Cid"
    await status_shows(standin, "**Cid** (👑 monarch)", table)  # the crown went back with it
    again = await standin.slash(
        ANN, table, "attack", {"totem": "Bob-Cid", "amount": 3, "hitting": "Cid"}
    )
    assert "Ann becomes the monarch" in (again.content or "")
    each = {"who": "opponent", "kind": "rad", "amount": 1}
    spread = await standin.slash(ANN, table, "counter each", each)
    assert (spread.content or "").splitlines() == [
        "Bob gets 1 rad (0 -> 1), recorded by Ann",
        "Cid gets 1 rad (2 -> 3), recorded by Ann",
        "Dan gets 1 rad (0 -> 1), recorded by Ann",
    ]
    flipped = await standin.slash(DAN, table, "flip")
    assert not flipped.ephemeral
    assert re.fullmatch(r"Dan flipped a coin: (heads|tails)", flipped.content or "")
    chosen = await standin.slash(BOB, table, "random-player")
    assert re.fullmatch(r"Bob chose a player at random: (Ann|Bob|Cid|Dan)", chosen.content or "")
    await standin.slash(CID, table, "day-night", {"time": "night"})

    await status_shows(standin, "🌙 night", table)
    status = await standin.slash(DAN, table, "totem status")
    description = status.embeds[0]["description"]
    ann = next(line for line in description.splitlines() if "**Ann**" in line)
    assert "👑 monarch" in ann
    assert "**Cid** · rad 3" in description and "**Dan** · rad 1" in description
    expected = played_state(
        "game totem players: Ann, Bob, Cid, Dan",
        "Ann: Cid becomes the monarch",
        "Bob: Cid gets 2 rad",
        "Ann: attack Bob-Cid for 3 hitting Cid",
        "Ann: each opponent gets 1 rad",
        "Cid: it becomes night",
    )
    picture = decoded(await posted_board(standin, table))
    assert differing_share(picture, decoded(board_png(expected))) <= MAX_DIFFERING_SHARE
    history = (await standin.slash(ANN, table, "totem history")).content or ""
    assert "Ann: attack Bob-Cid for 3 hitting Cid" in history
    assert "Ann: Cid becomes the monarch" in history
    assert re.search(r"Dan: flip a coin giving (heads|tails)", history)
    assert re.search(r"Bob: choose a player at random giving \w+", history)


async def test_a_totemic_channel_refuses_the_table_commands_in_one_sentence(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totemic solo", {"power": 26, "rivals": "Badger 28, Bat 20"})
    sentence = "This channel plays totemic-solo: record it with /do (see /totem help totemic)."
    for command, options in (
        ("counter add", {"player": "Ann", "kind": "energy", "amount": 1}),
        ("monarch", {}),
        ("roll", {"dice": "d20"}),
        ("random-player", {}),
    ):
        refused = await standin.slash(ANN, table, command, options)
        assert refused.ephemeral and refused.content == sentence, command
    said = await standin.slash(ANN, table, "do", {"text": "roll d20"})
    assert said.ephemeral and "Totemic has no" in (said.content or "")
    offered = await standin.autocomplete(
        ANN, table, "counter remove", {"player": "Ann", "kind": ""}, focused="kind"
    )
    assert offered == []


async def test_grand_melee_offers_counters_within_range_and_designations_to_anyone(
    standin: StandIn, table: int
) -> None:
    players = f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}> <@{EVE}> Fay Gus Hal"
    await standin.slash(ANN, table, "totem new", {"format": "grand-melee", "players": players})

    async def values(command: str, options: dict[str, object]) -> list[str]:
        found = await standin.autocomplete(ANN, table, command, options, focused="player")
        return [choice["value"] for choice in found]

    counters = {"player": "", "kind": "energy", "amount": 1}
    assert await values("counter add", counters) == ["Ann", "Bob", "Hal"]  # reach 1
    everyone = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"]
    for command in ("monarch", "initiative", "blessing", "ring"):
        assert await values(command, {"player": ""}) == everyone, command
    far = await standin.slash(ANN, table, "counter add", {**counters, "player": "Eve"})
    assert far.ephemeral
    blessed = await standin.slash(ANN, table, "blessing", {"player": "Eve"})
    assert blessed.content == "Eve gets the city's blessing for the rest of the game"
