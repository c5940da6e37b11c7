"""Check and apply one request: pure functions from a state to a new state and its events.

`apply` raises `RuleViolation` (the sentence the user sees) and changes nothing when a request
breaks a rule; `validate` asks the same question without keeping the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from totembot.games.magic.rules import table
from totembot.games.magic.rules.amounts import check_amount, check_life_value
from totembot.games.magic.rules.decks import name_deck
from totembot.games.magic.rules.designations import moved, reminders
from totembot.games.magic.rules.each import each_player
from totembot.games.magic.rules.errors import RuleViolation
from totembot.games.magic.rules.events import (
    Event,
    LifeUnchanged,
    LockChanged,
    PendingOpened,
)
from totembot.games.magic.rules.formats import Blame, Change, format_of
from totembot.games.magic.rules.intents import (
    Approve,
    Attack,
    Concede,
    Damage,
    Deny,
    Eliminate,
    GainLife,
    Halve,
    Lock,
    LoseLife,
    NextTurn,
    PayLife,
    Poison,
    Remove,
    Request,
    SetLife,
    Undo,
    Unlock,
    Win,
)
from totembot.games.magic.rules.life import (
    add_commander_damage,
    add_player_poison,
    change_life,
    close_pending,
    leave,
    require_unlocked,
    settle,
    with_pool,
)
from totembot.games.magic.rules.lookup import (
    controller_seat,
    player_name,
    pool_name,
    require_participant,
    seat_named,
    speaker_seat,
    target_seat,
)
from totembot.games.magic.rules.state import GameState, Pending


def _require_active(state: GameState) -> None:
    if state.finished:
        raise RuleViolation("The game is over: nothing more can be recorded except undo.")


def _life_target(state: GameState, actor_seat: int | None, target: str | None, verb: str) -> int:
    if target is not None:
        return _reached(state, actor_seat, target)
    if actor_seat is None:
        raise RuleViolation(
            f"Say who {verb}s: write 'Bob {verb}s 3', or start the line with the player's name."
        )
    return actor_seat


def _example(state: GameState, totem_line: str, plain_line: str | None = None) -> str:
    """An example line in the game's language: Totem's names totems, the others do not."""
    if format_of(state).language.totems:
        return totem_line
    return plain_line or totem_line.removesuffix(" left").removesuffix(" via")


def _reached(state: GameState, controller: int | None, name: str) -> int:
    """The target player, who must be in and within the controller's reach (range)."""
    target = target_seat(state, name)
    if controller is not None:
        refusal = format_of(state).reach_refusal(state, controller, target)
        if refusal is not None:
            raise RuleViolation(refusal)
    return target


def _damage(state: GameState, request: Request, intent: Damage) -> Change:
    check_amount(intent.amount, "damage")
    source = speaker_seat(state, request.actor, "deal damage", "Ann: deal 3 to Bob")
    target = _reached(state, source, intent.target)
    pool = format_of(state).pool_for(state, target, source, intent.via)
    return change_life(state, pool, target, -intent.amount, "damage", source)


def _lose_or_gain(state: GameState, request: Request, intent: LoseLife | GainLife) -> Change:
    """Life loss or gain, by the speaker's source (or the host's, with no source at all)."""
    losing = isinstance(intent, LoseLife)
    check_amount(intent.amount, "life loss" if losing else "life gain")
    source = controller_seat(state, request.actor)
    target = _life_target(state, source, intent.target, "lose" if losing else "gain")
    pool = format_of(state).pool_for(state, target, source, intent.via)
    delta = -intent.amount if losing else intent.amount
    return change_life(state, pool, target, delta, "loss" if losing else "gain", source)


def _check_payable(state: GameState, seat: int, pool: int, amount: int) -> None:
    require_unlocked(state, pool)
    if state.pools[pool].life < amount:
        game_format = format_of(state)
        raise RuleViolation(game_format.cannot_pay(state, pool, player_name(state, seat), amount))


def _consent_needed_from(state: GameState, seat: int, pool: int) -> int | None:
    """Under half-life-consent, the other player of a totem below half life must agree."""
    if not state.config.uses("half-life-consent"):
        return None
    if state.pools[pool].life * 2 >= state.config.life:
        return None
    others = [other for other in state.pool_players_in(pool) if other != seat]
    return others[0] if others else None


def _pay(state: GameState, request: Request, intent: PayLife) -> Change:
    check_amount(intent.amount, "payment")
    payer = speaker_seat(state, request.actor, "pay life", _example(state, "Ann: pay 2 via left"))
    pool = format_of(state).pool_for(state, payer, payer, intent.via)
    _check_payable(state, payer, pool, intent.amount)
    asked = _consent_needed_from(state, payer, pool)
    if asked is None:
        return change_life(state, pool, payer, -intent.amount, "payment", payer)
    pending = Pending(
        id=state.next_pending_id,
        payer=player_name(state, payer),
        amount=intent.amount,
        pool=pool,
        awaiting=player_name(state, asked),
    )
    state = state.model_copy(
        update={"pending": (*state.pending, pending), "next_pending_id": pending.id + 1}
    )
    opened = PendingOpened(
        id=pending.id,
        payer=pending.payer,
        amount=pending.amount,
        pool=pool_name(state, pool),
        awaiting=pending.awaiting,
    )
    return state, [opened]


