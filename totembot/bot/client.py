"""The Discord client: resources handed in, commands and persistent buttons registered."""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import AppCommand
from discord.ext import commands

from totembot.bot.access import place_refusal
from totembot.bot.clock import ClockKeeper
from totembot.bot.cogs.say import SayCog
from totembot.bot.conditions import log_refusal
from totembot.bot.edit_limit import EditLimitWatch
from totembot.bot.games import bot_games, reply_view
from totembot.bot.parts import BotParts
from totembot.bot.pictures import NOT_DRAWN
from totembot.bot.rate_buckets import keep_buckets_bounded
from totembot.bot.recording import ChoiceButton, Recorder
from totembot.bot.replies import SOMETHING_WENT_WRONG, refuse
from totembot.bot.starting import Starter
from totembot.bot.status import StatusUpdater
from totembot.bot.summary import SummaryPoster
from totembot.bot.unknown_ids import KnownIds, UnknownComponent
from totembot.core.errors import RuleViolation
from totembot.drawing.drawer import Drawer, WorkerLost
from totembot.service import GameService
from totembot.shards import ShardSet
from totembot.store import StoreError

if TYPE_CHECKING:  # the web server is imported only when TOTEMBOT_WEB is set
    from totembot.web.live import LivePages

log = logging.getLogger(__name__)

# totembot never joins voice: the warnings about voice libraries would only worry a self-hoster.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

# Slash commands and buttons need no privileged intent; `guilds` keeps channels in the cache.
INTENTS = discord.Intents.none()
INTENTS.guilds = True


# Games live in server channels and threads: every command is for guilds only, installed by a
# server (Discord's `contexts` and `integration_types`; `dm_permission` is deprecated).
GUILDS_ONLY = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
SERVER_INSTALL = app_commands.AppInstallationType(guild=True, user=False)


def command_payload(command: dict[str, Any]) -> dict[str, Any]:
    """A command as Discord's current schema wants it: `contexts`, no `dm_permission`."""
    return {key: value for key, value in command.items() if key != "dm_permission"}


class TotemTree(app_commands.CommandTree["TotemBot"]):
    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list[AppCommand]:
        """Register the commands without the deprecated `dm_permission` field."""
        if self.client.application_id is None:
            raise app_commands.MissingApplicationID
        payload = [
            command_payload(command.to_dict(self)) for command in self.get_commands(guild=guild)
        ]
        http = self.client.http
        if guild is None:
            data = await http.bulk_upsert_global_commands(self.client.application_id, payload)
        else:
            data = await http.bulk_upsert_guild_commands(
                self.client.application_id, guild.id, payload
            )
        return [AppCommand(data=entry, state=self.client._connection) for entry in data]

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Commands and autocomplete from a direct message are refused at run time too (the
        commands are declared for servers only): privately in one sentence, or with no
        choices. Whether a server may reach a channel's game is checked where the game (or
        lobby) is loaded, buttons included."""
        refusal = place_refusal(interaction.guild_id, None) or self._channel_elsewhere(interaction)
        if refusal is None:
            return True
        if interaction.type == discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await refuse(interaction, refusal)
        return False

    def _channel_elsewhere(self, interaction: discord.Interaction) -> str | None:
        """A channel the gateway showed in one server, named from another (a forged payload):
        refused even where no game or lobby is stored yet to compare with."""
        known = self.client.get_channel(interaction.channel_id or 0)
        guild = getattr(known, "guild", None)
        if guild is None or guild.id == interaction.guild_id:
            return None
        return "This channel belongs to another server."

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """One place maps user errors to friendly ephemeral replies."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(cause, RuleViolation | StoreError):
            log_refusal(interaction, cause)
            await refuse(interaction, str(cause))
            return
        if isinstance(cause, WorkerLost):  # a known condition: one line, and a sentence
            log.warning("could not draw a picture for interaction %s: %s", interaction.id, cause)
            await refuse(interaction, NOT_DRAWN)
            return
        if isinstance(cause, app_commands.CheckFailure):
            await refuse(interaction, "You cannot use this command here.")
            return
        log.error("command failed", exc_info=cause)
        await refuse(interaction, SOMETHING_WENT_WRONG)


