"""GameStore and GameService on each backend: a real SQLite file, a real PostgreSQL database."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.conftest import assert_every_game_rebuilds, tamper
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Request, RuleViolation
from totembot.service import GameService, NoGame
from totembot.store import (
    ChannelBusy,
    EventRecord,
    GameCorrupt,
    GameStore,
    Seat,
    StaleState,
    open_store,
)

SETUP = "game totem players: Ann, Bob, Cid"


def request(line: str) -> Request:
    parsed = parse_line(line)
    assert parsed is not None
    return parsed.request(host=True)


async def play(service: GameService, channel: str, *lines: str) -> None:
    for line in lines:
        await service.record(channel, request(line), "tester")


async def test_a_new_game_is_stored_with_its_seats_and_opening_snapshot(store: GameStore) -> None:
    service = GameService(store, clock=lambda: "2026-11-21T12:00:00.000+00:00")
    seats = [Seat("Ann", user_id="101"), Seat("Bob", user_id="102"), Seat("Cid", guest_name="Cid")]
    game = await service.start("chan-1", "101", parse_setup(SETUP), seats, guild_id="g-1")
    loaded = await store.load(game.id)
    assert (loaded.guild_id, loaded.channel_id, loaded.host) == ("g-1", "chan-1", "101")
    assert loaded.seats == tuple(seats)
    assert loaded.version == 0
    assert [pool.life for pool in loaded.state.pools] == [20, 20, 20]
    assert loaded.created_at == "2026-11-21T12:00:00.000+00:00"


async def test_a_channel_holds_one_active_game_at_a_time(service: GameService) -> None:
    await service.start("chan-1", "host", parse_setup(SETUP))
    with pytest.raises(ChannelBusy, match="already has a game"):
        await service.start("chan-1", "host", parse_setup(SETUP))
    other = await service.start("chan-2", "host", parse_setup(SETUP))
    assert other.channel_id == "chan-2"


async def test_an_accepted_request_is_committed_with_who_when_what_and_its_changes(
    store: GameStore,
) -> None:
    service = GameService(store, clock=lambda: "2026-11-21T12:00:01.000+00:00")
    game = await service.start("chan-1", "host", parse_setup(SETUP))
    recorded = await service.record("chan-1", request("Ann: deal 3 to Bob"), "user-101")
    assert recorded.version == 1
    [event] = await store.events(game.id)
    assert (event.seq, event.recorded_at, event.recorded_by) == (
        1,
        "2026-11-21T12:00:01.000+00:00",
        "user-101",
    )
    assert event.request == request("Ann: deal 3 to Bob")
    assert [change.kind for change in event.changes] == ["life"]
    assert (await store.load(game.id)).state.pools[1].life == 17


async def test_a_refused_request_writes_nothing(store: GameStore, service: GameService) -> None:
    game = await service.start("chan-1", "host", parse_setup(SETUP))
    with pytest.raises(RuleViolation, match="own totem"):
        await service.record("chan-1", request("Ann: deal 3 to Bob via Ann-Bob"), "tester")
    assert (await store.load(game.id)).version == 0
    assert await store.events(game.id) == []


async def test_a_request_without_a_game_in_the_channel_is_refused(service: GameService) -> None:
    with pytest.raises(NoGame, match="no game in this channel"):
        await service.record("empty", request("next"), "tester")


async def test_undo_reads_the_event_log_and_is_itself_logged(
    store: GameStore, service: GameService
) -> None:
    game = await service.start("chan-1", "host", parse_setup(SETUP))
    await play(service, "chan-1", "Ann: deal 3 to Bob", "Bob: deal 25 to Cid via Cid-Ann")
    assert (await store.load(game.id)).status == "finished"
    recorded = await service.record("chan-1", request("undo"), "tester")
    assert recorded.state.status == "active"
    assert [pool.life for pool in recorded.state.pools] == [20, 17, 20]
    loaded = await store.load(game.id)
    assert (loaded.status, loaded.version) == ("active", 3)
    assert await assert_every_game_rebuilds(store) == 1


async def test_a_finished_game_stays_stored_and_the_channel_can_start_another(
    store: GameStore, service: GameService
) -> None:
    first = await service.start("chan-1", "host", parse_setup(SETUP))
    await play(service, "chan-1", "Ann: win")
    second = await service.start("chan-1", "host", parse_setup(SETUP))
    assert (await store.load(first.id)).status == "finished"
    assert (await store.load(first.id)).state.winners == ("Ann",)
    assert (await service.current("chan-1")).id == second.id  # type: ignore[union-attr]


async def test_an_abandoned_game_is_kept_but_no_longer_current(
    store: GameStore, service: GameService
) -> None:
    game = await service.start("chan-1", "host", parse_setup(SETUP))
    await service.end("chan-1")
    assert (await store.load(game.id)).status == "abandoned"
    assert await service.current("chan-1") is None
    with pytest.raises(NoGame):
        await service.end("chan-1")


async def test_a_write_based_on_a_stale_version_is_refused_not_overwritten(
    database: str | Path,
) -> None:
    first, second = await open_store(database), await open_store(database)
    try:
        game = await GameService(first).start("chan-1", "host", parse_setup(SETUP))
        stale = await second.load(game.id)
        await GameService(first).record("chan-1", request("Ann: deal 3 to Bob"), "a")
        record = EventRecord(2, "now", "b", request("Ann: deal 5 to Bob"), [])
        with pytest.raises(StaleState, match="please send it again"):
            await second.append(game.id, stale.version, record, stale.state)
        reloaded = await first.load(game.id)
        assert (reloaded.version, reloaded.state.pools[1].life) == (1, 17)
    finally:
        await first.close()
        await second.close()


async def test_a_damaged_game_gives_a_clear_error_and_leaves_the_others_playable(
    database: str | Path,
) -> None:
    store = await open_store(database)
    service = GameService(store)
    broken = await service.start("broken", "host", parse_setup(SETUP))
    await service.start("fine", "host", parse_setup(SETUP))
    await tamper(database, "UPDATE games SET snapshot = '{not json' WHERE id = ?", broken.id)
    service = GameService(store)  # as after a restart: nothing is known yet
    try:
        with pytest.raises(GameCorrupt, match=f"Game {broken.id} cannot be read"):
            await service.record("broken", request("next"), "tester")
        recorded = await service.record("fine", request("Ann: deal 3 to Bob"), "tester")
        assert recorded.state.pools[1].life == 17
        fine = await service.current("fine")
        assert fine is not None and fine.version == 1
        # start-up lists stale games by id without reading them; each is then loaded alone
        assert set(await store.stale_status_games()) == {broken.id, fine.id}
    finally:
        await store.close()


async def test_a_damaged_event_log_refuses_undo_for_that_game_only(
    database: str | Path,
) -> None:
    store = await open_store(database)
    service = GameService(store)
    game = await service.start("chan-1", "host", parse_setup(SETUP))
    await play(service, "chan-1", "Ann: deal 3 to Bob")
    await tamper(database, "UPDATE events SET request = 'garbage' WHERE game_id = ?", game.id)
    try:
        with pytest.raises(GameCorrupt, match="history cannot be read"):
            await service.record("chan-1", request("undo"), "tester")
        recorded = await service.record("chan-1", request("next"), "tester")
        assert recorded.state.turn == 2
    finally:
        await store.close()


async def test_the_database_uses_wal_mode(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "wal.sqlite3")
    await store.close()
    with sqlite3.connect(tmp_path / "wal.sqlite3") as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_only_games_whose_status_message_is_behind_need_a_resync(
    store: GameStore, service: GameService
) -> None:
    shown = await service.start("shown", "host", parse_setup(SETUP))
    behind = await service.start("behind", "host", parse_setup(SETUP))
    never = await service.start("never", "host", parse_setup(SETUP))
    await store.set_status_message(shown.id, "111", 0)
    await store.set_status_message(behind.id, "222", 0)
    await play(service, "behind", "Ann: deal 3 to Bob")
    finished = await service.start("finished", "host", parse_setup(SETUP))
    await play(service, "finished", "Ann: win")
    assert await store.stale_status_games() == [behind.id, never.id]
    assert (await store.load(behind.id)).status_message_id == "222"
    assert finished.id not in await store.stale_status_games()
