"""What Tab offers in Totemic's lines: a speaker, a verb, or the player who gains or loses
power; and the setup line's options. Pure; the console asks through the ruleset."""

from __future__ import annotations

from totembot.games.totemic.language.phrases import VERBS
from totembot.games.totemic.rules.state import TotemicState

OPTIONS = {
    "totemic": ("power:", "levels:", "match:"),
    "totemic-solo": ("power:", "rivals:", "levels:"),
}


def setup_words(words: list[str]) -> list[str]:
    """`game totemic players: A, B power: 26, 30 [levels: ...] [match: 3]` and the solo line."""
    if len(words) == 2:
        return ["players:"]
    last = words[-1]
    if last.endswith(":") or last.endswith(","):
        return []
    return [option for option in OPTIONS[words[1]] if option not in words]


def line_words(words: list[str], state: TotemicState) -> list[str]:
    """Totemic's phrases: a speaker, a verb, or the player who gains or loses power."""
    names = [animal.name for animal in state.players]
    folded = [word.casefold() for word in words]
    if folded and folded[0].endswith(":"):
        folded = folded[1:]
    if not folded:
        if not words:  # the console adds its own commands
            return [*(f"{name}:" for name in names), *VERBS, *names]
        return [*VERBS, *names, *(["game"] * state.finished)]
    if len(folded) == 1 and folded[0] in (name.casefold() for name in names):
        return ["loses", "gains"]
    return []
