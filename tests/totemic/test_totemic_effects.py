"""Effects of cards and advantages, as TOTEMIC.md "A turn" and "Who says what" settle them:
`gain N`, `lose N`, `P gains N`, `P loses N`, `dominance`, `reshuffle`, and the amounts' bounds.

TWO sets Ann 26 and Bob 30 up (Bob has dominance, Ann plays first). Figures by hand.
"""

from __future__ import annotations

import pytest

from tests.totemic.script import TWO, accepted, holder, powers, refused, run, script
from totembot.games.totemic.language.phrases import parse_line
from totembot.games.totemic.rules.events import PowerChanged


def power_changes(*lines: str) -> list[PowerChanged]:
    """The PowerChanged events of the last line of a TWO game (every line accepted)."""
    game, rejected = run(script(TWO, *lines[:-1]))
    assert rejected == []
    parsed = parse_line(lines[-1])
    assert parsed is not None
    events = game.record(parsed.request(host=True)).events
    return [event for event in events if isinstance(event, PowerChanged)]


@pytest.mark.parametrize(
    ("line", "figures"),
    [
        # "`gain N`, `lose N` (the speaker's power)"
        ("Ann: gain 4", {"Ann": 30, "Bob": 30}),
        ("Ann: lose 4", {"Ann": 22, "Bob": 30}),
        ("Bob: gain 1", {"Ann": 26, "Bob": 31}),
        ("Bob: lose 31", {"Ann": 26, "Bob": -1}),
        # "`P loses N`, `P gains N`", said by either player (the active one or not) ...
        ("Ann: Bob loses 3", {"Ann": 26, "Bob": 27}),
        ("Bob: Ann gains 7", {"Ann": 33, "Bob": 30}),
        ("Bob: Bob loses 2", {"Ann": 26, "Bob": 28}),
        ("Ann: Ann gains 2", {"Ann": 28, "Bob": 30}),
        # ... or by the host
        ("Bob loses 30", {"Ann": 26, "Bob": 0}),
        ("Ann gains 2", {"Ann": 28, "Bob": 30}),
        # power is never clamped and may rise past the start
        ("Ann loses 40", {"Ann": -14, "Bob": 30}),
        # RULES.md: "Names match case-insensitively"
        ("ann: BOB loses 3", {"Ann": 26, "Bob": 27}),
        # amounts: "whole numbers from 1 to 1,000,000"
        ("Ann: gain 1", {"Ann": 27, "Bob": 30}),
        ("Ann: gain 1000000", {"Ann": 1000026, "Bob": 30}),
        ("Bob loses 1000000", {"Ann": 26, "Bob": -999970}),
    ],
)
def test_gain_and_lose_move_the_named_power_by_the_amount(
    line: str, figures: dict[str, int]
) -> None:
    state = accepted(TWO, line)
    assert powers(state) == figures
    assert holder(state) == "Bob"  # effects on power leave dominance alone
    assert state["turn"] == {"number": 1, "active": "Ann", "action": None}


@pytest.mark.parametrize(
    ("line", "event"),
    [
        ("Ann: gain 4", PowerChanged(player="Ann", before=26, after=30, cause="effect")),
        ("Ann: lose 4", PowerChanged(player="Ann", before=26, after=22, cause="effect")),
        ("Bob loses 3", PowerChanged(player="Bob", before=30, after=27, cause="effect")),
        ("Ann: Bob gains 3", PowerChanged(player="Bob", before=30, after=33, cause="effect")),
    ],
)
def test_an_effect_is_one_power_change_caused_by_an_effect(line: str, event: PowerChanged) -> None:
    assert power_changes(line) == [event]


@pytest.mark.parametrize(
    "line",
    [
        "Ann: gain 0",
        "Ann: lose 0",
        "Ann: gain 1000001",
        "Bob loses 1000001",
        "Ann gains 0",
        "Ann: gain -3",
        "Ann: gain x",
        "Ann: gain 2.5",
        "Ann: gain",
        "Ann: Bob loses",
    ],
)
def test_amounts_outside_1_to_1000000_or_unreadable_are_refused(line: str) -> None:
    refused(TWO, line)


