"""The Totemic solo game, as TOTEMIC.md "Solo" settles it: the rival as a speaker, its answers
given at once by the bot, the confrontations, the carry-over of power, and the end.

SOLO sets Ann 26 up against Badger 28, then Bat 20, then Wolf 25 (the Hierarchy of Spirits
from the bottom up). Badger has more power and dominance, so Ann plays first. Figures by hand.
"""

from __future__ import annotations

import pytest

from tests.totemic.script import (
    SOLO,
    accepted,
    holder,
    powers,
    refused,
    rivals,
    run,
    script,
    statuses,
)
from totembot.games.totemic.language.phrases import parse_line
from totembot.games.totemic.rules.events import PowerChanged

BEAT_BADGER = ("Ann: draw", "Badger loses 28", "next")  # Ann 26 + 28 // 2 = 40 against Bat 20
BEAT_BAT = ("Bat: invoke", "Bat loses 20", "next")  # Ann 40 + 20 // 2 = 50 against Wolf 25
BEAT_WOLF = ("Wolf: invoke", "Wolf loses 25", "next")  # the last rival: Ann wins


def accepted_challenge(by: str) -> dict:
    return {"by": by, "awaiting": None, "accepted": True, "revealed": {}}


# --- the rival as a player ----------------------------------------------------------------


def test_the_players_are_the_player_and_the_current_rival() -> None:
    # "`players`: ... (solo: the player and the current rival)"
    state = accepted(SOLO)
    assert [entry["name"] for entry in state["players"]] == ["Ann", "Badger"]
    assert powers(state) == {"Ann": 26, "Badger": 28}
    assert holder(state) == "Badger"
    assert state["turn"] == {"number": 1, "active": "Ann", "action": None}
    assert state["solo"] == {
        "rivals": [
            {"name": "Badger", "power": 28, "status": "current"},
            {"name": "Bat", "power": 20, "status": "ahead"},
            {"name": "Wolf", "power": 25, "status": "ahead"},
        ],
        "confrontation": 1,
    }


def test_the_rival_takes_its_turns_actions_by_its_name() -> None:
    # "The rival is recorded as a speaker by its name (`Badger: challenge`)"; "it takes its
    # turns' actions"
    state = accepted(SOLO, "Ann: draw", "next", "Badger: invoke")
    assert state["turn"] == {"number": 2, "active": "Badger", "action": "invoke"}
    state = accepted(SOLO, "Ann: draw", "next", "Badger: invoke", "Badger: next")
    assert state["turn"] == {"number": 3, "active": "Ann", "action": None}


@pytest.mark.parametrize("action", ["invoke", "challenge"])
def test_the_rival_acts_only_on_its_own_turn(action: str) -> None:
    refused(SOLO, f"Badger: {action}")
    refused(SOLO, "Ann: draw", f"Badger: {action}")


def test_the_rival_may_say_effects() -> None:
    # "and may say effects"
    state = accepted(SOLO, "Badger: gain 2", "Badger: Ann loses 3", "Badger: reshuffle")
    assert powers(state) == {"Ann": 22, "Badger": 29}
    state = accepted(SOLO, "Ann: dominance", "Badger: dominance")
    assert holder(state) == "Badger"
    assert powers(state) == {"Ann": 25, "Badger": 27}


def test_the_rival_saying_dominance_it_holds_changes_nothing() -> None:
    assert accepted(SOLO, "Badger: dominance") == accepted(SOLO)


@pytest.mark.parametrize("name", ["Bat", "Wolf", "Zed"])
def test_a_rival_still_ahead_is_not_in_this_confrontation(name: str) -> None:
    refused(SOLO, f"{name}: gain 2")
    refused(SOLO, f"Ann: {name} loses 2")
    refused(SOLO, f"{name} loses 2")


def test_a_defeated_rival_is_no_longer_in_the_game() -> None:
    refused(SOLO, *BEAT_BADGER, "Badger: gain 2")
    refused(SOLO, *BEAT_BADGER, "Badger loses 2")


# --- the rival's answers ------------------------------------------------------------------


def test_the_rival_accepts_the_players_challenge_at_once() -> None:
    # "it accepts every challenge ... so the bot accepts for it at once"
    state = accepted(SOLO, "Ann: challenge")
    assert state["challenge"] == accepted_challenge("Ann")
    assert state["level"] == 5


