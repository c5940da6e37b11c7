"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, RESUME with replay, events.

``ready`` is set once the client has *processed* READY and every GUILD_CREATE: after them the
stand-in asks for a heartbeat, whose sequence number says how far the client has got.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid

from aiohttp import WSMsgType, web

from totembot.testing.model import JSON, World
from totembot.testing.waiting import Changes

REPLAYABLE = 2000  # events kept for a RESUME


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


class Gateway:
    """One session at a time; events dispatched while nobody is identified are not queued."""

    heartbeat_interval_ms = 41250

    def __init__(self, world: World, changes: Changes) -> None:
        self.world = world
        self.changes = changes
        self.identifies = 0
        self.resumes = 0
        self.presence: JSON | None = None
        self.ready = asyncio.Event()
        self.connected = asyncio.Event()
        self._connections: set[_Connection] = set()
        self._current: _Connection | None = None
        self._session_id: str | None = None
        self._seq = 0
        self._log: list[JSON] = []
        self._ready_target: int | None = None

    def dispatch(self, event: str, data: JSON) -> None:
        if self._session_id is None:
            return  # not identified yet: READY/GUILD_CREATE will carry the world
        self._seq += 1
        payload = {"op": 0, "t": event, "s": self._seq, "d": data}
        self._log.append(payload)
        del self._log[:-REPLAYABLE]
        if self._current is not None:
            self._current.send(payload)

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
                    self._receive(conn, json.loads(msg.data))
                    self.changes.notify()
        finally:
            if self._current is conn:
                self._current = None
                self.connected.clear()
            conn.sender.cancel()
            self._connections.discard(conn)
            self.changes.notify()
        return ws

    async def drop(self) -> None:
        """Close the current connection as Discord does when it wants a RESUME."""
        conn, self._current = self._current, None
        self.connected.clear()
        if conn is not None:
            await conn.close(4000, b"stand-in drop")

    async def close_all(self) -> None:
        self._current = None
        self.connected.clear()
        for conn in list(self._connections):
            await conn.close(1001)

    def _receive(self, conn: _Connection, msg: JSON) -> None:
        op = msg.get("op")
        data = msg.get("d")
        if op == 1:  # heartbeat; its payload is the client's last processed sequence
            conn.send({"op": 11, "s": None, "t": None, "d": None})
            self._maybe_ready(conn, data)
        elif op == 2:
            self._identify(conn)
        elif op == 6:
            self._resume(conn, data or {})
        elif op == 3:
            self.presence = data
        elif op == 8:
            self._request_members(data or {})

    def _maybe_ready(self, conn: _Connection, seq: object) -> None:
        target = self._ready_target
        caught_up = isinstance(seq, int) and target is not None and seq >= target
        if conn is self._current and caught_up:
            self._ready_target = None
            self.ready.set()

    def _identify(self, conn: _Connection) -> None:
        world = self.world
        self.identifies += 1
        self.ready.clear()
        self._session_id = uuid.uuid4().hex
        self._seq = 0
        self._log = []
        self._current = conn
        me = {**world.users[world.bot_user_id], "verified": True, "mfa_enabled": False}
        ready = {
            "v": 10,
            "user": me,
            "guilds": [{"id": str(g), "unavailable": True} for g in world.guilds],
            "session_id": self._session_id,
            "resume_gateway_url": world.gateway_url,
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        self.dispatch("READY", ready)
        for guild in world.guilds.values():
            self.dispatch("GUILD_CREATE", world.guild_payload(guild))
        # Ask for a heartbeat: its sequence proves the client processed everything up to here.
        self._ready_target = self._seq
        conn.send({"op": 1, "s": None, "t": None, "d": None})
        self.connected.set()

    def _resume(self, conn: _Connection, data: JSON) -> None:
        if self._session_id is None or data.get("session_id") != self._session_id:
            conn.send({"op": 9, "s": None, "t": None, "d": False})
            return
        self.resumes += 1
        self._current = conn
        last = int(data.get("seq") or 0)
        for payload in self._log:
            if payload["s"] > last:
                conn.send(payload)
        self._seq += 1
        conn.send({"op": 0, "t": "RESUMED", "s": self._seq, "d": {}})
        self.connected.set()

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
