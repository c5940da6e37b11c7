"""Free-for-all as FORMATS.md settles it: each player their own life, played as scripts.

Every expected value is worked out by hand from FORMATS.md ("What every format shares",
"Free-for-all") and, where it is silent, RULES.md. Seats are Ann, Bob, Cid (and Dan): seat
order is turn order, turn 1 is Ann's.
"""

from __future__ import annotations

import pytest

from tests.formats.tables import accepted, lives, play, player, refused, statuses
from totembot.games.magic.language.phrases import parse_setup
from totembot.games.magic.rules import RuleViolation, new_game

FFA = "game free-for-all players: Ann, Bob, Cid"
FFA2 = "game free-for-all players: Ann, Bob"
FFA4 = "game free-for-all players: Ann, Bob, Cid, Dan"
CMD = "game free-for-all players: Ann, Bob, Cid commander"
CMD100 = "game free-for-all players: Ann, Bob, Cid life: 100 commander"
SORCERY = "game free-for-all players: Ann, Bob, Cid rules: sorcery-concede"


# --- helpers ------------------------------------------------------------------------------


def setup(line: str) -> object:
    return new_game(parse_setup(line))


def names(count: int) -> str:
    return ", ".join(f"P{seat}" for seat in range(1, count + 1))


# --- the state and the setup --------------------------------------------------------------


def test_a_new_game_prints_each_player_with_their_own_life_and_no_totems() -> None:
    fresh = {
        "status": "in",
        "life": 20,
        "poison": 0,
        "commander_damage": {},
        "locked": False,
        "counters": {},
        "city_blessing": False,
        "ring": 0,
    }
    assert play(FFA) == {
        "format": "free-for-all",
        "status": "active",
        "winners": [],
        "turn": {"number": 1, "active": "Ann"},
        "players": [{"name": name, **fresh} for name in ("Ann", "Bob", "Cid")],
        "monarch": None,
        "initiative": None,
        "day_night": None,
        "pending": [],
        "rejected": [],
    }


@pytest.mark.parametrize(
    ("line", "life"),
    [
        ("game free-for-all players: Ann, Bob", 20),
        ("game free-for-all players: Ann, Bob commander", 40),
        ("game free-for-all players: Ann, Bob life: 30", 30),
        ("game ffa players: Ann, Bob, Cid life: 1", 1),
        # contract silent: `life: N` with `commander` sets the life (as Totem's setup does).
        ("game free-for-all players: Ann, Bob life: 25 commander", 25),
    ],
)
def test_every_player_starts_at_the_formats_life(line: str, life: int) -> None:
    assert set(lives(play(line)).values()) == {life}


@pytest.mark.parametrize("count", [2, 3, 8, 12])
def test_a_free_for_all_seats_two_to_twelve_players_in_the_listed_order(count: int) -> None:
    state = play(f"game free-for-all players: {names(count)}")
    assert [entry["name"] for entry in state["players"]] == [f"P{n}" for n in range(1, count + 1)]
    assert state["turn"] == {"number": 1, "active": "P1"}


@pytest.mark.parametrize("count", [1, 13])
def test_a_free_for_all_of_one_or_thirteen_players_is_refused(count: int) -> None:
    with pytest.raises(RuleViolation, match="(?i)player"):
        setup(f"game free-for-all players: {names(count)}")


@pytest.mark.parametrize("rule", ["half-life-consent", "player-poison"])
def test_totems_house_rules_are_refused_in_a_free_for_all(rule: str) -> None:
    with pytest.raises(RuleViolation):
        setup(f"game free-for-all players: Ann, Bob, Cid rules: {rule}")


def test_sorcery_concede_may_be_turned_on_in_a_free_for_all() -> None:
    assert play(SORCERY)["status"] == "active"


# --- life, poison and the requests that change them ----------------------------------------

