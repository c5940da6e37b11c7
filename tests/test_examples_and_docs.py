"""The example scripts and the example games of docs/formats.md play as they say.

Each `examples/*.totem` and each fenced script of `docs/formats.md` that starts with `game ` is
played in-process, the way `totembot console --json` plays it (the setup line, then every line
numbered from the top of the script, comments and blank lines counted). A line is refused
exactly when its comment says "refused"; a ```json block that follows a script in the doc is the
state that script ends with.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from totembot.core import GameRequest
from totembot.core.errors import RuleViolation
from totembot.games.registry import parse_setup, ruleset_of

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.totem"))
FORMATS_DOC = ROOT / "docs" / "formats.md"
TOTEMIC_DOC = ROOT / "docs" / "totemic.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)

SEED = 7
NON_TOTEM = {"free-for-all", "two-headed-giant", "emperor", "teams", "grand-melee"}

# Refused lines whose comment explains the refusal without the word "refused" (none now).
UNANNOUNCED: set[tuple[str, int]] = set()


@dataclass
class Played:
    state: dict[str, Any]
    refused: set[int]
    announced: set[int]


def _code(line: str) -> str:
    return line.partition("#")[0].strip()


def play(script: str) -> Played:
    """Play a script (the first line that is not blank or a comment sets the game up)."""
    lines = script.splitlines()
    first = next(number for number, line in enumerate(lines, start=1) if _code(line))
    config = parse_setup(lines[first - 1])
    ruleset = ruleset_of(config.format)
    state = ruleset.new_game(config)
    history: list[GameRequest] = []
    rejected: list[dict[str, Any]] = []
    chance = random.Random(SEED).randint  # as `totembot console --seed 7` draws
    for number, line in enumerate(lines[first:], start=first + 1):
        try:
            parsed = ruleset.parse_line(line, state)
            if parsed is None:
                continue
            request = parsed.request_as(parsed.speaker, parsed.speaker is None, chance)
            if request.is_undo:
                state = ruleset.undo(config, history, request).state
                history.pop()
                continue
            outcome = ruleset.record(state, request)
            if outcome.changed:
                history.append(request)
            state = outcome.state
        except RuleViolation as error:
            rejected.append({"line": number, "error": str(error)})
    announced = {
        number
        for number, line in enumerate(lines, start=1)
        if "refused" in line.partition("#")[2].casefold()
    }
    return Played(ruleset.state_json(state, rejected), {r["line"] for r in rejected}, announced)


def doc_games(doc: Path = FORMATS_DOC) -> list[tuple[str, dict[str, Any] | None]]:
    """Each script of a doc with the JSON block shown after it, if any."""
    games: list[tuple[str, dict[str, Any] | None]] = []
    for match in FENCE.finditer(doc.read_text(encoding="utf-8")):
        kind, body = match.groups()
        if body.lstrip().startswith("game "):
            games.append((body, None))
        elif kind == "json" and games and games[-1][1] is None:
            games[-1] = (games[-1][0], json.loads(body))
    return games


def _example(name: str) -> dict[str, Any]:
    return play((ROOT / "examples" / name).read_text(encoding="utf-8")).state


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_an_example_refuses_only_the_lines_its_comments_say_are_refused(path: Path) -> None:
    played = play(path.read_text(encoding="utf-8"))
    known = {line for name, line in UNANNOUNCED if name == path.name}
    assert not known & played.announced, "the comment says it now: drop it from UNANNOUNCED"
    assert played.refused == played.announced | known, played.state["rejected"]


def test_there_is_an_example_of_each_format_and_each_ends_as_its_comments_say() -> None:
    formats = {play(path.read_text(encoding="utf-8")).state["format"] for path in EXAMPLES}
    assert formats == {"totem", *NON_TOTEM, "totemic", "totemic-solo"}

    ffa = play((ROOT / "examples" / "free-for-all.totem").read_text(encoding="utf-8")).state
    assert ffa["status"] == "finished" and ffa["winners"] == []  # the last two lose at once
    assert [p["status"] for p in ffa["players"]] == ["lost"] * 4

    giant = play((ROOT / "examples" / "two-headed-giant.totem").read_text(encoding="utf-8"))
    assert giant.state["winners"] == ["Ann", "Bob"]
    losers = next(team for team in giant.state["teams"] if team["name"] == "Cid+Dan")
    assert (losers["status"], losers["poison"]) == ("lost", 15)

    emperor = _example("emperor.totem")  # the team falls with its emperor
    assert emperor["winners"] == ["Ann", "Bob", "Cid"]
    fay = next(p for p in emperor["players"] if p["name"] == "Fay")
    assert (fay["role"], fay["status"], fay["life"]) == ("general", "lost", 15)

    teams = _example("teams.totem")  # seated apart; a team wins with one of its players out
    assert [p["name"] for p in teams["players"]] == ["Ann", "Cid", "Eve", "Bob", "Dan", "Fay"]
    assert teams["winners"] == ["Ann"]
    assert [(t["name"], t["status"]) for t in teams["teams"]][0] == ("Ann+Bob", "won")

    melee = _example("grand-melee.totem")  # marker 1 removed, marker 2 kept its number
    assert melee["winners"] == ["Ivy"]  # three wins within range 1, each felling neighbours
    assert melee["markers"] == [{"number": 2, "player": "Cid", "waiting": False}]
    fell_to_ivy = [p["name"] for p in melee["players"] if p["status"] == "lost"]
    assert fell_to_ivy == ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"]

    night = _example("commander-night.totem")  # TABLE.md: counters, designations, tax, dice
    assert (night["winners"], night["monarch"], night["initiative"]) == (["Bob"], "Ann", "Cid")
    assert [(p["counters"], p["commander_casts"]) for p in night["players"]] == [
        ({"rad": 1}, {"Ann:Tymna": 2, "Ann:Kraum": 1}),
        ({"energy": 1}, {}),
        ({"rad": 1}, {}),
        ({"rad": 1, "ticket": 2}, {}),
    ]
    assert [(p["city_blessing"], p["ring"]) for p in night["players"]][2:] == [
        (True, 0),
        (False, 1),
    ]
    assert night["day_night"] == "day"

    minions = _example("minions.totem")  # two falls, the tables turned, a master left
    assert minions["winners"] == ["Ann"]  # a freed minion, the last player who is no one's minion
    assert [(p["name"], p["status"], p["minion_times"]) for p in minions["players"]] == [
        ("Ann", "won", 1),
        ("Bob", "conceded", 1),
        ("Cid", "lost", 2),
        ("Dan", "lost", 1),
    ]


def test_the_formats_doc_shows_an_example_game_with_its_json_for_each_format() -> None:
    shown = {json_state["format"] for _script, json_state in doc_games() if json_state}
    assert shown == NON_TOTEM


@pytest.mark.parametrize(
    ("script", "shown"),
    doc_games(),
    ids=[script.splitlines()[0][:60] for script, _shown in doc_games()],
)
def test_a_script_in_the_formats_doc_plays_as_its_comments_and_json_say(
    script: str, shown: dict[str, Any] | None
) -> None:
    played = play(script)
    assert played.refused == played.announced, played.state["rejected"]
    if shown is not None:
        assert played.state == shown


def test_the_totemic_examples_end_as_their_comments_say() -> None:
    match = _example("totemic.totem")
    assert (match["winners"], match["match"]["wins"]) == (["Ann"], {"Ann": 2, "Bob": 1})
    solo = _example("totemic-solo.totem")
    assert solo["winners"] == ["Bat"]
    assert [rival["status"] for rival in solo["solo"]["rivals"]] == ["defeated", "won", "ahead"]


@pytest.mark.parametrize(
    ("script", "shown"),
    doc_games(TOTEMIC_DOC),
    ids=[script.splitlines()[0][:60] for script, _shown in doc_games(TOTEMIC_DOC)],
)
def test_a_script_in_the_totemic_doc_is_its_example_and_ends_as_its_json_says(
    script: str, shown: dict[str, Any] | None
) -> None:
    played = play(script)
    assert played.refused == played.announced, played.state["rejected"]
    assert shown is not None and played.state == shown
    examples = {path.read_text(encoding="utf-8") for path in EXAMPLES}
    assert script in examples
