"""The open event streams of every page, and one message per change fanned out to them.

A change is announced by the service (this process) or by the store (another process on the
same PostgreSQL database). Each channel's message is built once however many watch it, and
written to each stream in turn; a viewer too slow to keep up is let go (its browser reconnects
and starts from the latest table), so one slow phone never holds the others back.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from totembot.service import GameService, Recorded
from totembot.store import StoredGame, StoreError
from totembot.web.view import (
    CHANGES_SHOWN,
    change_fragment,
    change_text,
    fragments,
    page_json,
    records_json,
    table_json,
)

log = logging.getLogger(__name__)

HELD = 64  # messages a stream may gather before its first one is out
BEHIND = 1 << 15  # bytes unsent to a viewer before its stream is let go
# Seconds one write may wait for a viewer's connection to drain (a large catch-up to a
# connection open but not read): past it the stream is let go, and the others carry on.
WRITE_WITHIN = 2.0
# Changes one message may carry: every change since the last message, read from the log when
# this process did not record them all (the bench's full run records 100 a game within half a
# second). Past this, the table is sent afresh.
CATCH_UP = 2000
# At most one message per game in this many seconds: the first change of a quiet game goes at
# once, a burst's are gathered (the page never lags more than this behind the table, and a
# busy game costs the bot a few messages a second, not one per request).
THROTTLE = 0.5


@dataclass(frozen=True)
class Limits:
    """How many event streams may be open: from one address, on one game, in all; and how
    many requests one address may make in a minute."""

    per_address: int = 20
    per_game: int = 1000
    total: int = 5000
    per_minute: int = 240  # requests of any kind from one address (guard.Pace)


class Full(Exception):
    """No room for another stream; the message says which limit (the answer is 429)."""


Writer = Callable[[bytes], Awaitable[None]]


@dataclass(eq=False)
class Stream:
    """One browser's event stream. Once its first message is out, the hub writes each new
    message to it directly (no task woken per viewer and message); until then they are held."""

    channel_id: str
    token_hash: str
    address: str
    done: asyncio.Event = field(default_factory=asyncio.Event)
    _writer: Writer | None = None
    _buffered: Callable[[], int] = lambda: 0
    _held: list[bytes] = field(default_factory=list)

    async def send(self, message: bytes) -> None:
        """Write a message, or end a stream that fell too far behind (its browser reconnects
        and starts from the latest table), so one slow viewer never holds the others up."""
        if self.done.is_set():
            return
        if self._writer is None:
            self._held.append(message)
            if len(self._held) > HELD:
                self.close()
            return
        if self._buffered() > BEHIND:
            self.close()
            return
        try:
            async with asyncio.timeout(WRITE_WITHIN):
                await self._writer(message)
        except (ConnectionError, RuntimeError, TimeoutError):
            self.close()

    async def go_live(self, writer: Writer, buffered: Callable[[], int]) -> None:
        """The first message is out: what came meanwhile follows it, then each as it comes."""
        while self._held:
            await writer(self._held.pop(0))
        self._writer, self._buffered = writer, buffered

    def close(self) -> None:
        """End the stream (the browser then reconnects)."""
        self.done.set()


@dataclass(eq=False)
class Topic:
    """One channel's viewers and what they were last sent."""

    streams: set[Stream] = field(default_factory=set)
    sent: tuple[int, int] | None = None  # (game id, version) of the last message
    sent_at: float = float("-inf")  # time.monotonic() of the last message
    pending: asyncio.Task[None] | None = None
    again: bool = False
    # The changes this process recorded since the last message, by version, each already told
    # as the message's JSON carries it: text only (which the garbage collector skips). Keeping
    # each `Recorded` (its whole state) until the next message made the collector run several
    # times as often in a burst of requests, and the requests slower with it; reading them
    # back from the log cost as much again.
    told: dict[int, str] = field(default_factory=dict)

    def remember(self, recorded: Recorded) -> None:
        if len(self.told) < CATCH_UP:
            text = change_text(recorded.told)
            fragment = change_fragment(recorded.version, recorded.recorded_at, text)
            self.told[recorded.version] = fragment


def encode(payload: dict[str, Any], changes: list[str] | None = None) -> bytes:
    """One server-sent event: its id is the game and version it shows; `changes`, already
    told as JSON, go in as they are."""
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    if changes is not None:
        data = f'{data[:-1]},"changes":[{",".join(changes)}]}}'
    key = f"{payload.get('game')}.{payload.get('version', 0)}"
    return f"id: {key}\nevent: table\ndata: {data}\n\n".encode()