@pytest.mark.parametrize("line", ["Zed loses 3", "Ann: Zed gains 3", "Zed: gain 3", "Zed: lose 1"])
def test_an_unknown_name_is_refused(line: str) -> None:
    refused(TWO, line)


@pytest.mark.parametrize("line", ["gain 3", "lose 3"])
def test_the_host_names_whose_power_changes(line: str) -> None:
    # the host may record "`P gains N`, `P loses N`", not the bare forms (no speaker's power)
    refused(TWO, line)


# --- dominance ----------------------------------------------------------------------------


def test_taking_dominance_costs_the_former_holder_one_power() -> None:
    # "`dominance` (the speaker takes dominance; the player who loses it loses 1 power"
    state = accepted(TWO, "Ann: dominance")
    assert holder(state) == "Ann"
    assert powers(state) == {"Ann": 26, "Bob": 29}
    assert power_changes("Ann: dominance") == [
        PowerChanged(player="Bob", before=30, after=29, cause="dominance")
    ]


def test_dominance_passes_back_and_forth_at_one_power_each_time() -> None:
    state = accepted(TWO, "Ann: dominance", "Bob: dominance", "Ann: dominance")
    assert holder(state) == "Ann"
    assert powers(state) == {"Ann": 25, "Bob": 28}


def test_dominance_may_be_taken_by_either_player_whoever_is_active() -> None:
    # Ann 30 holds dominance; Bob 26 plays first. Effects "may be said by either player".
    setup = "game totemic players: Ann, Bob power: 30, 26"
    state = accepted(setup, "Bob: dominance")  # the active player takes it: Ann 29
    assert holder(state) == "Bob"
    assert powers(state) == {"Ann": 29, "Bob": 26}
    state = accepted(setup, "Bob: dominance", "Ann: dominance")  # the other takes it back
    assert holder(state) == "Ann"
    assert powers(state) == {"Ann": 29, "Bob": 25}


def test_dominance_said_by_its_holder_changes_nothing() -> None:
    # "taking it when you have it changes nothing"; it is accepted
    assert accepted(TWO, "Bob: dominance") == accepted(TWO)
    assert accepted(TWO, "Ann: dominance", "Ann: dominance") == accepted(TWO, "Ann: dominance")
    assert power_changes("Bob: dominance") == []


def test_the_host_cannot_say_dominance() -> None:
    # "actions, answers, reveals and `dominance` need the player who does them"
    refused(TWO, "dominance")


def test_dominance_is_not_an_action() -> None:
    state = accepted(TWO, "Ann: dominance", "Ann: draw")
    assert state["turn"]["action"] == "draw"


# --- reshuffle ----------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["Ann: reshuffle", "Bob: reshuffle", "reshuffle"])
def test_reshuffle_costs_each_player_one_power(line: str) -> None:
    # "`reshuffle` (the deck ran out: each player loses 1 power)"; the host may record it
    state = accepted(TWO, line)
    assert powers(state) == {"Ann": 25, "Bob": 29}
    assert holder(state) == "Bob"
    assert sorted(power_changes(line), key=lambda event: event.player) == [
        PowerChanged(player="Ann", before=26, after=25, cause="reshuffle"),
        PowerChanged(player="Bob", before=30, after=29, cause="reshuffle"),
    ]


def test_reshuffles_add_up() -> None:
    assert powers(accepted(TWO, "reshuffle", "Ann: reshuffle", "Bob: reshuffle")) == {
        "Ann": 23,
        "Bob": 27,
    }


@pytest.mark.parametrize("line", ["reshuffle 2", "Ann: reshuffle Bob", "Ann: dominance 2"])
def test_reshuffle_and_dominance_take_no_words_after_them(line: str) -> None:
    # RULES.md: "any other word a phrase does not expect makes the line unreadable"
    refused(TWO, line)


def test_effects_add_up_in_order() -> None:
    state = accepted(
        TWO,
        "Ann: gain 4",  # Ann 30
        "Bob: Ann loses 10",  # Ann 20
        "Ann: dominance",  # Bob 29, Ann holds it
        "reshuffle",  # Ann 19, Bob 28
        "Bob: dominance",  # Ann 18, Bob holds it
        "Bob gains 2",  # Bob 30
    )
    assert powers(state) == {"Ann": 18, "Bob": 30}
    assert holder(state) == "Bob"
