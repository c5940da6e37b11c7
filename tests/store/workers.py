"""burst_worker.py processes as the crash and race tests drive them: started, read line by line
(no sleeps: each step waits for the lines it needs), killed with SIGKILL."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar, Self

from tests.conftest import assert_every_game_rebuilds
from totembot.games.magic.rules import Request
from totembot.store import GameStore, open_store

WORKER = Path(__file__).with_name("burst_worker.py")
ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 120  # seconds a worker may take to say its next line before the test gives up


@dataclass(frozen=True)
class Ack:
    """A request the worker was told is committed, at this game's version."""

    game_id: int
    version: int
    request: Request

    @classmethod
    def parse(cls, line: str) -> Ack:
        _word, game_id, version, request_json = line.split(" ", 3)
        return cls(int(game_id), int(version), Request.model_validate_json(request_json))


@dataclass
class Worker:
    """One burst_worker process and every line it has said so far."""

    process: asyncio.subprocess.Process
    acks: list[Ack] = field(default_factory=list)
    refused: list[Request] = field(default_factory=list)
    script: ClassVar[Path] = WORKER

    @classmethod
    async def start(cls, database: str | Path, games: int, seed: int, *options: str) -> Self:
        """Start a worker and wait until it is ready to send requests."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            str(cls.script),
            str(database),
            str(games),
            str(seed),
            *options,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        worker = cls(process)
        assert await worker._line() == "READY", await worker._stderr()
        return worker

    async def read_until(self, acks: int) -> None:
        """Read the worker's lines until it has acknowledged `acks` requests in all."""
        while len(self.acks) < acks:
            line = await self._line()
            assert line, f"the worker stopped before it was killed: {await self._stderr()}"
            self._take(line)

    async def kill(self) -> None:
        """SIGKILL the worker mid-burst; what it said before dying counts too."""
        self.process.send_signal(signal.SIGKILL)
        while line := await self._line():
            self._take(line)
        assert await self.process.wait() == -signal.SIGKILL

    async def close(self) -> None:
        """Make sure the process is gone (after a failed test too)."""
        if self.process.returncode is None:
            self._kill()
        await self.process.wait()

    def _kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):  # it died on its own meanwhile
            self.process.kill()

    async def _line(self) -> str:
        assert self.process.stdout is not None
        async with asyncio.timeout(PATIENCE):
            return (await self.process.stdout.readline()).decode().strip()

    def _take(self, line: str) -> None:
        if line.startswith("ACK "):
            self.acks.append(Ack.parse(line))
        elif line.startswith("REFUSED "):
            self.refused.append(Request.model_validate_json(line.split(" ", 1)[1]))

    async def _stderr(self) -> str:
        assert self.process.stderr is not None
        self._kill()  # a worker that fails is not waited for
        return (await self.process.stderr.read()).decode()[-2000:]


async def assert_acks_stored(store: GameStore, acks: list[Ack]) -> None:
    """Each acknowledged request is in its game's log at the version it was told."""
    logs = {game_id: await store.events(game_id) for game_id in {ack.game_id for ack in acks}}
    for ack in acks:
        by_seq = {record.seq: record for record in logs[ack.game_id]}
        assert ack.version in by_seq, f"acknowledged event {ack.game_id}/{ack.version} was lost"
        assert by_seq[ack.version].request == ack.request, f"{ack.game_id}/{ack.version}"


async def sigkilled_after(worker: Worker, acks: int) -> list[Ack]:
    """Let the worker acknowledge at least `acks` requests, then SIGKILL it: what it said."""
    try:
        await worker.read_until(acks)
        await worker.kill()
    finally:
        await worker.close()
    assert len(worker.acks) >= acks
    return worker.acks


async def assert_kept(database: str | Path, acks: list[Ack], games: int) -> None:
    """Reopened, the database holds every acknowledged request and each of its games rebuilds."""
    store = await open_store(database)
    try:
        await assert_acks_stored(store, acks)
        assert await assert_every_game_rebuilds(store) == games
    finally:
        await store.close()
