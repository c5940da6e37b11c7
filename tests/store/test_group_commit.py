"""Group commit on SQLite: appends that arrive together share one transaction, each answered
only after that transaction committed, and a refused one (stale, ended, a clash) changes nothing
while its neighbours commit. Nothing here sleeps for a time: a group is whatever was queued when
the writer ran, which asyncio makes deterministic for requests started together."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import tempfile
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import assert_every_game_rebuilds
from tests.depth import examples
from tests.property.test_rules_properties import SETTINGS, lines, setups
from tests.store.workers import Worker, assert_kept, sigkilled_after
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Game, Request, RuleViolation, apply, new_game
from totembot.service import GameService
from totembot.store import EventRecord, StaleState, StoredGame, StoreError, writer_thread
from totembot.store import sqlite as sqlite_store
from totembot.store.sqlite import SqliteStore

SETUP = "game totem players: Ann, Bob, Cid"


def request(line: str) -> Request:
    parsed = parse_line(line)
    assert parsed is not None
    return parsed.request(host=True)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.connect(tmp_path / "games.sqlite3")
    yield opened
    await opened.close()


async def started(service: GameService, count: int) -> list[StoredGame]:
    return [
        await service.start(f"table-{index}", "host", parse_setup(SETUP)) for index in range(count)
    ]


def appending(
    store: SqliteStore, game: StoredGame, expected_version: int, line: str = "Ann: deal 2 to Bob"
) -> asyncio.Task[int]:
    """An append started now (it queues for the group writer at its first step)."""
    made = request(line)
    state, events = apply(game.state, made)
    record = EventRecord(expected_version + 1, "now", "tester", made, events)
    return asyncio.create_task(store.append(game.id, expected_version, record, state))


async def answers(tasks: list[asyncio.Task[int]]) -> list[Any]:
    return list(await asyncio.gather(*tasks, return_exceptions=True))


def seqs_on_disk(path: Path, game_id: int) -> list[int]:
    """The game's events as another connection reads them from the file."""
    reader = sqlite3.connect(path)
    try:
        rows = reader.execute("SELECT seq FROM events WHERE game_id = ?", (game_id,)).fetchall()
    finally:
        reader.close()
    return [seq for (seq,) in rows]


def no_commit(action: int, arg1: str | None, *_: Any) -> int:
    """An authorizer that refuses COMMIT itself (fault injection)."""
    refused = action == sqlite3.SQLITE_TRANSACTION and arg1 == "COMMIT"
    return sqlite3.SQLITE_DENY if refused else sqlite3.SQLITE_OK


async def test_requests_on_many_games_at_once_commit_in_fewer_transactions_than_requests(
    store: SqliteStore,
) -> None:
    service = GameService(store)
    games = await started(service, 30)
    before = store.group_commits

    recorded = await asyncio.gather(
        *(
            service.record(game.channel_id, request(f"Ann: deal {index + 1} to Bob"), "tester")
            for index, game in enumerate(games)
        )
    )

    transactions = store.group_commits - before
    assert 1 <= transactions < len(games)
    assert [r.version for r in recorded] == [1] * len(games)
    for index, game in enumerate(games):
        stored = await store.load(game.id)
        assert stored.state.pools[1].life == 20 - (index + 1)
        assert [record.seq for record in await store.events(game.id)] == [1]
    assert await assert_every_game_rebuilds(store) == len(games)


async def test_a_stale_request_in_a_group_is_refused_alone_while_its_neighbours_commit(
    store: SqliteStore,
) -> None:
    games = await started(GameService(store), 3)
    before = store.group_commits

    results = await answers(
        [
            appending(store, games[0], 0),
            appending(store, games[1], 4),  # checked against a version the game never had
            appending(store, games[2], 0),
        ]
    )

    assert store.group_commits == before + 1  # one transaction for the three
    assert results[0] == 1 and results[2] == 1
    assert isinstance(results[1], StaleState)
    assert (await store.load(games[1].id)).version == 0
    assert await store.events(games[1].id) == []
    assert [len(await store.events(games[i].id)) for i in (0, 2)] == [1, 1]


