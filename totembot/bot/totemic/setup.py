"""`/totemic new` and `/totemic solo` options to a Totemic setup: pure, tested without Discord.

The options are read here (numbers split by commas, rivals as "Badger 28, Bat 20"); what a
game may be (two players, powers from 1 to 1,000, rising levels, an odd match) is the rules'
own `check_config`, so a refusal is the same sentence the console gives.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from totembot.core.errors import RuleViolation, shown
from totembot.core.names import one_word_name

if TYPE_CHECKING:
    from totembot.games.totemic.rules.state import Rival, TotemicConfig

# The Totemic rules are imported by the functions that set a game up: the bot starts without them.

NUMBER = re.compile(r"[+-]?[0-9]{1,9}", re.ASCII)
SEPARATORS = re.compile(r"[\s,;]+")
POWER_EXAMPLE = "26, 30"
LEVELS_EXAMPLE = "5, 10, 15, 20, 25, 30"
RIVALS_EXAMPLE = "Badger 28, Bat 20, Wolf 25"


def numbers(text: str, option: str, example: str) -> tuple[int, ...]:
    """Whole numbers split by commas (or spaces): "26, 30" -> (26, 30)."""
    words = [word for word in SEPARATORS.split(text.strip()) if word]
    if not words:
        raise RuleViolation(f"Give {option} as whole numbers split by commas, like '{example}'.")
    for word in words:
        if NUMBER.fullmatch(word) is None:
            raise RuleViolation(
                f"Give {option} as whole numbers split by commas, like '{example}', "
                f"not '{shown(word)}'."
            )
    return tuple(int(word) for word in words)


def parse_rivals(text: str) -> tuple[Rival, ...]:
    """ "Badger 28, Bat 20" -> the rivals from the bottom of the Hierarchy of Spirits up."""
    from totembot.games.totemic.language.setup import name_problem
    from totembot.games.totemic.rules.state import Rival

    found: list[Rival] = []
    for item in (part.strip() for part in text.split(",")):
        words = item.split()
        if len(words) != 2 or NUMBER.fullmatch(words[1]) is None:
            raise RuleViolation(
                "Give each rival as a name and its starting power, split by commas, like "
                f"'{RIVALS_EXAMPLE}', not '{shown(item) if item else 'nothing'}'."
            )
        problem = name_problem(words[0])
        if problem:
            raise RuleViolation(f"{problem}.")
        found.append(Rival(name=words[0], power=int(words[1])))
    return tuple(found)


def animal_names(display_names: Sequence[str], reserved: Sequence[str] = ()) -> list[str]:
    """One-word names the Totemic language reads, unique in the game and apart from the rivals'
    (`reserved`): "Ada Admin" -> "Ada_Admin"; a name it cannot read (a phrase word such as
    "draw") becomes Player1, Player2..."""
    from totembot.games.totemic.language.setup import KEYWORDS

    names: list[str] = []
    for index, display_name in enumerate(display_names):
        fallback = f"Player{index + 1}"
        names.append(one_word_name(display_name, [*reserved, *names], fallback, KEYWORDS))
    return names


def match_config(
    names: Sequence[str], power: tuple[int, ...], levels: tuple[int, ...], match: int
) -> TotemicConfig:
    """A two-player game (a best-of-`match` when more than 1), as the rules allow it."""
    from totembot.games.totemic.rules.game import check_config
    from totembot.games.totemic.rules.state import TotemicConfig

    config = TotemicConfig(
        format="totemic", players=tuple(names), power=power, levels=levels, match=match
    )
    check_config(config)
    return config


def solo_config(
    name: str, power: int, ladder: tuple[Rival, ...], levels: tuple[int, ...]
) -> TotemicConfig:
    """One player against the rivals, as the rules allow it."""
    from totembot.games.totemic.rules.game import check_config
    from totembot.games.totemic.rules.state import TotemicConfig

    config = TotemicConfig(
        format="totemic-solo", players=(name,), power=(power,), levels=levels, rivals=ladder
    )
    check_config(config)
    return config


def levels_of(text: str | None) -> tuple[int, ...]:
    from totembot.games.totemic.rules.state import DEFAULT_LEVELS

    return DEFAULT_LEVELS if text is None else numbers(text, "levels", LEVELS_EXAMPLE)


def stand_ins(count: int, reserved: Sequence[str] = ()) -> list[str]:
    """Names that set up a game as the real ones would, to check the options before anyone is
    looked up on Discord."""
    return animal_names([f"Player{index + 1}" for index in range(count)], reserved)
