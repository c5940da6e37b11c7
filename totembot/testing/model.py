"""The stand-in's world: snowflakes, users, guilds, channels, and the payloads describing them.

Payloads carry the fields Discord sends to bots that discord.py reads; the world dispatches
gateway events through ``World.dispatch`` so the bot's cache follows every change.
"""

from __future__ import annotations

import datetime as dt
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
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

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15


class StandInError(RuntimeError):
    """A test asked the stand-in for something a real Discord user could not do."""


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


class Snowflakes:
    """Increasing ids that carry the current time, as Discord's do."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)
        self._last = 0

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = max((ms << 22) | (next(self._counter) & 0xFFF), self._last + 1)
        self._last = value
        return value


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    channels: list[int] = field(default_factory=list)
    members: dict[int, JSON] = field(default_factory=dict)
    roles: dict[int, JSON] = field(default_factory=dict)
    joined_at: str = ""


@dataclass
class Channel:
    id: int
    guild_id: int
    name: str
    position: int
    bot_permissions: int = DEFAULT_BOT_PERMISSIONS


def user_payload(user_id: int, name: str) -> JSON:
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "global_name": None,
        "avatar": None,
        "bot": False,
        "public_flags": 0,
    }


def role_payload(role_id: int, name: str, permissions: int, position: int = 1) -> JSON:
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


class World:
    """Who and what exists; every change is dispatched to the connected bot."""

    def __init__(self, application_id: int, bot_user_id: int, bot_name: str) -> None:
        self.application_id = application_id
        self.bot_user_id = bot_user_id
        self.bot_name = bot_name
        self.app_owner_id = 1
        self.api_base = ""
        self.gateway_url = ""
        self.recommended_shards = 1  # GET /gateway/bot's `shards`
        self.snowflakes = Snowflakes()
        self.users: dict[int, JSON] = {bot_user_id: {**user_payload(bot_user_id, bot_name)}}
        self.users[bot_user_id]["bot"] = True
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.dispatch: Callable[[str, JSON], object] = lambda _event, _data: None

    # --- changes

    def add_guild(self, guild_id: int, name: str, owner_id: int) -> None:
        guild = Guild(id=guild_id, name=name, owner_id=owner_id, joined_at=now_iso())
        guild.roles[guild_id] = role_payload(guild_id, "@everyone", 0, position=0)
        guild.members[self.bot_user_id] = self.member_payload(self.bot_user_id, None, [])
        self.guilds[guild_id] = guild
        self.dispatch("GUILD_CREATE", self.guild_payload(guild))

    def add_channel(self, guild_id: int, channel_id: int, name: str) -> Channel:
        guild = self.guild(guild_id)
        channel = Channel(channel_id, guild_id, name, position=len(guild.channels))
        self.channels[channel_id] = channel
        guild.channels.append(channel_id)
        self.dispatch("CHANNEL_CREATE", self.channel_payload(channel))
        return channel

    def add_member(
        self, guild_id: int, user_id: int, name: str, display_name: str | None, permissions: int
    ) -> None:
        guild = self.guild(guild_id)
        self.users[user_id] = user_payload(user_id, name)
        roles: list[int] = []
        if permissions:
            roles.append(self._personal_role(guild, user_id, name, permissions))
        member = self.member_payload(user_id, display_name, roles)
        member["permissions"] = str(permissions)
        event = "GUILD_MEMBER_UPDATE" if user_id in guild.members else "GUILD_MEMBER_ADD"
        guild.members[user_id] = member
        self.dispatch(event, {**self.public_member(member), "guild_id": str(guild_id)})

    def _personal_role(self, guild: Guild, user_id: int, name: str, permissions: int) -> int:
        """A role of the member's own, so discord.py's cached permissions_for() matches too."""
        old = guild.members.get(user_id)
        role_id = int(old["roles"][0]) if old and old["roles"] else self.snowflakes.next()
        event = "GUILD_ROLE_UPDATE" if role_id in guild.roles else "GUILD_ROLE_CREATE"
        guild.roles[role_id] = role_payload(role_id, f"perms-{name}", permissions)
        self.dispatch(event, {"guild_id": str(guild.id), "role": guild.roles[role_id]})
        return role_id

    def set_bot_permissions(self, channel_id: int, permissions: int) -> None:
        channel = self.channel(channel_id)
        channel.bot_permissions = permissions
        self.dispatch("CHANNEL_UPDATE", self.channel_payload(channel))

    # --- look-ups that a test may get wrong

    def guild(self, guild_id: int) -> Guild:
        try:
            return self.guilds[guild_id]
        except KeyError:
            raise StandInError(f"unknown guild {guild_id}; call add_guild first") from None

    def channel(self, channel_id: int) -> Channel:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise StandInError(f"unknown channel {channel_id}; call add_channel first") from None

    # --- payloads

    def member_payload(self, user_id: int, nick: str | None, roles: list[int]) -> JSON:
        return {
            "user": self.users[user_id],
            "roles": [str(r) for r in roles],
            "nick": nick,
            "joined_at": now_iso(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "avatar": None,
            "premium_since": None,
            "communication_disabled_until": None,
        }

    def public_member(self, member: JSON) -> JSON:
        """A member as Discord shows it (our private ``permissions`` note removed)."""
        out = {k: v for k, v in member.items() if k != "permissions"}
        out["user"] = self.users[int(member["user"]["id"])]
        return out

    def channel_payload(self, channel: Channel) -> JSON:
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

    def guild_payload(self, guild: Guild) -> JSON:
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
            "channels": [self.channel_payload(self.channels[c]) for c in guild.channels],
            "members": [self.public_member(m) for m in guild.members.values()],
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

    def app_payload(self) -> JSON:
        owner = self.users.get(self.app_owner_id) or user_payload(self.app_owner_id, "owner")
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
            "bot": self.users[self.bot_user_id],
        }
