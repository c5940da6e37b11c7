"""Who sits where, counting only the players still in: distance, neighbours, players to the left.

Range of influence (CR 601), attacks on a neighbour (607.3c, 609.4), attack left (608.2b) and
turn markers (608.4) all measure the table this way.
"""

from __future__ import annotations

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


def distance(state: GameState, first: int, second: int) -> int:
    """The fewest seats either way round the table between two players still in."""
    if first == second:
        return 0
    seats = ring(state)
    gap = abs(seats.index(first) - seats.index(second))
    return min(gap, len(seats) - gap)


def neighbours(state: GameState, seat: int) -> list[int]:
    """The players still in seated immediately next to `seat` (one or two)."""
    left = to_left(state, seat, 1)
    right = to_right(state, seat)
    return sorted({*left, *([right] if right is not None else [])} - {seat})


def seats_word(count: int) -> str:
    return f"{count} seat{'s' if count != 1 else ''}"
