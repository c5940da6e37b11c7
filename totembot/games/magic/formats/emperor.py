"""Emperor (CR 607): teams of three (or five) sitting together, the middle player the emperor.

Turn 1 is the first team's emperor; an emperor reaches 2 seats (3 in teams of five), a general
1, counted over the players still in as the turn began; a player attacks only an opponent seated
next to them (still in now); the team falls with its emperor.
"""

from __future__ import annotations

from totembot.games.magic.formats.ranged import RangedFormat
from totembot.games.magic.formats.teams_base import TeamFormat
from totembot.games.magic.rules.formats import Loss
from totembot.games.magic.rules.state import Config, GameState

OUT = ("lost", "conceded", "removed")


FALLEN_EMPEROR = "their emperor {name} is out"  # why the rest of the team is out


class EmperorFormat(RangedFormat, TeamFormat):
    name = "emperor"
    aliases = ()
    title = "Emperor"
    owner = "player"
    min_players, max_players = 6, 20
    team_sizes = (3, 5)

    def opening_active(self, config: Config) -> int:
        """607.4: the table lists first the team whose emperor starts."""
        return len(config.teams[0]) // 2

    def emperor_of(self, state: GameState, seat: int) -> int:
        side = self.side_of(state, seat)
        return side[len(side) // 2]

    def role(self, state: GameState, seat: int) -> str | None:
        return "emperor" if self.emperor_of(state, seat) == seat else "general"

    def crowned(self, state: GameState, seat: int) -> bool:
        return self.emperor_of(state, seat) == seat

    def reach(self, state: GameState, seat: int) -> int:
        if self.role(state, seat) == "general":
            return 1
        return 3 if len(self.side_of(state, seat)) == 5 else 2

    def reach_holder(self, state: GameState, seat: int) -> str:
        return f"{'an emperor' if self.role(state, seat) == 'emperor' else 'a general'}"

    def falls_with(self, state: GameState) -> list[Loss]:
        """607.5a: a team loses when its emperor does (conceding or removed, too)."""
        losses: list[Loss] = []
        for side in self.sides(state):
            emperor = state.players[side[len(side) // 2]]
            if emperor.status in OUT:
                reason = FALLEN_EMPEROR.format(name=emperor.name)
                losses += [(seat, reason) for seat in side if state.players[seat].is_in]
        return losses

    def fell_with_side(self, state: GameState, reason: str) -> bool:
        names = (player.name for player in state.players)
        return reason in {FALLEN_EMPEROR.format(name=name) for name in names}
