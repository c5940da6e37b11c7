"""The offline console: play a game from a script or at a prompt, without Discord."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from totembot.phrases import SETUP_EXAMPLE, parse_line, parse_setup, strip_comment
from totembot.render.state_json import state_json
from totembot.render.text import describe_events, render_ring
from totembot.rules import Game, RuleViolation, new_game

EXIT_OK = 0
EXIT_BAD_SETUP = 2
PROMPT = "totem> "
HELP = """Requests are phrases of the Totem language, said by a player:
  Ann: deal 3 to Bob via left        Bob loses 2        Cid: gain 4 via right
  Ann: attack Bob-Cid for 5 hitting Cid        Ann: pay 2 via left
  Bob: poison 1 to Cid        Ann: set Bob life to 10 counting left
  Ann: lock left        next        undo        Bob: concede        remove Cid
A line without 'Name:' is recorded by the host.
Console commands: ring (show the table), json (the state as JSON), help, quit."""


class SetupFailed(Exception):
    """The script's setup line is missing or wrong: the console exits with status 2."""


@dataclass
class Session:
    """One console game: the setup, then each request answered or refused by line number."""

    game: Game | None = None
    rejected: list[dict[str, Any]] = field(default_factory=list)

    def set_up(self, text: str) -> Game:
        try:
            self.game = Game(new_game(parse_setup(text)))
        except RuleViolation as error:
            raise SetupFailed(str(error)) from error
        return self.game

    def answer(self, number: int, text: str) -> str | None:
        """Record one request line; the reply to show, or None for a blank or comment line."""
        assert self.game is not None
        try:
            parsed = parse_line(text)
            if parsed is None:
                return None
            if strip_comment(text).casefold().startswith("game "):
                raise RuleViolation("The game is already set up: one setup line per script.")
            outcome = self.game.record(parsed.request(host=True))
        except RuleViolation as error:
            self.rejected.append({"line": number, "error": str(error)})
            return f"refused: {error}"
        return describe_events(outcome.events)

    def to_json(self) -> dict[str, Any]:
        assert self.game is not None
        return state_json(self.game.state, self.rejected)


def numbered(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(lines, start=1):
        yield number, line.rstrip("\r\n")


def run_script(lines: Iterable[str], out: TextIO, as_json: bool) -> Session:
    """Read the setup line, then every request; raises SetupFailed without a setup."""
    session = Session()
    for number, text in numbered(lines):
        if session.game is None:
            if strip_comment(text):
                session.set_up(text)
            continue
        reply = session.answer(number, text)
        if reply is not None and not as_json:
            out.write(f"{number}: {reply}\n")
    if session.game is None:
        raise SetupFailed(f"The script has no setup line: start it with '{SETUP_EXAMPLE}'.")
    if as_json:
        out.write(json.dumps(session.to_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(render_ring(session.game.state) + "\n")
    return session


def run_interactive(read_line: Any, out: TextIO) -> None:
    """A prompt: set the game up, then answer each line; `ring` shows the table."""
    session = Session()
    out.write(f"Set the game up, for example: {SETUP_EXAMPLE}\n'help' lists the requests.\n")
    number = 0
    while True:
        try:
            text = read_line(PROMPT)
        except EOFError:
            out.write("\n")
            return
        number += 1
        command = strip_comment(text).casefold()
        if command in ("quit", "exit"):
            return
        if command == "help":
            out.write(HELP + "\n")
            continue
        if session.game is None:
            if command:
                try:
                    game = session.set_up(text)
                    out.write(render_ring(game.state) + "\n")
                except SetupFailed as error:
                    out.write(f"{error}\n")
            continue
        if command in ("ring", "show", "status"):
            out.write(render_ring(session.game.state) + "\n")
        elif command == "json":
            out.write(json.dumps(session.to_json(), indent=2, ensure_ascii=False) + "\n")
        else:
            reply = session.answer(number, text)
            if reply is not None:
                out.write(reply + "\n")
