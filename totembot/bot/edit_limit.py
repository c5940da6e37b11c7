"""Noticing Discord's error 30046 the moment it arrives.

Discord answers an edit of a message past its edit limit with a 429 whose body carries code
30046, and it never clears. discord.py treats every 429 that came through Discord's proxy as a
rate limit to wait out and retry, so without help a status edit would hang for as long as the
retries last. This watch sees each response through aiohttp's tracing (which discord.py lets a
client pass in), reads the body of a 429 on a message edit, and wakes whoever waits on that
message, who then gives up on it at once.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import TypeVar

import aiohttp

EDIT_LIMIT_REACHED = 30046
MESSAGE_PATH = re.compile(r"/channels/\d+/messages/(\d+)$")

T = TypeVar("T")


class EditLimitReached(Exception):
    """Discord will not let this message be edited again."""


class EditLimitWatch:
    """Tells, per message, when Discord has answered an edit with 30046."""

    def __init__(self) -> None:
        self.trace = aiohttp.TraceConfig()
        self.trace.on_request_end.append(self._on_response)
        self._reached: set[int] = set()
        self._waiters: dict[int, list[asyncio.Future[None]]] = {}

    def reached(self, message_id: int) -> bool:
        return message_id in self._reached

    async def edit(self, message_id: int, make_edit: Callable[[], Awaitable[T]]) -> T:
        """Make and await the edit, unless Discord answers it with 30046: then stop it, raise."""
        if self.reached(message_id):
            raise EditLimitReached(message_id)
        task = asyncio.ensure_future(make_edit())
        signal = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(message_id, []).append(signal)
        try:
            await asyncio.wait({task, signal}, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            task.cancel()  # our caller gives up (shut-down): so does the request
            raise
        finally:
            self._forget(message_id, signal)
        if task.done():
            return task.result()
        await _stop(task)
        raise EditLimitReached(message_id)

    def _forget(self, message_id: int, signal: asyncio.Future[None]) -> None:
        waiters = self._waiters.get(message_id, [])
        if signal in waiters:
            waiters.remove(signal)
        if not waiters:
            self._waiters.pop(message_id, None)
        signal.cancel()

    async def _on_response(
        self,
        _session: aiohttp.ClientSession,
        _context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        if params.method != "PATCH" or params.response.status != 429:
            return
        found = MESSAGE_PATH.search(params.url.path)
        if found is None or not await _is_edit_limit(params.response):
            return
        message_id = int(found.group(1))
        self._reached.add(message_id)
        for signal in self._waiters.get(message_id, []):
            if not signal.done():
                signal.set_result(None)


async def _stop(task: asyncio.Task[T] | asyncio.Future[T]) -> None:
    """Cancel discord.py's retrying request; a cancellation of our own caller still counts."""
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        current = asyncio.current_task()
        if current is not None and current.cancelling():
            raise
    except Exception:  # the request's own failure no longer matters
        pass


async def _is_edit_limit(response: aiohttp.ClientResponse) -> bool:
    """Whether a 429's body is error 30046 (the body stays readable for discord.py)."""
    try:
        body = json.loads(await response.read())
    except (ValueError, aiohttp.ClientError):
        return False
    return isinstance(body, dict) and body.get("code") == EDIT_LIMIT_REACHED
