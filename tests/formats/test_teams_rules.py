"""Teams as FORMATS.md settles it (CR 609), played as scripts.

The teams are seated apart (609.3): the first player of each team in listed order, then the
second of each, and so on. Each player has their own life; range of influence 2 (609.2a),
measured as in Emperor (over the seats of the players still in when the current turn began); a
player may attack only an opponent seated next to them, counting only players still in (609.4);
players lose one by one, and a team wins when every player of every other team is out; `win`
makes the opponents within the speaker's range lose. Every expected value is worked out by hand
from FORMATS.md ("What every format shares", "Teams", "Emperor"'s details for distance, "Range
of influence as the rules have it (amended 2026-11-27)", "The state as JSON, per format").

The tables used below, seat by seat:
    T2:  Ann Cid Bob Dan                      (teams Ann+Bob, Cid+Dan)
    T3:  Ann Cid Eve Bob Dan Fay              (teams Ann+Bob, Cid+Dan, Eve+Fay)
    T4:  Ann Cid Eve Gus Bob Dan Fay Hal      (teams Ann+Bob, Cid+Dan, Eve+Fay, Gus+Hal)
    T23: Ann Dan Bob Eve Cid Fay              (teams Ann+Bob+Cid, Dan+Eve+Fay)
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

T2 = "game teams teams: Ann+Bob, Cid+Dan"
T3 = "game teams teams: Ann+Bob, Cid+Dan, Eve+Fay"
T4 = "game teams teams: Ann+Bob, Cid+Dan, Eve+Fay, Gus+Hal"
T23 = "game teams teams: Ann+Bob+Cid, Dan+Eve+Fay"
T2_LOW = T2 + " life: 3"
T3_LOW = T3 + " life: 3"
T3_CMD = T3 + " commander"
T3_SORCERY = T3 + " rules: sorcery-concede"

TABLES = {T2: "T2", T3: "T3", T4: "T4", T23: "T23"}
SIX = "Ann Bob Cid Dan Eve Fay"


# --- helpers ------------------------------------------------------------------------------


def seats(state: dict[str, Any]) -> list[str]:
    return [entry["name"] for entry in state["players"]]


def all_at(value: Any, names: str, **changed: Any) -> dict[str, Any]:
    """Every named player at `value`, but those given by keyword."""
    return {name: changed.get(name, value) for name in names.split()}


def says_number(error: str, number: int) -> bool:
    return re.search(rf"\b{number}\b", error) is not None


# --- the state and the seating ------------------------------------------------------------


def test_a_new_game_prints_the_players_seated_apart_with_their_team_and_own_life() -> None:
    def seat(name: str, team_name: str) -> dict[str, Any]:
        return {
            "name": name,
            "status": "in",
            "team": team_name,
            "life": 20,
            "poison": 0,
            "commander_damage": {},
            "locked": False,
            "counters": {},
            "city_blessing": False,
            "ring": 0,
        }

    assert play(T2) == {
        "format": "teams",
        "status": "active",
        "winners": [],
        "turn": {"number": 1, "active": "Ann"},
        "players": [
            seat("Ann", "Ann+Bob"),
            seat("Cid", "Cid+Dan"),
            seat("Bob", "Ann+Bob"),
            seat("Dan", "Cid+Dan"),
        ],
        "teams": [
            {"name": "Ann+Bob", "players": ["Ann", "Bob"], "status": "in"},
            {"name": "Cid+Dan", "players": ["Cid", "Dan"], "status": "in"},
        ],
        "monarch": None,
        "initiative": None,
        "day_night": None,
        "pending": [],
        "rejected": [],
    }


SEATINGS = [
    ("Ann+Bob, Cid+Dan", "Ann Cid Bob Dan"),
    ("Cid+Dan, Ann+Bob", "Cid Ann Dan Bob"),
    ("Ann+Bob, Cid+Dan, Eve+Fay", "Ann Cid Eve Bob Dan Fay"),
    ("Ann+Bob+Cid, Dan+Eve+Fay", "Ann Dan Bob Eve Cid Fay"),
    # 609.3's example: A1, B1, C1, A2, B2, C2, A3, B3, C3.
    ("A1+A2+A3, B1+B2+B3, C1+C2+C3", "A1 B1 C1 A2 B2 C2 A3 B3 C3"),
    (
        "A1+A2+A3+A4, B1+B2+B3+B4, C1+C2+C3+C4, D1+D2+D3+D4",
        "A1 B1 C1 D1 A2 B2 C2 D2 A3 B3 C3 D3 A4 B4 C4 D4",
    ),
    ("Ann+Bob, Cid+Dan, Eve+Fay, Gus+Hal", "Ann Cid Eve Gus Bob Dan Fay Hal"),
]


@pytest.mark.parametrize(("teams", "seating"), SEATINGS, ids=[c[0] for c in SEATINGS])
def test_the_teams_are_seated_apart_first_players_first_then_the_second_and_so_on(
    teams: str, seating: str
) -> None:
    state = play(f"game teams teams: {teams}")
    assert seats(state) == seating.split()
    assert [entry["name"] for entry in state["teams"]] == [t.strip() for t in teams.split(",")]
    assert state["turn"] == {"number": 1, "active": seating.split()[0]}


def test_no_one_sits_next_to_a_teammate_at_the_start() -> None:
    for teams, _ in SEATINGS:
        state = play(f"game teams teams: {teams}")
        ring = [entry["team"] for entry in state["players"]]
        assert all(ring[i] != ring[i - 1] for i in range(len(ring)))


@pytest.mark.parametrize(
    ("line", "life"),
    [
        (T2, 20),
        (T2 + " commander", 40),
        (T2 + " life: 30", 30),
        # contract silent: `life: N` with `commander` sets the life (as every other format).
        (T2 + " life: 25 commander", 25),
    ],
)
def test_every_player_starts_at_the_formats_life(line: str, life: int) -> None:
    assert set(lives(play(line)).values()) == {life}


# --- turns ----------------------------------------------------------------------------------


def test_the_turn_goes_seat_by_seat_so_the_teams_alternate() -> None:
    turns = [accepted(T2, *["next"] * count)["turn"] for count in range(5)]
    assert turns == [
        {"number": 1, "active": "Ann"},
        {"number": 2, "active": "Cid"},
        {"number": 3, "active": "Bob"},
        {"number": 4, "active": "Dan"},
        {"number": 5, "active": "Ann"},
    ]


def test_the_turn_passes_over_players_who_are_out() -> None:
    assert accepted(T3, "eliminate Cid", "next")["turn"] == {"number": 2, "active": "Eve"}


# --- life changes on one player; range of influence 2 ----------------------------------------


def test_a_life_change_falls_on_the_named_players_own_life() -> None:
    state = accepted(T3, "Ann: deal 3 to Cid", "Eve: Ann gains 2", "Fay: poison 4 to Dan")
    assert lives(state) == all_at(20, SIX, Cid=17, Ann=22)
    assert player(state, "Dan")["poison"] == 4


IN_RANGE = [
    (T3, "Ann", "Cid"),  # 1 seat
    (T3, "Ann", "Eve"),  # 2 seats: Ann, Cid, Eve
    (T3, "Ann", "Dan"),  # 2 seats the other way: Ann, Fay, Dan
    (T3, "Ann", "Fay"),  # 1 seat across the end of the list
    (T3, "Ann", "Ann"),  # the speaker is always in their own range
    (T4, "Ann", "Fay"),  # 2 seats: Ann, Hal, Fay
    (T23, "Ann", "Bob"),  # a teammate 2 seats away (Ann, Dan, Bob)
]

OUT_OF_RANGE = [
    # (setup, speaker, target, distance); the reach is 2 for everyone
    (T3, "Ann", "Bob", 3),  # range limits teammates too
    (T3, "Cid", "Dan", 3),
    (T4, "Ann", "Gus", 3),
    (T4, "Ann", "Dan", 3),  # Ann, Hal, Fay, Dan
    (T4, "Ann", "Bob", 4),
    (T4, "Cid", "Fay", 3),  # Cid, Ann, Hal, Fay (the other way round is 5)
    (T4, "Cid", "Dan", 4),  # a teammate, 4 seats either way
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
    ("setup_line", "speaker", "target"),
    IN_RANGE,
    ids=[f"{TABLES[c[0]]} {c[1]}-{c[2]}" for c in IN_RANGE],
)
def test_a_player_may_name_anyone_within_two_seats(
    setup_line: str, speaker: str, target: str, phrase: str
) -> None:
    accepted(setup_line, f"{speaker}: {phrase.format(target=target)}")


@pytest.mark.parametrize("phrase", RANGED_PHRASES)
@pytest.mark.parametrize(
    ("setup_line", "speaker", "target", "distance"),
    OUT_OF_RANGE,
    ids=[f"{TABLES[c[0]]} {c[1]}-{c[2]}" for c in OUT_OF_RANGE],
)
def test_naming_a_player_more_than_two_seats_away_is_refused_with_distance_and_reach(
    setup_line: str, speaker: str, target: str, distance: int, phrase: str
) -> None:
    error = refused(setup_line, f"{speaker}: {phrase.format(target=target)}")
    assert "seat" in error.lower()
    assert "reach" in error.lower()
    assert says_number(error, distance), error
    assert says_number(error, 2), error


# --- ranges are determined as each turn begins (801.2c) --------------------------------------
# Turn 1 is the first seat's (Ann's); `next` begins turn 2, the next seat still in.


def test_a_player_leaving_mid_turn_still_counts_as_a_seat_until_the_next_turn_begins() -> None:
    # Ann to Bob: 3 seats (Ann, Cid, Eve, Bob), Cid's seat counting through turn 1; from turn 2,
    # 2 seats (Ann, Eve, Bob).
    refused(T3, "Ann: Bob gains 1")
    error = refused(T3, "eliminate Cid", "Ann: Bob gains 1")
    assert says_number(error, 3), error
    assert "Cid's seat counts until the next turn begins" in error
    state = accepted(T3, "eliminate Cid", "next", "Ann: Bob gains 1")
    assert player(state, "Bob")["life"] == 21


def test_the_active_player_leaving_keeps_their_seat_until_next() -> None:
    # T4: Ann Cid Eve Gus Bob Dan Fay Hal. Turn 3 is Eve's; she concedes. Ann is 3 seats from
    # Gus until turn 4 (Gus's) begins without Eve.
    refused(T4, "next", "next", "Eve: concede", "Ann: deal 1 to Gus")
    state = accepted(T4, "next", "next", "Eve: concede", "next", "Ann: deal 1 to Gus")
    assert (state["turn"]["active"], player(state, "Gus")["life"]) == ("Gus", 19)


def test_an_each_effect_reaches_further_once_a_turn_begins_without_the_players_between() -> None:
    # T4, Eve out in turn 1: Ann reaches Cid, Fay and Hal; Gus only from turn 2.
    state = accepted(T4, "eliminate Eve", "Ann: deal 1 to each opponent")
    assert {name for name, life in lives(state).items() if life == 19} == {"Cid", "Fay", "Hal"}
    state = accepted(T4, "eliminate Eve", "next", "Ann: deal 1 to each opponent")
    assert {name for name, life in lives(state).items() if life == 19} == {
        "Cid",
        "Gus",
        "Fay",
        "Hal",
    }


def test_attacks_count_only_the_players_still_in_even_mid_turn() -> None:
    # With Cid out, Eve sits next to Ann for combat at once (T3: Ann, Cid, Eve ... Fay).
    state = accepted(T3, "eliminate Cid", "Ann: attack Eve for 4")
    assert player(state, "Eve")["life"] == 16


@pytest.mark.parametrize("line", ["Bob loses 5", "Bob gains 5", "set Bob life to 5", "halve Bob"])
def test_host_lines_have_no_range(line: str) -> None:
    accepted(T3, line)


def test_eliminate_is_not_limited_by_range() -> None:
    state = accepted(T4, "Ann: eliminate Bob")
    assert player(state, "Bob")["status"] == "lost"


EACH = [
    # Ann reaches Cid, Eve, Dan, Fay and herself; Bob is 3 seats away.
    ("Ann: deal 2 to each player", all_at(18, SIX, Bob=20)),
    ("Ann: each opponent loses 2", all_at(18, SIX, Ann=20, Bob=20)),
    # Cid reaches Ann, Eve, Bob and Fay (Cid, Ann, Fay); Dan, his teammate, is 3 seats away.
    ("Cid: deal 2 to each player", all_at(18, SIX, Dan=20)),
    ("Cid: each opponent gains 2", all_at(22, SIX, Cid=20, Dan=20)),
    ("each player loses 2", all_at(18, SIX)),
]


@pytest.mark.parametrize(("line", "expected"), EACH, ids=[c[0] for c in EACH])
def test_an_each_effect_reaches_each_such_player_within_two_seats(
    line: str, expected: dict[str, int]
) -> None:
    assert lives(accepted(T3, line)) == expected


def test_each_opponent_from_a_host_line_is_refused() -> None:
    error = refused(T3, "each opponent loses 3")
    assert "opponent" in error.lower()


# --- combat: only an opponent seated next to the attacker -----------------------------------

ATTACKS_ACCEPTED = [
    (T3, [], "Ann: attack Cid for 2", "Cid"),
    (T3, [], "Ann: attack Fay for 2", "Fay"),
    (T3, [], "Fay: attack Ann for 2", "Ann"),
    (T3, [], "Eve: attack Bob for 2", "Bob"),
    (T2, [], "Dan: attack Ann for 2", "Ann"),
    # With Cid out, Ann and Eve are neighbours.
    (T3, ["eliminate Cid"], "Ann: attack Eve for 2", "Eve"),
    (T2, ["eliminate Cid"], "Ann: attack Dan for 2", "Dan"),
]


@pytest.mark.parametrize(
    ("setup_line", "before", "line", "target"),
    ATTACKS_ACCEPTED,
    ids=[" / ".join([TABLES[c[0]], *c[1], c[2]]) for c in ATTACKS_ACCEPTED],
)
def test_a_player_may_attack_an_opponent_seated_next_to_them(
    setup_line: str, before: list[str], line: str, target: str
) -> None:
    assert player(accepted(setup_line, *before, line), target)["life"] == 18


@pytest.mark.parametrize(
    ("setup_line", "before", "line"),
    [
        (T3, [], "Ann: attack Eve for 2"),
        (T3, [], "Ann: attack Dan for 2"),
        (T4, [], "Ann: attack Gus for 2"),
        (T2, [], "Ann: attack Bob for 2"),
        (T3, ["eliminate Eve"], "Ann: attack Dan for 2"),
    ],
)
def test_attacking_a_player_not_seated_next_to_the_attacker_is_refused(
    setup_line: str, before: list[str], line: str
) -> None:
    error = refused(setup_line, *before, line)
    assert re.search("(?i)next to|seat|neighbo|adjacent|teammate", error), error


@pytest.mark.parametrize(
    ("setup_line", "before", "line"),
    [
        # With Cid out the ring is Ann, Bob, Dan: Ann and Bob sit next to each other.
        (T2, ["eliminate Cid"], "Ann: attack Bob for 2"),
        (T2, ["eliminate Cid"], "Bob: attack Ann for 2"),
        # With Dan out the ring is Ann, Bob, Eve, Cid, Fay: Ann and Bob again.
        (T23, ["eliminate Dan"], "Bob: attack Ann for 2"),
    ],
)
def test_a_teammate_seated_next_to_you_cannot_be_attacked(
    setup_line: str, before: list[str], line: str
) -> None:
    error = refused(setup_line, *before, line)
    assert "teammate" in error.lower()


def test_attacking_yourself_is_refused() -> None:
    refused(T3, "Ann: attack Ann for 2")


def test_commander_damage_is_tallied_on_the_defender() -> None:
    state = accepted(T3_CMD, "Ann: attack Cid for 5 with commander")
    assert player(state, "Cid")["commander_damage"] == {"Ann": 5}
    assert player(state, "Cid")["life"] == 35


# --- losing one by one; a team wins when every other team is out -----------------------------

LEAVES = [
    (T3, "Ann: concede", "conceded"),
    (T3, "remove Ann", "removed"),
    (T3, "eliminate Ann", "lost"),
    (T3, "Ann loses 20", "lost"),
    (T3, "Cid: deal 20 to Ann", "lost"),
    (T3, "Fay: poison 10 to Ann", "lost"),
    (T3_CMD, "Cid: attack Ann for 21 with commander", "lost"),
]


@pytest.mark.parametrize(("setup_line", "line", "status"), LEAVES, ids=[c[1] for c in LEAVES])
def test_a_player_loses_alone_and_the_teammate_plays_on(
    setup_line: str, line: str, status: str
) -> None:
    state = accepted(setup_line, line)
    assert statuses(state) == all_at("in", SIX, Ann=status)
    assert team_statuses(state) == {"Ann+Bob": "in", "Cid+Dan": "in", "Eve+Fay": "in"}
    assert state["status"] == "active"


def test_a_team_whose_players_are_all_out_has_lost_and_the_game_goes_on() -> None:
    state = accepted(T3, "eliminate Ann", "Bob: concede")
    assert team_statuses(state) == {"Ann+Bob": "lost", "Cid+Dan": "in", "Eve+Fay": "in"}
    assert state["status"] == "active"


def test_a_team_wins_when_every_player_of_every_other_team_is_out() -> None:
    lines = ("eliminate Cid", "eliminate Dan", "Eve: concede")
    assert accepted(T3, *lines)["status"] == "active"
    state = accepted(T3, *lines, "remove Fay")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann", "Bob"]
    assert statuses(state) == {
        "Ann": "won",
        "Bob": "won",
        "Cid": "lost",
        "Dan": "lost",
        "Eve": "conceded",
        "Fay": "removed",
    }
    assert team_statuses(state) == {"Ann+Bob": "won", "Cid+Dan": "lost", "Eve+Fay": "lost"}


def test_only_the_winning_teams_players_still_in_win() -> None:
    state = accepted(T2, "eliminate Ann", "eliminate Cid", "eliminate Dan")
    assert state["winners"] == ["Bob"]
    assert statuses(state) == {"Ann": "lost", "Cid": "lost", "Bob": "won", "Dan": "lost"}
    assert team_statuses(state) == {"Ann+Bob": "won", "Cid+Dan": "lost"}


def test_winners_are_listed_in_seat_order() -> None:
    state = accepted(T23, "eliminate Ann", "eliminate Bob", "eliminate Cid")
    assert state["winners"] == ["Dan", "Eve", "Fay"]


# `win` under a limited range (801.14): the opponents within the speaker's range lose instead.


@pytest.mark.parametrize("speaker", ["Ann", "Bob"])
def test_a_win_reaching_every_opponent_ends_the_game_for_the_speakers_team(speaker: str) -> None:
    # At a table of six, range 2 reaches everyone but the player opposite: a teammate.
    state = accepted(T3, f"{speaker}: win")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann", "Bob"]
    assert statuses(state) == all_at("lost", SIX, Ann="won", Bob="won")
    assert team_statuses(state) == {"Ann+Bob": "won", "Cid+Dan": "lost", "Eve+Fay": "lost"}


def test_win_leaves_players_already_out_as_they_were() -> None:
    state = accepted(T3, "Bob: concede", "Cid: concede", "Ann: win")
    assert state["winners"] == ["Ann"]
    assert statuses(state) == all_at("lost", SIX, Ann="won", Bob="conceded", Cid="conceded")
    assert team(state, "Ann+Bob")["status"] == "won"


def test_win_makes_only_the_opponents_within_range_lose_and_the_game_goes_on() -> None:
    # T4: Ann Cid Eve Gus Bob Dan Fay Hal. Ann reaches Cid, Eve, Fay and Hal; Gus and Dan are 3
    # seats away, Bob is her teammate. Team Eve+Fay is out; the others play on.
    state = accepted(T4, "Ann: win")
    assert (state["status"], state["winners"]) == ("active", [])
    assert statuses(state) == {
        "Ann": "in",
        "Cid": "lost",
        "Eve": "lost",
        "Gus": "in",
        "Bob": "in",
        "Dan": "in",
        "Fay": "lost",
        "Hal": "lost",
    }
    assert team_statuses(state) == {
        "Ann+Bob": "in",
        "Cid+Dan": "in",
        "Eve+Fay": "lost",
        "Gus+Hal": "in",
    }


def test_a_win_whose_range_holds_only_departed_seats_is_refused_until_the_next_turn() -> None:
    leave = ("eliminate Cid", "eliminate Eve", "eliminate Fay", "eliminate Hal")
    error = refused(T4, *leave, "Ann: win")
    assert "No opponent still in is within Ann's range" in error, error
    assert "Cid's, Eve's, Fay's and Hal's seats count until the next turn begins" in error
    # Turn 2 (Gus's) begins: Ann, Gus, Bob, Dan round the table; Gus and Dan lose, Bob and Ann
    # win for their team.
    state = accepted(T4, *leave, "next", "Ann: win")
    assert state["winners"] == ["Ann", "Bob"]
    assert team_statuses(state)["Ann+Bob"] == "won"


def test_when_the_last_opponents_and_a_teammate_fall_at_once_only_players_still_in_win() -> None:
    # A ring of four: Ann's Flame Rift (range 2) reaches Bob and Dan, Cid's seat or not.
    # Bob, at 4, survives; Ann and Dan fall together: Bob alone wins for his team.
    state = accepted(T2_LOW, "eliminate Cid", "Bob: gain 1", "Ann: deal 3 to each player")
    assert state["status"] == "finished"
    assert state["winners"] == ["Bob"]
    assert statuses(state) == {"Ann": "lost", "Cid": "lost", "Bob": "won", "Dan": "lost"}
    assert team_statuses(state) == {"Ann+Bob": "won", "Cid+Dan": "lost"}


def test_the_player_out_of_range_of_a_flame_rift_that_fells_everyone_else_wins() -> None:
    # Ann reaches everyone but Bob (3 seats away): the five fall, Bob wins for his team.
    state = accepted(T3_LOW, "Ann: deal 3 to each player")
    assert state["winners"] == ["Bob"]
    assert statuses(state) == all_at("lost", SIX, Bob="won")
    assert team_statuses(state) == {"Ann+Bob": "won", "Cid+Dan": "lost", "Eve+Fay": "lost"}


@pytest.mark.parametrize(
    ("setup_line", "lines"),
    [
        (T2_LOW, ["Ann: deal 3 to each player"]),  # a ring of 4: everyone within 2
        (T2_LOW, ["each player loses 3"]),
        (T3_LOW, ["eliminate Bob", "Ann: deal 3 to each player"]),
    ],
)
def test_when_no_one_is_left_in_it_is_a_draw(setup_line: str, lines: list[str]) -> None:
    state = accepted(setup_line, *lines)
    assert state["status"] == "finished"
    assert state["winners"] == []
    assert "won" not in statuses(state).values()
    assert set(team_statuses(state).values()) == {"lost"}


@pytest.mark.parametrize("line", ["Ann: deal 1 to Cid", "Bob gains 1", "next", "Cid: win"])
def test_nothing_more_is_recorded_once_the_game_is_finished(line: str) -> None:
    refused(T3, "Bob: win", line)


# --- lock, sorcery-concede, undo ------------------------------------------------------------


def test_a_request_that_would_change_a_locked_life_is_refused() -> None:
    error = refused(T3, "Cid: lock", "Ann: deal 3 to Cid")
    assert "lock" in error.lower()


def test_under_sorcery_concede_a_player_concedes_only_during_their_own_turn() -> None:
    error = refused(T3_SORCERY, "Bob: concede")
    assert "turn" in error.lower()
    state = accepted(T3_SORCERY, "Ann: concede")
    assert statuses(state) == all_at("in", SIX, Ann="conceded")


@pytest.mark.parametrize(
    "line",
    ["Ann: deal 3 to Cid", "Ann: concede", "eliminate Bob", "Ann: each opponent loses 2", "next"],
)
def test_undo_takes_back_the_last_change_exactly(line: str) -> None:
    prefix = (T3, "Cid: deal 2 to Ann", "next")
    assert accepted(*prefix, line, "undo") == accepted(*prefix)