async def test_two_requests_checked_against_the_same_version_in_one_group_the_second_is_stale(
    store: SqliteStore,
) -> None:
    (game,) = await started(GameService(store), 1)
    before = store.group_commits

    results = await answers(
        [appending(store, game, 0, "Ann: deal 2 to Bob"), appending(store, game, 0, "next")]
    )

    assert store.group_commits == before + 1
    assert results[0] == 1 and isinstance(results[1], StaleState)
    stored = await store.load(game.id)
    assert stored.version == 1 and stored.state.pools[1].life == 18
    assert [r.request for r in await store.events(game.id)] == [request("Ann: deal 2 to Bob")]


async def test_a_request_whose_event_clashes_leaves_its_game_unmoved_while_its_neighbours_commit(
    store: SqliteStore,
) -> None:
    """The event is inserted before the game's row moves: when the insert fails (a row at that
    seq already), nothing of that request was written, and only that request is refused."""
    games = await started(GameService(store), 3)
    await store.floor_commit(games[1].id, 1, "now")  # takes game 1's next seq
    before = store.group_commits

    results = await answers([appending(store, game, 0) for game in games])

    assert store.group_commits == before + 1
    assert results[0] == 1 and results[2] == 1
    assert isinstance(results[1], StaleState)
    clashed = await store.load(games[1].id)
    assert (clashed.version, clashed.state) == (0, games[1].state)
    assert (await store.load(games[0].id)).state.pools[1].life == 18


async def test_a_stale_request_on_a_game_ended_since_is_told_the_game_ended(
    store: SqliteStore,
) -> None:
    """Its event clashes with one recorded meanwhile, but what the player needs to hear is
    that the game was ended (as PostgreSQL says too), not to send it again."""
    (game,) = await started(GameService(store), 1)
    assert await appending(store, game, 0) == 1
    await store.abandon(game.id, "later")

    (result,) = await answers([appending(store, game, 0)])

    assert isinstance(result, StoreError) and not isinstance(result, StaleState)
    assert "This game has been ended" in str(result)
    assert [record.seq for record in await store.events(game.id)] == [1]


async def test_a_game_row_that_refuses_to_move_takes_its_event_back_alone(
    store: SqliteStore, tmp_path: Path
) -> None:
    """The event is in before the game's row moves: when the move fails as a constraint (here a
    trigger of another program's), that event is deleted again, and only that request's."""
    games = await started(GameService(store), 3)
    other = sqlite3.connect(tmp_path / "games.sqlite3", isolation_level=None)
    try:
        other.execute(
            "CREATE TRIGGER refuse_move BEFORE UPDATE OF version ON games "
            f"WHEN OLD.id = {games[1].id} BEGIN SELECT RAISE(ABORT, 'not this one'); END"
        )
    finally:
        other.close()

    results = await answers([appending(store, game, 0) for game in games])

    assert results[0] == 1 and results[2] == 1
    assert isinstance(results[1], StaleState)
    assert (await store.load(games[1].id)).version == 0
    assert await store.events(games[1].id) == []
    assert [len(await store.events(games[i].id)) for i in (0, 2)] == [1, 1]


async def test_an_ended_game_in_a_group_is_refused_alone(store: SqliteStore) -> None:
    service = GameService(store)
    games = await started(service, 3)
    await service.end(games[1].channel_id)

    results = await answers([appending(store, game, 0) for game in games])

    assert results[0] == 1 and results[2] == 1
    assert isinstance(results[1], StoreError) and not isinstance(results[1], StaleState)
    assert "This game has been ended" in str(results[1])
    assert await store.events(games[1].id) == []


async def test_an_append_with_nothing_else_to_do_commits_at_once_without_queueing(
    store: SqliteStore, tmp_path: Path
) -> None:
    """A request alone on the loop is a group of one: committed at once by its caller (no
    writer task, no turn waiting for one), and on disk when it is answered."""
    (game,) = await started(GameService(store), 1)
    before = store.group_commits

    assert await appending(store, game, 0) == 1

    assert store._writer is None  # never queued for the group writer
    assert store.group_commits == before + 1
    assert seqs_on_disk(tmp_path / "games.sqlite3", game.id) == [1]


