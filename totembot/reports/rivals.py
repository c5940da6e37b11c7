"""Rivalries from finished games' results: for a player, their record against each other
player (games together, who finished ahead), their nemesis (who took them out most often) and
their victim (whom they took out most often), each with counts. Pure, like `stats.py`: the
store gives the rows, with each seat's place and the seat of who took them out (made from the
game's log when it ended), and this counts them in one pass.

Magic games only: a Totemic game is a challenge between two animals, not a take-out
(docs/decisions.md, "Rivalries").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from totembot.games.registry import game_of
from totembot.reports.stats import Row, by_name
from totembot.reports.stats_text import plural


@dataclass
class Versus:
    """One player's record against one other: games together, who finished ahead, and who
    took whom out."""

    name: str
    games: int = 0
    ahead: int = 0  # games the player finished ahead of this rival
    behind: int = 0  # games this rival finished ahead
    took_out: int = 0  # times the player took this rival out
    taken_out: int = 0  # times this rival took the player out


@dataclass
class Rivalry:
    """A player's rivals, by key; the nemesis and victim are read from them."""

    key: str
    name: str
    rivals: dict[str, Versus] = field(default_factory=dict)

    def nemesis(self) -> Versus | None:
        """Who took them out most often (ties: the first by name)."""
        return _most(self.rivals.values(), lambda v: v.taken_out)

    def victim(self) -> Versus | None:
        return _most(self.rivals.values(), lambda v: v.took_out)

    def ordered(self) -> list[Versus]:
        """Most games together first, then by name."""
        return sorted(self.rivals.values(), key=lambda v: (-v.games, v.name.casefold()))


def _most(rivals: Iterable[Versus], count: Callable[[Versus], int]) -> Versus | None:
    best = sorted((v for v in rivals if count(v) > 0), key=lambda v: (-count(v), v.name.casefold()))
    return best[0] if best else None


def rivalries(rows: Sequence[Row], key: Callable[[Row], str] = by_name) -> dict[str, Rivalry]:
    """Every player's rivalry, by their key, from every Magic game's rows."""
    games: dict[int, list[Row]] = {}
    for row in rows:
        games.setdefault(row.game_id, []).append(row)
    names = _latest_names(rows, key)
    found: dict[str, Rivalry] = {}
    for seats in games.values():
        if game_of(seats[0].format) == "magic":
            _count_game(found, names, [_Seat.of(row, key) for row in seats])
    return found


@dataclass(frozen=True, slots=True)
class _Seat:
    key: str
    seat: int
    place: int | None
    taken_by: int | None

    @staticmethod
    def of(row: Row, key: Callable[[Row], str]) -> _Seat:
        return _Seat(
            key(row),
            int(getattr(row, "seat", -1)),
            getattr(row, "place", None),
            getattr(row, "taken_by", None),
        )


def _count_game(found: dict[str, Rivalry], names: dict[str, str], seats: list[_Seat]) -> None:
    """One game's pairs: games together, who finished ahead, who took whom out."""
    by_seat = {seat.seat: seat.key for seat in seats}
    for mine in seats:
        rivalry = found.get(mine.key)
        if rivalry is None:
            rivalry = found[mine.key] = Rivalry(mine.key, names[mine.key])
        for other in seats:
            if other.key == mine.key:
                continue
            versus = rivalry.rivals.get(other.key)
            if versus is None:
                versus = rivalry.rivals[other.key] = Versus(names[other.key])
            versus.games += 1
            if mine.place is not None and other.place is not None:
                versus.ahead += mine.place < other.place
                versus.behind += other.place < mine.place
    for mine in seats:  # every player of the game has a rivalry now
        taker = by_seat.get(mine.taken_by) if mine.taken_by is not None else None
        if taker is not None and taker != mine.key:
            found[mine.key].rivals[taker].taken_out += 1
            found[taker].rivals[mine.key].took_out += 1


def _latest_names(rows: Sequence[Row], key: Callable[[Row], str]) -> dict[str, str]:
    """Each player's latest name: on the server for an account, in the game otherwise."""
    names: dict[str, str] = {}
    for row in sorted(rows, key=lambda r: r.game_id):
        k = key(row)
        names[k] = row.display_name if k.startswith("user:") else row.name
    return names


def find_player(found: dict[str, Rivalry], name: str) -> Rivalry | None:
    """A player by key, or by name in any case."""
    if name in found:
        return found[name]
    folded = name.casefold()
    return next((r for r in found.values() if r.name.casefold() == folded), None)


def rivalry_json(rivalry: Rivalry) -> dict[str, Any]:
    nemesis, victim = rivalry.nemesis(), rivalry.victim()
    return {
        "player": rivalry.name,
        "nemesis": {"name": nemesis.name, "times": nemesis.taken_out} if nemesis else None,
        "victim": {"name": victim.name, "times": victim.took_out} if victim else None,
        "rivals": [versus_json(versus) for versus in rivalry.ordered()],
    }


def versus_json(versus: Versus) -> dict[str, Any]:
    return {
        "name": versus.name,
        "games": versus.games,
        "ahead": versus.ahead,
        "behind": versus.behind,
        "took_out": versus.took_out,
        "taken_out": versus.taken_out,
    }


def rivals_lines(rivalry: Rivalry, name: Callable[[str], str] = str, limit: int = 20) -> list[str]:
    """A player's rivalry for people: nemesis, victim, then one line per rival."""
    nemesis, victim = rivalry.nemesis(), rivalry.victim()
    lines = [
        "Nemesis: "
        + (
            f"{name(nemesis.name)} (took them out {plural(nemesis.taken_out, 'time')})"
            if nemesis
            else "none"
        ),
        "Victim: "
        + (
            f"{name(victim.name)} (taken out {plural(victim.took_out, 'time')})"
            if victim
            else "none"
        ),
    ]
    for versus in rivalry.ordered()[:limit]:
        lines.append(versus_line(versus, name))
    hidden = len(rivalry.rivals) - limit
    if hidden > 0:
        lines.append(f"... and {hidden} more")
    return lines


def versus_line(versus: Versus, name: Callable[[str], str] = str) -> str:
    """'vs Bob: 5 games, ahead 3, behind 2; took them out 1 time, taken out 2 times'."""
    return (
        f"vs {name(versus.name)}: {plural(versus.games, 'game')}, ahead {versus.ahead}, "
        f"behind {versus.behind}; took them out {plural(versus.took_out, 'time')}, "
        f"taken out {plural(versus.taken_out, 'time')}"
    )


def head_to_head(found: dict[str, Rivalry], first: str, second: str) -> Versus | None:
    """The first player's record against the second; None when they never met."""
    one, two = find_player(found, first), find_player(found, second)
    if one is None or two is None:
        return None
    return one.rivals.get(two.key)
