"""Results for statistics never freeze the table (issue 32), on each backend: a game's results
are written with the request that ends it; games that ended without them (a database from
before, a `migrate-db` copy) are a backlog worked off in batches, each its own short
transaction, with other writes between them; statistics asked for meanwhile answer at once
with what is made and say how far along the rest is."""

from __future__ import annotations

import asyncio
import logging
import math
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from tests.conftest import tamper
from tests.test_ruleset_seam import record_lines
from totembot.games.registry import parse_setup, ruleset_of
from totembot.reports import commands
from totembot.reports.commands import stats_report
from totembot.service import GameService
from totembot.store import (
    EventRecord,
    GameStore,
    Progress,
    StaleState,
    is_postgres_url,
    open_store,
    results,
)
from totembot.store import backlog as backlog_module
from totembot.store.postgres import numbered

# Games that end in different ways and formats, each in its own channel: (setup, lines).
ENDINGS = (
    ("game free-for-all players: Ann, Bob, Cid", ["Ann: deal 20 to Bob", "Ann: deal 20 to Cid"]),
    ("game totem players: Ann, Bob, Cid, Dan", ["Bob: concede", "Cid: concede", "Dan: concede"]),
    ("game two-headed-giant teams: Ann+Bob, Cid+Dan", ["Ann: deal 40 to Cid"]),
    ("game free-for-all players: Ann, Bob, Cid", ["Ann: deal 20 to each player"]),  # a draw
    (  # ended, reopened by undo, ended anew: its second ending counts
        "game free-for-all players: Ann, Bob, Cid",
        ["Ann: deal 20 to Bob", "Ann: deal 20 to Cid", "undo", "Cid: deal 20 to Ann"],
    ),
    (
        "game totemic players: Ann, Bob power: 5, 30",
        ["Ann: challenge", "Bob: accept", "Ann: reveal 1", "Bob: reveal 9", "next"],
    ),
)
GAMES = 23  # not a multiple of the batches below, so the last batch is a short one
BATCH = 4


async def play(service: GameService, count: int) -> None:
    """`count` finished games, one per channel, cycling through ENDINGS."""
    for index in range(count):
        setup, lines = ENDINGS[index % len(ENDINGS)]
        await service.start(f"c{index}", "host", parse_setup(setup), guild_id="g1")
        await record_lines(service, f"c{index}", lines)


async def raw(database: str | Path, sql: str) -> list[tuple[Any, ...]]:
    """Rows read behind the store's back, on either backend (no backlog started)."""
    if is_postgres_url(database):
        connection = await asyncpg.connect(str(database))
        try:
            return [tuple(row) for row in await connection.fetch(numbered(sql))]
        finally:
            await connection.close()
    with sqlite3.connect(database) as db:
        return db.execute(sql).fetchall()


async def forget_results(database: str | Path) -> None:
    """The database as before results were made at the end of each game (or as `migrate-db`
    copies it): every finished game waits for its results."""
    await tamper(database, "DELETE FROM results")
    await tamper(database, "UPDATE games SET results_version = NULL, turns = NULL")


RESULT_ROWS = (
    "SELECT game_id, seat, name, outcome, way_out, place, taken_by, deck FROM results "
    "ORDER BY game_id, seat"
)
MARKS = "SELECT id, results_version, turns FROM games ORDER BY id"


@pytest.fixture
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backlog_module, "BATCH", BATCH)


async def test_a_games_results_are_written_with_the_request_that_ends_it(
    database: str | Path,
) -> None:
    store = await open_store(database)
    try:
        service = GameService(store)
        await service.start("c1", "host", parse_setup(ENDINGS[0][0]))
        await record_lines(service, "c1", ENDINGS[0][1][:1])
        assert await raw(database, RESULT_ROWS) == []  # not while it goes on
        await record_lines(service, "c1", ENDINGS[0][1][1:])
        assert await raw(database, RESULT_ROWS) == [  # Bob out first: 3rd; both by Ann
            (1, 0, "Ann", "win", None, 1, None, None),
            (1, 1, "Bob", "loss", "life", 3, 0, None),
            (1, 2, "Cid", "loss", "life", 2, 0, None),
        ]
        assert await raw(database, MARKS) == [(1, 2, 1)]  # made from version 2, 1 turn
        await store.backlog.start()
        assert store.results_progress() is None  # nothing left for a backlog
    finally:
        await store.close()


