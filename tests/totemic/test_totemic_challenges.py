"""Totemic challenges, as TOTEMIC.md "A challenge" settles them: accept and reveal, threaten,
submit, who may answer and who may reveal.

TWO sets Ann 26 and Bob 30 up (Bob has dominance, Ann plays first); the totem is
5, 10, 15, 20, 25, 30. Every figure is worked out by hand from TOTEMIC.md.
"""

from __future__ import annotations

import pytest

from tests.totemic.script import TWO, accepted, holder, powers, refused, run, script
from totembot.games.totemic.language.phrases import parse_line
from totembot.games.totemic.rules.events import PowerChanged

ANN_FIRST_WITH_DOMINANCE = "game totemic players: Ann, Bob power: 30, 26"  # Bob plays first


def open_challenge(by: str = "Ann", awaiting: str | None = "Bob", accepted_: bool = False):
    return {"by": by, "awaiting": awaiting, "accepted": accepted_, "revealed": {}}


def power_changes(setup: str, *lines: str) -> list[PowerChanged]:
    """The PowerChanged events of the last line (every line accepted)."""
    game, rejected = run(script(setup, *lines[:-1]))
    assert rejected == []
    parsed = parse_line(lines[-1])
    assert parsed is not None
    outcome = game.record(parsed.request(host=True))
    return [event for event in outcome.events if isinstance(event, PowerChanged)]


# --- opening and accepting ----------------------------------------------------------------


def test_challenge_opens_a_challenge_awaiting_the_other_players_answer() -> None:
    # "`challenge` (the active player) opens a challenge; the other player answers"
    state = accepted(TWO, "Ann: challenge")
    assert state["challenge"] == open_challenge()
    assert state["level"] == 5


def test_accept_awaits_no_more_answers_and_waits_for_the_reveals() -> None:
    state = accepted(TWO, "Ann: challenge", "Bob: accept")
    assert state["challenge"] == open_challenge(awaiting=None, accepted_=True)


@pytest.mark.parametrize(
    ("reveals", "figures"),
    [
        # "the higher total wins ... The loser loses power equal to the totem's current level"
        (("Ann: reveal 12", "Bob: reveal 9"), {"Ann": 26, "Bob": 25}),
        (("Bob: reveal 9", "Ann: reveal 12"), {"Ann": 26, "Bob": 25}),  # "in any order"
        (("Ann: reveal 8", "Bob: reveal 11"), {"Ann": 21, "Bob": 30}),
        (("Bob: reveal 11", "Ann: reveal 8"), {"Ann": 21, "Bob": 30}),
        (("Ann: reveal 1000", "Bob: reveal 0"), {"Ann": 26, "Bob": 25}),
        (("Ann: reveal 0", "Bob: reveal 1"), {"Ann": 21, "Bob": 30}),
    ],
)
def test_when_both_reveals_are_in_the_lower_total_loses_the_level(
    reveals: tuple[str, ...], figures: dict[str, int]
) -> None:
    state = accepted(TWO, "Ann: challenge", "Bob: accept", *reveals)
    assert powers(state) == figures
    assert state["challenge"] is None
    assert holder(state) == "Bob"  # no tie: dominance stays
    assert state["level"] == 5


def test_one_reveal_is_shown_until_the_other_comes() -> None:
    state = accepted(TWO, "Ann: challenge", "Bob: accept", "Bob: reveal 9")
    assert state["challenge"] == {
        "by": "Ann",
        "awaiting": None,
        "accepted": True,
        "revealed": {"Bob": 9},
    }
    assert powers(state) == {"Ann": 26, "Bob": 30}


