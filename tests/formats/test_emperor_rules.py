"""Emperor as FORMATS.md settles it (CR 607), played as scripts.

Teams of three (or five) sit together in the listed order; the middle player of each team is
its emperor, the others generals. Each player has their own life. Range of influence: 2 for an
emperor (3 in teams of five), 1 for a general, counted in the seats of the players who were still
in when the current turn began; combat only on an opponent seated immediately next to the
attacker (counting the players still in now); a team falls when its emperor does; `win` makes the
opponents within the speaker's range lose. Every expected value is worked out by hand from
FORMATS.md ("What every format shares", "Emperor", "Range of influence as the rules have it
(amended 2026-11-27)", "The state as JSON, per format"); RULES.md where both are silent.

The tables used below, seat by seat (emperors in capitals):
    E2: Ann BOB Cid | Dan EVE Fay                      (a ring of 6)
    E3: Ann BOB Cid | Dan EVE Fay | Gus HAL Ivy        (a ring of 9)
    E5: Ann Bob CID Dan Eve | Fay Gus HAL Ivy Jon      (a ring of 10)
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.formats.tables import (
    accepted,
    lives,
    play,
    player,
    refused,
    statuses,
    team,
    team_statuses,
)

E2 = "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay"
E3 = "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay, Gus+Hal+Ivy"
E5 = "game emperor teams: Ann+Bob+Cid+Dan+Eve, Fay+Gus+Hal+Ivy+Jon"
E3_CMD = E3 + " commander"
E2_LOW = E2 + " life: 3"
E3_SORCERY = E3 + " rules: sorcery-concede"

TABLES = {E2: "E2", E3: "E3", E5: "E5"}
A, D, G = "Ann+Bob+Cid", "Dan+Eve+Fay", "Gus+Hal+Ivy"


# --- helpers ------------------------------------------------------------------------------


def roles(state: dict[str, Any]) -> dict[str, str]:
    return {entry["name"]: entry["role"] for entry in state["players"]}


def all_at(life: int, names: str, **changed: int) -> dict[str, int]:
    """Every named player at `life`, but those given by keyword."""
    return {name: changed.get(name, life) for name in names.split()}


def says_number(error: str, number: int) -> bool:
    return re.search(rf"\b{number}\b", error) is not None


SIX = "Ann Bob Cid Dan Eve Fay"
NINE = "Ann Bob Cid Dan Eve Fay Gus Hal Ivy"


# --- the state and the setup --------------------------------------------------------------


def test_a_new_game_prints_each_player_with_team_role_and_own_life() -> None:
    def seat(name: str, team_name: str, role: str) -> dict[str, Any]:
        return {
            "name": name,
            "status": "in",
            "team": team_name,
            "role": role,
            "life": 20,
            "poison": 0,
            "commander_damage": {},
            "locked": False,
            "counters": {},
            "city_blessing": False,
            "ring": 0,
        }

    assert play(E2) == {
        "format": "emperor",
        "status": "active",
        "winners": [],
        "turn": {"number": 1, "active": "Bob"},
        "players": [
            seat("Ann", A, "general"),
            seat("Bob", A, "emperor"),
            seat("Cid", A, "general"),
            seat("Dan", D, "general"),
            seat("Eve", D, "emperor"),
            seat("Fay", D, "general"),
        ],
        "teams": [
            {"name": A, "players": ["Ann", "Bob", "Cid"], "status": "in"},
            {"name": D, "players": ["Dan", "Eve", "Fay"], "status": "in"},
        ],
        "monarch": None,
        "initiative": None,
        "day_night": None,
        "pending": [],
        "rejected": [],
    }


@pytest.mark.parametrize(
    ("line", "emperors"),
    [
        (E2, {"Bob", "Eve"}),
        (E3, {"Bob", "Eve", "Hal"}),
        ("game emperor teams: Cid+Ann+Bob, Fay+Dan+Eve", {"Ann", "Dan"}),
        (E5, {"Cid", "Hal"}),
    ],
)
def test_the_middle_player_of_each_team_is_its_emperor_and_the_others_generals(
    line: str, emperors: set[str]
) -> None:
    state = play(line)
    assert {name for name, role in roles(state).items() if role == "emperor"} == emperors
    assert {role for name, role in roles(state).items() if name not in emperors} == {"general"}


def test_teams_sit_together_in_the_listed_order() -> None:
    state = play("game emperor teams: Dan+Eve+Fay, Ann+Bob+Cid, Gus+Hal+Ivy")
    assert [entry["name"] for entry in state["players"]] == [
        "Dan",
        "Eve",
        "Fay",
        "Ann",
        "Bob",
        "Cid",
        "Gus",
        "Hal",
        "Ivy",
    ]
    assert [entry["name"] for entry in state["teams"]] == [D, A, G]
    assert player(state, "Cid")["team"] == A


@pytest.mark.parametrize(
    ("line", "life"),
    [
        (E2, 20),
        (E2 + " commander", 40),
        (E2 + " life: 30", 30),
        # contract silent: `life: N` with `commander` sets the life (as every other format).
        (E2 + " life: 25 commander", 25),
    ],
)
def test_every_player_starts_at_the_formats_life(line: str, life: int) -> None:
    assert set(lives(play(line)).values()) == {life}


# --- turns: the first team's emperor, then seat by seat to the left ------------------------


def test_turn_one_is_the_first_teams_emperor_and_the_turn_then_goes_seat_by_seat() -> None:
    turns = [accepted(E2, *["next"] * count)["turn"] for count in range(7)]
    assert turns == [
        {"number": 1, "active": "Bob"},
        {"number": 2, "active": "Cid"},
        {"number": 3, "active": "Dan"},
        {"number": 4, "active": "Eve"},
        {"number": 5, "active": "Fay"},
        {"number": 6, "active": "Ann"},
        {"number": 7, "active": "Bob"},
    ]


@pytest.mark.parametrize(
    ("line", "first"),
    [
        (E3, "Bob"),
        (E5, "Cid"),
        ("game emperor teams: Gus+Hal+Ivy, Ann+Bob+Cid", "Hal"),
    ],
)
def test_the_first_listed_teams_emperor_takes_turn_one(line: str, first: str) -> None:
    assert play(line)["turn"] == {"number": 1, "active": first}


def test_the_turn_passes_over_players_who_are_out() -> None:
    assert accepted(E3, "eliminate Cid", "next")["turn"] == {"number": 2, "active": "Dan"}


def test_an_emperor_who_falls_during_their_turn_keeps_it_until_next() -> None:
    # Bob concedes on turn 1: his team is out, the turn stays his; `next` skips Cid (lost).
    assert accepted(E3, "Bob: concede")["turn"] == {"number": 1, "active": "Bob"}
    assert accepted(E3, "Bob: concede", "next")["turn"] == {"number": 2, "active": "Dan"}


@pytest.mark.parametrize("speaker", ["Ann", "Eve", "Ivy"])
def test_next_may_be_recorded_by_any_player_still_in(speaker: str) -> None:
    assert accepted(E3, f"{speaker}: next")["turn"] == {"number": 2, "active": "Cid"}


# --- range of influence ---------------------------------------------------------------------

IN_RANGE = [
    # (setup, speaker, target, why)
    (E2, "Bob", "Ann", "emperor, 1 seat"),
    (E2, "Bob", "Dan", "emperor, 2 seats (Bob, Cid, Dan)"),
    (E2, "Bob", "Fay", "emperor, 2 seats the other way (Bob, Ann, Fay)"),
    (E2, "Eve", "Ann", "emperor, 2 seats (Eve, Fay, Ann)"),
    (E2, "Ann", "Fay", "general, neighbours across the end of the list"),
    (E2, "Ann", "Bob", "general, the emperor next to them"),
    (E2, "Cid", "Dan", "general, an opponent next to them"),
    (E2, "Cid", "Cid", "the speaker is always in their own range"),
    (E5, "Cid", "Fay", "emperor of five, 3 seats (Cid, Dan, Eve, Fay)"),
    (E5, "Cid", "Jon", "emperor of five, 3 seats the other way (Cid, Bob, Ann, Jon)"),
    (E5, "Hal", "Eve", "emperor of five, 3 seats"),
    (E5, "Eve", "Fay", "a general of five still reaches 1"),
]

OUT_OF_RANGE = [
    # (setup, speaker, target, distance, reach)
    (E2, "Bob", "Eve", 3, 2),  # emperor to emperor, across the table
    (E2, "Ann", "Cid", 2, 1),  # range limits teammates too
    (E2, "Ann", "Dan", 3, 1),
    (E2, "Cid", "Eve", 2, 1),
    (E3, "Bob", "Eve", 3, 2),
    (E3, "Bob", "Gus", 4, 2),  # Bob, Ann, Ivy, Hal, Gus
    (E5, "Cid", "Gus", 4, 3),
    (E5, "Cid", "Hal", 5, 3),
    (E5, "Ann", "Cid", 2, 1),  # a general of five reaches 1
    (E5, "Bob", "Dan", 2, 1),
]

RANGED_PHRASES = [
    "deal 7 to {target}",
    "poison 7 to {target}",
    "{target} loses 7",
    "{target} gains 7",
    "set {target} life to 7",
    "halve {target}",
]


@pytest.mark.parametrize("phrase", RANGED_PHRASES)
@pytest.mark.parametrize(
    ("setup_line", "speaker", "target", "why"), IN_RANGE, ids=[c[3] for c in IN_RANGE]
)
def test_a_player_may_name_anyone_within_their_range(
    setup_line: str, speaker: str, target: str, why: str, phrase: str
) -> None:
    accepted(setup_line, f"{speaker}: {phrase.format(target=target)}")


@pytest.mark.parametrize("phrase", RANGED_PHRASES)
@pytest.mark.parametrize(
    ("setup_line", "speaker", "target", "distance", "reach"),
    OUT_OF_RANGE,
    ids=[f"{TABLES[c[0]]} {c[1]}-{c[2]}" for c in OUT_OF_RANGE],
)
def test_naming_a_player_out_of_range_is_refused_with_the_distance_and_the_reach(
    setup_line: str, speaker: str, target: str, distance: int, reach: int, phrase: str
) -> None:
    error = refused(setup_line, f"{speaker}: {phrase.format(target=target)}")
    assert "seat" in error.lower()
    assert "reach" in error.lower()
    assert says_number(error, distance), error
    assert says_number(error, reach), error


@pytest.mark.parametrize(
    "line",
    ["Eve loses 5", "Eve gains 5", "set Eve life to 5", "halve Eve", "Dan loses 3"],
)
def test_host_lines_have_no_range(line: str) -> None:
    accepted(E2, line)


def test_eliminate_is_not_limited_by_range() -> None:
    # Ann (a general, range 1) is 2 seats from Hal (Ann, Ivy, Hal): the loss is recorded anyway.
    state = accepted(E3, "Ann: eliminate Hal")
    assert team_statuses(state) == {A: "in", D: "in", G: "lost"}
    state = accepted(E2, "Ann: eliminate Dan")
    assert statuses(state)["Dan"] == "lost"


# --- ranges are determined as each turn begins (801.2c) --------------------------------------
# Turn 1 is Bob's; `next` begins turn 2 (Cid's), and so on. A player who leaves during a turn
# still counts as a seat until the next turn begins, and cannot be reached.


def test_a_player_leaving_mid_turn_still_counts_as_a_seat_until_the_next_turn_begins() -> None:
    # Bob is 3 seats from Eve (Bob, Cid, Dan, Eve): Dan's seat counts through turn 1.
    error = refused(E2, "eliminate Dan", "Bob: deal 1 to Eve")
    assert says_number(error, 3) and says_number(error, 2), error
    assert "Dan's seat counts until the next turn begins" in error
    # Turn 2 begins without Dan: Bob, Cid, Eve, 2 seats.
    state = accepted(E2, "eliminate Dan", "next", "Bob: deal 1 to Eve")
    assert player(state, "Eve")["life"] == 19


def test_a_general_reaches_past_a_departed_neighbour_only_once_the_next_turn_begins() -> None:
    # Cid (a general, 1) is 2 seats from Eve until a turn begins without Dan; then neighbours.
    refused(E2, "eliminate Dan", "Cid: deal 1 to Eve")
    state = accepted(E2, "eliminate Dan", "next", "Cid: deal 1 to Eve")
    assert player(state, "Eve")["life"] == 19


def test_several_players_leaving_in_one_turn_all_keep_their_seats() -> None:
    # Bob to Gus: 4 seats the short way (Bob, Ann, Ivy, Hal, Gus); with Ann and Ivy out, 2, but
    # only once a turn has begun without them.
    error = refused(E3, "eliminate Ann", "eliminate Ivy", "Bob: deal 1 to Gus")
    assert says_number(error, 4), error
    assert "Ann's and Ivy's seats count" in error
    accepted(E3, "eliminate Ann", "eliminate Ivy", "next", "Bob: deal 1 to Gus")


def test_the_active_player_leaving_keeps_their_seat_until_next() -> None:
    # Turn 2 is Cid's; Cid concedes: Bob is still 3 seats from Eve until turn 3 (Dan's) begins.
    refused(E2, "next", "Cid: concede", "Bob: deal 1 to Eve")
    state = accepted(E2, "next", "Cid: concede", "next", "Bob: deal 1 to Eve")
    assert (state["turn"], player(state, "Eve")["life"]) == ({"number": 3, "active": "Dan"}, 19)


def test_a_player_who_left_cannot_be_reached_though_their_seat_counts() -> None:
    error = refused(E2, "eliminate Dan", "Cid: deal 1 to Dan")
    assert "out of the game" in error


def test_attacks_count_only_the_players_still_in_even_mid_turn() -> None:
    # With Dan out, Cid sits next to Eve for combat at once; his spells wait for the next turn.
    state = accepted(E2, "eliminate Dan", "Cid: attack Eve for 3")
    assert player(state, "Eve")["life"] == 17
    refused(E2, "eliminate Dan", "Cid: deal 3 to Eve")


def test_an_undone_next_brings_the_departed_seat_back_into_the_count() -> None:
    refused(E2, "eliminate Dan", "next", "undo", "Bob: deal 1 to Eve")


def test_lose_gain_pay_and_lock_on_oneself_are_always_in_range() -> None:
    state = accepted(E2, "Bob: lose 2", "Ann: gain 3", "Cid: pay 4", "Eve: lock")
    assert lives(state) == all_at(20, SIX, Ann=23, Bob=18, Cid=16)
    assert player(state, "Eve")["locked"] is True


# --- effects on each player: each such player in the speaker's range -----------------------

EACH = [
    # Bob (emperor, 2) reaches everyone but Eve (3 seats away).
    ("Bob: deal 3 to each player", all_at(17, SIX, Eve=20)),
    ("Bob: each opponent loses 3", all_at(20, SIX, Dan=17, Fay=17)),
    # Ann (general, 1) reaches Fay, herself and Bob.
    ("Ann: deal 3 to each player", all_at(20, SIX, Ann=17, Bob=17, Fay=17)),
    ("Ann: each opponent gains 3", all_at(20, SIX, Fay=23)),
    ("Cid: deal 3 to each opponent", all_at(20, SIX, Dan=17)),
    # Eve (emperor, 2) reaches Cid, Dan, herself, Fay and Ann; not Bob.
    ("Eve: each player gains 2", all_at(22, SIX, Bob=20)),
    # A host line has no range: everyone still in.
    ("each player loses 2", all_at(18, SIX)),
    ("each player gains 2", all_at(22, SIX)),
]


@pytest.mark.parametrize(("line", "expected"), EACH, ids=[c[0] for c in EACH])
def test_an_each_effect_reaches_each_such_player_in_the_speakers_range(
    line: str, expected: dict[str, int]
) -> None:
    assert lives(accepted(E2, line)) == expected


def test_an_each_effect_in_teams_of_five_reaches_three_seats_for_the_emperor() -> None:
    # Cid reaches Ann, Bob, Dan, Eve, Fay and Jon; Gus, Hal and Ivy are 4 or 5 seats away.
    state = accepted(E5, "Cid: deal 1 to each opponent")
    expected = all_at(20, "Ann Bob Cid Dan Eve Fay Gus Hal Ivy Jon", Fay=19, Jon=19)
    assert lives(state) == expected


@pytest.mark.parametrize(
    "line",
    ["Bob: deal 3 to each opponent", "Bob: each opponent loses 3", "Dan: each opponent gains 1"],
)
def test_an_each_opponent_effect_whose_range_holds_no_opponent_is_refused(line: str) -> None:
    # In teams of five, Bob's and Dan's neighbours (range 1) are their own teammates.
    error = refused(E5, line)
    assert re.search("(?i)range|reach", error), error


def test_an_each_player_effect_of_a_general_between_teammates_reaches_the_three_of_them() -> None:
    state = accepted(E5, "Bob: deal 3 to each player")
    assert lives(state) == all_at(
        20, "Ann Bob Cid Dan Eve Fay Gus Hal Ivy Jon", Ann=17, Bob=17, Cid=17
    )


def test_each_opponent_from_a_host_line_is_refused() -> None:
    error = refused(E2, "each opponent loses 3")
    assert "opponent" in error.lower()


def test_an_each_effect_reaches_further_once_a_turn_begins_without_the_players_between() -> None:
    # Dan leaves in turn 1: his seat still counts, so Bob (range 2) reaches Fay, not Eve.
    state = accepted(E2, "eliminate Dan", "Bob: each opponent loses 3")
    assert lives(state) == all_at(20, SIX, Fay=17)
    # Turn 2 begins without Dan: Bob, Cid, Eve, so Eve is within 2.
    state = accepted(E2, "eliminate Dan", "next", "Bob: each opponent loses 3")
    assert lives(state) == all_at(20, SIX, Eve=17, Fay=17)


def test_an_each_effect_whose_range_holds_only_a_departed_seat_is_refused() -> None:
    # Cid (a general) reaches Bob, his teammate, and Dan's seat: no opponent to reach.
    error = refused(E2, "eliminate Dan", "Cid: deal 1 to each opponent")
    assert re.search("(?i)range|reach", error), error


def test_an_each_effect_skips_a_locked_player_and_applies_to_the_rest() -> None:
    state = accepted(E2, "Ann: lock", "Bob: deal 3 to each player")
    assert lives(state) == all_at(17, SIX, Ann=20, Eve=20)


# --- combat: only an opponent seated immediately next to the attacker ----------------------

ATTACKS_ACCEPTED = [
    (E2, [], "Ann: attack Fay for 2", "Fay"),
    (E2, [], "Fay: attack Ann for 2", "Ann"),
    (E2, [], "Cid: attack Dan for 2", "Dan"),
    (E2, [], "Dan: attack Cid for 2", "Cid"),
    (E3, [], "Ivy: attack Ann for 2", "Ann"),
    # With Cid out, Bob and Dan are neighbours (607.3c counts only players still in).
    (E2, ["eliminate Cid"], "Bob: attack Dan for 2", "Dan"),
    (E2, ["eliminate Cid"], "Dan: attack Bob for 2", "Bob"),
    (E2, ["eliminate Dan"], "Cid: attack Eve for 2", "Eve"),
]


@pytest.mark.parametrize(
    ("setup_line", "before", "line", "target"),
    ATTACKS_ACCEPTED,
    ids=[" / ".join([*c[1], c[2]]) for c in ATTACKS_ACCEPTED],
)
def test_a_player_may_attack_an_opponent_seated_next_to_them(
    setup_line: str, before: list[str], line: str, target: str
) -> None:
    assert player(accepted(setup_line, *before, line), target)["life"] == 18


NOT_NEXT = [
    # 607.3c's example: at the start neither emperor can attack any opponent.
    (E2, [], "Bob: attack Dan for 2"),
    (E2, [], "Bob: attack Fay for 2"),
    (E2, [], "Eve: attack Cid for 2"),
    (E2, [], "Bob: attack Eve for 2"),
    (E2, [], "Ann: attack Dan for 2"),
    (E3, [], "Cid: attack Eve for 2"),
    (E3, ["eliminate Dan"], "Bob: attack Eve for 2"),
]


@pytest.mark.parametrize(
    ("setup_line", "before", "line"), NOT_NEXT, ids=[" / ".join([*c[1], c[2]]) for c in NOT_NEXT]
)
def test_attacking_an_opponent_not_seated_next_to_the_attacker_is_refused(
    setup_line: str, before: list[str], line: str
) -> None:
    error = refused(setup_line, *before, line)
    assert re.search("(?i)next to|seat|neighbo|adjacent", error), error


@pytest.mark.parametrize(
    ("setup_line", "before", "line"),
    [
        (E2, [], "Ann: attack Bob for 2"),
        (E2, [], "Bob: attack Cid for 2"),
        (E2, [], "Eve: attack Fay for 2"),
        # With Bob out of a team of five, Ann and Cid are neighbours: still teammates.
        (E5, ["eliminate Bob"], "Ann: attack Cid for 2"),
    ],
)
def test_attacking_a_teammate_is_refused_even_seated_next_to_you(
    setup_line: str, before: list[str], line: str
) -> None:
    error = refused(setup_line, *before, line)
    assert "teammate" in error.lower()


def test_attacking_yourself_is_refused() -> None:
    refused(E2, "Ann: attack Ann for 2")


def test_commander_damage_is_tallied_on_the_defender() -> None:
    state = accepted(E3_CMD, "Cid: attack Dan for 5 with commander Tymna")
    assert player(state, "Dan")["commander_damage"] == {"Cid:Tymna": 5}
    assert player(state, "Dan")["life"] == 35


def test_with_commander_is_refused_in_a_game_without_commander() -> None:
    error = refused(E2, "Cid: attack Dan for 5 with commander")
    assert "commander" in error.lower()


# --- losing: one by one, but the whole team when its emperor loses --------------------------

GENERAL_LOSSES = [
    (E3, ["Ann: concede"], "Ann", "conceded"),
    (E3, ["remove Cid"], "Cid", "removed"),
    (E3, ["eliminate Dan"], "Dan", "lost"),
    (E3, ["Fay loses 20"], "Fay", "lost"),
    (E3, ["Cid: poison 10 to Dan"], "Dan", "lost"),
    (E3_CMD, ["Cid: attack Dan for 21 with commander"], "Dan", "lost"),
]


@pytest.mark.parametrize(
    ("setup_line", "lines", "name", "status"),
    GENERAL_LOSSES,
    ids=[" / ".join(c[1]) for c in GENERAL_LOSSES],
)
def test_a_general_loses_alone_and_the_team_stays_in(
    setup_line: str, lines: list[str], name: str, status: str
) -> None:
    state = accepted(setup_line, *lines)
    expected = dict.fromkeys(NINE.split(), "in")
    expected[name] = status
    assert statuses(state) == expected
    assert team_statuses(state) == {A: "in", D: "in", G: "in"}
    assert state["status"] == "active"


EMPEROR_LOSSES = [
    (E3, ["Bob: concede"], ("lost", "conceded", "lost")),
    (E3, ["remove Bob"], ("lost", "removed", "lost")),
    (E3, ["eliminate Bob"], ("lost", "lost", "lost")),
    (E3, ["Dan: eliminate Bob"], ("lost", "lost", "lost")),
    (E3, ["Bob loses 20"], ("lost", "lost", "lost")),
    (E3, ["Bob: pay 20"], ("lost", "lost", "lost")),
    # A general reaches the emperor next to them: range limits teammates, not protects them.
    (E3, ["Ann: deal 20 to Bob"], ("lost", "lost", "lost")),
    (E3, ["Cid: poison 10 to Bob"], ("lost", "lost", "lost")),
    # With Cid out, Dan sits next to Bob and may attack him.
    (
        E3_CMD,
        ["Cid: concede", "Dan: attack Bob for 21 with commander"],
        ("lost", "lost", "conceded"),
    ),
    (E3, ["Cid: concede", "Dan: attack Bob for 20"], ("lost", "lost", "conceded")),
    (E3, ["Ann: concede", "Bob: concede"], ("conceded", "conceded", "lost")),
    (E3, ["eliminate Ann", "eliminate Cid", "Bob loses 20"], ("lost", "lost", "lost")),
]


@pytest.mark.parametrize(
    ("setup_line", "lines", "ann_bob_cid"),
    EMPEROR_LOSSES,
    ids=[" / ".join(c[1]) for c in EMPEROR_LOSSES],
)
def test_when_an_emperor_loses_every_player_of_that_team_still_in_loses_at_once(
    setup_line: str, lines: list[str], ann_bob_cid: tuple[str, str, str]
) -> None:
    state = accepted(setup_line, *lines)
    expected = dict.fromkeys(NINE.split(), "in")
    expected.update(zip(("Ann", "Bob", "Cid"), ann_bob_cid, strict=True))
    assert statuses(state) == expected
    assert team_statuses(state) == {A: "lost", D: "in", G: "in"}
    assert state["status"] == "active"
    assert state["winners"] == []


def test_a_commander_kill_on_the_emperor_leaves_the_life_above_zero() -> None:
    state = accepted(E3_CMD, "Cid: concede", "Dan: attack Bob for 21 with commander")
    assert player(state, "Bob")["life"] == 19
    assert player(state, "Bob")["commander_damage"] == {"Dan": 21}
    assert player(state, "Ann")["life"] == 40


def test_a_team_whose_generals_are_out_stays_in_while_its_emperor_is_in() -> None:
    state = accepted(E2, "eliminate Dan", "eliminate Fay")
    assert state["status"] == "active"
    assert team_statuses(state) == {A: "in", D: "in"}
    assert player(state, "Eve")["status"] == "in"


# --- winning and the end of the game ---------------------------------------------------------


def test_the_game_ends_when_only_one_team_has_players_in_and_they_win() -> None:
    # With Dan and Fay out, from turn 2 on Cid sits next to Eve (range 1) and can reach her.
    state = accepted(E2, "eliminate Dan", "eliminate Fay", "next", "Cid: deal 20 to Eve")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann", "Bob", "Cid"]
    assert statuses(state) == {
        "Ann": "won",
        "Bob": "won",
        "Cid": "won",
        "Dan": "lost",
        "Eve": "lost",
        "Fay": "lost",
    }
    assert team_statuses(state) == {A: "won", D: "lost"}


def test_with_three_teams_the_game_goes_on_until_two_emperors_are_out() -> None:
    state = accepted(E3, "eliminate Eve")
    assert state["status"] == "active"
    state = accepted(E3, "eliminate Eve", "Hal: concede")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann", "Bob", "Cid"]
    assert team_statuses(state) == {A: "won", D: "lost", G: "lost"}
    assert statuses(state)["Hal"] == "conceded"


@pytest.mark.parametrize(
    ("leave", "status"), [("eliminate Ann", "lost"), ("Ann: concede", "conceded")]
)
def test_a_winning_teams_players_already_out_stay_as_they_were(leave: str, status: str) -> None:
    # contract silent: `winners` lists only the winning team's players still in (those out stay
    # `lost` or `conceded`, so they did not win), in seat order.
    state = accepted(E2, leave, "eliminate Eve")
    assert state["winners"] == ["Bob", "Cid"]
    assert statuses(state) == {
        "Ann": status,
        "Bob": "won",
        "Cid": "won",
        "Dan": "lost",
        "Eve": "lost",
        "Fay": "lost",
    }
    assert team(state, A)["status"] == "won"


# `win` under a limited range (801.14): the opponents within the speaker's range lose instead;
# the speaker does not win by it, and the game ends only when one team has players in.
IN_RANGE_OF_WIN = [
    # (speaker, who loses): E3 is Ann BOB Cid | Dan EVE Fay | Gus HAL Ivy, round the table.
    ("Ann", ["Ivy"]),  # a general: Ivy and Bob are next to her, and Bob is her teammate
    ("Bob", ["Dan", "Ivy"]),  # an emperor: 2 seats either way, Cid and Ann his own generals
    ("Cid", ["Dan"]),
    ("Dan", ["Cid"]),
    ("Eve", ["Cid", "Gus"]),  # 2 seats: Cid, Dan | Fay, Gus, Dan and Fay her generals
]


@pytest.mark.parametrize(("speaker", "losers"), IN_RANGE_OF_WIN)
def test_win_makes_the_opponents_within_the_speakers_range_lose_and_the_game_goes_on(
    speaker: str, losers: list[str]
) -> None:
    state = accepted(E3, f"{speaker}: win")
    assert (state["status"], state["winners"]) == ("active", [])
    assert statuses(state) == {name: "lost" if name in losers else "in" for name in NINE.split()}


def test_an_emperor_within_range_of_a_win_takes_their_team_out_and_the_game_goes_on() -> None:
    # Turn 2 begins without Dan: Cid (a general) sits next to Eve. Eve loses, Fay falls with
    # her emperor; Gus, Hal and Ivy are still in.
    state = accepted(E3, "eliminate Dan", "next", "Cid: win")
    assert state["status"] == "active"
    out = ("Dan", "Eve", "Fay")
    assert statuses(state) == {name: "lost" if name in out else "in" for name in NINE.split()}
    assert team_statuses(state) == {A: "in", D: "lost", G: "in"}
    assert player(state, "Eve")["life"] == 20  # a loss by an effect: her life is untouched


def test_a_win_felling_the_last_opposing_emperor_ends_the_game_as_the_format_says() -> None:
    # Eve's fall takes Fay out: only Cid's team has players in, so it wins (Cid with it).
    state = accepted(E2, "eliminate Dan", "next", "Cid: win")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann", "Bob", "Cid"]
    assert team_statuses(state) == {A: "won", D: "lost"}


def test_win_leaves_players_already_out_as_they_were() -> None:
    state = accepted(E2, "eliminate Ann", "eliminate Dan", "next", "Cid: win")
    assert state["winners"] == ["Bob", "Cid"]
    assert statuses(state) == {
        "Ann": "lost",
        "Bob": "won",
        "Cid": "won",
        "Dan": "lost",
        "Eve": "lost",
        "Fay": "lost",
    }
    assert team_statuses(state) == {A: "won", D: "lost"}


def test_a_win_whose_range_holds_no_opponent_is_refused() -> None:
    # In teams of five, Bob (a general) has only teammates next to him.
    error = refused(E5, "Bob: win")
    assert "No opponent still in is within Bob's range" in error, error


def test_a_win_whose_range_holds_only_a_departed_seat_is_refused_until_the_next_turn() -> None:
    # Dan leaves in turn 1: Cid reaches Bob (a teammate) and Dan's empty seat.
    error = refused(E2, "eliminate Dan", "Cid: win")
    assert "Dan's seat counts until the next turn begins" in error, error
    assert accepted(E2, "eliminate Dan", "next", "Cid: win")["winners"] == ["Ann", "Bob", "Cid"]


def test_an_emperor_and_the_last_players_of_the_other_team_falling_at_once_is_a_draw() -> None:
    # With Dan and Fay out the ring is Ann, Bob, Cid, Eve from turn 2. Cid (range 1) reaches
    # Bob, himself and Eve: all three fall to 0; Bob's fall takes Ann too. No team has a player
    # in: a draw.
    state = accepted(E2_LOW, "eliminate Dan", "eliminate Fay", "next", "Cid: deal 3 to each player")
    assert player(state, "Ann")["life"] == 3
    assert state["status"] == "finished"
    assert state["winners"] == []
    assert set(statuses(state).values()) == {"lost"}
    assert team_statuses(state) == {A: "lost", D: "lost"}


def test_a_host_effect_on_everyone_that_takes_everyone_out_is_a_draw() -> None:
    state = accepted(E2_LOW, "each player loses 3")
    assert state["status"] == "finished"
    assert state["winners"] == []
    assert team_statuses(state) == {A: "lost", D: "lost"}


def test_an_emperor_out_of_range_of_a_flame_rift_wins_for_their_team() -> None:
    # Bob (range 2) deals 3 to everyone but Eve: Bob's fall takes his team out; Dan and Fay
    # fall too. Every loss is applied before the end is judged: Eve alone is in, her team wins.
    state = accepted(E2_LOW, "Bob: deal 3 to each player")
    assert state["status"] == "finished"
    assert state["winners"] == ["Eve"]
    assert statuses(state) == {
        "Ann": "lost",
        "Bob": "lost",
        "Cid": "lost",
        "Dan": "lost",
        "Eve": "won",
        "Fay": "lost",
    }
    assert team_statuses(state) == {A: "lost", D: "won"}


@pytest.mark.parametrize(
    "line", ["Cid: deal 1 to Dan", "Eve gains 1", "Ann: each player gains 1", "next", "Eve: win"]
)
def test_nothing_more_is_recorded_once_the_game_is_finished(line: str) -> None:
    refused(E2, "eliminate Bob", line)


# --- lock, sorcery-concede, Totem's words, undo ----------------------------------------------


def test_a_request_that_would_change_a_locked_life_is_refused() -> None:
    error = refused(E2, "Cid: lock", "Bob: deal 3 to Cid")
    assert "lock" in error.lower()


def test_under_sorcery_concede_a_player_concedes_only_during_their_own_turn() -> None:
    error = refused(E3_SORCERY, "Ann: concede")
    assert "turn" in error.lower()
    state = accepted(E3_SORCERY, "Bob: concede")
    assert team(state, A)["status"] == "lost"
    state = accepted(E3_SORCERY, "next", "Cid: concede")
    assert statuses(state)["Cid"] == "conceded"
    assert team(state, A)["status"] == "in"


def test_under_sorcery_concede_the_host_still_removes_anyone_at_any_time() -> None:
    state = accepted(E3_SORCERY, "remove Eve")
    assert (player(state, "Dan")["status"], player(state, "Eve")["status"]) == ("lost", "removed")


@pytest.mark.parametrize(
    "line",
    ["Cid: deal 3 to Dan via left", "Cid: pay 2 via right", "Cid: attack Dan for 3 hitting Dan"],
)
def test_via_counting_and_hitting_are_refused_with_one_sentence_naming_totem(line: str) -> None:
    error = refused(E2, line)
    assert "totem" in error.lower()


@pytest.mark.parametrize(
    "line",
    [
        "Bob: concede",
        "eliminate Eve",
        "Cid: poison 10 to Dan",
        "Bob: deal 3 to each player",
        "Ann: win",
        "next",
    ],
)
def test_undo_takes_back_the_last_change_exactly(line: str) -> None:
    prefix = (E3, "Cid: deal 2 to Dan", "next")
    assert accepted(*prefix, line, "undo") == accepted(*prefix)