async def test_a_stale_request_that_would_end_the_game_writes_no_results(
    database: str | Path,
) -> None:
    store = await open_store(database)
    try:
        service = GameService(store)
        game = await service.start("c1", "host", parse_setup(ENDINGS[2][0]))
        ruleset = ruleset_of(game.config.format)
        line = ruleset.parse_line("Ann: deal 40 to Cid", game.state)
        assert line is not None
        request = line.request_as("Ann", False)
        ending = ruleset.record(game.state, request)
        assert ending.state.finished
        await record_lines(service, "c1", ["Ann: deal 1 to Cid"])  # the game moves on
        record = EventRecord(
            seq=1, recorded_at="now", recorded_by="t", request=request, changes=ending.events
        )
        with pytest.raises(StaleState):
            await store.append(game.id, 0, record, ending.state)
        assert await raw(database, RESULT_ROWS) == []
        assert await raw(database, MARKS) == [(1, None, None)]
    finally:
        await store.close()


async def test_the_backlog_in_batches_makes_the_results_made_at_each_games_end(
    database: str | Path, small_batches: None
) -> None:
    store = await open_store(database)
    try:
        await play(GameService(store), GAMES)
        at_the_end = await store.results()
        rows_at_the_end = await raw(database, RESULT_ROWS)
        marks_at_the_end = await raw(database, MARKS)
        await forget_results(database)
        unbatched = await unbatched_results(store)  # all at once, as before

        await store.results()
        await store.backlog.wait()

        assert store.backlog.batches == math.ceil(GAMES / BATCH)
        assert await raw(database, RESULT_ROWS) == rows_at_the_end
        assert await raw(database, RESULT_ROWS) == sorted(
            row for game_id, _v, result in unbatched for row in results.rows_of(game_id, result)
        )
        assert await raw(database, MARKS) == marks_at_the_end
        assert await store.results() == at_the_end
        assert len({row.game_id for row in at_the_end}) == GAMES
    finally:
        await store.close()


async def raw_needing(store: GameStore) -> list[tuple[Any, ...]]:
    """Every game waiting for its results, with what they are made from, in one read."""
    return await store._all(store.backlog_queries.needing, (0, 10**9))


async def unbatched_results(store: GameStore) -> results.MadeResults:
    """Every waiting game's results made at once, from its snapshot and its whole log."""
    needing = await raw_needing(store)
    ids = tuple(int(row[0]) for row in needing)
    logs = results.raw_logs(await store._all(results.logs_query(len(ids)), ids))
    return results.results_of(needing, logs)


Hook = Callable[[int], Awaitable[None]]


async def nothing(_batch: int) -> None:
    return None


def around_each_save(store: GameStore, before: Hook = nothing, after: Hook = nothing) -> list[str]:
    """A log of the backlog's batches as they are written ("batch"); `before(n)` and
    `after(n)` are awaited around the n-th (from 0)."""
    written: list[str] = []
    save = store.backlog._save

    async def hooked(made: results.MadeResults) -> None:
        batch = written.count("batch")
        await before(batch)
        await save(made)
        written.append("batch")
        await after(batch)

    store.backlog._save = hooked
    return written


async def test_other_writes_go_between_the_backlogs_batches(
    database: str | Path, small_batches: None
) -> None:
    store = await open_store(database)
    try:
        service = GameService(store)
        await play(service, GAMES)
        await service.start("table", "host", parse_setup("game free-for-all players: Ann, Bob"))
        await forget_results(database)
        batch_written = asyncio.Event()

        async def signal(_batch: int) -> None:
            batch_written.set()

        written = around_each_save(store, after=signal)

        async def other_channel(worked_off: asyncio.Future[None]) -> None:
            """A request after each batch, as soon as it can, until the backlog is over."""
            while True:
                waiting = asyncio.ensure_future(batch_written.wait())
                await asyncio.wait([waiting, worked_off], return_when=asyncio.FIRST_COMPLETED)
                if not waiting.done():
                    waiting.cancel()
                    return
                batch_written.clear()
                await record_lines(service, "table", ["Ann: deal 1 to Bob"])
                written.append("request")

        await store.results()
        worked_off = asyncio.ensure_future(store.backlog.wait())
        await asyncio.gather(other_channel(worked_off), worked_off)

        batches = [index for index, what in enumerate(written) if what == "batch"]
        assert len(batches) == math.ceil(GAMES / BATCH)
        assert "request" in written[batches[0] : batches[-1]]  # the lock was free between
        assert (await store.load(GAMES + 1)).version == written.count("request")
        assert {row.game_id for row in await store.results()} == set(range(1, GAMES + 1))
    finally:
        await store.close()