async def test_an_append_committed_at_once_that_fails_keeps_nothing_and_says_so(
    store: SqliteStore,
) -> None:
    (game,) = await started(GameService(store), 1)

    assert store._appender is not None
    store._appender.set_authorizer(no_commit)  # fault injection: COMMIT itself fails
    try:
        (result,) = await answers([appending(store, game, 0)])
    finally:
        store._appender.set_authorizer(None)

    assert isinstance(result, StoreError) and "nothing was recorded" in str(result)
    assert store._writer is None  # refused in its own turn, not by the group writer
    assert (await store.load(game.id)).version == 0
    assert await store.events(game.id) == []
    assert await appending(store, game, 0) == 1


async def test_a_group_whose_commit_fails_answers_every_request_with_the_sentence_and_keeps_none(
    store: SqliteStore,
) -> None:
    games = await started(GameService(store), 4)

    assert store._appender is not None
    store._appender.set_authorizer(no_commit)  # fault injection: COMMIT itself fails
    before = store.group_commits
    try:
        results = await answers([appending(store, game, 0) for game in games])
    finally:
        store._appender.set_authorizer(None)

    assert store.group_commits == before
    for result in results:
        assert isinstance(result, StoreError) and not isinstance(result, StaleState)
        assert "nothing was recorded" in str(result)
    for game in games:
        assert (await store.load(game.id)).version == 0
        assert await store.events(game.id) == []
    assert await answers([appending(store, game, 0) for game in games]) == [1] * len(games)


