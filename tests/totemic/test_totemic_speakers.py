"""Who says what in Totemic, as TOTEMIC.md "Who says what, and the details" and RULES.md settle
it: the host's lines, the lines that need a player, unknown names, unreadable lines, and a
finished game refusing everything but undo.

TWO sets Ann 26 and Bob 30 up (Bob has dominance, Ann plays first). Figures by hand.
"""

from __future__ import annotations

import pytest

from tests.totemic.script import SOLO, TWO, accepted, play, powers, refused, script

ANN_WON = ("Ann: draw", "Bob loses 30", "next")  # a one-game match, over


# --- the host -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lines", "figures", "turn"),
    [
        # "it may record `next`, `undo`, `P gains N`, `P loses N` and `reshuffle`"
        (("Ann: draw", "next"), {"Ann": 26, "Bob": 30}, (2, "Bob", None)),
        (("Ann: draw", "undo"), {"Ann": 26, "Bob": 30}, (1, "Ann", None)),
        (("Ann gains 3",), {"Ann": 29, "Bob": 30}, (1, "Ann", None)),
        (("Bob loses 3",), {"Ann": 26, "Bob": 27}, (1, "Ann", None)),
        (("reshuffle",), {"Ann": 25, "Bob": 29}, (1, "Ann", None)),
    ],
)
def test_the_host_may_record_next_undo_gains_loses_and_reshuffle(
    lines: tuple[str, ...], figures: dict[str, int], turn: tuple[int, str, str | None]
) -> None:
    state = accepted(TWO, *lines)
    assert powers(state) == figures
    number, active, action = turn
    assert state["turn"] == {"number": number, "active": active, "action": action}


@pytest.mark.parametrize(
    ("before", "line"),
    [
        # "actions, answers, reveals and `dominance` need the player who does them"
        ((), "draw"),
        ((), "invoke"),
        ((), "challenge"),
        (("Ann: challenge",), "accept"),
        (("Ann: challenge",), "threaten"),
        (("Ann: challenge",), "submit"),
        (("Ann: challenge", "Bob: accept"), "reveal 4"),
        ((), "dominance"),
        # the bare forms change "the speaker's power": the host has none
        ((), "gain 3"),
        ((), "lose 3"),
    ],
)
def test_the_host_cannot_do_what_needs_a_player(before: tuple[str, ...], line: str) -> None:
    refused(TWO, *before, line)


def test_the_host_may_record_for_the_rival_too() -> None:
    state = accepted(SOLO, "Badger loses 3", "Ann gains 1", "reshuffle", "Ann: draw", "next")
    assert powers(state) == {"Ann": 26, "Badger": 24}
    assert state["turn"] == {"number": 2, "active": "Badger", "action": None}


# --- names --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Zed: draw",
        "Zed: next",
        "Zed: gain 1",
        "Zed: reshuffle",
        "Zed: dominance",
        "Zed: undo",
        "Zed loses 3",
        "Ann: Zed gains 3",
    ],
)
def test_unknown_names_are_refused(line: str) -> None:
    refused(TWO, "Ann: draw", line)


@pytest.mark.parametrize(
    ("line", "figures"),
    [
        ("ann: gain 2", {"Ann": 28, "Bob": 30}),
        ("ANN: Bob loses 2", {"Ann": 26, "Bob": 28}),
        ("Ann: bob loses 2", {"Ann": 26, "Bob": 28}),
        ("bOB gains 2", {"Ann": 26, "Bob": 32}),
    ],
)
def test_names_match_whatever_their_case(line: str, figures: dict[str, int]) -> None:
    # RULES.md: "Names match case-insensitively."
    state = accepted(TWO, line)
    assert powers(state) == figures
    assert [entry["name"] for entry in state["players"]] == ["Ann", "Bob"]


def test_the_active_player_is_matched_whatever_the_case() -> None:
    state = accepted(TWO, "ann: draw", "ANN: next")
    assert state["turn"] == {"number": 2, "active": "Bob", "action": None}


@pytest.mark.parametrize(
    ("line", "figures"),
    [
        ("Ann: GAIN 2", {"Ann": 28, "Bob": 30}),
        ("Bob LOSES 2", {"Ann": 26, "Bob": 28}),
        ("RESHUFFLE", {"Ann": 25, "Bob": 29}),
    ],
)
def test_keywords_match_whatever_their_case(line: str, figures: dict[str, int]) -> None:
    # RULES.md: "Keywords are case-insensitive."
    assert powers(accepted(TWO, line)) == figures


def test_actions_match_whatever_their_case() -> None:
    assert accepted(TWO, "Ann: Draw")["turn"]["action"] == "draw"


# --- unreadable lines ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Ann: dance",
        "Ann: draw 2",
        "Ann: draw now",
        "Ann: next Bob",
        "Ann: challenge Bob",
        "Ann: gain",
        "Ann: Bob loses",
        "Ann: Bob loses three",
        "Ann: reveal",
        "Ann: undo 2",
        "Ann:",
        "Ann: : draw",
    ],
)
def test_a_line_that_cannot_be_read_is_refused_with_one_sentence(line: str) -> None:
    # RULES.md: "Anything that breaks a rule or cannot be read is refused with one clear
    # sentence saying why, and changes nothing."
    refused(TWO, line)


def test_refused_lines_are_listed_with_their_numbers_counting_comments_and_blanks() -> None:
    # RULES.md: "its line number in the input (the first line is 1, comments and blank lines
    # counted)"
    state = play(script(TWO, "# a comment", "", "Bob: draw", "Ann: draw", "Ann: draw"))
    assert [entry["line"] for entry in state["rejected"]] == [4, 6]
    assert all(isinstance(entry["error"], str) for entry in state["rejected"])
    assert state["turn"]["action"] == "draw"


# --- a finished game ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Ann: draw",
        "Bob: draw",
        "Bob: challenge",
        "Ann: next",
        "next",
        "Ann: gain 1",
        "Bob: lose 1",
        "Ann gains 1",
        "Bob: Ann loses 1",
        "Ann: dominance",
        "Bob: dominance",
        "reshuffle",
        "Ann: reshuffle",
    ],
)
def test_a_finished_game_refuses_everything_but_undo(line: str) -> None:
    # RULES.md: "Nothing more can be recorded in a finished game, except `undo`."
    refused(TWO, *ANN_WON, line)


@pytest.mark.parametrize("speaker", ["", "Ann: ", "Bob: "])
def test_undo_is_still_accepted_in_a_finished_game(speaker: str) -> None:
    # RULES.md: once the game is over, those who lost may undo too (to correct what ended it)
    state = accepted(TWO, *ANN_WON, f"{speaker}undo")
    assert state == accepted(TWO, *ANN_WON[:-1])
