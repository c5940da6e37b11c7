"""What only PostgreSQL does, on a real server (tests/postgres.py): its own migrations under an
advisory lock, one sentence for a server that cannot be used, a URL logged without its password,
and a stale write, an append to an ended game or a second game in a channel refused by the
database itself when two stores (two pools, as two processes) race. (The tests that ask for
`postgres_url` carry the `postgres` marker through conftest.py.)"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from tests.conftest import assert_every_game_rebuilds
from tests.postgres import Relay
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Game, Request, new_game
from totembot.service import GameService
from totembot.store import (
    ChannelBusy,
    EventRecord,
    NewGame,
    StaleState,
    StoreError,
    open_store,
)
from totembot.store.migrate import migrations
from totembot.store.postgres import LOST as LOST_ERRORS
from totembot.store.postgres import POOL_SIZE, PostgresStore, unreached, unsent
from totembot.store.postgres_schema import LATEST, PACKAGE

SETUP = "game totem players: Ann, Bob, Cid life: 1000"


def request(line: str) -> Request:
    parsed = parse_line(line)
    assert parsed is not None
    return parsed.request(host=True)


async def fetch(url: str, query: str) -> list[tuple[object, ...]]:
    """Rows read straight from the database, past the store."""
    connection = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await connection.fetch(query)]
    finally:
        await connection.close()


async def execute(url: str, statement: str) -> None:
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


def with_password(url: str, password: str = "hunter2") -> tuple[str, str]:
    """The URL with a password in it (the test server trusts local users, so any will do;
    a given server's own password is kept) and that password."""
    parts = urlsplit(url)
    if parts.password:
        return url, parts.password
    user, _, host = parts.netloc.rpartition("@")
    user = (user.split(":", 1)[0] or "postgres") if user else "postgres"
    return urlunsplit(parts._replace(netloc=f"{user}:{password}@{host}")), password


def one_sentence(message: str) -> None:
    assert "\n" not in message and message[0].isupper() and message.endswith(".")


# -- migrations ---------------------------------------------------------------------------


def test_postgres_migrations_are_numbered_from_one_in_order_each_number_once() -> None:
    numbers = [number for number, _sql in migrations(PACKAGE)]
    assert sorted(numbers) == list(range(1, len(numbers) + 1)) and max(numbers) == LATEST


async def test_a_fresh_database_gets_the_latest_schema_and_reopening_changes_nothing(
    postgres_url: str,
) -> None:
    first = await open_store(postgres_url)
    await first.close()
    assert (first.opened.version_before, first.opened.version) == (0, LATEST)
    applied = await fetch(postgres_url, "SELECT version FROM totembot_schema ORDER BY version")
    again = await open_store(postgres_url)
    await again.close()
    assert (again.opened.version_before, again.opened.version) == (LATEST, LATEST)
    assert applied == [(n,) for n, _sql in migrations(PACKAGE)]
    assert await fetch(postgres_url, "SELECT version FROM totembot_schema") == applied


async def test_stores_opening_a_new_database_at_once_all_succeed_and_migrate_it_once(
    postgres_url: str,
) -> None:
    stores = await asyncio.gather(*(open_store(postgres_url) for _ in range(4)))
    try:
        assert {store.opened.version for store in stores} == {LATEST}
        assert sum(store.opened.version_before == 0 for store in stores) >= 1
        game = await GameService(stores[0]).start("chan", "host", parse_setup(SETUP))
        assert (await stores[3].load(game.id)).channel_id == "chan"
    finally:
        for store in stores:
            await store.close()
    assert await fetch(postgres_url, "SELECT count(*), max(version) FROM totembot_schema") == [
        (len(migrations(PACKAGE)), LATEST)
    ]


async def test_a_database_from_a_newer_totembot_is_refused_in_one_sentence(
    postgres_url: str,
) -> None:
    await (await open_store(postgres_url)).close()
    await execute(postgres_url, f"INSERT INTO totembot_schema (version) VALUES ({LATEST + 1})")
    with pytest.raises(StoreError) as refused:
        await open_store(postgres_url)
    assert str(refused.value) == (
        f"The database has schema version {LATEST + 1}, newer than this totembot knows "
        f"({LATEST}): upgrade totembot."
    )


# -- a server that cannot be used ---------------------------------------------------------


async def test_an_unreachable_server_is_one_sentence_without_the_password() -> None:
    url = "postgresql://totembot:hunter2@127.0.0.1:1/games"
    with pytest.raises(StoreError) as refused:
        await open_store(url)
    message = str(refused.value)
    one_sentence(message)
    assert message.startswith(
        "The PostgreSQL database postgresql://totembot@127.0.0.1:1/games cannot be reached ("
    )
    assert "hunter2" not in message


@pytest.mark.parametrize("wrong", ["database", "user"])
async def test_a_wrong_database_or_user_is_one_sentence_naming_it(
    postgres_url: str, wrong: str
) -> None:
    parts = urlsplit(postgres_url)
    if wrong == "database":
        url = urlunsplit(parts._replace(path="/no_such_database"))
    else:
        url = urlunsplit(parts._replace(netloc=f"nobody@{parts.netloc.rpartition('@')[2]}"))
    with pytest.raises(StoreError) as refused:
        await open_store(url)
    message = str(refused.value)
    one_sentence(message)
    assert "cannot be reached" in message
    assert ('"no_such_database"' if wrong == "database" else '"nobody"') in message


async def test_the_opened_url_is_shown_without_its_password(postgres_url: str) -> None:
    url, password = with_password(postgres_url)
    store = await open_store(url)
    await store.close()
    assert password not in store.opened.path and password not in store.opened.where
    assert store.opened.path.startswith("postgresql://") and "@" in store.opened.path


TERMINATE_OTHERS = (
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
)


async def until_someone_waits_for_a_lock(admin: asyncpg.Connection) -> None:
    """Return once another connection to this database is blocked on a lock."""
    async with asyncio.timeout(30):
        while not await admin.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock'"
        ):
            await asyncio.sleep(0.01)


LOST = (
    "The connection to the database was lost, so this may not have been recorded: "
    "check the table before sending it again."
)
DROPPED = "The connection to the database was lost: nothing was recorded, please try again."
REFUSED = (
    "The database cannot be reached (Connection refused): nothing was recorded, please try again."
)


async def test_a_connection_cut_in_the_middle_of_a_request_is_one_sentence_then_it_works(
    postgres_url: str,
) -> None:
    store = await open_store(postgres_url)
    admin = await asyncpg.connect(postgres_url)
    try:
        service = GameService(store)
        game = await service.start("table", "host", parse_setup(SETUP))
        await service.record("table", request("Ann: deal 3 to Bob"), "tester")
        async with admin.transaction():  # the request waits for this lock, then is cut off
            await admin.execute("LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
            cut = asyncio.create_task(service.record("table", request("Ann: deal 2 to Bob"), "t"))
            await until_someone_waits_for_a_lock(admin)
            await admin.execute(TERMINATE_OTHERS)
        with pytest.raises(StoreError) as lost:
            await cut
        assert str(lost.value) == LOST
        assert (await store.load(game.id)).version == 1
        recorded = await service.record("table", request("Ann: deal 1 to Bob"), "tester")
        assert (recorded.version, recorded.state.pools[1].life) == (2, 996)
        assert await assert_every_game_rebuilds(store) == 1
    finally:
        await admin.close()
        await store.close()


async def test_connections_the_server_dropped_while_idle_cost_a_sentence_never_a_traceback(
    postgres_url: str,
) -> None:
    """Right after the server ends the store's idle sessions (a restart, an administrator), a
    request may still be handed a dead connection: the user reads one sentence, never a
    traceback ("nothing was recorded" when asyncpg saw the end before sending, "may not have
    been recorded" when the statement left first), each dead connection is dropped, and
    nothing is recorded twice or lost."""
    store = await open_store(postgres_url)
    admin = await asyncpg.connect(postgres_url)
    try:
        service = GameService(store)
        game = await service.start("table", "host", parse_setup(SETUP))
        recorded = 0
        for _ in range(10):
            await admin.execute(TERMINATE_OTHERS)
            for _attempt in range(POOL_SIZE + 1):  # at worst every pooled connection is dead
                try:
                    done = await service.record("table", request("next"), "tester")
                except StoreError as lost:  # handed before or after asyncpg saw the end
                    assert str(lost) in (DROPPED, LOST)
                    continue
                recorded += 1
                assert done.version == recorded
                break
            else:
                pytest.fail("the store never recovered from dropped connections")
        assert (await store.load(game.id)).version == recorded == 10
        assert await assert_every_game_rebuilds(store) == 1
    finally:
        await admin.close()
        await store.close()


async def until(condition: Callable[[], bool]) -> None:
    async with asyncio.timeout(30):
        while not condition():
            await asyncio.sleep(0.01)


async def test_a_server_cleanly_down_refuses_saying_nothing_was_recorded_then_it_works(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The server goes away (its sessions end, its port refuses): every request, write or read,
    is refused saying nothing was recorded, and nothing was, with nothing in the log (the bot
    logs each refusal once); once it is back, the next request works on the game as it was."""
    caplog.set_level(logging.INFO)
    relay = Relay(postgres_url)
    await relay.start()
    store = await open_store(relay.url)
    try:
        assert isinstance(store, PostgresStore)
        service = GameService(store)
        game = await service.start("table", "host", parse_setup(SETUP))
        await service.record("table", request("Ann: deal 3 to Bob"), "tester")
        await relay.stop()
        await until(lambda: store._pool.get_size() == 0)  # the store saw its sessions end
        attempts: list[Callable[[], Awaitable[object]]] = [
            lambda: service.record("table", request("Ann: deal 2 to Bob"), "tester"),
            lambda: service.start("other", "host", parse_setup(SETUP)),
            lambda: service.end("table"),
            lambda: store.load(game.id),
        ]
        for attempt in attempts:
            with pytest.raises(StoreError) as refused:
                await attempt()
            assert str(refused.value) == REFUSED
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
        await relay.start()
        assert (await store.load(game.id)).version == 1
        assert await store.current_id("other") is None
        recorded = await service.record("table", request("Ann: deal 1 to Bob"), "tester")
        assert (recorded.version, recorded.state.pools[1].life) == (2, 996)
        assert await assert_every_game_rebuilds(store) == 1
    finally:
        await store.close()
        await relay.stop()


async def test_a_connection_cut_inside_a_transaction_before_its_commit_recorded_nothing(
    postgres_url: str,
) -> None:
    """A new game is one transaction: cut before its COMMIT was sent, PostgreSQL rolls it
    back, so "nothing was recorded" is told, and is true."""
    store = await open_store(postgres_url)
    admin = await asyncpg.connect(postgres_url)
    try:
        service = GameService(store)
        assert await store.current_id("table") is None  # a connection in the pool
        async with admin.transaction():  # the game's first statement waits, then is cut off
            await admin.execute("LOCK TABLE lobbies IN ACCESS EXCLUSIVE MODE")
            cut = asyncio.create_task(service.start("table", "host", parse_setup(SETUP)))
            await until_someone_waits_for_a_lock(admin)
            await admin.execute(TERMINATE_OTHERS)
        with pytest.raises(StoreError) as lost:
            await cut
        assert str(lost.value) == DROPPED
        assert await fetch(postgres_url, "SELECT count(*) FROM games") == [(0,)]
        game = await service.start("table", "host", parse_setup(SETUP))
        assert game == await store.load(game.id)  # as stored, without reading it back
    finally:
        await admin.close()
        await store.close()


async def test_a_read_cut_in_the_middle_is_told_as_nothing_recorded(postgres_url: str) -> None:
    store = await open_store(postgres_url)
    try:
        with pytest.raises(StoreError) as lost:
            await store._all("SELECT pg_terminate_backend(pg_backend_pid())")
        assert str(lost.value) == DROPPED
    finally:
        await store.close()


async def test_only_what_asyncpg_refuses_to_send_counts_as_unsent(postgres_url: str) -> None:
    """The installed asyncpg's words, checked: a connection known closed refuses before
    sending; a session ended under a statement fails after it was sent."""
    closed = await asyncpg.connect(postgres_url)
    await closed.close()
    with pytest.raises(asyncpg.InterfaceError) as refused:
        await closed.execute("SELECT 1")
    assert unsent(refused.value)
    cut = await asyncpg.connect(postgres_url)
    with pytest.raises(LOST_ERRORS) as ended:
        await cut.execute("SELECT pg_terminate_backend(pg_backend_pid())")
    assert not unsent(ended.value)
    with pytest.raises(LOST_ERRORS) as after:
        await cut.execute("SELECT 1")
    assert unsent(after.value)


@pytest.mark.parametrize(
    ("error", "told"),
    [
        (
            ConnectionRefusedError(111, "Connect call failed ('10.0.0.5', 5432)"),
            "Connection refused",
        ),
        (socket.gaierror(-2, "Name or service not known"), "its host name cannot be resolved"),
        (TimeoutError(), "no answer in time"),
        (
            OSError("Multiple exceptions: [Errno 111] Connect call failed ('10.0.0.5', 5432)"),
            "the network failed",
        ),
        (
            asyncpg.CannotConnectNowError("the database system is shutting down"),
            "the database system is shutting down",
        ),
    ],
    ids=["refused", "no-such-host", "timeout", "several-addresses", "server-says"],
)
def test_why_a_server_cannot_be_reached_is_told_without_its_address(
    error: BaseException, told: str
) -> None:
    assert unreached(error) == told


async def test_a_server_set_to_commit_lazily_is_overridden_for_totembot(
    postgres_url: str,
) -> None:
    name = urlsplit(postgres_url).path.lstrip("/")
    await execute(postgres_url, f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    assert await fetch(postgres_url, "SHOW synchronous_commit") == [("off",)]
    store = await open_store(postgres_url)
    try:
        assert await store._all("SHOW synchronous_commit") == [("on",)]
    finally:
        await store.close()


# -- the database itself refuses what two stores race to write ----------------------------


async def two_stores(url: str) -> tuple[PostgresStore, PostgresStore]:
    first, second = await open_store(url), await open_store(url)
    assert isinstance(first, PostgresStore) and isinstance(second, PostgresStore)
    return first, second


async def test_two_stores_appending_at_one_version_at_once_one_wins_the_other_is_stale(
    postgres_url: str,
) -> None:
    first, second = await two_stores(postgres_url)
    try:
        game = await GameService(first).start("chan", "host", parse_setup(SETUP))
        shadow = Game(new_game(parse_setup(SETUP)))
        for version in range(20):
            lines = (f"Ann: deal {version + 1} to Bob", f"Cid: deal {version + 1} to Ann")
            attempts = []
            for store, line in zip((first, second), lines, strict=True):
                outcome = Game(shadow.state).record(request(line))
                record = EventRecord(version + 1, "now", line, request(line), outcome.events)
                attempts.append(store.append(game.id, version, record, outcome.state))
            outcomes = await asyncio.gather(*attempts, return_exceptions=True)
            assert sorted(type(outcome).__name__ for outcome in outcomes) == ["StaleState", "int"]
            [won] = [i for i, outcome in enumerate(outcomes) if outcome == version + 1]
            shadow.record(request(lines[won]))
            log = await first.events(game.id)
            assert [row.seq for row in log] == list(range(1, version + 2))
            assert log[-1].request == request(lines[won])
        assert (await second.load(game.id)).state == shadow.state
        assert await assert_every_game_rebuilds(first) == 1
    finally:
        await first.close()
        await second.close()


async def test_an_ended_game_refuses_an_append_from_another_store(postgres_url: str) -> None:
    first, second = await two_stores(postgres_url)
    try:
        game = await GameService(first).start("chan", "host", parse_setup(SETUP))
        stale = await second.load(game.id)
        await GameService(first).end("chan")
        record = EventRecord(1, "now", "tester", request("next"), [])
        with pytest.raises(StoreError, match="This game has been ended") as refused:
            await second.append(game.id, stale.version, record, stale.state)
        assert not isinstance(refused.value, StaleState)
        assert await first.events(game.id) == []
        assert (await first.load(game.id)).version == 0
    finally:
        await first.close()
        await second.close()


async def test_two_stores_starting_a_game_in_one_channel_at_once_one_is_busy(
    postgres_url: str,
) -> None:
    first, second = await two_stores(postgres_url)
    config = parse_setup(SETUP)
    try:
        for round_ in range(5):
            channel = f"chan-{round_}"
            new = NewGame(channel, "host", config, new_game(config), (), "now")
            outcomes = await asyncio.gather(
                first.create_game(new), second.create_game(new), return_exceptions=True
            )
            busy = [outcome for outcome in outcomes if isinstance(outcome, ChannelBusy)]
            assert len(busy) == 1, outcomes
            assert str(busy[0]) == "This channel already has a game: end it before a new one."
            rows = await first._all(
                "SELECT count(*) FROM games WHERE channel_id = ? AND status = 'active'", (channel,)
            )
            assert rows == [(1,)]
    finally:
        await first.close()
        await second.close()