def _attack(state: GameState, request: Request, intent: Attack) -> Change:
    check_amount(intent.amount, "combat damage")
    example = _example(state, "Ann: attack Bob-Cid for 3", "Ann: attack Bob for 3")
    attacker = speaker_seat(state, request.actor, "attack", example)
    game_format = format_of(state)
    pool, hit = game_format.attacked(state, attacker, intent)
    by_commander = intent.commander or intent.commander_name is not None
    if by_commander and not state.config.commander:
        raise RuleViolation("This is not a commander game, so there is no commander damage.")
    events: list[Event] = []
    if by_commander and state.pools[pool].locked:
        events.append(
            LifeUnchanged(
                pool=pool_name(state, pool),
                player=player_name(state, hit) if hit is not None else None,
                cause="combat",
                reason="locked",
            )
        )
    else:
        state, events = change_life(state, pool, hit, -intent.amount, "combat", attacker)
    if by_commander:
        key = table.commander_key(state, attacker, intent.commander_name)
        if key not in state.commanders:
            state = state.model_copy(update={"commanders": (*state.commanders, key)})
        on_player = hit if game_format.tallies_on_player() else None
        state, tallied = add_commander_damage(state, pool, key, intent.amount, on_player)
        events += tallied
    return state, events


def _poison(state: GameState, request: Request, intent: Poison) -> Change:
    check_amount(intent.amount, "number of poison counters")
    source = speaker_seat(state, request.actor, "give poison counters", "Ann: poison 2 to Bob")
    target = _reached(state, source, intent.target)
    if state.config.uses("player-poison"):
        if intent.via is not None:
            raise RuleViolation(
                "Under player-poison, poison counters go on players, so no totem is named."
            )
        return add_player_poison(state, target, intent.amount, source)
    game_format = format_of(state)
    pool = game_format.pool_for(state, target, source, intent.via)
    return game_format.poisoned(state, pool, target, intent.amount, source)


def _counted_and_applied(
    state: GameState, request: Request, intent: SetLife | Halve
) -> tuple[int, int, int, int | None]:
    source = controller_seat(state, request.actor)
    target = _reached(state, source, intent.target)
    game_format = format_of(state)
    applied = game_format.pool_for(state, target, source, intent.via)
    counted = game_format.counted_pool(state, target, intent.counting, applied)
    return target, applied, counted, source


def _set_life(state: GameState, request: Request, intent: SetLife) -> Change:
    check_life_value(intent.value)
    target, applied, counted, source = _counted_and_applied(state, request, intent)
    delta = intent.value - format_of(state).own_life(state, target, counted)
    return change_life(state, applied, target, delta, "set", source)


