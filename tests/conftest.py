"""Shared helpers: a real database per test on each backend (a SQLite file, a fresh PostgreSQL
database), and checks every stored game must pass."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from tests import depth  # noqa: F401  (loads the Hypothesis profile: ci, or deep)
from tests.browser import browser, page  # noqa: F401  (the live page's browser fixtures)
from tests.postgres import PostgresUnavailable, TestServer, start_server, unavailable
from totembot.service import GameService, rebuild
from totembot.store import GameStore, is_postgres_url, open_store
from totembot.store.postgres import numbered

# Each backend a store test runs on; PostgreSQL's tests carry the `postgres` marker.
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "postgres: needs a PostgreSQL server (tests/postgres.py starts one)"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that asks for the server carries the marker, so `-m "not postgres"` runs
    without one (the `database` fixture's PostgreSQL tests carry it through their parameter)."""
    for item in items:
        if "postgres_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[TestServer]:
    """One PostgreSQL server for this test process (each xdist worker has its own), stopped
    and removed when the session ends; skipped or failed with the reason when there is none."""
    try:
        server = start_server()
    except PostgresUnavailable as error:
        unavailable(str(error))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(postgres_server: TestServer) -> AsyncIterator[str]:
    """A fresh, empty PostgreSQL database for one test, dropped after it."""
    async with postgres_server.database() as url:
        yield url


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str | Path]:
    """Where a test's games live: a SQLite file's path or a fresh PostgreSQL database's URL."""
    if request.param == "sqlite":
        yield tmp_path / "games.sqlite3"
        return
    server: TestServer = request.getfixturevalue("postgres_server")
    async with server.database() as url:
        yield url


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[GameStore]:
    opened = await open_store(database)
    yield opened
    await opened.close()


@pytest.fixture
def service(store: GameStore) -> GameService:
    return GameService(store)


async def assert_every_game_rebuilds(store: GameStore) -> int:
    """Replay each stored game from its events alone and compare with its snapshot."""
    game_ids = await store.game_ids()
    for game_id in game_ids:
        stored = await store.load(game_id)
        records = await store.events(game_id)
        assert [record.seq for record in records] == list(range(1, stored.version + 1))
        assert rebuild(stored, records) == stored.state, f"game {game_id}"
    return len(game_ids)


async def tamper(database: str | Path, sql: str, *params: Any) -> None:
    """Change rows behind the store's back (a damaged database), on either backend; the SQL
    uses `?` placeholders."""
    if is_postgres_url(database):
        connection = await asyncpg.connect(str(database))
        try:
            await connection.execute(numbered(sql), *params)
        finally:
            await connection.close()
        return
    raw = sqlite3.connect(database)
    try:
        with raw:
            raw.execute(sql, params)
    finally:
        raw.close()
