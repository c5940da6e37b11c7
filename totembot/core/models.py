"""What every ruleset built on frozen pydantic models shares: storing its models as JSON,
taking its own models back from the shell's protocols, recording with undo, and phrase lines.

A ruleset names its model classes and its game (a history of states that answers undo);
the rest of `Ruleset` it writes itself: its words and what players read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

from pydantic import BaseModel, TypeAdapter

from totembot.core.errors import RuleViolation
from totembot.core.game import Chance, GameConfig, GameEvent, GameRequest, GameState, Outcome
from totembot.core.history import History, Recorded
from totembot.core.intents import Request as BaseRequest

C = TypeVar("C", bound=BaseModel)
S = TypeVar("S", bound=BaseModel)
R = TypeVar("R", bound=BaseRequest[Any])
E = TypeVar("E")


class HasKind(Protocol):
    @property
    def kind(self) -> str: ...


I = TypeVar("I", bound=HasKind)  # noqa: E741 (an intent)
Q = TypeVar("Q", bound=GameRequest)  # the request a line becomes


@dataclass(frozen=True)
class Models(Generic[C, S, R, E]):
    """A ruleset's model classes and the functions that set a game up and replay it."""

    name: str
    config: type[C]
    state: type[S]
    request: type[R]
    events: TypeAdapter[list[E]]
    new_game: Callable[[C], S]
    history: Callable[[S], History[S, R, E]]
    replay: Callable[[S, Iterable[R]], History[S, R, E]]


class ModelRuleset(Generic[C, S, R, E]):
    """Storage, narrowing and recording for a ruleset of pydantic models."""

    def __init__(self, models: Models[C, S, R, E]) -> None:
        self.models = models

    def own_state(self, state: GameState) -> S:
        """The ruleset's own state behind the protocol: the shell hands a ruleset only its
        own games, so anything else is a bug, not a user's mistake."""
        assert isinstance(state, self.models.state), f"not a {self.models.name} game: {state!r}"
        return state

    def own_request(self, request: GameRequest) -> R:
        assert isinstance(request, self.models.request), f"not a {self.models.name} request"
        return request

    def own_config(self, config: GameConfig) -> C:
        assert isinstance(config, self.models.config), f"not a {self.models.name} setup"
        return config

    def own_events(self, events: Sequence[GameEvent]) -> list[E]:
        return cast(list[E], list(events))

    def dump(self, model: GameConfig | GameState | GameRequest) -> str:
        assert isinstance(model, BaseModel)
        return model.model_dump_json()

    def dump_events(self, events: Sequence[GameEvent]) -> str:
        return self.models.events.dump_json(self.own_events(events)).decode()

    def load_config(self, text: str) -> C:
        return self.models.config.model_validate_json(text)

    def load_state(self, text: str) -> S:
        return self.models.state.model_validate_json(text)

    def load_request(self, text: str) -> R:
        return self.models.request.model_validate_json(text)

    def load_events(self, text: str) -> list[GameEvent]:
        return cast(list[GameEvent], self.models.events.validate_json(text))

    def new_game(self, config: GameConfig) -> S:
        return self.models.new_game(self.own_config(config))

    def record(self, state: GameState, request: GameRequest) -> Outcome:
        return _outcome(
            self.models.history(self.own_state(state)).record(self.own_request(request))
        )

    def _replayed(self, config: GameConfig, history: Sequence[GameRequest]) -> History[S, R, E]:
        initial = self.new_game(config)
        return self.models.replay(initial, [self.own_request(request) for request in history])

    def undo(
        self, config: GameConfig, history: Sequence[GameRequest], request: GameRequest
    ) -> Outcome:
        return _outcome(self._replayed(config, history).record(self.own_request(request)))

    def rebuild(self, config: GameConfig, history: Sequence[GameRequest]) -> S:
        return self._replayed(config, history).state

    def restored(self, previous: GameState, undone: GameState, undo: GameRequest) -> S:
        before = self.own_state(previous)
        history = self.models.history(before)
        return history.restored(before, self.own_state(undone), self.own_request(undo))


def _outcome(recorded: Recorded[Any, Any]) -> Outcome:
    return Outcome(recorded.state, recorded.events, recorded.changed)


class PhraseLine(Generic[I, Q]):
    """A line of some game's phrase language: who says it (if it names them) and what they
    ask for; the shell decides as whom it is recorded (`request_as`). Every game's language
    reads its lines into this one type (`make` builds the game's request, `choose` takes one
    of an `Ambiguous` refusal's choices)."""

    def __init__(
        self,
        speaker: str | None,
        intent: I,
        make: Callable[[str | None, bool, I], Q],
        choose: Callable[[I, str], I] | None = None,
        draw: Callable[[I, Chance], I] | None = None,
    ) -> None:
        self.speaker = speaker
        self.intent = intent
        self._make = make
        self._choose = choose
        self._draw = draw

    @property
    def kind(self) -> str:
        return self.intent.kind

    def request_as(self, player: str | None, host: bool, chance: Chance | None = None) -> Q:
        """The request recorded as `player` (None: the host's own line); with `chance`, what
        the line leaves to chance (a die's result) is drawn from it now and kept in the
        request, so that a replay records the very same result."""
        intent = self._draw(self.intent, chance) if chance and self._draw else self.intent
        return self._make(player, host, intent)

    def request(self, host: bool) -> Q:
        """The request recorded by the speaker, or by the host when the line names no one."""
        return self._make(self.speaker, host and self.speaker is None, self.intent)

    def drawing(self, draw: Callable[[I, Chance], I]) -> PhraseLine[I, Q]:
        """The same line, drawing what it leaves to chance with `draw`."""
        return PhraseLine(self.speaker, self.intent, self._make, self._choose, draw)

    def chosen(self, choice: str) -> PhraseLine[I, Q]:
        """The line with an `Ambiguous` refusal's choice taken (`choose` says how)."""
        if self._choose is None:
            raise RuleViolation("This request offers no choice: please send it again.")
        intent = self._choose(self.intent, choice)
        return PhraseLine(self.speaker, intent, self._make, self._choose, self._draw)
