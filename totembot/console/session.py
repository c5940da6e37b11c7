"""The offline console: play a game from a script or at a prompt, without Discord.

It goes through the same service as the bot, so with `--db` every answered request is already
committed and a table can stop and resume; without it the game lives in memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from totembot.chance import system_chance
from totembot.core import GameState, Ruleset
from totembot.core.errors import RuleViolation
from totembot.core.game import Chance
from totembot.core.names import strip_comment
from totembot.games.registry import parse_setup, ruleset_of, setup_example
from totembot.service import GameService
from totembot.store import StoreError, open_store

EXIT_OK = 0
EXIT_BAD_SETUP = 2
CONSOLE_CHANNEL = "console"
CONSOLE_HOST = "console"
STILL_PLAYING = "The game is still being played: a new game can start only once this one is over."


class SetupFailed(Exception):
    """The setup line is missing or wrong: the console exits with status 2."""


def is_setup_line(text: str) -> bool:
    words = strip_comment(text).split(maxsplit=1)
    return bool(words) and words[0].casefold() == "game"


def new_game_line(state: GameState) -> str:
    """What a script shows when a setup line after the first starts the next game."""
    return ruleset_of(state.config.format).started_line(state)


def state_text(state: GameState) -> str:
    """The table as the console shows it, in the game's own way."""
    return ruleset_of(state.config.format).state_text(state)


@dataclass
class Session:
    """The console's games, one after another: each set up or resumed, then played."""

    service: GameService
    state: GameState | None = None
    rejected: list[dict[str, Any]] = field(default_factory=list)
    chance: Chance = field(default_factory=system_chance)  # dice, coins, random players

    async def resume(self) -> None:
        """Continue the game the database already holds for the console, if any."""
        stored = await self.service.current(CONSOLE_CHANNEL)
        self.state = stored.state if stored else None

    async def _start(self, text: str) -> GameState:
        stored = await self.service.start(CONSOLE_CHANNEL, CONSOLE_HOST, parse_setup(text))
        self.state = stored.state
        return stored.state

    async def begin(self, text: str) -> GameState:
        """The first setup line: a new game, unless the database holds one still being played."""
        if self.state is not None and not self.state.finished:
            raise SetupFailed(
                "The database already holds the console's game: leave out the setup line to "
                "continue it, or use another --db file for a new game."
            )
        try:
            return await self._start(text)
        except (RuleViolation, StoreError) as error:
            raise SetupFailed(str(error)) from error

    async def next_game(self, text: str) -> GameState:
        """A later setup line: the next game, once the current one is over."""
        if self.state is not None and not self.state.finished:
            raise RuleViolation(STILL_PLAYING)
        return await self._start(text)

    async def answer(self, number: int, text: str) -> str | None:
        """Record one line; the reply to show, or None for a blank or comment line."""
        try:
            if is_setup_line(text):
                return new_game_line(await self.next_game(text))
            parsed = self.ruleset().parse_line(text, self.playing())
            if parsed is None:
                return None
            request = parsed.request_as(parsed.speaker, parsed.speaker is None, self.chance)
            recorded = await self.service.record(CONSOLE_CHANNEL, request, CONSOLE_HOST)
        except (RuleViolation, StoreError) as error:
            self.rejected.append({"line": number, "error": str(error)})
            return f"refused: {error}"
        self.state = recorded.state
        return self.ruleset().describe_events(recorded.events)

    def playing(self) -> GameState:
        if self.state is None:
            raise RuleViolation(f"No game is set up: start with '{setup_example()}'.")
        return self.state

    def ruleset(self) -> Ruleset:
        """The rules of the game being played."""
        return ruleset_of(self.playing().config.format)

    async def close(self) -> None:
        await self.service.store.close()

    def to_json(self) -> dict[str, Any]:
        return self.ruleset().state_json(self.playing(), self.rejected)


def numbered(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(lines, start=1):
        yield number, line.rstrip("\r\n")


async def open_session(db_path: str, chance: Chance | None = None) -> Session:
    """A console session on a database file (or ':memory:'), resuming its game if it has one;
    `chance` draws its dice (the operating system's randomness by default)."""
    store = await open_store(db_path)
    session = Session(GameService(store), chance=chance or system_chance())
    try:
        await session.resume()
    except BaseException:
        await store.close()
        raise
    return session


def json_text(session: Session) -> str:
    return json.dumps(session.to_json(), indent=2, ensure_ascii=False)


async def run_script(session: Session, lines: Iterable[str], out: TextIO, as_json: bool) -> None:
    """Set up (or resume), then answer every line; raises SetupFailed without a game."""
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
        raise SetupFailed(f"The script has no setup line: start it with '{setup_example()}'.")
    out.write((json_text(session) if as_json else state_text(session.state)) + "\n")
