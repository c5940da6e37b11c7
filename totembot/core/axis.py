"""The chart's turn axis, shared by every game: where a change sits, and a line's points.

The changes made during turn t sit evenly between t and t + 1: the k-th (from 0) of n steps
taken during turn t is at x = t + (k + 1) / (n + 1). So a line steps inside the turn that
changed it, the start sits at x = 1.0, and no change lands on a whole turn's mark.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from totembot.core.story import Point

START = 1.0


def step_xs(turns: Sequence[int]) -> list[float]:
    """The x of each step, given the turn each was taken during (in order)."""
    counts = Counter(turns)
    seen: Counter[int] = Counter()
    xs: list[float] = []
    for turn in turns:
        seen[turn] += 1
        xs.append(turn + seen[turn] / (counts[turn] + 1))
    return xs


def final_x(xs: Sequence[float]) -> float:
    """Where the chart ends: the last step, or the start when nothing changed."""
    return xs[-1] if xs else START


class Line:
    """A track's points as they are found: the start, then one at each change of value."""

    def __init__(self) -> None:
        self.points: list[Point] = []

    @property
    def value(self) -> int | None:
        return self.points[-1].value if self.points else None

    def mark(self, x: float, value: int) -> Point:
        """A point here, whatever the value before (a start, or a new game's start)."""
        point = Point(x, value)
        self.points.append(point)
        return point

    def move(self, x: float, value: int) -> None:
        """A point here only if the value changed (a line without points waits for a start)."""
        if self.points and value != self.value:
            self.mark(x, value)

    def run_to(self, x: float) -> tuple[Point, ...]:
        """The points, with a last one at x so the line runs to the end of the chart."""
        if self.points and self.points[-1].x < x:
            self.mark(x, self.points[-1].value)
        return tuple(self.points)
