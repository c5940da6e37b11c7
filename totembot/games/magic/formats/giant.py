"""The giant formats (CR 606, 805): one life total per team and shared team turns.

Two-Headed Giant and its bigger cousins: damage, loss and gain happen to a player and apply to
the team's total; a player's own life is the team's divided by its heads, rounded up (606.9a);
team poison is lethal at 15 for two heads and 5 more per further head; commander damage is
tallied on the player hit; the team loses together and wins together; the turn passes team by
team, the active player being the team's primary player (the first listed).
"""

from __future__ import annotations

from totembot.games.magic.formats.teams_base import TeamFormat
from totembot.games.magic.rules.formats import Loss
from totembot.games.magic.rules.state import Config, GameState, Pool

HEAD_COMMANDER_LIFE = 30
TWO_HEADS_POISON = 15
POISON_PER_EXTRA_HEAD = 5


TEAM_FELL = "{name}'s team loses together"  # why the rest of the team is out


class GiantFormat(TeamFormat):
    name = "two-headed-giant"
    aliases = ("2hg", "giant")
    title = "Two-Headed Giant"
    owner = "team"
    min_players, max_players = 4, 16
    life_unit = " per head"

    def default_life(self, commander: bool) -> int:
        return HEAD_COMMANDER_LIFE if commander else super().default_life(False)

    def opening_pools(self, config: Config) -> tuple[Pool, ...]:
        return tuple(
            Pool(
                seats=tuple(config.players.index(name) for name in team),
                life=config.life * len(team),
            )
            for team in config.teams
        )

    def pools_of(self, state: GameState, seat: int) -> tuple[int, ...]:
        return (self.team_index(state, seat),)

    def life_label(self, state: GameState, pool: int) -> str:
        return f"Team {self.pool_name(state, pool)}'s life"

    def lethal_poison(self, state: GameState, pool: int) -> int:
        heads = len(state.pools[pool].seats)
        return TWO_HEADS_POISON + POISON_PER_EXTRA_HEAD * (heads - 2)

    def tallies_on_player(self) -> bool:
        return True

    def falls_with(self, state: GameState) -> list[Loss]:
        """606.8: a team whose player lost, conceded or was removed loses as a whole."""
        losses: list[Loss] = []
        for side in self.sides(state):
            out = [
                seat
                for seat in side
                if state.players[seat].status in ("lost", "conceded", "removed")
            ]
            if out:
                fallen = state.players[out[0]].name
                reason = TEAM_FELL.format(name=fallen)
                losses += [(seat, reason) for seat in side if state.players[seat].is_in]
        return losses

    def fell_with_side(self, state: GameState, reason: str) -> bool:
        names = (player.name for player in state.players)
        return reason in {TEAM_FELL.format(name=name) for name in names}

    def is_own_turn(self, state: GameState, seat: int) -> bool:
        return self.team_index(state, seat) == self.team_index(state, state.active)

    def turn_takers(self, state: GameState) -> tuple[tuple[int, int], ...]:
        """805.4: a team takes its turn together: both heads take it."""
        side = self.sides(state)[self.team_index(state, state.active)]
        return tuple((seat, state.turn) for seat in side)

    def next_active(self, state: GameState) -> int:
        """805.4: the next team still in takes the turn; its primary player is active."""
        sides = self.sides(state)
        current = self.team_index(state, state.active)
        for step in range(1, len(sides) + 1):
            side = sides[(current + step) % len(sides)]
            if any(state.players[seat].is_in for seat in side):
                return side[0]
        return state.active
