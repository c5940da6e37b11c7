"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, RESUME with replay, events.

Several sessions may be open at once, one per shard, as a sharded bot (or several processes of
one) keeps them: IDENTIFY's ``shard`` is ``[id, count]`` (absent: ``[0, 1]``), READY and the
GUILD_CREATEs carry only that shard's guilds, and an event for a guild goes to the session of
the shard that owns it, ``(guild_id >> 22) % count`` (shard 0 when there is no guild).

A session is *ready* once the client has processed READY and every GUILD_CREATE: after them
the stand-in asks for a heartbeat, whose sequence number says how far the client has got.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field

from aiohttp import WSMsgType, web

from totembot.shards import shard_of
from totembot.testing.model import JSON, World
from totembot.testing.waiting import Changes

REPLAYABLE = 2000  # events kept for a RESUME
INVALID_SHARD = 4010  # Discord's close code for a shard id or count it cannot use
GUILD_EVENTS = {"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"}  # whose guild is `d.id`


class _Connection:
    """One websocket and an ordered sender, so events leave in dispatch order."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[JSON] = asyncio.Queue()
        self.sender = asyncio.create_task(self._send_loop())

    def send(self, payload: JSON) -> None:
        self.queue.put_nowait(payload)

    async def _send_loop(self) -> None:
        while True:
            payload = await self.queue.get()
            if self.ws.closed:
                return
            try:
                await self.ws.send_str(json.dumps(payload))
            except (ConnectionError, RuntimeError):
                return

    async def close(self, code: int, message: bytes = b"") -> None:
        self.sender.cancel()
        if not self.ws.closed:
            with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
                await asyncio.wait_for(self.ws.close(code=code, message=message), timeout=2)


@dataclass
class Session:
    """One shard's gateway session: its numbered events, kept for a RESUME."""

    shard: int
    count: int
    id: str
    sharded: bool  # IDENTIFY named a shard, so READY says which
    connection: _Connection | None = None
    seq: int = 0
    log: list[JSON] = field(default_factory=list)
    ready_target: int | None = None
    ready: bool = False

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) == self.shard

    def send(self, event: str, data: JSON) -> None:
        """Number the event, keep it for a RESUME and send it if a connection is open."""
        self.seq += 1
        payload = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.log.append(payload)
        del self.log[:-REPLAYABLE]
        if self.connection is not None:
            self.connection.send(payload)


