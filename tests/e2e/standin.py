"""A local Discord stand-in: REST + gateway on 127.0.0.1 for end-to-end tests.

The unmodified discord.py client talks to it once ``discord.http.Route.BASE`` is set to
``StandIn.api_base`` and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` to
``yarl.URL(StandIn.gateway_url)``.  Every REST request is recorded in ``StandIn.calls``; tests
build a small world (guilds, channels, members), act as users (slash commands, autocomplete,
button clicks) and assert on what the bot did.  See tests/e2e/test_standin.py for the wiring.

Behaviour worth knowing (it mirrors Discord):

* ``wait_ready`` returns once the client has *processed* READY and every GUILD_CREATE (the
  stand-in asks for a heartbeat and waits for its sequence number).  discord.py's own
  ``on_ready`` fires ``guild_ready_timeout`` (default 2 s) later.
* Ephemeral messages are stored (``message(id)``, clickable) but hidden from
  ``channel_messages`` and from the channel REST routes.
* After a deferred response (type 5) the first followup replaces the "thinking" message and
  keeps the defer's ephemerality; it appears both as the reply content and in ``followups``.
* Callbacks later than ``interaction_deadline`` (3 s) get 404 code 10062; a second callback
  gets 400 code 40060.  Message payloads over Discord's limits get 400 code 50035.
* ``set_bot_permissions`` feeds ``app_permissions``, the bot's cached channel permissions and
  pin/unpin (403 code 50013 without MANAGE_MESSAGES or PIN_MESSAGES); sending is not gated.

Scope: text channels in guilds, application commands, messages, pins, interaction callbacks,
webhook followups.  Anything else answers 404 (and is recorded), so gaps are loud.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import datetime as dt
import itertools
import json
import re
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
ADD_REACTIONS = 1 << 6
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
SEND_MESSAGES_IN_THREADS = 1 << 38
PIN_MESSAGES = 1 << 51
ALL_PERMISSIONS = (1 << 53) - 1

DEFAULT_BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | MANAGE_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
    | PIN_MESSAGES
)

EPHEMERAL = 1 << 6
LOADING = 1 << 7

# Interaction callback types.
CB_MESSAGE = 4
CB_DEFERRED_MESSAGE = 5
CB_DEFERRED_UPDATE = 6
CB_UPDATE_MESSAGE = 7
CB_AUTOCOMPLETE = 8
CB_MODAL = 9

# Interaction types.
IT_COMMAND = 2
IT_COMPONENT = 3
IT_AUTOCOMPLETE = 4

_MENTION_USER = re.compile(r"<@!?(\d+)>")
_MENTION_ROLE = re.compile(r"<@&(\d+)>")


@dataclass
class Call:
    """One REST request the bot made; ``path`` is relative to the API base."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    status: int
    at: float = field(default_factory=time.monotonic)  # when the request arrived


@dataclass
class Reply:
    """What a user would see after an interaction."""

    type: int
    content: str | None
    embeds: list[JSON]
    components: list[JSON]
    ephemeral: bool
    message_id: int | None
    followups: list[JSON]
    choices: list[JSON] = field(default_factory=list)
    modal: JSON | None = None
    interaction_id: int = 0


class StandInError(RuntimeError):
    """A test asked the stand-in for something a real Discord user could not do."""


@dataclass
class _Rule:
    method: str
    path: re.Pattern[str]
    status: int
    body: JSON
    headers: dict[str, str]
    times: int


@dataclass
class _Guild:
    id: int
    name: str
    owner_id: int
    channels: list[int] = field(default_factory=list)
    members: dict[int, JSON] = field(default_factory=dict)
    roles: dict[int, JSON] = field(default_factory=dict)
    joined_at: str = ""


@dataclass
class _Channel:
    id: int
    guild_id: int
    name: str
    position: int
    bot_permissions: int = DEFAULT_BOT_PERMISSIONS


@dataclass
class _Interaction:
    id: int
    token: str
    type: int
    channel_id: int
    guild_id: int
    user_id: int
    created: float
    component_message_id: int | None = None
    callback_type: int | None = None
    original_id: int | None = None
    original_snapshot: JSON | None = None
    original_edited: bool = False
    followup_ids: list[int] = field(default_factory=list)
    followup_snapshots: dict[int, JSON] = field(default_factory=dict)
    choices: list[JSON] = field(default_factory=list)
    modal: JSON | None = None
    last_activity: float = 0.0


class _Conn:
    """One gateway websocket plus an ordered sender."""

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


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