@pytest.mark.parametrize("total", [0, 10, 1000])
def test_a_tie_goes_to_dominance_which_passes_and_costs_the_holder_one(total: int) -> None:
    # "on a tie the player with dominance wins and loses dominance (and so 1 power). The
    # loser loses power equal to the totem's current level." Bob holds it: Bob 30 - 1 = 29,
    # Ann loses 5: 21, and Ann now has dominance.
    state = accepted(
        TWO, "Ann: challenge", "Bob: accept", f"Ann: reveal {total}", f"Bob: reveal {total}"
    )
    assert powers(state) == {"Ann": 21, "Bob": 29}
    assert holder(state) == "Ann"
    assert state["challenge"] is None


def test_a_tie_won_by_the_challenged_holder_is_told_as_challenge_and_dominance() -> None:
    events = power_changes(TWO, "Ann: challenge", "Bob: accept", "Ann: reveal 10", "Bob: reveal 10")
    assert sorted(events, key=lambda event: event.player) == [
        PowerChanged(player="Ann", before=26, after=21, cause="challenge"),
        PowerChanged(player="Bob", before=30, after=29, cause="dominance"),
    ]


def test_a_tie_won_by_the_challenger_holding_dominance() -> None:
    # Ann 30 holds dominance, Bob 26 plays first and challenges; a tie: Ann wins, loses
    # dominance and 1 (29), Bob loses the level (21).
    state = accepted(
        ANN_FIRST_WITH_DOMINANCE, "Bob: challenge", "Ann: accept", "Bob: reveal 7", "Ann: reveal 7"
    )
    assert powers(state) == {"Ann": 29, "Bob": 21}
    assert holder(state) == "Bob"


def test_a_won_challenge_is_one_power_change_caused_by_the_challenge() -> None:
    events = power_changes(TWO, "Ann: challenge", "Bob: accept", "Ann: reveal 3", "Bob: reveal 9")
    assert events == [PowerChanged(player="Ann", before=26, after=21, cause="challenge")]


def test_a_challenge_on_the_second_turn_is_the_second_players() -> None:
    state = accepted(
        TWO,
        "Ann: draw",
        "next",
        "Bob: challenge",
        "Ann: accept",
        "Ann: reveal 2",
        "Bob: reveal 6",
    )
    assert powers(state) == {"Ann": 21, "Bob": 30}
    assert state["turn"] == {"number": 2, "active": "Bob", "action": "challenge"}


# --- threaten -----------------------------------------------------------------------------


def test_threaten_raises_the_totem_and_passes_the_answer_back() -> None:
    # "`threaten`: the totem rises to its next level; ... otherwise the answer passes back to
    # the other player"
    state = accepted(TWO, "Ann: challenge", "Bob: threaten")
    assert state["level"] == 10
    assert state["challenge"] == open_challenge(awaiting="Ann")
    state = accepted(TWO, "Ann: challenge", "Bob: threaten", "Ann: threaten")
    assert state["level"] == 15
    assert state["challenge"] == open_challenge(awaiting="Bob")


def test_an_accepted_threat_is_played_at_the_raised_level() -> None:
    state = accepted(
        TWO, "Ann: challenge", "Bob: threaten", "Ann: accept", "Ann: reveal 3", "Bob: reveal 4"
    )
    assert powers(state) == {"Ann": 16, "Bob": 30}
    assert state["level"] == 10


def test_threats_climb_level_by_level_and_the_last_level_is_accepted() -> None:
    # "if that is the last level the challenge is accepted"
    lines = [TWO, "Ann: challenge"]
    for speaker, level, awaiting in [
        ("Bob", 10, "Ann"),
        ("Ann", 15, "Bob"),
        ("Bob", 20, "Ann"),
        ("Ann", 25, "Bob"),
    ]:
        lines.append(f"{speaker}: threaten")
        state = accepted(*lines)
        assert state["level"] == level
        assert state["challenge"] == open_challenge(awaiting=awaiting)
    state = accepted(*lines, "Bob: threaten")
    assert state["level"] == 30
    assert state["challenge"] == open_challenge(awaiting=None, accepted_=True)
    # Ann 20 against Bob 1: Bob loses 30 and the game ends at next.
    state = accepted(*lines, "Bob: threaten", "Ann: reveal 20", "Bob: reveal 1", "next")
    assert powers(state) == {"Ann": 26, "Bob": 0}
    assert state["winners"] == ["Ann"]
    assert state["level"] == 30


