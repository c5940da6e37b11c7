"""Events: what an accepted Totemic request changed, for replies, history and the event log.

Power changes only through `PowerChanged`, whatever caused them, so a reader that sums the
events sees every change once.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from totembot.core.frozen import Frozen
from totembot.games.totemic.rules.intents import Request
from totembot.games.totemic.rules.state import Action

PowerCause = Literal["challenge", "submit", "dominance", "reshuffle", "effect", "confrontation"]


class ActionTaken(Frozen):
    """The active player took the turn's action (a challenge also opens `ChallengeOpened`)."""

    kind: Literal["action"] = "action"
    player: str
    action: Action


class ChallengeOpened(Frozen):
    kind: Literal["challenge-opened"] = "challenge-opened"
    by: str
    against: str


class Threatened(Frozen):
    """The totem rose; `accepted` when it reached its last level (the answer passes otherwise)."""

    kind: Literal["threatened"] = "threatened"
    player: str
    before: int
    after: int
    accepted: bool
    awaiting: str | None


class Accepted(Frozen):
    """The challenge is accepted; `automatic` when a solo rival accepted by the rulebook."""

    kind: Literal["accepted"] = "accepted"
    player: str
    automatic: bool = False


class Submitted(Frozen):
    kind: Literal["submitted"] = "submitted"
    player: str


class Revealed(Frozen):
    """A player's strength; secret until the other reveals (the resolving event shows both)."""

    kind: Literal["revealed"] = "revealed"
    player: str
    strength: int


class ChallengeResolved(Frozen):
    """Both reveals are in; on a tie the holder of dominance won (and gives it up)."""

    kind: Literal["challenge-resolved"] = "challenge-resolved"
    winner: str
    loser: str
    winner_strength: int
    loser_strength: int
    level: int
    tie: bool


class PowerChanged(Frozen):
    kind: Literal["power"] = "power"
    player: str
    before: int
    after: int
    cause: PowerCause


class DominanceMoved(Frozen):
    """`player` holds dominance now; `previous` lost it (and 1 power, told apart)."""

    kind: Literal["dominance"] = "dominance"
    player: str
    previous: str
    cause: Literal["taken", "tie"]


class DominanceKept(Frozen):
    """`dominance` said by its holder: accepted, nothing changes."""

    kind: Literal["dominance-kept"] = "dominance-kept"
    player: str


class TurnPassed(Frozen):
    kind: Literal["turn"] = "turn"
    number: int
    active: str
    level_before: int
    level: int


class GameEnded(Frozen):
    """A game (solo: a confrontation, numbered `number`) ended at `next`."""

    kind: Literal["game-ended"] = "game-ended"
    winner: str
    loser: str
    winner_power: int
    loser_power: int
    by_dominance: bool
    number: int
    solo: bool = False


class MatchGameStarted(Frozen):
    """The match goes on: game `game` starts at once, as the first did."""

    kind: Literal["match-game"] = "match-game"
    game: int
    games: int
    wins: tuple[tuple[str, int], ...]
    dominance: str
    first: str


class ConfrontationStarted(Frozen):
    """The next rival comes (the player's carried power was told by `PowerChanged`)."""

    kind: Literal["confrontation"] = "confrontation"
    confrontation: int
    rival: str
    rival_power: int
    player: str
    player_power: int
    dominance: str
    first: str


class MatchFinished(Frozen):
    """A match of more than one game is over (a single game ends with `GameEnded` alone)."""

    kind: Literal["match-finished"] = "match-finished"
    winner: str
    wins: tuple[tuple[str, int], ...]


class SoloFinished(Frozen):
    """The solo game is over: the player defeated every rival, or a rival won."""

    kind: Literal["solo-finished"] = "solo-finished"
    winner: str
    player: str
    player_won: bool


class Undone(Frozen):
    kind: Literal["undone"] = "undone"
    request: Request


TotemicEvent = Annotated[
    ActionTaken
    | ChallengeOpened
    | Threatened
    | Accepted
    | Submitted
    | Revealed
    | ChallengeResolved
    | PowerChanged
    | DominanceMoved
    | DominanceKept
    | TurnPassed
    | GameEnded
    | MatchGameStarted
    | ConfrontationStarted
    | MatchFinished
    | SoloFinished
    | Undone,
    Field(discriminator="kind"),
]

EVENTS: TypeAdapter[list[TotemicEvent]] = TypeAdapter(list[TotemicEvent])
