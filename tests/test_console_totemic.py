"""Totemic at the console: the same command, prompt and database as the Magic formats.

Every figure below is worked out from TOTEMIC.md by hand, in the comments beside it.
"""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest

from tests.test_console import console, console_json
from totembot.console.complete import completions
from totembot.console.interactive import interact
from totembot.console.session import Session, open_session
from totembot.games.registry import parse_setup, ruleset_of

MATCH = """\
game totemic players: Ann, Bob power: 26, 30 match: 3
# Bob has more power, so he holds dominance and Ann plays first.
Ann: challenge
Bob: threaten
Ann: accept
Ann: reveal 9
Bob: reveal 7
next
"""


def test_a_match_script_prints_the_json_of_totemic() -> None:
    state = console_json(MATCH)
    # Bob threatened (5 -> 10), Ann accepted and won 9 to 7: Bob loses the level, 10.
    assert [(p["name"], p["power"], p["dominance"]) for p in state["players"]] == [
        ("Ann", 26, False),
        ("Bob", 20, True),
    ]
    assert state["level"] == 5  # `next` puts the totem back at its first level
    assert state["turn"] == {"number": 2, "active": "Bob", "action": None}
    assert state["challenge"] is None
    assert state["match"] == {"games": 3, "game": 1, "wins": {"Ann": 0, "Bob": 0}}
    assert state["rejected"] == []


def test_each_line_is_answered_and_the_table_is_shown_at_the_end() -> None:
    result = console(stdin=MATCH)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "3: Ann challenges Bob"
    [resolved] = [line for line in lines if line.startswith("7: ")]
    assert "9 to 7" in resolved and "30 → 20" in resolved  # the level then was 10
    assert "refused" not in result.stdout
    assert lines[-1] == "Turn 2: Bob, no action yet"
    assert any(line.split() == ["Bob", "20", "power", "dominance"] for line in lines)


def test_a_refused_totemic_line_is_reported_with_its_number() -> None:
    state = console_json(MATCH + "Ann: draw\n")  # turn 2 is Bob's
    assert [entry["line"] for entry in state["rejected"]] == [9]
    assert state["turn"]["action"] is None


def test_a_bad_totemic_setup_line_exits_2_with_one_sentence() -> None:
    result = console(stdin="game totemic players: Ann, Bob power: 26\n")
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_a_script_moves_from_a_magic_game_to_a_totemic_one() -> None:
    state = console_json(
        "game totem players: Ann, Bob, Cid\nAnn: win\n"
        "game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat 20\n"
        "Ann: draw\n"
    )
    # Badger has more power: it holds dominance, so Ann plays first.
    assert state["format"] == "totemic-solo"
    assert state["turn"] == {"number": 1, "active": "Ann", "action": "draw"}
    assert [rival["status"] for rival in state["solo"]["rivals"]] == ["current", "ahead"]


def test_a_totemic_game_in_a_database_is_continued_by_the_next_run(tmp_path: Path) -> None:
    db = str(tmp_path / "table.sqlite3")
    first = console("--db", db, stdin=MATCH)
    assert first.returncode == 0, first.stderr
    state = json.loads(console("--db", db, "--json", stdin="Bob: draw\nundo\nundo\n").stdout)
    # The first undo takes back Bob's draw, the second the `next` that began turn 2.
    assert state["turn"] == {"number": 1, "active": "Ann", "action": "challenge"}
    assert [p["power"] for p in state["players"]] == [26, 20]
    assert state["rejected"] == []


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("game totemic ", ["players:"]),
        ("game totemic players: Ann, Bob power: 26, 30 ", ["levels:", "match:"]),
        ("game totemic-solo players: Ann ", ["power:", "rivals:", "levels:"]),
        ("game totemic players: Ann, Bob power: ", []),
    ],
)
def test_tab_offers_the_totemic_setup_line(line: str, offered: list[str]) -> None:
    assert completions(line, None) == offered


def test_tab_offers_totemic_verbs_speakers_and_players() -> None:
    config = parse_setup("game totemic players: Ann, Bob power: 26, 30")
    state = ruleset_of("totemic").new_game(config)
    offered = completions("", state)
    assert offered[:2] == ["Ann:", "Bob:"]
    assert {"challenge", "reveal", "threaten", "dominance", "json"} <= set(offered)
    assert "deal" not in offered  # Magic's verbs are not Totemic's
    assert completions("Ann: thr", state) == ["threaten"]
    assert completions("Bob ", state) == ["loses", "gains"]


async def test_the_prompt_shows_a_totemic_table_and_its_json(tmp_path: Path) -> None:
    session: Session = await open_session(":memory:")
    out = StringIO()
    try:
        await interact(session, 1, "game totemic players: Ann, Bob power: 26, 30", out)
        await interact(session, 2, "Ann: draw", out)
        await interact(session, 3, "json", out)
    finally:
        await session.close()
    text = out.getvalue()
    shown = json.loads(text[text.index("{") :])
    assert shown["turn"]["action"] == "draw"
    assert "refused" not in text
