"""Backups of a live database: `totembot backup`, and the copy kept before a migration."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import aiosqlite
import pytest

from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.service import GameService
from totembot.store import GameStore, StoreError, backup_database, open_store
from totembot.store.migrate import LATEST, migrate

ROOT = Path(__file__).resolve().parents[2]
SETUP = "game totem players: Ann, Bob, Cid"


async def stored_game(path: Path, *lines: str) -> tuple[GameStore, int]:
    store = await open_store(path)
    service = GameService(store)
    game = await service.start("chan-1", "host", parse_setup(SETUP), [])
    for line in lines:
        parsed = parse_line(line)
        assert parsed is not None
        await service.record("chan-1", parsed.request(host=True), "tester")
    return store, game.id


async def totals_in(path: Path) -> list[int]:
    store = await open_store(path)
    try:
        game = await store.load_current("chan-1")
        assert game is not None
        return [pool.life for pool in game.state.pools]
    finally:
        await store.close()


async def test_a_backup_taken_while_the_store_is_open_holds_every_commit(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    store, _game = await stored_game(live, "Ann: deal 3 to Bob", "Bob: deal 5 to Cid")
    try:
        # The commits are still in the -wal file: a plain copy of live.sqlite3 would miss them.
        assert (tmp_path / "live.sqlite3-wal").stat().st_size > 0
        report = backup_database(live, tmp_path / "copy.sqlite3")
    finally:
        await store.close()
    assert report.games == 1
    assert report.schema_version == LATEST
    assert sorted(p.name for p in tmp_path.glob("copy*")) == ["copy.sqlite3"]  # one whole file
    assert await totals_in(report.path) == await totals_in(live)
    assert await totals_in(report.path) != [20, 20, 20]


async def test_a_folder_gets_a_dated_file_and_an_existing_file_is_kept(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    store, _game = await stored_game(live)
    await store.close()
    folder = tmp_path / "backups"
    folder.mkdir()
    report = backup_database(live, folder)
    assert report.path.parent == folder
    assert report.path.name.startswith("totembot-") and report.path.suffix == ".sqlite3"
    with pytest.raises(StoreError, match="already exists: choose another name"):
        backup_database(live, report.path)
    assert backup_database(live, report.path, overwrite=True).games == 1
    assert not list(folder.glob("*.partial"))


def test_a_missing_database_is_refused_in_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="There is no database at .*nothing to back up"):
        backup_database(tmp_path / "absent.sqlite3", tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()


async def test_the_backup_command_copies_the_database_the_settings_name(tmp_path: Path) -> None:
    store, _game = await stored_game(tmp_path / "games.sqlite3", "Ann: deal 3 to Bob")
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TOTEMBOT_"))}
    try:
        result = subprocess.run(
            [sys.executable, "-m", "totembot", "backup", "nightly.sqlite3"],
            env={**clean, "PYTHONPATH": str(ROOT), "TOTEMBOT_DATABASE": "games.sqlite3"},
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        await store.close()
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        f"Backed up 1 game (schema version {LATEST}) to nightly.sqlite3."
    )
    assert await totals_in(tmp_path / "nightly.sqlite3") == [20, 17, 20]


async def test_an_upgrade_keeps_a_copy_of_the_database_from_before(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    config = parse_setup(SETUP)
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await migrate(db, up_to=1) == 1
        await db.execute(
            "INSERT INTO games (channel_id, host, format, options, created_at, snapshot) "
            "VALUES ('chan-1', 'host', 'totem', ?, '2026-01-01', '{}')",
            (config.model_dump_json(),),
        )
    store = await open_store(path)
    await store.close()
    kept = tmp_path / "old.sqlite3.v1.bak"
    assert store.opened.backup == kept
    assert (store.opened.version_before, store.opened.version) == (1, LATEST)
    with sqlite3.connect(kept) as copy:
        assert copy.execute("PRAGMA user_version").fetchone()[0] == 1
        assert copy.execute("SELECT channel_id FROM games").fetchall() == [("chan-1",)]
    again = await open_store(path)  # up to date now: no second copy
    await again.close()
    assert again.opened.backup is None
    assert sorted(p.name for p in tmp_path.glob("*.bak")) == ["old.sqlite3.v1.bak"]


async def test_a_new_database_needs_no_copy(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "new.sqlite3")
    await store.close()
    assert store.opened.backup is None
    assert store.opened.version_before == 0
    assert not list(tmp_path.glob("*.bak"))
