"""A Magic game's steps in its own models, and the summary's facts read from them: who went
out when and how, the biggest hit, the commander tallies, and a house rule's notes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from totembot.core.axis import step_xs
from totembot.core.story import CommanderTally, Exit, Hit, Step
from totembot.core.ways import DECIDED, OTHER
from totembot.games.magic.language.requests import TABLE
from totembot.games.magic.rules.events import Event, LifeChanged, MinionChanged, PlayerLeft
from totembot.games.magic.rules.lookup import pool_name
from totembot.games.magic.rules.state import GameState
from totembot.games.magic.story.ways import magic_way

# The causes a request's row counts as a hit (paying is a cost, setting a correction)
HIT_CAUSES = tuple(row.life.cause for row in TABLE if row.life is not None and row.life.hit)


@dataclass(frozen=True)
class Move:
    """A step in Magic's own models: the states around it, what it changed, where it sits."""

    before: GameState
    after: GameState
    events: tuple[Event, ...]
    x: float
    recorded_at: str

    @property
    def turn(self) -> int:
        return self.before.turn


def moves(initial: GameState, steps: Sequence[Step]) -> list[Move]:
    """The steps with their states narrowed to Magic's, each at its place on the axis."""
    states = [initial]
    for step in steps:
        assert isinstance(step.state, GameState), f"not a Magic game: {step.state!r}"
        states.append(step.state)
    xs = step_xs([state.turn for state in states[:-1]])
    return [
        Move(
            states[i],
            states[i + 1],
            cast(tuple[Event, ...], tuple(step.events)),
            xs[i],
            step.recorded_at,
        )
        for i, step in enumerate(steps)
    ]


# --- the summary's facts ------------------------------------------------------------------


def exits(played: Sequence[Move], final: GameState) -> tuple[Exit, ...]:
    """Every player who went out, in order, with the way statistics count it."""
    return tuple(
        Exit(
            player=event.player,
            turn=move.turn,
            status=event.status,
            reason=event.reason,
            way=_way(final, event.player),
            recorded_at=move.recorded_at,
        )
        for move in played
        for event in move.events
        if isinstance(event, PlayerLeft)
    )


def _way(final: GameState, name: str) -> str:
    seat = final.seat_of(name)
    return (magic_way(final, seat) if seat is not None else None) or OTHER


def biggest_hit(played: Sequence[Move]) -> Hit | None:
    """The largest single drop of life by damage, combat, loss or halving; the earliest wins
    a tie."""
    best: Hit | None = None
    for move in played:
        for event in move.events:
            if not isinstance(event, LifeChanged) or event.cause not in HIT_CAUSES:
                continue
            amount = event.before - event.after
            if amount > 0 and (best is None or amount > best.amount):
                best = Hit(amount, event.pool, event.by, move.turn, event.cause)
    return best


def commander_tallies(final: GameState) -> tuple[CommanderTally, ...]:
    """Every commander's damage on a life total or a player, the largest first."""
    tallies = [
        CommanderTally(commander, pool_name(final, index), damage)
        for index, pool in enumerate(final.pools)
        for commander, damage in pool.commander_damage.items()
    ]
    tallies += [
        CommanderTally(commander, player.name, damage)
        for player in final.players
        for commander, damage in player.commander_damage.items()
    ]
    return tuple(sorted(tallies, key=lambda tally: -tally.damage))


def table_notes(final: GameState) -> tuple[str, ...]:
    """TABLE.md: who ended the game as the monarch, and with the initiative (or holds them
    now, while the game goes on)."""
    ended = final.finished
    notes = []
    if final.monarch is not None:
        said = "ended the game as" if ended else "is"
        notes.append(f"{final.monarch} {said} the monarch.")
    if final.initiative is not None:
        said = "ended the game with" if ended else "has"
        notes.append(f"{final.initiative} {said} the initiative.")
    return tuple(notes)


def minion_notes(played: Sequence[Move], final: GameState) -> tuple[str, ...]:
    """Minions & Masters: who served whom when it ended, and how often each fell."""
    if not final.config.uses("minions"):
        return ()
    notes: list[str] = []
    serving = _serving(played, final)
    if serving:
        verb = "served" if final.finished else "serves"
        said = ", ".join(f"{minion} {verb} {master}" for minion, master in serving)
        notes.append(f"Minions at the end: {said}.")
    falls = [f"{p.name} {p.minion_times}" for p in final.players if p.minion_times]
    if falls:
        notes.append(f"Falls: {', '.join(falls)}.")
    return tuple(notes)


def _serving(played: Sequence[Move], final: GameState) -> list[tuple[str, str]]:
    """Minions and their masters now; in a finished game, those the end took out (their
    masters are cleared once they are out, so the last fall or pass tells whom they served)."""
    if not final.finished:
        return [(p.name, p.master) for p in final.players if p.master is not None]
    masters: dict[str, str | None] = {}
    for move in played:
        for event in move.events:
            if isinstance(event, MinionChanged):
                masters[event.player] = event.master
    return [
        (player.name, master)
        for seat, player in enumerate(final.players)
        if magic_way(final, seat) == DECIDED and (master := masters.get(player.name))
    ]
