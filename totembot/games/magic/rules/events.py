"""Events: what an accepted request changed, for replies, history and the event log."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from totembot.core.frozen import Frozen
from totembot.games.magic.rules.intents import LifeCause, Request


class LifeChanged(Frozen):
    kind: Literal["life"] = "life"
    pool: str
    player: str | None = None
    before: int
    after: int
    cause: LifeCause
    by: str | None = None


class LifeUnchanged(Frozen):
    """An accepted request whose life change came to nothing (set to the same value, a lock)."""

    kind: Literal["life-unchanged"] = "life-unchanged"
    pool: str
    player: str | None = None
    cause: LifeCause
    reason: str


class PoisonAdded(Frozen):
    kind: Literal["poison"] = "poison"
    holder: str
    before: int
    after: int
    by: str | None = None


class CommanderDamaged(Frozen):
    kind: Literal["commander"] = "commander"
    pool: str
    commander: str
    before: int
    after: int


class PoolDied(Frozen):
    kind: Literal["pool-died"] = "pool-died"
    pool: str
    reasons: tuple[str, ...]


class PlayerLeft(Frozen):
    kind: Literal["player-left"] = "player-left"
    player: str
    status: str
    reason: str


class GameEnded(Frozen):
    kind: Literal["game-ended"] = "game-ended"
    winners: tuple[str, ...]


class WonInRange(Frozen):
    """`win` under a limited range of influence (801.14): the opponents within the speaker's
    range lose instead (each also leaves with a `PlayerLeft`); the speaker does not win by it."""

    kind: Literal["won-in-range"] = "won-in-range"
    player: str
    losers: tuple[str, ...]


class TurnPassed(Frozen):
    kind: Literal["turn"] = "turn"
    number: int
    active: str


class MarkerMoved(Frozen):
    """A turn marker reached a player (their turn starts) or waits for them."""

    kind: Literal["marker"] = "marker"
    number: int
    player: str
    waiting: bool
    ended: str | None = None  # whose turn ended, when the move passed the marker on


class MarkerRemoved(Frozen):
    kind: Literal["marker-removed"] = "marker-removed"
    number: int
    player: str  # who held it, or whom it waited for
    ended: str | None = None  # whose turn ended, when ending it removed the marker


MinionCause = Literal["fell", "passed", "freed", "turned"]


class MinionChanged(Frozen):
    """Minions & Masters: a player fell and serves a master, passed on, or was freed."""

    kind: Literal["minion"] = "minion"
    player: str
    master: str | None  # whom they serve now (None: freed)
    cause: MinionCause
    how: str | None = None  # what made them fall: "attack", "damage", "poison", "madness"...
    times: int = 0
    life: int | None = None


class LockChanged(Frozen):
    kind: Literal["lock"] = "lock"
    pool: str
    locked: bool
    by: str


class PendingOpened(Frozen):
    kind: Literal["pending-opened"] = "pending-opened"
    id: int
    payer: str
    amount: int
    pool: str
    awaiting: str


class PendingClosed(Frozen):
    kind: Literal["pending-closed"] = "pending-closed"
    id: int
    payer: str
    amount: int
    pool: str
    outcome: Literal["approved", "denied", "dropped", "applied"]


# --- TABLE.md -------------------------------------------------------------------------------


class CountersChanged(Frozen):
    """A player's counters of one kind went from `before` to `after` (got, lost or paid)."""

    kind: Literal["counters"] = "counters"
    player: str
    counter: str
    before: int
    after: int
    way: Literal["get", "lose", "pay"]
    by: str | None = None


class BlessingGot(Frozen):
    kind: Literal["blessing"] = "blessing"
    player: str


DesignationCause = Literal["given", "again", "combat", "left"]


class Designated(Frozen):
    """The monarch or the initiative: given by a line, taken again, moved by combat damage to
    its holder (`before`) or by its holder leaving the game."""

    kind: Literal["designated"] = "designated"
    what: Literal["monarch", "initiative"]
    player: str
    before: str | None = None
    cause: DesignationCause = "given"


class DayNightChanged(Frozen):
    kind: Literal["day-night"] = "day-night"
    time: Literal["day", "night"]


class RingTempted(Frozen):
    kind: Literal["ring"] = "ring"
    player: str
    times: int


class CommanderCast(Frozen):
    """A commander cast from the command zone: its key, how many casts now, the tax paid."""

    kind: Literal["cast"] = "cast"
    commander: str
    casts: int


class DeckNamed(Frozen):
    """A player named the deck they play."""

    kind: Literal["deck"] = "deck"
    player: str
    deck: str


class Rolled(Frozen):
    """Dice rolled, a coin flipped or a player chosen at random; nothing else changes."""

    kind: Literal["rolled"] = "rolled"
    by: str | None
    what: str  # "2d6", "a coin", "a player at random"
    results: tuple[str, ...]


class Reminded(Frozen):
    """What the player whose turn begins holds and must not forget (TABLE.md's reminders)."""

    kind: Literal["reminded"] = "reminded"
    player: str | None  # None: the whole table (day and night)
    reminders: tuple[str, ...]


class Undone(Frozen):
    kind: Literal["undone"] = "undone"
    request: Request


Event = Annotated[
    LifeChanged
    | LifeUnchanged
    | PoisonAdded
    | CommanderDamaged
    | PoolDied
    | PlayerLeft
    | GameEnded
    | WonInRange
    | TurnPassed
    | MarkerMoved
    | MarkerRemoved
    | MinionChanged
    | LockChanged
    | PendingOpened
    | PendingClosed
    | CountersChanged
    | BlessingGot
    | Designated
    | DayNightChanged
    | RingTempted
    | CommanderCast
    | DeckNamed
    | Rolled
    | Reminded
    | Undone,
    Field(discriminator="kind"),
]
