"""The JSON of a Totemic game, as TOTEMIC.md "JSON" and RULES.md's envelope settle it, the
events' own JSON, and the secret of a reveal that has not resolved its challenge yet.

Every object below is written out by hand from TOTEMIC.md.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.totemic.script import SOLO, TWO, accepted, run, script
from totembot.games.totemic.language.phrases import parse_line, parse_setup
from totembot.games.totemic.render.state_json import totemic_json
from totembot.games.totemic.render.text import describe_totemic_events
from totembot.games.totemic.rules.events import EVENTS
from totembot.games.totemic.rules.game import new_game


def animal(name: str, power: int, dominance: bool, status: str = "in") -> dict[str, Any]:
    return {"name": name, "power": power, "dominance": dominance, "status": status}


def test_a_new_two_player_game() -> None:
    assert accepted(TWO) == {
        "format": "totemic",
        "status": "active",
        "winners": [],
        "players": [animal("Ann", 26, False), animal("Bob", 30, True)],
        "level": 5,
        "turn": {"number": 1, "active": "Ann", "action": None},
        "challenge": None,
        "match": {"games": 1, "game": 1, "wins": {"Ann": 0, "Bob": 0}},
        "rejected": [],
    }


def test_a_new_best_of_three() -> None:
    state = accepted(f"{TWO} match: 3")
    assert state["match"] == {"games": 3, "game": 1, "wins": {"Ann": 0, "Bob": 0}}
    assert "solo" not in state


def test_a_new_solo_game() -> None:
    assert accepted(SOLO) == {
        "format": "totemic-solo",
        "status": "active",
        "winners": [],
        "players": [animal("Ann", 26, False), animal("Badger", 28, True)],
        "level": 5,
        "turn": {"number": 1, "active": "Ann", "action": None},
        "challenge": None,
        "solo": {
            "rivals": [
                {"name": "Badger", "power": 28, "status": "current"},
                {"name": "Bat", "power": 20, "status": "ahead"},
                {"name": "Wolf", "power": 25, "status": "ahead"},
            ],
            "confrontation": 1,
        },
        "rejected": [],
    }


def test_a_challenge_in_progress() -> None:
    state = accepted(TWO, "Ann: challenge", "Bob: threaten", "Ann: accept", "Bob: reveal 11")
    assert state["level"] == 10
    assert state["turn"] == {"number": 1, "active": "Ann", "action": "challenge"}
    assert state["challenge"] == {
        "by": "Ann",
        "awaiting": None,
        "accepted": True,
        "revealed": {"Bob": 11},
    }


def test_a_finished_game() -> None:
    # Ann challenges, Bob accepts; Ann 3 against Bob 9: Ann 21; Ann loses 21 more; next.
    state = accepted(
        TWO,
        "Ann: challenge",
        "Bob: accept",
        "Ann: reveal 3",
        "Bob: reveal 9",
        "Ann loses 21",
        "next",
    )
    assert state == {
        "format": "totemic",
        "status": "finished",
        "winners": ["Bob"],
        "players": [animal("Ann", 0, False, "lost"), animal("Bob", 30, True, "won")],
        "level": 5,
        "turn": {"number": 1, "active": "Ann", "action": "challenge"},
        "challenge": None,
        "match": {"games": 1, "game": 1, "wins": {"Ann": 0, "Bob": 1}},
        "rejected": [],
    }


def test_a_finished_solo_game_lost() -> None:
    state = accepted(SOLO, "Ann: draw", "Ann loses 30", "next")
    assert state == {
        "format": "totemic-solo",
        "status": "finished",
        "winners": ["Badger"],
        "players": [animal("Ann", -4, False, "lost"), animal("Badger", 28, True, "won")],
        "level": 5,
        "turn": {"number": 1, "active": "Ann", "action": "draw"},
        "challenge": None,
        "solo": {
            "rivals": [
                {"name": "Badger", "power": 28, "status": "won"},
                {"name": "Bat", "power": 20, "status": "ahead"},
                {"name": "Wolf", "power": 25, "status": "ahead"},
            ],
            "confrontation": 1,
        },
        "rejected": [],
    }


def test_the_json_without_rejected_lines_has_an_empty_list_and_is_plain_json() -> None:
    state = new_game(parse_setup(TWO))
    shown = totemic_json(state)
    assert shown["rejected"] == []
    assert json.loads(json.dumps(shown)) == shown


def test_the_rejected_lines_are_carried_as_given() -> None:
    rejected = [{"line": 2, "error": "Bob is not the active player."}]
    assert totemic_json(new_game(parse_setup(TWO)), rejected)["rejected"] == rejected


# --- the events ---------------------------------------------------------------------------

GAMES = [
    (TWO, ("Ann: challenge", "Bob: threaten", "Ann: accept", "Ann: reveal 4", "Bob: reveal 4")),
    (TWO, ("Ann: dominance", "reshuffle", "Ann: draw", "Bob loses 40", "next", "undo")),
    (f"{TWO} match: 3", ("Ann: invoke", "Ann: challenge", "Bob: submit", "Ann loses 30", "next")),
    (SOLO, ("Ann: challenge", "Ann: reveal 1", "Badger: reveal 2", "Badger loses 30", "next")),
]


@pytest.mark.parametrize(("setup", "lines"), GAMES)
def test_the_events_read_back_from_their_json(setup: str, lines: tuple[str, ...]) -> None:
    game, rejected = run(script(setup))
    events = []
    for line in lines:
        parsed = parse_line(line)
        assert parsed is not None
        events.extend(game.record(parsed.request(host=True)).events)
    dumped = EVENTS.dump_json(events)
    assert EVENTS.validate_json(dumped) == events


@pytest.mark.parametrize(("setup", "lines"), GAMES)
def test_every_event_is_told(setup: str, lines: tuple[str, ...]) -> None:
    game, _ = run(script(setup))
    for line in lines:
        parsed = parse_line(line)
        assert parsed is not None
        events = game.record(parsed.request(host=True)).events
        text = describe_totemic_events(events)
        assert isinstance(text, str) and text.strip()


def reveal_events(*lines: str) -> list:
    game, rejected = run(script(TWO, *lines[:-1]))
    assert rejected == []
    parsed = parse_line(lines[-1])
    assert parsed is not None
    return game.record(parsed.request(host=True)).events


def test_a_first_reveal_is_kept_secret_when_asked() -> None:
    events = reveal_events("Ann: challenge", "Bob: accept", "Ann: reveal 17")
    assert "17" not in describe_totemic_events(events, secret=True)
    assert "17" in describe_totemic_events(events)


def test_undoing_a_secret_reveal_keeps_it_secret() -> None:
    # the reveal that was taken back never resolved the challenge: its number stays hidden
    events = reveal_events("Ann: challenge", "Bob: accept", "Ann: reveal 17", "undo")
    assert "17" not in describe_totemic_events(events, secret=True)