@pytest.mark.parametrize("answer", ["accept", "threaten", "submit"])
def test_after_the_last_level_no_answer_is_awaited(answer: str) -> None:
    lines = ("Ann: challenge", "Bob: threaten", "Ann: threaten", "Bob: threaten", "Ann: threaten")
    refused(TWO, *lines, "Bob: threaten", f"Ann: {answer}")
    refused(TWO, *lines, "Bob: threaten", f"Bob: {answer}")


@pytest.mark.parametrize(
    ("levels", "threats", "level", "figures"),
    [
        # 2, 4, 8: Bob raises to 4 (Ann answers), Ann raises to 8, the last: accepted;
        # Ann reveals 1 to Bob's 2 and loses 8.
        ("2, 4, 8", ("Bob: threaten", "Ann: threaten"), 8, {"Ann": 18, "Bob": 30}),
        # 3, 7: one threat reaches the last level at once; Ann loses 7.
        ("3, 7", ("Bob: threaten",), 7, {"Ann": 19, "Bob": 30}),
        ("1, 1000", ("Bob: threaten",), 1000, {"Ann": -974, "Bob": 30}),
    ],
)
def test_a_tables_own_totem_is_climbed_the_same_way(
    levels: str, threats: tuple[str, ...], level: int, figures: dict[str, int]
) -> None:
    setup = f"{TWO} levels: {levels}"
    state = accepted(setup, "Ann: challenge", *threats)
    assert state["level"] == level
    assert state["challenge"] == open_challenge(awaiting=None, accepted_=True)
    state = accepted(setup, "Ann: challenge", *threats, "Ann: reveal 1", "Bob: reveal 2")
    assert powers(state) == figures


def test_a_first_threat_on_a_longer_totem_is_not_yet_accepted() -> None:
    state = accepted(f"{TWO} levels: 2, 4, 8", "Ann: challenge", "Bob: threaten")
    assert state["level"] == 4
    assert state["challenge"] == open_challenge(awaiting="Ann")


# --- submit -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("threats", "submitter", "level", "figures"),
    [
        # "the player who submits loses 5 power, whatever the level"
        ((), "Bob", 5, {"Ann": 26, "Bob": 25}),
        (("Bob: threaten",), "Ann", 10, {"Ann": 21, "Bob": 30}),
        (("Bob: threaten", "Ann: threaten"), "Bob", 15, {"Ann": 26, "Bob": 25}),
        (("Bob: threaten", "Ann: threaten", "Bob: threaten"), "Ann", 20, {"Ann": 21, "Bob": 30}),
        (
            ("Bob: threaten", "Ann: threaten", "Bob: threaten", "Ann: threaten"),
            "Bob",
            25,
            {"Ann": 26, "Bob": 25},
        ),
    ],
)
def test_submit_ends_the_challenge_for_five_power_whatever_the_level(
    threats: tuple[str, ...], submitter: str, level: int, figures: dict[str, int]
) -> None:
    state = accepted(TWO, "Ann: challenge", *threats, f"{submitter}: submit")
    assert powers(state) == figures
    assert state["challenge"] is None
    assert state["level"] == level  # the level resets only at next
    assert holder(state) == "Bob"


def test_a_submit_is_caused_by_submit_and_nobody_wins_the_challenge() -> None:
    # "Nobody won or lost it": the one change is the submitter's 5, caused by submit.
    events = power_changes(TWO, "Ann: challenge", "Bob: threaten", "Ann: threaten", "Bob: submit")
    assert events == [PowerChanged(player="Bob", before=30, after=25, cause="submit")]


# --- who may answer, who may reveal -------------------------------------------------------


