"""The prompt for a real terminal: line editing, history, Ctrl-R search and Tab completion.

Only this module knows prompt_toolkit; the loop in console_interactive just awaits a line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.shortcuts import CompleteStyle

from totembot.console_complete import completions
from totembot.rules import GameState


class TotemCompleter(Completer):
    """Completes the word before the cursor with verbs, the game's players and totems."""

    def __init__(self, state: Callable[[], GameState | None]) -> None:
        self._state = state

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        partial = document.get_word_before_cursor(WORD=True)
        for word in completions(document.text_before_cursor, self._state()):
            yield Completion(word + " ", start_position=-len(partial), display=word)


class TerminalPrompt:
    """Reads a line on the current terminal: raises EOFError on Ctrl-D and KeyboardInterrupt
    on Ctrl-C, as input() does, so the loop drops the line and keeps the game.

    Tab completes at once, as readline does (the choices are listed when several remain).
    """

    def __init__(self, state: Callable[[], GameState | None]) -> None:
        self.session: PromptSession[str] = PromptSession(
            history=InMemoryHistory(),
            completer=TotemCompleter(state),
            complete_style=CompleteStyle.READLINE_LIKE,
        )

    async def __call__(self, prompt: str) -> str:
        return await self.session.prompt_async(prompt)
