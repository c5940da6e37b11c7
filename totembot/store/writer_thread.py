"""One thread that runs a store's writes, one at a time, in the order they were handed over.

Why not `loop.run_in_executor`: the executor's machinery (its work items, its shutdown lock,
concurrent futures chained to asyncio's) costs about 10 of the 30 microseconds a round trip
takes on a 2-core machine (measured), and a request makes one such trip. This thread takes
plain calls from a queue and answers on the loop with `call_soon_threadsafe`.

A request's commit may be waited for *briefly* (`run(work, briefly=True)`): the loop's thread
blocks, without the GIL, for at most BRIEF_WAIT while the commit runs, and goes on at once when
it is done. While the loop's thread runs other work (a picture's upload, another channel's
interaction), the writer thread waits for the GIL each time SQLite hands it back (five or six
times a commit): with boards and charts drawn beside requests, a commit's p99 went from 1.1 to
4.4 ms that way (`docs/benchmarks.md`, "Issue 32, fifth session"). A disk that stalls costs the
loop one BRIEF_WAIT: past it the caller awaits the answer as any other, and while a write is
under way or the last one took longer than BRIEF_WAIT, nobody waits briefly at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

R = TypeVar("R")
BRIEF_WAIT = 0.002  # seconds the loop's thread may block on a commit (one takes about 0.6 ms)


class _Job(Generic[R]):
    """A call handed to the thread, and how its outcome comes back: to the loop's thread
    blocked on `signal`, or, once that caller stopped waiting briefly, through `answer`."""

    __slots__ = ("work", "loop", "answer", "signal", "finished", "result", "error")

    def __init__(self, work: Callable[[], R], loop: asyncio.AbstractEventLoop) -> None:
        self.work = work
        self.loop = loop
        self.answer: asyncio.Future[R] | None = None
        self.signal: threading.Lock | None = None
        self.finished = False
        self.result: R | None = None
        self.error: BaseException | None = None

    def outcome(self) -> R:
        if self.error is not None:
            raise self.error
        return self.result  # type: ignore[return-value]


class WriterThread:
    """A daemon thread started at the first call; `stop` lets it end after the calls queued."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._jobs: queue.SimpleQueue[_Job[Any] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._handoff = threading.Lock()  # who answers a brief caller: the signal or the loop
        self._working = False
        self._last_took = 0.0  # seconds the last call took in the thread

    async def run(self, work: Callable[[], R], briefly: bool = False) -> R:
        """`work()` in the thread; its result or its exception here, on the loop. With
        `briefly`, the loop's thread waits up to BRIEF_WAIT for it (see the module)."""
        job = _Job(work, asyncio.get_running_loop())
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, name=self._name, daemon=True)
            self._thread.start()
        if not (briefly and self._may_wait_briefly()):
            job.answer = job.loop.create_future()
            self._jobs.put(job)
            return await job.answer
        job.signal = threading.Lock()
        job.signal.acquire()
        self._jobs.put(job)
        if job.signal.acquire(timeout=BRIEF_WAIT):
            return job.outcome()
        with self._handoff:
            if not job.finished:
                job.answer = job.loop.create_future()
        if job.answer is None:  # finished between the wait and the handoff
            return job.outcome()
        return await job.answer

    def _may_wait_briefly(self) -> bool:
        """Nothing under way or queued in the thread, and its last call was quick."""
        return not self._working and self._jobs.empty() and self._last_took <= BRIEF_WAIT

    def stop(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)

    def _serve(self) -> None:
        clock = time.perf_counter
        while (job := self._jobs.get()) is not None:
            self._working = True
            started = clock()
            try:
                job.result = job.work()
            except BaseException as error:  # handed to the caller, whatever it is
                job.error = error
            self._last_took = clock() - started
            self._working = False
            self._hand_back(job)

    def _hand_back(self, job: _Job[Any]) -> None:
        with self._handoff:
            job.finished = True
            answer = job.answer
        if answer is not None:
            _answer_soon(job.loop, answer, job.result, job.error)
        elif job.signal is not None:
            job.signal.release()


def _answer_soon(
    loop: asyncio.AbstractEventLoop,
    answer: asyncio.Future[Any],
    result: Any,
    error: BaseException | None,
) -> None:
    """Sets the answer on its loop; a loop already closed has nobody left to tell."""
    with contextlib.suppress(RuntimeError):  # the loop is closed
        loop.call_soon_threadsafe(_settle, answer, result, error)


def _settle(answer: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if answer.done():  # its caller stopped waiting (cancelled)
        return
    if error is not None:
        answer.set_exception(error)
    else:
        answer.set_result(result)
