"""Random request lines through a real GameService on each backend (a real SQLite file, a fresh
PostgreSQL database per example): every stored game rebuilds from its events alone, and a
refused request writes nothing."""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from tests.conftest import assert_every_game_rebuilds
from tests.depth import examples
from tests.postgres import TestServer
from tests.property.test_rules_properties import SETTINGS, lines, setups
from totembot.games.magic.language.phrases import parse_line
from totembot.games.magic.rules import Config, Game, RuleViolation, new_game
from totembot.service import GameService, NoGame, rebuild
from totembot.store import StoreError, open_store

CHANNELS = ("chan-1", "chan-2")
# The store commits with synchronous = FULL, and waiting for the disk at every commit was most
# of this test's time: its files go to memory (/dev/shm) where there is one. This test checks
# what is stored and read back, not how durably, and SQLite runs the same code either way.
# PostgreSQL runs the same service over another backend: fewer examples (a fresh database each).
POSTGRES_EXAMPLES = 20
IN_MEMORY = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None


class Table:
    """One channel as the test sees it: its game in the database and the same game in memory."""

    def __init__(self, game_id: int, config: Config) -> None:
        self.game_id = game_id
        self.shadow = Game(new_game(config))


async def start(service: GameService, channel: str, config: Config) -> Table:
    stored = await service.start(channel, "host", config)
    assert stored.version == 0 and stored.state == new_game(config)
    return Table(stored.id, config)


async def play(database: str | Path, data: st.DataObject) -> int:
    store = await open_store(database)
    try:
        service = GameService(store)
        tables: dict[str, Table] = {}
        for channel in CHANNELS:
            _line, config = data.draw(setups(most=5), label="setup")
            tables[channel] = await start(service, channel, config)
        for _ in range(data.draw(st.integers(1, 40), label="length")):
            channel = data.draw(st.sampled_from(CHANNELS), label="channel")
            table = tables[channel]
            step = data.draw(st.integers(0, 19), label="step")
            if step == 0:  # another process: the service's cache starts cold
                service = GameService(store)
                continue
            if step == 1:  # the database closed and opened again
                await store.close()
                store = await open_store(database)
                service = GameService(store)
                continue
            if step == 2 and table.shadow.state.finished:  # a new game once one is over
                _line, config = data.draw(setups(most=5), label="next setup")
                tables[channel] = await start(service, channel, config)
                event("a second game in a channel")
                continue
            before = await store.load(table.game_id)
            events_before = await store.events(table.game_id)
            assert before.state == table.shadow.state
            line = data.draw(lines(before.state), label="line")
            try:
                parsed = parse_line(line.text)
            except RuleViolation:
                request = line.request()  # a request no line could say: straight to the service
            else:
                assert parsed is not None
                request = parsed.request(host=True)
            try:
                expected = table.shadow.record(request)
            except RuleViolation:
                expected = None
            try:
                recorded = await service.record(channel, request, "tester")
            except (RuleViolation, StoreError) as refused:
                assert not isinstance(refused, NoGame)
                assert expected is None, f"{line.text!r} was refused: {refused}"
                after = await store.load(table.game_id)
                assert after.version == before.version and after.state == before.state
                assert await store.events(table.game_id) == events_before, "a refusal wrote"
                continue
            assert expected is not None, f"{line.text!r} was accepted by the service only"
            assert recorded.game_id == table.game_id
            assert recorded.state == expected.state == table.shadow.state
            after = await store.load(table.game_id)
            assert (after.version, after.state) == (before.version + 1, recorded.state)
            assert after.status == ("finished" if recorded.state.finished else "active")
            records = await store.events(table.game_id)
            assert records[:-1] == events_before
            assert (records[-1].seq, records[-1].request) == (recorded.version, request)
            assert rebuild(after, records) == after.state
            event(f"accepted: {request.intent.kind}")
        return await assert_every_game_rebuilds(store)
    finally:
        await store.close()


@settings(SETTINGS, max_examples=examples(50))
@given(data=st.data())
def test_every_stored_game_rebuilds_from_its_events_and_refusals_write_nothing(data) -> None:
    with tempfile.TemporaryDirectory(dir=IN_MEMORY) as folder:
        games = asyncio.run(play(Path(folder) / "games.sqlite3", data))
    assert games >= len(CHANNELS)


@pytest.mark.postgres
@settings(SETTINGS, max_examples=examples(POSTGRES_EXAMPLES))
@given(data=st.data())
def test_on_postgresql_every_stored_game_rebuilds_and_refusals_write_nothing(
    postgres_server: TestServer, data: st.DataObject
) -> None:
    async def on_a_fresh_database() -> int:
        async with postgres_server.database() as url:
            return await play(url, data)

    assert asyncio.run(on_a_fresh_database()) >= len(CHANNELS)
