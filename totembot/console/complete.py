"""What Tab offers at the console prompt: the words that may come next.

The console's own words (its commands, `help` and its topics, `game` and the formats) are
chosen here; the rest comes from the game being played or set up, through its ruleset. Pure,
so it is tested without a terminal.
"""

from __future__ import annotations

from totembot.core import GameState
from totembot.games.registry import format_names, manual, ruleset_of

CONSOLE_COMMANDS = ("ring", "json", "help", "quit")


def completions(before_cursor: str, state: GameState | None) -> list[str]:
    """The words that complete the line's last, partial word (case is ignored)."""
    words = before_cursor.split()
    partial = "" if not before_cursor or before_cursor[-1].isspace() else words.pop()
    folded = partial.casefold()
    found = [word for word in _next_words(words, state) if word.casefold().startswith(folded)]
    return list(dict.fromkeys(found))


def _next_words(words: list[str], state: GameState | None) -> list[str]:
    first = words[0].casefold() if words else None
    if first == "help":
        return [*manual().topic_names(), "console"] if len(words) == 1 else []
    if state is None or first == "game":
        return _setup_words([word.casefold() for word in words])
    game_words = ruleset_of(state.config.format).line_words(words, state)
    if words:
        return game_words
    return [*game_words, *CONSOLE_COMMANDS, *(["game"] * state.finished)]


def _setup_words(words: list[str]) -> list[str]:
    """`game FORMAT ...`: the format's own options come from its game."""
    if not words:
        return ["game", "help", "quit"]
    if len(words) == 1:
        return list(format_names())
    return ruleset_of(words[1]).setup_words(words)
