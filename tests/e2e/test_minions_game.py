"""Minions & Masters through the real bot: a four-player free-for-all with `minions` from
`/totem new` to its end, and `/eliminate by:` under `madness-minions`.

The stored state is checked exactly; replies only loosely (their wording may change)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ANN, BOB, CID, DAN, BotProcess
from tests.e2e.stored import status_finished, stored_state
from totembot.games.magic.rules import GameState
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

FOUR = f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"
Standing = tuple[str, int, str | None, int]


def standings(state: GameState) -> dict[str, Standing]:
    """Each player's (status, life, master, minion_times)."""
    return {
        player.name: (player.status, state.pools[seat].life, player.master, player.minion_times)
        for seat, player in enumerate(state.players)
    }


async def by_choices(standin: StandIn, user: int, table: int, player: str) -> list[str]:
    """What `/eliminate`'s `by` option offers once `player` is chosen."""
    offered = await standin.autocomplete(
        user, table, "eliminate", {"player": player, "by": ""}, focused="by"
    )
    return [choice["value"] for choice in offered]


async def test_a_minions_free_for_all_from_new_to_the_last_master(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    started = await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "players": FOUR, "minions": True}
    )
    assert not started.ephemeral and "Ann, Bob, Cid, Dan" in (started.content or "")
    assert stored_state(bot, table).config.house_rules == ("minions",)

    # Bob would lose to Ann's damage: he becomes her minion, with life 10.
    fell = await standin.slash(ANN, table, "damage", {"player": "Bob", "amount": 20})
    assert not fell.ephemeral and "Bob" in (fell.content or "")
    assert standings(stored_state(bot, table)) == {
        "Ann": ("in", 20, None, 0),
        "Bob": ("in", 10, "Ann", 1),
        "Cid": ("in", 20, None, 0),
        "Dan": ("in", 20, None, 0),
    }

    # A minion's kill goes to their master; undo takes the whole fall back, exactly.
    before = stored_state(bot, table)
    kill = await standin.slash(BOB, table, "damage", {"player": "Cid", "amount": 20})
    assert not kill.ephemeral and "Cid" in (kill.content or "")
    assert standings(stored_state(bot, table))["Cid"] == ("in", 10, "Ann", 1)
    undone = await standin.slash(DAN, table, "undo")
    assert not undone.ephemeral
    assert stored_state(bot, table) == before
    await standin.slash(BOB, table, "damage", {"player": "Cid", "amount": 20})
    assert standings(stored_state(bot, table)) == {
        "Ann": ("in", 20, None, 0),
        "Bob": ("in", 10, "Ann", 1),
        "Cid": ("in", 10, "Ann", 1),
        "Dan": ("in", 20, None, 0),
    }
    assert not stored_state(bot, table).finished  # two masters are left: Ann and Dan

    # A master who leaves frees their minions.
    conceded = await standin.slash(ANN, table, "concede")
    assert not conceded.ephemeral
    assert standings(stored_state(bot, table)) == {
        "Ann": ("conceded", 20, None, 0),
        "Bob": ("in", 10, None, 1),
        "Cid": ("in", 10, None, 1),
        "Dan": ("in", 20, None, 0),
    }

    # A second fall leaves life 5; the game ends when one master is left, and minions lose.
    await standin.slash(DAN, table, "damage", {"player": "Bob", "amount": 10})
    assert standings(stored_state(bot, table))["Bob"] == ("in", 5, "Dan", 2)
    assert not stored_state(bot, table).finished
    last = await standin.slash(DAN, table, "attack", {"player": "Cid", "amount": 12})
    assert not last.ephemeral and "Dan" in (last.content or "")
    final = stored_state(bot, table)
    assert final.finished and final.winners == ("Dan",)
    assert standings(final) == {
        "Ann": ("conceded", 20, None, 0),
        "Bob": ("lost", 5, None, 2),
        "Cid": ("lost", 5, None, 2),
        "Dan": ("won", 20, None, 0),
    }
    await status_finished(standin, table, "Dan")
    late = await standin.slash(DAN, table, "damage", {"player": "Bob", "amount": 1})
    assert late.ephemeral


