"""Teams (CR 609): teams seated apart, range of influence 2, attacks only on a neighbour.

The bot seats the first player of each team in the listed order, then the second of each, and
so on (609.3); players lose one by one, and a team wins when every opponent is out.
"""

from __future__ import annotations

from totembot.games.magic.formats.ranged import RangedFormat
from totembot.games.magic.formats.teams_base import TeamFormat
from totembot.games.magic.rules.state import GameState

TEAMS_RANGE = 2


class TeamsFormat(RangedFormat, TeamFormat):
    name = "teams"
    aliases = ()
    title = "Teams"
    owner = "player"
    min_players, max_players = 4, 16

    def seat_order(self, teams: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
        """609.3: no one next to a teammate, each team equally spaced out."""
        longest = max((len(team) for team in teams), default=0)
        return tuple(team[index] for index in range(longest) for team in teams if index < len(team))

    def reach(self, state: GameState, seat: int) -> int:
        return TEAMS_RANGE
