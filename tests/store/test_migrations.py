"""Numbered migrations: a database from an older version is upgraded in place at start-up."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import aiosqlite
import pytest

from totembot.games.magic.language.phrases import parse_setup
from totembot.games.magic.rules import new_game
from totembot.store import StoreError, open_store
from totembot.store.migrate import LATEST, migrate, migrations, schema_version


def test_migrations_are_numbered_from_one_in_order_each_number_once() -> None:
    """A database records the newest applied, so none may be added below it later: numbers
    run from 1 without a gap."""
    numbers = [number for number, _sql in migrations()]
    assert sorted(numbers) == list(range(1, len(numbers) + 1))
    assert LATEST == max(numbers) >= 2


async def test_a_version_1_database_is_upgraded_in_place_and_keeps_its_games(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    config = parse_setup("game totem players: Ann, Bob, Cid")
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await migrate(db, up_to=1) == 1
        await db.execute(
            "INSERT INTO games (channel_id, host, format, options, created_at, snapshot) "
            "VALUES ('chan-1', 'host', 'totem', ?, '2026-01-01', ?)",
            (config.model_dump_json(), new_game(config).model_dump_json()),
        )
    with sqlite3.connect(path) as raw:
        columns = {row[1] for row in raw.execute("PRAGMA table_info(games)")}
    assert "status_message_id" not in columns

    store = await open_store(path)
    try:
        game = await store.load_current("chan-1")
        assert game is not None
        assert game.state.players[0].name == "Ann"
        assert game.status_message_id is None
        await store.set_status_message(game.id, "999")
        assert (await store.load(game.id)).status_message_id == "999"
    finally:
        await store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == LATEST


async def test_opening_an_up_to_date_database_again_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    for _ in range(2):
        store = await open_store(path)
        await store.close()
    async with aiosqlite.connect(path) as db:
        assert await schema_version(db) == LATEST


async def test_a_database_from_a_newer_totembot_is_refused_in_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "newer.sqlite3"
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {LATEST + 1}")

    with pytest.raises(StoreError) as refused:
        await open_store(path)

    assert str(refused.value) == (
        f"The database {path} has schema version {LATEST + 1}, newer than this totembot knows "
        f"({LATEST}): upgrade totembot."
    )
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == LATEST + 1
        assert db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
