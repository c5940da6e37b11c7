"""The prompt for a real terminal: line editing, history, Ctrl-R search and Tab completion.

Only this module knows prompt_toolkit; the loop in `console/interactive.py` just awaits a line.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from types import FrameType

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.shortcuts import CompleteStyle

from totembot.console.complete import completions
from totembot.core import GameState


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
        self.interrupted = False

    @contextmanager
    def catching_interrupts(self) -> Iterator[None]:
        """Ctrl-C drops the line, whenever it comes. At the prompt the terminal is raw and
        Ctrl-C is a key; while a line is being answered it is a SIGINT, which asyncio.run
        would turn into cancelling the console and losing the game."""
        loop = asyncio.get_running_loop()

        def on_sigint(signum: int, frame: FrameType | None) -> None:
            loop.call_soon_threadsafe(self._interrupt)

        previous = signal.signal(signal.SIGINT, on_sigint)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    def _interrupt(self) -> None:
        """Drop the line being typed now, or else the next one, as Ctrl-C at the prompt does."""
        app = self.session.app
        if app.is_running and app.future is not None and not app.future.done():
            app.exit(exception=KeyboardInterrupt(), style="class:aborting")
        else:
            self.interrupted = True

    def _drop_if_interrupted(self) -> None:
        if self.interrupted:
            self.interrupted = False
            self.session.app.exit(exception=KeyboardInterrupt(), style="class:aborting")

    async def __call__(self, prompt: str) -> str:
        return await self.session.prompt_async(
            prompt, handle_sigint=False, pre_run=self._drop_if_interrupted
        )
