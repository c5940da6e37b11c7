"""The results backlog: finished games whose results for statistics were never made (a
database from before they were made at the end of each game, a `migrate-db` copy), worked off
in the background in short batches.

Each batch reads BATCH games, makes their rows in a worker thread and writes them in one short
transaction (one `executemany`-sized write under the store's write lock, a few milliseconds),
then pauses twice as long as it took, so that every request waiting meanwhile goes first and
the backlog never has more than a third of the process's time. Statistics asked for while it
runs answer at once with the games made so far, and say how far along it is (`progress`).
A request never waits for more than one batch's write.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from totembot.store import results
from totembot.store.errors import StoreError
from totembot.store.results import MadeResults

log = logging.getLogger(__name__)

# Games per batch. Each batch is two reads, the rows made in a thread and one write: at 100 a
# request caught behind one waited up to 1 to 3 ms, and a /do's p99 during a 10,000-game
# backlog was 1.9 to 2.8 times its p99 without; at 30 it was 1.4 to 1.7 times, for a backlog
# worked off in 3.3 to 3.8 s instead of 3.0 (docs/benchmarks.md, "Issue 32, seventh
# session"). At 20 the backlog took 4.1 to 4.7 s, for no better /do.
BATCH = 30
# Between two batches, twice as long as the batch took (at least PAUSE): the backlog has the
# process for a third of the time at most, however slow the machine, and the requests that
# queued during a batch go first. It takes 2 to 3 times as long as with a fixed 5 ms pause, for
# fewer requests caught behind a batch (docs/benchmarks.md, "Issue 32: statistics").
PAUSE = 0.005
PAUSE_PER_WORK = 2.0
SLICE = 10  # games made between two hand-overs of the GIL (about 0.3 ms)
LOG_EVERY = 5.0  # seconds between two progress lines in the log

Read = Callable[[str, tuple[Any, ...]], Awaitable[list[tuple[Any, ...]]]]
Save = Callable[[MadeResults], Awaitable[None]]


@dataclass(frozen=True)
class Progress:
    """How far along the backlog is: games done (made, or left out unreadable) of those
    waiting when it started."""

    done: int
    total: int

    @property
    def percent(self) -> int:
        return self.done * 100 // self.total if self.total else 100


@dataclass(frozen=True)
class Queries:
    """The backend's spelling of `results.WAITING` and `results.NEEDING`."""

    waiting: str = results.WAITING
    needing: str = results.NEEDING


class ResultsBacklog:
    """Works off the games still waiting for their results, one run at a time.

    A run starts at the first statistics asked for (or when the bot is ready) and goes on in
    the background; a game that cannot be read is left out with a warning, once per process.
    """

    def __init__(self, read: Read, save: Save, queries: Queries | None = None) -> None:
        self._read = read
        self._save = save
        self._queries = queries or Queries()
        self._run: asyncio.Task[None] | None = None
        self._stopping = False
        self._unreadable: set[tuple[int, int]] = set()  # (game id, version), left out
        self.progress: Progress | None = None  # None: nothing waits
        self.batches = 0  # batches written (tests count them)

    def running(self) -> bool:
        return self._run is not None and not self._run.done()

    async def start(self) -> None:
        """Start a run when games wait and none is under way (one indexed query, which finds
        nothing once every game has its results); `progress` is set when this returns."""
        if self.running() or self._stopping:
            return
        waiting = [
            key
            for key in ((int(r[0]), int(r[1])) for r in await self._read(self._queries.waiting, ()))
            if key not in self._unreadable
        ]
        if not waiting or self.running():  # another caller started one meanwhile
            return
        self.progress = Progress(0, len(waiting))
        self._run = asyncio.create_task(self._work_off(len(waiting)))

    async def wait(
        self, report: Callable[[Progress], None] | None = None, every: float = 1.0
    ) -> None:
        """Until the run under way (if any) is over; `report` is told its progress every
        `every` seconds meanwhile."""
        run = self._run
        while run is not None and not run.done():
            done, _ = await asyncio.wait([run], timeout=every)
            if not done and report is not None and self.progress is not None:
                report(self.progress)

    async def stop(self) -> None:
        """End the run after its current batch (the store is closing)."""
        self._stopping = True
        if self._run is not None:
            await asyncio.wait([self._run])

    async def _work_off(self, total: int) -> None:
        started = time.perf_counter()
        log.info(
            "Making the statistics of %d finished games that have none yet, in the background, "
            "%d at a time.",
            total,
            BATCH,
        )
        try:
            done = await self._batches(total, started)
        except StoreError as error:  # the next statistics asked for start again
            log.warning("Making the statistics of older games stopped: %s", error)
        except Exception:
            log.exception("Making the statistics of older games failed.")
        else:
            log.info(
                "Statistics are up to date: %d games counted in %.1f s.",
                done,
                time.perf_counter() - started,
            )
        finally:
            self.progress = None

    async def _batches(self, total: int, started: float) -> int:
        """Every batch in id order until none is left; the games done."""
        after, done, logged = 0, 0, started
        while not self._stopping:
            batch_started = time.perf_counter()
            needing = await self._read(self._queries.needing, (after, BATCH))
            if not needing:
                break
            after = int(needing[-1][0])
            done += await self._one_batch(needing)
            self.progress = Progress(done, max(total, done))
            if time.perf_counter() - logged >= LOG_EVERY:
                logged = time.perf_counter()
                log.info("Statistics of older games: %d of %d done.", done, max(total, done))
            worked = time.perf_counter() - batch_started
            await asyncio.sleep(max(PAUSE, worked * PAUSE_PER_WORK))
        return done

    async def _one_batch(self, needing: list[tuple[Any, ...]]) -> int:
        """Make and write one batch's results; how many games it settled (made or left out)."""
        fresh = [row for row in needing if (int(row[0]), int(row[2])) not in self._unreadable]
        ids = tuple(int(row[0]) for row in fresh)
        logs = results.raw_logs(await self._read(results.logs_query(len(ids)), ids)) if ids else {}
        made = await asyncio.to_thread(made_yielding, fresh, logs)
        made_ids = {game_id for game_id, _version, _result in made}
        self._unreadable |= {(int(r[0]), int(r[2])) for r in fresh if int(r[0]) not in made_ids}
        if made:
            await self._save(made)
        self.batches += 1
        return len(fresh)


def made_yielding(
    needing: list[tuple[Any, ...]], logs: results.RawLogs | None = None
) -> MadeResults:
    """`results.results_of`, in a worker thread, handing the GIL over every SLICE games.

    Making rows holds the GIL; the event loop's thread waiting for it would otherwise wait up
    to the interpreter's switch interval (5 ms) at each of a request's several hops between
    the loop and the store's threads. `time.sleep(0)` lets a waiting thread take it at once."""
    made: MadeResults = []
    for start in range(0, len(needing), SLICE):
        made += results.results_of(needing[start : start + SLICE], logs)
        time.sleep(0)
    return made
