"""Acting as a member: slash commands, autocomplete, button clicks and select menu choices sent
over the gateway, and
the wait for what the member would then see.

A reply is complete once the bot has answered the callback (and, after a deferred message
response, sent its first followup or edit), any followups asked for have arrived, and the
interaction has been quiet for ``grace`` seconds. No answer within the deadline gives a Reply
whose ``shown_error`` is Discord's "This interaction failed".
"""

from __future__ import annotations

import asyncio
import copy
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from totembot.testing.gateway import Gateway
from totembot.testing.interactions import InteractionRoutes
from totembot.testing.messages import MessageStore
from totembot.testing.model import JSON, StandInError, World
from totembot.testing.options import CommandInput
from totembot.testing.records import (
    CB_AUTOCOMPLETE,
    CB_DEFERRED_MESSAGE,
    IT_AUTOCOMPLETE,
    IT_COMMAND,
    IT_COMPONENT,
    IT_MODAL_SUBMIT,
    Interaction,
    Reply,
    reply_of,
)
from totembot.testing.validation import walk_components
from totembot.testing.waiting import Changes


@dataclass(frozen=True)
class Forged:
    """An interaction that does not come from where it claims, as an attacker would forge one
    (defence in depth: Discord signs real ones). It names the real channel but claims the
    server `guild_id`, or, with None, comes as a direct message naming that channel."""

    guild_id: int | None = None


@dataclass(frozen=True)
class Wait:
    """How long to wait for a reply, and how many followups it must have by then."""

    timeout: float = 10
    followups: int = 0


class Member:
    """Sends interactions as members and waits for the bot's answers."""

    def __init__(
        self,
        world: World,
        messages: MessageStore,
        gateway: Gateway,
        interactions: InteractionRoutes,
        commands: CommandInput,
        changes: Changes,
        recent: Callable[[], str],
    ) -> None:
        self.world = world
        self.messages = messages
        self.gateway = gateway
        self.interactions = interactions
        self.commands = commands
        self.changes = changes
        self.recent = recent
        self.deadline = 3.0
        self.grace = 0.1
        self.pressed_message: dict[int, int] = {}  # interaction id: the message pressed on

    async def slash(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any],
        *,
        wait: Wait,
        forged: Forged | None = None,
    ) -> Reply:
        channel = self.world.channel(channel_id)
        data = self.commands.data(channel, command, options, focused=None)
        rec = await self.send(
            IT_COMMAND, user_id, channel_id, data, None, wait.timeout, forged=forged
        )
        return await self.await_reply(rec, wait)

    async def autocomplete(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any],
        focused: str,
        timeout: float,
        forged: Forged | None = None,
    ) -> list[JSON]:
        channel = self.world.channel(channel_id)
        data = self.commands.data(channel, command, options, focused=focused)
        rec = await self.send(
            IT_AUTOCOMPLETE, user_id, channel_id, data, None, timeout, forged=forged
        )
        if not await self._answered(rec, timeout):
            raise StandInError(f"autocomplete for /{command} got no answer in time (deadline)")
        if rec.callback_type != CB_AUTOCOMPLETE:
            raise StandInError(f"bot answered autocomplete with callback type {rec.callback_type}")
        return copy.deepcopy(rec.choices)

    async def click(
        self,
        user_id: int,
        channel_id: int,
        message_id: int,
        custom_id: str,
        *,
        wait: Wait,
        forged: Forged | None = None,
    ) -> Reply:
        message = self.messages.by_id.get(message_id)
        if message is None or int(message["channel_id"]) != channel_id:
            raise StandInError(f"no message {message_id} in channel {channel_id} to click on")
        found = walk_components(message.get("components") or [])
        buttons = [c for c in found if c.get("type") == 2 and c.get("custom_id") == custom_id]
        if not buttons:
            present = [c.get("custom_id") for c in found if c.get("custom_id")]
            raise StandInError(f"message {message_id} has no button {custom_id!r}: {present}")
        if buttons[0].get("disabled"):
            raise StandInError(f"button {custom_id!r} on message {message_id} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        rec = await self.send(
            IT_COMPONENT, user_id, channel_id, data, message_id, wait.timeout, forged=forged
        )
        return await self.await_reply(rec, wait)

    async def forged_click(
        self, user_id: int, channel_id: int, message_id: int, custom_id: str, *, wait: Wait
    ) -> Reply:
        """A button press Discord would not send, as an attacker's own client might: the custom
        id need not be one the message has (the payload's copy of the message carries it in
        place of its first button, where discord.py looks for it), and the channel need not be
        the message's."""
        message = self.messages.by_id.get(message_id)
        if message is None:
            raise StandInError(f"no message {message_id} to forge a click on")
        data = {"custom_id": custom_id, "component_type": 2}
        shown = with_custom_id(message, custom_id)
        rec = await self.send(
            IT_COMPONENT, user_id, channel_id, data, message_id, wait.timeout, shown=shown
        )
        return await self.await_reply(rec, wait)

    async def select(
        self,
        user_id: int,
        channel_id: int,
        message_id: int,
        custom_id: str,
        values: list[str],
        *,
        wait: Wait,
        forged: Forged | None = None,
    ) -> Reply:
        """Choose `values` in a string select menu, as the client sends it (component type 3)."""
        message = self.messages.by_id.get(message_id)
        if message is None or int(message["channel_id"]) != channel_id:
            raise StandInError(f"no message {message_id} in channel {channel_id} to choose on")
        found = walk_components(message.get("components") or [])
        menus = [c for c in found if c.get("type") == 3 and c.get("custom_id") == custom_id]
        if not menus:
            present = [c.get("custom_id") for c in found if c.get("custom_id")]
            raise StandInError(f"message {message_id} has no select menu {custom_id!r}: {present}")
        menu = menus[0]
        if menu.get("disabled"):
            raise StandInError(f"select menu {custom_id!r} on message {message_id} is disabled")
        offered = [option.get("value") for option in menu.get("options") or []]
        unknown = [value for value in values if value not in offered]
        if unknown:
            raise StandInError(f"select menu {custom_id!r} offers {offered}, not {unknown}")
        low, high = int(menu.get("min_values", 1)), int(menu.get("max_values", 1))
        if not low <= len(values) <= high:
            raise StandInError(f"select menu {custom_id!r} takes {low} to {high} values")
        data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        rec = await self.send(
            IT_COMPONENT, user_id, channel_id, data, message_id, wait.timeout, forged=forged
        )
        return await self.await_reply(rec, wait)

    async def submit_modal(
        self,
        user_id: int,
        channel_id: int,
        shown_by: Reply,
        values: dict[str, str],
        *,
        wait: Wait,
    ) -> Reply:
        """Fill in and submit the modal the bot showed as its answer `shown_by` (a press on a
        message's component: the submit carries that message, which its answer may update)."""
        modal = shown_by.modal
        if modal is None:
            raise StandInError(f"interaction {shown_by.interaction_id} showed no modal")
        fields = [c for c in walk_components(modal.get("components") or []) if c.get("type") == 4]
        known = {str(c.get("custom_id")) for c in fields}
        if unknown := set(values) - known:
            raise StandInError(f"the modal has fields {sorted(known)}, not {sorted(unknown)}")
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in values.items()
        ]
        data = {"custom_id": modal.get("custom_id"), "components": rows}
        pressed = self.pressed_message.get(shown_by.interaction_id)
        rec = await self.send(IT_MODAL_SUBMIT, user_id, channel_id, data, pressed, wait.timeout)
        return await self.await_reply(rec, wait)

    async def send(
        self,
        kind: int,
        user_id: int,
        channel_id: int,
        data: JSON,
        message_id: int | None,
        timeout: float,
        shown: JSON | None = None,
        *,
        forged: Forged | None = None,
    ) -> Interaction:
        """Dispatch INTERACTION_CREATE once the bot is connected; returns its record. `shown`:
        the message the payload carries instead of the stored one (a forged press)."""
        channel = self.world.channel(channel_id)
        guild = self.world.guilds[channel.guild_id]
        member = guild.members.get(user_id)
        if member is None:
            raise StandInError(f"user {user_id} is not a member of guild {guild.id}")
        await self.changes.until(
            lambda: self.gateway.is_connected(guild.id),
            time.monotonic() + timeout,
            lambda: f"bot not connected to the gateway for guild {guild.id} within {timeout}s",
        )
        iid = self.world.snowflakes.next()
        now = time.monotonic()
        rec = Interaction(
            id=iid,
            token=f"itoken-{iid}-{uuid.uuid4().hex}",
            type=kind,
            channel_id=channel_id,
            guild_id=guild.id,
            user_id=user_id,
            created=now,
            deadline=now + self.deadline,
            component_message_id=message_id,
            forged_message=shown,
        )
        self.interactions.by_token[rec.token] = rec
        if message_id is not None:
            self.pressed_message[rec.id] = message_id
        payload = self._payload(rec, data, member)
        if forged is not None:
            payload = self._forged(payload, forged, member)
        rec.shard = self.gateway.dispatch("INTERACTION_CREATE", payload)
        return rec

    def _payload(self, rec: Interaction, data: JSON, member: JSON) -> JSON:
        channel = self.world.channels[rec.channel_id]
        guild_id = str(rec.guild_id)
        permissions = member.get("permissions", "0")
        payload: JSON = {
            "id": str(rec.id),
            "application_id": str(self.world.application_id),
            "type": rec.type,
            "token": rec.token,
            "version": 1,
            "guild_id": guild_id,
            "guild": {"id": guild_id, "locale": "en-US", "features": []},
            "channel_id": str(channel.id),
            "channel": {
                "id": str(channel.id),
                "type": 0,
                "guild_id": guild_id,
                "name": channel.name,
                "position": channel.position,
                "nsfw": False,
                "parent_id": None,
                "permissions": permissions,
            },
            "member": {**self.world.public_member(member), "permissions": permissions},
            "app_permissions": str(channel.bot_permissions),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": guild_id},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
            "data": data,
        }
        if rec.forged_message is not None:
            payload["message"] = copy.deepcopy(rec.forged_message)
        elif rec.component_message_id is not None:
            payload["message"] = copy.deepcopy(self.messages.by_id[rec.component_message_id])
        return payload

    def _forged(self, payload: JSON, forged: Forged, member: JSON) -> JSON:
        """The payload claiming another server, or a direct message (no server, no member:
        the user, and a DM channel with the real channel's id)."""
        if forged.guild_id is not None:
            guild_id = str(forged.guild_id)
            payload["guild_id"] = guild_id
            payload["guild"] = {**payload["guild"], "id": guild_id}
            payload["channel"] = {**payload["channel"], "guild_id": guild_id}
            payload["authorizing_integration_owners"] = {"0": guild_id}
            return payload
        user = self.world.public_member(member)["user"]
        for key in ("guild_id", "guild", "member", "guild_locale"):
            payload.pop(key, None)
        payload["user"] = user
        payload["channel"] = {"id": payload["channel_id"], "type": 1, "recipients": [user]}
        payload["authorizing_integration_owners"] = {"0": "0"}
        payload["context"] = 1
        return payload

    async def _answered(self, rec: Interaction, timeout: float) -> bool:
        """Wait for the callback; False when the deadline passed without one."""
        limit = min(rec.deadline, rec.created + timeout)
        try:
            await self._until(lambda: rec.callback_type is not None, limit, "callback", rec)
        except TimeoutError:
            if limit < rec.deadline:
                raise
            return False
        return True

    async def await_reply(self, rec: Interaction, wait: Wait) -> Reply:
        if not await self._answered(rec, wait.timeout):
            return reply_of(rec, self.messages.by_id, failed=True)
        limit = rec.created + wait.timeout
        if rec.callback_type == CB_DEFERRED_MESSAGE:
            what = "edit or followup after the deferred response"
            await self._until(
                lambda: rec.original_edited or bool(rec.followup_ids), limit, what, rec
            )
        if wait.followups:
            what = f"{wait.followups} followup(s)"
            await self._until(lambda: len(rec.followup_ids) >= wait.followups, limit, what, rec)
        await self._quiet(rec, limit)
        return reply_of(rec, self.messages.by_id)

    async def _quiet(self, rec: Interaction, limit: float) -> None:
        """Let followups and edits that come right after settle: ``grace`` with no activity."""
        while (left := rec.last_activity + self.grace - time.monotonic()) > 0:
            if time.monotonic() >= limit:
                return
            await asyncio.sleep(min(left, max(0.0, limit - time.monotonic())))

    async def _until(
        self, predicate: Callable[[], bool], limit: float, what: str, rec: Interaction
    ) -> None:
        def problem() -> str:
            waited = limit - rec.created
            return f"no {what} for interaction {rec.id} within {waited:.1f}s: {self.recent()}"

        await self.changes.until(predicate, limit, problem)


def with_custom_id(message: JSON, custom_id: str) -> JSON:
    """A copy of `message` whose first button carries `custom_id` (unless a button has it)."""
    shown = copy.deepcopy(message)
    buttons = [c for c in walk_components(shown.get("components") or []) if c.get("type") == 2]
    if not buttons:
        raise StandInError(f"message {message.get('id')} has no button to forge a click on")
    if all(button.get("custom_id") != custom_id for button in buttons):
        buttons[0]["custom_id"] = custom_id
    return shown
