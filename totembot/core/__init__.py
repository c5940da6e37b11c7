"""A game with rules, as the shell sees it: the one interface between the games and the rest.

The service, the store and the console talk to a game only through a `Ruleset`: they never
import one game's state models. Two rulesets exist: Magic (`totembot.games.magic.rules` with every format
of `totembot.games.magic.formats`) and Totemic (`totembot.games.totemic.rules`). `registry.ruleset_of` finds the one
that plays a format. This package imports neither, so the rules may import its errors.
"""

from totembot.core.game import GameConfig, GameEvent, GameRequest, GameState, Outcome, ParsedLine
from totembot.core.ruleset import Ruleset

__all__ = [
    "GameConfig",
    "GameEvent",
    "GameRequest",
    "GameState",
    "Outcome",
    "ParsedLine",
    "Ruleset",
]
