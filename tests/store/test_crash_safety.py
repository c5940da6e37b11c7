"""A process killed with SIGKILL mid-burst loses nothing it acknowledged and half-writes nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import assert_every_game_rebuilds
from totembot.rules import Request
from totembot.store import GameStore

WORKER = Path(__file__).with_name("burst_worker.py")
ROOT = Path(__file__).resolve().parents[2]


def run_and_kill(path: Path, games: int, seed: int, acks_before_kill: int) -> list[str]:
    """Start the worker, let it acknowledge some requests, then SIGKILL it mid-stream."""
    worker = subprocess.Popen(
        [sys.executable, str(WORKER), str(path), str(games), str(seed)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert worker.stdout is not None
    acks: list[str] = []
    try:
        assert worker.stdout.readline().strip() == "READY"
        while len(acks) < acks_before_kill:
            line = worker.stdout.readline()
            assert line, "the worker stopped before it was killed"
            acks.append(line)
        worker.send_signal(signal.SIGKILL)
        acks += worker.stdout.readlines()  # anything acknowledged before it died counts too
    finally:
        worker.kill()
        worker.wait(timeout=30)
    assert worker.returncode == -signal.SIGKILL
    return [ack for ack in acks if ack.startswith("ACK ")]


@pytest.mark.parametrize(("seed", "acks_before_kill"), [(1, 60), (2, 150), (3, 333)])
async def test_sigkill_mid_burst_keeps_every_acknowledged_request_and_nothing_half_written(
    tmp_path: Path, seed: int, acks_before_kill: int
) -> None:
    path = tmp_path / "burst.sqlite3"
    acks = run_and_kill(path, games=20, seed=seed, acks_before_kill=acks_before_kill)
    assert len(acks) >= acks_before_kill

    store = await GameStore.open(path)
    try:
        for ack in acks:
            _word, game_id, version, request_json = ack.split(" ", 3)
            records = await store.events(int(game_id))
            by_seq = {record.seq: record for record in records}
            assert int(version) in by_seq, f"acknowledged event {game_id}/{version} was lost"
            assert by_seq[int(version)].request == Request.model_validate(json.loads(request_json))
        assert await assert_every_game_rebuilds(store) == 20
    finally:
        await store.close()