LIFE_CHANGES = [
    (["Ann: deal 3 to Bob"], {"Ann": 20, "Bob": 17, "Cid": 20}),
    (["Ann: Bob loses 3"], {"Ann": 20, "Bob": 17, "Cid": 20}),
    (["Ann: Bob gains 3"], {"Ann": 20, "Bob": 23, "Cid": 20}),
    (["Bob loses 4"], {"Ann": 20, "Bob": 16, "Cid": 20}),
    (["Cid gains 4"], {"Ann": 20, "Bob": 20, "Cid": 24}),
    (["Ann: lose 3"], {"Ann": 17, "Bob": 20, "Cid": 20}),
    (["Ann: gain 3"], {"Ann": 23, "Bob": 20, "Cid": 20}),
    (["Bob: pay 3"], {"Ann": 20, "Bob": 17, "Cid": 20}),
    (["Ann: set Bob life to 7"], {"Ann": 20, "Bob": 7, "Cid": 20}),
    (["Ann: set Bob life to 33"], {"Ann": 20, "Bob": 33, "Cid": 20}),
    (["Ann: set Ann life to 5"], {"Ann": 5, "Bob": 20, "Cid": 20}),
    (["Ann: halve Bob"], {"Ann": 20, "Bob": 10, "Cid": 20}),
    # 17 life: halve loses floor(17 / 2) = 8.
    (["Ann: deal 3 to Bob", "Cid: halve Bob"], {"Ann": 20, "Bob": 9, "Cid": 20}),
    (["Ann: attack Bob for 4"], {"Ann": 20, "Bob": 16, "Cid": 20}),
    (["Cid: attack Ann for 6", "Bob: attack Ann for 1"], {"Ann": 13, "Bob": 20, "Cid": 20}),
]


@pytest.mark.parametrize(
    ("lines", "expected"), LIFE_CHANGES, ids=[" / ".join(c[0]) for c in LIFE_CHANGES]
)
def test_each_life_change_falls_on_the_named_players_own_life(
    lines: list[str], expected: dict[str, int]
) -> None:
    assert lives(accepted(FFA, *lines)) == expected


def test_poison_counts_on_the_player_and_leaves_life_alone() -> None:
    state = accepted(FFA, "Ann: poison 3 to Bob", "Cid: poison 2 to Bob")
    assert player(state, "Bob")["poison"] == 5
    assert player(state, "Bob")["life"] == 20
    assert player(state, "Ann")["poison"] == 0


def test_nine_poison_is_not_lethal_and_ten_is() -> None:
    state = accepted(FFA, "Ann: poison 9 to Bob")
    assert player(state, "Bob")["status"] == "in"
    state = accepted(FFA, "Ann: poison 9 to Bob", "Cid: poison 1 to Bob")
    assert statuses(state) == {"Ann": "in", "Bob": "lost", "Cid": "in"}
    assert state["status"] == "active"


@pytest.mark.parametrize(
    ("line", "life", "status"),
    [
        ("Ann: deal 19 to Bob", 1, "in"),
        ("Ann: deal 20 to Bob", 0, "lost"),
        ("Ann: deal 25 to Bob", -5, "lost"),
        ("Ann: set Bob life to 0", 0, "lost"),
        ("Ann: set Bob life to -5", -5, "lost"),
        ("Ann: attack Bob for 20", 0, "lost"),
    ],
)
def test_a_life_of_zero_or_less_is_lethal_and_never_clamped(
    line: str, life: int, status: str
) -> None:
    bob = player(accepted(FFA, line), "Bob")
    assert (bob["life"], bob["status"]) == (life, status)


def test_a_player_may_pay_all_of_their_life_and_then_loses() -> None:
    state = accepted(FFA, "Bob: pay 20")
    assert player(state, "Bob")["life"] == 0
    assert player(state, "Bob")["status"] == "lost"


@pytest.mark.parametrize(
    "lines",
    [
        [FFA, "Bob: pay 21"],
        [FFA, "Ann: deal 15 to Bob", "Bob: pay 6"],
        [FFA, "Ann: deal 25 to Cid", "Bob: lose 20", "Bob: pay 1"],
    ],
)
def test_paying_more_life_than_the_payer_has_is_refused(lines: list[str]) -> None:
    refused(*lines)


def test_paying_exactly_the_life_left_is_accepted() -> None:
    assert player(accepted(FFA, "Ann: deal 15 to Bob", "Bob: pay 5"), "Bob")["life"] == 0


@pytest.mark.parametrize(
    "line",
    [
        "Ann: deal 0 to Bob",
        "Ann: deal 1000001 to Bob",
        "Ann: attack Bob for 0",
        "Ann: poison 0 to Bob",
        "Ann: set Bob life to 1000001",
        "Ann: deal 3 to Zed",
        "Zed: deal 3 to Bob",
    ],
)
def test_bad_amounts_and_unknown_names_are_refused(line: str) -> None:
    refused(FFA, line)


