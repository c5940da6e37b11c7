"""REST routes of the world: users, the application, guilds, channels, messages and pins.

Channel routes never show ephemeral messages. Pinning needs MANAGE_MESSAGES or PIN_MESSAGES
(403 code 50013 otherwise); sending is not gated. A message marked with
``MessageStore.edit_limits`` answers every PATCH with Discord's 429 code 30046.
"""

from __future__ import annotations

from totembot.testing.answers import (
    Answer,
    edit_limit_reached,
    error,
    ok,
    unknown_channel,
    unknown_message,
)
from totembot.testing.messages import MessageStore
from totembot.testing.model import MANAGE_MESSAGES, PIN_MESSAGES, World
from totembot.testing.rest import Request, Routes
from totembot.testing.validation import edit_error, new_message_error

MESSAGES = r"/channels/(?P<cid>\d+)/messages"


class ChannelRoutes:
    def __init__(self, world: World, messages: MessageStore) -> None:
        self.world = world
        self.messages = messages

    def routes(self) -> Routes:
        return [
            (r"/users/@me", {"GET": self._me}),
            (r"/users/(?P<uid>\d+)", {"GET": self._get_user}),
            (r"/(?:oauth2/)?applications/@me", {"GET": self._app}),
            (r"/gateway", {"GET": self._gateway}),
            (r"/gateway/bot", {"GET": self._gateway_bot}),
            (r"/channels/(?P<cid>\d+)", {"GET": self._get_channel}),
            (r"/channels/(?P<cid>\d+)/typing", {"POST": self._typing}),
            (MESSAGES, {"GET": self._history, "POST": self._post_message}),
            (
                MESSAGES + r"/(?P<mid>\d+)",
                {"GET": self._get_message, "PATCH": self._patch_message, "DELETE": self._delete},
            ),
            (MESSAGES + r"/pins", {"GET": self._list_pins}),
            (r"/channels/(?P<cid>\d+)/pins", {"GET": self._list_pins_legacy}),
            (
                r"/channels/(?P<cid>\d+)/(?:messages/)?pins/(?P<mid>\d+)",
                {"PUT": self._pin, "DELETE": self._unpin},
            ),
            (r"/guilds/(?P<gid>\d+)", {"GET": self._get_guild}),
            (r"/guilds/(?P<gid>\d+)/channels", {"GET": self._get_guild_channels}),
            (r"/guilds/(?P<gid>\d+)/members/(?P<uid>\d+)", {"GET": self._get_member}),
        ]

    # --- users, application, gateway

    def _me(self, _req: Request) -> Answer:
        return ok(self.world.users[self.world.bot_user_id])

    def _get_user(self, req: Request) -> Answer:
        user = self.world.users.get(req.arg("uid"))
        return ok(user) if user else error(404, "Unknown User", 10013)

    def _app(self, _req: Request) -> Answer:
        return ok(self.world.app_payload())

    def _gateway(self, _req: Request) -> Answer:
        return ok({"url": self.world.gateway_url})

    def _gateway_bot(self, _req: Request) -> Answer:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        shards = self.world.recommended_shards
        return ok({"url": self.world.gateway_url, "shards": shards, "session_start_limit": limit})

    # --- channels and messages

    def _get_channel(self, req: Request) -> Answer:
        channel = self.world.channels.get(req.arg("cid"))
        return ok(self.world.channel_payload(channel)) if channel else unknown_channel()

    def _typing(self, req: Request) -> Answer:
        return ok(status=204) if req.arg("cid") in self.world.channels else unknown_channel()

    def _history(self, req: Request) -> Answer:
        cid = req.arg("cid")
        if cid not in self.world.channels:
            return unknown_channel()
        return ok(self.messages.history(cid, req.query))

    def _post_message(self, req: Request) -> Answer:
        cid = req.arg("cid")
        if cid not in self.world.channels:
            return unknown_channel()
        if (problem := new_message_error(req.json, req.files)) is not None:
            return problem
        return ok(self.messages.new(cid, req.json, req.files))

    def _get_message(self, req: Request) -> Answer:
        found = self.messages.in_channel(req.arg("cid"), req.arg("mid"))
        return ok(found) if found else unknown_message()

    def _patch_message(self, req: Request) -> Answer:
        found = self.messages.in_channel(req.arg("cid"), req.arg("mid"))
        if found is None:
            return unknown_message()
        if (retry_after := self.messages.edit_limits.get(req.arg("mid"))) is not None:
            return edit_limit_reached(retry_after)
        if (problem := edit_error(req.json)) is not None:
            return problem
        return ok(self.messages.edit(found, req.json, req.files))

    def _delete(self, req: Request) -> Answer:
        if self.messages.in_channel(req.arg("cid"), req.arg("mid")) is None:
            return unknown_message()
        self.messages.delete(req.arg("mid"))
        return ok(status=204)

    # --- pins

    def _list_pins(self, req: Request) -> Answer:
        pinned = reversed(self.messages.pinned.get(req.arg("cid"), []))
        items = [{"pinned_at": at, "message": self.messages.by_id[mid]} for mid, at in pinned]
        return ok({"items": items, "has_more": False})

    def _list_pins_legacy(self, req: Request) -> Answer:
        pins = reversed(self.messages.pins(req.arg("cid")))
        return ok([self.messages.by_id[mid] for mid in pins])

    def _pin_target(self, req: Request) -> Answer | None:
        """The error a pin or unpin gets, if any."""
        channel = self.world.channels.get(req.arg("cid"))
        if channel is None:
            return unknown_channel()
        if not channel.bot_permissions & (MANAGE_MESSAGES | PIN_MESSAGES):
            return error(403, "Missing Permissions", 50013)
        if self.messages.in_channel(req.arg("cid"), req.arg("mid")) is None:
            return unknown_message()
        return None

    def _pin(self, req: Request) -> Answer:
        if (problem := self._pin_target(req)) is not None:
            return problem
        message = self.messages.by_id[req.arg("mid")]
        if not self.messages.pin(req.arg("cid"), message):
            return error(400, "Maximum number of pins reached (250)", 30003)
        return ok(status=204)

    def _unpin(self, req: Request) -> Answer:
        if (problem := self._pin_target(req)) is not None:
            return problem
        self.messages.unpin(req.arg("cid"), req.arg("mid"))
        return ok(status=204)

    # --- guilds

    def _get_guild(self, req: Request) -> Answer:
        guild = self.world.guilds.get(req.arg("gid"))
        if guild is None:
            return error(404, "Unknown Guild", 10004)
        payload = self.world.guild_payload(guild)
        for key in ("channels", "members", "threads", "presences", "voice_states", "joined_at"):
            payload.pop(key, None)
        return ok(payload)

    def _get_guild_channels(self, req: Request) -> Answer:
        guild = self.world.guilds.get(req.arg("gid"))
        if guild is None:
            return error(404, "Unknown Guild", 10004)
        return ok([self.world.channel_payload(self.world.channels[c]) for c in guild.channels])

    def _get_member(self, req: Request) -> Answer:
        guild = self.world.guilds.get(req.arg("gid"))
        if guild is None:
            return error(404, "Unknown Guild", 10004)
        member = guild.members.get(req.arg("uid"))
        return (
            ok(self.world.public_member(member)) if member else error(404, "Unknown Member", 10007)
        )
