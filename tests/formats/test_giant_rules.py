"""Two-Headed Giant (and N-headed giant) as FORMATS.md settles it, played as scripts.

One life total and one poison count per team (CR 606.4a, 606.9), shared team turns (805.4),
teams losing and winning together (606.8). Every expected value is worked out by hand from
FORMATS.md's "The giant formats" and "What every format shares"; RULES.md where both are silent.
Teams sit together in the listed order; the first player listed is the team's primary player.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.formats.tables import accepted, play, player, refused, statuses, team, team_statuses
from totembot.games.magic.language.phrases import parse_setup
from totembot.games.magic.rules import RuleViolation, new_game

G2 = "game two-headed-giant teams: Ann+Bob, Cid+Dan"
G3 = "game two-headed-giant teams: Ann+Bob, Cid+Dan, Eve+Fay"
G4 = "game two-headed-giant teams: Ann+Bob, Cid+Dan, Eve+Fay, Gus+Hal"
HEADS3 = "game two-headed-giant teams: Ann+Bob+Cid, Dan+Eve+Fay"
HEADS4 = "game two-headed-giant teams: Ann+Bob+Cid+Dan, Eve+Fay+Gus+Hal"
CMD = "game two-headed-giant teams: Ann+Bob, Cid+Dan commander"
SORCERY = "game two-headed-giant teams: Ann+Bob, Cid+Dan, Eve+Fay rules: sorcery-concede"


# --- helpers ------------------------------------------------------------------------------


def lives(state: dict[str, Any]) -> dict[str, int]:
    return {entry["name"]: entry["life"] for entry in state["teams"]}


def seats(state: dict[str, Any]) -> list[str]:
    return [entry["name"] for entry in state["players"]]


def setup(line: str) -> object:
    return new_game(parse_setup(line))


# --- the state and the setup --------------------------------------------------------------


def test_a_new_game_prints_the_teams_with_their_shared_life_and_the_team_turn() -> None:
    def head(name: str, team_name: str) -> dict[str, Any]:
        return {
            "name": name,
            "status": "in",
            "team": team_name,
            "commander_damage": {},
            "counters": {},
            "city_blessing": False,
            "ring": 0,
        }

    def side(first: str, second: str) -> dict[str, Any]:
        return {
            "name": f"{first}+{second}",
            "players": [first, second],
            "status": "in",
            "life": 40,
            "poison": 0,
            "locked": False,
        }

    assert play(G2) == {
        "format": "two-headed-giant",
        "status": "active",
        "winners": [],
        "turn": {"number": 1, "active": "Ann", "team": "Ann+Bob"},
        "players": [
            head("Ann", "Ann+Bob"),
            head("Bob", "Ann+Bob"),
            head("Cid", "Cid+Dan"),
            head("Dan", "Cid+Dan"),
        ],
        "teams": [side("Ann", "Bob"), side("Cid", "Dan")],
        "monarch": None,
        "initiative": None,
        "day_night": None,
        "pending": [],
        "rejected": [],
    }


@pytest.mark.parametrize(
    ("line", "life"),
    [
        (G2, 40),
        (G4, 40),
        (HEADS3, 60),
        (HEADS4, 80),
        (CMD, 60),
        ("game 2hg teams: Ann+Bob+Cid, Dan+Eve+Fay commander", 90),
        ("game 2hg teams: Ann+Bob, Cid+Dan life: 25", 50),
        ("game giant teams: Ann+Bob+Cid, Dan+Eve+Fay life: 7", 21),
        # contract silent: `life: N` with `commander` sets the per-head life (N, not 30).
        ("game 2hg teams: Ann+Bob, Cid+Dan life: 25 commander", 50),
    ],
)
def test_team_life_is_the_per_head_life_times_the_teams_size(line: str, life: int) -> None:
    assert set(lives(play(line)).values()) == {life}


def test_teams_sit_together_in_the_listed_order_and_the_first_listed_is_primary() -> None:
    state = play("game 2hg teams: Cid+Dan, Bob+Ann, Fay+Eve")
    assert seats(state) == ["Cid", "Dan", "Bob", "Ann", "Fay", "Eve"]
    assert [entry["name"] for entry in state["teams"]] == ["Cid+Dan", "Bob+Ann", "Fay+Eve"]
    assert team(state, "Bob+Ann")["players"] == ["Bob", "Ann"]
    assert player(state, "Ann")["team"] == "Bob+Ann"
    assert state["turn"] == {"number": 1, "active": "Cid", "team": "Cid+Dan"}


def test_a_three_headed_team_is_named_by_its_three_players() -> None:
    state = play(HEADS3)
    assert [entry["name"] for entry in state["teams"]] == ["Ann+Bob+Cid", "Dan+Eve+Fay"]
    assert player(state, "Cid")["team"] == "Ann+Bob+Cid"


@pytest.mark.parametrize(
    "teams",
    [
        "Ann+Bob, Cid+Dan",
        "Ann+Bob+Cid+Dan, Eve+Fay+Gus+Hal",
        "Ann+Bob, Cid+Dan, Eve+Fay, Gus+Hal",
        "Ann+Bob+Cid, Dan+Eve+Fay, Gus+Hal+Ivy",
        "A1+A2+A3+A4, B1+B2+B3+B4, C1+C2+C3+C4, D1+D2+D3+D4",
    ],
)
def test_two_to_four_teams_of_two_to_four_players_are_accepted(teams: str) -> None:
    state = play(f"game two-headed-giant teams: {teams}")
    assert [entry["name"] for entry in state["teams"]] == [t.strip() for t in teams.split(",")]


@pytest.mark.parametrize(
    "teams",
    [
        "Ann+Bob",
        "Ann+Bob, Cid+Dan, Eve+Fay, Gus+Hal, Ivy+Jon",
        "Ann, Bob",
        "Ann, Bob, Cid",
        "Ann+Bob+Cid+Dan+Eve, Fay+Gus+Hal+Ivy+Jon",
    ],
)
def test_a_wrong_count_of_teams_or_heads_is_refused(teams: str) -> None:
    with pytest.raises(RuleViolation):
        setup(f"game two-headed-giant teams: {teams}")


@pytest.mark.parametrize("teams", ["Ann+Bob, Cid+Dan+Eve", "Ann+Bob+Cid, Dan+Eve, Fay+Gus+Hal"])
def test_unequal_teams_are_refused(teams: str) -> None:
    with pytest.raises(RuleViolation, match="(?i)team"):
        setup(f"game two-headed-giant teams: {teams}")


@pytest.mark.parametrize("teams", ["Ann+Bob, Cid+Ann", "Ann+Bob, Cid+ann", "Ann+Ann, Cid+Dan"])
def test_a_name_may_be_in_one_team_only_once(teams: str) -> None:
    with pytest.raises(RuleViolation):
        setup(f"game two-headed-giant teams: {teams}")


@pytest.mark.parametrize(
    "line",
    [
        "game two-headed-giant players: Ann, Bob, Cid, Dan",
        "game free-for-all teams: Ann+Bob, Cid+Dan",
        "game totem teams: Ann+Bob, Cid+Dan",
    ],
)
def test_a_roster_of_the_wrong_kind_is_refused(line: str) -> None:
    with pytest.raises(RuleViolation):
        setup(line)


@pytest.mark.parametrize("rule", ["half-life-consent", "player-poison", "minions"])
def test_rules_the_giant_does_not_know_are_refused(rule: str) -> None:
    with pytest.raises(RuleViolation):
        setup(f"game two-headed-giant teams: Ann+Bob, Cid+Dan rules: {rule}")


# --- damage, loss and gain apply to the team's total ---------------------------------------

TEAM_CHANGES = [
    (["Ann: deal 3 to Cid"], {"Ann+Bob": 40, "Cid+Dan": 37}),
    (["Ann: deal 3 to Dan"], {"Ann+Bob": 40, "Cid+Dan": 37}),
    (["Ann: deal 3 to Cid", "Bob: deal 4 to Dan"], {"Ann+Bob": 40, "Cid+Dan": 33}),
    (["Ann: Dan loses 3"], {"Ann+Bob": 40, "Cid+Dan": 37}),
    (["Ann: Cid gains 5"], {"Ann+Bob": 40, "Cid+Dan": 45}),
    (["Dan loses 6"], {"Ann+Bob": 40, "Cid+Dan": 34}),
    (["Bob gains 6"], {"Ann+Bob": 46, "Cid+Dan": 40}),
    (["Cid: lose 2"], {"Ann+Bob": 40, "Cid+Dan": 38}),
    (["Dan: gain 2"], {"Ann+Bob": 40, "Cid+Dan": 42}),
    (["Bob: pay 7"], {"Ann+Bob": 33, "Cid+Dan": 40}),
    (["Ann: attack Dan for 6"], {"Ann+Bob": 40, "Cid+Dan": 34}),
    (["Cid: attack Ann for 2", "Dan: attack Bob for 3"], {"Ann+Bob": 35, "Cid+Dan": 40}),
    # Flame Rift (606.9): 4 to each player, 8 to every team of two.
    (["Ann: deal 4 to each player"], {"Ann+Bob": 32, "Cid+Dan": 32}),
    (["Ann: each player loses 4"], {"Ann+Bob": 32, "Cid+Dan": 32}),
    (["Cid: each player gains 4"], {"Ann+Bob": 48, "Cid+Dan": 48}),
    (["each player loses 2"], {"Ann+Bob": 36, "Cid+Dan": 36}),
    # Each opponent: every player still in but the speaker and the speaker's teammates.
    (["Ann: deal 4 to each opponent"], {"Ann+Bob": 40, "Cid+Dan": 32}),
    (["Bob: each opponent loses 4"], {"Ann+Bob": 40, "Cid+Dan": 32}),
    (["Dan: each opponent gains 1"], {"Ann+Bob": 42, "Cid+Dan": 40}),
]


@pytest.mark.parametrize(
    ("lines", "expected"), TEAM_CHANGES, ids=[" / ".join(case[0]) for case in TEAM_CHANGES]
)
def test_damage_loss_and_gain_to_a_player_apply_to_the_teams_total(
    lines: list[str], expected: dict[str, int]
) -> None:
    assert lives(accepted(G2, *lines)) == expected


def test_flame_rift_takes_twelve_from_a_team_of_three() -> None:
    assert lives(accepted(HEADS3, "Ann: deal 4 to each player")) == {
        "Ann+Bob+Cid": 48,
        "Dan+Eve+Fay": 48,
    }


def test_each_opponent_in_three_teams_reaches_both_other_teams() -> None:
    assert lives(accepted(G3, "Bob: deal 4 to each opponent")) == {
        "Ann+Bob": 40,
        "Cid+Dan": 32,
        "Eve+Fay": 32,
    }


def test_an_each_effect_passes_over_a_team_that_is_out() -> None:
    state = accepted(G3, "Cid: concede", "Ann: deal 4 to each player")
    assert lives(state) == {"Ann+Bob": 32, "Cid+Dan": 40, "Eve+Fay": 32}


def test_each_opponent_from_a_host_line_is_refused() -> None:
    error = refused(G2, "each opponent loses 3")
    assert "opponent" in error.lower()


# --- a player's own life: the team's divided by its heads, rounded up (606.9a) --------------

HALVES = [
    # The 606.9a example: team at 17, Bob counts as 9, the team loses 4.
    (G2, "Cid: deal 23 to Bob", "Cid: halve Bob", 13),
    (G2, "Cid: deal 23 to Bob", "halve Ann", 13),
    (G2, "Cid: deal 1 to Bob", "Cid: halve Ann", 29),  # 39: counts as 20, loses 10
    (G2, "Cid: deal 20 to Ann", "Cid: halve Ann", 15),  # 20: counts as 10, loses 5
    (HEADS3, "Dan: deal 43 to Ann", "Dan: halve Bob", 14),  # 17: counts as 6, loses 3
    (HEADS3, "Dan: deal 1 to Ann", "Dan: halve Cid", 49),  # 59: counts as 20, loses 10
]


@pytest.mark.parametrize(("setup_line", "first", "halve", "life"), HALVES)
def test_halving_a_player_takes_half_of_their_share_of_the_team_life(
    setup_line: str, first: str, halve: str, life: int
) -> None:
    state = accepted(setup_line, first, halve)
    assert state["teams"][0]["life"] == life
    assert state["teams"][1]["life"] == play(setup_line)["teams"][1]["life"]


SETS = [
    # The 606.9c example: team 25, "your life becomes 20": 13 -> 20, team 32.
    (G2, ["Ann: deal 15 to Cid", "Cid: set Cid life to 20"], 1, 32),
    (G2, ["Cid: set Dan life to 5"], 1, 25),
    (G2, ["set Ann life to 30"], 0, 50),
    (G2, ["Cid: deal 1 to Bob", "Cid: set Bob life to 20"], 0, 39),  # 39 counts as 20: no change
    (HEADS3, ["Dan: set Ann life to 30"], 0, 70),  # 60 counts as 20 each
    (HEADS3, ["Dan: deal 43 to Ann", "Dan: set Ann life to 1"], 0, 12),  # 17 counts as 6
]


@pytest.mark.parametrize(("setup_line", "lines", "index", "life"), SETS)
def test_setting_a_players_life_changes_the_team_by_the_difference_from_their_share(
    setup_line: str, lines: list[str], index: int, life: int
) -> None:
    state = accepted(setup_line, *lines)
    assert state["teams"][index]["life"] == life


def test_setting_one_head_to_zero_leaves_the_team_in_while_its_total_is_above_zero() -> None:
    state = accepted(G2, "Ann: set Cid life to 0")
    assert team(state, "Cid+Dan")["life"] == 20
    assert team(state, "Cid+Dan")["status"] == "in"


def test_a_team_may_pay_more_than_one_heads_share_if_the_team_has_it() -> None:
    state = accepted(G2, "Cid: deal 10 to Ann", "Ann: pay 20")
    assert team(state, "Ann+Bob")["life"] == 10


def test_paying_the_whole_team_life_is_accepted_and_the_team_loses() -> None:
    state = accepted(G2, "Ann: pay 40")
    assert team(state, "Ann+Bob")["life"] == 0
    assert team_statuses(state) == {"Ann+Bob": "lost", "Cid+Dan": "won"}


@pytest.mark.parametrize(
    "lines",
    [
        ["Ann: pay 41"],
        ["Cid: deal 35 to Ann", "Bob: pay 6"],
        ["Cid: deal 20 to Ann", "Ann: pay 21"],
    ],
)
def test_paying_more_than_the_team_has_is_refused(lines: list[str]) -> None:
    refused(G2, *lines)


# --- combat ---------------------------------------------------------------------------------


def test_attacking_a_teammate_is_refused_naming_the_teammate_relation() -> None:
    error = refused(G2, "Ann: attack Bob for 5")
    assert "teammate" in error.lower()
    refused(HEADS3, "Cid: attack Ann for 5")


def test_attacking_yourself_is_refused() -> None:
    refused(G2, "Ann: attack Ann for 5")


@pytest.mark.parametrize("target", ["Cid", "Dan"])
def test_attacking_a_player_of_a_team_that_is_out_is_refused(target: str) -> None:
    refused(G3, "Cid: concede", f"Ann: attack {target} for 3")


def test_a_player_of_a_team_that_is_out_cannot_attack() -> None:
    refused(G3, "Cid: concede", "Dan: attack Eve for 3")


def test_commander_damage_comes_off_the_team_and_is_tallied_on_the_player() -> None:
    state = accepted(
        CMD,
        "Ann: attack Cid for 5 with commander",
        "Bob: attack Dan for 4 with commander Tymna",
        "Bob: attack Dan for 3 with commander tymna",
    )
    assert team(state, "Cid+Dan")["life"] == 48
    assert player(state, "Cid")["commander_damage"] == {"Ann": 5}
    assert player(state, "Dan")["commander_damage"] == {"Bob:Tymna": 7}
    assert player(state, "Ann")["commander_damage"] == {}


def test_twenty_one_commander_damage_to_one_player_makes_the_whole_team_lose() -> None:
    state = accepted(
        CMD, "Ann: attack Cid for 10 with commander", "Ann: attack Cid for 11 with commander"
    )
    assert team(state, "Cid+Dan")["life"] == 39
    assert statuses(state) == {"Ann": "won", "Bob": "won", "Cid": "lost", "Dan": "lost"}
    assert team_statuses(state) == {"Ann+Bob": "won", "Cid+Dan": "lost"}
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann", "Bob"]


@pytest.mark.parametrize(
    "lines",
    [
        ["Ann: attack Cid for 20 with commander"],
        ["Ann: attack Cid for 11 with commander", "Ann: attack Dan for 10 with commander"],
        ["Ann: attack Cid for 11 with commander", "Bob: attack Cid for 10 with commander"],
        [
            "Ann: attack Cid for 11 with commander Tymna",
            "Ann: attack Cid for 10 with commander Kraum",
        ],
    ],
)
def test_commander_damage_is_not_pooled_across_players_or_commanders(lines: list[str]) -> None:
    state = accepted(CMD, *lines)
    assert team_statuses(state) == {"Ann+Bob": "in", "Cid+Dan": "in"}


def test_with_commander_is_refused_in_a_game_without_commander() -> None:
    error = refused(G2, "Ann: attack Cid for 5 with commander")
    assert "commander" in error.lower()


# --- lethal totals --------------------------------------------------------------------------


def test_poison_on_a_player_adds_to_the_teams_poison() -> None:
    state = accepted(G2, "Ann: poison 3 to Cid", "Bob: poison 4 to Dan")
    assert team(state, "Cid+Dan")["poison"] == 7
    assert team(state, "Cid+Dan")["life"] == 40


@pytest.mark.parametrize(
    ("setup_line", "enemy", "lethal"),
    [(G2, "Cid", 15), (G3, "Eve", 15), (HEADS3, "Dan", 20), (HEADS4, "Eve", 25)],
)
def test_team_poison_is_lethal_at_fifteen_for_two_heads_and_five_more_per_head(
    setup_line: str, enemy: str, lethal: int
) -> None:
    below = accepted(setup_line, f"Ann: poison {lethal - 1} to {enemy}")
    assert player(below, enemy)["status"] == "in"
    at = accepted(setup_line, f"Ann: poison {lethal - 1} to {enemy}", f"Bob: poison 1 to {enemy}")
    assert player(at, enemy)["status"] == "lost"
    enemy_team = player(at, enemy)["team"]
    assert team(at, enemy_team)["status"] == "lost"
    assert team(at, enemy_team)["poison"] == lethal


@pytest.mark.parametrize(
    ("line", "life", "status"),
    [
        ("Ann: deal 39 to Cid", 1, "in"),
        ("Ann: deal 40 to Dan", 0, "lost"),
        ("Ann: attack Cid for 45", -5, "lost"),
        ("Cid: lose 40", 0, "lost"),
    ],
)
def test_a_team_life_of_zero_or_less_makes_the_whole_team_lose(
    line: str, life: int, status: str
) -> None:
    state = accepted(G3, line)
    assert team(state, "Cid+Dan")["life"] == life
    assert team(state, "Cid+Dan")["status"] == status
    assert (player(state, "Cid")["status"], player(state, "Dan")["status"]) == (status, status)


# --- losing and winning as a team ------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "cid", "dan"),
    [
        ("Cid: concede", "conceded", "lost"),
        ("Dan: concede", "lost", "conceded"),
        ("remove Dan", "lost", "removed"),
        ("Ann: eliminate Cid", "lost", "lost"),
        ("eliminate Dan", "lost", "lost"),
    ],
)
def test_a_team_loses_together_when_one_of_its_players_leaves(
    line: str, cid: str, dan: str
) -> None:
    state = accepted(G3, line)
    assert statuses(state) == {
        "Ann": "in",
        "Bob": "in",
        "Cid": cid,
        "Dan": dan,
        "Eve": "in",
        "Fay": "in",
    }
    assert team_statuses(state) == {"Ann+Bob": "in", "Cid+Dan": "lost", "Eve+Fay": "in"}
    assert state["status"] == "active"
    assert team(state, "Cid+Dan")["life"] == 40


def test_in_two_teams_a_concession_ends_the_game_for_the_other_team() -> None:
    state = accepted(G2, "Dan: concede")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann", "Bob"]
    assert statuses(state) == {"Ann": "won", "Bob": "won", "Cid": "lost", "Dan": "conceded"}


def test_win_by_any_player_wins_for_the_whole_team_in_seat_order() -> None:
    state = accepted(G2, "Bob: win")
    assert state["winners"] == ["Ann", "Bob"]
    assert statuses(state) == {"Ann": "won", "Bob": "won", "Cid": "lost", "Dan": "lost"}
    assert team_statuses(state) == {"Ann+Bob": "won", "Cid+Dan": "lost"}
    state = accepted("game 2hg teams: Cid+Dan, Bob+Ann", "Ann: win")
    assert state["winners"] == ["Bob", "Ann"]


def test_win_leaves_the_players_already_out_as_they_were() -> None:
    state = accepted(G3, "Cid: concede", "Fay: win")
    assert statuses(state) == {
        "Ann": "lost",
        "Bob": "lost",
        "Cid": "conceded",
        "Dan": "lost",
        "Eve": "won",
        "Fay": "won",
    }
    assert team_statuses(state) == {"Ann+Bob": "lost", "Cid+Dan": "lost", "Eve+Fay": "won"}
    assert state["winners"] == ["Eve", "Fay"]


def test_the_game_ends_when_one_team_is_left_and_its_players_win() -> None:
    state = accepted(G3, "Ann: eliminate Cid", "Eve: concede")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann", "Bob"]
    assert team_statuses(state) == {"Ann+Bob": "won", "Cid+Dan": "lost", "Eve+Fay": "lost"}


@pytest.mark.parametrize(
    ("setup_line", "lines"),
    [
        ("game 2hg teams: Ann+Bob, Cid+Dan life: 2", ["Ann: deal 2 to each player"]),
        ("game 2hg teams: Ann+Bob, Cid+Dan life: 2", ["each player loses 2"]),
        (
            "game 2hg teams: Ann+Bob, Cid+Dan, Eve+Fay life: 2",
            ["remove Eve", "Cid: each player loses 2"],
        ),
    ],
)
def test_the_last_teams_losing_at_once_is_a_draw(setup_line: str, lines: list[str]) -> None:
    state = accepted(setup_line, *lines)
    assert state["status"] == "finished"
    assert state["winners"] == []
    assert set(team_statuses(state).values()) == {"lost"}
    assert "won" not in statuses(state).values()


def test_each_opponent_can_end_the_game_for_the_speakers_team() -> None:
    state = accepted(
        "game 2hg teams: Ann+Bob, Cid+Dan, Eve+Fay life: 2", "Bob: deal 2 to each opponent"
    )
    assert state["winners"] == ["Ann", "Bob"]
    assert team_statuses(state) == {"Ann+Bob": "won", "Cid+Dan": "lost", "Eve+Fay": "lost"}


# --- shared team turns ----------------------------------------------------------------------


def test_next_passes_the_turn_from_team_to_team_and_adds_one() -> None:
    turns = [accepted(G2, *["next"] * count)["turn"] for count in range(3)]
    assert turns == [
        {"number": 1, "active": "Ann", "team": "Ann+Bob"},
        {"number": 2, "active": "Cid", "team": "Cid+Dan"},
        {"number": 3, "active": "Ann", "team": "Ann+Bob"},
    ]


def test_four_teams_take_turns_in_the_listed_order() -> None:
    turns = [accepted(G4, *["next"] * count)["turn"] for count in range(5)]
    assert [(turn["number"], turn["active"], turn["team"]) for turn in turns] == [
        (1, "Ann", "Ann+Bob"),
        (2, "Cid", "Cid+Dan"),
        (3, "Eve", "Eve+Fay"),
        (4, "Gus", "Gus+Hal"),
        (5, "Ann", "Ann+Bob"),
    ]


def test_the_active_player_is_the_teams_primary_player() -> None:
    state = accepted("game 2hg teams: Bob+Ann, Dan+Cid", "next")
    assert state["turn"] == {"number": 2, "active": "Dan", "team": "Dan+Cid"}


def test_the_turn_passes_over_a_team_that_is_out() -> None:
    state = accepted(G3, "Dan: concede", "next")
    assert state["turn"] == {"number": 2, "active": "Eve", "team": "Eve+Fay"}
    state = accepted(G3, "Dan: concede", "next", "next")
    assert state["turn"] == {"number": 3, "active": "Ann", "team": "Ann+Bob"}


@pytest.mark.parametrize("leave", ["Bob: concede", "Cid: deal 40 to Ann", "remove Ann"])
def test_a_team_that_loses_during_its_turn_keeps_the_turn_until_next(leave: str) -> None:
    state = accepted(G3, leave)
    assert state["turn"] == {"number": 1, "active": "Ann", "team": "Ann+Bob"}
    state = accepted(G3, leave, "next")
    assert state["turn"] == {"number": 2, "active": "Cid", "team": "Cid+Dan"}


@pytest.mark.parametrize("speaker", ["Bob", "Dan", "Fay"])
def test_next_may_be_recorded_by_any_player_still_in(speaker: str) -> None:
    assert accepted(G3, f"{speaker}: next")["turn"]["number"] == 2


def test_next_is_refused_from_a_player_whose_team_is_out() -> None:
    refused(G3, "Cid: concede", "Dan: next")


# --- lock and unlock: the team's life ------------------------------------------------------


def test_either_player_locks_the_teams_life_and_either_unlocks_it() -> None:
    state = accepted(G2, "Bob: lock")
    assert team(state, "Ann+Bob")["locked"] is True
    assert team(state, "Cid+Dan")["locked"] is False
    assert "locked" not in player(state, "Bob")
    assert team(accepted(G2, "Bob: lock", "Ann: unlock"), "Ann+Bob")["locked"] is False


@pytest.mark.parametrize(
    "lines",
    [
        ["Bob: lock", "Ann: lock"],
        ["Ann: unlock"],
        ["Bob: lock", "Cid: unlock"],
        ["Bob: lock", "Ann: unlock", "Bob: unlock"],
    ],
)
def test_locking_a_locked_team_or_unlocking_an_unlocked_one_is_refused(lines: list[str]) -> None:
    refused(G2, *lines)


@pytest.mark.parametrize(
    "line",
    [
        "Cid: deal 3 to Ann",
        "Cid: deal 3 to Bob",
        "Cid: Bob loses 3",
        "Ann loses 1",
        "Bob: gain 2",
        "Ann: pay 1",
        "Cid: attack Bob for 3",
        "Cid: halve Ann",
        "Cid: set Bob life to 5",
    ],
)
def test_a_request_that_would_change_a_locked_team_life_is_refused(line: str) -> None:
    error = refused(G2, "Bob: lock", line)
    assert "lock" in error.lower()


def test_a_change_of_zero_to_a_locked_team_life_is_accepted() -> None:
    state = accepted(G2, "Bob: lock", "Cid: set Ann life to 20")
    assert team(state, "Ann+Bob")["life"] == 40


def test_a_commander_attack_on_a_locked_team_counts_its_damage_but_not_the_life() -> None:
    state = accepted(CMD, "Bob: lock", "Cid: attack Ann for 5 with commander")
    assert team(state, "Ann+Bob")["life"] == 60
    assert player(state, "Ann")["commander_damage"] == {"Cid": 5}
    state = accepted(CMD, "Bob: lock", "Cid: attack Ann for 21 with commander")
    assert team(state, "Ann+Bob")["status"] == "lost"
    assert team(state, "Ann+Bob")["life"] == 60


def test_poison_still_counts_on_a_locked_team() -> None:
    state = accepted(G2, "Bob: lock", "Cid: poison 15 to Ann")
    assert team(state, "Ann+Bob")["status"] == "lost"


def test_an_each_effect_skips_a_locked_team_and_applies_to_the_rest() -> None:
    state = accepted(G3, "Dan: lock", "Ann: deal 4 to each player")
    assert lives(state) == {"Ann+Bob": 32, "Cid+Dan": 40, "Eve+Fay": 32}


# --- sorcery-concede: a player's own turn is their team's turn -------------------------------


def test_under_sorcery_concede_either_player_concedes_during_their_teams_turn() -> None:
    state = accepted(SORCERY, "Bob: concede")
    assert (player(state, "Ann")["status"], player(state, "Bob")["status"]) == ("lost", "conceded")
    state = accepted(SORCERY, "next", "Dan: concede")
    assert team(state, "Cid+Dan")["status"] == "lost"


def test_under_sorcery_concede_a_player_cannot_concede_during_another_teams_turn() -> None:
    error = refused(SORCERY, "Cid: concede")
    assert "turn" in error.lower()


def test_under_sorcery_concede_the_host_still_removes_anyone_at_any_time() -> None:
    state = accepted(SORCERY, "remove Eve")
    assert (player(state, "Eve")["status"], player(state, "Fay")["status"]) == ("removed", "lost")


def test_sorcery_concede_may_be_turned_on_in_a_giant_game() -> None:
    assert play("game 2hg teams: Ann+Bob, Cid+Dan rules: sorcery-concede")["status"] == "active"


# --- Totem's words, a finished game, undo ---------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Ann: deal 3 to Cid via left",
        "Ann: Cid loses 3 via Cid-Dan",
        "Bob: pay 2 via right",
        "Ann: halve Cid counting left",
        "Ann: attack Cid for 3 hitting Dan",
    ],
)
def test_via_counting_and_hitting_are_refused_with_one_sentence_naming_totem(line: str) -> None:
    error = refused(G2, line)
    assert "totem" in error.lower()


@pytest.mark.parametrize(
    "line",
    [
        "Ann: deal 3 to Cid",
        "Cid gains 1",
        "Bob: each player gains 1",
        "Ann: lock",
        "next",
        "Cid: win",
    ],
)
def test_nothing_more_is_recorded_once_the_game_is_finished(line: str) -> None:
    refused(G2, "Bob: win", line)


def test_undo_reopens_a_game_a_team_had_won() -> None:
    state = accepted(G2, "Ann: deal 40 to Cid", "undo")
    assert state == accepted(G2)


UNDONE = [
    "Ann: deal 3 to Cid",
    "Ann: deal 4 to each player",
    "Bob: each opponent gains 2",
    "Cid: pay 4",
    "Ann: poison 15 to Dan",
    "Ann: halve Cid",
    "Ann: set Cid life to 3",
    "Ann: attack Cid for 21 with commander Tymna",
    "Bob: lock",
    "Dan: concede",
    "remove Ann",
    "Bob: win",
    "next",
]


@pytest.mark.parametrize("line", UNDONE)
def test_undo_takes_back_the_last_change_exactly(line: str) -> None:
    prefix = (CMD, "Cid: attack Bob for 3 with commander", "next", "Dan: poison 2 to Ann")
    assert accepted(*prefix, line, "undo") == accepted(*prefix)


# --- a whole four-team game (805) -----------------------------------------------------------


def test_a_four_team_game_plays_to_one_team_left() -> None:
    state = accepted(
        G4,
        "Ann: deal 40 to Cid",
        "next",
        "Gus: concede",
        "next",
        "Eve: poison 15 to Bob",
    )
    assert team_statuses(state) == {
        "Ann+Bob": "lost",
        "Cid+Dan": "lost",
        "Eve+Fay": "won",
        "Gus+Hal": "lost",
    }
    assert state["winners"] == ["Eve", "Fay"]
    assert state["status"] == "finished"
    assert statuses(state)["Gus"] == "conceded"
