"""Statistics per deck: games, wins, win rate and average place, from finished games' results
(each seat's deck: the one named with `deck NAME`, else their named commanders). Pure.

A deck is its name in any case, whoever played it; with a player chosen, only their games.
Per-deck ratings are the ratings' to add: the rows carry each seat's deck for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from totembot.reports.stats import Row


@dataclass(frozen=True)
class DeckStats:
    name: str  # as most recently written
    games: int
    wins: int
    average_place: float | None
    players: int  # how many players played it

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def deck_stats(rows: Sequence[Row], only: Callable[[Row], bool] | None = None) -> list[DeckStats]:
    """Every deck played (by the players `only` keeps), most games first, then by name."""
    groups: dict[str, list[Row]] = {}
    for row in sorted(rows, key=lambda r: r.game_id):
        deck = getattr(row, "deck", None)
        if deck and (only is None or only(row)):
            groups.setdefault(deck.casefold(), []).append(row)
    found = [_deck(group) for group in groups.values()]
    return sorted(found, key=lambda d: (-d.games, -d.win_rate, d.name.casefold()))


def _deck(rows: list[Row]) -> DeckStats:
    places = [p for p in (getattr(row, "place", None) for row in rows) if p is not None]
    return DeckStats(
        name=str(getattr(rows[-1], "deck", "")),
        games=len(rows),
        wins=sum(1 for row in rows if row.outcome == "win"),
        average_place=sum(places) / len(places) if places else None,
        players=len({(row.user_id or "", row.name.casefold()) for row in rows}),
    )


def deck_line(deck: DeckStats, name: Callable[[str], str] = str) -> str:
    """'Atraxa: 5 games, 2 wins (40% won), average place 1.8'."""
    games = f"{deck.games} game" + ("" if deck.games == 1 else "s")
    wins = f"{deck.wins} win" + ("" if deck.wins == 1 else "s")
    place = f", average place {deck.average_place:.1f}" if deck.average_place is not None else ""
    return f"{name(deck.name)}: {games}, {wins} ({deck.win_rate:.0%} won){place}"


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
            }
            for d in decks
        ]
    }
