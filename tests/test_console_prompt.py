"""The interactive prompt: Tab completion as a unit, then real prompt_toolkit key presses."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Iterator

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from totembot.console.complete import completions
from totembot.console.interactive import DROPPED, run_interactive
from totembot.console.prompt import TerminalPrompt, TotemCompleter
from totembot.console.session import open_session
from totembot.games.magic.formats import FORMATS
from totembot.games.magic.help.pages import topic_names
from totembot.games.magic.language.phrases import parse_setup
from totembot.games.magic.rules import GameState, new_game

UP = "\x1b[A"
TAB = "\t"
ENTER = "\r"
CTRL_C = "\x03"
CTRL_D = "\x04"
CTRL_R = "\x12"
TOTEMS = ["left", "right", "Ann-Bob", "Bob-Cid", "Cid-Ann", "the"]


@pytest.fixture
def game() -> GameState:
    return new_game(parse_setup("game totem players: Ann, Bob, Cid"))


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("", ["game", "help", "quit"]),
        ("ga", ["game"]),
        ("game ", [*FORMATS, "totemic", "totemic-solo"]),
        ("game two-headed-giant ", ["teams:"]),
        ("game totem p", ["players:"]),
        ("game totem players: Ann, Bob, Cid ", ["life:", "commander", "rules:"]),
        ("game totem players: Ann, Bob, Cid commander ", ["life:", "rules:"]),
        ("game totem players: Ann, Bob, Cid rules: ", list(FORMATS["totem"].house_rules)),
        ("game totem players: Ann, Bob, Cid rules: half-life-consent, p", ["player-poison"]),
        ("game totem players: An", []),
    ],
)
def test_before_a_game_tab_offers_the_setup_line(line: str, offered: list[str]) -> None:
    assert completions(line, None) == offered


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("a", ["Ann:", "attack", "approve", "Ann"]),
        ("Ann: d", ["deal", "deny", "deck"]),
        ("ann: DE", ["deal", "deny", "deck"]),
        ("Ann: deal ", []),
        ("Ann: deal 3 ", ["to"]),
        ("Ann: deal 3 to b", ["Bob"]),
        ("Ann: deal 3 to Bob ", ["via"]),
        ("Ann: deal 3 to Bob via ", TOTEMS),
        ("Ann: deal 3 to Bob via bob", ["Bob-Cid"]),
        ("Ann: deal 3 to Bob via the ", TOTEMS[:-1]),
        ("Ann: attack ", TOTEMS),
        ("Ann: attack Bob-Cid ", ["for"]),
        ("Ann: attack Bob-Cid for 5 ", ["with", "hitting"]),
        ("Ann: attack Bob-Cid for 5 with ", ["commander"]),
        ("Ann: attack Bob-Cid for 5 with commander Tymna ", ["hitting"]),
        ("Ann: attack Bob-Cid for 5 hitting C", ["Cid"]),
        ("Ann: set Bob ", ["life"]),
        ("Ann: set Bob life ", ["to"]),
        ("Ann: set Bob life to ", []),
        ("Ann: set Bob life to 10 ", ["via", "counting"]),
        ("Ann: halve ", ["Ann", "Bob", "Cid"]),
        ("Ann: lock ", TOTEMS),
        ("Bob l", ["loses"]),
        ("Ann: Bob g", ["gains", "gets"]),
        ("Bob loses 3 ", ["via"]),
        ("remove ", ["Ann", "Bob", "Cid"]),
        ("next ", []),
        ("help t", ["totemic", "totems", "take"]),
        ("r", ["remove", "ring", "roll"]),
    ],
)
def test_during_a_game_tab_offers_verbs_players_and_totems(
    game: GameState, line: str, offered: list[str]
) -> None:
    assert completions(line, game) == offered


def test_help_offers_every_topic_and_the_console_page(game: GameState) -> None:
    assert completions("help ", game) == [*topic_names(), "console"]


def test_a_setup_line_is_offered_only_once_the_game_is_over(game: GameState) -> None:
    assert "game" not in completions("", game)
    finished = game.model_copy(update={"status": "finished"})
    assert completions("g", finished) == ["gain", "get", "game"]


def test_the_completer_replaces_the_partial_word_and_adds_a_space(game: GameState) -> None:
    completer = TotemCompleter(lambda: game)
    found = list(
        completer.get_completions(
            Document("Ann: deal 3 to b"), CompleteEvent(completion_requested=True)
        )
    )
    assert [(c.text, c.start_position, c.display_text) for c in found] == [("Bob ", -1, "Bob")]


async def until(ready: Callable[[], bool]) -> None:
    """Wait (polling, not sleeping a fixed time) until the prompt is ready."""
    async with asyncio.timeout(10):
        while not ready():
            await asyncio.sleep(0.001)


class Keyboard:
    """Types each chunk of keys into the real prompt once it is waiting for a line."""

    def __init__(self, pipe: PipeInput, prompt: TerminalPrompt, chunks: list[str]) -> None:
        self.pipe = pipe
        self.prompt = prompt
        self.chunks: Iterator[str] = iter(chunks)
        self.lines: list[str] = []

    async def read_line(self, text: str) -> str:
        keys = next(self.chunks, CTRL_D)
        typing = asyncio.ensure_future(self._type_when_waiting(keys))
        try:
            line = await self.prompt(text)  # awaited here, as the console does
        finally:
            await typing
        self.lines.append(line)
        return line

    async def _type_when_waiting(self, keys: str) -> None:
        await until(lambda: self.prompt.session.app.is_running)
        self.pipe.send_text(keys)


async def type_at_the_prompt(chunks: list[str]) -> tuple[str, list[str]]:
    """Run the console's prompt loop on prompt_toolkit with these key presses; its output
    and the lines the prompt returned."""
    session = await open_session(":memory:")
    out = io.StringIO()
    try:
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            keyboard = Keyboard(pipe, TerminalPrompt(lambda: session.state), chunks)
            await asyncio.wait_for(run_interactive(session, keyboard.read_line, out), 30)
    finally:
        await session.close()
    return out.getvalue(), keyboard.lines


SETUP = "game totem players: Ann, Bob, Cid" + ENTER


async def test_the_up_arrow_recalls_the_previous_line() -> None:
    text, lines = await type_at_the_prompt([SETUP, "Ann: deal 3 to Bob" + ENTER, UP + ENTER])
    assert lines[2] == "Ann: deal 3 to Bob"
    assert "Bob-Cid 20 -> 17" in text
    assert "Bob-Cid 17 -> 14" in text
    assert "[A" not in text


async def test_tab_completes_verbs_names_and_totems() -> None:
    text, lines = await type_at_the_prompt(
        [SETUP, "Ann: dea" + TAB + "3 to b" + TAB + "via bob-" + TAB + ENTER]
    )
    assert lines[1] == "Ann: deal 3 to Bob via Bob-Cid "
    assert "Bob-Cid 20 -> 17, dealt by Ann" in text


async def test_ctrl_c_drops_the_line_and_keeps_the_game() -> None:
    text, lines = await type_at_the_prompt([SETUP, "Ann: deal 3 to Bob" + CTRL_C, "ring" + ENTER])
    assert lines == ["game totem players: Ann, Bob, Cid", "ring"]
    assert DROPPED in text
    assert "Bob-Cid: 20 life" in text.split(DROPPED)[1]
    assert "Turn 1: Ann" in text.split(DROPPED)[1]


async def test_ctrl_r_finds_an_earlier_line() -> None:
    text, lines = await type_at_the_prompt(
        [SETUP, "Ann: deal 3 to Bob" + ENTER, "next" + ENTER, CTRL_R + "deal" + ENTER + ENTER]
    )
    assert lines[3] == "Ann: deal 3 to Bob"
    assert "Bob-Cid 17 -> 14" in text


async def test_ctrl_d_leaves_and_a_new_game_follows_a_finished_one() -> None:
    text, lines = await type_at_the_prompt(
        [
            SETUP,
            "game totem players: Dan, Eve, Fay" + ENTER,
            "Ann: win" + ENTER,
            "game totem players: Dan, Eve, Fay" + ENTER,
            "Dan: deal 2 to Eve" + ENTER,
            CTRL_D,
        ]
    )
    assert len(lines) == 5
    assert "refused: The game is still being played" in text
    assert "Game over: Ann wins" in text
    assert "New game: Dan, Eve, Fay, 20 life; turn 1: Dan" in text
    assert "Eve-Fay 20 -> 18" in text
    assert text.endswith("Eve-Fay 20 -> 18, dealt by Dan (for Eve)\n\n")