@pytest.mark.parametrize(
    ("reveals", "figures"),
    [
        (("Ann: reveal 9", "Badger: reveal 12"), {"Ann": 21, "Badger": 28}),
        (("Badger: reveal 12", "Ann: reveal 13"), {"Ann": 26, "Badger": 23}),
        # a tie: Badger holds dominance, wins, loses it and 1 power; Ann loses the level
        (("Badger: reveal 10", "Ann: reveal 10"), {"Ann": 21, "Badger": 27}),
    ],
)
def test_the_players_challenge_is_revealed_by_both(
    reveals: tuple[str, ...], figures: dict[str, int]
) -> None:
    # "The rival's `reveal` includes the challenge card the player drew for it."
    state = accepted(SOLO, "Ann: challenge", *reveals)
    assert powers(state) == figures
    assert state["challenge"] is None


def test_a_tie_passes_the_rivals_dominance_to_the_player() -> None:
    state = accepted(SOLO, "Ann: challenge", "Badger: reveal 10", "Ann: reveal 10")
    assert holder(state) == "Ann"


def test_the_rivals_challenge_awaits_the_players_answer() -> None:
    state = accepted(SOLO, "Ann: draw", "next", "Badger: challenge")
    assert state["challenge"] == {
        "by": "Badger",
        "awaiting": "Ann",
        "accepted": False,
        "revealed": {},
    }


def test_the_rival_accepts_every_threat_at_once() -> None:
    # "it accepts ... every threat, and never submits or threatens": Ann's threat raises the
    # totem to 10 and the challenge is accepted; Ann reveals 5 to 6 and loses 10.
    lines = (SOLO, "Ann: draw", "next", "Badger: challenge", "Ann: threaten")
    state = accepted(*lines)
    assert state["level"] == 10
    assert state["challenge"] == accepted_challenge("Badger")
    state = accepted(*lines, "Ann: reveal 5", "Badger: reveal 6")
    assert powers(state) == {"Ann": 16, "Badger": 28}


@pytest.mark.parametrize(
    ("answer", "figures"),
    [
        ("submit", {"Ann": 21, "Badger": 28}),
        ("accept", {"Ann": 26, "Badger": 28}),
    ],
)
def test_the_player_answers_the_rivals_challenge(answer: str, figures: dict[str, int]) -> None:
    state = accepted(SOLO, "Ann: draw", "next", "Badger: challenge", f"Ann: {answer}")
    assert powers(state) == figures
    if answer == "accept":
        assert state["challenge"] == accepted_challenge("Badger")
    else:
        assert state["challenge"] is None


@pytest.mark.parametrize("answer", ["accept", "threaten", "submit"])
def test_the_rival_never_answers(answer: str) -> None:
    # "`accept`, `threaten`, `submit` said by the rival are refused"
    refused(SOLO, f"Badger: {answer}")
    refused(SOLO, "Ann: challenge", f"Badger: {answer}")
    refused(SOLO, "Ann: draw", "next", "Badger: challenge", f"Badger: {answer}")
    refused(SOLO, "Ann: draw", "next", "Badger: challenge", "Ann: accept", f"Badger: {answer}")


def test_the_rival_reveals_once_like_a_player() -> None:
    refused(SOLO, "Ann: challenge", "Badger: reveal 4", "Badger: reveal 4")
    refused(SOLO, "Ann: draw", "next", "Badger: challenge", "Badger: reveal 4")


# --- confrontations -----------------------------------------------------------------------


def test_beating_a_rival_brings_the_next_with_half_its_starting_power_carried_over() -> None:
    # "the player's power becomes their power at the end plus half (rounded down) of the
    # defeated rival's starting power": 26 + 14 = 40 against Bat 20; Ann has more power and
    # dominance, so Bat plays first; turn 1, the first level.
    state = accepted(SOLO, *BEAT_BADGER)
    assert state["status"] == "active" and state["winners"] == []
    assert [entry["name"] for entry in state["players"]] == ["Ann", "Bat"]
    assert powers(state) == {"Ann": 40, "Bat": 20}
    assert holder(state) == "Ann"
    assert statuses(state) == {"Ann": "in", "Bat": "in"}
    assert state["turn"] == {"number": 1, "active": "Bat", "action": None}
    assert state["level"] == 5
    assert state["challenge"] is None
    assert rivals(state) == {"Badger": "defeated", "Bat": "current", "Wolf": "ahead"}
    assert state["solo"]["confrontation"] == 2
    # "`solo.rivals[].power` is the rival's starting power"
    assert [entry["power"] for entry in state["solo"]["rivals"]] == [28, 20, 25]


