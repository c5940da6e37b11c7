"""Ratings (issue 30): a fold, with openskill's Plackett-Luce model, over finished games in the
order they ended, each game's seats rated by where they placed (`store.PlacedRow`).

Pure: the store gives the rows, this folds them, so ratings are reproducible from the database
alone and nothing but the placings is kept. Magic and Totemic are rated apart (`pool_of`): a
fold is given one game's rows only. Who is "one rated thing" is the caller's `key`: a player by
Discord account with guests by name (`stats.by_account`), by name on the command line; a
per-deck rating passes a key naming the seat's deck instead (`deck_ratings.deck_key`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import groupby
from typing import NamedTuple, Protocol

from openskill.models import PlackettLuce, PlackettLuceRating

from totembot.games.registry import game_of
from totembot.reports.stats import Seated

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, ordinal mu - 3 sigma
PROVISIONAL_BELOW = 5  # a rating resting on fewer games is marked provisional


class Placed(Seated, Protocol):
    """One seat of one finished game with its place (`store.PlacedRow` is one)."""

    @property
    def seat(self) -> int: ...
    @property
    def place(self) -> int: ...
    @property
    def side(self) -> int: ...


class Skill(NamedTuple):
    """A rating: openskill's mean and uncertainty, and the conservative figure people see
    (tuples: a fold makes two per seat of every game)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


START = Skill(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class PlayerRating:
    key: str
    name: str  # the latest name seen (a member's display name, a guest's or player's name)
    skill: Skill
    games: int

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_BELOW


class Change(NamedTuple):
    """One seat's rating before and after one game."""

    key: str
    name: str
    before: Skill
    after: Skill


@dataclass(frozen=True)
class Ratings:
    players: tuple[PlayerRating, ...]  # the best conservative rating first
    changes: dict[int, tuple[Change, ...]]  # per game id, in seat order
    games: int  # how many games were rated


def pool_of(game_format: str) -> str:
    """Which ratings a format's games count in: "magic" or "totemic", never mixed."""
    return game_of(game_format)


def shown_name(row: Placed) -> str:
    return row.display_name if row.user_id else row.name


def fold(rows: Iterable[Placed], key: Callable[[Placed], str]) -> Ratings:
    """Every game's rows (consecutive, in the order the games ended) rated in turn. A game with
    fewer than two sides (a solo run) rates nobody."""
    current: dict[str, PlackettLuceRating] = {}
    names: dict[str, str] = {}
    played: dict[str, int] = {}
    changes: dict[int, tuple[Change, ...]] = {}
    for game_id, seats in groupby(rows, key=lambda row: row.game_id):
        game = [(key(row), row) for row in seats]
        sides = sorted({row.side for _, row in game})
        if len(sides) < 2:
            continue
        before = {k: current.get(k) or MODEL.rating() for k, _ in game}
        was = {k: _skill(rating) for k, rating in before.items()}  # before rate() touches them
        members = [[k for k, row in game if row.side == side] for side in sides]
        ranks: list[float] = [min(r.place for _, r in game if r.side == side) for side in sides]
        rated = MODEL.rate([[before[k] for k in team] for team in members], ranks=ranks)
        for team, new in zip(members, rated, strict=True):
            current.update(zip(team, new, strict=True))
        changes[game_id] = tuple(
            Change(k, shown_name(row), was[k], _skill(current[k])) for k, row in game
        )
        for k, row in game:
            names[k] = shown_name(row)
            played[k] = played.get(k, 0) + 1
    players = [PlayerRating(k, names[k], _skill(r), played[k]) for k, r in current.items()]
    players.sort(key=lambda p: (-p.skill.ordinal, -p.games, p.name.casefold()))
    return Ratings(tuple(players), changes, len(changes))


def _skill(rating: PlackettLuceRating) -> Skill:
    return Skill(rating.mu, rating.sigma)
