"""A game's history, the same for every game: the states it went through, a request recorded
on the latest, and undo stepping back to the state before the last change.

A game subclasses `History` with its own three answers: how a request changes a state
(`apply`), who may not undo now (`undo_refusal`), and the event saying what undo took back
(`undone`); and, if it hands out numbers that must never be handed out twice, what undo keeps
of the state it took back (`restored`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from totembot.core.errors import RuleViolation
from totembot.core.intents import Actor


class Recordable(Protocol):
    @property
    def actor(self) -> Actor: ...

    @property
    def is_undo(self) -> bool: ...


S = TypeVar("S")
R = TypeVar("R", bound=Recordable)
E = TypeVar("E")


@dataclass(frozen=True)
class Step(Generic[S, R, E]):
    """One accepted change: the request, the state it produced and what it changed."""

    request: R
    state: S
    events: tuple[E, ...]


@dataclass
class Recorded(Generic[S, E]):
    """A request's result: the new state, what changed, and whether anything did."""

    state: S
    events: list[E]
    changed: bool


class History(ABC, Generic[S, R, E]):
    """The states a game went through; undo steps back to the one before the last change.
    A request that changes nothing is accepted but is no undo step."""

    def __init__(self, initial: S, steps: list[Step[S, R, E]] | None = None) -> None:
        self.initial = initial
        self.steps: list[Step[S, R, E]] = [] if steps is None else steps

    @property
    def state(self) -> S:
        return self.steps[-1].state if self.steps else self.initial

    @abstractmethod
    def apply(self, state: S, request: R) -> tuple[S, list[E]]:
        """The request applied to a state; RuleViolation when the rules refuse it."""

    @abstractmethod
    def undo_refusal(self, state: S, actor: Actor) -> str | None:
        """Why this actor may not undo now; None when they may."""

    @abstractmethod
    def undone(self, request: R) -> E:
        """The event saying that undo took this request back."""

    def record(self, request: R) -> Recorded[S, E]:
        """Apply a request (or undo); raises RuleViolation and changes nothing when refused."""
        if request.is_undo:
            return self._undo(request)
        state, events = self.apply(self.state, request)
        changed = state != self.state
        if changed:
            self.steps.append(Step(request, state, tuple(events)))
        return Recorded(state, events, changed)

    def _undo(self, request: R) -> Recorded[S, E]:
        refusal = self.undo_refusal(self.state, request.actor)
        if refusal is not None:
            raise RuleViolation(refusal)
        if not self.steps:
            raise RuleViolation("There is nothing to undo.")
        last = self.steps.pop()
        self._go_back_to(self.restored(self.state, last.state, request))
        return Recorded(self.state, [self.undone(last.request)], True)

    def restored(self, previous: S, undone: S, request: R) -> S:
        """The state an undo goes back to: `previous`, the one before the change it takes back
        (`undone` is the state that change made). A game overrides this to carry forward what
        must never repeat, such as numbers handed out, so that nothing refers to two things."""
        return previous

    def _go_back_to(self, state: S) -> None:
        """The latest state becomes `state` (itself, unless `restored` carried something)."""
        if state is self.state:
            return
        if self.steps:
            latest = self.steps[-1]
            self.steps[-1] = Step(latest.request, state, latest.events)
        else:
            self.initial = state

    def replayed(self, requests: Iterable[R]) -> History[S, R, E]:
        """This history with a game's accepted requests recorded in turn (undo included)."""
        for request in requests:
            self.record(request)
        return self
