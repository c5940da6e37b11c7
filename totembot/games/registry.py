"""Which game plays a format: the one place the shell finds a game's `Ruleset`.

Each game names its own formats; a game's rules are imported on first use, so that listing
Totemic's formats, or playing Magic, never loads the other game.
"""

from __future__ import annotations

from functools import cache

from totembot.core.errors import RuleViolation, shown
from totembot.core.game import GameConfig
from totembot.core.help import Manual
from totembot.core.ruleset import Ruleset
from totembot.games import totemic


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


def game_of(format_name: str) -> str:
    """The name of the game a format belongs to (Magic for every name Totemic does not own),
    without importing either."""
    return "totemic" if format_name in totemic.FORMATS else "magic"


def ruleset_of(format_name: str) -> Ruleset:
    """The ruleset of a stored game's format. Only the ruleset asked for is imported."""
    return _totemic() if game_of(format_name) == "totemic" else _magic()


def ruleset_for_setup(line: str) -> Ruleset:
    """The ruleset a setup line asks for, by the format word after `game` (any case)."""
    words = line.split()
    word = words[1].casefold() if len(words) > 1 else ""
    return ruleset_of(word)


def format_title(format_name: str) -> str:
    """A format as people say it ("Two-Headed Giant"); an unknown name as it is."""
    if format_name in totemic.TITLES:
        return totemic.TITLES[format_name]
    return _magic().format_title(format_name)


def format_names() -> tuple[str, ...]:
    """Every format any game plays, as the setup line names them."""
    return (*_magic().formats, *totemic.FORMATS)


def setup_example() -> str:
    """The setup line shown to a newcomer: Totem's, the game totembot began with."""
    return _magic().setup_example


def manual() -> Manual:
    """The help pages. They live with Magic, which most of them teach (Totemic has a page
    there too); they are imported when first asked for."""
    from totembot.games.magic.help import pages

    return pages


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
