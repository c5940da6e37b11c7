"""The benchmark's request path on SQLite, small: every request it sends is one the rules
accept (a refused one would be timed as a cheap request), the floors are committed rows, the
status is shown as the bot's debounce allows, and the figures are computed from the timings."""

from __future__ import annotations

import io
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from PIL import Image

from totembot.bench import backlog as bench_backlog
from totembot.bench.backlog import BacklogFigures, backlog_figures, measure_backlog
from totembot.bench.board import (
    TABLES,
    BoardFigure,
    board_figures,
    describe_board,
    measure_board,
    pillow_floor,
    table,
)
from totembot.bench.heavy import Heavy, Run, heavy_figures, measure_heavy
from totembot.bench.main import QUICK, describe, request_figures
from totembot.bench.memory import (
    MOVES,
    MemoryFigures,
    describe_memory,
    measure_memory,
    memory_figures,
)
from totembot.bench.ratings import RatingsFigures, ratings_figures
from totembot.bench.requests import (
    CYCLE,
    Concurrent,
    Statuses,
    Timings,
    concurrent_requests,
    new_games,
    serial_requests,
)
from totembot.bench.rivals import measure_rivals, rivals_figures
from totembot.games.registry import format_names, ruleset_of
from totembot.render.pen import SIZE, Tally, counting
from totembot.store import open_store
from totembot.store.floor import bare_floor


