"""The console's text under Minions & Masters: the story of each fall, and who serves whom.

A fall is one line naming whose request it was, whom the player now serves, which fall it
was and their new life (the life set by the fall is told there, not on a line of its own);
the tables turning, minions passed on and minions freed have lines of their own. The table
says whom each minion serves, whom each master rules, how often a player fell and, under
poison-minions, who gave a player's poison. A game without minions reads as before.
"""

from __future__ import annotations

import pytest

from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.render.text import (
    describe_event,
    describe_events,
    describe_lines,
    render_ring,
)
from totembot.games.magic.rules import Game, new_game
from totembot.games.magic.rules.events import LifeChanged, MinionChanged
from totembot.games.magic.rules.state import GameState

FOUR = "game ffa players: Ann, Bob, Cid, Dan rules: minions"
FIVE = "game ffa players: Ann, Bob, Cid, Dan, Eve rules: minions"
POISON = "game ffa players: Ann, Bob, Cid, Dan rules: minions, poison-minions"
MADNESS = "game ffa players: Ann, Bob, Cid, Dan, Eve rules: minions, madness-minions"
TWELVE = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou")
# Twelve players: two masters with chains of minions, poison from three sources, a third fall.
CHAINS = (
    f"game ffa players: {', '.join(TWELVE)} rules: minions, poison-minions",
    "Ann: deal 20 to Bob",
    "Bob: deal 20 to Cid",  # Cid serves Ann: Bob serves Ann
    "Dan: deal 20 to Eve",
    "Eve: deal 20 to Fay",
    "Gus: deal 10 to Cid",
    "Hal: deal 20 to Gus",
    "Ivy: poison 4 to Jon",
    "Kim: poison 3 to Jon",
    "Lou: poison 2 to Jon",
    "Dan: deal 5 to Cid",  # Cid's third fall
)


def play(setup: str, *lines: str) -> tuple[GameState, list[str]]:
    """The state after every line (each must be accepted), and each line's reply."""
    config = parse_setup(setup)
    language = format_named(config.format).language
    game = Game(new_game(config))
    replies = []
    for line in lines:
        parsed = parse_line(line, language)
        assert parsed is not None, line
        replies.append(describe_events(game.record(parsed.request(host=True)).events))
    return game.state, replies


def ring(state: GameState) -> list[str]:
    return render_ring(state).split("\n")


# --- a fall, told in one line -----------------------------------------------------------------


def test_the_briefs_game_tells_each_fall_the_tables_turning_and_minions_passing_on() -> None:
    state, replies = play(FOUR, "Ann: deal 20 to Bob", "Bob: deal 20 to Cid", "Bob: deal 30 to Ann")
    assert replies == [
        "Bob 20 -> 0, dealt by Ann; Bob falls to Ann's damage and becomes Ann's minion: life 10",
        "Cid 20 -> 0, dealt by Bob; "
        "Cid falls to Bob's damage (Bob serves Ann) and becomes Ann's minion: life 10",
        "Ann 20 -> -10, dealt by Bob; Bob turns the tables: free of Ann; "
        "Ann falls to Bob's damage and becomes Bob's minion: life 10; "
        "Cid now serves Bob (Ann's minions pass to Bob)",
    ]
    assert ring(state) == [
        "Free-for-all, 20 life, rules: minions",
        "Turn 1: Ann",
        "  Ann (in, serves Bob, 1 fall): 10 life <- turn",
        "  Bob (in, master of Ann and Cid, 1 fall): 10 life",
        "  Cid (in, serves Bob, 1 fall): 10 life",
        "  Dan (in): 20 life",
    ]


def test_the_life_a_fall_sets_is_told_in_the_fall_and_nowhere_else() -> None:
    _, [reply] = play(FOUR, "Ann: deal 20 to Bob")
    assert "set by" not in reply
    assert "0 -> 10" not in reply
    assert reply.count("Bob") == 2  # the damage line and the fall line, nothing more


