"""The console's prompt loop: each typed line is a console command, a setup or a request.

The loop reads through a `read_line` callable, so the tests drive it with plain strings or with
prompt_toolkit's pipe input, and only a real terminal gets the prompt_toolkit session.
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Awaitable, Callable
from typing import TextIO

from totembot.console.session import Session, SetupFailed, is_setup_line, json_text, state_text
from totembot.core import GameState
from totembot.core.help import Topic
from totembot.core.names import strip_comment
from totembot.games.registry import manual, setup_example

ReadLine = Callable[[str], Awaitable[str]]
PROMPT = "totem> "
RING_COMMANDS = ("ring", "show", "status")
QUIT_COMMANDS = ("quit", "exit")
DROPPED = "Line dropped: type quit or press Ctrl-D to leave."
MAX_WIDTH = 100
NEXT_GAME = "A setup line starts a new game ('help game'); undo takes the last change back."
CONSOLE_TOPIC = Topic(
    name="console",
    title="this console's own commands and keys",
    text=(
        "ring (or show, status) shows the table; json prints the state as JSON (see RULES.md); "
        "help TOPIC explains a topic; quit or exit, or Ctrl-D on an empty line, leaves.",
        "Up and Down recall earlier lines and Ctrl-R searches them; Tab completes verbs, "
        "players' names, totems and kinds of counters; Ctrl-C drops the line being typed, not "
        "the game.",
        "Dice, coins and random players are drawn as each line is recorded: totembot console "
        "--seed N draws the same ones every time.",
        "Once a game is over, a new setup line (game totem players: ...) starts the next one; "
        "while a game is being played, a setup line is refused.",
    ),
)


def console_help(topic: str | None, width: int | None = None) -> str:
    """A help page wrapped to the terminal, with the console's own page among the topics."""
    text = manual().help_text(topic, extra=(CONSOLE_TOPIC,))
    width = width or min(shutil.get_terminal_size().columns, MAX_WIDTH)
    return "\n".join(_wrap(line, width) for line in text.splitlines())


def _wrap(line: str, width: int) -> str:
    indent = line[: len(line) - len(line.lstrip())]
    return textwrap.fill(line, width, subsequent_indent=indent, break_on_hyphens=False)


def greeting(state: GameState | None) -> str:
    """What the prompt says first: how to start, or the game it continues."""
    if state is None:
        return f"Set the game up, for example: {setup_example()}\n'help' teaches the language."
    if state.finished:
        return f"The saved game is over:\n{state_text(state)}\n{NEXT_GAME}"
    return f"Continuing the saved game ('help' teaches the language):\n{state_text(state)}"


def _help_topic(words: list[str]) -> tuple[bool, str | None]:
    """`help` or `help TOPIC` (a longer line may be a request by a player named Help)."""
    if words and words[0].casefold() == "help" and len(words) <= 2:
        return True, words[1] if len(words) == 2 else None
    return False, None


async def _set_up(session: Session, number: int, text: str, out: TextIO) -> None:
    if session.state is None:
        try:
            out.write(state_text(await session.begin(text)) + "\n")
        except SetupFailed as error:
            out.write(f"{error}\n")
        return
    before = session.state
    out.write(f"{await session.answer(number, text)}\n")
    if session.state is not before and session.state is not None:
        out.write(state_text(session.state) + "\n")


async def interact(session: Session, number: int, text: str, out: TextIO) -> bool:
    """Answer one typed line; False when it asks to leave."""
    words = strip_comment(text).split()
    command = " ".join(words).casefold()
    asked, topic = _help_topic(words)
    if command in QUIT_COMMANDS:
        return False
    if asked:
        out.write(console_help(topic) + "\n")
    elif session.state is None or is_setup_line(text):
        if command:
            await _set_up(session, number, text, out)
    elif command in RING_COMMANDS:
        out.write(state_text(session.state) + "\n")
    elif command == "json":
        out.write(json_text(session) + "\n")
    else:
        await _request(session, number, text, out)
    return True


async def _request(session: Session, number: int, text: str, out: TextIO) -> None:
    playing = session.state is not None and not session.state.finished
    reply = await session.answer(number, text)
    if reply is not None:
        out.write(reply + "\n")
    if playing and session.state is not None and session.state.finished:
        out.write(NEXT_GAME + "\n")


async def run_interactive(session: Session, read_line: ReadLine, out: TextIO) -> None:
    """A prompt: set a game up (or resume it), then answer each line until quit or Ctrl-D."""
    out.write(greeting(session.state) + "\n")
    number = 0
    while True:
        try:
            text = await read_line(PROMPT)
        except KeyboardInterrupt:
            out.write(DROPPED + "\n")
            continue
        except EOFError:
            out.write("\n")
            return
        number += 1
        if not await interact(session, number, text, out):
            return
