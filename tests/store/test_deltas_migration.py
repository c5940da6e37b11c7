"""Migration 0007: a database written the 0005 way (a snapshot with every event, triggers moving
the game) is upgraded in place, its copy kept: the events keep their changes only, the games
keep their current snapshot, every game rebuilds, and play goes on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite

from tests.conftest import assert_every_game_rebuilds
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Game, GameState, Request, new_game
from totembot.games.registry import ruleset_of
from totembot.service import GameService
from totembot.store import open_store
from totembot.store.migrate import LATEST, migrate

TOTEM = ruleset_of("totem")
SETUP = "game totem players: Ann, Bob, Cid"
PLAYED = {
    "chan-1": ["Ann: deal 3 to Bob", "next", "undo", "Bob: deal 2 to Cid"],
    "chan-2": ["Ann: win"],  # finished
}


def request(line: str) -> Request:
    parsed = parse_line(line)
    assert parsed is not None
    return parsed.request(host=True)


async def written_by_version_6(path: Path) -> dict[str, GameState]:
    """Games written as totembot did at schema 6: each INSERT carries the state after it."""
    config = parse_setup(SETUP)
    states: dict[str, GameState] = {}
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await migrate(db, up_to=6) == 6
        for channel, lines in PLAYED.items():
            game = Game(new_game(config))
            state = game.state
            cursor = await db.execute(
                "INSERT INTO games (channel_id, host, format, options, created_at, snapshot) "
                "VALUES (?, 'host', 'totem', ?, '2026-01-01', ?)",
                (channel, config.model_dump_json(), state.model_dump_json()),
            )
            game_id = cursor.lastrowid
            for seat, name in enumerate(config.players):
                await db.execute(
                    "INSERT INTO seats (game_id, seat, display_name) VALUES (?, ?, ?)",
                    (game_id, seat, name),
                )
            for seq, line in enumerate(lines, start=1):
                made = request(line)
                outcome = game.record(made)
                state = outcome.state
                await db.execute(
                    "INSERT INTO events (game_id, seq, recorded_at, recorded_by, request, "
                    "changes, snapshot, game_status) VALUES (?, ?, ?, 'old', ?, ?, ?, ?)",
                    (
                        game_id,
                        seq,
                        f"2026-01-01T00:0{seq}",
                        TOTEM.dump(made),
                        TOTEM.dump_events(outcome.events),
                        TOTEM.dump(state),
                        "finished" if state.finished else "active",
                    ),
                )
            states[channel] = state
    return states


async def test_a_version_6_database_keeps_changes_only_and_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    states = await written_by_version_6(path)
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT count(*) FROM events WHERE snapshot IS NOT NULL").fetchone() == (
            5,
        )

    store = await open_store(path)
    try:
        assert (store.opened.version_before, store.opened.version) == (6, LATEST)
        assert store.opened.backup == tmp_path / "games.sqlite3.v6.bak"
        for channel, state in states.items():
            stored = await store.load_current(channel)
            assert stored is not None and stored.state == state
        finished = await store.load_current("chan-2")
        assert finished is not None and finished.status == "finished"
        assert await assert_every_game_rebuilds(store) == 2
        recorded = await GameService(store).record("chan-1", request("Cid: deal 4 to Ann"), "t")
        assert recorded.version == 5
        assert await assert_every_game_rebuilds(store) == 2
    finally:
        await store.close()

    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT count(*) FROM events WHERE snapshot IS NOT NULL").fetchone() == (
            0,
        )
        triggers = raw.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall()
    assert triggers == [("events_refuse_snapshot",)]
    with sqlite3.connect(tmp_path / "games.sqlite3.v6.bak") as copy:
        assert copy.execute("PRAGMA user_version").fetchone() == (6,)
        assert copy.execute(
            "SELECT count(*) FROM events WHERE snapshot IS NOT NULL"
        ).fetchone() == (5,)


async def test_the_cleared_snapshots_give_their_space_back_after_a_vacuum(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await migrate(db, up_to=6)
        config = parse_setup(SETUP)
        big = new_game(config).model_dump_json()
        await db.execute(
            "INSERT INTO games (channel_id, host, format, options, created_at, snapshot) "
            "VALUES ('chan', 'host', 'totem', ?, 'then', ?)",
            (config.model_dump_json(), big),
        )
        await db.execute("BEGIN")
        await db.executemany(
            "INSERT INTO events (game_id, seq, recorded_at, recorded_by, request, changes, "
            "snapshot, game_status) VALUES (1, ?, 'then', 'old', '{}', '[]', ?, 'active')",
            [(seq, big) for seq in range(1, 400)],
        )
        await db.execute("COMMIT")
    await (await open_store(path)).close()  # migrated
    before = path.stat().st_size
    raw = sqlite3.connect(path)
    raw.execute("VACUUM")
    raw.close()  # the last connection: the WAL goes into the file
    empty = await vacuumed_empty_size(tmp_path / "empty.sqlite3")  # the schema's own pages
    assert path.stat().st_size - empty < (before - empty) / 4


async def vacuumed_empty_size(path: Path) -> int:
    """The size of a database with every table and index of the latest schema and no game."""
    await (await open_store(path)).close()
    raw = sqlite3.connect(path)
    raw.execute("VACUUM")
    raw.close()
    return path.stat().st_size
