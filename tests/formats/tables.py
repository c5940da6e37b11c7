"""Playing a script in-process, for the formats' rule tables: the console's JSON, fast."""

from __future__ import annotations

from typing import Any

from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.render.state_json import state_json
from totembot.games.magic.rules import Game, GameState, RuleViolation, new_game


def play(script: str) -> dict[str, Any]:
    """The JSON `totembot console --json` prints for this script (the setup line first)."""
    lines = script.strip("\n").splitlines()
    config = parse_setup(lines[0])
    language = format_named(config.format).language
    game = Game(new_game(config))
    rejected: list[dict[str, Any]] = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            parsed = parse_line(line, language)
            if parsed is not None:
                game.record(parsed.request(host=True))
        except RuleViolation as error:
            rejected.append({"line": number, "error": str(error)})
    return state_json(game.state, rejected)


def refusal(script: str) -> str:
    """The one sentence refusing the script's last line (every earlier line accepted)."""
    state = play(script)
    last = len(script.strip("\n").splitlines())
    lines = [entry["line"] for entry in state["rejected"]]
    assert lines == [last], f"expected only line {last} refused, got {state['rejected']}"
    error = state["rejected"][0]["error"]
    assert isinstance(error, str) and "\n" not in error
    return error


def player(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(entry for entry in state["players"] if entry["name"] == name)


def team(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(entry for entry in state["teams"] if entry["name"] == name)


def script(*lines: str) -> str:
    return "\n".join(lines)


def accepted(*lines: str) -> dict[str, Any]:
    """The state after every line, each of which must be accepted."""
    state = play(script(*lines))
    assert state["rejected"] == [], state["rejected"]
    return state


def refused(*lines: str) -> str:
    """The sentence refusing the last line; every earlier line accepted, nothing changed."""
    error = refusal(script(*lines))
    before = play(script(*lines[:-1]))
    after = play(script(*lines))
    before.pop("rejected")
    after.pop("rejected")
    assert after == before, "the refused line changed the state"
    return error


def lives(state: dict[str, Any]) -> dict[str, int]:
    """Each player's own life (the player formats)."""
    return {entry["name"]: entry["life"] for entry in state["players"]}


def statuses(state: dict[str, Any]) -> dict[str, str]:
    return {entry["name"]: entry["status"] for entry in state["players"]}


def team_statuses(state: dict[str, Any]) -> dict[str, str]:
    return {entry["name"]: entry["status"] for entry in state["teams"]}


def played_state(setup: str, *lines: str) -> GameState:
    """The state after a setup line and every line after it, each of which must be accepted."""
    config = parse_setup(setup)
    language = format_named(config.format).language
    game = Game(new_game(config))
    for line in lines:
        parsed = parse_line(line, language)
        assert parsed is not None, line
        game.record(parsed.request(host=True))
    return game.state