class TotemBot(commands.Bot):
    """The whole bot in one process: one gateway session sees every guild."""

    def __init__(
        self,
        service: GameService,
        status_interval: float,
        chance: random.Random,
        resync_status: bool = True,
        clock_minute: float = 60.0,
        **options: Any,
    ) -> None:
        edit_limits = EditLimitWatch()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=TotemTree,
            allowed_contexts=GUILDS_ONLY,
            allowed_installs=SERVER_INSTALL,
            http_trace=edit_limits.trace,
            **options,  # a sharded bot's shard_ids and shard_count
        )
        keep_buckets_bounded(self.http)  # discord.py's rate-limit buckets, not 5 minutes' worth
        self.own_shards: ShardSet | None = None
        self.service = service
        self.statuses = StatusUpdater(
            self, service.store, status_interval, edit_limits, service.turn_began
        )
        self.drawer = Drawer()  # charts and boards, in a process started on first use
        self.summaries = SummaryPoster(self, service, self.drawer)
        self.recorder = Recorder(service, self.statuses, self.summaries, reply_view)
        self.parts = BotParts(self.recorder, Starter(service, self.statuses), chance)
        self.resync_status = resync_status
        self.clock = ClockKeeper(self, service, clock_minute)
        self.live: LivePages | None = None  # the live web pages, when TOTEMBOT_WEB is set
        self.known_ids = KnownIds()  # the component ids something answers (UnknownComponent)

    async def setup_hook(self) -> None:
        await self.add_cog(SayCog(self.recorder))
        self.add_dynamic_items(ChoiceButton)
        self.known_ids.add_items([ChoiceButton])
        for game in bot_games():  # each game's own commands, views and buttons
            for cog in game.cogs(self.parts):
                await self.add_cog(cog)
            views, items = game.persistent()
            for view in views:
                self.add_view(view)
                self.known_ids.add_view(view)
            self.add_dynamic_items(*items)
            self.known_ids.add_items(items)
        self.add_dynamic_items(UnknownComponent)  # what none of the above claims
        if self.resync_status:  # running for real (not `totembot sync`)
            await self._resync_status_messages()
            await self.clock.start(self.own_shards.owns if self.own_shards is not None else None)

    async def _resync_status_messages(self) -> None:
        """Bring every stale status message up to date with the stored state: this process's
        own games only, when other processes run the other shards."""
        owns = self.own_shards.owns if self.own_shards is not None else None
        for game_id in await self.service.store.stale_status_games(owns):
            self.statuses.schedule(game_id)

    async def on_ready(self) -> None:
        """The self-hoster's sign that the bot is connected (again after a new session)."""
        name = self.user.name if self.user else "?"
        log.info("ready as %s in %d servers", name, len(self.guilds))
        # Games that ended without their statistics (an upgrade, a migrate-db) are made in the
        # background from now on, in short batches, rather than at the first /totem stats.
        try:
            await self.service.store.backlog.start()
        except StoreError as error:  # the first statistics asked for try again
            log.warning("The statistics of older games cannot be made now: %s", error)

    async def close(self) -> None:
        try:
            await self.clock.stop()
            await self.summaries.flush()
            await self.statuses.flush()
            await super().close()
        finally:  # the drawing process ends with the bot, whatever else failed
            await self.drawer.close()


class ShardedTotemBot(TotemBot, commands.AutoShardedBot):
    """Some shards of a sharded bot: AutoShardedBot runs their gateway sessions side by side in
    this process, and the other shards run elsewhere against the same database.

    discord.py's `before_identify_hook` keeps its 5 seconds between two shards' IDENTIFYs here
    (Discord's identify rate limit); only the process's first shard identifies at once.
    """

    def __init__(
        self,
        service: GameService,
        status_interval: float,
        chance: random.Random,
        shards: ShardSet,
        resync_status: bool = True,
        clock_minute: float = 60.0,
    ) -> None:
        super().__init__(
            service,
            status_interval,
            chance,
            resync_status,
            clock_minute,
            shard_ids=list(shards.ids),
            shard_count=shards.count,
        )
        self.own_shards = shards

    async def on_shard_ready(self, shard_id: int) -> None:
        """Each shard's own sign of life, before the whole process says it is ready."""
        log.info("shard %d of %s ready", shard_id, self.shard_count)