class Hub:
    """Every open stream, by channel; `changed(channel)` sends the channel's news to them."""

    def __init__(self, service: GameService, limits: Limits | None = None) -> None:
        self.service = service
        self.limits = limits or Limits()
        self._topics: dict[str, Topic] = {}
        self._by_address: dict[str, int] = {}
        self._count = 0

    # -- streams --------------------------------------------------------------------------

    def open(self, channel_id: str, token_hash: str, address: str) -> Stream:
        """A new stream, or Full with the limit it is past."""
        if self._count >= self.limits.total:
            raise Full("This server has as many live viewers as it can take: try again later.")
        if self._by_address.get(address, 0) >= self.limits.per_address:
            raise Full("Too many live pages are open from your address: close some first.")
        topic = self._topics.setdefault(channel_id, Topic())
        if len(topic.streams) >= self.limits.per_game:
            raise Full("This game has as many live viewers as it can take: try again later.")
        stream = Stream(channel_id, token_hash, address)
        topic.streams.add(stream)
        self._by_address[address] = self._by_address.get(address, 0) + 1
        self._count += 1
        return stream

    def leave(self, stream: Stream) -> None:
        topic = self._topics.get(stream.channel_id)
        if topic is None or stream not in topic.streams:
            return
        topic.streams.discard(stream)
        self._count -= 1
        left = self._by_address[stream.address] - 1
        if left:
            self._by_address[stream.address] = left
        else:
            del self._by_address[stream.address]
        if not topic.streams and topic.pending is None:
            del self._topics[stream.channel_id]

    def busy(self) -> bool:
        """Whether a message is being made or waits for its turn (THROTTLE)."""
        return any(topic.pending is not None for topic in self._topics.values())

    def streams(self, channel_id: str) -> int:
        topic = self._topics.get(channel_id)
        return len(topic.streams) if topic else 0

    def close_all(self) -> None:
        """The server stops: every stream ends, and every browser will reconnect."""
        for topic in self._topics.values():
            for stream in topic.streams:
                stream.close()

    async def snapshot(self, channel_id: str) -> dict[str, Any]:
        """The table as it is now, with its latest changes: what a new stream starts with, and
        the page's JSON address answers."""
        stored = await self.service.current(channel_id)
        records = [] if stored is None else await self.latest(stored, CHANGES_SHOWN)
        return page_json(stored, records)

    # -- news -----------------------------------------------------------------------------

    def changed(self, channel_id: str, recorded: Recorded | None = None) -> None:
        """The channel's game changed (called on the loop, right after the commit)."""
        topic = self._topics.get(channel_id)
        if topic is None or not topic.streams:
            return
        if recorded is not None:
            topic.remember(recorded)
        if topic.pending is not None:
            topic.again = True  # the running send reads the game again when it is done
            return
        topic.pending = asyncio.create_task(self._publish(channel_id, topic))

    def heard(self, channel_id: str, what: str) -> None:
        """Another process announced a change (PostgreSQL's NOTIFY)."""
        if what == "links":
            self.revoke(channel_id)
            return
        self.service.forget(channel_id)  # its game moved on in the database
        self.changed(channel_id)

    def revoke(self, channel_id: str) -> None:
        """The channel's addresses were reset: streams opened by an old one end now."""
        topic = self._topics.get(channel_id)
        if topic is not None and topic.streams:
            task = asyncio.create_task(self._revoke(channel_id, topic))
            task.add_done_callback(_log_failure)

    async def _revoke(self, channel_id: str, topic: Topic) -> None:
        valid = await self.service.store.link_hashes(channel_id)
        for stream in list(topic.streams):
            if stream.token_hash not in valid:
                stream.close()

    async def _publish(self, channel_id: str, topic: Topic) -> None:
        try:
            while True:
                wait = topic.sent_at + THROTTLE - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                topic.again = False
                try:
                    message = await self._news(channel_id, topic)
                except StoreError as error:
                    log.info("a live page could not read its game (%s)", error)
                    message = None
                topic.sent_at = time.monotonic()
                if message is not None:
                    for stream in list(topic.streams):
                        await stream.send(message)
                if not topic.again:
                    break
        finally:
            topic.pending = None
            if not topic.streams:
                self._topics.pop(channel_id, None)

    async def _news(self, channel_id: str, topic: Topic) -> bytes | None:
        """The message for what changed since the last one, or None when nothing did."""
        stored = await self.service.current(channel_id)
        told, topic.told = topic.told, {}
        if stored is None:
            topic.sent = None
            return encode(table_json(None))
        key = (stored.id, stored.version)
        if key == topic.sent:
            return None
        behind = _behind(topic.sent, stored)
        wanted = range(stored.version - behind + 1, stored.version + 1) if behind else range(0)
        if behind and all(seq in told for seq in wanted):  # recorded here: no read
            changes = [told[seq] for seq in wanted]
        else:
            records = await self.latest(stored, behind if behind else CHANGES_SHOWN)
            changes = fragments(records_json(stored, records))
        topic.sent = key
        return encode(table_json(stored), changes)

    async def latest(self, stored: StoredGame, count: int) -> list[Any]:
        """The game's newest `count` changes up to the version `stored` shows."""
        if stored.version == 0 or count <= 0:
            return []
        return await self.service.history(
            stored.id, newest=min(count, stored.version), upto=stored.version
        )


def _behind(sent: tuple[int, int] | None, stored: StoredGame) -> int | None:
    """How many changes the streams miss of this game (None: a new game, or too many)."""
    if sent is None or sent[0] != stored.id or stored.version <= sent[1]:
        return None
    missed = stored.version - sent[1]
    return missed if missed <= CATCH_UP else None


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.info("a reset could not end the live pages it closed (%s)", task.exception())
