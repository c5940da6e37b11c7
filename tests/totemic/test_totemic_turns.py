"""A Totemic turn, as TOTEMIC.md "A turn" and "Who says what" settle it: one action, `next`,
the level reset, the end of the game at `next`, and undo.

TWO sets Ann 26 and Bob 30 up: Bob has dominance (more power), so Ann takes turn 1. Every
figure below is worked out by hand from TOTEMIC.md; each row cites the sentence it checks.
"""

from __future__ import annotations

import pytest

from tests.totemic.script import TWO, accepted, holder, powers, refused, statuses

TIE = "game totemic players: Ann, Bob power: 20, 20"  # Bob has dominance, Ann plays first


# --- one action per turn ------------------------------------------------------------------


@pytest.mark.parametrize("action", ["draw", "invoke", "challenge"])
def test_the_active_player_takes_one_action(action: str) -> None:
    # "The active player takes one action: `draw`, `invoke` or `challenge`."
    state = accepted(TWO, f"Ann: {action}")
    assert state["turn"] == {"number": 1, "active": "Ann", "action": action}


@pytest.mark.parametrize("action", ["draw", "invoke", "challenge"])
def test_the_other_player_takes_no_action(action: str) -> None:
    # "Actions (`draw`, `invoke`, `challenge`) are said by the active player"
    refused(TWO, f"Bob: {action}")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("draw", "draw"),
        ("draw", "invoke"),
        ("draw", "challenge"),
        ("invoke", "draw"),
        ("invoke", "invoke"),
    ],
)
def test_a_second_action_in_the_same_turn_is_refused(first: str, second: str) -> None:
    # "A second action in the same turn is refused, except `challenge` right after `invoke`"
    refused(TWO, f"Ann: {first}", f"Ann: {second}")


@pytest.mark.parametrize("second", ["draw", "invoke", "challenge"])
def test_no_action_follows_a_challenge_even_once_it_is_over(second: str) -> None:
    refused(TWO, "Ann: challenge", "Bob: submit", f"Ann: {second}")


def test_a_challenge_right_after_invoke_is_allowed() -> None:
    # "except `challenge` right after `invoke` (a card that starts one)"
    state = accepted(TWO, "Ann: invoke", "Ann: challenge")
    assert state["challenge"] == {
        "by": "Ann",
        "awaiting": "Bob",
        "accepted": False,
        "revealed": {},
    }


@pytest.mark.parametrize("third", ["challenge", "invoke", "draw"])
def test_after_invoke_and_its_challenge_the_turn_has_no_more_actions(third: str) -> None:
    refused(TWO, "Ann: invoke", "Ann: challenge", "Bob: submit", f"Ann: {third}")


def test_an_effect_is_not_an_action() -> None:
    # Effects "may be said by either player at any time": they leave the action to take.
    state = accepted(TWO, "Ann: gain 2", "Bob: lose 1", "Ann: draw")
    assert state["turn"]["action"] == "draw"
    assert powers(state) == {"Ann": 28, "Bob": 29}


# --- next ---------------------------------------------------------------------------------


@pytest.mark.parametrize("speaker", ["Ann: ", ""])
def test_next_passes_the_turn_to_the_other_player(speaker: str) -> None:
    # "`next` (said by the active player or the host)"; "the other player takes a turn"
    state = accepted(TWO, "Ann: draw", f"{speaker}next")
    assert state["turn"] == {"number": 2, "active": "Bob", "action": None}
    assert state["level"] == 5


def test_the_other_player_cannot_say_next() -> None:
    refused(TWO, "Ann: draw", "Bob: next")


@pytest.mark.parametrize("speaker", ["Ann: ", ""])
def test_next_is_refused_in_a_turn_where_no_action_was_taken(speaker: str) -> None:
    # "`next` ... is refused ... in a turn where no action was taken"
    refused(TWO, f"{speaker}next")


def test_an_effect_alone_does_not_let_the_turn_end() -> None:
    refused(TWO, "Ann: gain 2", "Bob loses 3", "reshuffle", "next")


def test_the_next_player_must_act_before_their_turn_ends() -> None:
    refused(TWO, "Ann: draw", "next", "next")


def test_the_turns_alternate_and_count_from_one() -> None:
    # "`turn.number` ... count from 1"
    state = accepted(TWO, "Ann: draw", "next", "Bob: invoke", "Bob: next", "Ann: challenge")
    assert state["turn"] == {"number": 3, "active": "Ann", "action": "challenge"}
    state = accepted(TWO, "Ann: draw", "next", "Bob: invoke", "next", "Ann: draw", "next")
    assert state["turn"] == {"number": 4, "active": "Bob", "action": None}


