"""Totemic (TOTEMIC.md): pure rules for the two-player card game of animal spirits.

Imports only the standard library, pydantic and `totembot.core.errors`, so that the bot,
the console and the tests share one set of rules with no Discord, database or clock.
"""

from totembot.games.totemic.rules.engine import apply
from totembot.games.totemic.rules.events import EVENTS, TotemicEvent
from totembot.games.totemic.rules.game import (
    Outcome,
    TotemicGame,
    TotemicSetupError,
    check_config,
    new_game,
    replay,
)
from totembot.games.totemic.rules.intents import Actor, Intent, Request
from totembot.games.totemic.rules.state import (
    Animal,
    Challenge,
    MatchScore,
    Rival,
    Solo,
    SoloRival,
    TotemicConfig,
    TotemicState,
    Turn,
)

__all__ = [
    "EVENTS",
    "Actor",
    "Animal",
    "Challenge",
    "Intent",
    "MatchScore",
    "Outcome",
    "Request",
    "Rival",
    "Solo",
    "SoloRival",
    "TotemicConfig",
    "TotemicEvent",
    "TotemicGame",
    "TotemicSetupError",
    "TotemicState",
    "Turn",
    "apply",
    "check_config",
    "new_game",
    "replay",
]
