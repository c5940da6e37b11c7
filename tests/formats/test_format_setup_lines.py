"""The setup line of every format (FORMATS.md, "The setup line"): what it sets up, what it refuses.

In-process through `parse_setup` and `new_game`, plus a handful of runs of the real console for
the exit status 2 and its one line on standard error.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.formats.tables import play
from totembot.games.magic.language.phrases import parse_setup
from totembot.games.magic.rules import RuleViolation, new_game

ROOT = Path(__file__).resolve().parents[2]


def setup(line: str) -> object:
    return new_game(parse_setup(line))


def players_of(state: dict[str, Any]) -> list[str]:
    return [entry["name"] for entry in state["players"]]


def console(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "totembot", "console", "--json"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


# --- the per-player formats ---------------------------------------------------------------

PER_PLAYER = [
    ("game free-for-all players: Ann, Bob, Cid", ["Ann", "Bob", "Cid"], 20),
    ("game ffa players: Ann, Bob, Cid", ["Ann", "Bob", "Cid"], 20),
    ("game ffa players: Ann, Bob", ["Ann", "Bob"], 20),
    ("game free-for-all players: Ann, Bob, Cid commander", ["Ann", "Bob", "Cid"], 40),
    ("game free-for-all players: Ann, Bob life: 30", ["Ann", "Bob"], 30),
    ("game ffa players: Ann, Bob, Cid life: 30 commander rules: sorcery-concede", None, 30),
    ("game ffa players: Ann, Bob, Cid rules: sorcery-concede commander life: 25", None, 25),
    ("game ffa players: Ann, Bob, Cid rules: sorcery-concede", None, 20),
    # contract silent: format names are keywords, so case-insensitive (names keep their spelling).
    ("game FFA players: ann, BOB", ["ann", "BOB"], 20),
    ("game Free-For-All players: Ann, Bob", ["Ann", "Bob"], 20),
]


@pytest.mark.parametrize(("line", "seats", "life"), PER_PLAYER, ids=[c[0] for c in PER_PLAYER])
def test_a_free_for_all_setup_line_seats_its_players_with_their_own_life(
    line: str, seats: list[str] | None, life: int
) -> None:
    state = play(line)
    assert state["format"] == "free-for-all"
    assert state["status"] == "active"
    assert "totems" not in state and "teams" not in state
    assert players_of(state) == (seats or ["Ann", "Bob", "Cid"])
    assert {entry["life"] for entry in state["players"]} == {life}
    assert state["turn"] == {"number": 1, "active": players_of(state)[0]}


# --- the giant formats --------------------------------------------------------------------

GIANT = [
    ("game two-headed-giant teams: Ann+Bob, Cid+Dan", ["Ann+Bob", "Cid+Dan"], 40),
    ("game 2hg teams: Ann+Bob, Cid+Dan", ["Ann+Bob", "Cid+Dan"], 40),
    ("game giant teams: Ann+Bob, Cid+Dan", ["Ann+Bob", "Cid+Dan"], 40),
    ("game two-headed-giant teams: Ann+Bob, Cid+Dan commander", ["Ann+Bob", "Cid+Dan"], 60),
    ("game 2hg teams: Ann+Bob, Cid+Dan life: 15", ["Ann+Bob", "Cid+Dan"], 30),
    ("game giant teams: Ann+Bob+Cid, Dan+Eve+Fay", ["Ann+Bob+Cid", "Dan+Eve+Fay"], 60),
    ("game giant teams: Ann+Bob+Cid, Dan+Eve+Fay commander", ["Ann+Bob+Cid", "Dan+Eve+Fay"], 90),
    (
        "game 2hg teams: Ann+Bob, Cid+Dan, Eve+Fay, Gus+Hal rules: sorcery-concede",
        ["Ann+Bob", "Cid+Dan", "Eve+Fay", "Gus+Hal"],
        40,
    ),
    (
        "game two-headed-giant teams: Ann+Bob, Cid+Dan commander rules: sorcery-concede life: 25",
        ["Ann+Bob", "Cid+Dan"],
        50,
    ),
    # contract silent: format names are keywords, so case-insensitive.
    ("game 2HG teams: Ann+Bob, Cid+Dan", ["Ann+Bob", "Cid+Dan"], 40),
]


@pytest.mark.parametrize(("line", "teams", "life"), GIANT, ids=[c[0] for c in GIANT])
def test_a_giant_setup_line_seats_its_teams_together_with_one_life_each(
    line: str, teams: list[str], life: int
) -> None:
    state = play(line)
    assert state["format"] == "two-headed-giant"
    assert state["status"] == "active"
    assert "totems" not in state
    assert [entry["name"] for entry in state["teams"]] == teams
    assert players_of(state) == [name for name in "+".join(teams).split("+")]
    assert {entry["life"] for entry in state["teams"]} == {life}
    first = teams[0].split("+")[0]
    assert state["turn"] == {"number": 1, "active": first, "team": teams[0]}


def test_the_totem_setup_line_still_sets_up_totem() -> None:
    state = play("game totem players: Ann, Bob, Cid")
    assert state["format"] == "totem"
    assert len(state["totems"]) == 3


# --- refused setup lines ------------------------------------------------------------------

REFUSED = [
    # wrong count
    ("game free-for-all players: Ann", "(?i)player"),
    (
        "game ffa players: A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13",
        "(?i)player",
    ),
    ("game two-headed-giant teams: Ann+Bob", "(?i)team"),
    ("game 2hg teams: Ann+Bob, Cid+Dan, Eve+Fay, Gus+Hal, Ivy+Jon", "(?i)team"),
    ("game 2hg teams: Ann, Bob", None),
    ("game giant teams: Ann+Bob+Cid+Dan+Eve, Fay+Gus+Hal+Ivy+Jon", None),
    # unequal teams
    ("game two-headed-giant teams: Ann+Bob, Cid+Dan+Eve", "(?i)team"),
    ("game 2hg teams: Ann+Bob+Cid, Dan+Eve+Fay, Gus+Hal", "(?i)team"),
    # a name in one team only, and no name twice
    ("game 2hg teams: Ann+Bob, Cid+Ann", None),
    ("game 2hg teams: Ann+Bob, Cid+ANN", None),
    ("game ffa players: Ann, Bob, ann", None),
    # a roster of the wrong kind
    ("game two-headed-giant players: Ann, Bob, Cid, Dan", "(?i)teams|players"),
    ("game 2hg players: Ann, Bob", "(?i)teams|players"),
    ("game free-for-all teams: Ann+Bob, Cid+Dan", "(?i)teams|players"),
    ("game ffa teams: Ann+Bob, Cid+Dan", "(?i)teams|players"),
    ("game totem teams: Ann+Bob, Cid+Dan", "(?i)teams|players"),
    ("game free-for-all players: Ann+Bob, Cid+Dan", None),
    # a rule the format does not know
    ("game free-for-all players: Ann, Bob rules: half-life-consent", "(?i)half-life-consent"),
    ("game ffa players: Ann, Bob rules: player-poison", "(?i)player-poison"),
    ("game ffa players: Ann, Bob rules: sorcery-concede, player-poison", "(?i)player-poison"),
    ("game ffa players: Ann, Bob rules: nonsense", "(?i)nonsense"),
    ("game 2hg teams: Ann+Bob, Cid+Dan rules: half-life-consent", "(?i)half-life-consent"),
    ("game 2hg teams: Ann+Bob, Cid+Dan rules: player-poison", "(?i)player-poison"),
    ("game giant teams: Ann+Bob, Cid+Dan rules: minions", "(?i)minions"),
    # an unknown format, a keyword as a name, a bad life
    ("game chaos players: Ann, Bob, Cid", "(?i)chaos"),
    ("game ffa players: Ann, Each", None),
    ("game ffa players: Ann, Bob, opponent", None),
    ("game ffa players: Player, Bob", None),
    ("game 2hg teams: Ann+By, Cid+Dan", None),
    ("game ffa players: Ann, Teams", None),
    ("game ffa players: Ann, Bob life: 0", "(?i)life"),
    ("game 2hg teams: Ann+Bob, Cid+Dan life: 1000001", "(?i)life"),
]


@pytest.mark.parametrize(("line", "match"), REFUSED, ids=[c[0] for c in REFUSED])
def test_a_wrong_setup_line_is_refused_with_a_rule_violation(line: str, match: str | None) -> None:
    with pytest.raises(RuleViolation, match=match) as caught:
        setup(line)
    assert "\n" not in str(caught.value)


# --- the real console -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "game free-for-all players: Ann",
        "game two-headed-giant teams: Ann+Bob, Cid+Dan+Eve",
        "game 2hg players: Ann, Bob, Cid, Dan",
    ],
)
def test_the_console_exits_2_with_one_line_on_stderr_for_a_wrong_setup_line(line: str) -> None:
    result = console(line + "\nAnn: deal 3 to Bob\n")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.endswith("\n") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_the_console_plays_a_giant_script_and_prints_its_json() -> None:
    result = console("game giant teams: Ann+Bob, Cid+Dan\nAnn: deal 4 to each player\n")
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["format"] == "two-headed-giant"
    assert [entry["life"] for entry in state["teams"]] == [32, 32]
    assert state["rejected"] == []
