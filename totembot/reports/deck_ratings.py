"""Ratings per deck (issue 30): the ratings' own fold, keyed by the deck each seat played in
that game (its result's `deck`) rather than by the player. Pure.

A seat whose deck is not counted (none named, another player's when one player's decks are
asked for, or a second copy of a deck already at that game's table) still played: it is rated
as an opponent of its own for that game only (a newcomer's rating, never listed), so a deck's
place among the whole table is what moves its rating (docs/decisions.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from totembot.reports.ratings import Placed, PlayerRating, Ratings

DECK = "deck:"


class DeckSeat(Protocol):
    """One seat's result with its deck (`store.ResultRow` is one)."""

    @property
    def game_id(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def deck(self) -> str | None: ...


R = TypeVar("R", bound=DeckSeat)


def deck_key(
    results: Sequence[R], only: Callable[[R], bool] | None = None
) -> Callable[[Placed], str]:
    """The fold's key: a deck in any case for the seats counted, one key per seat otherwise."""
    decks: dict[tuple[int, int], str] = {}
    seen: set[tuple[int, str]] = set()
    for row in sorted(results, key=lambda r: (r.game_id, r.seat)):
        if not row.deck or (only is not None and not only(row)):
            continue
        deck = row.deck.casefold()
        if (row.game_id, deck) not in seen:  # one deck is one rated thing in a game
            seen.add((row.game_id, deck))
            decks[row.game_id, row.seat] = DECK + deck

    def key(row: Placed) -> str:
        return decks.get((row.game_id, row.seat), f"seat:{row.game_id}:{row.seat}")

    return key


def by_deck(ratings: Ratings) -> dict[str, PlayerRating]:
    """Each deck's rating from a fold keyed by `deck_key`, by its name in any case."""
    return {
        rating.key.removeprefix(DECK): rating
        for rating in ratings.players
        if rating.key.startswith(DECK)
    }
