"""The Totemic setup line and the language's names: `game totemic players: ... power: ...`.

The sections (`players:`, `power:`, `rivals:`, `levels:`, `match:`) come in any order after
the format, each once; keywords are case-insensitive. A line that reads well but sets up a
game TOTEMIC.md does not allow is refused by the same checks as `new_game`.
"""

from __future__ import annotations

import re

from totembot.core import names
from totembot.core.errors import RuleViolation, shown
from totembot.core.names import strip_comment
from totembot.games.totemic import FORMATS
from totembot.games.totemic.rules.game import TotemicSetupError, check_config
from totembot.games.totemic.rules.state import DEFAULT_LEVELS, Rival, TotemicConfig

SETUP_EXAMPLES: tuple[str, str] = (
    "game totemic players: Ann, Bob power: 26, 30 [levels: 5, 10, 15, 20, 25, 30] [match: 3]",
    "game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat 20, Wolf 25 "
    "[levels: 5, 10, 15, 20, 25, 30]",
)
SECTIONS = ("players", "power", "rivals", "levels", "match")
KEYWORDS = frozenset(
    (
        "draw",
        "invoke",
        "challenge",
        "accept",
        "threaten",
        "submit",
        "reveal",
        "next",
        "gain",
        "gains",
        "lose",
        "loses",
        "dominance",
        "reshuffle",
        "undo",
        "game",
        *SECTIONS,
        *FORMATS,
    )
)
NUMBER = re.compile(r"-?[0-9]{1,9}", re.ASCII)


class TotemicPhraseError(RuleViolation):
    """A request line that cannot be read; the message says what was expected."""


def name_problem(word: str) -> str | None:
    """Why a word cannot be a player's or rival's name, or None when it can."""
    return names.name_problem(word, KEYWORDS)


def is_name(word: str) -> bool:
    return name_problem(word) is None


class _Line:
    """A cursor over the setup line's words, `,` and `:` counted as words of their own."""

    def __init__(self, line: str) -> None:
        self.words = re.findall(r"[,:]|[^\s,:]+", strip_comment(line))
        self.pos = 0

    def peek(self) -> str | None:
        return self.words[self.pos] if self.pos < len(self.words) else None

    def take(self) -> str | None:
        word = self.peek()
        self.pos += word is not None
        return word

    def comma(self) -> bool:
        if self.peek() == ",":
            self.pos += 1
            return True
        return False

    def name(self, section: str) -> str:
        word = self.take()
        if word is None or word in ",:":
            raise TotemicSetupError(f"Expected a name in '{section}:': {_examples()}.")
        problem = name_problem(word)
        if problem:
            raise TotemicSetupError(f"In '{section}:', {problem}.")
        return word

    def number(self, section: str) -> int:
        word = self.take()
        if word is not None and re.fullmatch(r"-?[0-9]{10,}", word, re.ASCII):
            raise TotemicSetupError(f"The number in '{section}:' is far too large: {shown(word)}.")
        if word is None or NUMBER.fullmatch(word) is None:
            found = "the line ends there" if word is None else f"not '{shown(word)}'"
            raise TotemicSetupError(f"Expected a whole number in '{section}:', {found}.")
        return int(word)


def _examples() -> str:
    return f"write '{SETUP_EXAMPLES[0]}' or '{SETUP_EXAMPLES[1]}'"


def _section(line: _Line, section: str) -> object:
    """One section's value after its colon: names, numbers, rivals, or the match's number."""
    if section == "match":
        return line.number(section)
    if section == "players":
        items: list[object] = [line.name(section)]
        while line.comma():
            items.append(line.name(section))
        return tuple(items)
    items = [_item(line, section)]
    while line.comma():
        items.append(_item(line, section))
    return tuple(items)


def _item(line: _Line, section: str) -> object:
    if section == "rivals":
        return Rival(name=line.name(section), power=line.number(section))
    return line.number(section)


def _format(line: _Line) -> str:
    first = line.take()
    if first is None or first.casefold() != "game":
        raise TotemicSetupError(f"The first line must set the game up: {_examples()}.")
    chosen = line.take()
    if chosen is None or chosen.casefold() not in FORMATS:
        found = f", not '{shown(chosen)}'" if chosen else ""
        raise TotemicSetupError(f"Expected totemic or totemic-solo after 'game'{found}.")
    return chosen.casefold()


def _sections(line: _Line) -> dict[str, object]:
    found: dict[str, object] = {}
    while (word := line.take()) is not None:
        section = word.casefold()
        if section not in SECTIONS:
            raise TotemicSetupError(
                f"Unexpected '{shown(word)}' in the setup line: names and numbers are "
                "separated by commas, and the sections are 'players:', 'power:', 'rivals:', "
                "'levels:' and 'match:'."
            )
        if section in found:
            raise TotemicSetupError(f"'{section}:' is given twice in the setup line.")
        if line.take() != ":":
            raise TotemicSetupError(f"Expected ':' after '{section}' in the setup line.")
        found[section] = _section(line, section)
    return found


def parse_setup(line: str) -> TotemicConfig:
    """`game totemic players: Ann, Bob power: 26, 30 [levels: ...] [match: 3]` or
    `game totemic-solo players: Ann power: 26 rivals: Badger 28, ... [levels: ...]`."""
    cursor = _Line(line)
    chosen = _format(cursor)
    found = _sections(cursor)
    for required in ("players", "power"):
        if required not in found:
            raise TotemicSetupError(
                f"The setup line needs '{required}:': "
                f"write '{SETUP_EXAMPLES[FORMATS.index(chosen)]}'."
            )
    config = TotemicConfig.model_validate({"format": chosen, **found})
    check_config(config)
    return config


def format_setup(config: TotemicConfig) -> str:
    """The setup line that sets this game up again: parse_setup(format_setup(c)) == c."""
    parts = [
        f"game {config.format} players: {', '.join(config.players)}",
        f"power: {', '.join(str(power) for power in config.power)}",
    ]
    if config.rivals:
        rivals = ", ".join(f"{rival.name} {rival.power}" for rival in config.rivals)
        parts.append(f"rivals: {rivals}")
    if config.levels != DEFAULT_LEVELS:
        parts.append(f"levels: {', '.join(str(level) for level in config.levels)}")
    if config.match != 1:
        parts.append(f"match: {config.match}")
    return " ".join(parts)
