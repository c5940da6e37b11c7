"""Where each player of a finished Magic game placed, for ratings (issue 30).

The winners first; then the players still in when the game ended (a draw ties them all);
then the others in reverse order of going out, those taken out by one request tied. A team
(a format's side) places as its best player, the last of it to go out, and all its players
share that place. Minions & Masters: a player who went out for good while someone's minion
places with that master (the player they served when they lost for good), however the master
then fares; a free player places by their own going out.

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
    gone: dict[int, tuple[int, ...]] = {}  # seat: (1, step) for a free player going out
    served: dict[int, int] = {}  # seat: the master's seat when they went out as a minion
    for index, step in enumerate(steps):
        after = step.state
        assert isinstance(after, GameState), f"not a Magic game: {after!r}"
        for event in step.events:
            if not isinstance(event, PlayerLeft):
                continue
            seat = final.seat_of(event.player)
            if seat is None:
                continue
            master = final.players[seat].master
            master_seat = final.seat_of(master) if master is not None else None
            if master_seat is not None and master_seat != seat:
                served[seat] = master_seat
            gone[seat] = (1, index)
        final = after
    own = [_own_key(final, seat, gone) for seat in range(len(final.players))]
    keys = [_key(seat, own, served) for seat in range(len(final.players))]
    sides = format_named(final.config.format).sides(final)
    side_of = {seat: number for number, side in enumerate(sides) for seat in side}
    side_keys = {number: max(keys[seat] for seat in side) for number, side in enumerate(sides)}
    team_keys = [side_keys[side_of[seat]] for seat in range(len(final.players))]
    return Placing(
        places=places_of(team_keys),
        sides=tuple(side_of[seat] for seat in range(len(final.players))),
    )


def _own_key(final: GameState, seat: int, gone: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    if final.players[seat].name in final.winners:
        return WON
    return gone.get(seat, STILL_IN)


def _key(seat: int, own: list[tuple[int, ...]], served: dict[int, int]) -> tuple[int, ...]:
    """A minion's key is their master's (followed while masters were minions too)."""
    seen = {seat}
    while seat in served and served[seat] not in seen:
        seat = served[seat]
        seen.add(seat)
    return own[seat]