def test_a_second_fall_says_so_and_leaves_life_5_and_a_third_fall_loses() -> None:
    state, replies = play(
        FIVE,
        "Ann: deal 20 to Bob",
        "Ann: concede",
        "Dan: deal 20 to Bob",
        "Eve: deal 20 to Bob",
    )
    assert replies == [
        "Bob 20 -> 0, dealt by Ann; Bob falls to Ann's damage and becomes Ann's minion: life 10",
        "Ann is out: conceded; Bob is free: their master left",
        "Bob 10 -> -10, dealt by Dan; "
        "Bob falls to Dan's damage and becomes Dan's minion again (second fall): life 5",
        "Bob 5 -> -15, dealt by Eve; Bob is out: fell a third time, to Eve",
    ]
    assert "  Bob (lost: fell a third time, to Eve): -15 life" in ring(state)
    assert "  Dan (in): 20 life" in ring(state)  # a master whose minion left rules nobody


def test_a_freed_player_keeps_the_count_of_their_falls() -> None:
    state, _ = play(FIVE, "Ann: deal 20 to Bob", "Ann: concede")
    assert "  Bob (in, 1 fall): 10 life" in ring(state)


@pytest.mark.parametrize(
    ("line", "fall"),
    [
        ("Ann: attack Bob for 20", "Bob falls to Ann's attack and becomes Ann's minion: life 10"),
        (
            "Ann: set Bob life to 0",
            "Bob falls to a life total set by Ann and becomes Ann's minion: life 10",
        ),
        ("Ann: deal 25 to Bob", "Bob falls to Ann's damage and becomes Ann's minion: life 10"),
    ],
)
def test_a_fall_names_what_the_player_fell_to(line: str, fall: str) -> None:
    _, [reply] = play(FOUR, line)
    assert reply.split("; ")[-1] == fall


def test_an_effect_on_each_opponent_tells_every_fall_after_every_loss() -> None:
    _, replies = play(FOUR, "Ann: deal 20 to Bob", "Bob: each opponent loses 20")
    assert replies[1].split("; ") == [
        "Ann 20 -> 0, lost to Bob",
        "Cid 20 -> 0, lost to Bob",
        "Dan 20 -> 0, lost to Bob",
        "Bob turns the tables: free of Ann",
        "Ann falls to Bob's effect and becomes Bob's minion: life 10",
        "Cid falls to Bob's effect and becomes Bob's minion: life 10",
        "Dan falls to Bob's effect and becomes Bob's minion: life 10",
        "Ann is out: Bob won",
        "Cid is out: Bob won",
        "Dan is out: Bob won",
        "Game over: Bob wins",
    ]


# --- poison and madness: the life is kept ----------------------------------------------------


def test_a_fall_to_poison_names_the_master_who_gave_the_last_counters_and_keeps_life() -> None:
    state, replies = play(
        POISON, "Cid: poison 6 to Dan", "Ann: poison 3 to Dan", "Cid: poison 1 to Dan"
    )
    assert replies[-1] == (
        "Dan poison 9 -> 10, from Cid; Dan falls to Cid's poison and becomes Cid's minion"
    )
    assert "  Dan (in, serves Cid, 1 fall): 20 life, 3 poison (Ann 3)" in ring(state)


def test_a_fall_to_poison_when_the_last_giver_is_not_the_master_names_no_giver() -> None:
    _, replies = play(POISON, "Cid: poison 6 to Dan", "Ann: poison 4 to Dan")
    assert replies[-1] == (
        "Dan poison 6 -> 10, from Ann; Dan falls to poison and becomes Cid's minion"
    )


def test_per_source_poison_is_listed_the_most_first() -> None:
    state, _ = play(POISON, "Cid: poison 2 to Bob", "Dan: poison 5 to Bob", "Ann: poison 1 to Bob")
    assert "  Bob (in): 20 life, 8 poison (Dan 5, Cid 2, Ann 1)" in ring(state)


