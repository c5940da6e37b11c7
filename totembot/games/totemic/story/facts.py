"""A Totemic match's steps in its own models, on the running count of turns, and the
summary's facts read from them: the games lost, the biggest loss of power, the score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from totembot.core.axis import START, step_xs
from totembot.core.game import GameEvent
from totembot.core.story import Exit, Hit, Step
from totembot.core.ways import totemic_way
from totembot.games.totemic.rules.events import (
    ChallengeResolved,
    ConfrontationStarted,
    DominanceMoved,
    GameEnded,
    MatchGameStarted,
    PowerChanged,
    TotemicEvent,
)
from totembot.games.totemic.rules.intents import Request
from totembot.games.totemic.rules.state import TotemicConfig, TotemicState


@dataclass(frozen=True)
class Move:
    """A step in Totemic's own models, on the running turn count."""

    before: TotemicState
    after: TotemicState
    events: tuple[TotemicEvent, ...]
    request: Request
    turn: int  # the running turn it was taken during
    x: float
    starts: float | None  # where the game it starts begins (a break), when it starts one
    recorded_at: str


def moves(initial: TotemicState, steps: Sequence[Step]) -> list[Move]:
    """The steps narrowed to Totemic's models, each on the running count of turns."""
    offset, before = 0, initial
    turns: list[int] = []
    starts: list[float | None] = []
    states: list[TotemicState] = []
    for step in steps:
        assert isinstance(step.state, TotemicState), f"not a Totemic game: {step.state!r}"
        turns.append(offset + before.turn.number)
        starts.append(None)
        if _starts_game(step.events):
            offset += before.turn.number
            starts[-1] = offset + START
        states.append(step.state)
        before = step.state
    xs = step_xs(turns)
    befores = [initial, *states[:-1]]
    return [
        Move(
            before=befores[i],
            after=states[i],
            events=cast(tuple[TotemicEvent, ...], tuple(step.events)),
            request=_request(step.request),
            turn=turns[i],
            x=xs[i],
            starts=starts[i],
            recorded_at=step.recorded_at,
        )
        for i, step in enumerate(steps)
    ]


def _request(request: object) -> Request:
    assert isinstance(request, Request), f"not a Totemic request: {request!r}"
    return request


def _starts_game(events: Sequence[GameEvent]) -> bool:
    return any(isinstance(e, MatchGameStarted | ConfrontationStarted) for e in events)


# --- the summary's facts ------------------------------------------------------------------


def exits(played: Sequence[Move]) -> tuple[Exit, ...]:
    """One exit for each game (or confrontation) lost, in order."""
    return tuple(
        Exit(
            event.loser,
            move.turn,
            "lost",
            lost_reason(event),
            totemic_way(event.by_dominance),
            move.recorded_at,
        )
        for move in played
        for event in move.events
        if isinstance(event, GameEnded)
    )


def lost_reason(event: GameEnded) -> str:
    """The loss in the game's words: "lost game 2, -2 power to Bob's 30"."""
    what = f"confrontation {event.number}" if event.solo else f"game {event.number}"
    if event.by_dominance:
        return f"lost {what} on dominance, tied with {event.winner} at {event.loser_power} power"
    return f"lost {what}, {event.loser_power} power to {event.winner}'s {event.winner_power}"


def biggest_hit(played: Sequence[Move]) -> Hit | None:
    """The largest single loss of power; the earliest wins a tie."""
    best: Hit | None = None
    for move in played:
        for event in move.events:
            if not isinstance(event, PowerChanged):
                continue
            amount = event.before - event.after
            if amount > 0 and (best is None or amount > best.amount):
                best = Hit(amount, event.player, _hit_by(move, event), move.turn, event.cause)
    return best


def _hit_by(move: Move, event: PowerChanged) -> str | None:
    """Who caused a loss: a challenge's winner, who took dominance, an effect's speaker; a
    submit, a reshuffle or a tie's lost dominance is nobody's doing."""
    if event.cause == "challenge":
        won = [e.winner for e in move.events if isinstance(e, ChallengeResolved)]
        return won[0] if won else None
    if event.cause == "dominance":
        taken = [
            e.player for e in move.events if isinstance(e, DominanceMoved) and e.cause == "taken"
        ]
        return taken[0] if taken else None
    if event.cause == "effect":
        return move.request.actor.player
    return None


def notes(config: TotemicConfig, final: TotemicState) -> tuple[str, ...]:
    """The match score, or how far the solo player climbed."""
    if final.solo is not None:
        return (_ladder(config, final),)
    match = final.match
    if match is None or match.games == 1:
        return ()
    first, second = config.players
    if final.finished:
        winner = final.winners[0]
        loser = second if winner == first else first
        return (f"{winner} won the match {match.wins_of(winner)}-{match.wins_of(loser)}.",)
    return (
        f"The match stands {first} {match.wins_of(first)}, {second} {match.wins_of(second)} "
        f"(best of {match.games}).",
    )


def _ladder(config: TotemicConfig, final: TotemicState) -> str:
    """ "Ann defeated Badger, then lost to Bat (confrontation 2 of 3)." and the like."""
    assert final.solo is not None
    player, solo = config.players[0], final.solo
    beaten = ", ".join(rival.name for rival in solo.rivals if rival.status == "defeated")
    if final.finished and final.winners == (player,):
        return f"{player} defeated every rival: {beaten}."
    where = f"{solo.current.name} (confrontation {solo.confrontation} of {len(solo.rivals)})"
    doing = f"lost to {where}" if final.finished else f"faces {where}"
    return f"{player} defeated {beaten}, then {doing}." if beaten else f"{player} {doing}."