async def test_a_group_failing_outside_sqlite_answers_every_request_and_the_writer_goes_on(
    store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any other failure of the group's transaction (rolled back on the connection's thread)
    is a storage sentence for each request, not a writer that dies and leaves them waiting."""
    games = await started(GameService(store), 3)

    def broken(_db: sqlite3.Connection, _rows: list[Any]) -> list[int]:
        raise RuntimeError("no such luck")

    monkeypatch.setattr(sqlite_store, "commit_group", broken)
    results = await answers([appending(store, game, 0) for game in games])
    monkeypatch.undo()

    for result in results:
        assert isinstance(result, StoreError)
        assert str(result) == (
            "The database could not be written (no such luck): nothing was recorded."
        )
    assert await answers([appending(store, game, 0) for game in games]) == [1] * len(games)


async def test_a_group_waits_for_another_programs_write_lock_while_the_loop_goes_on(
    tmp_path: Path,
) -> None:
    """Groups are written in the store's writer thread, so the loop never waits for another
    program's lock: while it is held the loop keeps turning (here it is the loop that lets the
    other program go), and the request then commits."""
    path = tmp_path / "games.sqlite3"
    store = await SqliteStore.connect(path, busy_timeout_ms=30_000)
    try:
        (game,) = await started(GameService(store), 1)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        task = appending(store, game, 0)
        for _ in range(20):
            await asyncio.sleep(0)
        assert not task.done()
        other.execute("COMMIT")
        other.close()

        assert await task == 1
        assert [record.seq for record in await store.events(game.id)] == [1]
    finally:
        await store.close()


async def test_the_wal_is_checkpointed_between_groups_so_it_stops_growing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The appender never checkpoints on the loop's thread; every CHECKPOINT_EVERY groups a
    worker thread does, and one in RESTART_EVERY holds the groups so that the WAL is started
    over, not grown. Each checkpoint is waited for before the next group: how soon a thread is
    scheduled is the machine's business (on a busy machine or in memory the groups outran it
    and the WAL grew past the bound); that groups go on meanwhile is the next test's."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 5)
    path = tmp_path / "games.sqlite3"
    store = await SqliteStore.connect(path)
    wal = Path(f"{path}-wal")
    lines = ["Ann: deal 1 to Bob via Bob-Cid", "Ann: Bob gains 1 via Bob-Cid"]  # never ends

    async def record(index: int) -> None:
        await service.record(game.channel_id, request(lines[index % 2]), "tester")
        if store._checkpoint is not None:
            await store._checkpoint

    try:
        service = GameService(store)
        (game,) = await started(service, 1)
        for index in range(30):
            await record(index)
        settled = wal.stat().st_size
        for index in range(150):
            await record(index)

        assert store.checkpoints >= 150 // 5 // 2
        assert wal.stat().st_size <= settled * 1.5  # 150 more groups unchecked: about 6x
        assert [r.seq for r in await store.events(game.id)] == list(range(1, 181))
    finally:
        await store.close()


async def test_requests_go_on_during_a_checkpoint_but_wait_for_one_that_restarts_the_wal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 2)
    monkeypatch.setattr(sqlite_store, "RESTART_EVERY", 2)  # the second checkpoint restarts
    running, release = threading.Event(), threading.Event()
    real = sqlite_store.checkpoint

    def held(db: sqlite3.Connection) -> bool:  # a checkpoint that takes as long as the test says
        running.set()
        release.wait(10)
        return real(db)

    monkeypatch.setattr(sqlite_store, "checkpoint", held)
    store = await SqliteStore.connect(tmp_path / "games.sqlite3")
    try:
        service = GameService(store)
        (game,) = await started(service, 1)
        lines = ["Ann: deal 1 to Bob via Bob-Cid", "Ann: Bob gains 1 via Bob-Cid"]  # never ends
        said = (lines[index % 2] for index in range(100))
        for _ in range(2):  # the second group starts the first checkpoint
            await service.record(game.channel_id, request(next(said)), "tester")
        assert await asyncio.to_thread(running.wait, 10)
        for _ in range(3):  # committed while that checkpoint runs
            await service.record(game.channel_id, request(next(said)), "tester")
        assert store._checkpoint is not None and not store._checkpoint.done()
        running.clear()
        release.set()
        await store._checkpoint
        release.clear()

        await service.record(game.channel_id, request(next(said)), "tester")  # the restart
        assert await asyncio.to_thread(running.wait, 10)
        waiting = asyncio.create_task(
            service.record(game.channel_id, request(next(said)), "tester")
        )
        for _ in range(20):
            await asyncio.sleep(0)
        assert not waiting.done()  # held for the checkpoint that restarts the WAL
        release.set()
        assert (await waiting).version == 7
        assert store.checkpoints == 2
    finally:
        release.set()
        await store.close()


async def test_no_checkpoint_starts_once_closing_has_begun(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that was waiting for the lock when close() began still commits, but starts no
    checkpoint that close() would no longer wait for (nor a connection left open after it)."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 1)
    store = await SqliteStore.connect(tmp_path / "games.sqlite3")
    (game,) = await started(GameService(store), 1)
    await store._write.acquire()
    floor = asyncio.create_task(store.floor_commit(game.id, 1, "now"))
    closing = asyncio.create_task(store.close())
    for _ in range(5):
        await asyncio.sleep(0)
    store._write.release()
    await floor
    await closing

    assert store._checkpoint is None and store._checkpointer is None
    assert seqs_on_disk(tmp_path / "games.sqlite3", game.id) == [1]


async def test_a_write_cancelled_while_it_begins_leaves_no_transaction_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """aiosqlite runs a statement even when its caller stopped waiting: a write cancelled
    during its BEGIN must still end that transaction, or the next group would find the
    database locked (here for the whole of a short busy timeout, then refused). The write
    is one the loop does not wait for briefly (as on a slow disk), so it can be cancelled."""
    monkeypatch.setattr(writer_thread, "BRIEF_WAIT", -1.0)
    store = await SqliteStore.connect(tmp_path / "games.sqlite3", busy_timeout_ms=300)
    try:
        (game,) = await started(GameService(store), 1)
        write = asyncio.create_task(store.set_status_message(game.id, "5", 0))
        await asyncio.sleep(0)  # it holds the write lock, its BEGIN queued on aiosqlite's thread
        write.cancel()
        with pytest.raises(asyncio.CancelledError):
            await write

        assert await appending(store, game, 0) == 1
    finally:
        await store.close()


async def test_a_database_private_to_each_connection_keeps_one_connection() -> None:
    """SQLite gives '' (like ':memory:') a database of its own to every connection: a second
    connection for the groups would write where the tables are not."""
    store = await SqliteStore.connect("")
    try:
        assert store._appender is None
        (game,) = await started(GameService(store), 1)
        assert await appending(store, game, 0) == 1
        assert [record.seq for record in await store.events(game.id)] == [1]
    finally:
        await store.close()


async def test_closing_commits_what_was_queued_and_answers_it_then_refuses_more(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite3"
    store = await SqliteStore.connect(path)
    games = await started(GameService(store), 5)
    tasks = [appending(store, game, 0) for game in games]
    await asyncio.sleep(0)  # one turn of the loop: every append is queued, none committed yet
    assert not any(task.done() for task in tasks)

    await store.close()

    assert [task.result() for task in tasks] == [1] * len(games)
    with pytest.raises(StoreError, match="has been closed"):
        await appending(store, games[0], 1)
    reopened = await SqliteStore.connect(path)
    try:
        assert [(await reopened.load(game.id)).version for game in games] == [1] * len(games)
    finally:
        await reopened.close()


async def test_closing_answers_requests_a_cancelled_writer_never_took(tmp_path: Path) -> None:
    store = await SqliteStore.connect(tmp_path / "games.sqlite3")
    games = await started(GameService(store), 2)
    async with store._write:  # the writer waits for its turn behind another write...
        tasks = [appending(store, game, 0) for game in games]
        await asyncio.sleep(0)
        assert store._writer is not None
        store._writer.cancel()  # ...and is cancelled there (the loop shutting down)
        await asyncio.wait([store._writer])

    await store.close()

    outcomes = await answers(tasks)
    assert all(isinstance(outcome, StoreError) for outcome in outcomes), outcomes
    assert all("has been closed" in str(outcome) for outcome in outcomes)


async def test_a_request_whose_caller_gave_up_before_its_group_is_not_written(
    store: SqliteStore,
) -> None:
    games = await started(GameService(store), 2)
    kept, dropped = appending(store, games[0], 0), appending(store, games[1], 0)
    await asyncio.sleep(0)  # both queued
    dropped.cancel()

    assert await kept == 1
    with pytest.raises(asyncio.CancelledError):
        await dropped
    assert await store.events(games[1].id) == []


async def test_events_keep_their_changes_and_the_game_row_the_one_current_snapshot(
    store: SqliteStore, tmp_path: Path
) -> None:
    service = GameService(store)
    (game,) = await started(service, 1)
    for line in ("Ann: deal 3 to Bob", "next", "undo", "Bob: deal 1 to Cid"):
        await service.record(game.channel_id, request(line), "tester")

    with sqlite3.connect(tmp_path / "games.sqlite3") as raw:
        snapshots = raw.execute("SELECT snapshot, game_status FROM events").fetchall()
        triggers = [
            row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        ]
    assert snapshots == [(None, None)] * 4
    assert triggers == ["events_refuse_snapshot"]
    assert await assert_every_game_rebuilds(store) == 1


def test_an_older_totembot_writing_a_snapshot_with_its_event_is_refused(tmp_path: Path) -> None:
    """Its triggers are gone: an event written the 0005 way would leave its game behind."""
    path = tmp_path / "games.sqlite3"

    async def one_game() -> int:
        store = await SqliteStore.connect(path)
        try:
            return (await GameService(store).start("chan", "host", parse_setup(SETUP))).id
        finally:
            await store.close()

    game_id = asyncio.run(one_game())
    with sqlite3.connect(path) as raw, pytest.raises(sqlite3.IntegrityError, match="newer"):
        raw.execute(
            "INSERT INTO events (game_id, seq, recorded_at, recorded_by, request, changes, "
            "snapshot, game_status) VALUES (?, 1, 'now', 'old', '{}', '[]', '{}', 'active')",
            (game_id,),
        )


async def test_refused_by_the_rules_in_a_burst_is_refused_alone(store: SqliteStore) -> None:
    """The rules refuse before the store is asked: the other channels' requests commit."""
    service = GameService(store)
    games = await started(service, 3)
    results = await asyncio.gather(
        service.record("table-0", request("Ann: deal 2 to Bob"), "t"),
        service.record("table-1", request("Ann: deal 2 to Zed"), "t"),
        service.record("table-2", request("Ann: deal 2 to Bob"), "t"),
        return_exceptions=True,
    )
    assert isinstance(results[1], RuleViolation)
    assert [(await store.load(game.id)).version for game in games] == [1, 0, 1]