async def test_the_serial_requests_are_all_accepted_after_their_two_floor_commits(
    tmp_path: Path,
) -> None:
    path = tmp_path / "requests.sqlite3"
    games, count = 5, 3 * len(CYCLE) * 5 + 2  # every game round its cycle three times and more

    timings = await serial_requests(str(path), games, count)

    assert len(timings.requests) == len(timings.floor) == len(timings.bare) == count
    with sqlite3.connect(path) as raw:
        versions = raw.execute("SELECT version FROM games ORDER BY id").fetchall()
        floors = raw.execute(
            "SELECT game_id, count(*) FROM events WHERE recorded_by = 'bench' GROUP BY game_id"
        ).fetchall()
        texts = raw.execute("SELECT count(DISTINCT request) FROM events").fetchone()[0]
    played = [count // games + (1 if index < count % games else 0) for index in range(games)]
    assert [v[0] for v in versions] == [*played, 0, 0]  # the two floor games never move
    assert floors == [(games + 1, count), (games + 2, count)]
    assert texts > len(CYCLE)  # different requests, not one phrase repeated
    assert timings.edits >= games  # every game shown once its burst is over (the flush)


async def test_the_bare_floor_leaves_the_wals_checkpoints_to_the_store(tmp_path: Path) -> None:
    """The floor is a commit alone: with SQLite's default it checkpointed the shared WAL
    whenever it passed 1,000 pages, doing part of the store's work inside its own times."""
    path = tmp_path / "floor.sqlite3"
    store = await open_store(str(path))
    await store.close()
    floor = await bare_floor(str(path))
    try:
        for seq in range(1, 801):  # about 2,400 pages: past SQLite's default of 1,000
            await floor.commit(1, seq, "now")
        with sqlite3.connect(path) as raw:  # before the last connection closes (it checkpoints)
            _busy, frames, _copied = raw.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    finally:
        await floor.close()
    assert frames > 1500  # never started over: nothing checkpointed it on the way


async def test_requests_on_many_channels_at_once_are_all_recorded(tmp_path: Path) -> None:
    path = tmp_path / "concurrent.sqlite3"

    done = await concurrent_requests(str(path), 10, 100)

    assert (done.channels, done.requests) == (10, 100)
    assert done.requests_per_s > 0
    store = await open_store(path)
    try:
        assert [(await store.load(g)).version for g in await store.game_ids()] == [10] * 10
    finally:
        await store.close()


async def test_a_game_changed_again_and_again_is_shown_after_its_burst_not_per_request(
    tmp_path: Path,
) -> None:
    store = await open_store(tmp_path / "status.sqlite3")
    try:
        await store.create_games(new_games(1, "t-", shown=True))
        statuses = Statuses(store, interval=3600.0)
        statuses.on_show(1)
        for _ in range(50):
            statuses.schedule(1)
            await statuses.edit_due_ones()
        assert statuses.edits == 0  # the debounce waits for the burst to end
        await statuses.flush()
        assert statuses.edits == 1
    finally:
        await store.close()


# Every figure `describe` prints, to which a test adds those it checks.
FIGURES = {
    "floor_ms": 0.3,
    "floor_bare_ms": 0.2,
    "floor_p99_ms": 1.0,
    "request_ms_p50": 0.4,
    "request_ms_p99": 3.0,
    "ratio": 1.333,
    "ratio_bare": 2.0,
    "p99_ratio": 3.0,
    "requests_per_s": {"1": 2000.0},
    "bare_commits_per_s": 5000.0,
    "concurrent_channels": 100,
    "concurrent_requests_per_s": 5000.0,
    "concurrent_speedup": 1.0,
    "status_edits": 7,
    "status_edit_ms": 0.5,
    "api_calls_per_request": 1.05,
    "startup_s": 0.4,
    "rss_mb": 60.0,
    "stats_games": 2000,
    "stats_first_ms": 400.0,
    "stats_ms": 30.0,
    "stats_guild_ms": 10.0,
}


def test_the_figures_are_the_timings_medians_and_their_ratios() -> None:
    timings = Timings(
        requests=[0.0004] * 98 + [0.002, 0.003],
        floor=[0.0003] * 100,
        bare=[0.0002] * 99 + [0.001],
    )
    figures = request_figures(timings, {"1": 2000.0}, Concurrent(100, 5000, 1.0, 7))

    assert figures["request_ms_p50"] == pytest.approx(0.4)
    assert figures["floor_bare_ms"] == pytest.approx(0.2)
    assert figures["ratio_bare"] == pytest.approx(2.0)
    assert figures["request_ms_p99"] == pytest.approx(3.0)
    assert figures["floor_p99_ms"] == pytest.approx(1.0)
    assert figures["p99_ratio"] == pytest.approx(3.0)
    assert figures["bare_commits_per_s"] == pytest.approx(5000.0)
    assert figures["concurrent_requests_per_s"] == pytest.approx(5000.0)
    assert figures["concurrent_speedup"] == pytest.approx(1.0)
    text = describe(
        figures
        | {
            "status_edits": 7,
            "status_edit_ms": 0.5,
            "api_calls_per_request": 1.05,
            "panel_calls_per_move": 2.1,
            "startup_s": 0.4,
            "rss_mb": 60.0,
            "stats_games": 2000,
            "stats_first_ms": 400.0,
            "stats_ms": 30.0,
            "stats_guild_ms": 10.0,
            **BACKLOG_FIGURES,
            **RATINGS_FIGURES,
            **RIVALS_FIGURES,
            **board_figures([BoardFigure("totem", 20.0, 16.0, 80, 40, 70_000)]),
            **memory_figures(MemoryFigures(2000, 60.0, 75.0, 50.0)),
        },
        QUICK,
    )
    assert "ratio request/bare floor: 2.0, p99: 3.0" in text.splitlines()
    assert any(
        line.startswith("Discord calls per panel move: 2.1 (target: 2,")
        for line in text.splitlines()
    )
    assert (
        "statistics over 2000 finished games never counted (as after an upgrade): first call "
        "40.0 ms (counted 0; all made in the background in 0.3 s), the same call once all are "
        "made 60.0 ms: ratio 0.667 (target <= 2)" in text.splitlines()
    )
    assert (
        "/do in other channels meanwhile, one every 4 ms: p99 9.0 ms, without it 6.0 ms (250 "
        "each, 3 rounds): ratio 1.5 (target <= 2)" in text.splitlines()
    )
    assert text.splitlines()[-2].endswith("16.0 ms; ratio 1.25")  # the board beside its floor
    assert text.splitlines()[-1].endswith("against 60.0 MB once started: ratio 1.25")
    assert "100 channels at once: 5000.0/s, 1.0 times the serial bare commits" in text
    assert (
        "ratings of one server with 2000 finished games: 80.0 ms (median), 4.0 times reading "
        "the same games' rows (20.0 ms); the first call after a restart 100.0 ms (1.25 times "
        "the later ones); placing every game once first: 900.0 ms" in text.splitlines()
    )
    assert (
        "rivals of one server over 2000 finished games: 30.0 ms against reading its rows "
        "20.0 ms: ratio 1.5" in text.splitlines()
    )
    assert (
        "rivals after a restart: first call 45.0 ms, later ones 30.0 ms: ratio 1.5 "
        "(target <= 2)" in text.splitlines()
    )


async def test_the_rivals_figures_count_games_whose_results_have_places_and_takers(
    tmp_path: Path,
) -> None:
    measured = await measure_rivals(tmp_path / "rivals.sqlite3", 40)

    figures = rivals_figures(measured)
    assert figures["rivals_read_ratio"] == pytest.approx(
        measured.rivals_ms / measured.read_ms, abs=0.001
    )
    assert figures["rivals_first_call_ratio"] == pytest.approx(
        measured.first_ms / measured.later_ms, abs=0.001
    )
    with sqlite3.connect(tmp_path / "rivals.sqlite3") as raw:
        # Each of the four endings ten times: free-for-all, two taken out by the first player;
        # Totem, three concessions (no one); the giant, two heads by one player; a draw.
        taken = raw.execute("SELECT count(*) FROM results WHERE taken_by IS NOT NULL")
        assert taken.fetchone()[0] == 10 * 2 + 10 * 2
        unplaced = raw.execute("SELECT count(*) FROM results WHERE place IS NULL")
        assert unplaced.fetchone()[0] == 0


RIVALS_FIGURES = {
    "rivals_games": 2000,
    "rivals_read_ms": 20.0,
    "rivals_ms": 30.0,
    "rivals_read_ratio": 1.5,
    "rivals_first_ms": 45.0,
    "rivals_later_ms": 30.0,
    "rivals_first_call_ratio": 1.5,
}

RATINGS_FIGURES = ratings_figures(RatingsFigures(2000, 900.0, 20.0, 80.0, 100.0))
BACKLOG_FIGURES = {
    "stats_backlog_games": 2000,
    "stats_backlog_first_ms": 40.0,
    "stats_backlog_first_counted": 0,
    "stats_backlog_again_ms": 60.0,
    "stats_backlog_ratio": 0.667,
    "stats_backlog_s": 0.3,
    "do_during_stats_count": 250,
    "do_during_stats_rounds": 3,
    "do_p99_during_stats_ms": 9.0,
    "do_p99_alone_ms": 6.0,
    "do_p99_during_stats_ratio": 1.5,
}


async def test_the_backlog_figures_time_dos_during_fresh_backlogs_until_there_are_enough(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_backlog, "MIN_DOS", 30)
    made: list[Path] = []

    @asynccontextmanager
    async def database(name: str) -> AsyncIterator[str]:
        made.append(tmp_path / f"{name}.sqlite3")
        yield str(made[-1])

    measured = await measure_backlog(database, 40)

    assert measured.games == 40
    assert measured.first_counted == 0  # answered before the backlog's first batch
    assert len(measured.do_during) >= 30 or measured.rounds == bench_backlog.MAX_ROUNDS
    assert len(measured.do_alone) == len(measured.do_during)  # the same estimator each side
    assert measured.rounds == len(made)  # a fresh database each round
    for path in made:
        with sqlite3.connect(path) as raw:
            games = raw.execute("SELECT count(*) FROM games WHERE status = 'finished'")
            counted = raw.execute("SELECT count(DISTINCT game_id) FROM results")
            assert games.fetchone()[0] == counted.fetchone()[0] == 40  # worked off
            dos = raw.execute("SELECT sum(version) FROM games WHERE status = 'active'")
            assert dos.fetchone()[0] >= 50  # the warm-up, then the timed /do's, recorded
    dos = sum(
        sqlite3.connect(path)
        .execute("SELECT sum(version) FROM games WHERE status = 'active'")
        .fetchone()[0]
        for path in made
    )
    assert dos == len(made) * bench_backlog.WARM + 2 * len(measured.do_during)


def test_the_backlog_figures_are_the_ratios_of_the_timings() -> None:
    measured = BacklogFigures(
        games=2000,
        first_ms=30.0,
        first_counted=0,
        again_ms=60.0,
        backlog_s=0.25,
        do_during=[0.001] * 99 + [0.009],
        do_alone=[0.001] * 99 + [0.003],
        rounds=2,
    )

    figures = backlog_figures(measured)

    assert figures["stats_backlog_ratio"] == pytest.approx(0.5)
    assert figures["do_p99_during_stats_ms"] == pytest.approx(9.0)
    assert figures["do_p99_alone_ms"] == pytest.approx(3.0)
    assert figures["do_p99_during_stats_ratio"] == pytest.approx(3.0)
    assert figures["do_during_stats_count"] == 100
    assert figures["do_during_stats_rounds"] == 2


# --- issue 32: the board against its floor, and the memory kept per channel --------------------


def test_each_format_has_a_board_measured_against_a_floor_of_as_many_shapes_and_texts() -> None:
    figure = measure_board("totem", rounds=1)

    with counting() as tallies:
        ruleset_of("totem").board_png(table(TABLES["totem"]))
    assert tallies == [Tally(figure.shapes, figure.texts)]
    assert figure.shapes > 20 and figure.texts > 10
    assert figure.board_ms > 0 and figure.floor_ms > 0 and figure.png_bytes > 1000
    floor = Image.open(io.BytesIO(pillow_floor(figure.shapes, figure.texts)))
    assert (floor.format, floor.size) == ("PNG", (SIZE, SIZE))
    assert set(TABLES) == set(format_names()) - {"totemic", "totemic-solo"}  # every board


def test_the_board_figures_are_the_worst_formats() -> None:
    boards = [
        BoardFigure("totem", 20.0, 16.0, 80, 40, 70_000),
        BoardFigure("teams", 18.0, 12.0, 70, 30, 60_000),  # the furthest above its floor
    ]
    figures = board_figures(boards)

    assert figures["board_floor_ratio"] == pytest.approx(1.5)
    assert (figures["board_worst_format"], figures["board_ms"]) == ("teams", 18.0)
    assert figures["board_ratios"] == {"totem": 1.25, "teams": 1.5}
    assert "Pillow drawing the same 70 shapes and 30 texts" in describe_board(figures)


async def test_the_memory_figure_is_the_bots_rss_after_every_channel_played(
    tmp_path: Path,
) -> None:
    database = tmp_path / "memory.sqlite3"

    memory = await measure_memory(str(database), 3)

    assert memory.channels == 3 and memory.startup_mb > 0 and memory.played_mb > 0
    with sqlite3.connect(database) as raw:
        versions = raw.execute("SELECT status, version FROM games").fetchall()
    assert versions == [("active", len(MOVES))] * 3  # every move of every channel accepted
    figures = memory_figures(MemoryFigures(2000, 60.0, 75.0, 50.0))
    assert figures["rss_growth_ratio"] == pytest.approx(1.25)
    assert memory_figures(MemoryFigures(2000, None, None, 50.0))["rss_growth_ratio"] is None
    assert "75.0 MB after 2000 channels each played a game" in describe_memory(figures)


async def test_the_heavy_stretches_draw_pictures_beside_requests_the_quiet_ones_none(
    tmp_path: Path,
) -> None:
    set_aside: list[int] = []
    measured = await measure_heavy(
        tmp_path, count=8, stretch=4, before_each_stretch=lambda: set_aside.append(1)
    )

    assert len(measured.quiet.requests) == len(measured.heavy.requests) == 8
    assert len(set_aside) == 4  # before each of the two quiet and two heavy stretches
    assert measured.heavy.pictures >= 2  # each heavy stretch waits for its first picture
    assert measured.quiet.lags and measured.heavy.lags


def test_the_heavy_figures_are_each_p99_beside_its_quiet_floor_and_their_ratio() -> None:
    quiet = Run(requests=[0.010] * 99 + [0.020], lags=[0.001] * 99 + [0.002], pictures=0)
    heavy = Run(requests=[0.010] * 99 + [0.026], lags=[0.001] * 99 + [0.005], pictures=40)

    figures = heavy_figures(Heavy(quiet, heavy))

    assert figures["do_p99_ms_quiet"] == pytest.approx(20.0)
    assert figures["do_p99_ms_heavy"] == pytest.approx(26.0)
    assert figures["do_p99_heavy_ratio"] == pytest.approx(1.3)
    assert figures["loop_lag_p99_ms_quiet"] == pytest.approx(2.0)
    assert figures["loop_lag_p99_ms_heavy"] == pytest.approx(5.0)
    assert figures["loop_lag_max_ms_heavy"] == pytest.approx(5.0)
    assert figures["loop_lag_p99_heavy_ratio"] == pytest.approx(2.5)
    assert (figures["heavy_requests"], figures["heavy_pictures"]) == (100, 40)
    text = describe(FIGURES | BACKLOG_FIGURES | RATINGS_FIGURES | RIVALS_FIGURES | figures, QUICK)
    assert (
        "/do through the bot and the Discord stand-in, p99: 20.0 ms with nothing drawn, "
        "26.0 ms while boards and charts are drawn (40 pictures during 100 requests): ratio 1.3"
    ) in text.splitlines()
    assert (
        "event loop lag, p99: 2.0 ms with nothing drawn, 5.0 ms while drawing (max 5.0 ms): "
        "ratio 2.5"
    ) in text.splitlines()