# --- combat and commander damage ------------------------------------------------------------


def test_attacking_yourself_is_refused() -> None:
    refused(FFA, "Ann: attack Ann for 5")


@pytest.mark.parametrize("leave", ["Ann: eliminate Bob", "Bob: concede", "remove Bob"])
def test_attacking_a_player_who_is_out_is_refused(leave: str) -> None:
    refused(FFA, leave, "Cid: attack Bob for 3")


def test_a_player_who_is_out_cannot_attack() -> None:
    refused(FFA, "Bob: concede", "Bob: attack Cid for 3")


def test_commander_damage_is_tallied_on_the_defender_by_its_controllers_name() -> None:
    state = accepted(
        CMD, "Ann: attack Bob for 5 with commander", "Ann: attack Bob for 6 with commander"
    )
    bob = player(state, "Bob")
    assert bob["commander_damage"] == {"Ann": 11}
    assert bob["life"] == 29
    assert player(state, "Ann")["commander_damage"] == {}


def test_a_named_commander_is_keyed_controller_colon_name_as_first_written() -> None:
    state = accepted(
        CMD,
        "Ann: attack Bob for 5 with commander Tymna",
        "Ann: attack Bob for 4 with commander tymna",
        "Cid: attack Bob for 2 with commander",
    )
    assert player(state, "Bob")["commander_damage"] == {"Ann:Tymna": 9, "Cid": 2}
    assert player(state, "Bob")["life"] == 29


def test_partner_commanders_are_tallied_apart_so_twenty_from_each_is_not_lethal() -> None:
    state = accepted(
        CMD100,
        "Ann: attack Bob for 20 with commander Tymna",
        "Ann: attack Bob for 20 with commander Kraum",
        "Cid: attack Bob for 20 with commander",
    )
    bob = player(state, "Bob")
    assert bob["commander_damage"] == {"Ann:Tymna": 20, "Ann:Kraum": 20, "Cid": 20}
    assert (bob["life"], bob["status"]) == (40, "in")


@pytest.mark.parametrize(
    ("lines", "status"),
    [
        (["Ann: attack Bob for 20 with commander"], "in"),
        (["Ann: attack Bob for 21 with commander"], "lost"),
        (
            ["Ann: attack Bob for 10 with commander", "Ann: attack Bob for 11 with commander"],
            "lost",
        ),
        (["Ann: attack Bob for 20 with commander", "Ann: attack Bob for 1"], "in"),
    ],
)
def test_twenty_one_damage_from_one_commander_makes_the_player_lose(
    lines: list[str], status: str
) -> None:
    state = accepted(CMD100, *lines)
    assert player(state, "Bob")["status"] == status
    assert player(state, "Bob")["life"] > 0


def test_with_commander_is_refused_in_a_game_without_commander() -> None:
    error = refused(FFA, "Ann: attack Bob for 5 with commander")
    assert "commander" in error.lower()


# --- lock and unlock ------------------------------------------------------------------------


def test_lock_and_unlock_without_a_totem_lock_the_speakers_own_life() -> None:
    state = accepted(FFA, "Bob: lock")
    assert [entry["locked"] for entry in state["players"]] == [False, True, False]
    state = accepted(FFA, "Bob: lock", "Bob: unlock", "Ann: deal 3 to Bob")
    assert player(state, "Bob")["locked"] is False
    assert player(state, "Bob")["life"] == 17


@pytest.mark.parametrize(
    "line",
    [
        "Ann: deal 3 to Bob",
        "Ann: Bob loses 3",
        "Ann: Bob gains 3",
        "Bob loses 3",
        "Bob: lose 1",
        "Bob: gain 1",
        "Bob: pay 1",
        "Ann: set Bob life to 5",
        "Ann: halve Bob",
        "Ann: attack Bob for 3",
    ],
)
def test_a_request_that_would_change_a_locked_life_is_refused(line: str) -> None:
    error = refused(FFA, "Bob: lock", line)
    assert "lock" in error.lower()