@pytest.mark.parametrize(
    "lines",
    [
        ("Ann: challenge",),
        ("Ann: challenge", "Bob: threaten"),
        ("Ann: challenge", "Bob: accept"),
        ("Ann: challenge", "Bob: accept", "Ann: reveal 4"),
        ("Ann: challenge", "Bob: accept", "Bob: reveal 4"),
        ("Ann: invoke", "Ann: challenge"),
    ],
)
@pytest.mark.parametrize("speaker", ["Ann: ", ""])
def test_a_turn_cannot_end_while_a_challenge_is_open(lines: tuple[str, ...], speaker: str) -> None:
    # "refused while a challenge is open (from `challenge` until both reveals are in or a
    # player submits)"
    refused(TWO, *lines, f"{speaker}next")


@pytest.mark.parametrize(
    "lines",
    [
        ("Ann: challenge", "Bob: accept", "Ann: reveal 4", "Bob: reveal 5"),
        ("Ann: challenge", "Bob: submit"),
        ("Ann: challenge", "Bob: threaten", "Ann: submit"),
    ],
)
def test_the_turn_ends_once_the_challenge_is_over(lines: tuple[str, ...]) -> None:
    state = accepted(TWO, *lines, "next")
    assert state["turn"] == {"number": 2, "active": "Bob", "action": None}
    assert state["challenge"] is None


def test_next_resets_the_level_to_the_first_level() -> None:
    # "Otherwise the level resets to the first level": Bob threatens (10), Ann threatens (15),
    # Bob submits (30 - 5 = 25); the level stays 15 until `next`.
    lines = (TWO, "Ann: challenge", "Bob: threaten", "Ann: threaten", "Bob: submit")
    state = accepted(*lines)
    assert state["level"] == 15
    assert powers(state) == {"Ann": 26, "Bob": 25}
    state = accepted(*lines, "next")
    assert state["level"] == 5
    assert state["turn"] == {"number": 2, "active": "Bob", "action": None}


def test_next_resets_to_the_first_of_the_tables_own_levels() -> None:
    setup = "game totemic players: Ann, Bob power: 26, 30 levels: 3, 7, 11"
    state = accepted(setup, "Ann: challenge", "Bob: threaten", "Ann: submit")
    assert state["level"] == 7
    assert accepted(setup, "Ann: challenge", "Bob: threaten", "Ann: submit", "next")["level"] == 3


# --- the end of the game at next ----------------------------------------------------------


def test_power_at_zero_or_below_does_nothing_until_next() -> None:
    # "`next` ends the turn: if either player has 0 or less power, the game ends"
    state = accepted(TWO, "Bob loses 30", "Ann loses 40")
    assert powers(state) == {"Ann": -14, "Bob": 0}
    assert state["status"] == "active"
    assert statuses(state) == {"Ann": "in", "Bob": "in"}


def test_power_back_above_zero_before_next_lets_the_game_go_on() -> None:
    state = accepted(TWO, "Ann: draw", "Ann loses 30", "Ann gains 10", "next")
    assert powers(state)["Ann"] == 6
    assert state["status"] == "active"
    assert state["turn"] == {"number": 2, "active": "Bob", "action": None}


@pytest.mark.parametrize(
    ("setup", "lines", "winner", "loser", "figures"),
    [
        # a player at exactly 0 power ends the game; most power wins
        (TWO, ("Bob loses 30",), "Ann", "Bob", {"Ann": 26, "Bob": 0}),
        (TWO, ("Ann loses 27",), "Bob", "Ann", {"Ann": -1, "Bob": 30}),
        # both at 0 or less: the most power still wins (-4 > -10)
        (TWO, ("Ann loses 30", "Bob loses 40"), "Ann", "Bob", {"Ann": -4, "Bob": -10}),
        # a tie goes to dominance: Bob holds it from the start (20, 20)
        (TIE, ("Ann loses 20", "Bob loses 20"), "Bob", "Ann", {"Ann": 0, "Bob": 0}),
        # Ann takes dominance (Bob 20 - 1 = 19), then both fall to 0: Ann wins the tie
        (
            TIE,
            ("Ann: dominance", "Ann loses 20", "Bob loses 19"),
            "Ann",
            "Bob",
            {"Ann": 0, "Bob": 0},
        ),
        (
            TIE,
            ("Ann: dominance", "Ann loses 25", "Bob loses 24"),
            "Ann",
            "Bob",
            {"Ann": -5, "Bob": -5},
        ),
    ],
)
def test_the_game_ends_at_next_with_most_power_winning_and_a_tie_to_dominance(
    setup: str, lines: tuple[str, ...], winner: str, loser: str, figures: dict[str, int]
) -> None:
    # "the game ends (most power wins; a tie goes to dominance)"
    state = accepted(setup, "Ann: draw", *lines, "next")
    assert state["status"] == "finished"
    assert state["winners"] == [winner]
    assert statuses(state) == {winner: "won", loser: "lost"}
    assert powers(state) == figures


