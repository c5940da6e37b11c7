"""Who sits where: neighbours and players to the left, counting the players still in; the
distance of range of influence, counting the seats as they were when the latest turn began.

Attacks on a neighbour (607.3c, 609.4), attack left (608.2b) and turn markers (608.4) count
only the players still in. Range of influence (CR 601) is determined as each turn begins
(801.2c): a player who left since still counts as a seat, though no one can reach them.
"""

from __future__ import annotations

from collections.abc import Sequence

from totembot.games.magic.rules.state import GameState


def ring(state: GameState) -> list[int]:
    """The seats still in, in seat order (turn order)."""
    return state.players_in()


def to_left(state: GameState, seat: int, count: int) -> list[int]:
    """The next `count` players still in to `seat`'s left (turn order), not `seat` itself."""
    total = len(state.players)
    found: list[int] = []
    for step in range(1, total):
        other = (seat + step) % total
        if state.players[other].is_in:
            found.append(other)
            if len(found) == count:
                break
    return found


def to_right(state: GameState, seat: int) -> int | None:
    """The next player still in to `seat`'s right."""
    total = len(state.players)
    for step in range(1, total):
        other = (seat - step) % total
        if state.players[other].is_in:
            return other
    return None


def range_ring(state: GameState) -> list[int]:
    """The seats range of influence counts: the players still in when the latest turn began
    (801.2c); where no turn noted them (a game of edition 1), the players still in now."""
    if state.turn_seats is None:
        return ring(state)
    return list(state.turn_seats)


def departed_seats(state: GameState) -> list[int]:
    """The players who left since the latest turn began: their seats count until the next."""
    return [seat for seat in range_ring(state) if not state.players[seat].is_in]


def distance(state: GameState, first: int, second: int, seats: Sequence[int] | None = None) -> int:
    """The fewest seats either way round the table between two players, counting `seats`
    (by default the range ring, as the latest turn began) and the two players themselves."""
    if first == second:
        return 0
    counted = sorted({*(range_ring(state) if seats is None else seats), first, second})
    gap = abs(counted.index(first) - counted.index(second))
    return min(gap, len(counted) - gap)


def neighbours(state: GameState, seat: int) -> list[int]:
    """The players still in seated immediately next to `seat` (one or two)."""
    left = to_left(state, seat, 1)
    right = to_right(state, seat)
    return sorted({*left, *([right] if right is not None else [])} - {seat})


def seats_word(count: int) -> str:
    return f"{count} seat{'s' if count != 1 else ''}"
