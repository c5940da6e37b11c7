"""Whole games at the console: the README's example as printed, and one game after another."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.test_console import ROOT, console, console_json

README_SETUP = "game totem players: Ann, Bob, Cid, Dan commander rules: half-life-consent"


def readme_example() -> str:
    """The README's four-player script, exactly as the README shows it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```text\n(.*?)```", readme, re.DOTALL)
    [block] = [block for block in blocks if block.startswith(README_SETUP)]
    return block


def test_every_line_of_the_readme_example_is_accepted() -> None:
    state = console_json(readme_example())
    assert state["rejected"] == []
    assert [player["status"] for player in state["players"]] == ["in", "in", "conceded", "removed"]


def test_the_readme_example_says_what_each_line_does() -> None:
    result = console(stdin=readme_example())
    assert result.returncode == 0, result.stderr
    assert "refused" not in result.stdout
    assert "Cid-Dan 40 -> 19, set by Bob (for Cid)" in result.stdout  # counts Bob-Cid (31)
    assert "Dan asks Cid to approve paying 1 life from Cid-Dan" in result.stdout
    assert "Cid-Dan 19 -> 18, paid by Dan" in result.stdout


def test_the_shipped_four_player_example_is_the_readme_example() -> None:
    shipped = (ROOT / "examples" / "four-players.totem").read_text(encoding="utf-8")
    assert shipped.endswith(readme_example())
    result = console(str(ROOT / "examples" / "four-players.totem"))
    assert result.returncode == 0, result.stderr
    assert "refused" not in result.stdout


def test_a_script_plays_a_new_game_after_the_last_one_ended() -> None:
    state = console_json(
        "game totem players: Ann, Bob, Cid\n"
        "Ann: deal 3 to Bob and more\n"
        "Ann: win\n"
        "game totem players: Dan, Eve, Fay, Gus life: 30\n"
        "Dan: deal 2 to Eve\n"
    )
    assert [player["name"] for player in state["players"]] == ["Dan", "Eve", "Fay", "Gus"]
    assert [totem["life"] for totem in state["totems"]] == [30, 28, 30, 30]
    assert state["status"] == "active"
    assert [entry["line"] for entry in state["rejected"]] == [2]  # every line of the input


def test_each_game_of_a_script_is_answered_in_turn() -> None:
    result = console(
        stdin="game totem players: Ann, Bob, Cid\nAnn: win\n"
        "game totem players: Dan, Eve, Fay\nDan: win\n"
    )
    assert result.returncode == 0
    assert result.stdout.splitlines()[:3] == [
        "2: Bob is out: Ann won; Cid is out: Ann won; Game over: Ann wins",
        "3: New game: Dan, Eve, Fay, 20 life; turn 1: Dan",
        "4: Eve is out: Dan won; Fay is out: Dan won; Game over: Dan wins",
    ]
    assert "Finished: Dan won" in result.stdout


def test_a_broken_later_setup_line_is_a_refused_line_not_a_failed_script() -> None:
    result = console("--json", stdin="game totem players: Ann, Bob, Cid\nAnn: win\ngame totem\n")
    assert result.returncode == 0
    state = json.loads(result.stdout)
    assert state["winners"] == ["Ann"]
    assert state["rejected"][0]["line"] == 3
    assert "players:" in state["rejected"][0]["error"]


def test_the_next_game_is_the_one_the_database_keeps(tmp_path: Path) -> None:
    db = str(tmp_path / "table.sqlite3")
    first = console(
        "--db",
        db,
        stdin="game totem players: Ann, Bob, Cid\nAnn: win\n"
        "game totem players: Dan, Eve, Fay\nDan: deal 2 to Eve\n",
    )
    assert first.returncode == 0, first.stderr
    state = json.loads(console("--db", db, "--json", stdin="undo\n").stdout)
    assert state["players"][0]["name"] == "Dan"
    assert [totem["life"] for totem in state["totems"]] == [20, 20, 20]
    assert state["rejected"] == []
