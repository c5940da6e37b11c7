"""Intents: small frozen commands built by the phrase parser and the slash commands alike."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from totembot.core.frozen import Frozen
from totembot.core.intents import Actor as Actor
from totembot.core.intents import Request as BaseRequest
from totembot.core.intents import Undo as BaseUndo

Side = Literal["left", "right"]
# What changed a life total (`events.LifeChanged.cause`): one cause per request that changes
# life, kept here beside the intents so that a new request is one model in this file.
LifeCause = Literal["damage", "loss", "gain", "payment", "set", "halve", "combat"]


class TotemRef(Frozen):
    """A totem as a user names it: a side seen from some player, or its two players."""

    side: Side | None = None
    names: tuple[str, str] | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> TotemRef:
        if (self.side is None) == (self.names is None):
            raise ValueError("a totem is named by a side or by its two players")
        return self

    def __str__(self) -> str:
        if self.side is not None:
            return self.side
        assert self.names is not None
        return "-".join(self.names)


class Damage(Frozen):
    kind: Literal["damage"] = "damage"
    target: str
    amount: int
    via: TotemRef | None = None


class LoseLife(Frozen):
    kind: Literal["lose"] = "lose"
    target: str | None = None
    amount: int
    via: TotemRef | None = None


class GainLife(Frozen):
    kind: Literal["gain"] = "gain"
    target: str | None = None
    amount: int
    via: TotemRef | None = None


class PayLife(Frozen):
    kind: Literal["pay"] = "pay"
    amount: int
    via: TotemRef | None = None


class Attack(Frozen):
    """Combat damage to a totem (Totem) or to a player (every other format)."""

    kind: Literal["attack"] = "attack"
    totem: TotemRef | None = None
    amount: int
    commander: bool = False
    commander_name: str | None = None
    hitting: str | None = None
    player: str | None = None

    @model_validator(mode="after")
    def _one_target(self) -> Attack:
        if (self.totem is None) == (self.player is None):
            raise ValueError("an attack names a totem or a player")
        return self


class Poison(Frozen):
    kind: Literal["poison"] = "poison"
    target: str
    amount: int
    via: TotemRef | None = None


class SetLife(Frozen):
    kind: Literal["set"] = "set"
    target: str
    value: int
    via: TotemRef | None = None
    counting: TotemRef | None = None


class Halve(Frozen):
    kind: Literal["halve"] = "halve"
    target: str
    via: TotemRef | None = None
    counting: TotemRef | None = None


class Lock(Frozen):
    """Lock one of the speaker's totems, or (no totem) the speaker's own life total."""

    kind: Literal["lock"] = "lock"
    totem: TotemRef | None = None


class Unlock(Frozen):
    kind: Literal["unlock"] = "unlock"
    totem: TotemRef | None = None


EachEffect = Literal["damage", "lose", "gain"]


class Each(Frozen):
    """One effect on each player (or each opponent) at once: Earthquake, Flame Rift."""

    kind: Literal["each"] = "each"
    effect: EachEffect
    amount: int
    opponents: bool = False


# --- TABLE.md: counters, designations, day and night, commander casts, chance -------------------

CounterWay = Literal["get", "lose", "pay"]
EachWho = Literal["player", "opponent"]
Coin = Literal["heads", "tails"]


class Get(Frozen):
    """Player counters (`get 2 energy`, `Bob loses 1 rad`, `pay 2 energy`, `each opponent gets
    1 rad`), or with no `counter` the city's blessing (`get the city's blessing`).
    `target` None is the speaker; `each` names everyone a source reaches instead."""

    kind: Literal["get"] = "get"
    target: str | None = None
    amount: int = 1
    counter: str | None = None  # a kind, lower case; None: the city's blessing
    way: CounterWay = "get"
    each: EachWho | None = None


class Monarch(Frozen):
    """`become the monarch`, `P becomes the monarch` (target None: the speaker)."""

    kind: Literal["monarch"] = "monarch"
    target: str | None = None


class Initiative(Frozen):
    """`take the initiative`, `P takes the initiative` (target None: the speaker)."""

    kind: Literal["initiative"] = "initiative"
    target: str | None = None


class DayNightIs(Frozen):
    """`it becomes day`, `it becomes night`."""

    kind: Literal["day-night"] = "day-night"
    time: Literal["day", "night"]


class Ring(Frozen):
    """`the ring tempts you` (target None: the speaker), `the ring tempts P`."""

    kind: Literal["ring"] = "ring"
    target: str | None = None


class CastCommander(Frozen):
    """`cast commander [NAME]`: the speaker cast their commander (or partner NAME)."""

    kind: Literal["cast"] = "cast"
    name: str | None = None


class NameDeck(Frozen):
    """`deck NAME`: the speaker plays the deck NAME (any words), for statistics per deck."""

    kind: Literal["deck"] = "deck"
    name: str


class Roll(Frozen):
    """`roll KdN`: the results are drawn by the shell when the line is recorded (the rules
    draw nothing) and kept in the request, so a replay shows the same ones."""

    kind: Literal["roll"] = "roll"
    dice: int = 1
    sides: int
    results: tuple[int, ...] = ()


class Flip(Frozen):
    """`flip a coin`: the side is drawn by the shell, as a roll's results are."""

    kind: Literal["flip"] = "flip"
    result: Coin | None = None


class ChooseAtRandom(Frozen):
    """`choose a player at random`: the player is drawn by the shell among those still in."""

    kind: Literal["choose"] = "choose"
    result: str | None = None


class Undo(BaseUndo):
    """`undo`. Waiting payments are numbered (`GameState.next_pending_id`). An undo stored
    before numbers were kept put the next number back with the state it restored, so a number
    could be handed out twice, and it replays so; the undo players ask for now
    (`UNDO_KEEPING_NUMBERS`) keeps the numbers handed out, so a number names one request. The
    flag is left out of the stored JSON when false: an old undo is stored and read as before."""

    keeps_numbers: bool = Field(default=False, exclude_if=lambda keeps: not keeps)


UNDO_KEEPING_NUMBERS = Undo(keeps_numbers=True)  # the undo a player asks for


class Approve(Frozen):
    kind: Literal["approve"] = "approve"
    request_id: int | None = None


class Deny(Frozen):
    kind: Literal["deny"] = "deny"
    request_id: int | None = None


class Concede(Frozen):
    """The speaker concedes, or (host/admin) concedes for the named player."""

    kind: Literal["concede"] = "concede"
    player: str | None = None


class Eliminate(Frozen):
    """P loses by another effect; with `by` (madness-minions), P becomes that player's minion."""

    kind: Literal["eliminate"] = "eliminate"
    target: str
    by: str | None = None


class Win(Frozen):
    kind: Literal["win"] = "win"


class Remove(Frozen):
    kind: Literal["remove"] = "remove"
    target: str


class NextTurn(Frozen):
    """Pass the turn; with turn markers, end `player`'s turn (the speaker's by default)."""

    kind: Literal["next"] = "next"
    player: str | None = None


Intent = Annotated[
    Damage
    | LoseLife
    | GainLife
    | PayLife
    | Attack
    | Poison
    | SetLife
    | Halve
    | Lock
    | Unlock
    | Each
    | Approve
    | Deny
    | Concede
    | Eliminate
    | Win
    | Remove
    | NextTurn
    | Get
    | Monarch
    | Initiative
    | DayNightIs
    | Ring
    | CastCommander
    | NameDeck
    | Roll
    | Flip
    | ChooseAtRandom
    | Undo,
    Field(discriminator="kind"),
]


class Request(BaseRequest[Intent]):
    """One recorded request of this game: who said it and which of its intents."""
