"""The prompt loop with typed lines: help pages, console commands, one game after another."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from pathlib import Path

from totembot.console.interactive import NEXT_GAME, run_interactive
from totembot.console.session import open_session
from totembot.games.magic.help.pages import help_text


async def typed(lines: list[str], db: str = ":memory:") -> str:
    """What the prompt shows for these lines, typed one by one, then Ctrl-D."""
    answers = iter(lines)

    async def read_line(_prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return await prompt_transcript(read_line, db)


async def prompt_transcript(
    read_line: Callable[[str], Awaitable[str]], db: str = ":memory:"
) -> str:
    """Everything the prompt loop prints while `read_line` types for the user."""
    session = await open_session(db)
    out = io.StringIO()
    try:
        await run_interactive(session, read_line, out)
    finally:
        await session.close()
    return out.getvalue()


async def test_help_pages_work_before_and_during_a_game() -> None:
    text = await typed(["help", "help deal", "game totem players: Ann, Bob, Cid", "HELP Totems"])
    assert "console: this console's own commands and keys" in text
    assert "Form: deal N to P [via T]" in text
    assert help_text("totems").splitlines()[0] in text
    assert "refused:" not in text


async def test_an_unknown_help_topic_lists_the_topics_including_the_console() -> None:
    text = await typed(["help frob"])
    assert "There is no help on 'frob'" in text
    assert "choose, deck, console." in text.replace("\n", " ")


async def test_a_player_named_help_can_still_record_requests() -> None:
    text = await typed(["game totem players: Ann, Help, Cid", "help loses 2 via left"])
    assert "Help-Cid 20 -> 18" in text


async def test_the_end_of_a_game_says_how_to_start_the_next_one() -> None:
    text = await typed(
        [
            "game totem players: Ann, Bob, Cid",
            "game totem players: Dan, Eve, Fay",
            "Ann: win",
            "game totem players: Dan, Eve, Fay",
            "Dan: deal 2 to Eve",
            "json",
        ]
    )
    assert "refused: The game is still being played" in text
    assert text.count(NEXT_GAME) == 1
    assert "New game: Dan, Eve, Fay, 20 life; turn 1: Dan" in text
    assert "Eve-Fay 20 -> 18" in text
    assert '"name": "Dan"' in text


async def test_a_finished_game_in_the_database_greets_with_how_to_start_anew(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "table.sqlite3")
    await typed(["game totem players: Ann, Bob, Cid", "Cid: win"], db)
    text = await typed(["game totem players: Dan, Eve, Fay", "ring"], db)
    assert text.startswith("The saved game is over:")
    assert "Finished: Cid won" in text
    assert "Turn 1: Dan" in text
