"""The frozen state of a Totemic game: two animals, the totem, the turn, a challenge.

A game of Totemic keeps only what players argue about (TOTEMIC.md): power, the totem level,
who holds dominance, whose turn it is and what they did, the challenge in progress, and the
score of a match or the solo ladder. Every change is a new object.
"""

from __future__ import annotations

from typing import Literal

from totembot.core.frozen import Frozen

Format = Literal["totemic", "totemic-solo"]
Action = Literal["draw", "invoke", "challenge"]
AnimalStatus = Literal["in", "won", "lost"]
RivalStatus = Literal["ahead", "defeated", "current", "won"]

DEFAULT_LEVELS: tuple[int, ...] = (5, 10, 15, 20, 25, 30)
MAX_AMOUNT = 1_000_000
MAX_STRENGTH = 1_000
MAX_START = 1_000  # starting powers and totem levels
SUBMIT_COST = 5


class Rival(Frozen):
    """A solo rival as set up: its name and starting power."""

    name: str
    power: int


class TotemicConfig(Frozen):
    """How the game was set up; never changes during play.

    `players` are the humans' seats: two for `totemic`, the solo player alone for
    `totemic-solo`; `power` their starting powers in the same order.
    """

    format: Format
    players: tuple[str, ...]
    power: tuple[int, ...]
    levels: tuple[int, ...] = DEFAULT_LEVELS
    match: int = 1
    rivals: tuple[Rival, ...] = ()

    @property
    def solo(self) -> bool:
        return self.format == "totemic-solo"


class Animal(Frozen):
    """One side of the table: a player's animal, or (solo) the current rival."""

    name: str
    power: int
    dominance: bool
    status: AnimalStatus = "in"


class Turn(Frozen):
    number: int = 1
    active: str
    action: Action | None = None


class Challenge(Frozen):
    """A challenge in progress; `revealed` keeps (name, strength) in the order said."""

    by: str
    awaiting: str | None
    accepted: bool = False
    revealed: tuple[tuple[str, int], ...] = ()

    def strength_of(self, name: str) -> int | None:
        return next((n for who, n in self.revealed if who == name), None)


class MatchScore(Frozen):
    games: int
    game: int = 1
    wins: tuple[tuple[str, int], ...]

    def wins_of(self, name: str) -> int:
        return next((n for who, n in self.wins if who == name), 0)


class SoloRival(Frozen):
    name: str
    power: int  # the rival's starting power
    status: RivalStatus


class Solo(Frozen):
    rivals: tuple[SoloRival, ...]
    confrontation: int = 1

    @property
    def current(self) -> SoloRival:
        return self.rivals[self.confrontation - 1]


class TotemicState(Frozen):
    """The whole game; `players` always holds two animals (solo: the player, then the rival)."""

    config: TotemicConfig
    players: tuple[Animal, ...]
    level: int
    turn: Turn
    challenge: Challenge | None = None
    match: MatchScore | None = None
    solo: Solo | None = None
    status: Literal["active", "finished"] = "active"
    winners: tuple[str, ...] = ()

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    def seat_of(self, name: str) -> int | None:
        """The seat (0 or 1) of an animal named so, ignoring case; None when nobody is."""
        folded = name.casefold()
        return next(
            (seat for seat, animal in enumerate(self.players) if animal.name.casefold() == folded),
            None,
        )

    @property
    def holder(self) -> int:
        """The seat holding dominance (there is always exactly one)."""
        return 0 if self.players[0].dominance else 1

    @property
    def active_seat(self) -> int:
        return 0 if self.players[0].name == self.turn.active else 1

    def is_rival(self, seat: int) -> bool:
        """Whether the seat is a solo rival's (the rival sits second)."""
        return self.config.solo and seat == 1

    def name_of(self, seat: int) -> str:
        return self.players[seat].name

    def with_animal(self, seat: int, **changes: object) -> tuple[Animal, ...]:
        """The two animals with one of them changed."""
        changed = self.players[seat].model_copy(update=changes)
        return tuple(changed if i == seat else animal for i, animal in enumerate(self.players))


def other(seat: int) -> int:
    return 1 - seat
