"""A process killed with SIGKILL mid-burst loses nothing it acknowledged and half-writes nothing,
on each backend (the worker takes a SQLite path or a PostgreSQL URL)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import assert_every_game_rebuilds
from tests.store.workers import Worker, assert_acks_stored
from totembot.store import GameStore


@pytest.mark.parametrize(("seed", "acks_before_kill"), [(1, 60), (2, 150), (3, 333)])
async def test_sigkill_mid_burst_keeps_every_acknowledged_request_and_nothing_half_written(
    database: str | Path, seed: int, acks_before_kill: int
) -> None:
    worker = await Worker.start(database, 20, seed)
    try:
        await worker.read_until(acks_before_kill)
        await worker.kill()
    finally:
        await worker.close()
    assert len(worker.acks) >= acks_before_kill

    store = await GameStore.open(database)
    try:
        await assert_acks_stored(store, worker.acks)
        assert await assert_every_game_rebuilds(store) == 20
    finally:
        await store.close()
