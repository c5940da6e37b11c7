"""`totembot migrate-db --from SQLITE_PATH --to URL`, run as a person types it: a SQLite
database of many formats' games (finished, abandoned, a Totemic strength still secret, a lobby
open) copied into a real PostgreSQL, then read back through the store and the reports."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from tests.test_export import GAMES, exported, play
from totembot.games.registry import parse_setup
from totembot.reports.commands import stats_report
from totembot.service import GameService
from totembot.store import (
    GameStore,
    Lobby,
    LobbyOptions,
    Seat,
    StoreError,
    backup_database,
    open_store,
)
from totembot.store import copy as copying
from totembot.store.postgres_schema import shown_url

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[1]
OLD_DB = ROOT / "tests" / "store" / "fixtures" / "v0.1.0-totem.sqlite3"
SECRET = "game totemic players: Ann, Bob power: 26, 30\nAnn: challenge\nBob: accept\nAnn: reveal 9"


# --- the source database --------------------------------------------------------------------


async def fill(path: Path) -> dict[str, Any]:
    """Many formats' games in two servers, one abandoned, one with a secret strength, a game
    with a status message, and a lobby still open; returns what the copy must count."""
    store = await open_store(path)
    service = GameService(store)
    try:
        for index, name in enumerate(GAMES):
            played = await play(service, f"table-{index}", GAMES[name])
            await store.set_status_message(played.game_id, f"9{index}", index)
        await play(service, "secret", SECRET)
        abandoned = await service.start("quit", "host", parse_setup("game totem players: A, B, C"))
        await service.end("quit")
        seats = (Seat("Ann Arbor", user_id="11"), Seat("Zoë", guest_name="Zoë"))
        await store.open_lobby(
            Lobby("lobby-1", "11", LobbyOptions(format="teams", life=30), seats, "2026-01-02", "7")
        )
        await store.add_link("a" * 64, "table-0", "2026-01-02T00:00:00.000+00:00")  # a live page
        ids = await store.game_ids()
        events = [len(await store.events(game_id)) for game_id in ids]
        statuses = {(await store.load(game_id)).status for game_id in ids}
        assert {"finished", "abandoned", "active"} <= statuses
        return {"games": len(ids), "events": sum(events), "abandoned": abandoned.id}
    finally:
        await store.close()


def migrate_db(source: Path | str, target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "totembot", "migrate-db", "--from", str(source), "--to", target],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


async def raw_games(store: GameStore) -> list[tuple[Any, ...]]:
    """Every games column the copy keeps (load() leaves some out)."""
    columns = ", ".join(copying.TABLES[0].columns)
    return await store._all(f"SELECT {columns} FROM games ORDER BY id")


async def counts(url: str) -> dict[str, int]:
    connection = await asyncpg.connect(url)
    try:
        if not await connection.fetchval("SELECT to_regclass('games') IS NOT NULL"):
            return {}
        return {
            table: await connection.fetchval(f"SELECT count(*) FROM {table}")
            for table in ("games", "seats", "events", "lobbies", "results")
        }
    finally:
        await connection.close()


# --- the copy -------------------------------------------------------------------------------


async def test_every_game_event_and_lobby_reads_back_the_same_from_postgresql(
    tmp_path: Path, postgres_url: str
) -> None:
    source = tmp_path / "games.sqlite3"
    made = await fill(source)
    before = await _stats(source)  # statistics made (and kept) in SQLite first

    done = migrate_db(source, postgres_url)

    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout == (
        f"Copied {made['games']} games, {made['events']} events and 1 lobby from {source} to "
        f"{shown_url(postgres_url)}.\n"
    )
    sqlite, postgres = await open_store(source), await open_store(postgres_url)
    try:
        ids = await sqlite.game_ids()
        assert await postgres.game_ids() == ids
        for game_id in ids:
            assert await postgres.load(game_id) == await sqlite.load(game_id), game_id
            assert await postgres.events(game_id) == await sqlite.events(game_id), game_id
            assert await exported(postgres, game_id) == await exported(sqlite, game_id)
        assert await raw_games(postgres) == await raw_games(sqlite)
        assert await postgres.load_lobby("lobby-1") == await sqlite.load_lobby("lobby-1")
        assert await postgres.link_channel("a" * 64) == "table-0"  # its address still works
        assert await postgres.stale_status_games() == await sqlite.stale_status_games()
        assert await stats_report(postgres, None, True) == before
        assert await postgres.current_id("quit") is None  # still abandoned

        fresh = await GameService(postgres).start("new", "h", parse_setup("game ffa players: A, B"))
        assert fresh.id == max(ids) + 1
    finally:
        await sqlite.close()
        await postgres.close()


async def _stats(database: str | Path) -> str:
    store = await open_store(database)
    try:
        return await stats_report(store, None, True)
    finally:
        await store.close()


async def test_the_secret_strength_stays_secret_but_kept(tmp_path: Path, postgres_url: str) -> None:
    source = tmp_path / "secret.sqlite3"
    store = await open_store(source)
    played = await play(GameService(store), "secret", SECRET)
    original = await store.load(played.game_id)
    await store.close()

    assert migrate_db(source, postgres_url).returncode == 0

    copied = await open_store(postgres_url)
    try:
        game = await copied.load(played.game_id)
        assert game.state == original.state
        challenge = getattr(game.state, "challenge", None)
        assert challenge is not None and challenge.strength_of("Ann") == 9  # Bob's awaited
        assert challenge.strength_of("Bob") is None
    finally:
        await copied.close()


async def test_an_old_sqlite_file_is_upgraded_first_keeping_its_copy(
    tmp_path: Path, postgres_url: str
) -> None:
    source = tmp_path / "old.sqlite3"
    shutil.copyfile(OLD_DB, source)

    done = migrate_db(source, postgres_url)

    assert done.returncode == 0, done.stderr
    assert "Copied 1 game, 14 events and 0 lobbies" in done.stdout
    assert f"{source} was upgraded from schema 5 to" in done.stderr
    assert (tmp_path / "old.sqlite3.v5.bak").is_file()
    store = await open_store(postgres_url)
    try:
        assert len(await store.events(1)) == 14
    finally:
        await store.close()


async def test_a_current_sqlite_file_is_only_read(tmp_path: Path, postgres_url: str) -> None:
    """A backup (one file, not in WAL mode) stays byte for byte as it was, with nothing beside."""
    await fill(tmp_path / "live.sqlite3")
    source = tmp_path / "backup.sqlite3"
    backup_database(tmp_path / "live.sqlite3", source)
    before = source.read_bytes()

    done = migrate_db(source, postgres_url)

    assert done.returncode == 0, done.stderr
    assert source.read_bytes() == before
    assert sorted(path.name for path in tmp_path.glob("backup.sqlite3*")) == ["backup.sqlite3"]


async def test_every_postgresql_column_is_copied_but_the_statistics_cache(
    postgres_url: str,
) -> None:
    """A later migration adding a column must say here whether migrate-db copies it."""
    store = await open_store(postgres_url)
    await store.close()
    connection = await asyncpg.connect(postgres_url)
    try:
        rows = await connection.fetch(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = 'public'"
        )
    finally:
        await connection.close()
    found: dict[str, set[str]] = {}
    for row in rows:
        found.setdefault(row[0], set()).add(row[1])
    for table in copying.TABLES:
        left_out = set(copying.LEFT_FOR_STATISTICS) if table.name == "games" else set()
        assert found[table.name] == set(table.columns) | left_out, table.name
    # results and placings: statistics' and ratings', made again after a copy; lobby_decks: the
    # decks named in lobbies not started yet, not copied (docs/decisions.md)
    caches = {"results", "placings", "lobby_decks"}
    assert set(found) - {table.name for table in copying.TABLES} == caches | {"totembot_schema"}


# --- refusals: one sentence, exit 2, nothing written ----------------------------------------


async def test_a_target_that_holds_games_is_refused_and_kept(
    tmp_path: Path, postgres_url: str
) -> None:
    source = tmp_path / "games.sqlite3"
    await fill(source)
    assert migrate_db(source, postgres_url).returncode == 0
    held = await counts(postgres_url)

    again = migrate_db(source, postgres_url)

    assert again.returncode == 2
    assert again.stdout == ""
    assert again.stderr.count("\n") == 1
    assert f"already holds {held['games']} games and 1 lobby" in again.stderr
    assert "createdb" in again.stderr
    assert await counts(postgres_url) == held


@pytest.mark.parametrize("source", ["missing", "text", "other sqlite", "newer"])
async def test_a_source_that_is_no_totembot_database_is_refused_writing_nothing(
    tmp_path: Path, postgres_url: str, source: str
) -> None:
    path = tmp_path / "source.sqlite3"
    if source == "text":
        path.write_text("not a database\n" * 100)
    elif source == "other sqlite":
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE notes (body TEXT)")
    elif source == "newer":
        await fill(path)
        with sqlite3.connect(path) as db:
            db.execute("PRAGMA user_version = 999")
    before = path.read_bytes() if path.exists() else None

    done = migrate_db(path, postgres_url)

    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("totembot: ") and done.stderr.count("\n") == 1
    expected = {
        "missing": f"There is no SQLite database file at {path}: give its path with --from.",
        "text": "is not a totembot database",
        "other sqlite": "is not a totembot database (it has no games table)",
        "newer": "has schema version 999, newer than this totembot knows",
    }[source]
    assert expected in done.stderr
    assert await counts(postgres_url) == {}  # not even the schema
    assert (path.read_bytes() if path.exists() else None) == before


@pytest.mark.parametrize("target", ["copy.sqlite3", "mysql://u@host/db"])
async def test_a_target_that_is_not_a_postgresql_url_is_refused(
    tmp_path: Path, target: str
) -> None:
    source = tmp_path / "games.sqlite3"
    await fill(source)

    done = migrate_db(source, target)

    assert done.returncode == 2
    assert "--to must be a postgresql:// URL" in done.stderr
    assert not (Path.cwd() / "copy.sqlite3").exists()


async def test_the_password_is_never_printed(tmp_path: Path, postgres_url: str) -> None:
    """The server trusts local connections, so the password given is not even checked."""
    parts = urlsplit(postgres_url)
    with_password = urlunsplit(parts._replace(netloc="postgres:hunter2@"))
    await fill(tmp_path / "games.sqlite3")

    done = migrate_db(tmp_path / "games.sqlite3", with_password)
    unreachable = migrate_db(tmp_path / "games.sqlite3", "postgresql://ann:hunter2@127.0.0.1:9/x")

    assert done.returncode == 0, done.stderr
    assert "to postgresql://postgres@/" in done.stdout
    assert unreachable.returncode == 2 and "cannot be reached" in unreachable.stderr
    for output in (done.stdout, done.stderr, unreachable.stdout, unreachable.stderr):
        assert "hunter2" not in output


async def test_a_copy_that_reads_back_differently_is_rolled_back(
    tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "games.sqlite3"
    await fill(source)
    real = copying._read_back

    async def one_row_off(connection: asyncpg.Connection, table: copying.Table) -> str:
        digest = await real(connection, table)
        return digest + "x" if table.name == "events" else digest

    monkeypatch.setattr(copying, "_read_back", one_row_off)

    with pytest.raises(StoreError, match="copy of the events table .* did not match"):
        await copying.copy_to_postgres(str(source), postgres_url)
    assert (await counts(postgres_url))["games"] == 0


async def test_every_sqlite_column_is_copied_but_the_statistics_cache_and_event_snapshots(
    tmp_path: Path,
) -> None:
    """A later SQLite migration adding a column must say here whether migrate-db copies it."""
    path = tmp_path / "fresh.sqlite3"
    store = await open_store(path)
    await store.close()
    with closing(sqlite3.connect(path)) as db:
        found = {
            table.name: {row[1] for row in db.execute(f"PRAGMA table_info({table.name})")}
            for table in copying.TABLES
        }
    for table in copying.TABLES:
        left_out = found[table.name] - set(table.columns)
        assert set(table.columns) <= found[table.name], table.name
        if table.name == "games":
            assert left_out == set(copying.LEFT_FOR_STATISTICS)
        elif table.name == "events":  # the per-event snapshots PostgreSQL does not keep
            assert left_out <= {"snapshot", "game_status"}
        else:
            assert left_out == set(), table.name
