"""Which ruleset plays a format. The rulesets are imported on first use, so that the rules
packages may import `totembot.core.errors` without a cycle."""

from __future__ import annotations

from functools import cache

from totembot.core.errors import RuleViolation, shown
from totembot.core.game import GameConfig
from totembot.core.ruleset import Ruleset

TOTEMIC_FORMATS = ("totemic", "totemic-solo")


@cache
def _magic() -> Ruleset:
    from totembot.games.magic.ruleset import MAGIC

    return MAGIC


@cache
def _totemic() -> Ruleset:
    from totembot.games.totemic.ruleset import TOTEMIC

    return TOTEMIC


def rulesets() -> tuple[Ruleset, ...]:
    return (_magic(), _totemic())


def ruleset_of(format_name: str) -> Ruleset:
    """The ruleset of a stored game's format (Magic for every name Totemic does not own).
    Only the ruleset asked for is imported."""
    return _totemic() if format_name in TOTEMIC_FORMATS else _magic()


def ruleset_for_setup(line: str) -> Ruleset:
    """The ruleset a setup line asks for, by the format word after `game` (any case)."""
    words = line.split()
    word = words[1].casefold() if len(words) > 1 else ""
    return ruleset_of(word)


TOTEMIC_TITLES = {"totemic": "Totemic", "totemic-solo": "Totemic solo"}


def format_title(format_name: str) -> str:
    """A format as people say it ("Two-Headed Giant"); an unknown name as it is."""
    if format_name in TOTEMIC_TITLES:
        return TOTEMIC_TITLES[format_name]
    from totembot.games.magic.formats import FORMATS

    known = FORMATS.get(format_name)
    return known.title if known is not None else format_name


def format_names() -> tuple[str, ...]:
    """Every format any ruleset plays, as the setup line names them (Totemic's known here, so
    that listing them does not import its rules)."""
    return (*_magic().formats, *TOTEMIC_FORMATS)


def parse_setup(line: str) -> GameConfig:
    """A setup line of any ruleset; an unknown format is refused naming every known one."""
    ruleset = ruleset_for_setup(line)
    try:
        return ruleset.parse_setup(line)
    except RuleViolation as error:
        if not str(error).startswith("The format must be"):
            raise
        known = ", ".join(f"'{name}'" for name in format_names())
        word = line.split()[1]
        raise type(error)(f"The format must be {known}, not '{shown(word)}'.") from error
