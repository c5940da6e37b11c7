"""What the drawing process draws: each picture is a small value, pickled to the worker, that
names what to draw and draws it there. The libraries are imported by `draw`, in the worker,
never by the bot's own process."""

from __future__ import annotations

from dataclasses import dataclass

from totembot.core.game import GameState
from totembot.core.story import Story


@dataclass(frozen=True)
class Chart:
    """A game's life chart (`render/chart.py`)."""

    story: Story

    def draw(self) -> bytes:
        from totembot.render.chart import chart_png

        return chart_png(self.story)


@dataclass(frozen=True)
class Board:
    """A picture of a game's table, as its ruleset draws it (a RuleViolation for a game that
    has none, told to the player as the ruleset words it)."""

    format: str
    state: GameState

    def draw(self) -> bytes:
        from totembot.games.registry import ruleset_of

        return ruleset_of(self.format).board_png(self.state)


Picture = Chart | Board
