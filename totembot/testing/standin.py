"""The StandIn facade: a local Discord (REST + gateway on 127.0.0.1) that tests build a world in,
act in as members, and observe.

An unmodified discord.py client talks to it once ``discord.http.Route.BASE`` is
``StandIn.api_base`` and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` is
``yarl.URL(StandIn.gateway_url)`` (the bot's DISCORD_API_BASE / DISCORD_GATEWAY_URL settings).
"""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

from aiohttp import web

from totembot.testing.acting import Forged, Member, Wait
from totembot.testing.answers import Answer, rate_limited
from totembot.testing.channels import ChannelRoutes
from totembot.testing.commands import CommandRegistry, Scope
from totembot.testing.gateway import Gateway
from totembot.testing.interactions import InteractionRoutes
from totembot.testing.messages import MessageStore
from totembot.testing.model import JSON, World
from totembot.testing.options import CommandInput
from totembot.testing.records import Reply, reply_of
from totembot.testing.rest import Call, RestApi
from totembot.testing.waiting import Changes


class StandIn:
    """A fake Discord bound to a free port of 127.0.0.1; see the package docstring."""

    def __init__(
        self,
        application_id: int = 900,
        bot_user_id: int = 900,
        bot_name: str = "totembot",
        *,
        interaction_deadline: float = 3.0,
        edit_limit_retry_after: float = 3.0,
        followup_grace: float = 0.1,
    ) -> None:
        self.changes = Changes()
        self.world = World(application_id, bot_user_id, bot_name)
        self.messages = MessageStore(self.world)
        self.gateway = Gateway(self.world, self.changes)
        self.world.dispatch = self.gateway.dispatch
        self.rest = RestApi(self.changes)
        self.registry = CommandRegistry(self.world)
        self.interactions = InteractionRoutes(self.world, self.messages)
        self.rest.add_routes(self.registry.routes())
        self.rest.add_routes(ChannelRoutes(self.world, self.messages).routes())
        self.rest.add_routes(self.interactions.routes())
        self.member = Member(
            self.world,
            self.messages,
            self.gateway,
            self.interactions,
            CommandInput(self.world, self.registry),
            self.changes,
            self.rest.recent,
        )
        self.member.deadline = interaction_deadline
        self.member.grace = followup_grace
        self.edit_limit_retry_after = edit_limit_retry_after
        self._runner: web.AppRunner | None = None

    # --- settings and counters tests read

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def bot_user_id(self) -> int:
        return self.world.bot_user_id

    @property
    def bot_name(self) -> str:
        return self.world.bot_name

    @property
    def api_base(self) -> str:
        return self.world.api_base

    @property
    def gateway_url(self) -> str:
        return self.world.gateway_url

    @property
    def identifies(self) -> int:
        return self.gateway.identifies

    @property
    def identified(self) -> list[tuple[int, int]]:
        """The shard ``(id, count)`` each IDENTIFY so far asked for, in order (an unsharded
        client's is ``(0, 1)``)."""
        return list(self.gateway.identified)

    @property
    def resumes(self) -> int:
        return self.gateway.resumes

    @property
    def recommended_shards(self) -> int:
        """The shard count ``GET /gateway/bot`` recommends (Discord's grows with the guilds)."""
        return self.world.recommended_shards

    @recommended_shards.setter
    def recommended_shards(self, count: int) -> None:
        self.world.recommended_shards = count

    @property
    def presence(self) -> JSON | None:
        return self.gateway.presence

    @property
    def calls(self) -> list[Call]:
        """Every REST request so far, in arrival order."""
        return self.rest.calls

    @property
    def commands(self) -> dict[Scope, list[JSON]]:
        """Registered commands per guild id (None: global), as Discord stores them."""
        return self.registry.stored

    @property
    def app_owner_id(self) -> int:
        return self.world.app_owner_id

    @app_owner_id.setter
    def app_owner_id(self, user_id: int) -> None:
        self.world.app_owner_id = user_id

    @property
    def followup_grace(self) -> float:
        """Quiet seconds after the last interaction activity before a Reply is taken."""
        return self.member.grace

    @followup_grace.setter
    def followup_grace(self, seconds: float) -> None:
        self.member.grace = seconds

    @property
    def interaction_deadline(self) -> float:
        """Seconds a bot has to answer an interaction's callback (Discord: 3)."""
        return self.member.deadline

    @interaction_deadline.setter
    def interaction_deadline(self, seconds: float) -> None:
        self.member.deadline = seconds

    # --- lifecycle

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self.gateway.handle)
        app.router.add_route("*", "/api/{version}/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        port = self._runner.addresses[0][1]
        self.world.api_base = f"http://127.0.0.1:{port}/api/v10"
        self.world.gateway_url = f"ws://127.0.0.1:{port}/"

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- the world

    def add_guild(self, guild_id: int, name: str = "Guild", owner_id: int = 1) -> None:
        self.world.add_guild(guild_id, name, owner_id)

    def add_channel(self, guild_id: int, channel_id: int, name: str = "table") -> None:
        """A text channel; a connected bot hears of it by CHANNEL_CREATE."""
        self.world.add_channel(guild_id, channel_id, name)

    def new_channel(self, guild_id: int, name: str | None = None) -> int:
        """A fresh text channel with an unused id, for a test of its own; returns its id."""
        channel_id = self.world.snowflakes.next()
        self.world.add_channel(guild_id, channel_id, name or f"table-{channel_id}")
        return channel_id

    def add_member(
        self,
        guild_id: int,
        user_id: int,
        name: str,
        *,
        display_name: str | None = None,
        permissions: int = 0,
    ) -> None:
        """Add or update a member; ``permissions`` come with a role of their own."""
        self.world.add_member(guild_id, user_id, name, display_name, permissions)

    def set_bot_permissions(self, channel_id: int, permissions: int) -> None:
        self.world.set_bot_permissions(channel_id, permissions)

    def register_commands(self, guild_id: int | None, specs: list[JSON]) -> None:
        """Register commands as if the bot had synced them (lets tests sync only once)."""
        self.registry.register(guild_id, copy.deepcopy(specs))

    def sent_commands(self, guild_id: int | None) -> list[JSON]:
        """The commands of a scope exactly as the bot sent them (no defaults filled in)."""
        return copy.deepcopy(list(self.registry.sent.get(guild_id, {}).values()))

    # --- observation

    def channel_messages(self, channel_id: int) -> list[JSON]:
        """The channel's history, oldest first (ephemeral messages are not in it)."""
        return [copy.deepcopy(self.messages.by_id[m]) for m in self.messages.visible(channel_id)]

    def message(self, message_id: int) -> JSON | None:
        """Any stored message by id (ephemeral ones included); None once deleted."""
        found = self.messages.by_id.get(message_id)
        return copy.deepcopy(found) if found is not None else None

    def attachment_data(self, attachment: JSON) -> bytes:
        """The bytes the bot uploaded as this attachment (as Discord would serve at its url)."""
        return self.messages.uploads[str(attachment["id"])]

    def pins(self, channel_id: int) -> list[int]:
        return self.messages.pins(channel_id)

    def calls_to(self, method: str, path_regex: str) -> list[Call]:
        pattern = re.compile(path_regex)
        return [c for c in self.calls if c.method == method.upper() and pattern.search(c.path)]

    def reply(self, interaction_id: int) -> Reply:
        """An interaction's Reply as it is now (later followups and edits included)."""
        for rec in self.interactions.by_token.values():
            if rec.id == interaction_id:
                return reply_of(rec, self.messages.by_id)
        raise KeyError(f"no interaction {interaction_id}")

    async def wait_ready(self, timeout: float = 15, *, shards: Iterable[int] | None = None) -> None:
        """Until the bot has processed READY and every GUILD_CREATE of its latest IDENTIFY;
        with ``shards``, of the latest IDENTIFY of each of those shards."""
        wanted = None if shards is None else set(shards)
        ready = self.gateway.ready.is_set if wanted is None else self._shards_ready(wanted)
        await self.changes.until(
            ready,
            time.monotonic() + timeout,
            lambda: (
                f"bot did not IDENTIFY and process READY/GUILD_CREATE within {timeout}s "
                f"(shards asked: {sorted(wanted) if wanted is not None else 'any'}, "
                f"identified={self.identified}, calls={self.rest.recent()})"
            ),
        )

    def _shards_ready(self, shards: set[int]) -> Callable[[], bool]:
        return lambda: self.gateway.shards_ready(shards)

    def shard_of_interaction(self, interaction_id: int) -> int | None:
        """The shard whose session an interaction was sent to (None: no session had it)."""
        for rec in self.interactions.by_token.values():
            if rec.id == interaction_id:
                return rec.shard
        raise KeyError(f"no interaction {interaction_id}")

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 10) -> None:
        """Until ``predicate()`` holds; re-checked on every change the stand-in sees."""
        await self.changes.until(
            predicate,
            time.monotonic() + timeout,
            lambda: f"condition not met within {timeout}s: {self.rest.recent()}",
        )

    # --- acting as members

    async def slash(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any] | None = None,
        timeout: float = 10,
        *,
        followups: int = 0,
        forged: Forged | None = None,
    ) -> Reply:
        """Run ``/command`` ("group sub" for subcommands) and return what the member saw;
        `forged`, sent as if from another server or a direct message."""
        wait = Wait(timeout, followups)
        return await self.member.slash(
            user_id, channel_id, command, options or {}, wait=wait, forged=forged
        )

    async def autocomplete(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any],
        focused: str,
        timeout: float = 10,
        *,
        forged: Forged | None = None,
    ) -> list[JSON]:
        return await self.member.autocomplete(
            user_id, channel_id, command, options, focused, timeout, forged
        )

    async def click(
        self,
        user_id: int,
        channel_id: int,
        message_id: int,
        custom_id: str,
        timeout: float = 10,
        *,
        followups: int = 0,
        forged: Forged | None = None,
    ) -> Reply:
        wait = Wait(timeout, followups)
        return await self.member.click(
            user_id, channel_id, message_id, custom_id, wait=wait, forged=forged
        )

    async def forged_click(
        self,
        user_id: int,
        channel_id: int,
        message_id: int,
        custom_id: str,
        timeout: float = 10,
        *,
        followups: int = 0,
    ) -> Reply:
        """Press a button as a modified client might: any custom id, on any message, from any
        channel (see `Member.forged_click`)."""
        wait = Wait(timeout, followups)
        return await self.member.forged_click(user_id, channel_id, message_id, custom_id, wait=wait)

    async def select(
        self,
        user_id: int,
        channel_id: int,
        message_id: int,
        custom_id: str,
        values: list[str],
        timeout: float = 10,
        *,
        followups: int = 0,
        forged: Forged | None = None,
    ) -> Reply:
        """Choose `values` in the string select menu `custom_id` of a message."""
        wait = Wait(timeout, followups)
        return await self.member.select(
            user_id, channel_id, message_id, custom_id, values, wait=wait, forged=forged
        )

    async def submit_modal(
        self,
        user_id: int,
        channel_id: int,
        shown_by: Reply,
        values: dict[str, str],
        timeout: float = 10,
        *,
        followups: int = 0,
    ) -> Reply:
        """Fill in the fields (`custom_id: value`) of the modal the bot answered `shown_by`
        with, and submit it."""
        wait = Wait(timeout, followups)
        return await self.member.submit_modal(user_id, channel_id, shown_by, values, wait=wait)

    # --- moderators and Discord itself

    def delete_message(self, message_id: int) -> None:
        """A moderator deletes a message (the bot is not told, as without message intents)."""
        self.messages.delete(message_id)
        self.changes.notify()

    def unpin_message(self, channel_id: int, message_id: int) -> None:
        """A moderator unpins a message."""
        self.messages.unpin(channel_id, message_id)
        self.changes.notify()

    def exhaust_edits(self, message_id: int, retry_after: float | None = None) -> None:
        """From now on every edit of the message gets Discord's 429 code 30046 (it never
        clears); ``retry_after`` defaults to the constructor's ``edit_limit_retry_after``."""
        wait = self.edit_limit_retry_after if retry_after is None else retry_after
        self.messages.edit_limits[message_id] = wait

    async def drop_gateway(self, shard: int | None = None) -> None:
        """Close the bot's gateway connection (only this shard's, with ``shard``); it should
        RESUME."""
        await self.gateway.drop(shard)

    def fail_next(
        self,
        method: str,
        path_regex: str,
        status: int,
        body: JSON | None = None,
        headers: dict[str, str] | None = None,
        times: int = 1,
    ) -> None:
        """The next ``times`` matching requests get ``status`` (a 429 as Discord's proxy sends
        it, ``body`` setting ``retry_after``) instead of being handled."""
        if status == 429:
            answer = rate_limited(body or {})
        else:
            answer = Answer(status, dict(body) if body else {"message": f"{status}", "code": 0})
        answer = Answer(answer.status, answer.body, {**answer.headers, **(headers or {})})
        self.rest.fail_next(method, path_regex, answer, times)

    def clear_faults(self) -> None:
        """Forget injected faults not used up yet (one test's leftovers are not the next's)."""
        self.rest.clear_faults()
