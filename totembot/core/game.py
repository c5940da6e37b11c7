"""What the shell knows of a game's models: small protocols each game's own config, state,
request and event models meet structurally, so the shell needs no game's imports."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

# A source of chance, as the shell hands it to a game: a whole number from `low` to `high`,
# both included (`random.Random.randint`). The games draw nothing themselves: they are pure.
Chance = Callable[[int, int], int]


class GameConfig(Protocol):
    """How a game was set up: its format's name and the players who sit at it."""

    @property
    def format(self) -> str: ...

    @property
    def players(self) -> tuple[str, ...]: ...


class Seated(Protocol):
    """Someone at the table, as the shell names them: a player, or Totemic's solo rival."""

    @property
    def name(self) -> str: ...

    @property
    def status(self) -> str: ...


class GameState(Protocol):
    """A game at one moment; frozen, compared with ==."""

    @property
    def config(self) -> GameConfig: ...

    @property
    def finished(self) -> bool: ...

    @property
    def players(self) -> Sequence[Seated]: ...

    def seat_of(self, name: str) -> int | None:
        """The index in `players` of this name (any case), or None."""
        ...


class GameRequest(Protocol):
    """One recorded request: who said it and what; undo is the one the shell handles apart."""

    @property
    def is_undo(self) -> bool: ...


class GameEvent(Protocol):
    """What an accepted request changed; every event says its kind."""

    @property
    def kind(self) -> str: ...


@dataclass(frozen=True)
class Outcome:
    """A request's result: the new state and what changed (`changed` False: same state)."""

    state: GameState
    events: Sequence[GameEvent]
    changed: bool


class ParsedLine(Protocol):
    """A line of the game's phrase language, before the shell decides who records it."""

    @property
    def speaker(self) -> str | None: ...

    @property
    def kind(self) -> str: ...

    def request_as(
        self, player: str | None, host: bool, chance: Chance | None = None
    ) -> GameRequest:
        """The request recorded by `player` (None: the host's own line); with `chance`, what
        the line leaves to chance is drawn now and kept in the request."""
        ...

    def chosen(self, choice: str) -> ParsedLine:
        """The same line with one of an `Ambiguous` refusal's choices taken."""
        ...
