"""Play phrase lines into a log, as the store keeps it, and tell the game from it.

Each accepted line (undo included) is a log row numbered from 1 and recorded at "t<seq>";
a refused line fails the test at once, unless the caller keeps refusals (the examples).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from totembot.core.errors import RuleViolation
from totembot.core.game import GameConfig, GameEvent, GameRequest, GameState
from totembot.core.ruleset import Ruleset, standing_steps
from totembot.core.story import GameResult, Step, Story
from totembot.games.registry import parse_setup, ruleset_of

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.totem"))


@dataclass(frozen=True)
class Row:
    """A log row: any object with these fields will do for `standing_steps`."""

    seq: int
    recorded_at: str
    recorded_by: str
    request: GameRequest
    changes: Sequence[GameEvent]


@dataclass(frozen=True)
class Told:
    ruleset: Ruleset
    config: GameConfig
    rows: tuple[Row, ...]
    live: GameState  # the state the game reached line by line
    initial: GameState
    steps: tuple[Step, ...]
    story: Story
    result: GameResult


def play(setup: str, lines: Sequence[str], keep_refused: bool = False) -> Told:
    """Record the lines one by one; undo goes through the ruleset as the service does."""
    config = parse_setup(setup)
    ruleset = ruleset_of(config.format)
    state = ruleset.new_game(config)
    rows: list[Row] = []
    history: list[GameRequest] = []
    chance = random.Random(7).randint  # dice drawn as `totembot console --seed 7` draws them
    for line in lines:
        try:
            parsed = ruleset.parse_line(line, state)
            assert parsed is not None, f"not a phrase: {line!r}"
            request = parsed.request_as(parsed.speaker, parsed.speaker is None, chance)
            if request.is_undo:
                outcome = ruleset.undo(config, history, request)
                history.pop()
            else:
                outcome = ruleset.record(state, request)
                if outcome.changed:
                    history.append(request)
        except RuleViolation:
            if keep_refused:
                continue
            raise
        state = outcome.state
        seq = len(rows) + 1
        rows.append(Row(seq, f"t{seq}", "tester", request, tuple(outcome.events)))
    return tell(ruleset, config, rows, state)


def tell(ruleset: Ruleset, config: GameConfig, rows: Sequence[Row], live: GameState) -> Told:
    initial, steps = standing_steps(ruleset, config, rows)
    story = ruleset.story(config, initial, steps, started_at="t0")
    final = steps[-1].state if steps else initial
    last_events = steps[-1].events if steps else ()
    result = ruleset.result(final, last_events)
    return Told(ruleset, config, tuple(rows), live, initial, tuple(steps), story, result)


def script_lines(path: Path) -> tuple[str, list[str]]:
    """An example script's setup line and the lines after it (comments are the parser's)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.partition("#")[0].strip())
    rest = [line for line in lines[first + 1 :] if line.partition("#")[0].strip()]
    return lines[first], rest


def points(story: Story, name: str) -> list[tuple[float, int]]:
    """A track's points as (x, value), x rounded so hand-worked fractions compare."""
    track = next(track for track in story.tracks if track.name == name)
    return [(round(point.x, 4), point.value) for point in track.points]


def fell(story: Story, name: str) -> tuple[float, int] | None:
    track = next(track for track in story.tracks if track.name == name)
    return None if track.fell is None else (round(track.fell.x, 4), track.fell.value)


def exits(story: Story) -> list[tuple[str, int, str, str]]:
    """Each exit as (player, turn, status, way)."""
    return [(e.player, e.turn, e.status, e.way) for e in story.exits]


def outcomes(result: GameResult) -> list[tuple[int, str, str, str | None]]:
    return [(s.seat, s.name, s.outcome, s.way_out) for s in result.seats]
