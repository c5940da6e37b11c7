"""What every game's requests share: who records one (`Actor`) and the request every game's
language has, `undo`, which the shell answers from the game's history."""

from __future__ import annotations

from typing import Generic, Literal, TypeVar

from totembot.core.frozen import Frozen


class Actor(Frozen):
    """Who records a request: a seated player (the speaker; in Totemic also a solo rival), the
    host or an admin, or both."""

    player: str | None = None
    host: bool = False


class Undo(Frozen):
    kind: Literal["undo"] = "undo"


I = TypeVar("I")  # noqa: E741 (a game's intents: each has a `kind`)


class Request(Frozen, Generic[I]):
    """One recorded request: who said it and what they asked for. Each game's request is this
    with its own intents (`class Request(core.intents.Request[Intent])`)."""

    actor: Actor
    intent: I

    @property
    def is_undo(self) -> bool:
        """Undo is answered from the game's history rather than its current state."""
        return getattr(self.intent, "kind", None) == "undo"
