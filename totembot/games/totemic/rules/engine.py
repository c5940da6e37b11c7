"""Check and apply one Totemic request: a pure function from a state to a new state and events.

`apply` raises `RuleViolation` (the sentence the user sees) and changes nothing when a request
breaks a rule. Undo belongs to the game's history (`rules.game`), not to a state.
"""

from __future__ import annotations

from collections.abc import Callable

from totembot.core.errors import RuleViolation
from totembot.games.totemic.rules.challenge import accept, open_challenge, reveal, submit, threaten
from totembot.games.totemic.rules.ending import next_turn
from totembot.games.totemic.rules.events import (
    ActionTaken,
    DominanceKept,
    DominanceMoved,
    TotemicEvent,
)
from totembot.games.totemic.rules.intents import Gain, Intent, Lose, Request, Reveal
from totembot.games.totemic.rules.seats import (
    change_power,
    check_amount,
    move_dominance,
    require_speaker,
    seat_named,
    speaker,
)
from totembot.games.totemic.rules.state import Action, TotemicState

Applied = tuple[TotemicState, list[TotemicEvent]]


def apply(state: TotemicState, request: Request) -> Applied:
    """The state after the request and what it changed; raises RuleViolation if refused."""
    intent = request.intent
    if intent.kind == "undo":
        raise RuleViolation("Undo takes back the game's last change; it is not applied to a state.")
    if state.finished:
        raise RuleViolation("The game is over: nothing more can be recorded except undo.")
    return _HANDLERS[intent.kind](state, request, intent)


def _action(state: TotemicState, request: Request, action: Action) -> Applied:
    """The active player's one action of the turn (a challenge may follow an invoke)."""
    active = state.turn.active
    seat = require_speaker(state, request.actor, action, f"{active}: {action}")
    name = state.name_of(seat)
    if seat != state.active_seat:
        raise RuleViolation(f"It is {active}'s turn: only {active} can {action}.")
    taken = state.turn.action
    if taken is not None and not (action == "challenge" and taken == "invoke"):
        raise RuleViolation(
            f"{name} has already taken this turn's action ({taken}): one action a turn, "
            "except a challenge right after invoke."
        )
    turn = state.turn.model_copy(update={"action": action})
    acted = state.model_copy(update={"turn": turn})
    events: list[TotemicEvent] = [ActionTaken(player=name, action=action)]
    if action != "challenge":
        return acted, events
    challenged, opened = open_challenge(acted, seat)
    return challenged, events + opened


def _gain_or_lose(state: TotemicState, request: Request, intent: Gain | Lose) -> Applied:
    """`gain N`/`lose N` for the speaker; `P gains N`/`P loses N` by a player or the host."""
    verb = intent.kind
    said_by = speaker(state, request.actor)
    if intent.target is not None:
        seat = seat_named(state, intent.target)
    elif said_by is not None:
        seat = said_by
    else:
        raise RuleViolation(
            f"Say who {verb}s: write '{state.name_of(0)} {verb}s {intent.amount}', or start "
            "the line with the player's name."
        )
    check_amount(intent.amount)
    delta = intent.amount if verb == "gain" else -intent.amount
    changed, event = change_power(state, seat, delta, "effect")
    return changed, [event]


def _take_dominance(state: TotemicState, request: Request) -> Applied:
    """The speaker takes dominance; the one who loses it loses 1 power. Its holder: no change."""
    seat = require_speaker(state, request.actor, "take dominance", f"{state.name_of(0)}: dominance")
    name = state.name_of(seat)
    if seat == state.holder:
        return state, [DominanceKept(player=name)]
    previous = state.holder
    moved = move_dominance(state, seat)
    event = DominanceMoved(player=name, previous=state.name_of(previous), cause="taken")
    paid, power = change_power(moved, previous, -1, "dominance")
    return paid, [event, power]


def _reshuffle(state: TotemicState, request: Request) -> Applied:
    """The deck ran out: each player loses 1 power."""
    speaker(state, request.actor)
    events: list[TotemicEvent] = []
    for seat in (0, 1):
        state, event = change_power(state, seat, -1, "reshuffle")
        events.append(event)
    return state, events


Handler = Callable[[TotemicState, Request, Intent], Applied]


def _reveal(state: TotemicState, request: Request, intent: Intent) -> Applied:
    assert isinstance(intent, Reveal)
    return reveal(state, request, intent)


def _effect(state: TotemicState, request: Request, intent: Intent) -> Applied:
    assert isinstance(intent, Gain | Lose)
    return _gain_or_lose(state, request, intent)


_HANDLERS: dict[str, Handler] = {
    "draw": lambda state, request, _: _action(state, request, "draw"),
    "invoke": lambda state, request, _: _action(state, request, "invoke"),
    "challenge": lambda state, request, _: _action(state, request, "challenge"),
    "accept": lambda state, request, _: accept(state, request),
    "threaten": lambda state, request, _: threaten(state, request),
    "submit": lambda state, request, _: submit(state, request),
    "reveal": _reveal,
    "next": lambda state, request, _: next_turn(state, request),
    "gain": _effect,
    "lose": _effect,
    "dominance": lambda state, request, _: _take_dominance(state, request),
    "reshuffle": lambda state, request, _: _reshuffle(state, request),
}
