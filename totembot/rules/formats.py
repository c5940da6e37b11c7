"""Format topology: which life pools a seat owns and what they are called.

Only Totem is built; another format (free-for-all, Two-Headed Giant) is another class with
the same methods, so the engine does not change.
"""

from __future__ import annotations

from typing import Protocol

from totembot.rules.intents import Side


class Format(Protocol):
    name: str

    def pool_seats(self, seat_count: int) -> list[tuple[int, ...]]: ...

    def pools_of(self, seat_count: int, seat: int) -> tuple[int, ...]: ...

    def side_pool(self, seat_count: int, seat: int, side: Side) -> int: ...


class TotemFormat:
    """One pool between each pair of neighbours: pool i joins seat i and seat i+1."""

    name = "totem"

    def pool_seats(self, seat_count: int) -> list[tuple[int, ...]]:
        return [(seat, (seat + 1) % seat_count) for seat in range(seat_count)]

    def pools_of(self, seat_count: int, seat: int) -> tuple[int, ...]:
        """A seat's pools, left (shared with the next player) first, then right."""
        return (seat, (seat - 1) % seat_count)

    def side_pool(self, seat_count: int, seat: int, side: Side) -> int:
        left, right = self.pools_of(seat_count, seat)
        return left if side == "left" else right


FORMATS: dict[str, Format] = {"totem": TotemFormat()}


def format_named(name: str) -> Format:
    return FORMATS[name]
