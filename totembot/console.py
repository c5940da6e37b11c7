"""The offline console: play a game from a script or at a prompt, without Discord.

It goes through the same service as the bot, so with `--db` every answered request is already
committed and a table can stop and resume; without it the game lives in memory.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from totembot.phrases import SETUP_EXAMPLE, parse_line, parse_setup, strip_comment
from totembot.render.state_json import state_json
from totembot.render.text import describe_events, render_ring
from totembot.rules import GameState, RuleViolation
from totembot.service import GameService
from totembot.store import GameStore, StoreError

EXIT_OK = 0
EXIT_BAD_SETUP = 2
CONSOLE_CHANNEL = "console"
CONSOLE_HOST = "console"
PROMPT = "totem> "
HELP = """Requests are phrases of the Totem language, said by a player:
  Ann: deal 3 to Bob via left        Bob loses 2        Cid: gain 4 via right
  Ann: attack Bob-Cid for 5 hitting Cid        Ann: pay 2 via left
  Bob: poison 1 to Cid        Ann: set Bob life to 10 counting left
  Ann: lock left        next        undo        Bob: concede        remove Cid
A line without 'Name:' is recorded by the host.
Console commands: ring (show the table), json (the state as JSON), help, quit."""


class SetupFailed(Exception):
    """The setup line is missing or wrong: the console exits with status 2."""


def is_setup_line(text: str) -> bool:
    words = strip_comment(text).split(maxsplit=1)
    return bool(words) and words[0].casefold() == "game"


@dataclass
class Session:
    """One console game: set up or resumed, then each request answered or refused."""

    service: GameService
    state: GameState | None = None
    rejected: list[dict[str, Any]] = field(default_factory=list)

    async def resume(self) -> None:
        """Continue the game the database already holds for the console, if any."""
        stored = await self.service.current(CONSOLE_CHANNEL)
        self.state = stored.state if stored else None

    async def set_up(self, text: str) -> GameState:
        try:
            stored = await self.service.start(CONSOLE_CHANNEL, CONSOLE_HOST, parse_setup(text))
        except (RuleViolation, StoreError) as error:
            raise SetupFailed(str(error)) from error
        self.state = stored.state
        return stored.state

    async def begin(self, text: str) -> GameState:
        """A setup line: a new game, unless the database holds one still being played."""
        if self.state is not None and not self.state.finished:
            raise SetupFailed(
                "The database already holds the console's game: leave out the setup line to "
                "continue it, or use another --db file for a new game."
            )
        return await self.set_up(text)

    async def answer(self, number: int, text: str) -> str | None:
        """Record one request line; the reply to show, or None for a blank or comment line."""
        try:
            if is_setup_line(text):
                raise RuleViolation("The game is already set up: one setup line per game.")
            parsed = parse_line(text)
            if parsed is None:
                return None
            recorded = await self.service.record(
                CONSOLE_CHANNEL, parsed.request(host=True), CONSOLE_HOST
            )
        except (RuleViolation, StoreError) as error:
            self.rejected.append({"line": number, "error": str(error)})
            return f"refused: {error}"
        self.state = recorded.state
        return describe_events(recorded.events)

    async def close(self) -> None:
        await self.service.store.close()

    def to_json(self) -> dict[str, Any]:
        assert self.state is not None
        return state_json(self.state, self.rejected)


def numbered(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(lines, start=1):
        yield number, line.rstrip("\r\n")


async def open_session(db_path: str) -> Session:
    """A console session on a database file (or ':memory:'), resuming its game if it has one."""
    store = await GameStore.open(db_path)
    session = Session(GameService(store))
    try:
        await session.resume()
    except BaseException:
        await store.close()
        raise
    return session


async def run_script(session: Session, lines: Iterable[str], out: TextIO, as_json: bool) -> None:
    """Set up (or resume), then answer every request; raises SetupFailed without a game."""
    first = True
    for number, text in numbered(lines):
        if first and strip_comment(text):
            first = False
            if session.state is None or is_setup_line(text):
                await session.begin(text)
                continue
        if session.state is None:
            continue
        reply = await session.answer(number, text)
        if reply is not None and not as_json:
            out.write(f"{number}: {reply}\n")
    if session.state is None:
        raise SetupFailed(f"The script has no setup line: start it with '{SETUP_EXAMPLE}'.")
    if as_json:
        out.write(json.dumps(session.to_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(render_ring(session.state) + "\n")


async def run_interactive(session: Session, read_line: Callable[[str], str], out: TextIO) -> None:
    """A prompt: set the game up (or resume it), then answer each line; `ring` shows it."""
    if session.state is None:
        out.write(f"Set the game up, for example: {SETUP_EXAMPLE}\n'help' lists the requests.\n")
    else:
        out.write("Continuing the saved game ('help' lists the requests):\n")
        out.write(render_ring(session.state) + "\n")
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
        elif session.state is None:
            if command:
                try:
                    out.write(render_ring(await session.begin(text)) + "\n")
                except SetupFailed as error:
                    out.write(f"{error}\n")
        elif command in ("ring", "show", "status"):
            out.write(render_ring(session.state) + "\n")
        elif command == "json":
            out.write(json.dumps(session.to_json(), indent=2, ensure_ascii=False) + "\n")
        else:
            reply = await session.answer(number, text)
            if reply is not None:
                out.write(reply + "\n")
