"""The seam: a game with rules, as the shell sees it, and what every game shares.

The service, the store, the console and the bot talk to a game only through a `Ruleset`
(`core.ruleset`, its models' protocols in `core.game`); they never import a game's own models.
Every game builds on the pieces here (`Frozen`, `RuleViolation`, `Actor` and `Request`, one
`History`, one `PhraseLine`, the story and help models). This package imports no other part
of totembot; `games.registry.ruleset_of` finds the game that plays a format.
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