def test_a_change_of_zero_to_a_locked_life_is_accepted() -> None:
    state = accepted(FFA, "Bob: lock", "Ann: set Bob life to 20")
    assert player(state, "Bob")["life"] == 20
    # At 1 life, halving loses floor(1 / 2) = 0.
    state = accepted("game ffa players: Ann, Bob, Cid life: 1", "Bob: lock", "Ann: halve Bob")
    assert player(state, "Bob")["life"] == 1


def test_a_commander_attack_on_a_locked_life_counts_its_damage_but_not_the_life() -> None:
    state = accepted(CMD, "Bob: lock", "Ann: attack Bob for 5 with commander")
    bob = player(state, "Bob")
    assert (bob["life"], bob["commander_damage"], bob["status"]) == (40, {"Ann": 5}, "in")
    state = accepted(CMD, "Bob: lock", "Ann: attack Bob for 21 with commander")
    assert player(state, "Bob")["status"] == "lost"
    assert player(state, "Bob")["life"] == 40


def test_poison_still_counts_on_a_locked_life_and_ten_is_lethal() -> None:
    state = accepted(FFA, "Bob: lock", "Ann: poison 4 to Bob")
    assert player(state, "Bob")["poison"] == 4
    state = accepted(FFA, "Bob: lock", "Ann: poison 10 to Bob")
    assert player(state, "Bob")["status"] == "lost"


def test_locking_a_locked_life_or_unlocking_an_unlocked_one_is_refused() -> None:
    refused(FFA, "Bob: lock", "Bob: lock")
    refused(FFA, "Bob: unlock")
    refused(FFA, "Bob: lock", "Bob: unlock", "Bob: unlock")


def test_one_players_lock_does_not_lock_anyone_elses_life() -> None:
    refused(FFA, "Bob: lock", "Ann: unlock")
    assert lives(accepted(FFA, "Bob: lock", "Ann: deal 3 to Cid")) == {
        "Ann": 20,
        "Bob": 20,
        "Cid": 17,
    }


def test_lock_needs_a_speaker() -> None:
    # contract silent: a host line has no life of its own to lock (as Totem's lock needs a speaker).
    refused(FFA, "lock")


def test_lock_naming_a_totem_is_refused_in_a_free_for_all() -> None:
    # contract silent: a free-for-all has no totems, so Totem's `lock T` form is refused.
    refused(FFA, "Bob: lock left")


# --- effects on each player at once -----------------------------------------------------------

EACH = [
    ("Ann: deal 3 to each player", {"Ann": 17, "Bob": 17, "Cid": 17, "Dan": 17}),
    ("Ann: each player loses 3", {"Ann": 17, "Bob": 17, "Cid": 17, "Dan": 17}),
    ("Ann: each player gains 3", {"Ann": 23, "Bob": 23, "Cid": 23, "Dan": 23}),
    ("Ann: deal 3 to each opponent", {"Ann": 20, "Bob": 17, "Cid": 17, "Dan": 17}),
    ("Ann: each opponent loses 3", {"Ann": 20, "Bob": 17, "Cid": 17, "Dan": 17}),
    ("Cid: each opponent gains 3", {"Ann": 23, "Bob": 23, "Cid": 20, "Dan": 23}),
    ("each player loses 2", {"Ann": 18, "Bob": 18, "Cid": 18, "Dan": 18}),
    ("each player gains 2", {"Ann": 22, "Bob": 22, "Cid": 22, "Dan": 22}),
]


@pytest.mark.parametrize(("line", "expected"), EACH, ids=[case[0] for case in EACH])
def test_an_effect_on_each_player_is_one_request_on_everyone_still_in(
    line: str, expected: dict[str, int]
) -> None:
    assert lives(accepted(FFA4, line)) == expected


def test_an_each_effect_passes_over_players_who_are_out() -> None:
    state = accepted(FFA4, "Ann: eliminate Cid", "Bob: deal 3 to each player")
    assert lives(state) == {"Ann": 17, "Bob": 17, "Cid": 20, "Dan": 17}
    state = accepted(FFA4, "Dan: concede", "Bob: each opponent loses 2")
    assert lives(state) == {"Ann": 18, "Bob": 20, "Cid": 18, "Dan": 20}


