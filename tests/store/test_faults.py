"""The database failing under the service: a clear sentence, and no lost or half-written game.

Most faults here are SQLite's (a lock, a full disk); tests/store/test_postgres.py has
PostgreSQL's. The ended-game races run on both backends."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import TypeVar

import pytest

from tests.conftest import assert_every_game_rebuilds
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Request
from totembot.service import GameService, NoGame
from totembot.store import EventRecord, GameStore, StoreError, open_store
from totembot.store.sqlite import SqliteStore

SETUP = "game totem players: Ann, Bob, Cid"
ROOT = Path(__file__).resolve().parents[2]


def request(line: str) -> Request:
    parsed = parse_line(line)
    assert parsed is not None
    return parsed.request(host=True)


async def opened(path: Path) -> tuple[SqliteStore, GameService, int]:
    store = await SqliteStore.connect(path, busy_timeout_ms=100)
    return await started(store)


StoreT = TypeVar("StoreT", bound=GameStore)


async def started(store: StoreT) -> tuple[StoreT, GameService, int]:
    """The store with one game in which Ann dealt Bob 3."""
    service = GameService(store)
    game = await service.start("table", "host", parse_setup(SETUP))
    await service.record("table", request("Ann: deal 3 to Bob"), "tester")
    return store, service, game.id


async def assert_unchanged_then_recovers(store: GameStore, service: GameService, game: int) -> None:
    stored = await store.load(game)
    assert (stored.version, stored.state.pools[1].life) == (1, 17)
    assert len(await store.events(game)) == 1
    recorded = await service.record("table", request("Ann: deal 2 to Bob"), "tester")
    assert (recorded.version, recorded.state.pools[1].life) == (2, 15)
    assert await assert_every_game_rebuilds(store) == 1


async def test_a_database_locked_by_another_program_refuses_clearly_then_recovers(
    tmp_path: Path,
) -> None:
    store, service, game = await opened(tmp_path / "db.sqlite3")
    other = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="The database is busy .* nothing was recorded"):
            await service.record("table", request("Ann: deal 5 to Bob"), "tester")
    finally:
        other.execute("ROLLBACK")
        other.close()
    try:
        await assert_unchanged_then_recovers(store, service, game)
    finally:
        await store.close()


@pytest.mark.parametrize(
    ("pragma", "undo", "message"),
    [
        ("PRAGMA query_only = 1", "PRAGMA query_only = 0", "The database is read-only"),
        (
            "PRAGMA max_page_count = {pages}",
            "PRAGMA max_page_count = 1073741823",
            "The disk is full, so nothing was recorded",
        ),
    ],
    ids=["read-only", "out-of-space"],
)
async def test_a_read_only_or_full_database_refuses_clearly_then_recovers(
    tmp_path: Path, pragma: str, undo: str, message: str
) -> None:
    store, service, game = await opened(tmp_path / "db.sqlite3")
    db = store._appender  # fault injection: make the requests' connection's writes fail
    assert db is not None
    (pages,) = db.execute("PRAGMA page_count").fetchone()
    db.execute(pragma.format(pages=pages))
    try:
        with pytest.raises(StoreError, match=message):
            for amount in range(1, 200):  # until the last free page is used up
                await service.record("table", request(f"Bob: Ann gains {amount} via Cid-Ann"), "t")
                await service.record("table", request("undo"), "t")
    finally:
        db.execute(undo)
    try:
        stored = await store.load(game)
        assert await assert_every_game_rebuilds(store) == 1
        recorded = await service.record("table", request("next"), "tester")
        assert recorded.version == stored.version + 1
    finally:
        await store.close()


async def test_a_request_arriving_while_the_game_is_being_ended_is_refused_or_done_before(
    database: str | Path,
) -> None:
    store, service, game = await started(await open_store(database))
    try:
        results = await asyncio.gather(
            service.end("table"),
            service.record("table", request("Ann: deal 2 to Bob"), "tester"),
            return_exceptions=True,
        )
        assert not isinstance(results[0], BaseException)
        assert isinstance(results[1], NoGame)
        assert (await store.load(game)).status == "abandoned"
        assert len(await store.events(game)) == 1
    finally:
        await store.close()


async def test_the_database_itself_refuses_an_event_for_an_ended_game(
    database: str | Path,
) -> None:
    store, service, game = await started(await open_store(database))
    stale = await store.load(game)
    await service.end("table")
    record = EventRecord(2, "now", "tester", request("next"), [])
    try:
        with pytest.raises(StoreError, match="This game has been ended"):
            await store.append(game, stale.version, record, stale.state)
        assert len(await store.events(game)) == 1
    finally:
        await store.close()


def test_the_console_answers_a_locked_database_with_a_sentence_not_a_traceback(
    tmp_path: Path,
) -> None:
    db = tmp_path / "table.sqlite3"
    subprocess.run(
        [sys.executable, "-m", "totembot", "console", "--db", str(db)],
        input=f"{SETUP}\n",
        text=True,
        check=True,
        capture_output=True,
        cwd=ROOT,
    )
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        result = subprocess.run(
            [sys.executable, "-m", "totembot", "console", "--db", str(db), "--json"],
            input="Ann: deal 3 to Bob\n",
            text=True,
            capture_output=True,
            cwd=ROOT,
            timeout=60,
        )
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert "Traceback" not in result.stderr
    assert result.returncode in (0, 2)
    said = result.stdout + result.stderr
    assert "busy" in said


async def test_a_read_queued_before_a_write_never_makes_it_fail_at_once(tmp_path: Path) -> None:
    """A statement left open on the connection while a write runs makes SQLite refuse that
    write at once instead of waiting for another program's lock: reads finish in one step."""
    path = tmp_path / "games.sqlite3"
    store = await open_store(path)
    try:
        service = GameService(store)
        game = await service.start("chan", "host", parse_setup("game totem players: Ann, Bob, Cid"))
        other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        other.execute("BEGIN IMMEDIATE")
        asyncio.get_running_loop().call_later(0.3, other.execute, "ROLLBACK")
        parsed = parse_line("Ann: deal 3 to Bob via left")
        assert parsed is not None
        reads = [asyncio.create_task(store.events(game.id)) for _ in range(3)]
        write = asyncio.create_task(service.record("chan", parsed.request(host=False), "Ann"))
        reads += [asyncio.create_task(store.load(game.id)) for _ in range(3)]
        await asyncio.gather(*reads)
        recorded = await write
        other.close()
        assert recorded.version == 1
        assert (await store.load(game.id)).version == 1
    finally:
        await store.close()


