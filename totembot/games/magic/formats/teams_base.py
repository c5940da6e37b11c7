"""What every team format shares: teams of equal size listed with `teams:`, each a side."""

from __future__ import annotations

from totembot.games.magic.formats.base import Format
from totembot.games.magic.rules.errors import RuleViolation, capital
from totembot.games.magic.rules.state import Config, GameState


class TeamFormat(Format):
    """Teams sit together in the listed order; a team wins and loses as one side."""

    roster = "teams"
    team_counts: tuple[int, int] = (2, 4)
    team_sizes: tuple[int, ...] = (2, 3, 4)

    def check_roster(self, config: Config) -> None:
        low, high = self.team_counts
        if not low <= len(config.teams) <= high:
            raise RuleViolation(
                f"{capital(self.a_title)} game needs {low} to {high} teams, "
                f"not {len(config.teams)}."
            )
        sizes = {len(team) for team in config.teams}
        if len(sizes) > 1:
            raise RuleViolation(f"Every team of {self.a_title} game must have as many players.")
        size = sizes.pop()
        if size not in self.team_sizes:
            *most, last = (str(n) for n in self.team_sizes)
            allowed = f"{', '.join(most)} or {last}" if most else last
            raise RuleViolation(f"{capital(self.a_title)} team has {allowed} players, not {size}.")

    def team_index(self, state: GameState, seat: int) -> int:
        name = state.players[seat].name
        return next(index for index, team in enumerate(state.config.teams) if name in team)

    def sides(self, state: GameState) -> list[tuple[int, ...]]:
        return [
            tuple(state.config.players.index(name) for name in team) for team in state.config.teams
        ]

    def team_name(self, state: GameState, seat: int) -> str | None:
        return "+".join(state.config.teams[self.team_index(state, seat)])
