"""A database written by version 0.1.0 (before the format seam) opens and plays on.

`fixtures/v0.1.0-totem.sqlite3` was written by `totembot console --db` at version 0.1.0 from
`examples/four-players.totem`; `fixtures/v0.1.0-totem.json` is what its `--json` printed.
Neither file may be regenerated: they pin what the old version stored. Today's JSON also has
the fields TABLE.md added to every Magic game (issue 28): they are checked to hold their empty
values and taken out before comparing, as the compatibility tests do (tests/compat/goldens.py,
`as_golden`).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from tests.compat.goldens import as_golden
from totembot.console.session import CONSOLE_CHANNEL
from totembot.games.magic.language.phrases import parse_line
from totembot.games.magic.render.state_json import state_json
from totembot.games.magic.rules import GameState, Request
from totembot.service import GameService, rebuild
from totembot.store import open_store

FIXTURES = Path(__file__).parent / "fixtures"
OLD_DB = FIXTURES / "v0.1.0-totem.sqlite3"
OLD_JSON = FIXTURES / "v0.1.0-totem.json"


def copied_database(tmp_path: Path) -> Path:
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(OLD_DB, path)
    return path


def raw_rows(path: Path) -> tuple[str, list[str], list[str]]:
    """The snapshot, requests and events exactly as 0.1.0 wrote them."""
    with sqlite3.connect(path) as db:
        snapshot = db.execute("SELECT snapshot FROM games").fetchone()[0]
        rows = db.execute("SELECT request, changes FROM events ORDER BY seq").fetchall()
    return snapshot, [row[0] for row in rows], [row[1] for row in rows]


def test_the_stored_snapshot_and_requests_of_0_1_0_still_validate(tmp_path: Path) -> None:
    snapshot, requests, _changes = raw_rows(copied_database(tmp_path))
    state = GameState.model_validate_json(snapshot)
    pinned = json.loads(OLD_JSON.read_text())
    assert as_golden(state_json(state, pinned["rejected"]), state.config.commander) == pinned
    parsed = [Request.model_validate_json(text) for text in requests]
    assert len(parsed) == 14
    assert {request.intent.kind for request in parsed} >= {"attack", "lock", "approve", "undo"}


async def test_a_0_1_0_database_loads_rebuilds_and_plays_on(tmp_path: Path) -> None:
    store = await open_store(copied_database(tmp_path))
    try:
        service = GameService(store)
        stored = await service.current(CONSOLE_CHANNEL)
        assert stored is not None
        pinned = json.loads(OLD_JSON.read_text())
        shown = state_json(stored.state, pinned["rejected"])
        assert as_golden(shown, stored.state.config.commander) == pinned
        assert rebuild(stored, await store.events(stored.id)) == stored.state
        line = parse_line("Bob: deal 3 to Ann")
        assert line is not None
        recorded = await service.record(CONSOLE_CHANNEL, line.request(host=True), "console")
        totems = {"-".join(t["seats"]): t["life"] for t in state_json(recorded.state)["totems"]}
        before = {"-".join(t["seats"]): t["life"] for t in pinned["totems"]}
        assert totems["Dan-Ann"] == before["Dan-Ann"] - 3
        stored = await service.current(CONSOLE_CHANNEL)
        assert stored is not None
        assert rebuild(stored, await store.events(stored.id)) == recorded.state
    finally:
        await store.close()
