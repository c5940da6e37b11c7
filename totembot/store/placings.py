"""Placings for ratings (issue 30): where each seat of a finished game placed, made once from
the game's log (the order players went out in is only there) and kept, read back in the order
the games ended with one query however many games.

A cache of what the game's ruleset says (`Ruleset.placing`): a game reopened by undo and
finished anew has a new version, so its placing is made again; a game abandoned with
`/totem end` is not finished, so it is never read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from totembot.core.story import Placing

# (game id, version, the players' names in seat order, placing) of games placed, to write.
MadePlacing = tuple[int, int, tuple[str, ...], Placing]


@dataclass(frozen=True, slots=True)
class PlacedRow:
    """One seat of one finished game, with where it placed and who played it."""

    game_id: int
    guild_id: str | None  # the server it was played in; None on the console
    format: str
    finished_at: str | None
    seat: int
    name: str  # the player's name in that game
    user_id: str | None  # their Discord account; None for a guest
    display_name: str  # how the server showed them when the game was set up
    place: int  # 1 for the best; seats tied share a place
    side: int  # seats rated together (a team) share a side


UNPLACED = (  # finished games whose placing is missing or was made from another version
    "SELECT id, version FROM games "
    "WHERE status = 'finished' AND (placed_version IS NULL OR placed_version <> version) "
    "AND (CAST(?1 AS TEXT) IS NULL OR guild_id = ?1) ORDER BY id"
)

READ = (  # the columns of PlacedRow, in the order the games ended
    "SELECT g.id, g.guild_id, g.format, g.finished_at, p.seat, p.name, s.user_id, "
    "COALESCE(s.display_name, p.name), p.place, p.side FROM games g "
    "JOIN placings p ON p.game_id = g.id "
    "LEFT JOIN seats s ON s.game_id = g.id AND s.seat = p.seat "
    "WHERE g.status = 'finished' AND g.placed_version = g.version "
    "AND (CAST(?1 AS TEXT) IS NULL OR g.guild_id = ?1) "
    "AND (CAST(?2 AS TEXT) IS NULL OR g.format = ?2) "
    "ORDER BY g.finished_at, g.id, p.seat"
)

MARK_PLACED = (  # claims the placing for `version`; no row when the game moved on
    "UPDATE games SET placed_version = ? WHERE id = ? AND version = ? AND status = 'finished'"
)
DELETE = "DELETE FROM placings WHERE game_id = ?"
INSERT = "INSERT INTO placings (game_id, seat, name, place, side) VALUES (?, ?, ?, ?, ?)"


def placing_rows(game_id: int, names: Sequence[str], placing: Placing) -> list[tuple[Any, ...]]:
    """A game's placing rows, in INSERT's order."""
    return [
        (game_id, seat, name, placing.places[seat], placing.sides[seat])
        for seat, name in enumerate(names)
    ]


def placed_row(row: tuple[Any, ...]) -> PlacedRow:
    return PlacedRow(*row)
