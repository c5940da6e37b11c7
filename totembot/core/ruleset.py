"""The protocols a game's rules meet so that one shell (service, store, console, bot) serves
them all. Each ruleset's own models satisfy the small model protocols structurally; the
`Ruleset` adapter does everything else, so the shell needs no game's imports."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from totembot.core.story import GameResult, Step, Story


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

    def request_as(self, player: str | None, host: bool) -> GameRequest:
        """The request recorded by `player` (None: the host's own line)."""
        ...


class Ruleset(Protocol):
    """Everything the shell asks of a game: its formats, storage, rules and words."""

    name: str
    formats: tuple[str, ...]
    setup_example: str

    # Storage: every model goes to and from JSON text.
    def dump(self, model: GameConfig | GameState | GameRequest) -> str: ...
    def dump_events(self, events: Sequence[GameEvent]) -> str: ...
    def load_config(self, text: str) -> GameConfig: ...
    def load_state(self, text: str) -> GameState: ...
    def load_request(self, text: str) -> GameRequest: ...
    def load_events(self, text: str) -> list[GameEvent]: ...

    # The rules: pure, refusing with RuleViolation and changing nothing.
    def new_game(self, config: GameConfig) -> GameState: ...
    def record(self, state: GameState, request: GameRequest) -> Outcome: ...
    def undo(
        self, config: GameConfig, history: Sequence[GameRequest], request: GameRequest
    ) -> Outcome: ...
    def rebuild(self, config: GameConfig, history: Sequence[GameRequest]) -> GameState: ...

    # The words: setup and phrase lines, and what players read.
    def parse_setup(self, line: str) -> GameConfig: ...
    def setup_line(self, config: GameConfig) -> str:
        """The setup line that sets this game up again: parse_setup(setup_line(c)) == c."""
        ...

    def parse_line(self, line: str, state: GameState) -> ParsedLine | None: ...
    def format_request(self, request: GameRequest, secret: bool = False) -> str: ...
    def state_json(
        self, state: GameState, rejected: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]: ...
    def state_text(self, state: GameState) -> str: ...
    def started_line(self, state: GameState) -> str: ...
    def describe_events(self, events: Sequence[GameEvent], secret: bool = False) -> str:
        """What changed, in sentences; `secret` keeps hidden what the table may not see yet."""
        ...

    def describe_lines(self, events: Sequence[GameEvent], secret: bool = False) -> list[str]:
        """The same, one line per change, for a Discord reply."""
        ...

    def status_embed(self, state: GameState) -> dict[str, Any]:
        """The pinned status message's embed, as a Discord embed dict."""
        ...

    def board_png(self, state: GameState) -> bytes:
        """A picture of the table (RuleViolation when the game has none)."""
        ...

    def keeps_secret(self, state: GameState) -> bool:
        """Whether the table may not yet see all of the log (a strength revealed alone)."""
        ...

    # The story: the end-of-game summary and chart, and statistics.
    def story(
        self,
        config: GameConfig,
        initial: GameState,
        steps: Sequence[Step],
        started_at: str | None = None,
    ) -> Story:
        """The game told from the changes that stand (see `story.standing_steps`)."""
        ...

    def result(self, state: GameState, last_events: Sequence[GameEvent]) -> GameResult:
        """How each seat did in a finished game; `last_events` are the changes of the
        request that ended it (who was still in when it ended, for a draw)."""
        ...
