"""The setup lines of Emperor, Teams and Grand Melee (FORMATS.md, "The setup line").

| format (aliases)         | roster     | players                | life (default, commander) |
| `grand-melee` (`melee`)  | `players:` | 4-16                   | 20, 40 per player         |
| `emperor`                | `teams:`   | 2-4 teams of 3 or 5    | 20, 40 per player         |
| `teams`                  | `teams:`   | 2-4 teams of 2-4       | 20, 40 per player         |

In-process through `parse_setup` and `new_game`, plus a few runs of the real console for the
exit status 2 and its one line on standard error.
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
NAMES = [
    "Ann",
    "Bob",
    "Cid",
    "Dan",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jon",
    "Kim",
    "Lea",
    "Max",
    "Ned",
    "Oli",
    "Pam",
    "Quy",
    "Ray",
    "Sue",
    "Tom",
]


def setup(line: str) -> object:
    return new_game(parse_setup(line))


def players_of(state: dict[str, Any]) -> list[str]:
    return [entry["name"] for entry in state["players"]]


def roster(teams: int, size: int) -> str:
    """`teams` teams of `size` players, named in order: Ann+Bob+Cid, Dan+Eve+Fay, ..."""
    return ", ".join(
        "+".join(NAMES[team * size + seat] for seat in range(size)) for team in range(teams)
    )


def console(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "totembot", "console", "--json"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


# --- Grand Melee ------------------------------------------------------------------------------

MELEE = [
    (f"game grand-melee players: {', '.join(NAMES[:4])}", 4, 20),
    (f"game melee players: {', '.join(NAMES[:10])}", 10, 20),
    (f"game grand-melee players: {', '.join(NAMES[:16])}", 16, 20),
    (f"game melee players: {', '.join(NAMES[:5])} commander", 5, 40),
    (f"game grand-melee players: {', '.join(NAMES[:5])} life: 30", 5, 30),
    (f"game melee players: {', '.join(NAMES[:8])} rules: sorcery-concede life: 25", 8, 25),
    # contract silent: format names are keywords, so case-insensitive.
    (f"game Grand-Melee players: {', '.join(NAMES[:4])}", 4, 20),
    (f"game MELEE players: {', '.join(NAMES[:4])}", 4, 20),
]


@pytest.mark.parametrize(("line", "count", "life"), MELEE, ids=[c[0][:40] for c in MELEE])
def test_a_grand_melee_setup_line_seats_four_to_sixteen_players_with_their_own_life(
    line: str, count: int, life: int
) -> None:
    state = play(line)
    assert state["format"] == "grand-melee"
    assert state["status"] == "active"
    assert players_of(state) == NAMES[:count]
    assert {entry["life"] for entry in state["players"]} == {life}
    assert "turn" not in state and "teams" not in state and "totems" not in state
    assert state["markers"][0] == {"number": 1, "player": "Ann", "waiting": False}
    assert len(state["markers"]) == count // 4


# --- Emperor ----------------------------------------------------------------------------------

EMPEROR = [(teams, size) for teams in (2, 3, 4) for size in (3, 5)]


@pytest.mark.parametrize(("teams", "size"), EMPEROR, ids=[f"{t} teams of {s}" for t, s in EMPEROR])
def test_an_emperor_setup_line_takes_two_to_four_teams_of_three_or_five(
    teams: int, size: int
) -> None:
    state = play(f"game emperor teams: {roster(teams, size)}")
    assert state["format"] == "emperor"
    assert players_of(state) == NAMES[: teams * size]
    assert [entry["name"] for entry in state["teams"]] == roster(teams, size).split(", ")
    emperors = [NAMES[team * size + size // 2] for team in range(teams)]
    assert [e["name"] for e in state["players"] if e["role"] == "emperor"] == emperors
    assert state["turn"] == {"number": 1, "active": emperors[0]}
    assert {entry["life"] for entry in state["players"]} == {20}


@pytest.mark.parametrize(
    ("extra", "life"),
    [("", 20), (" commander", 40), (" life: 33", 33), (" rules: sorcery-concede commander", 40)],
)
def test_an_emperor_game_starts_each_player_at_the_formats_life(extra: str, life: int) -> None:
    state = play(f"game emperor teams: {roster(2, 3)}{extra}")
    assert {entry["life"] for entry in state["players"]} == {life}


# --- Teams ------------------------------------------------------------------------------------

TEAMS = [(teams, size) for teams in (2, 3, 4) for size in (2, 3, 4)]


@pytest.mark.parametrize(("teams", "size"), TEAMS, ids=[f"{t} teams of {s}" for t, s in TEAMS])
def test_a_teams_setup_line_takes_two_to_four_teams_of_two_to_four_seated_apart(
    teams: int, size: int
) -> None:
    state = play(f"game teams teams: {roster(teams, size)}")
    assert state["format"] == "teams"
    apart = [NAMES[team * size + seat] for seat in range(size) for team in range(teams)]
    assert players_of(state) == apart
    assert [entry["name"] for entry in state["teams"]] == roster(teams, size).split(", ")
    assert state["turn"] == {"number": 1, "active": "Ann"}
    assert "role" not in state["players"][0]


@pytest.mark.parametrize(("extra", "life"), [("", 20), (" commander", 40), (" life: 7", 7)])
def test_a_teams_game_starts_each_player_at_the_formats_life(extra: str, life: int) -> None:
    state = play(f"game teams teams: {roster(2, 2)}{extra}")
    assert {entry["life"] for entry in state["players"]} == {life}


# --- refused setup lines ----------------------------------------------------------------------

REFUSED = [
    # Grand Melee: 4-16 players
    (f"game grand-melee players: {', '.join(NAMES[:3])}", "(?i)player"),
    (f"game melee players: {', '.join(NAMES[:17])}", "(?i)player"),
    (f"game melee players: {', '.join(NAMES[:2])}", "(?i)player"),
    # Emperor: 2-4 teams of 3 or 5
    (f"game emperor teams: {roster(1, 3)}", "(?i)team"),
    (f"game emperor teams: {roster(5, 3)}", "(?i)team"),
    (f"game emperor teams: {roster(2, 2)}", None),
    (f"game emperor teams: {roster(2, 4)}", None),
    (f"game emperor teams: {roster(2, 1)}", None),
    (f"game emperor teams: {roster(2, 6)}", None),
    (f"game emperor teams: {roster(3, 4)}", None),
    ("game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay+Gus+Hal", "(?i)team"),
    ("game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay, Gus+Hal", "(?i)team"),
    # Teams: 2-4 teams of 2-4
    (f"game teams teams: {roster(1, 2)}", "(?i)team"),
    (f"game teams teams: {roster(5, 2)}", "(?i)team"),
    (f"game teams teams: {roster(2, 1)}", None),
    (f"game teams teams: {roster(2, 5)}", None),
    ("game teams teams: Ann+Bob, Cid+Dan+Eve", "(?i)team"),
    # a name in one team only, and no name twice
    ("game emperor teams: Ann+Bob+Cid, Dan+Ann+Fay", None),
    ("game teams teams: Ann+Bob, Cid+ann", None),
    (f"game melee players: {', '.join(NAMES[:4])}, ann", None),
    # a roster of the wrong kind
    (f"game emperor players: {', '.join(NAMES[:6])}", "(?i)teams|players"),
    (f"game teams players: {', '.join(NAMES[:4])}", "(?i)teams|players"),
    (f"game grand-melee teams: {roster(2, 2)}", "(?i)teams|players"),
    (f"game melee teams: {roster(2, 3)}", "(?i)teams|players"),
    # a rule the format does not know
    (f"game emperor teams: {roster(2, 3)} rules: half-life-consent", "(?i)half-life-consent"),
    (f"game emperor teams: {roster(2, 3)} rules: player-poison", "(?i)player-poison"),
    (f"game emperor teams: {roster(2, 3)} rules: minions", "(?i)minions"),
    (f"game teams teams: {roster(2, 2)} rules: minions", "(?i)minions"),
    (f"game teams teams: {roster(2, 2)} rules: half-life-consent", "(?i)half-life-consent"),
    (f"game melee players: {', '.join(NAMES[:4])} rules: player-poison", "(?i)player-poison"),
    (f"game melee players: {', '.join(NAMES[:4])} rules: half-life-consent", "(?i)half-life"),
    # a bad life
    (f"game emperor teams: {roster(2, 3)} life: 0", "(?i)life"),
    (f"game melee players: {', '.join(NAMES[:4])} life: 1000001", "(?i)life"),
]


@pytest.mark.parametrize(("line", "match"), REFUSED, ids=[c[0] for c in REFUSED])
def test_a_wrong_setup_line_is_refused_with_one_sentence(line: str, match: str | None) -> None:
    with pytest.raises(RuleViolation, match=match) as caught:
        setup(line)
    assert "\n" not in str(caught.value)


# --- the real console -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "game grand-melee players: Ann, Bob, Cid",
        "game emperor teams: Ann+Bob, Cid+Dan",
        "game teams players: Ann, Bob, Cid, Dan",
    ],
)
def test_the_console_exits_2_with_one_line_on_stderr_for_a_wrong_setup_line(line: str) -> None:
    result = console(line + "\nAnn: deal 3 to Bob\n")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.endswith("\n") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_the_console_plays_an_emperor_script_and_prints_its_json() -> None:
    result = console("game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay\nBob: deal 2 to each player\n")
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["format"] == "emperor"
    assert [entry["life"] for entry in state["players"]] == [18, 18, 18, 18, 20, 18]
    assert state["rejected"] == []


def test_the_console_plays_a_grand_melee_script_and_prints_its_markers() -> None:
    names = ", ".join(NAMES[:8])
    result = console(f"game melee players: {names}\nAnn: next\nnext\n")
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["markers"] == [
        {"number": 1, "player": "Bob", "waiting": False},
        {"number": 2, "player": "Fay", "waiting": False},
    ]
    assert state["rejected"] == []