def test_the_carry_over_is_one_power_change_caused_by_the_confrontation() -> None:
    game, rejected = run(script(SOLO, *BEAT_BADGER[:-1]))
    assert rejected == []
    parsed = parse_line("next")
    assert parsed is not None
    events = [
        e for e in game.record(parsed.request(host=True)).events if isinstance(e, PowerChanged)
    ]
    assert events == [PowerChanged(player="Ann", before=26, after=40, cause="confrontation")]


@pytest.mark.parametrize(
    ("setup", "lines", "figures", "dominance", "first"),
    [
        # the end power counts, not the start: 26 + 3 = 29, then 29 + 14 = 43
        (
            SOLO,
            ("Ann: gain 3", "Ann: draw", "Badger loses 30", "next"),
            {"Ann": 43, "Bat": 20},
            "Ann",
            "Bat",
        ),
        # both below 0, Ann has more: -4 + 14 = 10 against Bat 20: Bat has dominance, Ann first
        (
            SOLO,
            ("Ann: draw", "Ann loses 30", "Badger loses 40", "next"),
            {"Ann": 10, "Bat": 20},
            "Bat",
            "Ann",
        ),
        # an odd starting power is halved rounded down: 29 // 2 = 14
        (
            "game totemic-solo players: Ann power: 26 rivals: Badger 29, Bat 20",
            ("Ann: draw", "Badger loses 29", "next"),
            {"Ann": 40, "Bat": 20},
            "Ann",
            "Bat",
        ),
        # a tie in power after the carry-over: 10 + 2 = 12 against Bat 12, to the rival
        (
            "game totemic-solo players: Ann power: 10 rivals: Badger 4, Bat 12",
            ("Badger: invoke", "Badger loses 4", "next"),
            {"Ann": 12, "Bat": 12},
            "Bat",
            "Ann",
        ),
        # the rival's power 1: half of it rounded down adds nothing
        (
            "game totemic-solo players: Ann power: 10 rivals: Badger 1, Bat 12",
            ("Badger: invoke", "Badger loses 1", "next"),
            {"Ann": 10, "Bat": 12},
            "Bat",
            "Ann",
        ),
    ],
)
def test_the_next_rivals_dominance_goes_to_more_power_and_the_other_plays_first(
    setup: str, lines: tuple[str, ...], figures: dict[str, int], dominance: str, first: str
) -> None:
    # "dominance goes to the one with more power (a tie: to the rival); the one without
    # dominance plays first"
    state = accepted(setup, *lines)
    assert powers(state) == figures
    assert holder(state) == dominance
    assert state["turn"] == {"number": 1, "active": first, "action": None}
    assert state["solo"]["confrontation"] == 2


def test_the_player_who_defeats_the_last_rival_wins_the_solo_game() -> None:
    state = accepted(SOLO, *BEAT_BADGER, *BEAT_BAT)
    assert powers(state) == {"Ann": 50, "Wolf": 25}
    assert holder(state) == "Ann"
    assert state["turn"] == {"number": 1, "active": "Wolf", "action": None}
    assert rivals(state) == {"Badger": "defeated", "Bat": "defeated", "Wolf": "current"}
    assert state["solo"]["confrontation"] == 3
    state = accepted(SOLO, *BEAT_BADGER, *BEAT_BAT, *BEAT_WOLF)
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    assert statuses(state) == {"Ann": "won", "Wolf": "lost"}
    assert powers(state) == {"Ann": 50, "Wolf": 0}  # no carry-over after the last rival
    assert rivals(state) == {"Badger": "defeated", "Bat": "defeated", "Wolf": "defeated"}
    assert state["solo"]["confrontation"] == 3
    assert state["turn"] == {"number": 1, "active": "Wolf", "action": "invoke"}


