"""The one interface between the games and the rest: everything the shell asks of a game.
Each game's adapter (`games/<game>/ruleset.py`) does it with the game's own models, which
meet the small protocols of `core.game`; `standing_steps` replays a log through any of them."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from totembot.core.game import (
    GameConfig,
    GameEvent,
    GameRequest,
    GameState,
    Outcome,
    ParsedLine,
)
from totembot.core.story import GameResult, LoggedRequest, Placing, Step, Story


@dataclass(frozen=True)
class TurnOf:
    """Whose turn it is: each player taking a turn, with what marks that turn as theirs (its
    number, or in Grand Melee the turn marker they hold). Several players take one turn at
    once in Grand Melee (the marker holders) and Two-Headed Giant (a team's heads). The clock
    counts a new turn whenever `held` changes; a player's own turn lasts while their pair
    stays in it."""

    held: tuple[tuple[str, Hashable], ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(name for name, _mark in self.held))


class Ruleset(Protocol):
    """Everything the shell asks of a game: its formats, storage, rules and words."""

    name: str
    formats: tuple[str, ...]
    setup_example: str

    def format_title(self, format_name: str) -> str:
        """One of its formats as people say it ("Two-Headed Giant"); another name as it is."""
        ...

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
    def restored(self, previous: GameState, undone: GameState, undo: GameRequest) -> GameState:
        """The state `undo` goes back to, `previous` as the game's history restores it after
        taking back the change that made `undone` (`core.history.History.restored`)."""
        ...

    # The words: setup and phrase lines, and what players read.
    def parse_setup(self, line: str) -> GameConfig: ...
    def setup_line(self, config: GameConfig) -> str:
        """The setup line that sets this game up again: parse_setup(setup_line(c)) == c, but
        for a game set up under rules since amended (Magic's edition 1), which the line sets up
        under today's."""
        ...

    def parse_line(self, line: str, state: GameState) -> ParsedLine | None: ...
    def empty_phrase(self, state: GameState) -> str:
        """The refusal of an empty phrase, with an example of the game's own language."""
        ...

    def refusal_in_public(self, kind: str, seats: int) -> str | None:
        """Why a line of this kind may not be said where the table reads it (a secret), with
        `seats` people seated; None when it may."""
        ...

    def setup_words(self, words: list[str]) -> list[str]:
        """What may come next in a setup line (`words`: casefolded, `game` and the format
        first): Tab completion's offers."""
        ...

    def line_words(self, words: list[str], state: GameState) -> list[str]:
        """What may come next after a request line's whole words (none yet: its openers)."""
        ...

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

    def turn_of(self, state: GameState) -> TurnOf:
        """Who is taking a turn, and which: the turn clock counts a new turn whenever this
        changes (at each `next`, and in Grand Melee at each move of a turn marker)."""
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

    def result(
        self,
        state: GameState,
        last_events: Sequence[GameEvent],
        steps: Sequence[Step] | None = None,
    ) -> GameResult:
        """How each seat did in a finished game; `last_events` are the changes of the
        request that ended it (who was still in when it ended, for a draw). With the changes
        that stand (`steps`, from `standing_steps`), also where each finished and who took
        them out, which only the log knows."""
        ...

    def placing(self, config: GameConfig, initial: GameState, steps: Sequence[Step]) -> Placing:
        """Where each seat of a finished game placed, for ratings: read from the changes
        that stand, since the order players went out in is not in the final state."""
        ...


def standing_steps(
    ruleset: Ruleset, config: GameConfig, log: Sequence[LoggedRequest]
) -> tuple[GameState, list[Step]]:
    """The opening state and the changes that stand, replayed from the log in one pass.

    An undo in the log takes back the latest change that stands and restores the state before
    it as the game's history does; a request that changed nothing stays out of the steps (undo
    skips it too, as the rules do)."""
    initial = ruleset.new_game(config)
    steps: list[Step] = []
    for row in log:
        if row.request.is_undo:
            initial = _undo_step(ruleset, initial, steps, row.request)
            continue
        state = steps[-1].state if steps else initial
        outcome = ruleset.record(state, row.request)
        if outcome.changed:
            steps.append(
                Step(
                    seq=row.seq,
                    request=row.request,
                    state=outcome.state,
                    events=tuple(outcome.events),
                    recorded_at=row.recorded_at,
                    recorded_by=row.recorded_by,
                )
            )
    return initial, steps


def logged_result(ruleset: Ruleset, config: GameConfig, log: Sequence[LoggedRequest]) -> GameResult:
    """A finished game's result read from its whole log (places and who took whom out)."""
    initial, steps = standing_steps(ruleset, config, log)
    final = steps[-1].state if steps else initial
    return ruleset.result(final, steps[-1].events if steps else (), steps)


def _undo_step(
    ruleset: Ruleset, initial: GameState, steps: list[Step], undo: GameRequest
) -> GameState:
    """Take the latest change off `steps`, the state before it restored as the game's history
    does it (a game may carry forward numbers it handed out, which later requests name);
    returns the opening state, which is the one restored when no change is left."""
    if not steps:
        return initial
    undone = steps.pop()
    previous = steps[-1].state if steps else initial
    restored = ruleset.restored(previous, undone.state, undo)
    if restored is previous:
        return initial
    if not steps:
        return restored
    steps[-1] = replace(steps[-1], state=restored)
    return initial
