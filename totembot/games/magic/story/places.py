"""Where each player of a finished Magic game placed, for ratings (issue 30).

The winners first; then the players still in when the game ended (a draw ties them all);
then the others in reverse order of going out, those taken out by one request tied. A team
(a format's side) places as its best player, the last of it to go out, and all its players
share that place. Minions & Masters: becoming a minion is not going out; a minion places as
the player they were when they lost for good (a third fall, or still serving when the game was
decided: those tie just below the winner), not with their master.

Read from the changes that stand: the final state keeps who is out, not in what order.
"""

from __future__ import annotations

from collections.abc import Sequence

from totembot.core.story import Placing, Step, places_of
from totembot.games.magic.formats import format_named
from totembot.games.magic.rules.events import PlayerLeft
from totembot.games.magic.rules.state import GameState

WON = (3,)  # sort keys, the greatest best
STILL_IN = (2,)


def magic_placing(initial: GameState, steps: Sequence[Step]) -> Placing:
    """The placing of a finished game from its opening state and the changes that stand."""
    final = initial
    gone: dict[int, tuple[int, ...]] = {}  # seat: (1, step) for a player going out
    for index, step in enumerate(steps):
        after = step.state
        assert isinstance(after, GameState), f"not a Magic game: {after!r}"
        for event in step.events:
            if not isinstance(event, PlayerLeft):
                continue
            seat = final.seat_of(event.player)
            if seat is not None:
                gone[seat] = (1, index)
        final = after
    keys = [_key(final, seat, gone) for seat in range(len(final.players))]
    sides = format_named(final.config.format).sides(final)
    side_of = {seat: number for number, side in enumerate(sides) for seat in side}
    side_places = places_of([max(keys[seat] for seat in side) for side in sides])
    return Placing(
        places=tuple(side_places[side_of[seat]] for seat in range(len(final.players))),
        sides=tuple(side_of[seat] for seat in range(len(final.players))),
    )


def _key(final: GameState, seat: int, gone: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    if final.players[seat].name in final.winners:
        return WON
    return gone.get(seat, STILL_IN)
