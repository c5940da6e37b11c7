"""`totembot console --db`: a table stops and resumes its game from a SQLite file."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_console import console


def test_a_game_kept_in_a_file_continues_without_a_setup_line(tmp_path: Path) -> None:
    db = str(tmp_path / "table.sqlite3")
    first = console("--db", db, stdin="game totem players: Ann, Bob, Cid\nAnn: deal 3 to Bob\n")
    assert first.returncode == 0, first.stderr
    second = console("--db", db, "--json", stdin="Bob: deal 2 to Cid\nnext\n")
    assert second.returncode == 0, second.stderr
    state = json.loads(second.stdout)
    assert [totem["life"] for totem in state["totems"]] == [20, 17, 18]
    assert state["turn"] == {"number": 2, "active": "Bob"}


def test_json_with_empty_input_prints_the_stored_state(tmp_path: Path) -> None:
    db = str(tmp_path / "table.sqlite3")
    console("--db", db, stdin="game totem players: Ann, Bob, Cid\nBob loses 4 via left\n")
    shown = console("--db", db, "--json", stdin="")
    assert shown.returncode == 0, shown.stderr
    state = json.loads(shown.stdout)
    assert state["totems"][1]["life"] == 16
    assert state["rejected"] == []


def test_undo_reaches_back_into_an_earlier_run(tmp_path: Path) -> None:
    db = str(tmp_path / "table.sqlite3")
    console("--db", db, stdin="game totem players: Ann, Bob, Cid\nAnn: deal 3 to Bob\n")
    state = json.loads(console("--db", db, "--json", stdin="undo\n").stdout)
    assert [totem["life"] for totem in state["totems"]] == [20, 20, 20]
    again = json.loads(console("--db", db, "--json", stdin="undo\n").stdout)
    assert again["rejected"] == [{"line": 1, "error": "There is nothing to undo."}]


def test_a_setup_line_for_a_file_with_a_game_in_play_exits_2_and_keeps_the_game(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "table.sqlite3")
    console("--db", db, stdin="game totem players: Ann, Bob, Cid\nAnn: deal 3 to Bob\n")
    clash = console("--db", db, "--json", stdin="game totem players: Dan, Eve, Fay\n")
    assert clash.returncode == 2
    assert "already holds the console's game" in clash.stderr
    state = json.loads(console("--db", db, "--json").stdout)
    assert state["players"][0]["name"] == "Ann"
    assert state["totems"][1]["life"] == 17


def test_a_finished_game_in_the_file_makes_way_for_a_new_one(tmp_path: Path) -> None:
    db = str(tmp_path / "table.sqlite3")
    console("--db", db, stdin="game totem players: Ann, Bob, Cid\nAnn: win\n")
    fresh = console("--db", db, "--json", stdin="game totem players: Dan, Eve, Fay\n")
    assert fresh.returncode == 0, fresh.stderr
    assert json.loads(fresh.stdout)["players"][0]["name"] == "Dan"


def test_an_empty_file_database_and_empty_input_exit_2(tmp_path: Path) -> None:
    result = console("--db", str(tmp_path / "new.sqlite3"), "--json", stdin="")
    assert result.returncode == 2
    assert "no setup line" in result.stderr


def test_a_database_path_that_cannot_be_opened_exits_2_with_one_line(tmp_path: Path) -> None:
    result = console("--db", str(tmp_path / "no-such-dir" / "x.sqlite3"), "--json", stdin="")
    assert result.returncode == 2
    assert "cannot be opened" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr
