"""The live page's server in this process, on a SQLite file: what it answers, what it refuses
and with which status, the addresses kept as hashes only, and the secrets it never sends."""

from __future__ import annotations

import asyncio
import gc
import json
import sqlite3
import weakref
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio

from totembot.games.registry import parse_setup, ruleset_of
from totembot.service import GameService, Recorded
from totembot.store import StoreError, open_store
from totembot.web import hub
from totembot.web.hub import Limits
from totembot.web.links import token_hash
from totembot.web.live import LivePages, start_for_bot
from totembot.web.view import change_fragment

TABLE = "table-1"
HOSTILE = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>']


@pytest_asyncio.fixture
async def live(tmp_path: Path) -> AsyncIterator[LivePages]:
    store = await open_store(str(tmp_path / "games.sqlite3"))
    service = GameService(store)
    pages = await start_for_bot(service, "127.0.0.1:0", None, Limits(per_address=3, per_game=5))
    try:
        yield pages
    finally:
        await pages.stop()
        await store.close()


@pytest_asyncio.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def service_of(live: LivePages) -> GameService:
    return live.server.hub.service


async def started(live: LivePages, setup: str, channel: str = TABLE) -> str:
    await service_of(live).start(channel, "host", parse_setup(setup))
    return await live.issue(channel)


async def record(live: LivePages, line: str, channel: str = TABLE) -> None:
    service = service_of(live)
    stored = await service.current(channel)
    assert stored is not None
    parsed = ruleset_of(stored.config.format).parse_line(line, stored.state)
    assert parsed is not None
    await service.record(channel, parsed.request_as(parsed.speaker, True), "host")


async def test_a_page_its_json_and_its_files_carry_the_security_headers(
    live: LivePages, http: aiohttp.ClientSession
) -> None:
    address = await started(live, "game totem players: Ann, Bob, Cid, Dee")
    for url in (address, f"{address}/table.json", f"{live.public_url}/static/page.js"):
        async with http.get(url) as response:
            assert response.status == 200, url
            csp = response.headers["Content-Security-Policy"]
            assert "default-src 'none'" in csp and "script-src 'self'" in csp
            assert "'unsafe-inline'" not in csp
            assert response.headers["X-Content-Type-Options"] == "nosniff"
            assert response.headers["Referrer-Policy"] == "no-referrer"
            assert response.headers["Server"] == "totembot"  # no versions
    async with http.get(address) as response:
        page = await response.text()
    assert "<script>" not in page.replace('<script src="../static/page.js" defer></script>', "")
    assert 'src="../static/page.js"' in page


async def test_a_wrong_a_reset_and_a_never_made_address_get_the_same_404(
    live: LivePages, http: aiohttp.ClientSession
) -> None:
    address = await started(live, "game totem players: Ann, Bob, Cid, Dee")
    token = address.rsplit("/", 1)[1]
    wrong = address[:-1] + ("A" if token[-1] != "A" else "B")
    answers = []
    for url in (wrong, f"{live.public_url}/t/x", f"{live.public_url}/", f"{wrong}/events"):
        async with http.get(url) as response:
            answers.append((response.status, await response.text()))
    assert await live.reset(TABLE) == 1
    for url in (address, f"{address}/table.json", f"{address}/events"):
        async with http.get(url) as response:
            answers.append((response.status, await response.text()))
    assert set(answers) == {(404, "There is no page here.\n")}


async def test_tokens_are_long_random_and_kept_only_as_hashes(
    live: LivePages, tmp_path: Path
) -> None:
    first = await started(live, "game totem players: Ann, Bob, Cid, Dee")
    second = await live.issue(TABLE)
    tokens = [address.rsplit("/", 1)[1] for address in (first, second)]
    assert tokens[0] != tokens[1] and all(len(token) >= 32 for token in tokens)  # 192 bits
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        rows = db.execute("SELECT token_hash, channel_id FROM web_links").fetchall()
        dump = "\n".join(db.iterdump())
    assert sorted(rows) == sorted((token_hash(token), TABLE) for token in tokens)
    assert not any(token in dump for token in tokens)


async def test_nothing_can_be_changed_and_bodies_and_long_addresses_are_refused(
    live: LivePages, http: aiohttp.ClientSession
) -> None:
    address = await started(live, "game totem players: Ann, Bob, Cid, Dee")
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        async with http.request(method, address) as response:
            assert response.status == 405, method
    async with http.get(address, data=b"x" * 2000) as response:
        assert response.status == 413
    async with http.get(f"{address}?{'a' * 600}") as response:
        assert response.status == 414
    async with http.get(f"{live.public_url}/static/") as response:
        assert response.status == 404  # no listing


async def test_streams_past_the_limits_per_address_and_per_game_get_429(
    live: LivePages, http: aiohttp.ClientSession
) -> None:
    address = await started(live, "game totem players: Ann, Bob, Cid, Dee")
    hub = live.server.hub
    opened = [await http.get(f"{address}/events") for _ in range(3)]
    try:
        assert all(response.status == 200 for response in opened)
        async with http.get(f"{address}/events") as refused:
            assert refused.status == 429
            assert "from your address" in await refused.text()
        hub.limits = Limits(per_address=10, per_game=3)
        async with http.get(f"{address}/events") as refused:
            assert refused.status == 429
            assert "This game has as many live viewers" in await refused.text()
    finally:
        for response in opened:
            response.close()
    await wait_until(lambda: hub.streams(TABLE) == 0)


async def test_every_stream_gets_every_change_in_order(
    live: LivePages, http: aiohttp.ClientSession
) -> None:
    address = await started(live, "game free-for-all players: Ann, Bob, Cid, Dee")
    streams = [await http.get(f"{address}/events") for _ in range(3)]
    try:
        firsts = [await next_event(response) for response in streams]
        assert all(first["version"] == 0 for first in firsts)
        for n in range(1, 8):
            await record(live, f"Ann: deal 1 to {'Bob' if n % 2 else 'Cid'}")
        for response in streams:
            seen: list[int] = []
            while not seen or seen[-1] < 7:
                message = await next_event(response)
                last = seen[-1] if seen else 0
                seen += [change["seq"] for change in message["changes"] if change["seq"] > last]
            assert seen == list(range(1, 8))
    finally:
        for response in streams:
            response.close()


async def test_a_totemic_strength_stays_on_the_server_until_both_are_in(
    live: LivePages, http: aiohttp.ClientSession
) -> None:
    await started(live, "game totemic players: Ann, Bob power: 26, 30", channel="duel")
    duel = await live.issue("duel")
    for line in ("Ann: challenge", "Bob: accept", "Ann: reveal 9"):
        await record(live, line, "duel")
    async with http.get(f"{duel}/table.json") as response:
        text = await response.text()
    assert json.loads(text)["state"]["challenge"]["revealed"] == {"Ann": "hidden"}
    assert "9" not in json.dumps(json.loads(text)["state"]["challenge"])
    assert "9" not in " ".join(change["text"] for change in json.loads(text)["changes"])
    await record(live, "Bob: reveal 7", "duel")
    async with http.get(f"{duel}/table.json") as response:
        after = await response.json()
    assert "9" in " ".join(change["text"] for change in after["changes"])


async def next_event(response: aiohttp.ClientResponse) -> dict[str, object]:
    """The next `table` event's data on a stream."""
    data = None
    while True:
        line = (await asyncio.wait_for(response.content.readline(), 10)).decode().rstrip("\n")
        if line.startswith("data: "):
            data = json.loads(line[6:])
        elif line == "" and data is not None:
            return data


async def wait_until(condition, timeout: float = 10) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


async def test_an_address_past_its_requests_a_minute_gets_429(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "paced.sqlite3"))
    service = GameService(store)
    pages = await start_for_bot(service, "127.0.0.1:0", None, Limits(per_minute=3))
    try:
        await service.start(TABLE, "host", parse_setup("game totem players: Ann, Bob, Cid"))
        address = await pages.issue(TABLE)
        async with aiohttp.ClientSession() as http:
            statuses = []
            for _ in range(4):
                async with http.get(f"{address}/table.json") as response:
                    statuses.append(response.status)
                    text = await response.text()
        assert statuses == [200, 200, 200, 429]
        assert text == "Too many requests from your address: wait a minute.\n"
    finally:
        await pages.stop()
        await store.close()


async def test_a_database_away_gets_503_in_one_sentence(
    live: LivePages, http: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    address = await started(live, "game totem players: Ann, Bob, Cid, Dee")

    async def away(_token_hash: str) -> str | None:
        raise StoreError("The database cannot be reached (gone): nothing was recorded.")

    monkeypatch.setattr(service_of(live).store, "link_channel", away)
    for url in (address, f"{address}/table.json", f"{address}/events"):
        async with http.get(url) as response:
            assert (response.status, await response.text()) == (
                503,
                "The game cannot be read right now: try again in a moment.\n",
            )


async def raw_answer(live: LivePages, request: bytes) -> str:
    """What the server writes back to bytes sent as they are, until it closes."""
    reader, writer = await asyncio.open_connection("127.0.0.1", live.server.port)
    try:
        writer.write(request)
        await writer.drain()
        return (await asyncio.wait_for(reader.read(), timeout=10)).decode("latin-1")
    finally:
        writer.close()


async def test_a_request_the_parser_refuses_names_no_version_and_logs_no_address(
    live: LivePages, caplog: pytest.LogCaptureFixture
) -> None:
    token = (await started(live, "game totem players: Ann, Bob, Cid, Dee")).rsplit("/", 1)[1]
    refused = [
        b"GARBAGE\r\n\r\n",
        b"GET /t/" + token.encode() + b"?" + b"A" * 3000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /t/" + token.encode() + b" HTTP/1.1\r\nX-Big: " + b"B" * 9000 + b"\r\n\r\n",
        b"GET /t/" + token.encode() + b" HTTP/1.1\r\nno colon here\r\n\r\n",
    ]
    with caplog.at_level("DEBUG"):
        answers = [await raw_answer(live, request) for request in refused]
    for answer in answers:
        head = answer.split("\r\n\r\n", 1)[0]
        assert head.split(" ", 2)[1] == "400", head  # HTTP/1.0 for an unreadable request line
        assert "\r\nServer: totembot" in head and "aiohttp" not in head and "Python" not in head
    logged = "\n".join(
        record.getMessage() + str(record.exc_info or "") for record in caplog.records
    )
    assert token not in logged and "AAAA" not in logged


async def test_a_stream_gets_every_change_of_a_burst(
    live: LivePages, http: aiohttp.ClientSession
) -> None:
    """The changes a burst gathers between two messages are read from the log: the stream
    still gets each one, in order (the full bench's 100 a game once missed some)."""
    address = await started(live, "game totem players: Ann, Bob, Cid, Dee life: 100000")
    burst = 150
    async with http.get(f"{address}/events") as stream:
        first = await next_event(stream)
        assert first["version"] == 0
        for _ in range(burst):  # within one throttle interval: one or two messages carry them
            await record(live, "Ann: deal 1 to Bob via left")
        seen: list[int] = []
        while not seen or seen[-1] < burst:
            message = await next_event(stream)
            seen += [int(change["seq"]) for change in message["changes"]]  # type: ignore[attr-defined,index]
    assert seen == list(range(1, burst + 1))


async def test_a_burst_gathered_for_the_next_message_keeps_no_recorded_change_alive(
    live: LivePages, http: aiohttp.ClientSession
) -> None:
    """The changes a busy game gathers are read from the log when their message is made, not
    kept in memory: kept (each with its whole state), they made the garbage collector run
    several times as often in a burst, and every request slower."""
    address = await started(live, "game totem players: Ann, Bob, Cid, Dee life: 1000")
    alive: list[weakref.ref[Recorded]] = []

    def watch(_channel: str, recorded: Recorded | None) -> None:
        if recorded is not None:
            alive.append(weakref.ref(recorded))

    service_of(live).on_change(watch)
    async with http.get(f"{address}/events") as stream:
        await next_event(stream)
        for _ in range(10):  # within one throttle interval: the first goes at once
            await record(live, "Ann: deal 1 to Bob via left")
        gc.collect()
        assert live.server.hub.busy()  # the gathered message is still to come
        assert sum(ref() is not None for ref in alive) <= 1
        seen: list[int] = []
        while not seen or seen[-1] < 10:
            message = await next_event(stream)
            seen += [int(change["seq"]) for change in message["changes"]]  # type: ignore[attr-defined,index]
    assert seen == list(range(1, 11))


@pytest.mark.parametrize(
    "text",
    [
        "Ann deals 3 to Bob.",
        'He said "hi"\n\tand left\\',
        "<script>alert(1)</script>",
        "Zoë 🐻 ♥ 17",
        "\u2028\x00",
    ],
)
def test_a_change_kept_as_text_is_the_json_of_the_change(text: str) -> None:
    """A change is kept as its JSON text and put into a message as it is: it must read back
    as the same change, whatever a name holds."""
    fragment = change_fragment(7, "2026-11-27T12:00:00.000+00:00", text)
    assert json.loads(fragment) == {"seq": 7, "at": "2026-11-27T12:00:00.000+00:00", "text": text}
    assert "\n" not in fragment  # one server-sent event's data line


async def test_a_write_that_never_drains_lets_its_stream_go_and_the_others_carry_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A connection open but not read (a large catch-up to a stuck phone) must not hold up the
    message's writes to every other viewer of the game."""
    monkeypatch.setattr(hub, "WRITE_WITHIN", 0.05)
    stuck, healthy = hub.Stream("table", "h", "1.1.1.1"), hub.Stream("table", "h", "2.2.2.2")
    written: list[bytes] = []

    async def never(_message: bytes) -> None:
        await asyncio.Event().wait()

    async def reads(message: bytes) -> None:
        written.append(message)

    await stuck.go_live(never, lambda: 0)
    await healthy.go_live(reads, lambda: 0)
    for stream in (stuck, healthy):
        await asyncio.wait_for(stream.send(b"news"), timeout=5)
    assert stuck.done.is_set() and not healthy.done.is_set()
    assert written == [b"news"]
