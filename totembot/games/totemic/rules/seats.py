"""Who speaks and whom a request names: the two animals at the table, by name.

Only the two animals now at the table may speak or be named; in solo a rival already beaten
(or not yet reached) is refused with a sentence that says who the rival is now.
"""

from __future__ import annotations

from totembot.core.errors import RuleViolation, shown
from totembot.games.totemic.rules.events import PowerCause, PowerChanged
from totembot.games.totemic.rules.intents import Actor
from totembot.games.totemic.rules.state import MAX_AMOUNT, TotemicState


def seat_named(state: TotemicState, name: str) -> int:
    """The seat of the animal named so (ignoring case), or a refusal naming who is here."""
    seat = state.seat_of(name)
    if seat is not None:
        return seat
    folded = name.casefold()
    if any(rival.name.casefold() == folded for rival in state.config.rivals):
        raise RuleViolation(
            f"{shown(name)} is not in this confrontation: the rival now is {state.name_of(1)}."
        )
    known = ", ".join(animal.name for animal in state.players)
    raise RuleViolation(f"There is no player named {shown(name)} in this game (players: {known}).")


def speaker(state: TotemicState, actor: Actor) -> int | None:
    """The speaker's seat, or None for a line the host records with no speaker."""
    if actor.player is not None:
        return seat_named(state, actor.player)
    if not actor.host:
        raise RuleViolation("Only a player or the host can record a request.")
    return None


def require_speaker(state: TotemicState, actor: Actor, doing: str, example: str) -> int:
    """The seat of the player who does this; the host alone cannot."""
    seat = speaker(state, actor)
    if seat is None:
        raise RuleViolation(
            f"Only a player can {doing}: start the line with their name, like '{example}'."
        )
    return seat


def check_amount(amount: int) -> None:
    if not 1 <= amount <= MAX_AMOUNT:
        raise RuleViolation(
            f"An amount must be a whole number from 1 to 1,000,000, not {amount:,}."
        )


def change_power(
    state: TotemicState, seat: int, delta: int, cause: PowerCause
) -> tuple[TotemicState, PowerChanged]:
    """The one way power changes: a new state and the event that tells it."""
    before = state.players[seat].power
    after = before + delta
    changed = state.model_copy(update={"players": state.with_animal(seat, power=after)})
    return changed, PowerChanged(
        player=state.name_of(seat), before=before, after=after, cause=cause
    )


def move_dominance(state: TotemicState, to: int) -> TotemicState:
    """Dominance to the seat `to` (the caller tells the event and the lost power)."""
    players = tuple(
        animal.model_copy(update={"dominance": seat == to})
        for seat, animal in enumerate(state.players)
    )
    return state.model_copy(update={"players": players})
