"""Playing a Totemic script in-process, as `totembot console --json` would: the rule tables' helper.

The first line sets the game up; every other line is read with `parse_line` and recorded by the
host when it names no speaker (`.request(host=True)`). A refused line is collected as
`{"line": N, "error": SENTENCE}` (the setup line is line 1) and changes nothing.
"""

from __future__ import annotations

from typing import Any

from totembot.core.errors import RuleViolation
from totembot.games.totemic.language.phrases import parse_line, parse_setup
from totembot.games.totemic.render.state_json import totemic_json
from totembot.games.totemic.rules.game import TotemicGame, new_game

TWO = "game totemic players: Ann, Bob power: 26, 30"
SOLO = "game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat 20, Wolf 25"


def script(*lines: str) -> str:
    return "\n".join(lines)


def run(text: str) -> tuple[TotemicGame, list[dict[str, Any]]]:
    """The game after the script, and every refused line."""
    lines = text.strip("\n").splitlines()
    game = TotemicGame(new_game(parse_setup(lines[0])))
    rejected: list[dict[str, Any]] = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            parsed = parse_line(line)
            if parsed is not None:
                game.record(parsed.request(host=True))
        except RuleViolation as error:
            rejected.append({"line": number, "error": str(error)})
    return game, rejected


def play(text: str) -> dict[str, Any]:
    """The JSON of the state after the script, with the refused lines."""
    game, rejected = run(text)
    return totemic_json(game.state, rejected)


def accepted(*lines: str) -> dict[str, Any]:
    """The JSON after every line, each of which must be accepted."""
    state = play(script(*lines))
    assert state["rejected"] == [], state["rejected"]
    return state


def refused(*lines: str) -> str:
    """The one sentence refusing the last line; every earlier line accepted, nothing changed."""
    before = play(script(*lines[:-1]))
    after = play(script(*lines))
    assert before["rejected"] == [], before["rejected"]
    assert [entry["line"] for entry in after["rejected"]] == [len(lines)], after["rejected"]
    error = after["rejected"][0]["error"]
    assert isinstance(error, str) and error.strip() and "\n" not in error
    before.pop("rejected")
    after.pop("rejected")
    assert after == before, "the refused line changed the state"
    return error


def powers(state: dict[str, Any]) -> dict[str, int]:
    return {entry["name"]: entry["power"] for entry in state["players"]}


def holder(state: dict[str, Any]) -> str | None:
    """The name of the player with dominance (None if no one has it)."""
    holders = [entry["name"] for entry in state["players"] if entry["dominance"]]
    assert len(holders) <= 1, holders
    return holders[0] if holders else None


def statuses(state: dict[str, Any]) -> dict[str, str]:
    return {entry["name"]: entry["status"] for entry in state["players"]}


def rivals(state: dict[str, Any]) -> dict[str, str]:
    """Each rival's status in the Hierarchy of Spirits (solo)."""
    return {entry["name"]: entry["status"] for entry in state["solo"]["rivals"]}
