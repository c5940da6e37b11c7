"""Results for statistics: made once per finished game from its final state and the
changes of the request that ended it, then read back with one query however many games.

They are made when a game ends, in the same transaction as the request that ended it (the
backends' `append`), so statistics never wait for them. Games that ended without them (a
database from before, a `migrate-db` copy, a ruleset that failed) are a backlog that
`store/backlog.py` works off in short batches.

The rows are a cache of what the game's ruleset says (`Ruleset.result`): a game reopened by
undo and finished anew has a new version, so its rows are made again.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from totembot.core import GameEvent, GameState
from totembot.core.ruleset import logged_result
from totembot.core.story import GameResult, LoggedRequest
from totembot.games.registry import ruleset_of
from totembot.store.model import EventRecord

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat of one finished game, with what statistics group and average by."""

    game_id: int
    format: str
    seat: int
    name: str  # the player's name in that game
    user_id: str | None  # their Discord account; None for a guest
    display_name: str  # how the server showed them when the game was set up
    outcome: str  # win, draw or loss
    way_out: str | None
    turns: int | None
    created_at: str
    finished_at: str | None
    timed_turns: int | None = None  # their turns timed from the log (issue 29), if timed
    turn_seconds: float | None = None
    place: int | None = None  # 1 for the winners, then in reverse order of going out
    taken_by: int | None = None  # the seat of who took them out in that game
    deck: str | None = None  # the deck they played


# (game id, version, result) of games whose results are made and ready to write.
MadeResults = list[tuple[int, int, GameResult]]

# The backlog's queries: which games wait, then one batch of them at a time in id order with
# what their results are made from. Both through the partial index games_needing_results,
# named for SQLite (whose planner would rather read every finished game by status: 4.6 ms
# against 0.07 for 10,000 games, at each statistics asked for); PostgreSQL spells `IS NOT` as
# `IS DISTINCT FROM` and picks the index itself (`postgres.QUERIES`).
BY_INDEX = " INDEXED BY games_needing_results"
WAITING = (
    f"SELECT id, version FROM games{BY_INDEX} "
    "WHERE status = 'finished' AND results_version IS NOT version ORDER BY id"
)
NEEDING = (
    f"SELECT g.id, g.format, g.version, g.snapshot, e.changes FROM games g{BY_INDEX} "
    "LEFT JOIN events e ON e.game_id = g.id AND e.seq = g.version "
    "WHERE g.status = 'finished' AND g.results_version IS NOT g.version AND g.id > ? "
    "ORDER BY g.id LIMIT ?"
)

READ = (  # the columns of ResultRow, in order
    "SELECT g.id, g.format, r.seat, r.name, s.user_id, COALESCE(s.display_name, r.name), "
    "r.outcome, r.way_out, "
    "g.turns, g.created_at, g.finished_at, t.turns, t.seconds, r.place, r.taken_by, r.deck "
    "FROM games g "
    "JOIN results r ON r.game_id = g.id "
    "LEFT JOIN seats s ON s.game_id = g.id AND s.seat = r.seat "
    "LEFT JOIN turn_times t ON t.game_id = g.id AND t.seat = r.seat AND t.version = g.version "
    "WHERE g.status = 'finished' AND g.results_version = g.version "
    "AND (CAST(?1 AS TEXT) IS NULL OR g.guild_id = ?1) "
    "AND (CAST(?2 AS TEXT) IS NULL OR g.format = ?2) "
    "ORDER BY g.id, r.seat"
)


def logs_query(games: int) -> str:
    """The logs of `games` games (their ids as parameters), in order: what places and who
    took whom out are read from."""
    marks = ", ".join("?" * games)
    return (
        "SELECT game_id, seq, recorded_at, recorded_by, request, changes FROM events "
        f"WHERE game_id IN ({marks}) ORDER BY game_id, seq"
    )


# The log rows of several games, by game id, as LOGS' rows read them (not yet loaded).
RawLogs = dict[int, list[tuple[Any, ...]]]


def raw_logs(rows: list[tuple[Any, ...]]) -> RawLogs:
    found: RawLogs = {}
    for row in rows:
        found.setdefault(int(row[0]), []).append(row)
    return found


def result_of(row: tuple[Any, ...], raw_log: list[tuple[Any, ...]] | None = None) -> GameResult:
    """A finished game's result from its log, whose last request ended it; or from its
    snapshot and last changes when it has no log (as benchmark databases have) or a log that
    does not replay to its snapshot's end (then places are the state's and takers unknown)."""
    ruleset = ruleset_of(str(row[1]))
    state = ruleset.load_state(row[3])
    if raw_log:
        try:
            loaded = [
                EventRecord(
                    int(r[1]), r[2], r[3], ruleset.load_request(r[4]), ruleset.load_events(r[5])
                )
                for r in raw_log
            ]
            result = logged_result(ruleset, state.config, loaded)
            if len(result.seats) == len(state.config.players):
                return result
        except Exception:  # the snapshot still tells the outcome
            log.warning("Game %s's log cannot be replayed: its places are the state's.", row[0])
    last = ruleset.load_events(row[4]) if row[4] else []
    return ruleset.result(state, last)


def results_of(needing: list[tuple[Any, ...]], logs: RawLogs | None = None) -> MadeResults:
    """(game id, version, result) of each game read (NEEDING's rows, with their logs); a game
    that cannot be read is left out, with a warning."""
    made: MadeResults = []
    for row in needing:
        try:
            made.append((int(row[0]), int(row[2]), result_of(row, (logs or {}).get(int(row[0])))))
        except Exception:  # one unreadable game must not stop every statistic
            log.warning("Game %s cannot be read: it is left out of statistics.", row[0])
    return made


MARK_MADE = (  # claims the game's results for `version`; no row when it moved on or has them
    "UPDATE games SET results_version = ?, turns = ? "
    "WHERE id = ? AND version = ? AND status = 'finished' "
    "AND (results_version IS NULL OR results_version <> ?)"
)
INSERT = (
    "INSERT INTO results (game_id, seat, name, outcome, way_out, place, taken_by, deck) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


def made_at_end(
    game_id: int,
    version: int,
    state: GameState,
    changes: Sequence[GameEvent],
    game_log: Sequence[LoggedRequest] | None = None,
) -> MadeResults:
    """The results of a game this request ends, to write with it ([] when the game goes on);
    `game_log` is its whole log, this request last (places and takers are read from it).

    A ruleset that cannot tell them must not refuse the request that ended the game: the game
    is then left to the backlog, which says in the log that it cannot be read."""
    if not state.finished:
        return []
    try:
        ruleset = ruleset_of(state.config.format)
        if game_log:
            return [(game_id, version, logged_result(ruleset, state.config, game_log))]
        return [(game_id, version, ruleset.result(state, changes))]
    except Exception:
        log.warning("Game %s's results could not be made when it ended.", game_id, exc_info=True)
        return []


def mark_made(game_id: int, version: int, result: GameResult) -> tuple[Any, ...]:
    return (version, result.turns, game_id, version, version)


def rows_of(game_id: int, result: GameResult) -> list[tuple[Any, ...]]:
    """A game's result rows, in INSERT's order."""
    return [
        (game_id, s.seat, s.name, s.outcome, s.way_out, s.place, s.taken_by, s.deck)
        for s in result.seats
    ]


def result_row(row: tuple[Any, ...]) -> ResultRow:
    return ResultRow(*row)
