"""The writer thread: a quick commit is waited for on the loop's thread, a slow one never is.

Why a commit is waited for briefly at all: while the loop's thread runs Python, the writer
thread waits for the GIL each time SQLite hands it back (see `totembot/store/writer_thread.py`).
"""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from totembot.store import writer_thread
from totembot.store.writer_thread import WriterThread


async def run_and_see_the_loop(
    writer: WriterThread, work: object, briefly: bool
) -> tuple[object, bool]:
    """`work`'s answer, and whether the loop ran a callback scheduled before it was asked."""
    turned: list[bool] = []
    asyncio.get_running_loop().call_soon(turned.append, True)
    answer = await writer.run(work, briefly)  # type: ignore[arg-type]
    return answer, bool(turned)


async def test_a_quick_write_waited_for_briefly_is_answered_without_a_turn_of_the_loop() -> None:
    writer = WriterThread("test-writer")
    try:
        assert await run_and_see_the_loop(writer, lambda: 41 + 1, briefly=True) == (42, False)
        assert await run_and_see_the_loop(writer, lambda: 42, briefly=False) == (42, True)
    finally:
        writer.stop()


async def test_a_failure_waited_for_briefly_is_raised_on_the_loop() -> None:
    writer = WriterThread("test-writer")

    def refused() -> None:
        raise ValueError("the disk said no")

    try:
        with pytest.raises(ValueError, match="the disk said no"):
            await writer.run(refused, briefly=True)
        assert await writer.run(lambda: "next", briefly=True) == "next"
    finally:
        writer.stop()


async def test_a_slow_write_frees_the_loop_and_the_next_write_is_awaited() -> None:
    writer = WriterThread("test-writer")
    stalled = threading.Event()
    ticks: list[float] = []

    async def tick() -> None:
        while True:
            ticks.append(time.perf_counter())
            await asyncio.sleep(0.001)

    def stalled_disk() -> str:
        stalled.wait(timeout=5)
        return "durable"

    ticker = asyncio.create_task(tick())
    try:
        await asyncio.sleep(0)
        started = time.perf_counter()
        write = asyncio.create_task(writer.run(stalled_disk, briefly=True))
        while len([at for at in ticks if at > started]) < 5:  # the loop serves meanwhile
            await asyncio.sleep(0.001)
        assert not write.done()
        stalled.set()
        assert await write == "durable"
        # The last write took longer than the brief wait: the next is awaited like any other.
        assert await run_and_see_the_loop(writer, lambda: "quick", briefly=True) == (
            "quick",
            True,
        )
        # Once a quick one has gone through, the brief wait comes back.
        assert await run_and_see_the_loop(writer, lambda: "again", briefly=True) == (
            "again",
            False,
        )
    finally:
        stalled.set()
        ticker.cancel()
        writer.stop()


async def test_no_brief_wait_while_a_write_is_under_way_or_queued() -> None:
    """A write behind another would wait for both: it is awaited instead."""
    writer = WriterThread("test-writer")
    began, release = threading.Event(), threading.Event()

    def long_write() -> str:
        began.set()
        release.wait(timeout=5)
        return "first"

    try:
        assert writer._may_wait_briefly()
        first = asyncio.create_task(writer.run(long_write))
        await asyncio.sleep(0)
        await asyncio.to_thread(began.wait, 5)
        assert not writer._may_wait_briefly()  # under way
        second = asyncio.create_task(run_and_see_the_loop(writer, lambda: "second", True))
        third = asyncio.create_task(writer.run(lambda: "third"))
        await asyncio.sleep(0)
        assert not writer._may_wait_briefly()  # queued
        release.set()
        assert (await first, await second, await third) == ("first", ("second", True), "third")
        assert writer._may_wait_briefly()
    finally:
        release.set()
        writer.stop()


async def test_a_write_that_ends_just_as_the_brief_wait_gives_up_is_answered_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The thread finishes between the brief wait's end and the hand-off to the loop: the
    caller takes the answer itself, and nothing is left to settle later."""
    writer = WriterThread("test-writer")
    monkeypatch.setattr(writer_thread, "BRIEF_WAIT", 0.0)  # the wait gives up at once
    done = threading.Event()

    def work() -> str:
        done.set()
        return "kept"

    real_lock = writer._handoff

    class SlowHandoff:
        """Lets the thread finish before the loop's thread takes the hand-off lock."""

        def __enter__(self) -> None:
            if threading.current_thread() is threading.main_thread():
                done.wait(timeout=5)
                time.sleep(0.01)
            real_lock.acquire()

        def __exit__(self, *_: object) -> None:
            real_lock.release()

    writer._handoff = SlowHandoff()  # type: ignore[assignment]
    try:
        assert await run_and_see_the_loop(writer, work, briefly=True) == ("kept", False)
    finally:
        writer.stop()