def test_an_each_effect_skips_a_locked_player_and_applies_to_the_rest() -> None:
    state = accepted(FFA4, "Bob: lock", "Ann: deal 3 to each player")
    assert lives(state) == {"Ann": 17, "Bob": 20, "Cid": 17, "Dan": 17}
    state = accepted(FFA4, "Bob: lock", "Cid: each opponent gains 3")
    assert lives(state) == {"Ann": 23, "Bob": 20, "Cid": 20, "Dan": 23}


def test_each_opponent_from_a_host_line_is_refused() -> None:
    error = refused(FFA4, "each opponent loses 3")
    assert "opponent" in error.lower()


def test_the_last_players_losing_to_one_each_effect_is_a_draw() -> None:
    state = accepted("game ffa players: Ann, Bob, Cid life: 3", "Ann: deal 3 to each player")
    assert state["status"] == "finished"
    assert state["winners"] == []
    assert statuses(state) == {"Ann": "lost", "Bob": "lost", "Cid": "lost"}


def test_an_each_effect_that_leaves_one_player_in_makes_them_the_winner() -> None:
    state = accepted(
        "game ffa players: Ann, Bob, Cid life: 3", "Ann: gain 1", "Ann: each player loses 3"
    )
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    assert statuses(state) == {"Ann": "won", "Bob": "lost", "Cid": "lost"}


def test_each_opponent_can_end_the_game_for_the_speaker() -> None:
    state = accepted("game ffa players: Ann, Bob, Cid life: 3", "Bob: deal 3 to each opponent")
    assert state["winners"] == ["Bob"]
    assert statuses(state) == {"Ann": "lost", "Bob": "won", "Cid": "lost"}


def test_a_player_who_is_out_cannot_make_an_each_effect() -> None:
    refused(FFA4, "Bob: concede", "Bob: deal 3 to each player")


# --- Totem's words --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Ann: deal 3 to Bob via left",
        "Ann: Bob loses 3 via Bob-Cid",
        "Bob: pay 2 via right",
        "Ann: poison 1 to Bob via left",
        "Ann: halve Bob counting left",
        "Ann: set Bob life to 5 via left counting right",
        "Ann: attack Bob for 3 hitting Bob",
    ],
)
def test_via_counting_and_hitting_are_refused_with_one_sentence_naming_totem(line: str) -> None:
    error = refused(FFA, line)
    assert "totem" in error.lower()


# --- leaving, winning, the end of the game ----------------------------------------------------


def test_win_makes_every_other_player_still_in_lose() -> None:
    state = accepted(FFA4, "Cid: concede", "Bob: win")
    assert state["status"] == "finished"
    assert state["winners"] == ["Bob"]
    assert statuses(state) == {"Ann": "lost", "Bob": "won", "Cid": "conceded", "Dan": "lost"}


@pytest.mark.parametrize(
    ("line", "status"),
    [
        ("Bob: concede", "conceded"),
        ("Ann: eliminate Bob", "lost"),
        ("eliminate Bob", "lost"),
        ("remove Bob", "removed"),
    ],
)
def test_a_player_leaves_by_conceding_elimination_or_removal(line: str, status: str) -> None:
    state = accepted(FFA, line)
    assert statuses(state) == {"Ann": "in", "Bob": status, "Cid": "in"}
    assert state["status"] == "active"
    assert lives(state) == {"Ann": 20, "Bob": 20, "Cid": 20}


def test_only_the_host_may_remove_a_player() -> None:
    refused(FFA, "Ann: remove Bob")


@pytest.mark.parametrize("line", ["eliminate Bob", "remove Bob", "Bob: concede", "Bob: win"])
def test_a_player_who_is_out_cannot_leave_again_or_win(line: str) -> None:
    refused(FFA, "Ann: eliminate Bob", line)


def test_the_game_ends_when_one_player_is_left_and_they_win() -> None:
    state = accepted(FFA, "Ann: eliminate Bob", "Cid: concede")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    assert statuses(state) == {"Ann": "won", "Bob": "lost", "Cid": "conceded"}


def test_a_two_player_game_ends_with_the_first_loss() -> None:
    state = accepted(FFA2, "Ann: attack Bob for 20")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]


