"""What the drawing process draws: each picture is a small value, pickled to the worker, that
names what to draw and draws it there. The libraries are imported by `draw`, in the worker,
never by the bot's own process."""

from __future__ import annotations

from dataclasses import dataclass

from totembot.core.errors import RuleViolation
from totembot.core.game import GameConfig, GameEvent, GameRequest, GameState
from totembot.core.story import Story
from totembot.core.telling import StoredLine, tell_from_log

UNREADABLE = "This game's history cannot be read, so its chart cannot be drawn."


@dataclass(frozen=True)
class Chart:
    """A game's life chart (`render/chart.py`)."""

    story: Story

    def draw(self) -> bytes:
        from totembot.render.chart import chart_png

        return chart_png(self.story)


@dataclass(frozen=True)
class ToldChart:
    """A game's life chart told from its log as stored: the replay (about 0.8 ms for a short
    game, far more for a long one) and the reading of each request run here, in the drawing
    process, instead of holding the bot's GIL."""

    config: GameConfig
    created_at: str
    log: tuple[StoredLine, ...]

    def draw(self) -> bytes:
        from totembot.render.chart import chart_png

        return chart_png(self.story())

    def story(self) -> Story:
        from totembot.games.registry import ruleset_of

        ruleset = ruleset_of(self.config.format)
        try:
            read = ruleset.load_request
            lines = [ReadLine(seq, at, by, read(request)) for seq, at, by, request in self.log]
        except ValueError as error:  # pydantic's ValidationError is one too
            raise RuleViolation(UNREADABLE) from error
        return tell_from_log(ruleset, self.config, self.created_at, lines)


@dataclass(frozen=True)
class ReadLine:
    """A row of the log with its request read (`core.story.LoggedRequest`)."""

    seq: int
    recorded_at: str
    recorded_by: str
    request: GameRequest
    changes: tuple[GameEvent, ...] = ()  # the replay makes them again


@dataclass(frozen=True)
class Board:
    """A picture of a game's table, as its ruleset draws it (a RuleViolation for a game that
    has none, told to the player as the ruleset words it)."""

    format: str
    state: GameState

    def draw(self) -> bytes:
        from totembot.games.registry import ruleset_of

        return ruleset_of(self.format).board_png(self.state)


Picture = Chart | ToldChart | Board
