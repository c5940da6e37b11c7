"""Minions & Masters as FORMATS.md settles it (`rules: minions`, `poison-minions`,
`madness-minions`; free-for-all and Grand Melee), played as scripts.

Every expected value is worked out by hand from FORMATS.md ("Minions & Masters", "What every
format shares", "Free-for-all", "Grand Melee", "The state as JSON, per format") and, where it is
silent, RULES.md; the seed is seeds/minions-and-masters.txt. Each test is named after the
sentence it checks. Seats are Ann, Bob, Cid, Dan (and Eve in Grand Melee), in that order.

A player's standing is written (status, life, master, minion_times).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.formats.tables import accepted, play, player, refused
from totembot.games.magic.language.phrases import parse_setup
from totembot.games.magic.rules import RuleViolation, new_game

MIN = "game free-for-all players: Ann, Bob, Cid, Dan rules: minions"
MIN3 = "game free-for-all players: Ann, Bob, Cid rules: minions"
MIN2 = "game free-for-all players: Ann, Bob rules: minions"
POISON = "game free-for-all players: Ann, Bob, Cid, Dan rules: minions, poison-minions"
MADNESS = "game free-for-all players: Ann, Bob, Cid, Dan rules: minions, madness-minions"
ALL = (
    "game free-for-all players: Ann, Bob, Cid, Dan rules: minions, poison-minions, madness-minions"
)
CMD = "game free-for-all players: Ann, Bob, Cid, Dan commander rules: minions"
CMD20 = "game free-for-all players: Ann, Bob, Cid, Dan life: 20 commander rules: minions"
MELEE = "game grand-melee players: Ann, Bob, Cid, Dan, Eve rules: minions"
FFA = "game free-for-all players: Ann, Bob, Cid, Dan"

OUT = ("lost", "conceded", "removed")


# --- helpers ------------------------------------------------------------------------------


def standing(state: dict[str, Any], name: str) -> tuple[str, int, str | None, int]:
    entry = player(state, name)
    return (entry["status"], entry["life"], entry["master"], entry["minion_times"])


def standings(state: dict[str, Any]) -> dict[str, tuple[str, int, str | None, int]]:
    return {entry["name"]: standing(state, entry["name"]) for entry in state["players"]}


def setup(line: str) -> object:
    return new_game(parse_setup(line))


def neither(life: int = 20) -> tuple[str, int, None, int]:
    return ("in", life, None, 0)


# --- the setup and the state as JSON --------------------------------------------------------


def test_a_player_is_a_minion_a_master_or_neither_and_a_new_game_has_neither() -> None:
    fresh = {
        "status": "in",
        "life": 20,
        "poison": 0,
        "commander_damage": {},
        "locked": False,
        "master": None,
        "minion_times": 0,
        "counters": {},
        "city_blessing": False,
        "ring": 0,
    }
    assert play(MIN) == {
        "format": "free-for-all",
        "status": "active",
        "winners": [],
        "turn": {"number": 1, "active": "Ann"},
        "players": [{"name": name, **fresh} for name in ("Ann", "Bob", "Cid", "Dan")],
        "monarch": None,
        "initiative": None,
        "day_night": None,
        "pending": [],
        "rejected": [],
    }


def test_under_poison_minions_each_player_also_has_poison_from() -> None:
    for entry in play(POISON)["players"]:
        assert entry["poison_from"] == {}
        assert entry["poison"] == 0
        assert (entry["master"], entry["minion_times"]) == (None, 0)


def test_poison_from_is_only_under_poison_minions() -> None:
    for line in (MIN, MADNESS):
        assert all("poison_from" not in entry for entry in play(line)["players"])


@pytest.mark.parametrize(
    "line",
    [FFA, "game grand-melee players: Ann, Bob, Cid, Dan"],
)
def test_a_game_without_minions_has_no_master_or_minion_times(line: str) -> None:
    for entry in play(line)["players"]:
        assert "master" not in entry and "minion_times" not in entry
        assert "poison_from" not in entry


SETUPS = [
    MIN,
    MIN2,
    POISON,
    MADNESS,
    ALL,
    CMD,
    "game ffa players: Ann, Bob, Cid rules: minions, sorcery-concede",
    "game ffa players: Ann, Bob, Cid rules: sorcery-concede, minions, poison-minions",
    # contract silent: the rules of `rules:` may come in any order, as the other house rules do.
    "game ffa players: Ann, Bob, Cid rules: poison-minions, minions",
    "game ffa players: Ann, Bob, Cid rules: madness-minions, minions",
    MELEE,
    "game melee players: Ann, Bob, Cid, Dan rules: minions, poison-minions",
    "game grand-melee players: Ann, Bob, Cid, Dan rules: minions, madness-minions",
]


@pytest.mark.parametrize("line", SETUPS)
def test_minions_is_a_rule_of_free_for_all_and_grand_melee(line: str) -> None:
    state = play(line)
    assert state["status"] == "active"
    assert all(standing(state, entry["name"])[2:] == (None, 0) for entry in state["players"])


WRONG_SETUPS = [
    "game ffa players: Ann, Bob, Cid rules: poison-minions",
    "game ffa players: Ann, Bob, Cid rules: madness-minions",
    "game ffa players: Ann, Bob, Cid rules: poison-minions, madness-minions",
    "game ffa players: Ann, Bob, Cid rules: sorcery-concede, poison-minions",
    "game melee players: Ann, Bob, Cid, Dan rules: poison-minions",
    "game melee players: Ann, Bob, Cid, Dan rules: madness-minions",
    "game totem players: Ann, Bob, Cid rules: minions",
    "game totem players: Ann, Bob, Cid rules: minions, poison-minions",
    "game giant teams: Ann+Bob, Cid+Dan rules: minions",
    "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay rules: minions",
    "game teams teams: Ann+Bob, Cid+Dan rules: minions",
    "game teams teams: Ann+Bob, Cid+Dan rules: minions, madness-minions",
]


@pytest.mark.parametrize("line", WRONG_SETUPS)
def test_poison_or_madness_minions_without_minions_and_minions_elsewhere_are_refused(
    line: str,
) -> None:
    with pytest.raises(RuleViolation, match="(?i)minions") as caught:
        setup(line)
    assert "\n" not in str(caught.value)


# --- becoming a minion ------------------------------------------------------------------------

KILLS = [
    "Ann: deal 20 to Bob",
    "Ann: deal 100 to Bob",
    "Ann: Bob loses 20",
    "Ann: set Bob life to 0",
    "Ann: set Bob life to -5",
    "Ann: attack Bob for 20",
    "Ann: attack Bob for 25",
]


@pytest.mark.parametrize("line", KILLS)
def test_a_player_at_0_or_less_by_another_players_request_becomes_their_minion_at_life_10(
    line: str,
) -> None:
    state = accepted(MIN, line)
    assert standings(state) == {
        "Ann": neither(),
        "Bob": ("in", 10, "Ann", 1),
        "Cid": neither(),
        "Dan": neither(),
    }
    assert state["status"] == "active"
    assert state["winners"] == []


def test_the_controller_is_the_speaker_whoever_took_the_turn() -> None:
    # `next` twice: it is Cid's turn, and still Ann's request makes Bob Ann's minion.
    state = accepted(MIN, "next", "next", "Ann: deal 20 to Bob")
    assert standing(state, "Bob") == ("in", 10, "Ann", 1)


@pytest.mark.parametrize("second", ["Cid", "Ann", "Dan"])
def test_a_minion_who_would_lose_that_way_again_becomes_a_minion_once_more_with_life_5(
    second: str,
) -> None:
    # The new master may differ (Cid, Dan) or be the same (Ann).
    state = accepted(MIN, "Ann: deal 20 to Bob", f"{second}: deal 10 to Bob")
    assert standing(state, "Bob") == ("in", 5, second, 2)
    assert state["status"] == "active"


def test_a_second_time_from_far_below_0_still_gives_life_5() -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", "Cid: set Bob life to -30")
    assert standing(state, "Bob") == ("in", 5, "Cid", 2)


def test_a_third_time_they_lose() -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", "Cid: deal 10 to Bob", "Dan: deal 5 to Bob")
    assert standing(state, "Bob") == ("lost", 0, None, 2)
    assert state["status"] == "active"
    assert [standing(state, name) for name in ("Ann", "Cid", "Dan")] == [neither()] * 3


SELF_KILLS = [
    "Bob: lose 20",
    "Bob: pay 20",
    "Bob: deal 20 to Bob",
    "Bob: Bob loses 25",
    "Bob: set Bob life to 0",
]


@pytest.mark.parametrize("line", SELF_KILLS)
def test_killing_yourself_makes_a_player_lose_as_usual(line: str) -> None:
    state = accepted(MIN, line)
    assert standing(state, "Bob")[0] == "lost"
    assert standing(state, "Bob")[2:] == (None, 0)


@pytest.mark.parametrize("line", ["Bob: lose 10", "Bob: pay 10", "Bob: deal 12 to Bob"])
def test_a_minion_killing_themselves_loses_as_usual(line: str) -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", line)
    assert standing(state, "Bob")[0] == "lost"
    assert standing(state, "Bob")[2:] == (None, 1)


@pytest.mark.parametrize(
    "lines",
    [
        ["Bob loses 20"],
        ["set Bob life to 0"],
        ["set Bob life to -4"],
        ["Ann: deal 20 to Bob", "Bob loses 10"],
    ],
)
def test_a_host_line_has_no_controller_and_makes_a_player_lose_as_usual(
    lines: list[str],
) -> None:
    state = accepted(MIN, *lines)
    assert standing(state, "Bob")[0] == "lost"
    assert standing(state, "Bob")[2] is None
    assert standing(state, "Ann")[2:] == (None, 0)


@pytest.mark.parametrize(
    "lines",
    [
        ["Ann: attack Bob for 21 with commander"],
        ["Ann: attack Bob for 10 with commander", "Ann: attack Bob for 11 with commander"],
        ["Ann: deal 40 to Bob", "Bob: lock", "Ann: attack Bob for 21 with commander"],
    ],
)
def test_commander_damage_reaching_21_makes_a_player_lose_as_usual(lines: list[str]) -> None:
    state = accepted(CMD, *lines)
    assert standing(state, "Bob")[0] == "lost"
    assert standing(state, "Bob")[2] is None
    assert player(state, "Bob")["life"] > 0


@pytest.mark.parametrize(
    "lines",
    [
        ["Ann: poison 10 to Bob"],
        ["Ann: poison 6 to Bob", "Cid: poison 4 to Bob"],
        ["Ann: deal 20 to Bob", "Cid: poison 10 to Bob"],
    ],
)
def test_poison_without_poison_minions_makes_a_player_lose_as_usual(lines: list[str]) -> None:
    state = accepted(MIN, *lines)
    assert standing(state, "Bob")[0] == "lost"
    assert standing(state, "Bob")[2] is None
    assert "poison_from" not in player(state, "Bob")


def test_commander_damage_bringing_life_to_0_without_21_makes_a_minion() -> None:
    state = accepted(CMD20, "Ann: attack Bob for 20 with commander")
    bob = player(state, "Bob")
    assert standing(state, "Bob") == ("in", 10, "Ann", 1)
    assert bob["commander_damage"] == {"Ann": 20}
    # The tally goes on: one more point from that commander is 21, and Bob loses.
    state = accepted(
        CMD20, "Ann: attack Bob for 20 with commander", "Ann: attack Bob for 1 with commander"
    )
    assert standing(state, "Bob") == ("lost", 9, None, 1)


@pytest.mark.parametrize(
    "lines",
    [
        ["Ann: attack Bob for 21 with commander"],
        ["Ann: attack Bob for 20 with commander", "Ann: attack Bob for 10 with commander"],
        ["Cid: deal 15 to Bob", "Ann: attack Bob for 21 with commander"],
    ],
)
def test_commander_damage_bringing_life_to_0_as_its_tally_reaches_21_makes_the_player_lose(
    lines: list[str],
) -> None:
    state = accepted(CMD20, *lines)
    assert standing(state, "Bob")[0] == "lost"
    assert standing(state, "Bob")[2] is None
    assert player(state, "Bob")["life"] <= 0


# --- one level only ---------------------------------------------------------------------------


def test_if_the_controller_is_a_minion_the_new_minions_master_is_the_controllers_master() -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", "Bob: deal 20 to Cid")
    assert standings(state) == {
        "Ann": neither(),
        "Bob": ("in", 10, "Ann", 1),
        "Cid": ("in", 10, "Ann", 1),
        "Dan": neither(),
    }


def test_a_minion_killing_a_fellow_minion_for_the_second_time_keeps_the_same_master() -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", "Ann: deal 20 to Cid", "Bob: deal 10 to Cid")
    assert standing(state, "Cid") == ("in", 5, "Ann", 2)
    assert standing(state, "Bob") == ("in", 10, "Ann", 1)


@pytest.mark.parametrize(
    "line",
    [
        "Bob: deal 20 to Ann",
        "Bob: Ann loses 20",
        "Bob: set Ann life to 0",
        # contract silent: the bot does not police attacks, so a minion may attack their
        # master (the seed lets a master forbid it at the table, not the tracker).
        "Bob: attack Ann for 20",
    ],
)
def test_a_minion_who_kills_their_master_is_freed_and_the_fallen_master_becomes_their_minion(
    line: str,
) -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", line)
    assert standings(state) == {
        "Ann": ("in", 10, "Bob", 1),
        "Bob": ("in", 10, None, 1),
        "Cid": neither(),
        "Dan": neither(),
    }
    assert state["status"] == "active"


def test_the_fallen_masters_other_minions_pass_to_the_freed_controller() -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", "Ann: deal 20 to Cid", "Bob: deal 20 to Ann")
    assert standings(state) == {
        "Ann": ("in", 10, "Bob", 1),
        "Bob": ("in", 10, None, 1),
        "Cid": ("in", 10, "Bob", 1),
        "Dan": neither(),
    }
    assert state["status"] == "active"


def test_a_fallen_master_who_was_a_minion_before_becomes_one_the_second_time_with_life_5() -> None:
    state = accepted(
        MIN,
        "Cid: deal 20 to Ann",
        "Cid: concede",
        "Ann: deal 20 to Bob",
        "Bob: deal 10 to Ann",
    )
    assert standing(state, "Ann") == ("in", 5, "Bob", 2)
    assert standing(state, "Bob") == ("in", 10, None, 1)


def test_whenever_a_player_becomes_a_minion_their_own_minions_pass_to_their_new_master() -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", "Cid: deal 20 to Ann")
    assert standings(state) == {
        "Ann": ("in", 10, "Cid", 1),
        "Bob": ("in", 10, "Cid", 1),
        "Cid": neither(),
        "Dan": neither(),
    }


def test_passing_to_a_new_master_is_not_becoming_a_minion_again() -> None:
    # contract silent: a minion passed to a new master keeps their life and their minion_times
    # (they did not become a minion; only the master changed).
    state = accepted(MIN, "Ann: deal 20 to Bob", "Dan: deal 3 to Bob", "Cid: deal 20 to Ann")
    assert standing(state, "Bob") == ("in", 7, "Cid", 1)


# --- a master leaving -------------------------------------------------------------------------

MASTER_LEAVES = [
    ("Ann: concede", "conceded"),
    ("remove Ann", "removed"),
    ("eliminate Ann", "lost"),
    ("Cid: eliminate Ann", "lost"),
    ("Ann loses 20", "lost"),
    ("Ann: lose 20", "lost"),
    ("Cid: poison 10 to Ann", "lost"),
    ("Cid: attack Ann for 21 with commander", "lost"),
]


@pytest.mark.parametrize(("line", "status"), MASTER_LEAVES, ids=[c[0] for c in MASTER_LEAVES])
def test_when_a_master_leaves_the_game_their_minions_are_freed(line: str, status: str) -> None:
    state = accepted(CMD20, "Ann: deal 20 to Bob", "Ann: deal 20 to Cid", line)
    assert standing(state, "Ann")[0] == status
    assert standing(state, "Ann")[2] is None
    assert standing(state, "Bob") == ("in", 10, None, 1)
    assert standing(state, "Cid") == ("in", 10, None, 1)
    assert state["status"] == "active"


def test_minion_times_is_never_reset_not_when_freed_either() -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", "Ann: concede", "Cid: deal 10 to Bob")
    assert standing(state, "Bob") == ("in", 5, "Cid", 2)
    state = accepted(
        MIN, "Ann: deal 20 to Bob", "Ann: concede", "Cid: deal 10 to Bob", "Dan: deal 5 to Bob"
    )
    assert standing(state, "Bob") == ("lost", 0, None, 2)


def test_a_minion_freed_by_killing_their_master_keeps_minion_times() -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", "Bob: deal 20 to Ann", "Cid: deal 10 to Bob")
    assert standing(state, "Bob") == ("in", 5, "Cid", 2)


@pytest.mark.parametrize(
    ("line", "status"),
    [
        ("Bob: concede", "conceded"),
        ("remove Bob", "removed"),
        ("eliminate Bob", "lost"),
        ("Bob: lose 10", "lost"),
        ("Cid: poison 10 to Bob", "lost"),
    ],
)
def test_master_is_null_for_a_player_who_is_out(line: str, status: str) -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", line)
    assert standing(state, "Bob")[0] == status
    assert standing(state, "Bob")[2:] == (None, 1)
    assert standing(state, "Ann") == neither()


# --- winning ----------------------------------------------------------------------------------


def test_the_game_goes_on_while_two_players_still_in_are_not_minions() -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", "Ann: deal 20 to Cid")
    assert state["status"] == "active"
    assert state["winners"] == []


def test_the_game_ends_when_at_most_one_player_still_in_is_not_a_minion() -> None:
    state = accepted(MIN3, "Ann: deal 20 to Bob", "Ann: deal 20 to Cid")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    # Every minion still in loses; a player who is out has no master.
    assert standings(state) == {
        "Ann": ("won", 20, None, 0),
        "Bob": ("lost", 10, None, 1),
        "Cid": ("lost", 10, None, 1),
    }


def test_in_a_two_player_game_the_first_minion_ends_it() -> None:
    state = accepted(MIN2, "Ann: attack Bob for 20")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    assert standings(state) == {"Ann": ("won", 20, None, 0), "Bob": ("lost", 10, None, 1)}


def test_the_game_ends_when_the_last_other_non_minion_leaves_with_minions_still_in() -> None:
    state = accepted(MIN3, "Ann: deal 20 to Bob", "Cid: concede")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    assert standings(state) == {
        "Ann": ("won", 20, None, 0),
        "Bob": ("lost", 10, None, 1),
        "Cid": ("conceded", 20, None, 0),
    }


def test_a_new_minion_passing_their_minions_on_can_end_the_game() -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", "Ann: deal 20 to Cid", "Dan: deal 20 to Ann")
    assert state["status"] == "finished"
    assert state["winners"] == ["Dan"]
    assert standings(state) == {
        "Ann": ("lost", 10, None, 1),
        "Bob": ("lost", 10, None, 1),
        "Cid": ("lost", 10, None, 1),
        "Dan": ("won", 20, None, 0),
    }


def test_a_minion_can_still_win_by_win() -> None:
    state = accepted(MIN, "Ann: deal 20 to Bob", "Ann: deal 20 to Cid", "Bob: win")
    assert state["status"] == "finished"
    assert state["winners"] == ["Bob"]
    # contract silent on a winner's master: Ann lost (left the game), which frees Bob.
    assert standings(state) == {
        "Ann": ("lost", 20, None, 0),
        "Bob": ("won", 10, None, 1),
        "Cid": ("lost", 10, None, 1),
        "Dan": ("lost", 20, None, 0),
    }


def test_the_last_players_losing_at_once_to_a_host_line_is_still_a_draw() -> None:
    state = accepted(MIN3, "each player loses 20")
    assert state["status"] == "finished"
    assert state["winners"] == []
    assert standings(state) == {name: ("lost", 0, None, 0) for name in ("Ann", "Bob", "Cid")}


def test_nothing_more_is_recorded_once_a_minions_game_is_finished() -> None:
    refused(MIN3, "Ann: deal 20 to Bob", "Ann: deal 20 to Cid", "Bob: deal 3 to Ann")


# --- effects on each player at once -------------------------------------------------------------


def test_an_effect_on_each_opponent_makes_several_minions_at_once_and_can_end_the_game() -> None:
    state = accepted(MIN, "Ann: deal 25 to each opponent")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    assert standings(state) == {
        "Ann": ("won", 20, None, 0),
        "Bob": ("lost", 10, None, 1),
        "Cid": ("lost", 10, None, 1),
        "Dan": ("lost", 10, None, 1),
    }


def test_an_effect_on_each_opponent_that_leaves_a_non_minion_in_keeps_the_game_going() -> None:
    state = accepted(MIN, "Dan: gain 10", "Ann: each opponent loses 25")
    assert state["status"] == "active"
    assert standings(state) == {
        "Ann": neither(),
        "Bob": ("in", 10, "Ann", 1),
        "Cid": ("in", 10, "Ann", 1),
        "Dan": neither(5),
    }


def test_an_each_effect_by_a_minion_that_kills_their_master_and_others() -> None:
    # Bob (Ann's minion) brings Ann and Cid to 0 at once: Cid's master would be Ann (one level),
    # Ann becomes Bob's minion and her minions pass to Bob; Bob is freed. Either order, the same.
    state = accepted(MIN, "Ann: deal 20 to Bob", "Dan: gain 5", "Bob: deal 20 to each opponent")
    assert state["status"] == "active"
    assert standings(state) == {
        "Ann": ("in", 10, "Bob", 1),
        "Bob": ("in", 10, None, 1),
        "Cid": ("in", 10, "Bob", 1),
        "Dan": neither(5),
    }


def test_an_each_effect_that_kills_its_controller_too_frees_the_others_at_once() -> None:
    # contract silent: Ann kills herself (she loses as usual); the others, at 0 by Ann's request
    # while she was still in, become her minions (life 10, counted), and her leaving frees them.
    state = accepted(MIN, "Ann: deal 20 to each player")
    assert state["status"] == "active"
    assert standings(state) == {
        "Ann": ("lost", 0, None, 0),
        "Bob": ("in", 10, None, 1),
        "Cid": ("in", 10, None, 1),
        "Dan": ("in", 10, None, 1),
    }


# --- poison-minions -----------------------------------------------------------------------------


def test_under_poison_minions_poison_is_counted_per_source() -> None:
    state = accepted(POISON, "Ann: poison 3 to Bob", "Cid: poison 2 to Bob", "Ann: poison 1 to Bob")
    bob = player(state, "Bob")
    assert (bob["poison_from"], bob["poison"], bob["life"]) == ({"Ann": 4, "Cid": 2}, 6, 20)
    assert standing(state, "Bob") == neither()
    assert all(player(state, name)["poison_from"] == {} for name in ("Ann", "Cid", "Dan"))


def test_under_poison_minions_poison_needs_a_speaker() -> None:
    refused(POISON, "poison 3 to Bob")


def test_poison_from_a_minion_is_counted_under_the_minions_own_name() -> None:
    state = accepted(POISON, "Ann: deal 20 to Cid", "Cid: poison 3 to Bob")
    assert player(state, "Bob")["poison_from"] == {"Cid": 3}


POISONINGS = [
    (["Ann: poison 10 to Bob"], "Ann", {}),
    (["Ann: poison 14 to Bob"], "Ann", {}),
    (["Ann: poison 6 to Bob", "Cid: poison 4 to Bob"], "Ann", {"Cid": 4}),
    (["Cid: poison 4 to Bob", "Ann: poison 6 to Bob"], "Ann", {"Cid": 4}),
    (["Ann: poison 3 to Bob", "Cid: poison 2 to Bob", "Dan: poison 5 to Bob"], "Dan", None),
    (["Ann: poison 9 to Bob", "Cid: poison 3 to Bob"], "Ann", {"Cid": 3}),
]


@pytest.mark.parametrize(
    ("lines", "master", "left"), POISONINGS, ids=[" / ".join(c[0]) for c in POISONINGS]
)
def test_at_10_poison_in_all_the_player_becomes_a_minion_of_whoever_gave_the_most(
    lines: list[str], master: str, left: dict[str, int] | None
) -> None:
    left = {"Ann": 3, "Cid": 2} if left is None else left
    state = accepted(POISON, *lines)
    bob = player(state, "Bob")
    # That master's counters are removed; `poison` is the sum of what is left; life is kept.
    assert standing(state, "Bob") == ("in", 20, master, 1)
    assert (bob["poison_from"], bob["poison"]) == (left, sum(left.values()))


TIES = [
    (["Ann: poison 5 to Bob", "Cid: poison 5 to Bob"], "Cid", {"Ann": 5}),
    (["Cid: poison 5 to Bob", "Ann: poison 5 to Bob"], "Ann", {"Cid": 5}),
    (["Cid: poison 3 to Bob", "Ann: poison 5 to Bob", "Cid: poison 2 to Bob"], "Cid", {"Ann": 5}),
    (["Ann: poison 3 to Bob", "Cid: poison 5 to Bob", "Ann: poison 2 to Bob"], "Ann", {"Cid": 5}),
    # Dan gave last, but only Ann and Cid tie for the most: of them, Cid gave most recently.
    (
        [
            "Ann: poison 4 to Bob",
            "Cid: poison 4 to Bob",
            "Dan: poison 1 to Bob",
            "Dan: poison 1 to Bob",
        ],
        "Cid",
        {"Ann": 4, "Dan": 2},
    ),
]


@pytest.mark.parametrize(("lines", "master", "left"), TIES, ids=[" / ".join(c[0]) for c in TIES])
def test_a_tie_goes_to_the_one_among_them_who_gave_counters_most_recently(
    lines: list[str], master: str, left: dict[str, int]
) -> None:
    state = accepted(POISON, *lines)
    bob = player(state, "Bob")
    assert standing(state, "Bob") == ("in", 20, master, 1)
    assert (bob["poison_from"], bob["poison"]) == (left, sum(left.values()))


def test_a_player_who_becomes_a_minion_through_poison_keeps_their_life() -> None:
    state = accepted(POISON, "Dan: deal 7 to Bob", "Ann: poison 10 to Bob")
    assert standing(state, "Bob") == ("in", 13, "Ann", 1)


@pytest.mark.parametrize(
    "lines",
    [
        ["Ann: deal 20 to Bob", "Cid: poison 10 to Bob"],
        ["Ann: poison 10 to Bob", "Cid: poison 10 to Bob"],
        ["Ann: poison 6 to Bob", "Cid: poison 4 to Bob", "Ann: poison 6 to Bob"],
        ["Ann: poison 10 to Bob", "Cid: poison 6 to Bob", "Dan: poison 4 to Bob"],
        ["Ann: deal 20 to Bob", "Cid: deal 10 to Bob", "Dan: poison 10 to Bob"],
    ],
)
def test_a_player_who_is_already_a_minion_loses_at_10_poison_instead(lines: list[str]) -> None:
    state = accepted(POISON, *lines)
    assert standing(state, "Bob")[0] == "lost"
    assert standing(state, "Bob")[2] is None
    assert player(state, "Bob")["poison"] >= 10


def test_under_poison_minions_becoming_a_minion_by_damage_removes_the_new_masters_entry() -> None:
    state = accepted(POISON, "Ann: poison 3 to Bob", "Cid: poison 4 to Bob", "Ann: deal 20 to Bob")
    bob = player(state, "Bob")
    assert standing(state, "Bob") == ("in", 10, "Ann", 1)
    assert (bob["poison_from"], bob["poison"]) == ({"Cid": 4}, 4)


def test_a_fallen_master_loses_the_freed_controllers_poison_entry() -> None:
    state = accepted(POISON, "Ann: deal 20 to Bob", "Bob: poison 3 to Ann", "Bob: deal 20 to Ann")
    ann = player(state, "Ann")
    assert standing(state, "Ann") == ("in", 10, "Bob", 1)
    assert (ann["poison_from"], ann["poison"]) == ({}, 0)


def test_a_minion_who_poisons_their_master_to_10_is_freed_and_the_master_becomes_theirs() -> None:
    state = accepted(POISON, "Ann: deal 20 to Bob", "Ann: deal 20 to Cid", "Bob: poison 10 to Ann")
    ann = player(state, "Ann")
    assert standings(state) == {
        "Ann": ("in", 20, "Bob", 1),
        "Bob": ("in", 10, None, 1),
        "Cid": ("in", 10, "Bob", 1),
        "Dan": neither(),
    }
    assert (ann["poison_from"], ann["poison"]) == ({}, 0)


def test_poison_from_a_minion_makes_a_minion_of_their_master_and_removes_both_entries() -> None:
    # contract silent: Cid (Ann's minion) gave the most, so one level only makes Bob Ann's minion.
    # "That master's counters" are the ones of whoever gave the most (Cid), and FORMATS.md's
    # details remove the new master's entry (Ann's) too: both go, so Bob is not left at 10.
    state = accepted(POISON, "Ann: deal 20 to Cid", "Ann: poison 2 to Bob", "Cid: poison 8 to Bob")
    bob = player(state, "Bob")
    assert standing(state, "Bob") == ("in", 20, "Ann", 1)
    assert (bob["poison_from"], bob["poison"]) == ({}, 0)


def test_poison_mostly_from_yourself_makes_you_lose_as_usual() -> None:
    # contract silent: a player's own counters count under their own name; when they gave the
    # most, they would be their own minion, which is killing yourself: they lose as usual.
    state = accepted(POISON, "Bob: poison 6 to Bob", "Ann: poison 4 to Bob")
    assert standing(state, "Bob")[0] == "lost"
    assert standing(state, "Bob")[2:] == (None, 0)


def test_under_poison_minions_a_new_minions_own_minions_pass_to_the_new_master() -> None:
    state = accepted(POISON, "Ann: deal 20 to Cid", "Bob: poison 10 to Ann")
    assert standings(state) == {
        "Ann": ("in", 20, "Bob", 1),
        "Bob": neither(),
        "Cid": ("in", 10, "Bob", 1),
        "Dan": neither(),
    }


# --- madness-minions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "eliminate Bob by Ann",
        "Ann: eliminate Bob by Ann",
        # contract silent: whoever may record `eliminate P` may record `eliminate P by Q`.
        "Cid: eliminate Bob by Ann",
        "Bob: eliminate Bob by Ann",
        "eliminate bob by ANN",
    ],
)
def test_eliminate_p_by_q_makes_p_qs_minion_with_life_unchanged(line: str) -> None:
    state = accepted(MADNESS, "Cid: deal 7 to Bob", line)
    assert standings(state) == {
        "Ann": neither(),
        "Bob": ("in", 13, "Ann", 1),
        "Cid": neither(),
        "Dan": neither(),
    }


@pytest.mark.parametrize("line", ["eliminate Bob", "Ann: eliminate Bob", "Bob: eliminate Bob"])
def test_a_plain_eliminate_p_still_makes_p_lose(line: str) -> None:
    state = accepted(MADNESS, line)
    assert standing(state, "Bob") == ("lost", 20, None, 0)
    state = accepted(MADNESS, "Ann: deal 20 to Bob", line)
    assert standing(state, "Bob") == ("lost", 10, None, 1)


@pytest.mark.parametrize(
    "lines",
    [
        ["eliminate Bob by Bob"],
        ["Ann: eliminate Bob by Bob"],
        ["Cid: concede", "eliminate Bob by Cid"],
        ["remove Cid", "Ann: eliminate Bob by Cid"],
        ["Bob: concede", "eliminate Bob by Cid"],
        ["Ann: eliminate Bob", "Ann: eliminate Bob by Cid"],
        ["eliminate Bob by Zed"],
        ["eliminate Zed by Ann"],
    ],
    ids=lambda lines: " / ".join(lines),
)
def test_eliminate_p_by_q_is_refused_when_q_is_p_q_is_out_or_p_is_out(lines: list[str]) -> None:
    refused(MADNESS, *lines)


def test_a_player_who_is_out_cannot_record_eliminate_p_by_q() -> None:
    refused(MADNESS, "Dan: concede", "Dan: eliminate Bob by Ann")


@pytest.mark.parametrize("game", [MIN, POISON, FFA])
def test_eliminate_p_by_q_is_refused_without_madness_minions(game: str) -> None:
    # contract silent: the phrase belongs to madness-minions; elsewhere it is refused with one
    # sentence (rather than read as a plain elimination).
    error = refused(game, "eliminate Bob by Ann")
    assert "madness" in error.lower()


def test_a_minion_made_by_eliminate_counts_toward_minion_times() -> None:
    state = accepted(MADNESS, "eliminate Bob by Ann", "Cid: deal 20 to Bob")
    assert standing(state, "Bob") == ("in", 5, "Cid", 2)
    # The second time by madness keeps the life (10 here), it does not become 5.
    state = accepted(MADNESS, "Ann: deal 20 to Bob", "eliminate Bob by Cid")
    assert standing(state, "Bob") == ("in", 10, "Cid", 2)
    state = accepted(MADNESS, "eliminate Bob by Ann", "eliminate Bob by Ann")
    assert standing(state, "Bob") == ("in", 20, "Ann", 2)


@pytest.mark.parametrize(
    "lines",
    [
        ["Ann: deal 20 to Bob", "Cid: deal 10 to Bob", "eliminate Bob by Dan"],
        ["eliminate Bob by Ann", "eliminate Bob by Cid", "eliminate Bob by Dan"],
        ["eliminate Bob by Ann", "Cid: deal 20 to Bob", "Dan: eliminate Bob by Ann"],
    ],
)
def test_eliminate_p_by_q_makes_a_player_already_twice_a_minion_lose_instead(
    lines: list[str],
) -> None:
    state = accepted(MADNESS, *lines)
    assert standing(state, "Bob")[0] == "lost"
    assert standing(state, "Bob")[2:] == (None, 2)


def test_eliminate_p_by_a_minion_makes_p_the_minions_masters_minion() -> None:
    # contract silent: for madness Q stands as the controller, so one level only applies.
    state = accepted(MADNESS, "Ann: deal 20 to Bob", "eliminate Cid by Bob")
    assert standing(state, "Cid") == ("in", 20, "Ann", 1)
    assert standing(state, "Bob") == ("in", 10, "Ann", 1)


def test_eliminate_a_master_by_their_minion_frees_the_minion() -> None:
    state = accepted(MADNESS, "Ann: deal 20 to Bob", "Ann: deal 20 to Cid", "eliminate Ann by Bob")
    assert standings(state) == {
        "Ann": ("in", 20, "Bob", 1),
        "Bob": ("in", 10, None, 1),
        "Cid": ("in", 10, "Bob", 1),
        "Dan": neither(),
    }


def test_eliminate_p_by_q_passes_ps_minions_to_q() -> None:
    state = accepted(MADNESS, "Ann: deal 20 to Bob", "eliminate Ann by Cid")
    assert standings(state) == {
        "Ann": ("in", 20, "Cid", 1),
        "Bob": ("in", 10, "Cid", 1),
        "Cid": neither(),
        "Dan": neither(),
    }


def test_eliminate_p_by_q_can_end_the_game() -> None:
    state = accepted(
        "game ffa players: Ann, Bob, Cid rules: minions, madness-minions",
        "Ann: deal 20 to Bob",
        "eliminate Cid by Ann",
    )
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    assert standing(state, "Cid") == ("lost", 20, None, 1)


def test_minion_times_counts_every_way_of_becoming_a_minion() -> None:
    state = accepted(ALL, "Ann: poison 10 to Bob", "eliminate Bob by Cid")
    assert standing(state, "Bob") == ("in", 20, "Cid", 2)
    state = accepted(ALL, "Ann: poison 10 to Bob", "eliminate Bob by Cid", "Dan: deal 20 to Bob")
    assert standing(state, "Bob") == ("lost", 0, None, 2)


# --- tallies kept -------------------------------------------------------------------------------


def test_a_new_minion_keeps_their_poison_and_commander_damage_tallies() -> None:
    lines = [
        CMD,
        "Cid: attack Bob for 5 with commander",
        "Dan: poison 3 to Bob",
        "Ann: deal 35 to Bob",
    ]
    bob = player(accepted(*lines), "Bob")
    assert (bob["life"], bob["master"], bob["minion_times"]) == (10, "Ann", 1)
    assert (bob["commander_damage"], bob["poison"]) == ({"Cid": 5}, 3)
    # The kept tallies still count: 16 more from Cid's commander is 21 (the life locked).
    state = accepted(*lines, "Bob: lock", "Cid: attack Bob for 16 with commander")
    assert standing(state, "Bob") == ("lost", 10, None, 1)
    # 7 more poison is 10: without poison-minions, Bob loses.
    state = accepted(*lines, "Dan: poison 7 to Bob")
    assert standing(state, "Bob") == ("lost", 10, None, 1)


# --- Grand Melee --------------------------------------------------------------------------------


def test_a_grand_melee_game_with_minions() -> None:
    # Seats Ann Bob Cid Dan Eve round the table; range of influence 1, attack left; one marker.
    lines = [MELEE, "Ann: attack Bob for 20"]
    state = accepted(*lines)
    assert standing(state, "Bob") == ("in", 10, "Ann", 1)
    # A minion is still in: they take turns and count in ranges (Cid is 2 seats from Ann).
    lines.append("Ann: next")
    state = accepted(*lines)
    assert state["markers"] == [{"number": 1, "player": "Bob", "waiting": False}]
    refused(*lines, "Ann: deal 20 to Cid")
    # One level only: Bob's attack on Cid makes Cid Ann's minion.
    lines.append("Bob: attack Cid for 20")
    state = accepted(*lines)
    assert standing(state, "Cid") == ("in", 10, "Ann", 1)
    lines.append("Ann: deal 20 to Eve")
    state = accepted(*lines)
    assert standing(state, "Eve") == ("in", 10, "Ann", 1)
    assert state["status"] == "active"
    # Eve (next to Dan) makes Dan Ann's minion: Ann is the only one still in who is not a minion.
    lines.append("Eve: deal 20 to Dan")
    state = accepted(*lines)
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    assert standings(state) == {
        "Ann": ("won", 20, None, 0),
        "Bob": ("lost", 10, None, 1),
        "Cid": ("lost", 10, None, 1),
        "Dan": ("lost", 10, None, 1),
        "Eve": ("lost", 10, None, 1),
    }


def test_in_grand_melee_a_minion_who_kills_their_master_is_freed() -> None:
    state = accepted(MELEE, "Ann: attack Bob for 20", "Bob: deal 20 to Ann")
    assert standing(state, "Ann") == ("in", 10, "Bob", 1)
    assert standing(state, "Bob") == ("in", 10, None, 1)


def test_in_grand_melee_a_master_leaving_frees_their_minions() -> None:
    state = accepted(MELEE, "Ann: attack Bob for 20", "Ann: concede")
    assert standing(state, "Bob") == ("in", 10, None, 1)
    assert state["status"] == "active"


# --- undo ---------------------------------------------------------------------------------------

UNDONE = [
    (MIN, ["Cid: deal 3 to Dan"], "Ann: deal 20 to Bob"),
    (MIN, ["Ann: deal 20 to Bob"], "Cid: deal 10 to Bob"),
    (MIN, ["Ann: deal 20 to Bob", "Cid: deal 10 to Bob"], "Dan: deal 5 to Bob"),
    (MIN, ["Ann: deal 20 to Bob"], "Bob: deal 20 to Cid"),
    (MIN, ["Ann: deal 20 to Bob", "Ann: deal 20 to Cid"], "Bob: deal 20 to Ann"),
    (MIN, ["Ann: deal 20 to Bob"], "Cid: deal 20 to Ann"),
    (MIN, ["Ann: deal 20 to Bob", "Ann: deal 20 to Cid"], "Ann: concede"),
    (MIN, ["Ann: deal 20 to Bob", "Ann: deal 20 to Cid"], "remove Ann"),
    (MIN, ["Ann: deal 20 to Bob", "Ann: deal 20 to Cid"], "Dan: deal 20 to Ann"),
    (MIN, ["Ann: deal 20 to Bob"], "Bob: win"),
    (MIN, ["Cid: deal 3 to Bob"], "Ann: deal 25 to each opponent"),
    (MIN, ["Ann: deal 20 to Bob"], "Ann: deal 20 to each player"),
    (CMD20, ["Ann: attack Bob for 20 with commander"], "Ann: attack Bob for 1 with commander"),
    (POISON, ["Ann: poison 6 to Bob", "Cid: poison 3 to Bob"], "Cid: poison 1 to Bob"),
    (POISON, ["Ann: poison 5 to Bob"], "Cid: poison 5 to Bob"),
    (POISON, ["Ann: poison 3 to Bob", "Cid: poison 4 to Bob"], "Ann: deal 20 to Bob"),
    (POISON, ["Ann: poison 10 to Bob"], "Cid: poison 10 to Bob"),
    (MADNESS, ["Ann: deal 20 to Bob"], "eliminate Ann by Bob"),
    (MADNESS, ["Ann: deal 20 to Bob", "Cid: deal 10 to Bob"], "eliminate Bob by Dan"),
    (MELEE, ["Ann: attack Bob for 20", "Ann: next"], "Bob: attack Cid for 20"),
]


@pytest.mark.parametrize(
    ("game", "before", "line"),
    UNDONE,
    ids=[f"{c[0].split(' rules: ')[-1]}: {' / '.join(c[1])} / {c[2]}" for c in UNDONE],
)
def test_undo_takes_back_a_minion_change_with_everything_it_caused(
    game: str, before: list[str], line: str
) -> None:
    expected = accepted(game, *before)
    assert accepted(game, *before, line, "undo") == expected
    assert accepted(game, *before, line) != expected