@pytest.mark.parametrize("answer", ["accept", "threaten", "submit"])
def test_only_the_player_whose_answer_is_awaited_may_answer(answer: str) -> None:
    # "Only the player whose answer is awaited may answer"
    refused(TWO, "Ann: challenge", f"Ann: {answer}")
    refused(TWO, "Ann: challenge", "Bob: threaten", f"Bob: {answer}")
    refused(TWO, "Ann: challenge", "Bob: threaten", "Ann: threaten", f"Ann: {answer}")


@pytest.mark.parametrize("answer", ["accept", "threaten", "submit"])
def test_an_answer_without_an_open_challenge_is_refused(answer: str) -> None:
    refused(TWO, f"Bob: {answer}")
    refused(TWO, "Ann: draw", f"Bob: {answer}")
    refused(TWO, "Ann: challenge", "Bob: submit", f"Bob: {answer}")
    refused(
        TWO, "Ann: challenge", "Bob: accept", "Ann: reveal 1", "Bob: reveal 2", f"Bob: {answer}"
    )


@pytest.mark.parametrize("answer", ["accept", "threaten", "submit"])
def test_no_answer_once_the_challenge_is_accepted(answer: str) -> None:
    refused(TWO, "Ann: challenge", "Bob: accept", f"Bob: {answer}")
    refused(TWO, "Ann: challenge", "Bob: accept", f"Ann: {answer}")


@pytest.mark.parametrize("speaker", ["Ann", "Bob"])
def test_a_reveal_comes_only_after_the_challenge_is_accepted(speaker: str) -> None:
    # "`reveal` by the two players, each once, only after the challenge is accepted"
    refused(TWO, f"{speaker}: reveal 5")
    refused(TWO, "Ann: challenge", f"{speaker}: reveal 5")
    refused(TWO, "Ann: challenge", "Bob: threaten", f"{speaker}: reveal 5")


@pytest.mark.parametrize("speaker", ["Ann", "Bob"])
def test_each_player_reveals_once(speaker: str) -> None:
    refused(TWO, "Ann: challenge", "Bob: accept", f"{speaker}: reveal 5", f"{speaker}: reveal 6")
    refused(TWO, "Ann: challenge", "Bob: accept", f"{speaker}: reveal 5", f"{speaker}: reveal 5")


def test_no_reveal_after_the_challenge_is_resolved() -> None:
    refused(TWO, "Ann: challenge", "Bob: accept", "Ann: reveal 1", "Bob: reveal 2", "Ann: reveal 3")


@pytest.mark.parametrize("line", ["reveal 5", "Zed: reveal 5"])
def test_only_the_two_players_may_reveal(line: str) -> None:
    # "only the two players may reveal"; the host's line has no speaker
    refused(TWO, "Ann: challenge", "Bob: accept", line)


@pytest.mark.parametrize("strength", ["1001", "-1", "x", "1.5"])
def test_a_reveal_is_a_total_from_0_to_1000(strength: str) -> None:
    # "`reveal N`, the total strength of their two cards (0 to 1,000)"
    refused(TWO, "Ann: challenge", "Bob: accept", f"Ann: reveal {strength}")


@pytest.mark.parametrize("line", ["challenge", "accept", "threaten", "submit"])
def test_the_host_neither_challenges_nor_answers(line: str) -> None:
    # "actions, answers, reveals and `dominance` need the player who does them"
    if line == "challenge":
        refused(TWO, line)
    else:
        refused(TWO, "Ann: challenge", line)


def test_effects_may_be_said_while_a_challenge_is_open() -> None:
    # Effects "may be said by either player at any time in an active game"
    state = accepted(TWO, "Ann: challenge", "Bob: gain 3", "Ann loses 2", "Bob: accept")
    assert powers(state) == {"Ann": 24, "Bob": 33}
    state = accepted(
        TWO, "Ann: challenge", "Bob: accept", "Ann: reveal 4", "reshuffle", "Bob: reveal 5"
    )
    assert powers(state) == {"Ann": 20, "Bob": 29}