@pytest.mark.parametrize(
    "line",
    [
        "Ann: deal 3 to Cid",
        "Cid gains 2",
        "Ann: each player gains 1",
        "Ann: lock",
        "next",
        "Ann: win",
        "Cid: concede",
        "remove Cid",
    ],
)
def test_nothing_more_is_recorded_once_the_game_is_finished(line: str) -> None:
    refused(FFA, "Ann: eliminate Bob", "Ann: win", line)


def test_undo_reopens_a_finished_game() -> None:
    state = accepted(FFA2, "Ann: deal 20 to Bob", "undo")
    assert state["status"] == "active"
    assert state["winners"] == []
    assert statuses(state) == {"Ann": "in", "Bob": "in"}
    assert lives(state) == {"Ann": 20, "Bob": 20}


# --- turns ------------------------------------------------------------------------------------


def test_next_passes_the_turn_to_the_left_round_the_table() -> None:
    turns = [accepted(FFA, *["next"] * count)["turn"] for count in range(4)]
    assert turns == [
        {"number": 1, "active": "Ann"},
        {"number": 2, "active": "Bob"},
        {"number": 3, "active": "Cid"},
        {"number": 4, "active": "Ann"},
    ]


def test_twelve_players_take_twelve_turns_before_the_first_plays_again() -> None:
    state = accepted(f"game ffa players: {names(12)}", *["next"] * 12)
    assert state["turn"] == {"number": 13, "active": "P1"}


def test_the_turn_passes_over_players_who_are_out() -> None:
    state = accepted(FFA4, "Ann: eliminate Bob", "remove Cid", "next")
    assert state["turn"] == {"number": 2, "active": "Dan"}
    assert accepted(FFA4, "Ann: eliminate Bob", "remove Cid", "next", "next")["turn"] == {
        "number": 3,
        "active": "Ann",
    }


def test_a_player_who_leaves_during_their_turn_keeps_it_until_next() -> None:
    state = accepted(FFA4, "Ann: concede")
    assert state["turn"] == {"number": 1, "active": "Ann"}
    assert accepted(FFA4, "Ann: concede", "next")["turn"] == {"number": 2, "active": "Bob"}


def test_next_may_be_recorded_by_any_player_still_in_but_not_by_one_who_is_out() -> None:
    assert accepted(FFA, "Cid: next")["turn"] == {"number": 2, "active": "Bob"}
    refused(FFA, "Cid: concede", "Cid: next")


def test_under_sorcery_concede_a_player_concedes_only_during_their_own_turn() -> None:
    error = refused(SORCERY, "Bob: concede")
    assert "turn" in error.lower()
    state = accepted(SORCERY, "next", "Bob: concede")
    assert player(state, "Bob")["status"] == "conceded"


def test_under_sorcery_concede_the_host_still_removes_anyone_at_any_time() -> None:
    assert player(accepted(SORCERY, "remove Cid"), "Cid")["status"] == "removed"


# --- undo ------------------------------------------------------------------------------------

UNDONE = [
    "Ann: deal 3 to Bob",
    "Ann: Bob loses 3",
    "Bob gains 3",
    "Ann: lose 2",
    "Ann: gain 2",
    "Bob: pay 4",
    "Ann: poison 10 to Bob",
    "Ann: set Bob life to 4",
    "Ann: halve Bob",
    "Ann: attack Bob for 5 with commander Tymna",
    "Ann: attack Cid for 21 with commander",
    "Bob: lock",
    "Ann: deal 3 to each player",
    "Ann: each opponent loses 40",
    "Bob: win",
    "Bob: concede",
    "Ann: eliminate Bob",
    "remove Bob",
    "next",
]


@pytest.mark.parametrize("line", UNDONE)
def test_undo_takes_back_the_last_change_exactly(line: str) -> None:
    before = accepted(CMD, "Cid: attack Bob for 3 with commander", "next", "Cid: poison 2 to Ann")
    after = accepted(
        CMD, "Cid: attack Bob for 3 with commander", "next", "Cid: poison 2 to Ann", line, "undo"
    )
    assert after == before


def test_undo_of_an_unlock_locks_the_life_again() -> None:
    assert player(accepted(FFA, "Bob: lock", "Bob: unlock", "undo"), "Bob")["locked"] is True


def test_undo_with_nothing_to_undo_is_refused() -> None:
    refused(FFA, "undo")
    refused(FFA, "Ann: deal 3 to Bob", "undo", "undo")