def test_a_game_that_ends_keeps_its_level_and_turn_as_at_that_next() -> None:
    # "When a game ends, `level` and `turn` stay as they were at the `next` that ended it"
    # Bob threatens (10), Ann accepts; Ann reveals 1 to Bob's 2 and loses 10: 16; then 16 more.
    state = accepted(
        TWO,
        "Ann: challenge",
        "Bob: threaten",
        "Ann: accept",
        "Ann: reveal 1",
        "Bob: reveal 2",
        "Ann loses 16",
        "next",
    )
    assert powers(state) == {"Ann": 0, "Bob": 30}
    assert state["level"] == 10
    assert state["turn"] == {"number": 1, "active": "Ann", "action": "challenge"}
    assert state["challenge"] is None
    assert state["winners"] == ["Bob"]
    assert state["match"] == {"games": 1, "game": 1, "wins": {"Ann": 0, "Bob": 1}}


def test_a_game_ended_on_a_later_turn_keeps_that_turns_number_and_player() -> None:
    state = accepted(TWO, "Ann: draw", "next", "Bob: invoke", "Ann loses 26", "Bob: next")
    assert state["turn"] == {"number": 2, "active": "Bob", "action": "invoke"}
    assert state["level"] == 5
    assert state["winners"] == ["Bob"]


# --- undo ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lines",
    [
        ("Ann: draw",),
        ("Ann: draw", "next"),
        ("Ann: draw", "next", "Bob: challenge"),
        ("Ann: challenge", "Bob: threaten"),
        ("Ann: challenge", "Bob: threaten", "Ann: threaten"),
        ("Ann: challenge", "Bob: accept"),
        ("Ann: challenge", "Bob: accept", "Bob: reveal 7"),
        ("Ann: challenge", "Bob: accept", "Bob: reveal 7", "Ann: reveal 7"),
        ("Ann: challenge", "Bob: submit"),
        ("Ann: dominance",),
        ("Bob: gain 4",),
        ("reshuffle",),
        ("Ann: draw", "Bob loses 30", "next"),
    ],
)
def test_undo_restores_the_state_before_the_last_change_exactly(lines: tuple[str, ...]) -> None:
    # RULES.md: "`undo` takes back the last recorded change ..., with everything it caused"
    assert accepted(TWO, *lines, "undo") == accepted(TWO, *lines[:-1])


def test_undo_steps_back_one_change_at_a_time() -> None:
    lines = ("Ann: challenge", "Bob: accept", "Ann: reveal 3", "Bob: reveal 9")
    assert accepted(TWO, *lines, "undo", "undo", "undo") == accepted(TWO, "Ann: challenge")


def test_undo_skips_a_line_that_changed_nothing() -> None:
    # "`dominance` said by the player who holds it is accepted and changes nothing"
    assert accepted(TWO, "Ann: gain 2", "Bob: dominance", "undo") == accepted(TWO)


@pytest.mark.parametrize("speaker", ["", "Ann: ", "Bob: "])
def test_undo_with_nothing_to_undo_is_refused(speaker: str) -> None:
    refused(TWO, f"{speaker}undo")


def test_an_undo_cannot_itself_be_undone() -> None:
    refused(TWO, "Ann: draw", "undo", "undo")


def test_either_player_may_undo() -> None:
    assert accepted(TWO, "Ann: draw", "Bob: undo") == accepted(TWO)
    assert accepted(TWO, "Ann: draw", "Ann: undo") == accepted(TWO)


def test_undo_after_the_end_reopens_the_game_as_before_that_next() -> None:
    before = accepted(TWO, "Ann: draw", "Bob loses 30")
    state = accepted(TWO, "Ann: draw", "Bob loses 30", "next", "undo")
    assert state == before
    assert state["status"] == "active" and holder(state) == "Bob"