@pytest.mark.parametrize("replaced", [False, True], ids=["deleted", "replaced-by-another-file"])
async def test_a_database_file_gone_while_open_is_refused_and_logged_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, replaced: bool
) -> None:
    """SQLite would go on writing into the open file, which nobody will open again: every
    write (a request, a lobby, a status message) is refused in one sentence, logged once."""
    path = tmp_path / "db.sqlite3"
    store, service, game = await opened(path)
    for leftover in tmp_path.iterdir():
        leftover.unlink()
    if replaced:  # another database put at the path: still not the file opened
        sqlite3.connect(path).close()
    try:
        with caplog.at_level("CRITICAL", logger="totembot.store.sqlite"):
            for amount in (2, 4):
                with pytest.raises(StoreError) as refused:
                    await service.record("table", request(f"Ann: deal {amount} to Bob"), "t")
                assert str(refused.value) == (
                    f"The database file {path} is no longer there (moved or deleted while "
                    "totembot ran), so nothing was recorded: put it back and restart totembot."
                )
            with pytest.raises(StoreError, match="is no longer there"):
                await store.set_status_message(game, "123", 1)
        assert [record.levelname for record in caplog.records] == ["CRITICAL"]
        stored = await store.load(game)  # reads go on from the open file
        assert (stored.version, stored.state.pools[1].life) == (1, 17)
    finally:
        await store.close()