def test_a_single_rival_defeated_wins_at_once() -> None:
    state = accepted(
        "game totemic-solo players: Ann power: 26 rivals: Badger 28",
        "Ann: draw",
        "Badger loses 28",
        "next",
    )
    assert state["status"] == "finished" and state["winners"] == ["Ann"]
    assert powers(state) == {"Ann": 26, "Badger": 0}
    assert state["solo"] == {
        "rivals": [{"name": "Badger", "power": 28, "status": "defeated"}],
        "confrontation": 1,
    }


@pytest.mark.parametrize(
    ("lines", "rival", "states", "confrontation"),
    [
        # "If the rival wins, the solo game is lost."
        (("Ann: draw", "Ann loses 26", "next"), "Badger", ("won", "ahead", "ahead"), 1),
        # a tie of powers: Badger holds dominance and wins
        (
            ("Ann: draw", "Ann loses 26", "Badger loses 28", "next"),
            "Badger",
            ("won", "ahead", "ahead"),
            1,
        ),
        (
            (*BEAT_BADGER, "Bat: invoke", "Ann loses 40", "next"),
            "Bat",
            ("defeated", "won", "ahead"),
            2,
        ),
        (
            (*BEAT_BADGER, *BEAT_BAT, "Wolf: invoke", "Ann loses 60", "next"),
            "Wolf",
            ("defeated", "defeated", "won"),
            3,
        ),
    ],
)
def test_a_rival_who_wins_ends_the_solo_game_and_is_the_winner(
    lines: tuple[str, ...], rival: str, states: tuple[str, ...], confrontation: int
) -> None:
    # "`winners` names the winner (the rival's name when a rival wins)"
    state = accepted(SOLO, *lines)
    assert state["status"] == "finished"
    assert state["winners"] == [rival]
    assert statuses(state) == {"Ann": "lost", rival: "won"}
    assert tuple(rivals(state).values()) == states
    assert state["solo"]["confrontation"] == confrontation


def test_a_tie_at_the_end_of_a_confrontation_goes_to_the_rival_holding_dominance() -> None:
    state = accepted(
        "game totemic-solo players: Ann power: 28 rivals: Badger 28",
        "Ann: draw",
        "Ann loses 28",
        "Badger loses 28",
        "next",
    )
    assert state["winners"] == ["Badger"]


def test_a_confrontation_ends_keeping_its_level_and_turn() -> None:
    # Ann challenges; Badger accepts at once; Badger's 9 beats Ann's 2: Ann 21. Ann loses 21.
    state = accepted(
        SOLO,
        "Ann: challenge",
        "Ann: reveal 2",
        "Badger: reveal 9",
        "Ann loses 21",
        "next",
    )
    assert powers(state) == {"Ann": 0, "Badger": 28}
    assert state["turn"] == {"number": 1, "active": "Ann", "action": "challenge"}
    assert state["level"] == 5
    assert state["winners"] == ["Badger"]


@pytest.mark.parametrize(
    "line", ["Ann: draw", "Wolf: invoke", "next", "Ann: gain 2", "reshuffle", "Ann: dominance"]
)
def test_a_finished_solo_game_refuses_everything_but_undo(line: str) -> None:
    refused(SOLO, *BEAT_BADGER, *BEAT_BAT, *BEAT_WOLF, line)


def test_undo_after_a_confrontation_ended_restores_it_as_before_that_next() -> None:
    before = accepted(SOLO, *BEAT_BADGER[:-1])
    state = accepted(SOLO, *BEAT_BADGER, "undo")
    assert state == before
    assert rivals(state) == {"Badger": "current", "Bat": "ahead", "Wolf": "ahead"}
    assert powers(state) == {"Ann": 26, "Badger": 0}


def test_undo_after_the_solo_game_ended_reopens_the_last_confrontation() -> None:
    before = accepted(SOLO, *BEAT_BADGER, *BEAT_BAT, *BEAT_WOLF[:-1])
    assert accepted(SOLO, *BEAT_BADGER, *BEAT_BAT, *BEAT_WOLF, "undo") == before


def test_the_rival_may_undo_like_a_player() -> None:
    # RULES.md: the players may undo; "In solo the rival is a player in all of this"
    assert accepted(SOLO, "Ann: draw", "Badger: undo") == accepted(SOLO)


def test_a_solo_game_has_no_match() -> None:
    state = accepted(SOLO)
    assert "match" not in state
    assert state["format"] == "totemic-solo"
