"""The status embed under Minions & Masters: who serves whom, falls and poison by source.

A minion's line starts with a chain and says whom they serve and how often they fell; a
master's starts with a crown and ends with their minions (counted when there are many); under
poison-minions a player's poison says who gave it, the most first. However many players and
whatever their names, every player keeps a line and Discord's limits hold.
"""

from __future__ import annotations

import pytest

from tests.render.test_board_snapshots import HOSTILE_NAMES
from tests.render.test_embed_snapshots import (
    UNGUARDED,
    assert_within_discord_limits,
    strings,
)
from tests.render.test_text_minions import CHAINS, FOUR, POISON, play
from totembot.games.magic.render.embed import status_embed
from totembot.games.magic.rules import Config, GameState, new_game
from totembot.render.embeds import MAX_DESCRIPTION


def lines_of(state: GameState) -> list[str]:
    return str(status_embed(state)["description"]).split("\n")


def served(count: int, names: tuple[str, ...], rules: tuple[str, ...]) -> GameState:
    """A table of `count` players whose first serves nobody and every other serves them, twice
    fallen, each with poison from three others (Grand Melee when `rules` ask for a melee)."""
    melee = "melee" in rules
    house = tuple(rule for rule in rules if rule != "melee")
    config = Config(format="grand-melee" if melee else "free-for-all", players=names[:count])
    state = new_game(config.model_copy(update={"house_rules": house}))
    players, pools = list(state.players), list(state.pools)
    for seat in range(1, count):
        given = {names[(seat + k) % count]: 3 for k in (1, 2, 3)}
        players[seat] = players[seat].model_copy(
            update={"master": names[0], "minion_times": 2, "poison_from": given}
        )
        pools[seat] = pools[seat].model_copy(update={"life": 5, "poison": 9})
    return state.model_copy(update={"players": tuple(players), "pools": tuple(pools)})


def test_the_briefs_game_shows_masters_crowned_and_minions_chained() -> None:
    state, _ = play(FOUR, "Ann: deal 20 to Bob", "Bob: deal 20 to Cid", "Bob: deal 30 to Ann")
    embed = status_embed(state)
    assert embed["footer"]["text"] == "Free-for-all · 20 life · minions"
    assert lines_of(state) == [
        "▶ ⛓ **Ann** (serves Bob, 1 fall) · ♥ 10",
        "👑 **Bob** (1 fall) · ♥ 10 · minions: Ann, Cid",
        "⛓ **Cid** (serves Bob, 1 fall) · ♥ 10",
        "**Dan** · ♥ 20",
    ]


def test_poison_by_source_is_shown_the_most_first() -> None:
    state, _ = play(POISON, "Cid: poison 2 to Bob", "Dan: poison 5 to Bob", "Ann: deal 20 to Dan")
    assert lines_of(state) == [
        "▶ 👑 **Ann** · ♥ 20 · minions: Dan",
        "**Bob** · ♥ 20 · ☠ 7 (Dan 5, Cid 2)",
        "**Cid** · ♥ 20",
        "⛓ **Dan** (serves Ann, 1 fall) · ♥ 10",
    ]


def test_without_poison_minions_poison_is_one_number() -> None:
    state, _ = play(FOUR, "Cid: poison 2 to Bob", "Dan: poison 5 to Bob")
    assert lines_of(state)[1] == "**Bob** · ♥ 20 · ☠ 7"


def test_a_master_of_many_counts_them_and_each_minion_names_the_master() -> None:
    names = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus")
    lines = lines_of(served(7, names, ("minions",)))
    assert lines[0] == "▶ 👑 **Ann** · ♥ 20 · 6 minions"
    assert lines[1] == "⛓ **Bob** (serves Ann, 2 falls) · ♥ 5 · ☠ 9"
    assert all("(serves Ann, 2 falls)" in line for line in lines[1:])


def test_a_freed_player_and_a_player_out_show_no_master() -> None:
    state, _ = play(
        "game ffa players: Ann, Bob, Cid, Dan, Eve rules: minions",
        "Ann: deal 20 to Bob",
        "Ann: concede",
    )
    lines = lines_of(state)
    assert lines[0] == "~~Ann~~ (conceded) · ♥ 20"
    assert lines[1] == "**Bob** (1 fall) · ♥ 10"
    assert not any("⛓" in line or "👑" in line for line in lines)


def test_twelve_players_with_chains_of_minions() -> None:
    state, _ = play(*CHAINS)
    embed = status_embed(state)
    assert_within_discord_limits(embed)
    lines = lines_of(state)
    assert len(lines) == 12
    assert lines == [
        "▶ 👑 **Ann** · ♥ 20 · minions: Bob",
        "⛓ **Bob** (serves Ann, 1 fall) · ♥ 10",
        "~~Cid~~ (lost: fell a third time, to Dan) · ♥ 0",
        "👑 **Dan** · ♥ 20 · minions: Eve, Fay",
        "⛓ **Eve** (serves Dan, 1 fall) · ♥ 10",
        "⛓ **Fay** (serves Dan, 1 fall) · ♥ 10",
        "⛓ **Gus** (serves Hal, 1 fall) · ♥ 10",
        "👑 **Hal** · ♥ 20 · minions: Gus",
        "**Ivy** · ♥ 20",
        "**Jon** · ♥ 20 · ☠ 9 (Ivy 4, Kim 3, Lou 2)",
        "**Kim** · ♥ 20",
        "**Lou** · ♥ 20",
    ]


@pytest.mark.parametrize(("count", "melee"), [(6, False), (12, False), (9, True), (16, True)])
def test_a_full_table_of_long_hostile_names_keeps_a_line_per_player(
    count: int, melee: bool
) -> None:
    names = tuple(
        (f"{k}{HOSTILE_NAMES[k % len(HOSTILE_NAMES)]}" + "@*_<" * 30)[:100] for k in range(count)
    )
    rules = ("minions", "poison-minions", *(("melee",) if melee else ()))
    state = served(count, names, rules)
    embed = status_embed(state)
    assert_within_discord_limits(embed)
    assert not any(UNGUARDED.search(text) for text in strings(embed))
    lines = lines_of(state)
    assert len(lines) == count, "every player keeps a line"
    assert len(embed["description"]) <= MAX_DESCRIPTION
    assert lines[0].split(" · ")[-1] == f"{count - 1} minions"
    assert all("⛓" in line and "serves" in line and "2 falls" in line for line in lines[1:])
