"""The story of a game, in words any game can fill: what the summary, the chart and the
statistics read. Each ruleset tells its own games' stories (`Ruleset.story`, `Ruleset.result`);
the shell replays the log into the steps that stand (`standing_steps`) and draws the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from totembot.core.game import GameEvent, GameRequest, GameState

Outcome = Literal["win", "draw", "loss"]
TrackKind = Literal["player", "totem", "team", "animal"]


class LoggedRequest(Protocol):
    """A row of a game's log as the store gives it (`store.EventRecord` is one)."""

    @property
    def seq(self) -> int: ...

    @property
    def recorded_at(self) -> str: ...

    @property
    def recorded_by(self) -> str: ...

    @property
    def request(self) -> GameRequest: ...

    @property
    def changes(self) -> Sequence[GameEvent]: ...


@dataclass(frozen=True)
class Step:
    """A change that stands (an undone change and its undo are gone): the request, the state
    it made, what it changed, and when and by whom it was recorded."""

    seq: int
    request: GameRequest
    state: GameState
    events: Sequence[GameEvent]
    recorded_at: str
    recorded_by: str


@dataclass(frozen=True)
class Point:
    """A value on the chart. `x` is on the turn axis: the changes made during turn t sit
    evenly between t and t + 1, so a line steps where its total changed."""

    x: float
    value: int


@dataclass(frozen=True)
class Track:
    """One line of the chart: a player's, totem's, team's or animal's life (or power)."""

    name: str
    kind: TrackKind
    points: tuple[Point, ...]  # the start first, then a point at each change of its value
    fell: Point | None = None  # where it died or went out: marked on the chart
    colour: int = 0  # its index in the chart's palette (a team keeps its board colour)


@dataclass(frozen=True)
class Exit:
    """A player going out: when, how the game said it, and the way counted in statistics."""

    player: str
    turn: int
    status: str  # lost, conceded, removed
    reason: str  # the game's words: "Bob-Cid died", "conceded", "10 poison counters"
    way: str  # a statistics category: "life", "poison", "commander damage", "conceded"...
    recorded_at: str


@dataclass(frozen=True)
class Hit:
    """The biggest single loss of life (or power) in one change."""

    amount: int
    target: str  # the life total (or animal) that lost it
    by: str | None  # who caused it, when the log knows
    turn: int
    cause: str  # damage, combat, loss, challenge...


@dataclass(frozen=True)
class CommanderTally:
    commander: str
    target: str  # the player or life total that took the damage
    damage: int


@dataclass(frozen=True)
class TurnTime:
    """One player's turns in a game: how many they finished and how long they took in all."""

    player: str
    turns: int
    seconds: float

    @property
    def average(self) -> float | None:
        return self.seconds / self.turns if self.turns else None


@dataclass(frozen=True)
class Story:
    """A game told from its log: the summary's facts and the chart's lines."""

    format: str
    title: str  # the format as people say it: "Totem", "Two-Headed Giant"
    measure: str  # what the lines count: "life" or "power"
    finished: bool
    winners: tuple[str, ...]
    turns: int
    exits: tuple[Exit, ...]
    biggest_hit: Hit | None
    commander_damage: tuple[CommanderTally, ...]  # the largest first
    tracks: tuple[Track, ...]
    breaks: tuple[float, ...] = ()  # x where a new game of a match begins (Totemic)
    notes: tuple[str, ...] = ()  # the game's own lines: a match score, a solo ladder
    started_at: str | None = None  # when the game was set up (the shell knows)
    ended_at: str | None = None  # the last change that stands, when the game is over
    turn_times: tuple[TurnTime, ...] = ()  # each player's turns, timed from the log

    @property
    def draw(self) -> bool:
        return self.finished and not self.winners


@dataclass(frozen=True)
class SeatResult:
    """How one seat's player did in a finished game, for statistics."""

    seat: int  # the index in the setup's players, as the store numbers seats
    name: str
    outcome: Outcome
    way_out: str | None  # how they went out (a category of `Exit.way`); None if not out
    # Where they finished: 1 for the winners (everyone still in at a draw), then in reverse
    # order of going out, players out in the same request tied (None: not known).
    place: int | None = None
    taken_by: int | None = None  # the seat of who took them out (their nemesis in that game)
    deck: str | None = None  # the deck they played, when named


@dataclass(frozen=True)
class Placing:
    """Where each seat finished, for ratings: `places[seat]` is 1 for the best, seats tied
    share a place (1, 2, 2, 4); `sides[seat]` numbers the side the seat is rated with (a team
    is one side; in a free-for-all each seat is its own). Seats on one side share its place."""

    places: tuple[int, ...]
    sides: tuple[int, ...]


def places_of(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Competition places from sort keys, the greatest best: 1 plus how many are ahead."""
    return tuple(1 + sum(other > key for other in keys) for key in keys)


@dataclass(frozen=True)
class GameResult:
    turns: int
    seats: tuple[SeatResult, ...]