def _halve(state: GameState, request: Request, intent: Halve) -> Change:
    target, applied, counted, source = _counted_and_applied(state, request, intent)
    loss = max(0, format_of(state).own_life(state, target, counted) // 2)
    return change_life(state, applied, target, -loss, "halve", source)


def _set_lock(state: GameState, request: Request, intent: Lock | Unlock) -> Change:
    locking = isinstance(intent, Lock)
    verb = "lock" if locking else "unlock"
    game_format = format_of(state)
    example = _example(state, f"Ann: {verb} left")
    what = "a totem" if game_format.language.totems else "a life total"
    seat = speaker_seat(state, request.actor, f"{verb} {what}", example)
    pool = game_format.lock_pool(state, seat, intent.totem)
    if state.pools[pool].locked == locking:
        raise RuleViolation(f"{game_format.life_label(state, pool)} is already {verb}ed.")
    state = with_pool(state, pool, locked=locking)
    event = LockChanged(pool=pool_name(state, pool), locked=locking, by=player_name(state, seat))
    return state, [event]


def _pending_for(state: GameState, seat: int, request_id: int | None) -> Pending:
    name = player_name(state, seat)
    mine = [p for p in state.pending if p.awaiting == name]
    if request_id is not None:
        chosen = [p for p in state.pending if p.id == request_id]
        if not chosen:
            raise RuleViolation(f"There is no waiting request number {request_id}.")
        mine = [p for p in chosen if p.awaiting == name]
        if not mine:
            other = chosen[0]
            raise RuleViolation(
                f"Only {other.awaiting} can answer {other.payer}'s request to pay "
                f"{other.amount} life from {pool_name(state, other.pool)}."
            )
    if mine:
        return mine[0]
    if state.pending:
        other = state.pending[0]
        raise RuleViolation(
            f"No request waits for {name}'s answer; only {other.awaiting} can answer "
            f"{other.payer}'s request to pay {other.amount} life from "
            f"{pool_name(state, other.pool)}."
        )
    raise RuleViolation(f"No request waits for {name}'s answer.")


def _approve(state: GameState, request: Request, intent: Approve) -> Change:
    seat = speaker_seat(state, request.actor, "approve a payment", "Cid: approve")
    pending = _pending_for(state, seat, intent.request_id)
    payer = seat_named(state, pending.payer)
    _check_payable(state, payer, pending.pool, pending.amount)
    state, closed = close_pending(state, pending, "approved")
    state, paid = change_life(state, pending.pool, payer, -pending.amount, "payment", payer)
    return state, closed + paid


def _deny(state: GameState, request: Request, intent: Deny) -> Change:
    seat = speaker_seat(state, request.actor, "deny a payment", "Cid: deny")
    pending = _pending_for(state, seat, intent.request_id)
    return close_pending(state, pending, "denied")


def _concede(state: GameState, request: Request, intent: Concede) -> Change:
    actor = request.actor
    if intent.player is not None and actor.host:
        seat = target_seat(state, intent.player)
    else:
        seat = speaker_seat(state, actor, "concede", "Bob: concede")
        if intent.player is not None and seat_named(state, intent.player) != seat:
            raise RuleViolation("Only the host or an admin can concede for another player.")
    own_turn = format_of(state).is_own_turn(state, seat)
    if state.config.uses("sorcery-concede") and not actor.host and not own_turn:
        raise RuleViolation(
            f"Under sorcery-concede, {player_name(state, seat)} can concede only during their "
            f"own turn, and {format_of(state).whose_turn(state)}."
        )
    return leave(state, seat, "conceded", "conceded")


def _eliminate(state: GameState, request: Request, intent: Eliminate) -> Change:
    require_participant(state, request.actor, "record an elimination", "Ann: eliminate Bob")
    seat = target_seat(state, intent.target)
    if intent.by is not None:
        return format_of(state).eliminated_by(state, seat, intent.by)
    return leave(state, seat, "lost", "lost by another effect")


def _remove(state: GameState, request: Request, intent: Remove) -> Change:
    if not request.actor.host:
        raise RuleViolation("Only the host or an admin can remove a player.")
    seat = target_seat(state, intent.target)
    return leave(state, seat, "removed", "removed by the host")


def _win(state: GameState, request: Request, intent: Win) -> Change:
    seat = speaker_seat(state, request.actor, "win", "Ann: win")
    return format_of(state).won_by_effect(state, seat)


def _next_turn(state: GameState, request: Request, intent: NextTurn) -> Change:
    return format_of(state).pass_turn(state, request.actor, intent.player)


def _undo(state: GameState, request: Request, intent: Undo) -> Change:
    raise RuleViolation("Undo is answered by the game's history, not by a single state.")


Handler = Callable[[GameState, Request, Any], Change]

HANDLERS: dict[str, Handler] = {
    "damage": _damage,
    "lose": _lose_or_gain,
    "gain": _lose_or_gain,
    "pay": _pay,
    "attack": _attack,
    "poison": _poison,
    "set": _set_life,
    "halve": _halve,
    "lock": _set_lock,
    "unlock": _set_lock,
    "each": each_player,
    "approve": _approve,
    "deny": _deny,
    "concede": _concede,
    "eliminate": _eliminate,
    "remove": _remove,
    "win": _win,
    "next": _next_turn,
    "undo": _undo,
    "get": table.get,
    "monarch": table.monarch,
    "initiative": table.initiative,
    "day-night": table.day_night,
    "ring": table.ring,
    "cast": table.cast_commander,
    "deck": name_deck,
    "roll": table.roll,
    "flip": table.flip,
    "choose": table.choose,
}


def _blame(state: GameState, request: Request) -> Blame:
    """Who controlled the source of what this request did, and what kind of request it was."""
    speaker = request.actor.player
    seat = state.seat_of(speaker) if speaker is not None else None
    return Blame(controller=seat, kind=request.intent.kind)


def apply(state: GameState, request: Request) -> tuple[GameState, list[Event]]:
    """The state after the request, and what it changed; raises RuleViolation if refused."""
    _require_active(state)
    handler = HANDLERS[request.intent.kind]
    before = state
    state, events = handler(state, request, request.intent)
    state, consequences = settle(state, _blame(state, request))
    state, passed = format_of(state).after_request(before, state)
    events = events + consequences + passed
    if before.monarch is not None or before.initiative is not None:
        state, designated = moved(state, request, events)
        events += designated
    if request.intent.kind == "next" and before.table_lines:
        events += reminders(state, events)
    return state, events


def validate(state: GameState, request: Request) -> None:
    """Raise RuleViolation when the request would be refused; the state is immutable."""
    apply(state, request)