async def test_the_tables_turn_when_a_minion_kills_their_master(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "players": FOUR, "minions": True}
    )
    await standin.slash(ANN, table, "damage", {"player": "Bob", "amount": 20})
    await standin.slash(ANN, table, "damage", {"player": "Cid", "amount": 25})
    turned = await standin.slash(BOB, table, "do", {"text": "deal 20 to Ann"})
    assert not turned.ephemeral
    # Bob is freed, Ann serves him (life 10) and her minion Cid passes to him.
    assert standings(stored_state(bot, table)) == {
        "Ann": ("in", 10, "Bob", 1),
        "Bob": ("in", 10, None, 1),
        "Cid": ("in", 10, "Bob", 1),
        "Dan": ("in", 20, None, 0),
    }


async def test_eliminate_by_makes_a_minion_under_madness_minions_only(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    alone = await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "poison_minions": True}
    )
    assert alone.ephemeral and "minions" in (alone.content or "")
    assert standin.channel_messages(table) == []

    plain = await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "players": FOUR, "minions": True}
    )
    assert not plain.ephemeral
    refused = await standin.slash(CID, table, "eliminate", {"player": "Bob", "by": "Cid"})
    assert refused.ephemeral and "madness-minions" in (refused.content or "")
    assert standings(stored_state(bot, table))["Bob"] == ("in", 20, None, 0)
    await standin.slash(ANN, table, "totem end")

    rules = {"minions": True, "madness_minions": True}
    await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "players": FOUR, **rules}
    )
    assert stored_state(bot, table).config.house_rules == ("minions", "madness-minions")
    assert await by_choices(standin, CID, table, "Bob") == ["Ann", "Cid", "Dan"]
    assert await by_choices(standin, CID, table, "") == ["Ann", "Bob", "Cid", "Dan"]
    themselves = await standin.slash(CID, table, "eliminate", {"player": "Bob", "by": "Bob"})
    assert themselves.ephemeral
    await standin.slash(DAN, table, "lose", {"amount": 3})
    made = await standin.slash(CID, table, "eliminate", {"player": f"<@{DAN}>", "by": "Cid"})
    assert not made.ephemeral and "Dan" in (made.content or "")
    assert standings(stored_state(bot, table))["Dan"] == ("in", 17, "Cid", 1)  # life kept
    assert await by_choices(standin, ANN, table, "Dan") == ["Ann", "Bob", "Cid"]
    out = await standin.slash(ANN, table, "eliminate", {"player": "Bob"})
    assert not out.ephemeral
    assert standings(stored_state(bot, table))["Bob"] == ("lost", 20, None, 0)
    assert await by_choices(standin, ANN, table, "Dan") == ["Ann", "Cid"]


async def test_a_minions_lobby_shows_its_rules_and_keeps_them_to_the_formats_taking_them(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    rules = {"minions": True, "poison_minions": True}
    lobby = await standin.slash(ANN, table, "totem new", {"format": "grand-melee", **rules})
    assert lobby.message_id is not None and not lobby.ephemeral
    assert "minions, poison-minions" in (lobby.content or "")
    menu = "totem:lobby:format"
    giant = await standin.select(ANN, table, lobby.message_id, menu, ["two-headed-giant"])
    assert giant.ephemeral
    assert (giant.content or "").startswith(
        "The house rule minions is not played in Two-Headed Giant"
    )
    chosen = await standin.select(ANN, table, lobby.message_id, menu, ["free-for-all"])
    assert not chosen.ephemeral and "Free-for-all" in (chosen.content or "")
    await standin.click(BOB, table, lobby.message_id, "totem:lobby:join")
    started = await standin.click(ANN, table, lobby.message_id, "totem:lobby:start")
    assert "**The game has started**" in (started.content or "")
    config = stored_state(bot, table).config
    assert (config.format, config.house_rules) == ("free-for-all", ("minions", "poison-minions"))