# -- a process killed in the middle of groups ---------------------------------------------------

CONCURRENT_WORKER = Path(__file__).with_name("concurrent_worker.py")


@dataclass
class ConcurrentWorker(Worker):
    """concurrent_worker.py: every table at once; on SQLite it says how many transactions."""

    commits: list[int] = field(default_factory=list)
    script: ClassVar[Path] = CONCURRENT_WORKER

    def _take(self, line: str) -> None:
        if line.startswith("COMMITS "):
            self.commits.append(int(line.split()[1]))
        else:
            super()._take(line)


@pytest.mark.parametrize(("seed", "acks_before_kill"), [(1, 150), (2, 400)])
async def test_sigkill_amid_groups_keeps_every_acknowledged_request_and_nothing_half_written(
    database: str | Path, seed: int, acks_before_kill: int
) -> None:
    worker = await ConcurrentWorker.start(database, 25, seed)
    acks = await sigkilled_after(worker, acks_before_kill)
    if not str(database).startswith("postgresql"):  # SQLite: requests did share commits
        assert worker.commits and worker.commits[-1] < len(acks)

    await assert_kept(database, acks, 25)


# -- any requests on several channels at once ---------------------------------------------------

IN_MEMORY = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
CHANNELS = 4


async def burst(path: Path, data: st.DataObject) -> None:
    """Random lines on several channels, all sent at once: each channel's game ends as its lines
    played one by one would leave it (refusals included), whatever shared a commit."""
    store = await SqliteStore.connect(path)
    try:
        service = GameService(store)
        shadows: dict[str, Game] = {}
        said: list[tuple[str, Request, bool]] = []
        for index in range(CHANNELS):
            channel = f"chan-{index}"
            _line, config = data.draw(setups(most=5), label="setup")
            await service.start(channel, "host", config)
            shadows[channel] = Game(new_game(config))
        for _ in range(data.draw(st.integers(1, 30), label="requests")):
            channel = f"chan-{data.draw(st.integers(0, CHANNELS - 1), label='channel')}"
            line = data.draw(lines(shadows[channel].state), label="line")
            made = line.request()
            try:
                shadows[channel].record(made)
                accepted = True
            except RuleViolation:
                accepted = False
            said.append((channel, made, accepted))
        results = await asyncio.gather(
            *(service.record(channel, made, "t") for channel, made, _ in said),
            return_exceptions=True,
        )
        for (_channel, _made, accepted), result in zip(said, results, strict=True):
            assert accepted == (not isinstance(result, BaseException)), result
            assert not isinstance(result, StoreError)
        for channel, shadow in shadows.items():
            stored = await service.current(channel)
            assert stored is not None
            assert (await store.load(stored.id)).state == shadow.state
            accepted_here = [made for c, made, ok in said if c == channel and ok]
            assert [r.request for r in await store.events(stored.id)] == accepted_here
        assert await assert_every_game_rebuilds(store) == CHANNELS
    finally:
        await store.close()


@settings(SETTINGS, max_examples=examples(40))
@given(data=st.data())
def test_requests_sent_at_once_on_several_channels_end_as_if_played_one_by_one(
    data: st.DataObject,
) -> None:
    with tempfile.TemporaryDirectory(dir=IN_MEMORY) as folder:
        asyncio.run(burst(Path(folder) / "games.sqlite3", data))
