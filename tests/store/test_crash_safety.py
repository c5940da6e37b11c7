"""A process killed with SIGKILL mid-burst loses nothing it acknowledged and half-writes nothing,
on each backend (the worker takes a SQLite path or a PostgreSQL URL)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.store.workers import Worker, assert_kept, sigkilled_after


@pytest.mark.parametrize(("seed", "acks_before_kill"), [(1, 60), (2, 150), (3, 333)])
async def test_sigkill_mid_burst_keeps_every_acknowledged_request_and_nothing_half_written(
    database: str | Path, seed: int, acks_before_kill: int
) -> None:
    acks = await sigkilled_after(await Worker.start(database, 20, seed), acks_before_kill)

    await assert_kept(database, acks, 20)
