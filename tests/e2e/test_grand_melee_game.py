"""A ten-player Grand Melee through the real bot, from `/totem new` to the last player standing:
two turn markers, players ending their own turns with /next, a marker waiting for its
receiver, the host ending a guest's turn, players leaving and a marker removed (608.4), attack
left and a range of one seat.

Five members and five guests (the host records for the guests). The markers are checked in the
bot's database; replies are checked only loosely, as their wording is the renderer's."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ADMIN, ANN, BOB, CID, DAN, EVE, BotProcess
from tests.e2e.stored import (
    board_posted,
    choices,
    markers,
    pinned_embed,
    status_finished,
    statuses,
    stored_state,
)
from totembot.testing import Reply, StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

GUESTS = ["Gus", "Hal", "Ivy", "Jon", "Kim"]
TEN = " ".join([*(f"<@{user}>" for user in (ANN, BOB, CID, DAN, EVE)), *GUESTS])


def says(reply: Reply, *names: str) -> bool:
    """A public answer that names every one of `names`."""
    return not reply.ephemeral and all(name in (reply.content or "") for name in names)


async def test_a_ten_player_grand_melee_from_new_to_the_last_player(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    started = await standin.slash(
        ANN, table, "totem new", {"format": "grand-melee", "players": TEN}
    )
    assert started.content == (
        "**The game has started**: Ann, Bob, Cid, Dan, Eve, Gus, Hal, Ivy, Jon, Kim "
        "(first turns at once: Ann, Eve). The status is pinned."
    )
    assert markers(stored_state(bot, table)) == [(1, "Ann", False), (2, "Eve", False)]
    await standin.wait_for(lambda: "Kim" in str(pinned_embed(standin, table).get("description")))
    assert await board_posted(standin, table, BOB) > 10_000

    # Two turns at once: a bare /next from someone who is not playing cannot say whose ends.
    several = await standin.slash(ADMIN, table, "next")
    assert several.ephemeral
    assert (several.content or "").startswith("Several players are taking turns (Ann, Eve)")
    assert await choices(standin, ADMIN, table, "next", {}) == ["Ann: 20 life", "Eve: 20 life"]
    no_turn = await standin.slash(BOB, table, "next")
    assert no_turn.ephemeral
    assert no_turn.content == "Bob holds no turn marker, so has no turn to end."

    # Ann ends her turn: her marker waits for Bob, as Eve (3 seats to his left) holds one.
    ann_done = await standin.slash(ANN, table, "next")
    assert says(ann_done, "Ann", "Bob")
    assert markers(stored_state(bot, table)) == [(1, "Bob", True), (2, "Eve", False)]
    assert await choices(standin, ADMIN, table, "next", {}) == ["Eve: 20 life"]
    # Eve ends hers: her marker goes to Gus, and the waiting one reaches Bob.
    eve_done = await standin.slash(EVE, table, "next")
    assert says(eve_done, "Eve", "Gus", "Bob")
    assert markers(stored_state(bot, table)) == [(1, "Bob", False), (2, "Gus", False)]
    bob_done = await standin.slash(BOB, table, "next")
    assert says(bob_done, "Bob", "Cid")
    assert markers(stored_state(bot, table)) == [(1, "Cid", True), (2, "Gus", False)]

    # Only the host (or an admin) ends someone else's turn; naming oneself is one's own turn.
    not_host = await standin.slash(BOB, table, "next", {"player": "Gus"})
    assert not_host.ephemeral
    assert (not_host.content or "").startswith("Only the host can end another player's turn")
    for_guest = await standin.slash(ANN, table, "next", {"player": "Gus"})
    assert says(for_guest, "Gus", "Hal", "Cid")
    assert markers(stored_state(bot, table)) == [(1, "Cid", False), (2, "Hal", False)]
    own = await standin.slash(CID, table, "next", {"player": f"<@{CID}>"})
    assert says(own, "Cid", "Dan")
    assert markers(stored_state(bot, table)) == [(1, "Dan", True), (2, "Hal", False)]

    # Attack left, and a range of one seat.
    assert await choices(standin, BOB, table, "attack", {"amount": 1}) == ["Cid: 20 life"]
    assert await choices(standin, BOB, table, "damage", {"amount": 1}) == [
        "Ann: 20 life",
        "Bob: 20 life",
        "Cid: 20 life",
    ]
    right = await standin.slash(BOB, table, "attack", {"player": "Ann", "amount": 3})
    assert right.ephemeral
    assert right.content == "Bob may attack only Cid, the next player to their left."
    far = await standin.slash(BOB, table, "damage", {"player": "Dan", "amount": 3})
    assert far.ephemeral
    assert far.content == "Dan is 2 seats from Bob; a player reaches 1."
    hit = await standin.slash(BOB, table, "attack", {"player": "Cid", "amount": 3})
    assert says(hit, "Cid")

    # Players leave: a marker waiting for Dan waits for Eve; Hal leaves during his turn.
    await standin.slash(DAN, table, "concede")
    assert markers(stored_state(bot, table)) == [(1, "Eve", True), (2, "Hal", False)]
    hal_out = await standin.slash(ANN, table, "totem-admin concede", {"player": "Hal"})
    assert says(hal_out, "Hal", "Ivy")  # his turn ended as he left: Ivy's starts
    assert markers(stored_state(bot, table)) == [(1, "Eve", True), (2, "Ivy", False)]
    # Seven players are left, so one marker is due: Ivy's goes as she leaves.
    removed = await standin.slash(ANN, table, "eliminate", {"player": "Ivy"})
    assert says(removed, "Ivy")
    state = stored_state(bot, table)
    assert markers(state) == [(1, "Eve", False)]
    assert len(state.players_in()) == 7
    # With one turn going on, a bare /next from an admin ends it.
    single = await standin.slash(ADMIN, table, "next")
    assert says(single, "Eve", "Gus")
    assert markers(stored_state(bot, table)) == [(1, "Gus", False)]

    # To the last player: Ann's left is the next player still in.
    assert says(await standin.slash(ANN, table, "attack", {"player": "Bob", "amount": 20}), "Bob")
    await standin.slash(CID, table, "concede")
    await standin.slash(EVE, table, "attack", {"player": "Gus", "amount": 20})
    for guest in ("Jon", "Kim"):
        await standin.slash(ANN, table, "eliminate", {"player": guest})
    assert await choices(standin, ANN, table, "attack", {"amount": 1}) == ["Eve: 20 life"]
    won = await standin.slash(ANN, table, "attack", {"player": "Eve", "amount": 20})
    assert says(won, "Ann", "Eve")
    final = stored_state(bot, table)
    assert final.finished and final.winners == ("Ann",)
    assert statuses(final) == {
        "Ann": "won",
        "Bob": "lost",
        "Cid": "conceded",
        "Dan": "conceded",
        "Eve": "lost",
        "Gus": "lost",
        "Hal": "conceded",
        "Ivy": "lost",
        "Jon": "lost",
        "Kim": "lost",
    }
    await status_finished(standin, table, "Ann")
    over = await standin.slash(ANN, table, "next")
    assert over.ephemeral


async def test_a_grand_melee_needs_four_to_sixteen_players(standin: StandIn, table: int) -> None:
    three = await standin.slash(
        ANN, table, "totem new", {"format": "grand-melee", "players": f"<@{ANN}> Gus Hal"}
    )
    assert three.ephemeral
    assert three.content == "A Grand Melee game needs 4 to 16 players, not 3."
    seventeen = " ".join(f"Guest{index}" for index in range(17))
    crowded = await standin.slash(
        ANN, table, "totem new", {"format": "grand-melee", "players": seventeen}
    )
    assert crowded.ephemeral
    assert crowded.content == "A Grand Melee game needs 4 to 16 players, not 17."
    assert standin.channel_messages(table) == []
