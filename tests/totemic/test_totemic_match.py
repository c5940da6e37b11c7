"""A Totemic match, as TOTEMIC.md settles it: `match: 3` plays a best of three; a match's next
game starts at once with the starting powers, dominance and first player, turn 1, the first
level; it is finished when a player has won more than half its games; undo across games.

M3 sets Ann 26 and Bob 30 up for a best of three: in every game Bob starts with dominance and
Ann plays first. Figures by hand from TOTEMIC.md.
"""

from __future__ import annotations

import pytest

from tests.totemic.script import TWO, accepted, holder, powers, refused, statuses

M3 = f"{TWO} match: 3"
M5 = f"{TWO} match: 5"
# One game each: the first player draws, then a loss of the stated power ends it at next.
ANN_WINS = ("Ann: draw", "Bob loses 30", "next")  # Bob 0
BOB_WINS = ("Ann: draw", "Ann loses 26", "next")  # Ann 0


def fresh_game(state: dict, game: int, wins: dict[str, int], games: int = 3) -> None:
    """The state is a match's new game, set up as the first one was."""
    assert state["status"] == "active" and state["winners"] == []
    assert powers(state) == {"Ann": 26, "Bob": 30}
    assert holder(state) == "Bob"
    assert statuses(state) == {"Ann": "in", "Bob": "in"}
    assert state["turn"] == {"number": 1, "active": "Ann", "action": None}
    assert state["level"] == 5
    assert state["challenge"] is None
    assert state["match"] == {"games": games, "game": game, "wins": wins}


def test_a_match_opens_at_game_one_with_no_wins() -> None:
    # "`match.game` ... count from 1"; "`wins` holding both names (0 at the start)"
    fresh_game(accepted(M3), 1, {"Ann": 0, "Bob": 0})


def test_one_game_is_a_match_of_one() -> None:
    # "`match` is present in every `totemic` game (`match: 1` when not given)"
    state = accepted(TWO, *ANN_WINS)
    assert state["match"] == {"games": 1, "game": 1, "wins": {"Ann": 1, "Bob": 0}}
    assert state["status"] == "finished" and state["winners"] == ["Ann"]


def test_the_next_game_starts_at_once_set_up_as_the_first() -> None:
    # "When a game ends and the match is still open, the next game starts at once with the
    # starting powers, dominance and first player set up as for the first game."
    fresh_game(accepted(M3, *ANN_WINS), 2, {"Ann": 1, "Bob": 0})
    fresh_game(accepted(M3, *BOB_WINS), 2, {"Ann": 0, "Bob": 1})


def test_the_next_game_starts_fresh_after_a_long_game() -> None:
    # Dominance moved, the level rose and the turns went on in game 1: game 2 starts over.
    state = accepted(
        M3,
        "Ann: dominance",  # Bob 29
        "Ann: challenge",
        "Bob: threaten",  # level 10
        "Ann: threaten",  # level 15
        "Bob: accept",
        "Ann: reveal 9",
        "Bob: reveal 3",  # Bob loses 15: 14
        "next",
        "Bob: draw",
        "Bob loses 14",  # Bob 0
        "Bob: next",
    )
    fresh_game(state, 2, {"Ann": 1, "Bob": 0})


def test_a_match_is_won_with_more_than_half_its_games() -> None:
    # "`status` is `finished` when the game is over (a match: when a player has won more than
    # half its games)"; "`winners` names the winner"
    state = accepted(M3, *ANN_WINS, *BOB_WINS)
    fresh_game(state, 3, {"Ann": 1, "Bob": 1})
    state = accepted(M3, *ANN_WINS, *BOB_WINS, "Ann: draw", "Bob loses 40", "next")
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    assert statuses(state) == {"Ann": "won", "Bob": "lost"}
    assert state["match"] == {"games": 3, "game": 3, "wins": {"Ann": 2, "Bob": 1}}
    # the last game stays as it ended: its powers, level and turn
    assert powers(state) == {"Ann": 26, "Bob": -10}
    assert state["turn"] == {"number": 1, "active": "Ann", "action": "draw"}
    assert state["level"] == 5


