"""Where each player finished and who took them out, read from the changes that stand.

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
from totembot.games.magic.rules.events import CommanderDamaged, PlayerLeft
from totembot.games.magic.rules.intents import Request
from totembot.games.magic.rules.state import LETHAL_COMMANDER_DAMAGE, GameState
from totembot.games.magic.story.ways import magic_way

NO_ONE_WAYS = (CONCEDED, REMOVED, DRAW)


@dataclass(frozen=True)
class Finish:
    """Each seat's place (1 is best) and the seat of who took them out, if anyone."""

    places: tuple[int | None, ...]
    takers: tuple[int | None, ...]


def finishing(final: GameState, steps: Sequence[Step] | None, first: set[int]) -> Finish:
    """Places and takers; `first` are the seats that won or drew (place 1, taken out by no
    one). Without the log (`steps` None) the others are tied behind them, with no takers."""
    seats = range(len(final.players))
    out_at: dict[int, int] = {}  # seat -> index of the step they went out in
    takers: list[int | None] = [None] * len(final.players)
    for index, step in enumerate(steps or ()):
        for event in step.events:
            if isinstance(event, PlayerLeft):
                seat = final.seat_of(event.player)
                if seat is not None and seat not in first:
                    out_at[seat] = index
                    takers[seat] = _taker(final, step, seat)
    places: list[int | None] = []
    for seat in seats:
        if seat in first:
            places.append(1)
        elif steps is None or seat not in out_at:
            places.append(len(first) + 1)
        else:
            later = sum(1 for other, at in out_at.items() if at > out_at[seat] and other != seat)
            places.append(len(first) + later + 1)
    return Finish(tuple(places), tuple(takers))


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
