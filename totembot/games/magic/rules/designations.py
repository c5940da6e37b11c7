"""What moves the monarch and the initiative after a request (TABLE.md), and what `next`
reminds the player whose turn begins of.

Run by the engine after every request, on the state before and after it, so a designation
moved by an attack or by its holder leaving is part of that same change (undo takes both back).
"""

from __future__ import annotations

from totembot.games.magic.rules.events import (
    Designated,
    Event,
    LifeChanged,
    LifeUnchanged,
    MarkerMoved,
    Reminded,
    TurnPassed,
)
from totembot.games.magic.rules.formats import Change, format_of
from totembot.games.magic.rules.intents import Request
from totembot.games.magic.rules.state import DESIGNATIONS, Designation, GameState


def _hit(events: list[Event]) -> str | None:
    """The player dealt an attack's combat damage, if the events name one (in Totem, with
    two players of the totem in and no `hitting`, nobody holds that it was either)."""
    for event in events:
        if isinstance(event, LifeChanged | LifeUnchanged) and event.cause == "combat":
            if isinstance(event, LifeUnchanged) and event.reason != "locked":
                continue
            return event.player
    return None


def _unnamed(events: list[Event]) -> list[str]:
    """The players of a totem an attack hit without naming who was dealt the damage (Totem,
    two players of the totem in, no `hitting`)."""
    for event in events:
        if isinstance(event, LifeChanged | LifeUnchanged) and event.cause == "combat":
            return event.pool.split("-") if event.player is None else []
    return []


def _unmoved(state: GameState, what: Designation, holder: str) -> Reminded:
    title = "the monarch" if what == "monarch" else "the initiative"
    return Reminded(
        player=None,
        reminders=(
            f"{holder} holds {title}: if {holder} was dealt that damage, record the attack "
            f"with 'hitting {holder}' to move it",
        ),
    )


def _holder(state: GameState, what: Designation) -> str | None:
    return state.monarch if what == "monarch" else state.initiative


def _given(state: GameState, what: Designation, seat: int) -> GameState:
    return state.model_copy(update={what: state.players[seat].name})


def moved(state: GameState, request: Request, events: list[Event]) -> Change:
    """The designations moved by this request: combat damage to a holder gives it to the
    attacker, a holder leaving gives it to the format's heir; a request that ends the game
    moves nothing."""
    if state.finished:
        return state, []
    found: list[Event] = []
    attack = request.intent.kind == "attack"
    hit = _hit(events) if attack else None
    unnamed = _unnamed(events) if attack and hit is None else []
    for what in DESIGNATIONS:
        holder = _holder(state, what)
        seat = state.seat_of(holder) if holder is not None else None
        if holder is None or seat is None:
            continue
        if not state.players[seat].is_in:
            heir = format_of(state).designation_heir(state, seat)
            if heir is None:
                continue
            state = _given(state, what, heir)
            cause = "left"
        elif hit is not None and hit.casefold() == holder.casefold():
            attacker = request.actor.player
            attacker_seat = state.seat_of(attacker) if attacker is not None else None
            if attacker_seat is None or attacker_seat == seat:
                continue
            state = _given(state, what, attacker_seat)
            cause = "combat"
        else:
            if holder in unnamed:  # the damage may have been the holder's: say how to move it
                found.append(_unmoved(state, what, holder))
            continue
        found.append(
            Designated(what=what, player=str(_holder(state, what)), before=holder, cause=cause)
        )
    return state, found


def _beginning(state: GameState, events: list[Event]) -> list[str]:
    """The players whose turn began with these events: with a passed turn, every player still
    in whose turn it now is (a whole team in the giant formats' shared turns); in Grand Melee,
    each player a marker reached."""
    names = []
    if any(isinstance(event, TurnPassed) for event in events):
        game_format = format_of(state)
        names = [
            state.players[seat].name
            for seat in state.players_in()
            if game_format.is_own_turn(state, seat)
        ]
    names += [e.player for e in events if isinstance(e, MarkerMoved) and not e.waiting]
    return names


def _holds(state: GameState, name: str) -> tuple[str, ...]:
    seat = state.seat_of(name)
    if seat is None:
        return ()
    reminders = []
    if state.monarch == name:
        reminders.append(f"{name} is the monarch: draw a card at the end step")
    if state.initiative == name:
        reminders.append(f"{name} has the initiative: venture into the Undercity at the upkeep")
    rad = state.players[seat].counters.get("rad", 0)
    if rad:
        reminders.append(
            f"{name} has {rad} rad: mill {rad} at the first main phase, then lose 1 life and a "
            "rad counter per nonland card milled"
        )
    return tuple(reminders)


DAY_NIGHT = {
    "day": "it is day: if the player whose turn ended cast no spells, it becomes night",
    "night": "it is night: if the player whose turn ended cast two or more spells, it becomes day",
}


def reminders(state: GameState, events: list[Event]) -> list[Event]:
    """`next`'s reminders for each player whose turn begins, and the table's day or night."""
    found: list[Event] = []
    beginning = _beginning(state, events)
    for name in beginning:
        held = _holds(state, name)
        if held:
            found.append(Reminded(player=name, reminders=held))
    if state.day_night is not None and beginning:
        found.append(Reminded(player=None, reminders=(DAY_NIGHT[state.day_night],)))
    return found
