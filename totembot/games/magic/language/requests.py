"""Every request of the language, one row each: the verb, how it reads, how it is written.

A row's `read` takes the words after the verb and returns the intent; `write` gives the
canonical phrase back (`read(write(i)) == i`); `topic` names its help page. The engine's
handler for the same intent kind is in `totembot.games.magic.rules.engine.HANDLERS`, and a test checks that
every row has a handler and a help page, so adding a request means adding one row here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from totembot.games.magic.language.errors import PhraseError
from totembot.games.magic.rules.amounts import check_life_value
from totembot.games.magic.rules.intents import (
    Approve,
    Attack,
    Concede,
    Damage,
    Deny,
    Each,
    EachEffect,
    Eliminate,
    GainLife,
    Halve,
    Intent,
    Lock,
    LoseLife,
    NextTurn,
    PayLife,
    Poison,
    Remove,
    SetLife,
    TotemRef,
    Undo,
    Unlock,
    Win,
)

if TYPE_CHECKING:
    from totembot.games.magic.language.words import Words


@dataclass(frozen=True)
class Phrase:
    """One request: the word that starts it, its intent kind, reader, writer and help page."""

    verb: str
    kind: str
    read: Callable[[Words], Intent]
    write: Callable[[Any], str]
    topic: str


def _via(options: dict[str, object], key: str = "via") -> TotemRef | None:
    ref = options.get(key)
    return ref if isinstance(ref, TotemRef) else None


def _clause(keyword: str, ref: TotemRef | None) -> str:
    return f" {keyword} {ref}" if ref is not None else ""


# --- life: deal, lose, gain, pay, poison, set, halve ------------------------------------------


def read_deal(words: Words) -> Intent:
    amount = words.amount("damage")
    words.expect("to")
    if words.take("each"):
        return each_intent(words, "damage", amount, each_who(words))
    target = words.name("the name of the player dealt damage")
    return Damage(target=target, amount=amount, via=_via(words.options({"via"})))


def write_deal(intent: Damage) -> str:
    return f"deal {intent.amount} to {intent.target}{_clause('via', intent.via)}"


def read_life(words: Words, verb: str, target: str | None) -> Intent:
    """`lose N`, `gain N`, `pay N` (and `P loses N`, `P gains N` with a target)."""
    what = {"lose": "life loss", "gain": "life gain", "pay": "payment"}[verb]
    amount = words.amount(what)
    via = _via(words.options({"via"}))
    if verb == "lose":
        return LoseLife(target=target, amount=amount, via=via)
    if verb == "gain":
        return GainLife(target=target, amount=amount, via=via)
    return PayLife(amount=amount, via=via)


def write_life(intent: LoseLife | GainLife | PayLife) -> str:
    if isinstance(intent, PayLife):
        return f"pay {intent.amount}{_clause('via', intent.via)}"
    head = f"{intent.target} {intent.kind}s" if intent.target else intent.kind
    return f"{head} {intent.amount}{_clause('via', intent.via)}"


def read_poison(words: Words) -> Intent:
    amount = words.amount("number of poison counters")
    words.expect("to")
    target = words.name("the name of the player who gets the poison counters")
    return Poison(target=target, amount=amount, via=_via(words.options({"via"})))


def write_poison(intent: Poison) -> str:
    return f"poison {intent.amount} to {intent.target}{_clause('via', intent.via)}"


def read_set(words: Words) -> Intent:
    target = words.name("the name of the player whose life is set")
    words.expect("life")
    words.expect("to")
    value = words.number("life total to set", "from -1,000,000 to 1,000,000")
    check_life_value(value)
    options = words.options({"via", "counting"})
    return SetLife(
        target=target, value=value, via=_via(options), counting=_via(options, "counting")
    )


def write_set(intent: SetLife) -> str:
    return (
        f"set {intent.target} life to {intent.value}{_clause('via', intent.via)}"
        f"{_clause('counting', intent.counting)}"
    )


def read_halve(words: Words) -> Intent:
    target = words.name("the name of the player whose life is halved")
    options = words.options({"via", "counting"})
    return Halve(target=target, via=_via(options), counting=_via(options, "counting"))


def write_halve(intent: Halve) -> str:
    return (
        f"halve {intent.target}{_clause('via', intent.via)}{_clause('counting', intent.counting)}"
    )


# --- effects on each player -------------------------------------------------------------------


def each_who(words: Words) -> bool:
    """`player` or `opponent` after `each`: whether only opponents are meant."""
    who = words.peek()
    if who not in ("player", "opponent"):
        raise words.fail("'player' or 'opponent'")
    words.pos += 1
    return who == "opponent"


def each_intent(words: Words, effect: EachEffect, amount: int, opponents: bool) -> Each:
    if words.language.totems:
        raise PhraseError(
            "In Totem each player chooses a totem: record each player's change on its own line."
        )
    return Each(effect=effect, amount=amount, opponents=opponents)


def read_each(words: Words) -> Intent:
    """`each player loses N`, `each opponent gains N` (after `each`)."""
    opponents = each_who(words)
    verb = words.peek()
    if verb not in ("loses", "gains"):
        raise words.fail("'loses' or 'gains'")
    words.pos += 1
    amount = words.amount("life loss" if verb == "loses" else "life gain")
    return each_intent(words, "lose" if verb == "loses" else "gain", amount, opponents)


def write_each(intent: Each) -> str:
    who = "opponent" if intent.opponents else "player"
    if intent.effect == "damage":
        return f"deal {intent.amount} to each {who}"
    return f"each {who} {intent.effect}s {intent.amount}"


# --- combat and locks -------------------------------------------------------------------------


def read_attack(words: Words) -> Intent:
    """`attack T for N [with commander [NAME]] [hitting P]` in Totem, else `attack P for N ...`."""
    totem = words.totem() if words.language.totems else None
    player = None if totem else words.name("the name of the player attacked")
    words.expect("for")
    amount = words.amount("combat damage")
    options = words.options({"with", "hitting"} if totem else {"with"})
    hitting, name = options.get("hitting"), options.get("with")
    return Attack(
        totem=totem,
        player=player,
        amount=amount,
        commander="with" in options,
        commander_name=name if isinstance(name, str) else None,
        hitting=hitting if isinstance(hitting, str) else None,
    )


def write_attack(intent: Attack) -> str:
    text = f"attack {intent.totem or intent.player} for {intent.amount}"
    if intent.commander or intent.commander_name:
        text += " with commander" + (f" {intent.commander_name}" if intent.commander_name else "")
    return text + (f" hitting {intent.hitting}" if intent.hitting else "")


def read_lock(words: Words, locking: bool) -> Intent:
    ref = words.totem() if words.language.totems else None
    return Lock(totem=ref) if locking else Unlock(totem=ref)


def write_lock(intent: Lock | Unlock) -> str:
    return f"{intent.kind} {intent.totem}" if intent.totem else intent.kind


# --- the game: answers, leaving, turns --------------------------------------------------------


def read_player(words: Words, kind: type[Eliminate] | type[Remove]) -> Intent:
    target = words.name("a player's name")
    if kind is Eliminate and words.take("by"):
        return Eliminate(target=target, by=words.name("the name of the player it is by"))
    return kind(target=target)


def write_player(intent: Eliminate | Remove) -> str:
    by = f" by {intent.by}" if isinstance(intent, Eliminate) and intent.by else ""
    return f"{intent.kind} {intent.target}{by}"


def read_next(words: Words) -> Intent:
    """`next`, or (several turns at once) `next P`: the host ends P's turn."""
    if words.language.next_player and words.peek() is not None:
        return NextTurn(player=words.name("the name of the player whose turn ends"))
    return NextTurn()


