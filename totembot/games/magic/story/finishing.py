"""Where each player finished (`places.placing`, the one finishing order) and who took them
out, read from the changes that stand.

Only the log knows these: the final state says who is out, not in which request nor whose
change did it. A player goes out in the request whose changes hold their `PlayerLeft`; whoever
controlled that change's source took them out (docs/decisions.md, "Rivalries"):
- the commander's controller for lethal commander damage (the key `Ann` or `Ann:Tymna`);
- otherwise the request's speaker: the attacker for combat, the dealer of damage, the player
  whose `win` or `eliminate` it was; in Totem both players of a dead totem count for them;
- no one for a concession, a removal, a draw, a line the host recorded without a speaker, or
  a player who took themselves out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from totembot.core.story import Step
from totembot.core.ways import COMMANDER, CONCEDED, DRAW, REMOVED
from totembot.games.magic.rules.events import CommanderDamaged
from totembot.games.magic.rules.intents import Request
from totembot.games.magic.rules.state import LETHAL_COMMANDER_DAMAGE, GameState
from totembot.games.magic.story.places import placing, went_out
from totembot.games.magic.story.ways import magic_way

NO_ONE_WAYS = (CONCEDED, REMOVED, DRAW)


@dataclass(frozen=True)
class Finish:
    """Each seat's place (1 is best; a team's players share their team's) and the seat of who
    took them out, if anyone."""

    places: tuple[int | None, ...]
    takers: tuple[int | None, ...]


def finishing(final: GameState, steps: Sequence[Step] | None, first: set[int]) -> Finish:
    """Places (`places.placing`, the one finishing order) and takers; `first` are the seats
    that won or drew (place 1, taken out by no one). Without the log (`steps` None) the others
    are tied behind them, with no takers."""
    standing = steps or ()
    out_at = went_out(final, standing)
    takers = tuple(
        _taker(final, standing[out_at[seat]], seat)
        if seat in out_at and seat not in first
        else None
        for seat in range(len(final.players))
    )
    return Finish(placing(final, standing, first).places, takers)


def _taker(final: GameState, step: Step, seat: int) -> int | None:
    way = magic_way(final, seat)
    if way is None or way in NO_ONE_WAYS:
        return None
    taker: int | None = None
    if way == COMMANDER:
        taker = _commander_controller(final, step)
    if taker is None:
        request = step.request
        speaker = request.actor.player if isinstance(request, Request) else None
        taker = final.seat_of(speaker) if speaker is not None else None
    return None if taker == seat else taker


def _commander_controller(final: GameState, step: Step) -> int | None:
    """The controller of the commander whose damage became lethal in this step."""
    for event in step.events:
        if isinstance(event, CommanderDamaged) and event.after >= LETHAL_COMMANDER_DAMAGE:
            return final.seat_of(event.commander.split(":", 1)[0])
    return None