class Gateway:
    """One session per shard; events for a shard nobody identified as are not queued.

    ``identified`` lists the ``(shard, count)`` of every IDENTIFY in order; ``ready`` is set
    once the session of the latest IDENTIFY is ready (what a one-process bot needs).
    """

    heartbeat_interval_ms = 41250

    def __init__(self, world: World, changes: Changes) -> None:
        self.world = world
        self.changes = changes
        self.identifies = 0
        self.identified: list[tuple[int, int]] = []
        self.resumes = 0
        self.presence: JSON | None = None
        self.ready = asyncio.Event()
        self.sessions: dict[int, Session] = {}
        self._connections: set[_Connection] = set()
        self._latest: Session | None = None

    # --- what tests and the acting member ask

    def session_for(self, guild_id: int | None) -> Session | None:
        """The session that receives this guild's events (None: no such shard identified)."""
        return next((s for s in self.sessions.values() if s.owns(guild_id)), None)

    def is_connected(self, guild_id: int | None) -> bool:
        """Whether an event for this guild would reach a client now."""
        session = self.session_for(guild_id)
        return session is not None and session.connection is not None

    def shards_ready(self, shards: Iterable[int]) -> bool:
        """Whether each of these shards has a session whose latest IDENTIFY was processed."""
        return all(s in self.sessions and self.sessions[s].ready for s in shards)

    def dispatch(self, event: str, data: JSON) -> int | None:
        """Send an event to the session of the shard owning its guild; the shard, or None
        when no session has that shard (the event is then lost, as before any IDENTIFY)."""
        guild = data.get("id") if event in GUILD_EVENTS else data.get("guild_id")
        session = self.session_for(int(guild) if guild is not None else None)
        if session is None:
            return None
        session.send(event, data)
        return session.shard

    # --- connections

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = _Connection(ws)
        self._connections.add(conn)
        hello = {"heartbeat_interval": self.heartbeat_interval_ms}
        conn.send({"op": 10, "s": None, "t": None, "d": hello})
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._receive(conn, json.loads(msg.data))
                    self.changes.notify()
        finally:
            self._detach(conn)
            conn.sender.cancel()
            self._connections.discard(conn)
            self.changes.notify()
        return ws

    async def drop(self, shard: int | None = None) -> None:
        """Close a session's connection (every session's without `shard`) as Discord does
        when it wants a RESUME."""
        for session in list(self.sessions.values()):
            if shard is not None and session.shard != shard:
                continue
            conn, session.connection = session.connection, None
            if conn is not None:
                await conn.close(4000, b"stand-in drop")
        self.changes.notify()

    async def close_all(self) -> None:
        for session in self.sessions.values():
            session.connection = None
        for conn in list(self._connections):
            await conn.close(1001)

    def _detach(self, conn: _Connection) -> None:
        for session in self.sessions.values():
            if session.connection is conn:
                session.connection = None

    async def _receive(self, conn: _Connection, msg: JSON) -> None:
        op = msg.get("op")
        data = msg.get("d")
        if op == 1:  # heartbeat; its payload is the client's last processed sequence
            conn.send({"op": 11, "s": None, "t": None, "d": None})
            self._maybe_ready(conn, data)
        elif op == 2:
            await self._identify(conn, data or {})
        elif op == 6:
            self._resume(conn, data or {})
        elif op == 3:
            self.presence = data
        elif op == 8:
            self._request_members(data or {})

    def _maybe_ready(self, conn: _Connection, seq: object) -> None:
        session = next((s for s in self.sessions.values() if s.connection is conn), None)
        if session is None or session.ready_target is None:
            return
        if isinstance(seq, int) and seq >= session.ready_target:
            session.ready_target = None
            session.ready = True
            if session is self._latest:
                self.ready.set()

    async def _identify(self, conn: _Connection, data: JSON) -> None:
        shard = _shard_asked(data.get("shard"))
        if shard is None:
            await conn.close(INVALID_SHARD, b"Invalid shard.")
            return
        shard_id, count = shard
        self.identifies += 1
        self.identified.append(shard)
        self.ready.clear()
        self._detach(conn)
        # One shard count at a time: a session under another count stops receiving events.
        self.sessions = {k: s for k, s in self.sessions.items() if s.count == count}
        session = Session(shard_id, count, uuid.uuid4().hex, "shard" in data, conn)
        self.sessions[shard_id] = self._latest = session
        session.send("READY", self._ready_payload(session))
        for guild in self.world.guilds.values():
            if session.owns(guild.id):
                session.send("GUILD_CREATE", self.world.guild_payload(guild))
        # Ask for a heartbeat: its sequence proves the client processed everything up to here.
        session.ready_target = session.seq
        conn.send({"op": 1, "s": None, "t": None, "d": None})

    def _ready_payload(self, session: Session) -> JSON:
        world = self.world
        me = {**world.users[world.bot_user_id], "verified": True, "mfa_enabled": False}
        ready: JSON = {
            "v": 10,
            "user": me,
            "guilds": [
                {"id": str(g), "unavailable": True} for g in world.guilds if session.owns(g)
            ],
            "session_id": session.id,
            "resume_gateway_url": world.gateway_url,
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        if session.sharded:
            ready["shard"] = [session.shard, session.count]
        return ready

    def _resume(self, conn: _Connection, data: JSON) -> None:
        session = next((s for s in self.sessions.values() if s.id == data.get("session_id")), None)
        if session is None:
            conn.send({"op": 9, "s": None, "t": None, "d": False})
            return
        self.resumes += 1
        self._detach(conn)
        session.connection = conn
        last = int(data.get("seq") or 0)
        for payload in session.log:
            if payload["s"] > last:
                conn.send(payload)
        session.seq += 1
        conn.send({"op": 0, "t": "RESUMED", "s": session.seq, "d": {}})

    def _request_members(self, data: JSON) -> None:
        guild = self.world.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        chunk: JSON = {
            "guild_id": str(guild.id),
            "members": [self.world.public_member(m) for m in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        self.dispatch("GUILD_MEMBERS_CHUNK", chunk)


def _shard_asked(value: object) -> tuple[int, int] | None:
    """IDENTIFY's ``shard``: ``[id, count]`` with 0 <= id < count; absent is ``[0, 1]``."""
    if value is None:
        return (0, 1)
    if not isinstance(value, list) or len(value) != 2:
        return None
    shard_id, count = value
    if not isinstance(shard_id, int) or not isinstance(count, int):
        return None
    return (shard_id, count) if 0 <= shard_id < count else None
