"""The store's results for statistics: made once per finished game, made again when undo
reopens a game and it ends anew, read per server and per format, on each backend."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.conftest import tamper
from tests.test_ruleset_seam import record_lines
from totembot.games.registry import parse_setup
from totembot.service import GameService
from totembot.store import GameStore, Lobby, LobbyOptions, ResultRow, Seat, open_store

FFA = "game free-for-all players: Ann, Bob, Cid"
ANN_WINS = ["Ann: deal 20 to Bob", "Ann: deal 20 to Cid"]


async def _store(database: str | Path) -> tuple[GameStore, GameService]:
    store = await open_store(database)
    return store, GameService(store)


def _table(rows: list[ResultRow]) -> list[tuple[str, str, str | None]]:
    return [(row.name, row.outcome, row.way_out) for row in rows]


async def test_a_finished_game_has_one_row_per_seat_with_its_outcome(database: str | Path) -> None:
    store, service = await _store(database)
    try:
        await service.start("c1", "host", parse_setup(FFA), guild_id="g1")
        await record_lines(service, "c1", ANN_WINS)
        rows = await store.results()
        assert _table(rows) == [
            ("Ann", "win", None),
            ("Bob", "loss", "life"),
            ("Cid", "loss", "life"),
        ]
        assert {row.format for row in rows} == {"free-for-all"}
        assert {row.turns for row in rows} == {1}
        assert all(row.finished_at is not None for row in rows)
    finally:
        await store.close()


async def test_a_game_still_going_or_abandoned_is_not_counted(database: str | Path) -> None:
    store, service = await _store(database)
    try:
        await service.start("c1", "host", parse_setup(FFA))
        await record_lines(service, "c1", ANN_WINS[:1])
        assert await store.results() == []
        await service.end("c1")
        assert await store.results() == []
    finally:
        await store.close()


async def test_results_are_made_once_and_kept(database: str | Path) -> None:
    store, service = await _store(database)
    try:
        started = await service.start("c1", "host", parse_setup(FFA))
        await record_lines(service, "c1", ANN_WINS)
        first = await store.results()
        # Spoil the snapshot behind the store's back: kept results are not made again from it.
        await tamper(database, "UPDATE games SET snapshot = '{}' WHERE id = ?", started.id)
        assert await store.results() == first
    finally:
        await store.close()


async def test_undo_of_the_ending_takes_the_results_away_until_it_ends_again(
    database: str | Path,
) -> None:
    store, service = await _store(database)
    try:
        await service.start("c1", "host", parse_setup(FFA))
        await record_lines(service, "c1", ANN_WINS)
        assert ("Ann", "win", None) in _table(await store.results())
        await record_lines(service, "c1", ["undo"])
        assert await store.results() == []
        await record_lines(service, "c1", ["Cid: deal 20 to Ann"])
        assert _table(await store.results()) == [
            ("Ann", "loss", "life"),
            ("Bob", "loss", "life"),
            ("Cid", "win", None),
        ]
    finally:
        await store.close()


async def test_results_are_read_per_server_and_per_format(database: str | Path) -> None:
    store, service = await _store(database)
    try:
        await service.start("c1", "host", parse_setup(FFA), guild_id="g1")
        await record_lines(service, "c1", ANN_WINS)
        await service.start("c2", "host", parse_setup(FFA), guild_id="g2")
        await record_lines(service, "c2", ["Bob: deal 20 to Ann", "Bob: deal 20 to Cid"])
        await service.start("c3", "host", parse_setup("game totem players: Ann, Bob, Cid"))
        await record_lines(service, "c3", ["Ann: concede", "Bob: concede"])
        assert {row.game_id for row in await store.results()} == {1, 2, 3}
        assert {row.name for row in await store.results("g2") if row.outcome == "win"} == {"Bob"}
        assert {row.game_id for row in await store.results(game_format="totem")} == {3}
        assert await store.results("g1", "totem") == []
    finally:
        await store.close()


async def test_an_unreadable_finished_game_is_left_out_and_said_in_the_log_once(
    database: str | Path, caplog: pytest.LogCaptureFixture
) -> None:
    store, service = await _store(database)
    try:
        await service.start("c1", "host", parse_setup(FFA))
        await record_lines(service, "c1", ANN_WINS)
        await service.start("c2", "host", parse_setup(FFA))
        await record_lines(service, "c2", ANN_WINS)
        # As a database from before results were made at the end: both wait, one unreadable.
        await tamper(database, "DELETE FROM results")
        await tamper(database, "UPDATE games SET results_version = NULL")
        await tamper(database, "UPDATE games SET snapshot = '{}' WHERE id = 1")
        with caplog.at_level(logging.WARNING):
            await store.results()
            await store.backlog.wait()
            rows = await store.results()
            await store.backlog.wait()
        assert {row.game_id for row in rows} == {2}
        warning = "Game 1 cannot be read: it is left out of statistics."
        assert caplog.text.count(warning) == 1  # not again at each statistics asked for
        assert store.results_progress() is None  # nothing left waiting for it
    finally:
        await store.close()


async def test_a_game_and_its_log_are_read_at_one_version(database: str | Path) -> None:
    store, service = await _store(database)
    try:
        started = await service.start("c1", "host", parse_setup(FFA))
        await record_lines(service, "c1", ANN_WINS[:1] + ["undo"])
        game, log = await store.load_with_log(started.id)
        assert game.version == len(log) == 2
        assert [row.seq for row in log] == [1, 2]
    finally:
        await store.close()


async def test_decks_places_and_takers_are_kept_and_a_members_decks_are_offered(
    database: str | Path,
) -> None:
    """Each seat's place, the seat of who took them out and their deck, read back with the
    rows; a member's decks for autocomplete, the latest first, each once in any case."""
    store, service = await _store(database)
    seats = tuple(Seat(display_name=name, user_id=str(i)) for i, name in enumerate("ABC"))
    try:
        for channel, decks in (("c1", ["Ann: deck atraxa"]), ("c2", ["Ann: deck Atraxa"])):
            await service.start(channel, "host", parse_setup(FFA), seats=seats, guild_id="g1")
            await record_lines(service, channel, ["Bob: deck Kraum", *decks, *ANN_WINS])
        await service.start("c3", "host", parse_setup(FFA), seats=seats, guild_id="g2")
        await record_lines(service, "c3", ["Ann: deck Yuriko", *ANN_WINS])
        rows = [row for row in await store.results("g1") if row.game_id == 1]
        assert [(r.name, r.place, r.taken_by, r.deck) for r in rows] == [
            ("Ann", 1, None, "atraxa"),
            ("Bob", 3, 0, "Kraum"),  # out first, by Ann (seat 0)
            ("Cid", 2, 0, None),
        ]
        assert await store.deck_names("0", "g1") == ["Atraxa"]
        assert await store.deck_names("0") == ["Yuriko", "Atraxa"]
        assert await store.deck_names("2") == []
    finally:
        await store.close()


async def test_decks_named_in_a_lobby_are_kept_until_the_next_lobby(database: str | Path) -> None:
    store, _service = await _store(database)
    lobby = Lobby("c1", "101", LobbyOptions(), (), "2026-11-27T10:00:00+00:00", "g1", "9")
    try:
        await store.open_lobby(lobby)
        await store.set_lobby_deck("c1", "101", "Atraxa")
        await store.set_lobby_deck("c1", "101", "Tymna and Kraum")  # replaced
        await store.set_lobby_deck("c1", "102", "Yuriko")
        assert await store.lobby_decks("c1") == {"101": "Tymna and Kraum", "102": "Yuriko"}
        assert await store.lobby_decks("c2") == {}
        await store.open_lobby(lobby)
        assert await store.lobby_decks("c1") == {}
    finally:
        await store.close()