def test_two_straight_wins_end_a_best_of_three() -> None:
    state = accepted(M3, *BOB_WINS, *BOB_WINS)
    assert state["status"] == "finished"
    assert state["winners"] == ["Bob"]
    assert statuses(state) == {"Ann": "lost", "Bob": "won"}
    assert state["match"] == {"games": 3, "game": 2, "wins": {"Ann": 0, "Bob": 2}}


def test_a_best_of_five_needs_three_wins() -> None:
    state = accepted(M5, *ANN_WINS, *ANN_WINS)
    fresh_game(state, 3, {"Ann": 2, "Bob": 0}, games=5)
    state = accepted(M5, *ANN_WINS, *BOB_WINS, *BOB_WINS, *ANN_WINS)
    fresh_game(state, 5, {"Ann": 2, "Bob": 2}, games=5)
    state = accepted(M5, *ANN_WINS, *BOB_WINS, *BOB_WINS, *ANN_WINS, *BOB_WINS)
    assert state["status"] == "finished" and state["winners"] == ["Bob"]
    assert state["match"] == {"games": 5, "game": 5, "wins": {"Ann": 2, "Bob": 3}}


def test_a_tied_game_in_a_match_goes_to_dominance() -> None:
    # both at 0: Bob, holding dominance, wins game 1
    state = accepted(M3, "Ann: draw", "Ann loses 26", "Bob loses 30", "next")
    fresh_game(state, 2, {"Ann": 0, "Bob": 1})


def test_a_game_of_a_match_ending_on_a_later_turn() -> None:
    state = accepted(M3, "Ann: draw", "next", "Bob: invoke", "Ann loses 30", "next")
    fresh_game(state, 2, {"Ann": 0, "Bob": 1})


@pytest.mark.parametrize(
    "line",
    [
        "Ann: draw",
        "Bob: draw",
        "Ann: challenge",
        "next",
        "Ann: next",
        "Ann: gain 3",
        "Bob loses 2",
        "Ann: dominance",
        "Bob: dominance",
        "reshuffle",
    ],
)
def test_a_finished_match_refuses_everything_but_undo(line: str) -> None:
    # RULES.md: "Nothing more can be recorded in a finished game, except `undo`."
    refused(M3, *BOB_WINS, *BOB_WINS, line)


def test_undo_after_a_game_ended_restores_it_as_before_that_next() -> None:
    # "`undo` after a game that ended and started the next one restores the ended game as it
    # was before that `next`."
    before = accepted(M3, "Ann: draw", "Bob loses 30")
    state = accepted(M3, *ANN_WINS, "undo")
    assert state == before
    assert state["match"] == {"games": 3, "game": 1, "wins": {"Ann": 0, "Bob": 0}}
    assert powers(state) == {"Ann": 26, "Bob": 0}
    assert state["turn"] == {"number": 1, "active": "Ann", "action": "draw"}


def test_undo_in_a_later_game_steps_back_into_it_and_then_into_the_game_before() -> None:
    lines = (*ANN_WINS, "Ann: draw", "Bob: gain 5")
    assert accepted(M3, *lines, "undo") == accepted(M3, *ANN_WINS, "Ann: draw")
    assert accepted(M3, *lines, "undo", "undo", "undo") == accepted(M3, "Ann: draw", "Bob loses 30")


def test_undo_after_the_match_is_won_reopens_the_last_game() -> None:
    before = accepted(M3, *BOB_WINS, "Ann: draw", "Ann loses 26")
    assert accepted(M3, *BOB_WINS, *BOB_WINS, "undo") == before


def test_the_game_after_an_undone_end_can_be_played_again() -> None:
    state = accepted(M3, *ANN_WINS, "undo", "Bob gains 1", "next")
    assert powers(state) == {"Ann": 26, "Bob": 1}
    assert state["match"] == {"games": 3, "game": 1, "wins": {"Ann": 0, "Bob": 0}}
    assert state["turn"] == {"number": 2, "active": "Bob", "action": None}
