"""The Totem rules: pure functions over frozen states (no Discord, database or clock)."""

from totembot.core.history import Step
from totembot.games.magic.rules.engine import apply, validate
from totembot.games.magic.rules.errors import AmbiguousTotem, RuleViolation
from totembot.games.magic.rules.game import Game, Outcome, new_game, replay
from totembot.games.magic.rules.intents import Actor, Request, TotemRef
from totembot.games.magic.rules.state import HOUSE_RULES, Config, GameState

__all__ = [
    "HOUSE_RULES",
    "Actor",
    "AmbiguousTotem",
    "Config",
    "Game",
    "GameState",
    "Outcome",
    "Request",
    "RuleViolation",
    "Step",
    "TotemRef",
    "apply",
    "new_game",
    "replay",
    "validate",
]
