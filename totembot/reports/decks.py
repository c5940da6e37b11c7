"""Statistics per deck: games, wins, win rate, average place and rating, from finished games'
results (each seat's deck: the one named with `deck NAME`, else their named commanders). Pure.

A deck is its name in any case, whoever played it; with a player chosen, only their games.
The ratings are folded by `deck_ratings` and handed in, by the deck's name in any case.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from totembot.reports.ratings import PlayerRating
from totembot.reports.stats import Row
from totembot.reports.stats_text import plural


@dataclass(frozen=True)
class DeckStats:
    name: str  # as most recently written
    games: int
    wins: int
    average_place: float | None
    players: int  # how many players played it
    rating: PlayerRating | None = None  # its rating, once it has been rated

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def deck_stats(
    rows: Sequence[Row],
    only: Callable[[Row], bool] | None = None,
    ratings: Mapping[str, PlayerRating] | None = None,
) -> list[DeckStats]:
    """Every deck played (by the players `only` keeps), most games first, then by name, with
    its rating from `ratings` (by the deck's name in any case)."""
    groups: dict[str, list[Row]] = {}
    for row in sorted(rows, key=lambda r: r.game_id):
        deck = getattr(row, "deck", None)
        if deck and (only is None or only(row)):
            groups.setdefault(deck.casefold(), []).append(row)
    found = [_deck(group, (ratings or {}).get(deck)) for deck, group in groups.items()]
    return sorted(found, key=lambda d: (-d.games, -d.win_rate, d.name.casefold()))


def _deck(rows: list[Row], rating: PlayerRating | None) -> DeckStats:
    places = [p for p in (getattr(row, "place", None) for row in rows) if p is not None]
    return DeckStats(
        name=str(getattr(rows[-1], "deck", "")),
        games=len(rows),
        wins=sum(1 for row in rows if row.outcome == "win"),
        average_place=sum(places) / len(places) if places else None,
        players=len({(row.user_id or "", row.name.casefold()) for row in rows}),
        rating=rating,
    )


def deck_line(deck: DeckStats, name: Callable[[str], str] = str) -> str:
    """'Atraxa: 5 games, 2 wins (40% won), average place 1.8, rating 3.1', the rating marked
    '(provisional)' while it rests on few games."""
    games, wins = plural(deck.games, "game"), plural(deck.wins, "win")
    place = f", average place {deck.average_place:.1f}" if deck.average_place is not None else ""
    rating = ""
    if deck.rating is not None:
        mark = " (provisional)" if deck.rating.provisional else ""
        rating = f", rating {deck.rating.skill.ordinal:.1f}{mark}"
    return f"{name(deck.name)}: {games}, {wins} ({deck.win_rate:.0%} won){place}{rating}"


def decks_json(decks: Sequence[DeckStats]) -> dict[str, Any]:
    return {
        "decks": [
            {
                "name": d.name,
                "games": d.games,
                "wins": d.wins,
                "win_rate": round(d.win_rate, 4),
                "average_place": round(d.average_place, 4) if d.average_place is not None else None,
                "players": d.players,
                "rating": _rating_json(d.rating),
            }
            for d in decks
        ]
    }


def _rating_json(rating: PlayerRating | None) -> dict[str, Any] | None:
    if rating is None:
        return None
    return {
        "ordinal": rating.skill.ordinal,  # unrounded, as `stats --ratings --json`
        "mu": rating.skill.mu,
        "sigma": rating.skill.sigma,
        "games": rating.games,
        "provisional": rating.provisional,
    }