def write_next(intent: NextTurn) -> str:
    return f"next {intent.player}" if intent.player else "next"


def read_answer(words: Words, kind: type[Approve] | type[Deny]) -> Intent:
    """`approve`, `deny`, or with the number of the waiting request (`approve 2`), when
    several wait for the speaker's answer (the number its message shows)."""
    if words.peek() is None:
        return kind()
    return kind(request_id=words.number("number of the waiting request", "from 1 up"))


def write_answer(intent: Approve | Deny) -> str:
    return intent.kind if intent.request_id is None else f"{intent.kind} {intent.request_id}"


def read_concede(words: Words) -> Intent:
    """`concede`, or `concede P`: the host (or an admin) concedes for P, at any time."""
    if words.peek() is not None:
        return Concede(player=words.name("the name of the player who concedes"))
    return Concede()


def write_concede(intent: Concede) -> str:
    return f"concede {intent.player}" if intent.player else "concede"


def write_verb(intent: Intent) -> str:
    return intent.kind


TABLE: tuple[Phrase, ...] = (
    Phrase("deal", "damage", read_deal, write_deal, "deal"),
    Phrase("lose", "lose", lambda w: read_life(w, "lose", None), write_life, "lose"),
    Phrase("gain", "gain", lambda w: read_life(w, "gain", None), write_life, "gain"),
    Phrase("pay", "pay", lambda w: read_life(w, "pay", None), write_life, "pay"),
    Phrase("attack", "attack", read_attack, write_attack, "attack"),
    Phrase("poison", "poison", read_poison, write_poison, "poison"),
    Phrase("set", "set", read_set, write_set, "set"),
    Phrase("halve", "halve", read_halve, write_halve, "halve"),
    Phrase("lock", "lock", lambda w: read_lock(w, True), write_lock, "lock"),
    Phrase("unlock", "unlock", lambda w: read_lock(w, False), write_lock, "lock"),
    Phrase("approve", "approve", lambda w: read_answer(w, Approve), write_answer, "approve"),
    Phrase("deny", "deny", lambda w: read_answer(w, Deny), write_answer, "approve"),
    Phrase("concede", "concede", read_concede, write_concede, "concede"),
    Phrase(
        "eliminate", "eliminate", lambda w: read_player(w, Eliminate), write_player, "eliminate"
    ),
    Phrase("win", "win", lambda w: Win(), write_verb, "win"),
    Phrase("remove", "remove", lambda w: read_player(w, Remove), write_player, "remove"),
    Phrase("next", "next", read_next, write_next, "next"),
    Phrase("undo", "undo", lambda w: Undo(), write_verb, "undo"),
    Phrase("each", "each", read_each, write_each, "each"),
)
BY_VERB: dict[str, Phrase] = {row.verb: row for row in TABLE}
BY_KIND: dict[str, Phrase] = {row.kind: row for row in TABLE}
VERBS: tuple[str, ...] = tuple(row.verb for row in TABLE if row.verb != "each")


def write(intent: Intent) -> str:
    """The canonical phrase for an intent: reading it back gives the same intent."""
    return BY_KIND[intent.kind].write(intent)
