"""Statistics from finished games' results: per player games, wins, draws, losses, win rate
per format, average length and most common way of going out; and a leaderboard.

Pure: the store gives the rows (`store.ResultRow`), this counts them. Who is "one player" is
the caller's choice: by name as in the games (the command line), or by Discord account with
guests by name (the bot).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol


class Seated(Protocol):
    """One seat of one finished game: what statistics and ratings both read of it."""

    @property
    def game_id(self) -> int: ...
    @property
    def format(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def user_id(self) -> str | None: ...
    @property
    def display_name(self) -> str: ...


class Row(Seated, Protocol):
    """One seat of one finished game (`store.ResultRow` is one)."""

    @property
    def outcome(self) -> str: ...
    @property
    def way_out(self) -> str | None: ...
    @property
    def turns(self) -> int | None: ...
    @property
    def created_at(self) -> str: ...
    @property
    def finished_at(self) -> str | None: ...
    @property
    def timed_turns(self) -> int | None: ...
    @property
    def turn_seconds(self) -> float | None: ...


@dataclass(frozen=True)
class Record:
    """Games, wins, draws and losses, and how long those games were on average."""

    games: int
    wins: int
    draws: int
    losses: int
    average_turns: float | None
    average_minutes: float | None
    timed_turns: int = 0  # their own turns timed from the log, in the games that have them
    turn_seconds: float = 0.0  # those turns' seconds in all

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_turn_seconds(self) -> float | None:
        return self.turn_seconds / self.timed_turns if self.timed_turns else None


@dataclass(frozen=True)
class PlayerStats:
    key: str  # what groups their rows: "user:<id>", "guest:<name>" or "name:<name>"
    name: str  # their latest name: in the game (by name, guests), or on the server (accounts)
    user_id: str | None
    overall: Record
    formats: tuple[tuple[str, Record], ...]  # per format, the most played first
    way_out: tuple[str, int] | None  # the most common way they went out, and how often


def by_name(row: Row) -> str:
    """One player per name as written in the games (any case)."""
    return "name:" + row.name.casefold()


def by_account(row: Seated) -> str:
    """One player per Discord account, guests by name in any case: statistics, ratings and
    rivalries count players alike (on the console every seat is a guest: one player a name)."""
    return f"user:{row.user_id}" if row.user_id else "guest:" + row.name.casefold()


def count_games(rows: Iterable[Row]) -> int:
    return len({row.game_id for row in rows})


def player_stats(rows: Sequence[Row], key: Callable[[Row], str] = by_name) -> list[PlayerStats]:
    """Each player's statistics, in the order of the leaderboard."""
    groups: dict[str, list[Row]] = {}
    for row in rows:
        groups.setdefault(key(row), []).append(row)
    return ranked(_player(group_key, group) for group_key, group in groups.items())


def ranked(stats: Iterable[PlayerStats]) -> list[PlayerStats]:
    """The leaderboard's order: most wins, then best win rate, most games, then by name."""
    return sorted(
        stats,
        key=lambda p: (-p.overall.wins, -p.overall.win_rate, -p.overall.games, p.name.casefold()),
    )


def _player(key: str, rows: list[Row]) -> PlayerStats:
    latest = max(rows, key=lambda row: row.game_id)
    per_format: dict[str, list[Row]] = {}
    for row in rows:
        per_format.setdefault(row.format, []).append(row)
    formats = sorted(per_format.items(), key=lambda item: (-len(item[1]), item[0]))
    ways = Counter(row.way_out for row in rows if row.way_out is not None)
    common = min(ways.items(), key=lambda item: (-item[1], item[0])) if ways else None
    return PlayerStats(
        key=key,
        name=latest.display_name if key.startswith("user:") else latest.name,
        user_id=latest.user_id,
        overall=record_of(rows),
        formats=tuple((name, record_of(group)) for name, group in formats),
        way_out=common,
    )


def record_of(rows: Sequence[Row]) -> Record:
    outcomes = Counter(row.outcome for row in rows)
    turns = [row.turns for row in rows if row.turns is not None]
    minutes = [m for m in (_minutes(row) for row in rows) if m is not None]
    timed = [row for row in rows if row.timed_turns is not None and row.turn_seconds is not None]
    return Record(
        games=len(rows),
        wins=outcomes["win"],
        draws=outcomes["draw"],
        losses=outcomes["loss"],
        average_turns=sum(turns) / len(turns) if turns else None,
        average_minutes=sum(minutes) / len(minutes) if minutes else None,
        timed_turns=sum(row.timed_turns or 0 for row in timed),
        turn_seconds=sum(row.turn_seconds or 0.0 for row in timed),
    )


def _minutes(row: Row) -> float | None:
    """How long the game took, from its set-up to the request that ended it."""
    if row.finished_at is None:
        return None
    try:
        start = datetime.fromisoformat(row.created_at)
        end = datetime.fromisoformat(row.finished_at)
    except (TypeError, ValueError):
        return None
    return max((end - start).total_seconds(), 0.0) / 60


def stats_json(games: int, players: Sequence[PlayerStats]) -> dict[str, Any]:
    """`totembot stats --json`: the games counted and each player's tally."""
    return {
        "games": games,
        "players": [
            {
                "name": player.name,
                "games": player.overall.games,
                "wins": player.overall.wins,
                "draws": player.overall.draws,
                "losses": player.overall.losses,
            }
            for player in players
        ],
    }
