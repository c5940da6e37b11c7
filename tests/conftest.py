"""Shared helpers: a real SQLite file per test, and checks every stored game must pass."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from totembot.service import GameService, rebuild
from totembot.store import GameStore


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[GameStore]:
    opened = await GameStore.open(tmp_path / "games.sqlite3")
    yield opened
    await opened.close()


@pytest.fixture
def service(store: GameStore) -> GameService:
    return GameService(store)


async def assert_every_game_rebuilds(store: GameStore) -> int:
    """Replay each stored game from its events alone and compare with its snapshot."""
    game_ids = await store.game_ids()
    for game_id in game_ids:
        stored = await store.load(game_id)
        records = await store.events(game_id)
        assert [record.seq for record in records] == list(range(1, stored.version + 1))
        assert rebuild(stored, records) == stored.state, f"game {game_id}"
    return len(game_ids)
