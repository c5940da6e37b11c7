"""Intents: one small frozen command per Totemic phrase, built by the parser and the bot alike.

Amounts and strengths are checked by the engine, not here, so that a bad number is refused
with one sentence (a RuleViolation) whichever way the intent was built.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from totembot.core.frozen import Frozen
from totembot.core.intents import Actor as Actor
from totembot.core.intents import Request as BaseRequest
from totembot.core.intents import Undo as Undo


class Draw(Frozen):
    kind: Literal["draw"] = "draw"


class Invoke(Frozen):
    kind: Literal["invoke"] = "invoke"


class ChallengeAction(Frozen):
    """The active player challenges the other (an action, or a card right after invoke)."""

    kind: Literal["challenge"] = "challenge"


class Accept(Frozen):
    kind: Literal["accept"] = "accept"


class Threaten(Frozen):
    kind: Literal["threaten"] = "threaten"


class Submit(Frozen):
    kind: Literal["submit"] = "submit"


class Reveal(Frozen):
    """The total strength of the speaker's two cards (a solo rival's includes its card)."""

    kind: Literal["reveal"] = "reveal"
    strength: int


class Next(Frozen):
    kind: Literal["next"] = "next"


class Gain(Frozen):
    """`gain N` (the speaker) or `P gains N`."""

    kind: Literal["gain"] = "gain"
    target: str | None = None
    amount: int


class Lose(Frozen):
    """`lose N` (the speaker) or `P loses N`."""

    kind: Literal["lose"] = "lose"
    target: str | None = None
    amount: int


class TakeDominance(Frozen):
    """The speaker takes dominance (the one who loses it loses 1 power)."""

    kind: Literal["dominance"] = "dominance"


class Reshuffle(Frozen):
    """The deck ran out: each player loses 1 power."""

    kind: Literal["reshuffle"] = "reshuffle"


Intent = Annotated[
    Draw
    | Invoke
    | ChallengeAction
    | Accept
    | Threaten
    | Submit
    | Reveal
    | Next
    | Gain
    | Lose
    | TakeDominance
    | Reshuffle
    | Undo,
    Field(discriminator="kind"),
]


class Request(BaseRequest[Intent]):
    """One recorded request of this game: who said it and which of its intents."""
