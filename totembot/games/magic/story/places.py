"""Where each player of a finished Magic game placed: the one finishing order (issue 30) that
ratings, rivalries and decks' average place all read (`finishing.py` uses it).

The winners first (at a draw, everyone who drew: those still in until the request that ended
it); then the players still in when the game ended; then the others in reverse order of going
out, those taken out by one request tied. A team (a format's side) places as its best player,
the last of it to go out, and all its players share that place. Minions & Masters: becoming a
minion is not going out; a minion places as the player they were when they lost for good (a
third fall, or still serving when the game was decided: those tie just below the winner), not
with their master.

Read from the changes that stand: the final state keeps who is out, not in what order.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from totembot.core.story import Placing, Step, places_of
from totembot.games.magic.formats import format_named
from totembot.games.magic.rules.events import PlayerLeft
from totembot.games.magic.rules.state import GameState

WON = (3,)  # sort keys, the greatest best
STILL_IN = (2,)


def magic_placing(initial: GameState, steps: Sequence[Step]) -> Placing:
    """The placing of a finished game from its opening state and the changes that stand."""
    final = steps[-1].state if steps else initial
    assert isinstance(final, GameState), f"not a Magic game: {final!r}"
    return placing(final, steps)


def placing(final: GameState, steps: Sequence[Step], first: Collection[int] = ()) -> Placing:
    """Each seat's place (its side's) from the final state and the changes that stand; the
    seats in `first` (the winners, or those who drew) place with the winners."""
    gone = went_out(final, steps)
    keys = [
        WON if seat in first or player.name in final.winners else _gone_key(gone, seat)
        for seat, player in enumerate(final.players)
    ]
    sides = format_named(final.config.format).sides(final)
    side_of = {seat: number for number, side in enumerate(sides) for seat in side}
    side_places = places_of([max(keys[seat] for seat in side) for side in sides])
    return Placing(
        places=tuple(side_places[side_of[seat]] for seat in range(len(final.players))),
        sides=tuple(side_of[seat] for seat in range(len(final.players))),
    )


def went_out(final: GameState, steps: Sequence[Step]) -> dict[int, int]:
    """Each seat that went out: the index of the step it went out in (its last, for good)."""
    gone: dict[int, int] = {}
    for index, step in enumerate(steps):
        for event in step.events:
            if isinstance(event, PlayerLeft):
                seat = final.seat_of(event.player)
                if seat is not None:
                    gone[seat] = index
    return gone


def _gone_key(gone: dict[int, int], seat: int) -> tuple[int, ...]:
    return (1, gone[seat]) if seat in gone else STILL_IN
