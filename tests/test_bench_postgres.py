"""`totembot bench --quick --json --db URL` on a real PostgreSQL: every figure a sane number,
the backend named, its databases dropped after; one sentence when it cannot make them."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from totembot.bench.main import QUICK, describe
from totembot.bench.ratings import RatingsFigures, ratings_figures

pytestmark = pytest.mark.postgres


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "totembot", "bench", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


async def bench_databases(url: str) -> set[str]:
    """The benchmark's databases on the server (other tests' come and go meanwhile)."""
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch(
            "SELECT datname FROM pg_database WHERE datname LIKE 'totembot\\_bench\\_%'"
        )
    finally:
        await connection.close()
    return {row[0] for row in rows}


# The request figures every run has, on either backend (issue 18 added the bare floor's).
REQUEST_FIGURES = (
    "floor_ms",
    "floor_bare_ms",
    "floor_p99_ms",
    "request_ms_p50",
    "request_ms_p99",
    "ratio",
    "ratio_bare",
    "p99_ratio",
    "concurrent_requests_per_s",
    "concurrent_speedup",
)

# Issue 32's: the first statistics over a results backlog, and a /do meanwhile.
BACKLOG_FIGURES = (
    "stats_backlog_first_ms",
    "stats_backlog_again_ms",
    "stats_backlog_ratio",
    "stats_backlog_s",
    "do_p99_during_stats_ms",
    "do_p99_alone_ms",
    "do_p99_during_stats_ratio",
)


def positive(value: object) -> bool:
    return isinstance(value, int | float) and math.isfinite(value) and value > 0


async def test_the_quick_bench_on_postgresql_prints_every_figure(postgres_url: str) -> None:
    before = await bench_databases(postgres_url)

    done = bench("--quick", "--json", "--db", postgres_url)

    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["backend"] == "postgresql"
    assert figures["left_out"] == [
        "api_calls_per_request",
        "panel_calls_per_move",
        "board_floor_ratio",
        "do_p99_heavy_ratio",
        "loop_lag_p99_heavy_ratio",
        "rss_growth_ratio",
    ]
    assert not set(figures["left_out"]) & set(figures)
    for name in (*REQUEST_FIGURES, "startup_s"):
        assert positive(figures[name]), name
    assert figures["request_ms_p50"] <= figures["request_ms_p99"]
    assert figures["floor_bare_ms"] <= figures["floor_p99_ms"]
    assert figures["ratio"] == pytest.approx(
        figures["request_ms_p50"] / figures["floor_ms"], rel=0.01
    )
    assert figures["ratio_bare"] == pytest.approx(
        figures["request_ms_p50"] / figures["floor_bare_ms"], rel=0.01
    )
    assert figures["concurrent_speedup"] == pytest.approx(
        figures["concurrent_requests_per_s"] * figures["floor_bare_ms"] / 1000, rel=0.01
    )
    assert set(figures["requests_per_s"]) == {"1", "100", "1000"}
    assert all(positive(rate) for rate in figures["requests_per_s"].values())
    assert figures["rss_mb"] is None or positive(figures["rss_mb"])
    assert figures["stats_games"] == 2000
    assert all(positive(figures[k]) for k in ("stats_first_ms", "stats_ms", "stats_guild_ms"))
    assert figures["stats_backlog_games"] == 2000
    assert 0 <= figures["stats_backlog_first_counted"] <= 2000
    assert figures["do_during_stats_count"] >= 200
    for name in BACKLOG_FIGURES:
        assert positive(figures[name]), name
    assert figures["stats_backlog_ratio"] == pytest.approx(
        figures["stats_backlog_first_ms"] / figures["stats_backlog_again_ms"], rel=0.01
    )
    assert figures["do_p99_during_stats_ratio"] == pytest.approx(
        figures["do_p99_during_stats_ms"] / figures["do_p99_alone_ms"], rel=0.01
    )
    assert figures["ratings_games"] == 2000
    for name in ("ratings_placings_ms", "ratings_read_ms", "ratings_ms", "ratings_first_ms"):
        assert positive(figures[name]), name
    assert figures["ratings_read_ratio"] == pytest.approx(
        figures["ratings_ms"] / figures["ratings_read_ms"], rel=0.02
    )
    assert figures["ratings_first_call_ratio"] == pytest.approx(
        figures["ratings_first_ms"] / figures["ratings_ms"], rel=0.02
    )
    assert figures["rivals_games"] == 2000
    for name in ("rivals_read_ms", "rivals_ms", "rivals_first_ms", "rivals_later_ms"):
        assert positive(figures[name]), name
    assert figures["rivals_read_ratio"] == pytest.approx(
        figures["rivals_ms"] / figures["rivals_read_ms"], rel=0.01
    )
    assert figures["live_streams"] == 599 and figures["live_games"] == 100
    assert figures["live_every_change_in_order"] is True  # heard through LISTEN/NOTIFY too
    assert 0 < figures["live_latency_ms_p50"] <= figures["live_latency_ms_p99"]
    assert await bench_databases(postgres_url) == before  # its own databases dropped


async def test_a_user_who_cannot_create_databases_is_told_in_one_sentence(
    postgres_url: str,
) -> None:
    role = f"bench_reader_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.execute(f"CREATE ROLE {role} LOGIN PASSWORD 'hunter2'")  # no CREATEDB
    except asyncpg.InsufficientPrivilegeError:
        await admin.close()
        pytest.skip("the test server's user may not create roles (TOTEMBOT_TEST_POSTGRES)")
    parts = urlsplit(postgres_url)
    reader = urlunsplit(parts._replace(netloc=f"{role}:hunter2@"))
    try:
        done = bench("--quick", "--db", reader)
    finally:
        await admin.execute(f"DROP ROLE {role}")
        await admin.close()

    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "cannot create databases, which the benchmark needs" in done.stderr
    assert "grant it CREATEDB" in done.stderr
    assert "hunter2" not in done.stderr


@pytest.mark.parametrize("db", ["games.sqlite3", "mysql://u@h/db"])
def test_bench_db_takes_only_a_postgresql_url(db: str, tmp_path: Path) -> None:
    done = bench("--quick", "--db", db)

    assert done.returncode == 2
    assert done.stderr == (
        "totembot: bench --db takes a postgresql:// URL (on SQLite the benchmark makes its own "
        "temporary files).\n"
    )


def test_the_text_names_the_server_without_its_password_and_what_was_left_out() -> None:
    figures = {
        "backend": "postgresql",
        "floor_ms": 0.5,
        "request_ms_p50": 0.8,
        "request_ms_p99": 1.5,
        "floor_bare_ms": 0.4,
        "floor_p99_ms": 1.0,
        "ratio": 1.6,
        "ratio_bare": 2.0,
        "p99_ratio": 1.5,
        "requests_per_s": {"1": 1100.0, "100": 1000.0, "1000": 900.0},
        "bare_commits_per_s": 2500.0,
        "concurrent_channels": 100,
        "concurrent_requests_per_s": 3000.0,
        "concurrent_speedup": 1.2,
        "status_edits": 10,
        "status_edit_ms": 0.5,
        "startup_s": 0.5,
        "rss_mb": 64.0,
        "stats_games": 2000,
        "stats_first_ms": 900.0,
        "stats_ms": 30.0,
        "stats_guild_ms": 10.0,
        "stats_backlog_games": 2000,
        "stats_backlog_first_ms": 40.0,
        "stats_backlog_first_counted": 0,
        "stats_backlog_again_ms": 60.0,
        "stats_backlog_ratio": 0.667,
        **ratings_figures(RatingsFigures(2000, 900.0, 20.0, 80.0, 100.0)),
        "stats_backlog_s": 0.9,
        "do_during_stats_count": 400,
        "do_during_stats_rounds": 1,
        "do_p99_during_stats_ms": 9.0,
        "do_p99_alone_ms": 6.0,
        "do_p99_during_stats_ratio": 1.5,
        "rivals_games": 2000,
        "rivals_read_ms": 20.0,
        "rivals_ms": 30.0,
        "rivals_read_ratio": 1.5,
        "rivals_first_ms": 45.0,
        "rivals_later_ms": 30.0,
        "rivals_first_call_ratio": 1.5,
        "left_out": ["api_calls_per_request"],
    }

    text = describe(figures, QUICK, "postgresql://ann:hunter2@db.example:5432/postgres")

    lines = text.splitlines()
    assert lines[0].startswith("PostgreSQL at postgresql://ann@db.example:5432/postgres, in fresh")
    assert "ratio request/floor: 1.6" in lines
    assert "ratio request/bare floor: 2.0, p99: 1.5" in lines
    assert any(
        "committed with one asyncpg connection, no thread, no lock" in line for line in lines
    )
    assert any(line.startswith("Discord API calls per request: left out on") for line in lines)
    assert any(line.endswith("ratio 0.667 (target <= 2)") for line in lines)
    assert any(line.endswith("ratio 1.5 (target <= 2)") for line in lines)
    assert "hunter2" not in text
