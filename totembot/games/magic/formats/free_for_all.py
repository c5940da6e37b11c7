"""Free-for-all (FORMATS.md): each player their own life, poison and commander damage.

Everything is the seam's default: a request lands on the named player's own life total, any
other player still in may be attacked, and the game ends when at most one player is left.
"""

from __future__ import annotations

from totembot.games.magic.formats.base import PLAYER_LANGUAGE
from totembot.games.magic.formats.house.minions import MINIONS_RULES, MinionsRule


class FreeForAllFormat(MinionsRule):
    name = "free-for-all"
    aliases = ("ffa",)
    title = "Free-for-all"
    roster = "players"
    owner = "player"
    language = PLAYER_LANGUAGE
    min_players, max_players = 2, 12
    house_rules = ("sorcery-concede", *MINIONS_RULES)
