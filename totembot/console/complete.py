"""What Tab offers at the console prompt: the words that may come next, from the game itself.

Pure, so it is tested without a terminal: the players' names and totems come from the state,
and the format decides whether totems are named at all. A Magic request's words come from the
request table (`totembot.games.magic.language.tab`).
"""

from __future__ import annotations

from totembot.core import GameState as AnyState
from totembot.games.magic.formats import FORMATS, format_named
from totembot.games.magic.help.pages import topic_names
from totembot.games.magic.language.tab import phrase_words, request_starts
from totembot.games.magic.rules import GameState
from totembot.games.magic.rules.errors import RuleViolation
from totembot.games.registry import TOTEMIC_FORMATS
from totembot.games.totemic.language.phrases import VERBS as TOTEMIC_VERBS

CONSOLE_COMMANDS = ("ring", "json", "help", "quit")
SETUP_OPTIONS = ("life:", "commander", "rules:")
TOTEMIC_OPTIONS = {
    "totemic": ("power:", "levels:", "match:"),
    "totemic-solo": ("power:", "rivals:", "levels:"),
}


def completions(before_cursor: str, state: AnyState | None) -> list[str]:
    """The words that complete the line's last, partial word (case is ignored)."""
    words = before_cursor.split()
    partial = "" if not before_cursor or before_cursor[-1].isspace() else words.pop()
    folded = partial.casefold()
    found = [word for word in _next_words(words, state) if word.casefold().startswith(folded)]
    return list(dict.fromkeys(found))


def _next_words(words: list[str], state: AnyState | None) -> list[str]:
    first = words[0].casefold() if words else None
    if first == "help":
        return [*topic_names(), "console"] if len(words) == 1 else []
    if state is None or first == "game":
        return _setup_words([word.casefold() for word in words])
    if not isinstance(state, GameState):
        return _totemic_words(words, state)
    if first is not None and first.endswith(":"):
        return phrase_words(words[1:], state) if len(words) > 1 else request_starts(state)
    if not words:
        speakers = [f"{player.name}:" for player in state.players]
        finished = ["game"] * state.finished
        return [*speakers, *request_starts(state), *CONSOLE_COMMANDS, *finished]
    return phrase_words(words, state)


def _setup_words(words: list[str]) -> list[str]:
    """`game totem players: A, B, C [life: N] [commander] [rules: R1, R2]`"""
    if not words:
        return ["game", "help", "quit"]
    if len(words) == 1:
        return [*FORMATS, *TOTEMIC_FORMATS]
    if words[1] in TOTEMIC_OPTIONS:
        return _totemic_setup_words(words)
    try:
        game_format = format_named(words[1])
    except RuleViolation:
        return []
    if len(words) == 2:
        return [f"{game_format.roster}:"]
    last = words[-1]
    listed = words[words.index("rules:") + 1 :] if "rules:" in words else [""]
    in_rules = all(word.endswith(",") for word in listed)
    if last == "rules:" or (in_rules and last.endswith(",")):
        return list(game_format.house_rules)
    if last in ("players:", "teams:", "life:") or last.endswith(","):
        return []
    return [option for option in SETUP_OPTIONS if option not in words]


def _totemic_setup_words(words: list[str]) -> list[str]:
    """`game totemic players: A, B power: 26, 30 [levels: ...] [match: 3]` and the solo line."""
    if len(words) == 2:
        return ["players:"]
    last = words[-1]
    if last.endswith(":") or last.endswith(","):
        return []
    return [option for option in TOTEMIC_OPTIONS[words[1]] if option not in words]


def _totemic_words(words: list[str], state: AnyState) -> list[str]:
    """Totemic's phrases: a speaker, a verb, or the player who gains or loses power."""
    names = [animal.name for animal in state.players]
    folded = [word.casefold() for word in words]
    if folded and folded[0].endswith(":"):
        folded = folded[1:]
    if not folded:
        start = [] if words else [*(f"{name}:" for name in names), *CONSOLE_COMMANDS]
        after = ["game"] if state.finished else []
        return [*start, *TOTEMIC_VERBS, *names, *after]
    if len(folded) == 1 and folded[0] in (name.casefold() for name in names):
        return ["loses", "gains"]
    return []
