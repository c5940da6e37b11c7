"""A challenge's answers and reveals: accept, threaten, submit, and the two strengths.

A solo rival answers by the rulebook: it accepts every challenge and every threat at once and
never submits, so whenever the answer would pass to the rival, the challenge is accepted.
"""

from __future__ import annotations

from totembot.core.errors import RuleViolation
from totembot.games.totemic.rules.events import (
    Accepted,
    ChallengeOpened,
    ChallengeResolved,
    DominanceMoved,
    Revealed,
    Submitted,
    Threatened,
    TotemicEvent,
)
from totembot.games.totemic.rules.intents import Request, Reveal
from totembot.games.totemic.rules.seats import change_power, move_dominance, require_speaker
from totembot.games.totemic.rules.state import (
    MAX_STRENGTH,
    SUBMIT_COST,
    Challenge,
    TotemicState,
    other,
)

Applied = tuple[TotemicState, list[TotemicEvent]]


def open_challenge(state: TotemicState, seat: int) -> Applied:
    """The active player challenges; the other answers (a solo rival accepts at once)."""
    by, against = state.name_of(seat), state.name_of(other(seat))
    challenge = Challenge(by=by, awaiting=against)
    events: list[TotemicEvent] = [ChallengeOpened(by=by, against=against)]
    return _pass_answer(state, challenge, other(seat), events)


def _pass_answer(
    state: TotemicState, challenge: Challenge, to: int, events: list[TotemicEvent]
) -> Applied:
    """The answer is awaited from `to`; a solo rival gives it at once: it accepts."""
    if state.is_rival(to):
        challenge = challenge.model_copy(update={"awaiting": None, "accepted": True})
        events.append(Accepted(player=state.name_of(to), automatic=True))
    return state.model_copy(update={"challenge": challenge}), events


def _answering(state: TotemicState, request: Request, answer: str) -> tuple[int, Challenge]:
    """The seat that may give this answer now, and the open challenge it answers."""
    seat = require_speaker(state, request.actor, answer, f"{_awaited(state)}: {answer}")
    name = state.name_of(seat)
    if state.is_rival(seat):
        raise RuleViolation(
            f"{name} is the rival: it accepts every challenge and threat by itself and never "
            "submits or threatens."
        )
    challenge = state.challenge
    if challenge is None:
        raise RuleViolation(f"There is no challenge to {answer}: the active player challenges.")
    if challenge.awaiting is None:
        raise RuleViolation(
            f"The challenge is already accepted: both players reveal, like '{name}: reveal 7'."
        )
    if challenge.awaiting != name:
        raise RuleViolation(f"{challenge.awaiting} answers this challenge, not {name}.")
    return seat, challenge


def _awaited(state: TotemicState) -> str:
    awaiting = state.challenge.awaiting if state.challenge else None
    return awaiting or state.name_of(other(state.active_seat))


def accept(state: TotemicState, request: Request) -> Applied:
    seat, challenge = _answering(state, request, "accept")
    accepted = challenge.model_copy(update={"awaiting": None, "accepted": True})
    return state.model_copy(update={"challenge": accepted}), [Accepted(player=state.name_of(seat))]


def threaten(state: TotemicState, request: Request) -> Applied:
    """The totem rises one level; at its last level the challenge is accepted."""
    seat, challenge = _answering(state, request, "threaten")
    levels = state.config.levels
    if state.level not in levels[:-1]:
        raise RuleViolation(
            f"The totem is already at its last level ({levels[-1]}): accept or submit."
        )
    after = levels[levels.index(state.level) + 1]
    top = after == levels[-1]
    awaiting = None if top else state.name_of(other(seat))
    event = Threatened(
        player=state.name_of(seat),
        before=state.level,
        after=after,
        accepted=top,
        awaiting=awaiting,
    )
    raised = state.model_copy(update={"level": after})
    answered = challenge.model_copy(update={"awaiting": awaiting, "accepted": top})
    if top:
        return raised.model_copy(update={"challenge": answered}), [event]
    return _pass_answer(raised, answered, other(seat), [event])


def submit(state: TotemicState, request: Request) -> Applied:
    """The challenge ends; the one who submits loses 5 power, whatever the level."""
    seat, _ = _answering(state, request, "submit")
    ended = state.model_copy(update={"challenge": None})
    changed, power = change_power(ended, seat, -SUBMIT_COST, "submit")
    return changed, [Submitted(player=state.name_of(seat)), power]


def reveal(state: TotemicState, request: Request, intent: Reveal) -> Applied:
    """A player's strength; once both are in, the challenge is resolved."""
    example = f"{state.name_of(state.active_seat)}: reveal {intent.strength}"
    seat = require_speaker(state, request.actor, "reveal", example)
    name = state.name_of(seat)
    if not 0 <= intent.strength <= MAX_STRENGTH:
        raise RuleViolation(
            f"A revealed strength must be a whole number from 0 to 1,000, not {intent.strength:,}."
        )
    challenge = state.challenge
    if challenge is None:
        raise RuleViolation("There is no challenge to reveal for.")
    if not challenge.accepted:
        raise RuleViolation(
            f"The challenge is not accepted yet: {challenge.awaiting} must accept, threaten "
            "or submit first."
        )
    if challenge.strength_of(name) is not None:
        raise RuleViolation(f"{name} has already revealed.")
    revealed = challenge.model_copy(
        update={"revealed": (*challenge.revealed, (name, intent.strength))}
    )
    events: list[TotemicEvent] = [Revealed(player=name, strength=intent.strength)]
    if len(revealed.revealed) < 2:
        return state.model_copy(update={"challenge": revealed}), events
    return _resolve(state, revealed, events)


def _resolve(state: TotemicState, challenge: Challenge, events: list[TotemicEvent]) -> Applied:
    """The higher total wins; a tie goes to dominance, which then passes to the loser."""
    strengths = [challenge.strength_of(animal.name) or 0 for animal in state.players]
    tie = strengths[0] == strengths[1]
    winner = state.holder if tie else (0 if strengths[0] > strengths[1] else 1)
    loser = other(winner)
    events.append(
        ChallengeResolved(
            winner=state.name_of(winner),
            loser=state.name_of(loser),
            winner_strength=strengths[winner],
            loser_strength=strengths[loser],
            level=state.level,
            tie=tie,
        )
    )
    state = state.model_copy(update={"challenge": None})
    state, lost = change_power(state, loser, -state.level, "challenge")
    events.append(lost)
    if tie:
        state = move_dominance(state, loser)
        events.append(
            DominanceMoved(player=state.name_of(loser), previous=state.name_of(winner), cause="tie")
        )
        state, paid = change_power(state, winner, -1, "dominance")
        events.append(paid)
    return state, events
