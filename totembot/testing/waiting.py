"""Waiting on the stand-in without sleeping: every change wakes the waiters at once.

A REST call, a gateway message or a test's own change calls ``Changes.notify``; waiters then
re-check their condition. A short fallback poll covers conditions the stand-in cannot see
(for instance the cache of a bot running in the test's own process).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable


class Changes:
    """A wake-up signal for everything a test may wait on."""

    fallback_poll = 0.05

    def __init__(self) -> None:
        self._event: asyncio.Event | None = None

    def notify(self) -> None:
        if self._event is not None:
            self._event.set()
            self._event = None

    async def until(
        self, predicate: Callable[[], bool], deadline: float, problem: Callable[[], str]
    ) -> None:
        """Return once ``predicate()`` holds; TimeoutError(problem()) past ``deadline``
        (a ``time.monotonic()`` instant)."""
        while not predicate():
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(problem())
            if self._event is None:
                self._event = asyncio.Event()
            event = self._event
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(left, self.fallback_poll))