async def test_statistics_during_a_backlog_answer_at_once_and_say_how_far_along(
    database: str | Path, small_batches: None
) -> None:
    store = await open_store(database)
    try:
        await play(GameService(store), GAMES)
        complete = await store.results()
        await forget_results(database)
        gates = [asyncio.Event() for _ in range(math.ceil(GAMES / BATCH))]
        reached = [asyncio.Event() for _ in gates]

        async def gate(batch: int) -> None:
            reached[batch].set()
            await gates[batch].wait()

        around_each_save(store, before=gate)

        first = await store.results()  # the backlog waits before its first batch's write

        assert first == []  # nothing made yet: answered without waiting for it
        assert store.results_progress() == Progress(done=0, total=GAMES)
        gates[0].set()
        await reached[1].wait()  # the first batch is written
        assert store.results_progress() == Progress(done=BATCH, total=GAMES)
        assert {row.game_id for row in await store.results()} == set(range(1, BATCH + 1))
        for opened in gates:
            opened.set()
        await store.backlog.wait()
        assert store.results_progress() is None
        assert await store.results() == complete
    finally:
        await store.close()


async def test_the_backlog_logs_its_start_and_its_end(
    database: str | Path, small_batches: None, caplog: pytest.LogCaptureFixture
) -> None:
    store = await open_store(database)
    try:
        await play(GameService(store), 5)
        await forget_results(database)
        with caplog.at_level(logging.INFO, logger="totembot.store.backlog"):
            await store.results()
            await store.backlog.wait()
        assert "Making the statistics of 5 finished games that have none yet" in caplog.text
        assert "Statistics are up to date: 5 games counted in " in caplog.text
    finally:
        await store.close()


async def test_closing_the_store_ends_the_backlog_and_the_next_run_finishes_it(
    database: str | Path, small_batches: None
) -> None:
    store = await open_store(database)
    try:
        await play(GameService(store), GAMES)
        complete = await store.results()
        await forget_results(database)
        closing = asyncio.Event()

        async def close_after_the_first(_batch: int) -> None:
            closing.set()

        around_each_save(store, after=close_after_the_first)
        await store.results()
        await closing.wait()
    finally:
        await store.close()  # after the batch under way, not the whole backlog
    assert 0 < len(await raw(database, RESULT_ROWS)) < len(complete)

    store = await open_store(database)
    try:
        await store.results()
        await store.backlog.wait()
        assert await store.results() == complete
    finally:
        await store.close()


async def test_the_command_lines_stats_count_a_whole_backlog_saying_how_far_along(
    database: str | Path,
    small_batches: None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(commands, "REPORT_EVERY", 0.01)
    store = await open_store(database)
    try:
        await play(GameService(store), GAMES)
        before = await stats_report(store, None, True)
        await forget_results(database)

        async def slowly(_batch: int) -> None:  # long enough for a progress line
            await asyncio.sleep(0.05)

        around_each_save(store, before=slowly)
        capsys.readouterr()

        assert await stats_report(store, None, True) == before

        told = capsys.readouterr().err.splitlines()
        assert told[0] == (
            f"totembot: making the statistics of {GAMES} finished games that have none yet "
            "(an older database)..."
        )
        assert told[1].endswith(f" of {GAMES} done.")
        assert told[-1] == "totembot: statistics made."
        assert store.results_progress() is None
    finally:
        await store.close()


async def test_the_command_lines_stats_make_a_short_backlog_without_a_word(
    database: str | Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = await open_store(database)
    try:
        await play(GameService(store), 3)
        before = await stats_report(store, None, True)
        await forget_results(database)
        capsys.readouterr()

        assert await stats_report(store, None, True) == before  # within REPORT_EVERY here

        assert capsys.readouterr().err == ""
    finally:
        await store.close()