def test_madness_makes_a_minion_of_the_masters_side_and_keeps_life() -> None:
    state, replies = play(
        MADNESS, "Ann: deal 20 to Cid", "Ann: deal 4 to Eve", "Ann: eliminate Eve by Cid"
    )
    assert replies[-1] == "Eve is driven mad and becomes Ann's minion"
    assert "  Ann (in, master of Cid and Eve): 20 life <- turn" in ring(state)
    assert "  Eve (in, serves Ann, 1 fall): 16 life" in ring(state)


# --- events one by one, as the bot tells them -------------------------------------------------


def test_a_fall_alone_says_what_it_can_without_the_events_around_it() -> None:
    fell = MinionChanged(player="Bob", master="Ann", cause="fell", how="damage", times=2, life=5)
    assert describe_event(fell) == (
        "Bob falls to damage and becomes Ann's minion again (second fall): life 5"
    )
    turned = MinionChanged(player="Bob", master=None, cause="turned", times=1, life=10)
    assert describe_event(turned) == "Bob turns the tables: free of their master"
    passed = MinionChanged(player="Cid", master="Bob", cause="passed", times=1, life=10)
    assert describe_event(passed) == "Cid now serves Bob"
    poison = MinionChanged(player="Dan", master="Cid", cause="fell", how="poison", times=1)
    assert describe_event(poison) == "Dan falls to poison and becomes Cid's minion"


def test_a_life_set_that_is_no_fall_is_told_as_before() -> None:
    set_life = LifeChanged(pool="Bob", player="Bob", before=20, after=10, cause="set", by="Ann")
    assert describe_lines([set_life]) == ["Bob 20 -> 10, set by Ann"]
    other = MinionChanged(player="Cid", master="Ann", cause="fell", how="damage", times=1, life=10)
    assert describe_lines([set_life, other]) == [
        "Bob 20 -> 10, set by Ann",
        "Cid falls to damage and becomes Ann's minion: life 10",
    ]


def test_a_game_without_minions_tells_a_lethal_blow_as_before() -> None:
    state, replies = play("game ffa players: Ann, Bob, Cid, Dan", "Ann: deal 20 to Bob")
    assert replies == ["Bob 20 -> 0, dealt by Ann; Bob is out: 0 life"]
    assert ring(state)[2:4] == ["  Ann (in): 20 life <- turn", "  Bob (lost: 0 life): 0 life"]


# --- twelve players, chains of minions --------------------------------------------------------


def test_twelve_players_show_each_chain_of_minions_and_poison_sources() -> None:
    state, replies = play(*CHAINS)
    assert replies[4] == (
        "Cid 10 -> 0, dealt by Gus; "
        "Cid falls to Gus's damage and becomes Gus's minion again (second fall): life 5"
    )
    assert replies[-1] == "Cid 5 -> 0, dealt by Dan; Cid is out: fell a third time, to Dan"
    assert ring(state) == [
        "Free-for-all, 20 life, rules: minions, poison-minions",
        "Turn 1: Ann",
        "  Ann (in, master of Bob): 20 life <- turn",
        "  Bob (in, serves Ann, 1 fall): 10 life",
        "  Cid (lost: fell a third time, to Dan): 0 life",
        "  Dan (in, master of Eve and Fay): 20 life",
        "  Eve (in, serves Dan, 1 fall): 10 life",
        "  Fay (in, serves Dan, 1 fall): 10 life",
        "  Gus (in, serves Hal, 1 fall): 10 life",
        "  Hal (in, master of Gus): 20 life",
        "  Ivy (in): 20 life",
        "  Jon (in): 20 life, 9 poison (Ivy 4, Kim 3, Lou 2)",
        "  Kim (in): 20 life",
        "  Lou (in): 20 life",
    ]