def _json_response(status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py only parses JSON when Content-Type is exactly "application/json" (no charset).
    all_headers = {"Content-Type": "application/json"}
    all_headers.update(headers or {})
    return web.Response(status=status, body=json.dumps(body).encode(), headers=all_headers)


def _error(status: int, message: str, code: int = 0) -> tuple[int, Any]:
    return status, {"message": message, "code": code}


def _walk_components(components: list[JSON]) -> list[JSON]:
    found: list[JSON] = []
    for component in components:
        found.append(component)
        found.extend(_walk_components(component.get("components") or []))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            found.append(accessory)
    return found


def _invalid_form(problems: list[tuple[str, str]]) -> tuple[int, Any]:
    errors = {where: {"_errors": [{"code": "INVALID", "message": why}]} for where, why in problems}
    return 400, {"message": "Invalid Form Body", "code": 50035, "errors": errors}


def _message_problems(payload: JSON) -> list[tuple[str, str]]:
    """Discord's documented size limits for message payloads (the ones bots tend to hit)."""
    problems: list[tuple[str, str]] = []

    def too_long(where: str, value: Any, limit: int) -> int:
        text = value if isinstance(value, str) else ""
        if len(text) > limit:
            problems.append((where, f"Must be {limit} or fewer in length."))
        return len(text)

    too_long("content", payload.get("content"), 2000)
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        problems.append(("embeds", "Must be 10 or fewer in length."))
    total = 0
    for i, embed in enumerate(embeds):
        total += too_long(f"embeds.{i}.title", embed.get("title"), 256)
        total += too_long(f"embeds.{i}.description", embed.get("description"), 4096)
        total += too_long(f"embeds.{i}.footer.text", (embed.get("footer") or {}).get("text"), 2048)
        total += too_long(f"embeds.{i}.author.name", (embed.get("author") or {}).get("name"), 256)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append((f"embeds.{i}.fields", "Must be 25 or fewer in length."))
        for j, fld in enumerate(fields):
            for key, limit in (("name", 256), ("value", 1024)):
                if not fld.get(key):
                    problems.append((f"embeds.{i}.fields.{j}.{key}", "This field is required"))
                total += too_long(f"embeds.{i}.fields.{j}.{key}", fld.get(key), limit)
    if total > 6000:
        problems.append(("embeds", "Embed size exceeds maximum size of 6000"))
    components = payload.get("components") or []
    if not int(payload.get("flags") or 0) & (1 << 15):  # classic components (not v2)
        if len(components) > 5:
            problems.append(("components", "Must be 5 or fewer in length."))
        for i, row in enumerate(components):
            if len(row.get("components") or []) > 5:
                problems.append((f"components.{i}.components", "Must be 5 or fewer in length."))
    seen: set[str] = set()
    for component in _walk_components(components):
        custom_id = component.get("custom_id")
        if custom_id is not None:
            too_long("components.custom_id", custom_id, 100)
            if custom_id in seen:
                problems.append(("components", f"Component custom id {custom_id!r} is duplicated"))
            seen.add(custom_id)
        if component.get("type") == 2:
            too_long("components.label", component.get("label"), 80)
    return problems


def _choice_problems(choices: list[JSON]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    if len(choices) > 25:
        problems.append(("data.choices", "Must be 25 or fewer in length."))
    for i, choice in enumerate(choices):
        if not 1 <= len(str(choice.get("name", ""))) <= 100:
            problems.append((f"data.choices.{i}.name", "Must be between 1 and 100 in length."))
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            problems.append((f"data.choices.{i}.value", "Must be 100 or fewer in length."))
    return problems


def _new_message_error(payload: JSON, files: list[JSON]) -> tuple[int, Any] | None:
    if not (payload.get("content") or payload.get("embeds") or payload.get("components") or files):
        return _error(400, "Cannot send an empty message", 50006)
    problems = _message_problems(payload)
    return _invalid_form(problems) if problems else None


def _edit_error(payload: JSON) -> tuple[int, Any] | None:
    problems = _message_problems(payload)
    return _invalid_form(problems) if problems else None


class StandIn:
    """A fake Discord (REST + gateway) bound to 127.0.0.1 on a free port."""

    heartbeat_interval_ms: int = 41250
    followup_grace: float = 0.3  # quiet time after the last interaction activity
    interaction_deadline: float = 3.0  # Discord drops callbacks that arrive later

    def __init__(
        self, application_id: int = 900, bot_user_id: int = 900, bot_name: str = "totembot"
    ) -> None:
        self.application_id = application_id
        self.bot_user_id = bot_user_id
        self.bot_name = bot_name
        self.app_owner_id = 1
        self.api_base = ""
        self.gateway_url = ""
        self.calls: list[Call] = []
        self.commands: dict[int | None, list[JSON]] = {}
        self.identifies = 0
        self.resumes = 0
        self.presence: JSON | None = None

        self._users: dict[int, JSON] = {bot_user_id: self._user_payload(bot_user_id, bot_name)}
        self._users[bot_user_id]["bot"] = True
        self._guilds: dict[int, _Guild] = {}
        self._channels: dict[int, _Channel] = {}
        self._messages: dict[int, JSON] = {}
        self._channel_order: dict[int, list[int]] = {}
        self._hidden: set[int] = set()  # ephemeral messages: not in channel history
        self._pins: dict[int, list[tuple[int, str]]] = {}
        self._interactions: dict[str, _Interaction] = {}
        self._rules: list[_Rule] = []
        self._ids = itertools.count(1)
        self._last_snowflake = 0
        self._command_ids: dict[tuple[int | None, str, int], int] = {}

        self._runner: web.AppRunner | None = None
        self._conns: set[_Conn] = set()
        self._conn: _Conn | None = None
        self._session_id: str | None = None
        self._seq = 0
        self._log: list[JSON] = []
        self._ready_target: int | None = None
        self._ready = asyncio.Event()
        self._connected = asyncio.Event()

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self._gateway)
        app.router.add_route("*", "/api/{version}/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.api_base = f"http://127.0.0.1:{port}/api/v10"
        self.gateway_url = f"ws://127.0.0.1:{port}/"

    async def stop(self) -> None:
        self._connected.clear()
        self._conn = None
        for conn in list(self._conns):
            conn.sender.cancel()
            if not conn.ws.closed:
                with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
                    await asyncio.wait_for(conn.ws.close(code=1001), timeout=2)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ------------------------------------------------------------------ the world

    def add_guild(self, guild_id: int, name: str = "Guild", owner_id: int = 1) -> None:
        guild = _Guild(id=guild_id, name=name, owner_id=owner_id, joined_at=_now())
        guild.roles[guild_id] = self._role_payload(guild_id, "@everyone", 0, position=0)
        guild.members[self.bot_user_id] = self._member_payload(self.bot_user_id, None, [])
        self._guilds[guild_id] = guild
        self._dispatch("GUILD_CREATE", self._guild_payload(guild))

    def add_channel(self, guild_id: int, channel_id: int, name: str = "table") -> None:
        guild = self._guild(guild_id)
        channel = _Channel(channel_id, guild_id, name, position=len(guild.channels))
        self._channels[channel_id] = channel
        guild.channels.append(channel_id)
        self._channel_order.setdefault(channel_id, [])
        self._dispatch("CHANNEL_CREATE", self._channel_payload(channel))

    def add_member(
        self,
        guild_id: int,
        user_id: int,
        name: str,
        *,
        display_name: str | None = None,
        permissions: int = 0,
    ) -> None:
        guild = self._guild(guild_id)
        self._users[user_id] = self._user_payload(user_id, name)
        roles: list[int] = []
        if permissions:
            # A personal role makes discord.py's cached permissions_for(member) match too.
            role_id = self._snowflake()
            old = guild.members.get(user_id)
            if old and old["roles"]:
                role_id = int(old["roles"][0])
            event = "GUILD_ROLE_UPDATE" if role_id in guild.roles else "GUILD_ROLE_CREATE"
            guild.roles[role_id] = self._role_payload(role_id, f"perms-{name}", permissions)
            self._dispatch(event, {"guild_id": str(guild_id), "role": guild.roles[role_id]})
            roles.append(role_id)
        member = self._member_payload(user_id, display_name, roles)
        member["permissions"] = str(permissions)
        event = "GUILD_MEMBER_UPDATE" if user_id in guild.members else "GUILD_MEMBER_ADD"
        guild.members[user_id] = member
        self._dispatch(event, {**self._public_member(member), "guild_id": str(guild_id)})

    def set_bot_permissions(self, channel_id: int, permissions: int) -> None:
        channel = self._channel(channel_id)
        channel.bot_permissions = permissions
        self._dispatch("CHANNEL_UPDATE", self._channel_payload(channel))

    # ------------------------------------------------------------------ observation

    def channel_messages(self, channel_id: int) -> list[JSON]:
        return [
            copy.deepcopy(self._messages[mid])
            for mid in self._channel_order.get(channel_id, [])
            if mid not in self._hidden
        ]

    def message(self, message_id: int) -> JSON | None:
        """Any stored message by id (ephemeral ones included); None once deleted."""
        found = self._messages.get(message_id)
        return copy.deepcopy(found) if found is not None else None

    def pins(self, channel_id: int) -> list[int]:
        return [mid for mid, _ in self._pins.get(channel_id, [])]

    def calls_to(self, method: str, path_regex: str) -> list[Call]:
        pattern = re.compile(path_regex)
        return [c for c in self.calls if c.method == method.upper() and pattern.search(c.path)]

    async def wait_ready(self, timeout: float = 15) -> None:
        try:
            await asyncio.wait_for(self._ready.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"bot did not IDENTIFY and process READY/GUILD_CREATE within {timeout}s "
                f"(identifies={self.identifies}, calls={self._recent_calls()})"
            ) from None

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise TimeoutError(f"condition not met within {timeout}s: {self._recent_calls()}")
            await asyncio.sleep(0.01)

    # ------------------------------------------------------------------ acting as a user

    async def slash(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any] | None = None,
        timeout: float = 10,
    ) -> Reply:
        data = self._command_data(channel_id, user_id, command, options or {}, focused=None)
        rec = await self._send_interaction(IT_COMMAND, user_id, channel_id, data, None, timeout)
        return await self._await_reply(rec, timeout)

    async def autocomplete(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any],
        focused: str,
        timeout: float = 10,
    ) -> list[JSON]:
        data = self._command_data(channel_id, user_id, command, options, focused=focused)
        rec = await self._send_interaction(
            IT_AUTOCOMPLETE, user_id, channel_id, data, None, timeout
        )
        await self._until(
            lambda: rec.callback_type is not None, timeout, "autocomplete result", rec
        )
        if rec.callback_type != CB_AUTOCOMPLETE:
            raise StandInError(f"bot answered autocomplete with callback type {rec.callback_type}")
        return copy.deepcopy(rec.choices)

    async def click(
        self,
        user_id: int,
        channel_id: int,
        message_id: int,
        custom_id: str,
        timeout: float = 10,
    ) -> Reply:
        message = self._messages.get(message_id)
        if message is None or int(message["channel_id"]) != channel_id:
            raise StandInError(f"no message {message_id} in channel {channel_id} to click on")
        buttons = [
            c
            for c in _walk_components(message.get("components") or [])
            if c.get("type") == 2 and c.get("custom_id") == custom_id
        ]
        if not buttons:
            present = [
                c.get("custom_id")
                for c in _walk_components(message.get("components") or [])
                if c.get("custom_id")
            ]
            raise StandInError(f"message {message_id} has no button {custom_id!r}: {present}")
        if buttons[0].get("disabled"):
            raise StandInError(f"button {custom_id!r} on message {message_id} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        rec = await self._send_interaction(
            IT_COMPONENT, user_id, channel_id, data, message_id, timeout
        )
        return await self._await_reply(rec, timeout)

    def delete_message(self, message_id: int) -> None:
        """A moderator deletes a message (the bot is not told, as without message intents)."""
        self._delete_message(message_id)

    def unpin_message(self, channel_id: int, message_id: int) -> None:
        """A moderator unpins a message."""
        self._pins[channel_id] = [
            (m, at) for m, at in self._pins.get(channel_id, []) if m != message_id
        ]
        message = self._messages.get(message_id)
        if message is not None:
            message["pinned"] = False

    async def drop_gateway(self) -> None:
        conn = self._conn
        self._conn = None
        self._connected.clear()
        if conn is not None and not conn.ws.closed:
            with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
                await asyncio.wait_for(conn.ws.close(code=4000, message=b"stand-in drop"), 5)

    def fail_next(
        self,
        method: str,
        path_regex: str,
        status: int,
        body: JSON | None = None,
        headers: dict[str, str] | None = None,
        times: int = 1,
    ) -> None:
        all_headers: dict[str, str] = {}
        payload: JSON = dict(body) if body is not None else {"message": f"{status}", "code": 0}
        if status == 429:
            payload.setdefault("message", "You are being rate limited.")
            payload.setdefault("retry_after", 0.05)
            payload.setdefault("global", False)
            retry = str(payload["retry_after"])
            all_headers = {
                "Via": "1.1 google",
                "Retry-After": retry,
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": retry,
                "X-RateLimit-Scope": "user",
            }
        all_headers.update(headers or {})
        self._rules.append(
            _Rule(method.upper(), re.compile(path_regex), status, payload, all_headers, times)
        )

    # ------------------------------------------------------------------ payload builders

    def _snowflake(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = max((ms << 22) | (next(self._ids) & 0xFFF), self._last_snowflake + 1)
        self._last_snowflake = value
        return value

    @staticmethod
    def _user_payload(user_id: int, name: str) -> JSON:
        return {
            "id": str(user_id),
            "username": name,
            "discriminator": "0",
            "global_name": None,
            "avatar": None,
            "bot": False,
            "public_flags": 0,
        }

    @staticmethod
    def _role_payload(role_id: int, name: str, permissions: int, position: int = 1) -> JSON:
        return {
            "id": str(role_id),
            "name": name,
            "permissions": str(permissions),
            "position": position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
            "icon": None,
            "unicode_emoji": None,
        }

    def _member_payload(self, user_id: int, nick: str | None, roles: list[int]) -> JSON:
        return {
            "user": self._users[user_id],
            "roles": [str(r) for r in roles],
            "nick": nick,
            "joined_at": _now(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "avatar": None,
            "premium_since": None,
            "communication_disabled_until": None,
        }

    def _public_member(self, member: JSON) -> JSON:
        out = {k: v for k, v in member.items() if k != "permissions"}
        out["user"] = self._users[int(member["user"]["id"])]
        return out

    def _channel_payload(self, channel: _Channel) -> JSON:
        allow = channel.bot_permissions & ALL_PERMISSIONS
        return {
            "id": str(channel.id),
            "type": 0,
            "guild_id": str(channel.guild_id),
            "name": channel.name,
            "position": channel.position,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "flags": 0,
            "last_message_id": None,
            # A member overwrite pins the bot's cached permissions to exactly bot_permissions.
            "permission_overwrites": [
                {
                    "id": str(self.bot_user_id),
                    "type": 1,
                    "allow": str(allow),
                    "deny": str(ALL_PERMISSIONS & ~allow),
                }
            ],
        }

    def _guild_payload(self, guild: _Guild) -> JSON:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "owner_id": str(guild.owner_id),
            "icon": None,
            "unavailable": False,
            "large": False,
            "joined_at": guild.joined_at,
            "member_count": len(guild.members),
            "roles": list(guild.roles.values()),
            "channels": [self._channel_payload(self._channels[c]) for c in guild.channels],
            "members": [self._public_member(m) for m in guild.members.values()],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "preferred_locale": "en-US",
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "afk_timeout": 300,
            "system_channel_id": None,
        }

    def _app_payload(self) -> JSON:
        owner = self._users.get(self.app_owner_id) or self._user_payload(self.app_owner_id, "owner")
        return {
            "id": str(self.application_id),
            "name": self.bot_name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": owner,
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "bot": self._users[self.bot_user_id],
        }

    def _guild(self, guild_id: int) -> _Guild:
        try:
            return self._guilds[guild_id]
        except KeyError:
            raise StandInError(f"unknown guild {guild_id}; call add_guild first") from None

    def _channel(self, channel_id: int) -> _Channel:
        try:
            return self._channels[channel_id]
        except KeyError:
            raise StandInError(f"unknown channel {channel_id}; call add_channel first") from None

    def _recent_calls(self) -> str:
        return ", ".join(f"{c.method} {c.path} -> {c.status}" for c in self.calls[-8:]) or "none"

    # ------------------------------------------------------------------ messages

    def _mentions(self, content: str, allowed: JSON | None) -> tuple[list[JSON], list[str], bool]:
        user_ids = [int(x) for x in _MENTION_USER.findall(content)]
        role_ids = [x for x in _MENTION_ROLE.findall(content)]
        everyone = "@everyone" in content or "@here" in content
        if allowed is not None:
            parse = allowed.get("parse") or []
            if "users" not in parse:
                permitted = {int(u) for u in allowed.get("users") or []}
                user_ids = [u for u in user_ids if u in permitted]
            if "roles" not in parse:
                permitted_roles = {str(r) for r in allowed.get("roles") or []}
                role_ids = [r for r in role_ids if r in permitted_roles]
            everyone = everyone and "everyone" in parse
        users = [self._users[u] for u in dict.fromkeys(user_ids) if u in self._users]
        return users, list(dict.fromkeys(role_ids)), everyone

    def _new_message(
        self,
        channel_id: int,
        payload: JSON,
        files: list[JSON],
        *,
        kind: int = 0,
        flags: int | None = None,
        extra: JSON | None = None,
    ) -> JSON:
        mid = self._snowflake()
        content = payload.get("content") or ""
        allowed = payload.get("allowed_mentions")
        mentions, roles, everyone = self._mentions(content, allowed)
        message: JSON = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "author": self._users[self.bot_user_id],
            "content": content,
            "embeds": [{"type": "rich", **e} for e in payload.get("embeds") or []],
            "components": payload.get("components") or [],
            "attachments": self._attachments(payload, files),
            "pinned": False,
            "timestamp": _now(),
            "edited_timestamp": None,
            "type": kind,
            "flags": int(payload.get("flags") or 0) if flags is None else flags,
            "mentions": mentions,
            "mention_roles": roles,
            "mention_everyone": everyone,
            "tts": bool(payload.get("tts", False)),
            "allowed_mentions": allowed,
        }
        reference = payload.get("message_reference")
        if reference:
            message["type"] = 19
            message["message_reference"] = {
                "message_id": str(reference.get("message_id")),
                "channel_id": str(reference.get("channel_id") or channel_id),
                "guild_id": str(self._channels[channel_id].guild_id),
            }
        if extra:
            message.update(extra)
        self._messages[mid] = message
        self._channel_order.setdefault(channel_id, []).append(mid)
        if message["flags"] & EPHEMERAL:
            self._hidden.add(mid)
        return message

    def _attachments(self, payload: JSON, files: list[JSON], keep: list[JSON] | None = None) -> Any:
        out: list[JSON] = []
        wanted = payload.get("attachments")
        if keep is not None and wanted is not None:
            ids = {str(a.get("id")) for a in wanted}
            out.extend(a for a in keep if str(a["id"]) in ids)
        for index, upload in enumerate(files):
            aid = self._snowflake()
            meta: JSON = next(
                (a for a in wanted or [] if str(a.get("id")) == str(index)),
                {},
            )
            filename = upload["filename"]
            out.append(
                {
                    "id": str(aid),
                    "filename": filename,
                    "size": len(upload["data"]),
                    "url": f"{self.api_base}/attachments/{aid}/{filename}",
                    "proxy_url": f"{self.api_base}/attachments/{aid}/{filename}",
                    "content_type": upload["content_type"],
                    "description": meta.get("description"),
                }
            )
        return out

    def _edit_message(self, message: JSON, payload: JSON, files: list[JSON]) -> JSON:
        if "content" in payload:
            message["content"] = payload["content"] or ""
        if "embeds" in payload:
            message["embeds"] = [{"type": "rich", **e} for e in payload["embeds"] or []]
        if "components" in payload:
            message["components"] = payload["components"] or []
        if "allowed_mentions" in payload:
            message["allowed_mentions"] = payload["allowed_mentions"]
        if "attachments" in payload or files:
            message["attachments"] = self._attachments(payload, files, keep=message["attachments"])
        old_flags = int(message["flags"])
        if "flags" in payload and payload["flags"] is not None:
            message["flags"] = (old_flags & EPHEMERAL) | (int(payload["flags"]) & ~EPHEMERAL)
        message["flags"] = int(message["flags"]) & ~LOADING
        mentions, roles, everyone = self._mentions(message["content"], message["allowed_mentions"])
        message.update(mentions=mentions, mention_roles=roles, mention_everyone=everyone)
        message["edited_timestamp"] = _now()
        return message

    def _delete_message(self, mid: int) -> None:
        message = self._messages.pop(mid, None)
        if message is None:
            return
        cid = int(message["channel_id"])
        if mid in self._channel_order.get(cid, []):
            self._channel_order[cid].remove(mid)
        self._pins[cid] = [(m, at) for m, at in self._pins.get(cid, []) if m != mid]
        self._hidden.discard(mid)

    def _channel_message(self, cid: int, mid: int) -> JSON | None:
        message = self._messages.get(mid)
        if message is None or int(message["channel_id"]) != cid or mid in self._hidden:
            return None
        return message

    # ------------------------------------------------------------------ gateway

    def _dispatch(self, event: str, data: JSON) -> None:
        if self._session_id is None:
            return  # not identified yet: READY/GUILD_CREATE will carry the world
        self._seq += 1
        payload = {"op": 0, "t": event, "s": self._seq, "d": data}
        self._log.append(payload)
        del self._log[:-2000]
        if self._conn is not None:
            self._conn.send(payload)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = _Conn(ws)
        self._conns.add(conn)
        conn.send(
            {
                "op": 10,
                "s": None,
                "t": None,
                "d": {"heartbeat_interval": self.heartbeat_interval_ms},
            }
        )
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    self._on_gateway_message(conn, json.loads(msg.data))
        finally:
            if self._conn is conn:
                self._conn = None
                self._connected.clear()
            conn.sender.cancel()
            self._conns.discard(conn)
        return ws

    def _on_gateway_message(self, conn: _Conn, msg: JSON) -> None:
        op = msg.get("op")
        data = msg.get("d")
        if op == 1:  # heartbeat; its payload is the client's last processed sequence
            conn.send({"op": 11, "s": None, "t": None, "d": None})
            target = self._ready_target
            caught_up = isinstance(data, int) and target is not None and data >= target
            if conn is self._conn and caught_up:
                self._ready_target = None
                self._ready.set()
        elif op == 2:
            self._identify(conn)
        elif op == 6:
            self._resume(conn, data or {})
        elif op == 3:
            self.presence = data
        elif op == 8:
            self._request_members(data or {})

    def _identify(self, conn: _Conn) -> None:
        self.identifies += 1
        self._ready.clear()
        self._session_id = uuid.uuid4().hex
        self._seq = 0
        self._log = []
        self._conn = conn
        self._dispatch(
            "READY",
            {
                "v": 10,
                "user": {**self._users[self.bot_user_id], "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g), "unavailable": True} for g in self._guilds],
                "session_id": self._session_id,
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
            },
        )
        for guild in self._guilds.values():
            self._dispatch("GUILD_CREATE", self._guild_payload(guild))
        # Ask for a heartbeat: its sequence proves the client processed everything up to here.
        self._ready_target = self._seq
        conn.send({"op": 1, "s": None, "t": None, "d": None})
        self._connected.set()

    def _resume(self, conn: _Conn, data: JSON) -> None:
        if data.get("session_id") != self._session_id or self._session_id is None:
            conn.send({"op": 9, "s": None, "t": None, "d": False})
            return
        self.resumes += 1
        self._conn = conn
        last = int(data.get("seq") or 0)
        for payload in self._log:
            if payload["s"] > last:
                conn.send(payload)
        self._seq += 1
        conn.send({"op": 0, "t": "RESUMED", "s": self._seq, "d": {}})
        self._connected.set()

    def _request_members(self, data: JSON) -> None:
        guild = self._guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        chunk: JSON = {
            "guild_id": str(guild.id),
            "members": [self._public_member(m) for m in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        self._dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # ------------------------------------------------------------------ interactions

    def _find_command(self, guild_id: int, name: str) -> tuple[JSON, int | None]:
        for scope in (guild_id, None):
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd, scope
        known = {scope: [c["name"] for c in cmds] for scope, cmds in self.commands.items() if cmds}
        raise StandInError(
            f"unknown slash command {name!r} for guild {guild_id}; registered: {known or 'none'}"
            " (did the bot sync its command tree?)"
        )

    def _command_data(
        self,
        channel_id: int,
        user_id: int,
        command: str,
        options: dict[str, Any],
        focused: str | None,
    ) -> JSON:
        channel = self._channel(channel_id)
        parts = command.split()
        if not parts:
            raise StandInError("empty command")
        root, scope = self._find_command(channel.guild_id, parts[0])
        resolved: JSON = {}
        definitions: list[JSON] = root.get("options") or []
        path: list[JSON] = []
        for part in parts[1:]:
            sub = next((o for o in definitions if o["name"] == part and o["type"] in (1, 2)), None)
            if sub is None:
                subs = [o["name"] for o in definitions if o["type"] in (1, 2)]
                raise StandInError(f"/{command}: no subcommand {part!r} (has {subs})")
            path.append(sub)
            definitions = sub.get("options") or []
        if any(o["type"] in (1, 2) for o in definitions):
            subs = [o["name"] for o in definitions if o["type"] in (1, 2)]
            raise StandInError(f"/{command} needs a subcommand: {subs}")
        if focused is not None and focused not in options:
            raise StandInError(f"focused option {focused!r} must be in options")
        leaf = self._options(command, definitions, options, focused, resolved, channel, user_id)
        nested: list[JSON] = leaf
        for sub in reversed(path):
            nested = [{"type": sub["type"], "name": sub["name"], "options": nested}]
        data: JSON = {"id": root["id"], "name": root["name"], "type": 1, "options": nested}
        if scope is not None:
            data["guild_id"] = str(scope)
        if resolved:
            data["resolved"] = resolved
        return data

    def _options(
        self,
        command: str,
        definitions: list[JSON],
        given: dict[str, Any],
        focused: str | None,
        resolved: JSON,
        channel: _Channel,
        user_id: int,
    ) -> list[JSON]:
        by_name = {d["name"]: d for d in definitions}
        if focused is None:
            missing = [
                d["name"] for d in definitions if d.get("required") and d["name"] not in given
            ]
            if missing:
                raise StandInError(f"/{command}: Discord requires options {missing}")
        out: list[JSON] = []
        for name, value in given.items():
            spec = by_name.get(name)
            if spec is None:
                raise StandInError(f"/{command} has no option {name!r} (has {sorted(by_name)})")
            if name == focused:
                # Discord sends whatever the user has typed so far, unvalidated.
                out.append({"name": name, "type": spec["type"], "value": value, "focused": True})
                continue
            converted = self._option_value(command, spec, value, resolved, channel, user_id)
            out.append({"name": name, "type": spec["type"], "value": converted})
        return out

    def _option_value(
        self,
        command: str,
        spec: JSON,
        value: Any,
        resolved: JSON,
        channel: _Channel,
        user_id: int,
    ) -> Any:
        kind = spec["type"]
        label = f"/{command} option {spec['name']!r}"
        converted: Any
        if kind == 3:
            converted = str(value)
            if len(converted) < int(spec.get("min_length", 0)):
                raise StandInError(f"{label}: shorter than min_length {spec['min_length']}")
            if "max_length" in spec and len(converted) > int(spec["max_length"]):
                raise StandInError(f"{label}: longer than max_length {spec['max_length']}")
        elif kind == 4:
            if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
                raise StandInError(f"{label}: expects an integer, got {value!r}")
            converted = int(value)
        elif kind == 10:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise StandInError(f"{label}: expects a number, got {value!r}")
            converted = float(value)
        elif kind == 5:
            if not isinstance(value, bool):
                raise StandInError(f"{label}: expects a bool, got {value!r}")
            converted = value
        elif kind in (6, 7, 8, 9):
            converted = self._resolve(label, kind, int(value), resolved, channel)
        else:
            raise StandInError(f"{label}: option type {kind} is not supported by the stand-in")
        if kind in (4, 10):
            if "min_value" in spec and converted < spec["min_value"]:
                raise StandInError(f"{label}: below min_value {spec['min_value']}")
            if "max_value" in spec and converted > spec["max_value"]:
                raise StandInError(f"{label}: above max_value {spec['max_value']}")
        choices = spec.get("choices")
        if choices and converted not in [c["value"] for c in choices]:
            raise StandInError(f"{label}: {converted!r} is not one of the choices {choices}")
        return converted

    def _resolve(self, label: str, kind: int, oid: int, resolved: JSON, channel: _Channel) -> str:
        guild = self._guilds[channel.guild_id]
        if kind in (6, 9) and oid in self._users:
            resolved.setdefault("users", {})[str(oid)] = self._users[oid]
            member = guild.members.get(oid)
            if member is not None:
                public = self._public_member(member)
                public.pop("user")
                public["permissions"] = member.get("permissions", "0")
                resolved.setdefault("members", {})[str(oid)] = public
            return str(oid)
        if kind in (8, 9) and oid in guild.roles:
            resolved.setdefault("roles", {})[str(oid)] = guild.roles[oid]
            return str(oid)
        if kind == 7 and oid in self._channels:
            target = self._channels[oid]
            resolved.setdefault("channels", {})[str(oid)] = {
                "id": str(oid),
                "type": 0,
                "name": target.name,
                "guild_id": str(target.guild_id),
                "permissions": str(ALL_PERMISSIONS),
                "position": target.position,
                "parent_id": None,
                "nsfw": False,
            }
            return str(oid)
        raise StandInError(f"{label}: nothing with id {oid} to resolve")

    async def _send_interaction(
        self,
        kind: int,
        user_id: int,
        channel_id: int,
        data: JSON,
        message_id: int | None,
        timeout: float,
    ) -> _Interaction:
        channel = self._channel(channel_id)
        guild = self._guilds[channel.guild_id]
        member = guild.members.get(user_id)
        if member is None:
            raise StandInError(f"user {user_id} is not a member of guild {guild.id}")
        try:
            await asyncio.wait_for(self._connected.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(f"bot not connected to the gateway within {timeout}s") from None
        iid = self._snowflake()
        token = f"itoken-{iid}-{uuid.uuid4().hex}"
        rec = _Interaction(
            id=iid,
            token=token,
            type=kind,
            channel_id=channel_id,
            guild_id=guild.id,
            user_id=user_id,
            created=time.monotonic(),
            component_message_id=message_id,
        )
        self._interactions[token] = rec
        permissions = member.get("permissions", "0")
        payload: JSON = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
            "channel_id": str(channel_id),
            "channel": {
                "id": str(channel_id),
                "type": 0,
                "guild_id": str(guild.id),
                "name": channel.name,
                "position": channel.position,
                "nsfw": False,
                "parent_id": None,
                "permissions": permissions,
            },
            "member": {**self._public_member(member), "permissions": permissions},
            "app_permissions": str(channel.bot_permissions),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
            "data": data,
        }
        if message_id is not None:
            payload["message"] = copy.deepcopy(self._messages[message_id])
        self._dispatch("INTERACTION_CREATE", payload)
        return rec

    async def _until(
        self, predicate: Callable[[], bool], timeout: float, what: str, rec: _Interaction
    ) -> None:
        deadline = rec.created + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"no {what} for interaction {rec.id} within {timeout}s; "
                    f"recent calls: {self._recent_calls()}"
                )
            await asyncio.sleep(0.01)

    async def _await_reply(self, rec: _Interaction, timeout: float) -> Reply:
        await self._until(lambda: rec.callback_type is not None, timeout, "callback", rec)
        if rec.callback_type == CB_DEFERRED_MESSAGE:
            await self._until(
                lambda: rec.original_edited or bool(rec.followup_ids),
                timeout,
                "edit or followup after the deferred response",
                rec,
            )
        # Let followups / edits that come right after settle.
        deadline = rec.created + timeout
        while time.monotonic() - rec.last_activity < self.followup_grace:
            if time.monotonic() > deadline:
                break
            await asyncio.sleep(0.02)
        return self._reply(rec)

    def _reply(self, rec: _Interaction) -> Reply:
        kind = rec.callback_type or 0
        shown: JSON | None = None
        if rec.original_id is not None:
            shown = self._messages.get(rec.original_id) or rec.original_snapshot
        followups = [
            copy.deepcopy(self._messages.get(mid) or rec.followup_snapshots[mid])
            for mid in rec.followup_ids
        ]
        return Reply(
            type=kind,
            content=shown["content"] if shown is not None else None,
            embeds=copy.deepcopy(shown["embeds"]) if shown is not None else [],
            components=copy.deepcopy(shown["components"]) if shown is not None else [],
            ephemeral=bool(shown is not None and int(shown["flags"]) & EPHEMERAL),
            message_id=rec.original_id,
            followups=followups,
            choices=copy.deepcopy(rec.choices),
            modal=copy.deepcopy(rec.modal),
            interaction_id=rec.id,
        )

    def _interaction_message_extra(self, rec: _Interaction) -> JSON:
        return {
            "webhook_id": str(self.application_id),
            "application_id": str(self.application_id),
            "interaction_metadata": {
                "id": str(rec.id),
                "type": rec.type,
                "user": self._users[rec.user_id],
                "authorizing_integration_owners": {"0": str(rec.guild_id)},
            },
        }

    # ------------------------------------------------------------------ REST plumbing

    async def _read_body(self, request: web.Request) -> tuple[Any, list[JSON]]:
        files: list[JSON] = []
        if request.content_type.startswith("multipart/"):
            payload: Any = None
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue
                name = part.name
                raw = bytes(await part.read())
                if name == "payload_json":
                    payload = json.loads(raw.decode())
                else:
                    files.append(
                        {
                            "name": name,
                            "filename": part.filename or "file",
                            "content_type": part.headers.get("Content-Type", ""),
                            "data": raw,
                        }
                    )
            return payload, files
        raw_body = await request.read()
        if not raw_body:
            return None, files
        try:
            return json.loads(raw_body), files
        except ValueError:
            return raw_body.decode(errors="replace"), files

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        method = request.method.upper()
        body, files = await self._read_body(request)
        call = Call(method, path, dict(request.query), body, 0)
        self.calls.append(call)

        for rule in self._rules:
            if rule.times > 0 and rule.method == method and rule.path.search(path):
                rule.times -= 1
                call.status = rule.status
                return _json_response(rule.status, rule.body, rule.headers)

        status, result = self._route(method, path, request.query, body, files)
        call.status = status
        if result is None:
            return web.Response(status=status)
        return _json_response(status, result)

    def _route(
        self, method: str, path: str, query: Any, body: Any, files: list[JSON]
    ) -> tuple[int, Any]:
        for pattern, handlers in self._routes():
            match = re.fullmatch(pattern, path)
            if match is None:
                continue
            handler = handlers.get(method)
            if handler is None:
                return _error(405, "405: Method Not Allowed")
            args = {k: v for k, v in match.groupdict().items()}
            return handler(args, query, body if isinstance(body, dict | list) else {}, files)
        return _error(404, "404: Not Found")

    def _routes(self) -> list[tuple[str, dict[str, Callable[..., tuple[int, Any]]]]]:
        cmds = r"/applications/(?P<app>\d+)(?:/guilds/(?P<gid>\d+))?/commands"
        hook = r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)"
        msgs = r"/channels/(?P<cid>\d+)/messages"
        return [
            (r"/users/@me", {"GET": lambda *_: (200, self._users[self.bot_user_id])}),
            (r"/users/(?P<uid>\d+)", {"GET": self._get_user}),
            (r"/(?:oauth2/)?applications/@me", {"GET": lambda *_: (200, self._app_payload())}),
            (r"/gateway", {"GET": lambda *_: (200, {"url": self.gateway_url})}),
            (r"/gateway/bot", {"GET": lambda *_: (200, self._gateway_bot())}),
            (
                cmds,
                {"GET": self._list_commands, "PUT": self._put_commands, "POST": self._post_command},
            ),
            (
                cmds + r"/(?P<cmd>\d+)",
                {
                    "GET": self._get_command,
                    "PATCH": self._patch_command,
                    "DELETE": self._del_command,
                },
            ),
            (r"/channels/(?P<cid>\d+)", {"GET": self._get_channel}),
            (r"/channels/(?P<cid>\d+)/typing", {"POST": self._typing}),
            (msgs, {"GET": self._history, "POST": self._post_message}),
            (
                msgs + r"/(?P<mid>\d+)",
                {
                    "GET": self._get_message,
                    "PATCH": self._patch_message,
                    "DELETE": self._del_message,
                },
            ),
            (msgs + r"/pins", {"GET": self._list_pins}),
            (r"/channels/(?P<cid>\d+)/pins", {"GET": self._list_pins_legacy}),
            (
                r"/channels/(?P<cid>\d+)/(?:messages/)?pins/(?P<mid>\d+)",
                {"PUT": self._pin, "DELETE": self._unpin},
            ),
            (r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", {"POST": self._callback}),
            (hook, {"POST": self._followup, "GET": self._get_hook}),
            (
                hook + r"/messages/(?P<mid>@original|\d+)",
                {"GET": self._hook_get, "PATCH": self._hook_patch, "DELETE": self._hook_delete},
            ),
            (r"/guilds/(?P<gid>\d+)", {"GET": self._get_guild}),
            (r"/guilds/(?P<gid>\d+)/channels", {"GET": self._get_guild_channels}),
            (r"/guilds/(?P<gid>\d+)/members/(?P<uid>\d+)", {"GET": self._get_member}),
        ]

    # ------------------------------------------------------------------ REST handlers

    def _gateway_bot(self) -> JSON:
        return {
            "url": self.gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 1000,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    def _get_user(self, a: JSON, *_: Any) -> tuple[int, Any]:
        user = self._users.get(int(a["uid"]))
        return (200, user) if user else _error(404, "Unknown User", 10013)

    def _scope(self, a: JSON) -> int | None:
        return int(a["gid"]) if a.get("gid") else None

    def _stored_command(self, a: JSON, spec: JSON) -> JSON:
        scope = self._scope(a)
        key = (scope, spec["name"], int(spec.get("type", 1)))
        cid = self._command_ids.setdefault(key, self._snowflake())
        stored: JSON = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            **copy.deepcopy(spec),
            "id": str(cid),
            "application_id": str(self.application_id),
            "version": str(self._snowflake()),
        }
        if scope is not None:
            stored["guild_id"] = str(scope)
        return stored

    def _check_app(self, a: JSON) -> tuple[int, Any] | None:
        if int(a["app"]) != self.application_id:
            return _error(403, "Missing Access", 50001)
        return None

    def _list_commands(self, a: JSON, *_: Any) -> tuple[int, Any]:
        return self._check_app(a) or (200, self.commands.get(self._scope(a), []))

    def _put_commands(self, a: JSON, _q: Any, body: Any, _f: Any) -> tuple[int, Any]:
        if (denied := self._check_app(a)) is not None:
            return denied
        if not isinstance(body, list):
            return _error(400, "Invalid Form Body", 50035)
        stored = [self._stored_command(a, spec) for spec in body]
        self.commands[self._scope(a)] = stored
        return 200, stored

    def _post_command(self, a: JSON, _q: Any, body: Any, _f: Any) -> tuple[int, Any]:
        if (denied := self._check_app(a)) is not None:
            return denied
        stored = self._stored_command(a, body)
        scope = self.commands.setdefault(self._scope(a), [])
        scope[:] = [c for c in scope if c["id"] != stored["id"]] + [stored]
        return 201, stored

    def _find_stored_command(self, a: JSON) -> JSON | None:
        return next((c for c in self.commands.get(self._scope(a), []) if c["id"] == a["cmd"]), None)

    def _get_command(self, a: JSON, *_: Any) -> tuple[int, Any]:
        found = self._find_stored_command(a)
        return (200, found) if found else _error(404, "Unknown application command", 10063)

    def _patch_command(self, a: JSON, _q: Any, body: Any, _f: Any) -> tuple[int, Any]:
        found = self._find_stored_command(a)
        if found is None:
            return _error(404, "Unknown application command", 10063)
        found.update({k: v for k, v in body.items() if k not in ("id", "application_id")})
        return 200, found

    def _del_command(self, a: JSON, *_: Any) -> tuple[int, Any]:
        found = self._find_stored_command(a)
        if found is None:
            return _error(404, "Unknown application command", 10063)
        self.commands[self._scope(a)].remove(found)
        return 204, None

    def _get_channel(self, a: JSON, *_: Any) -> tuple[int, Any]:
        channel = self._channels.get(int(a["cid"]))
        return (
            (200, self._channel_payload(channel))
            if channel
            else _error(404, "Unknown Channel", 10003)
        )

    def _typing(self, a: JSON, *_: Any) -> tuple[int, Any]:
        return (
            (204, None)
            if int(a["cid"]) in self._channels
            else _error(404, "Unknown Channel", 10003)
        )

    def _history(self, a: JSON, query: Any, *_: Any) -> tuple[int, Any]:
        cid = int(a["cid"])
        if cid not in self._channels:
            return _error(404, "Unknown Channel", 10003)
        limit = max(1, min(100, int(query.get("limit", 50))))
        ids = [m for m in self._channel_order.get(cid, []) if m not in self._hidden]
        if "before" in query:
            ids = [m for m in ids if m < int(query["before"])][-limit:]
        elif "after" in query:
            ids = [m for m in ids if m > int(query["after"])][:limit]
        elif "around" in query:
            around = int(query["around"])
            older = [m for m in ids if m < around][-(limit // 2) :] if limit > 1 else []
            newer = [m for m in ids if m >= around][: limit - len(older)]
            ids = older + newer
        else:
            ids = ids[-limit:]
        return 200, [self._messages[m] for m in reversed(ids)]

    def _post_message(self, a: JSON, _q: Any, body: Any, files: list[JSON]) -> tuple[int, Any]:
        cid = int(a["cid"])
        if cid not in self._channels:
            return _error(404, "Unknown Channel", 10003)
        if (problem := _new_message_error(body, files)) is not None:
            return problem
        return 200, self._new_message(cid, body, files)

    def _get_message(self, a: JSON, *_: Any) -> tuple[int, Any]:
        found = self._channel_message(int(a["cid"]), int(a["mid"]))
        return (200, found) if found else _error(404, "Unknown Message", 10008)

    def _patch_message(self, a: JSON, _q: Any, body: Any, files: list[JSON]) -> tuple[int, Any]:
        found = self._channel_message(int(a["cid"]), int(a["mid"]))
        if found is None:
            return _error(404, "Unknown Message", 10008)
        if (problem := _edit_error(body)) is not None:
            return problem
        return 200, self._edit_message(found, body, files)

    def _del_message(self, a: JSON, *_: Any) -> tuple[int, Any]:
        if self._channel_message(int(a["cid"]), int(a["mid"])) is None:
            return _error(404, "Unknown Message", 10008)
        self._delete_message(int(a["mid"]))
        return 204, None

    def _list_pins(self, a: JSON, *_: Any) -> tuple[int, Any]:
        cid = int(a["cid"])
        items = [
            {"pinned_at": at, "message": self._messages[mid]}
            for mid, at in reversed(self._pins.get(cid, []))
        ]
        return 200, {"items": items, "has_more": False}

    def _list_pins_legacy(self, a: JSON, *_: Any) -> tuple[int, Any]:
        cid = int(a["cid"])
        return 200, [self._messages[mid] for mid, _ in reversed(self._pins.get(cid, []))]

    def _pin(self, a: JSON, *_: Any) -> tuple[int, Any]:
        cid, mid = int(a["cid"]), int(a["mid"])
        channel = self._channels.get(cid)
        if channel is None:
            return _error(404, "Unknown Channel", 10003)
        if not channel.bot_permissions & (MANAGE_MESSAGES | PIN_MESSAGES):
            return _error(403, "Missing Permissions", 50013)
        message = self._channel_message(cid, mid)
        if message is None:
            return _error(404, "Unknown Message", 10008)
        pins = self._pins.setdefault(cid, [])
        if mid not in [m for m, _ in pins]:
            if len(pins) >= 250:
                return _error(400, "Maximum number of pins reached (250)", 30003)
            pins.append((mid, _now()))
        message["pinned"] = True
        return 204, None

    def _unpin(self, a: JSON, *_: Any) -> tuple[int, Any]:
        cid, mid = int(a["cid"]), int(a["mid"])
        channel = self._channels.get(cid)
        if channel is None:
            return _error(404, "Unknown Channel", 10003)
        if not channel.bot_permissions & (MANAGE_MESSAGES | PIN_MESSAGES):
            return _error(403, "Missing Permissions", 50013)
        message = self._channel_message(cid, mid)
        if message is None:
            return _error(404, "Unknown Message", 10008)
        self._pins[cid] = [(m, at) for m, at in self._pins.get(cid, []) if m != mid]
        message["pinned"] = False
        return 204, None

    def _get_guild(self, a: JSON, *_: Any) -> tuple[int, Any]:
        guild = self._guilds.get(int(a["gid"]))
        if guild is None:
            return _error(404, "Unknown Guild", 10004)
        payload = self._guild_payload(guild)
        for key in ("channels", "members", "threads", "presences", "voice_states", "joined_at"):
            payload.pop(key, None)
        return 200, payload

    def _get_guild_channels(self, a: JSON, *_: Any) -> tuple[int, Any]:
        guild = self._guilds.get(int(a["gid"]))
        if guild is None:
            return _error(404, "Unknown Guild", 10004)
        return 200, [self._channel_payload(self._channels[c]) for c in guild.channels]

    def _get_member(self, a: JSON, *_: Any) -> tuple[int, Any]:
        guild = self._guilds.get(int(a["gid"]))
        if guild is None:
            return _error(404, "Unknown Guild", 10004)
        member = guild.members.get(int(a["uid"]))
        return (
            (200, self._public_member(member)) if member else _error(404, "Unknown Member", 10007)
        )

    # --- interaction callback and webhooks

    def _callback(self, a: JSON, _q: Any, body: Any, files: list[JSON]) -> tuple[int, Any]:
        rec = self._interactions.get(a["token"])
        if rec is None or str(rec.id) != a["iid"]:
            return _error(404, "Unknown interaction", 10062)
        if rec.callback_type is not None:
            return _error(400, "Interaction has already been acknowledged.", 40060)
        if time.monotonic() - rec.created > self.interaction_deadline:
            return _error(404, "Unknown interaction", 10062)
        kind = int(body.get("type", 0))
        data: JSON = body.get("data") or {}
        allowed = {
            IT_COMMAND: (CB_MESSAGE, CB_DEFERRED_MESSAGE, CB_MODAL),
            IT_COMPONENT: (
                CB_MESSAGE,
                CB_DEFERRED_MESSAGE,
                CB_DEFERRED_UPDATE,
                CB_UPDATE_MESSAGE,
                CB_MODAL,
            ),
            IT_AUTOCOMPLETE: (CB_AUTOCOMPLETE,),
        }[rec.type]
        if kind not in allowed:
            return _error(400, f"Interaction callback type {kind} is invalid here", 50035)
        message: JSON | None = None
        if kind == CB_MESSAGE:
            if (problem := _new_message_error(data, files)) is not None:
                return problem
            kind_of_message = 20 if rec.type == IT_COMMAND else 0
            message = self._new_message(
                rec.channel_id,
                data,
                files,
                kind=kind_of_message,
                extra=self._interaction_message_extra(rec),
            )
        elif kind == CB_DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self._new_message(
                rec.channel_id,
                {},
                [],
                kind=20 if rec.type == IT_COMMAND else 0,
                flags=flags,
                extra=self._interaction_message_extra(rec),
            )
        elif kind in (CB_DEFERRED_UPDATE, CB_UPDATE_MESSAGE):
            assert rec.component_message_id is not None
            target = self._messages.get(rec.component_message_id)
            if target is None:
                return _error(404, "Unknown Message", 10008)
            if kind == CB_UPDATE_MESSAGE:
                if (problem := _edit_error(data)) is not None:
                    return problem
                self._edit_message(target, data, files)
            message = target
        elif kind == CB_AUTOCOMPLETE:
            if problems := _choice_problems(list(data.get("choices") or [])):
                return _invalid_form(problems)
            rec.choices = list(data.get("choices") or [])
        elif kind == CB_MODAL:
            rec.modal = copy.deepcopy(data)
        rec.callback_type = kind
        rec.last_activity = time.monotonic()
        interaction: JSON = {
            "id": str(rec.id),
            "type": rec.type,
            "response_message_loading": kind == CB_DEFERRED_MESSAGE,
            "response_message_ephemeral": bool(message and int(message["flags"]) & EPHEMERAL),
        }
        resource: JSON = {"type": kind}
        if message is not None:
            rec.original_id = int(message["id"])
            rec.original_snapshot = copy.deepcopy(message)
            interaction["response_message_id"] = message["id"]
            resource["message"] = message
        return 200, {"interaction": interaction, "resource": resource}

    def _hook_interaction(self, a: JSON) -> _Interaction | None:
        rec = self._interactions.get(a["token"])
        if rec is None or int(a["app"]) != self.application_id:
            return None
        return rec

    def _get_hook(self, a: JSON, *_: Any) -> tuple[int, Any]:
        if self._hook_interaction(a) is None:
            return _error(404, "Unknown Webhook", 10015)
        return 200, {
            "id": a["app"],
            "type": 3,
            "application_id": a["app"],
            "name": self.bot_name,
            "avatar": None,
            "token": a["token"],
        }

    def _followup(self, a: JSON, query: Any, body: Any, files: list[JSON]) -> tuple[int, Any]:
        rec = self._hook_interaction(a)
        if rec is None or rec.callback_type is None:
            return _error(404, "Unknown Webhook", 10015)
        if (problem := _new_message_error(body, files)) is not None:
            return problem
        rec.last_activity = time.monotonic()
        original = self._messages.get(rec.original_id or 0)
        if (
            rec.callback_type == CB_DEFERRED_MESSAGE
            and original is not None
            and int(original["flags"]) & LOADING
        ):
            # Discord: the first followup after a deferred response replaces the "thinking"
            # message (keeping the defer's ephemerality) instead of posting a new one.
            edits = {k: v for k, v in body.items() if k != "flags"}
            message = self._edit_message(original, edits, files)
            message["edited_timestamp"] = None
            rec.original_edited = True
        else:
            message = self._new_message(
                rec.channel_id, body, files, extra=self._interaction_message_extra(rec)
            )
        mid = int(message["id"])
        rec.followup_ids.append(mid)
        rec.followup_snapshots[mid] = copy.deepcopy(message)
        if str(query.get("wait", "false")).lower() not in ("true", "1"):
            return 204, None
        return 200, message

    def _hook_message(self, a: JSON) -> tuple[_Interaction | None, JSON | None]:
        rec = self._hook_interaction(a)
        if rec is None:
            return None, None
        if a["mid"] == "@original":
            mid = rec.original_id
        else:
            mid = int(a["mid"])
            if mid != rec.original_id and mid not in rec.followup_ids:
                mid = None
        return rec, self._messages.get(mid) if mid is not None else None

    def _hook_get(self, a: JSON, *_: Any) -> tuple[int, Any]:
        rec, message = self._hook_message(a)
        if rec is None:
            return _error(404, "Unknown Webhook", 10015)
        return (200, message) if message else _error(404, "Unknown Message", 10008)

    def _hook_patch(self, a: JSON, _q: Any, body: Any, files: list[JSON]) -> tuple[int, Any]:
        rec, message = self._hook_message(a)
        if rec is None:
            return _error(404, "Unknown Webhook", 10015)
        if message is None:
            return _error(404, "Unknown Message", 10008)
        if (problem := _edit_error(body)) is not None:
            return problem
        rec.last_activity = time.monotonic()
        self._edit_message(message, body, files)
        mid = int(message["id"])
        if mid == rec.original_id:
            rec.original_edited = True
            rec.original_snapshot = copy.deepcopy(message)
        if mid in rec.followup_snapshots:
            rec.followup_snapshots[mid] = copy.deepcopy(message)
        return 200, message

    def _hook_delete(self, a: JSON, *_: Any) -> tuple[int, Any]:
        rec, message = self._hook_message(a)
        if rec is None:
            return _error(404, "Unknown Webhook", 10015)
        if message is None:
            return _error(404, "Unknown Message", 10008)
        rec.last_activity = time.monotonic()
        self._delete_message(int(message["id"]))
        return 204, None


__all__ = ["Call", "Reply", "StandIn", "StandInError"]
