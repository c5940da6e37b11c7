"""`totembot stats --db PATH [--json]` over a database of many games, against tallies worked
out here from how each game was made to end (not from the code's own counting)."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from tests.test_export import run

NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve")


def _win(rng: random.Random) -> tuple[list[str], dict[str, str]]:
    """Free-for-all: the first player deals 20 to each other one: they win, the rest lose."""
    players = rng.sample(NAMES, 3)
    lines = [f"game free-for-all players: {', '.join(players)}"]
    lines += [f"{players[0]}: deal 20 to {other}" for other in players[1:]]
    return lines, {players[0]: "win", players[1]: "loss", players[2]: "loss"}


def _draw_after_a_loss(rng: random.Random) -> tuple[list[str], dict[str, str]]:
    """One player goes out first (a loss); then everyone left dies at once: a draw for them."""
    players = rng.sample(NAMES, 4)
    lines = [
        f"game free-for-all players: {', '.join(players)}",
        f"{players[1]}: concede",
        f"{players[0]}: deal 20 to each player",
    ]
    return lines, {players[0]: "draw", players[1]: "loss", players[2]: "draw", players[3]: "draw"}


def _undone_ending(rng: random.Random) -> tuple[list[str], dict[str, str]]:
    """The first win is undone, and the game ends with another winner."""
    a, b, c = rng.sample(NAMES, 3)
    lines = [
        f"game free-for-all players: {a}, {b}, {c}",
        f"{a}: deal 20 to {b}",
        f"{a}: deal 20 to {c}",  # a wins ...
        "undo",  # ... taken back: c is in again
        f"{c}: deal 20 to {a}",  # c wins
    ]
    return lines, {a: "loss", b: "loss", c: "win"}


def _giant(rng: random.Random) -> tuple[list[str], dict[str, str]]:
    """Two-Headed Giant: a team's shared 40 life runs out, both heads lose."""
    a, b, c, d = rng.sample(NAMES, 4)
    lines = [f"game two-headed-giant teams: {a}+{b}, {c}+{d}", f"{a}: deal 40 to {c}"]
    return lines, {a: "win", b: "win", c: "loss", d: "loss"}


def _totemic(rng: random.Random) -> tuple[list[str], dict[str, str]]:
    """Totemic, one game: the weaker animal challenges and loses the level's 5 power."""
    a, b = rng.sample(NAMES, 2)
    lines = [
        f"game totemic players: {a}, {b} power: 5, 30",
        f"{a}: challenge",
        f"{b}: accept",
        f"{a}: reveal 1",
        f"{b}: reveal 9",
        "next",  # the turn's end ends the game: a's power is 0
    ]
    return lines, {a: "loss", b: "win"}


GAMES = (_win, _draw_after_a_loss, _undone_ending, _giant, _totemic)


def _database(tmp_path: Path, count: int) -> tuple[Path, list[dict[str, str]]]:
    """Play `count` random games into a database through the console, then one left going."""
    rng = random.Random(16)
    script: list[str] = []
    outcomes = []
    for _ in range(count):
        lines, outcome = rng.choice(GAMES)(rng)
        script += lines
        outcomes.append(outcome)
    script += ["game totem players: Ann, Bob, Cid", "Ann: deal 3 to Bob"]  # still going
    path = tmp_path / "games.db"
    played = _totembot("console", "--json", "--db", str(path), stdin="\n".join(script) + "\n")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["rejected"] == []
    return path, outcomes


def _totembot(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run(*args, stdin=stdin)


def _expected(outcomes: list[dict[str, str]]) -> dict[str, dict[str, int]]:
    tallies: dict[str, Counter[str]] = {}
    for game in outcomes:
        for name, outcome in game.items():
            tallies.setdefault(name, Counter())[outcome] += 1
    return {
        name: {
            "games": sum(counts.values()),
            "wins": counts["win"],
            "draws": counts["draw"],
            "losses": counts["loss"],
        }
        for name, counts in tallies.items()
    }


@pytest.fixture(scope="module")
def many_games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, str]]]:
    return _database(tmp_path_factory.mktemp("stats"), 60)


def test_stats_json_counts_every_finished_game_and_each_players_results(
    many_games: tuple[Path, list[dict[str, str]]],
) -> None:
    path, outcomes = many_games
    printed = _totembot("stats", "--db", str(path), "--json")
    assert printed.returncode == 0, printed.stderr
    stats = json.loads(printed.stdout)
    assert stats["games"] == len(outcomes)  # the game still going is not counted
    got = {player.pop("name"): player for player in stats["players"]}
    assert got == _expected(outcomes)


def test_stats_json_lists_players_by_wins_first(
    many_games: tuple[Path, list[dict[str, str]]],
) -> None:
    path, _ = many_games
    players = json.loads(_totembot("stats", "--db", str(path), "--json").stdout)["players"]
    wins = [player["wins"] for player in players]
    assert wins == sorted(wins, reverse=True)


def test_stats_of_one_format_count_only_its_games(
    many_games: tuple[Path, list[dict[str, str]]],
) -> None:
    path, outcomes = many_games
    printed = _totembot("stats", "--db", str(path), "--json", "--format", "totemic")
    stats = json.loads(printed.stdout)
    totemic = [game for game in outcomes if len(game) == 2]
    assert stats["games"] == len(totemic)
    got = {player.pop("name"): player for player in stats["players"]}
    assert got == _expected(totemic)


def test_stats_text_gives_each_players_record_per_format(
    many_games: tuple[Path, list[dict[str, str]]],
) -> None:
    path, outcomes = many_games
    printed = _totembot("stats", "--db", str(path))
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout.startswith(f"{len(outcomes)} finished games, ")
    ann = _expected(outcomes)["Ann"]
    assert f"Ann: {ann['games']} games: {ann['wins']} win" in printed.stdout
    assert "  Free-for-all: " in printed.stdout
    assert "  Totemic: " in printed.stdout
    assert "most often out: " in printed.stdout


def test_stats_of_a_missing_database_or_unknown_format_is_one_sentence(tmp_path: Path) -> None:
    missing = _totembot("stats", "--db", str(tmp_path / "nothing.db"))
    assert (missing.returncode, missing.stdout) == (2, "")
    assert missing.stderr == f"totembot: There is no database at {tmp_path / 'nothing.db'}.\n"
    assert not (tmp_path / "nothing.db").exists()
    path, _ = _database(tmp_path, 1)
    unknown = _totembot("stats", "--db", str(path), "--format", "chess")
    assert unknown.returncode == 2
    assert unknown.stderr.startswith("totembot: There is no format 'chess': the formats are totem,")


def _forget_results(path: Path) -> None:
    """As a database from before results were made at each game's end: all of them wait."""
    with sqlite3.connect(path) as raw:
        raw.execute("DELETE FROM results")
        raw.execute("UPDATE games SET results_version = NULL, turns = NULL")


def test_stats_on_a_backlog_counts_every_game(tmp_path: Path) -> None:
    path, outcomes = _database(tmp_path, 30)
    before = json.loads(_totembot("stats", "--db", str(path), "--json").stdout)
    _forget_results(path)

    printed = _totembot("stats", "--db", str(path), "--json")

    assert printed.returncode == 0, printed.stderr
    assert json.loads(printed.stdout) == before  # every game counted, as before
    assert before["games"] == len(outcomes)
    if printed.stderr:  # only when making them took a second (tests/store: the lines)
        assert printed.stderr.endswith("totembot: statistics made.\n")
    again = _totembot("stats", "--db", str(path), "--json")
    assert (again.stdout, again.stderr) == (printed.stdout, "")  # kept: nothing to make
