"""The Discord client: resources handed in, commands and persistent buttons registered."""

from __future__ import annotations

import logging
import random

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.cogs.actions import ActionsCog
from totembot.bot.cogs.admin import AdminCog
from totembot.bot.cogs.table import TableCog
from totembot.bot.lobby import Lobbies, LobbyView
from totembot.bot.recording import ConsentButton, Recorder, TotemChoiceButton
from totembot.bot.replies import refuse
from totembot.bot.status import StatusUpdater
from totembot.rules import RuleViolation
from totembot.service import GameService
from totembot.store import StoreError

log = logging.getLogger(__name__)

# Slash commands and buttons need no privileged intent; `guilds` keeps channels in the cache.
INTENTS = discord.Intents.none()
INTENTS.guilds = True


class TotemTree(app_commands.CommandTree["TotemBot"]):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """One place maps user errors to friendly ephemeral replies."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(cause, RuleViolation | StoreError):
            await refuse(interaction, str(cause))
            return
        if isinstance(cause, app_commands.CheckFailure):
            await refuse(interaction, "You cannot use this command here.")
            return
        log.error("command failed", exc_info=cause)
        await refuse(interaction, "Something went wrong on our side; nothing was recorded.")


class TotemBot(commands.Bot):
    def __init__(
        self,
        service: GameService,
        status_interval: float,
        chance: random.Random,
        resync_status: bool = True,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=TotemTree,
        )
        self.service = service
        self.statuses = StatusUpdater(self, service.store, status_interval)
        self.recorder = Recorder(service, self.statuses)
        self.lobbies = Lobbies(service, self.statuses, chance)
        self.resync_status = resync_status

    async def setup_hook(self) -> None:
        await self.add_cog(TableCog(self.recorder, self.lobbies))
        await self.add_cog(ActionsCog(self.recorder))
        await self.add_cog(AdminCog(self.recorder))
        self.add_view(LobbyView())
        self.add_dynamic_items(ConsentButton, TotemChoiceButton)
        if self.resync_status:
            await self._resync_status_messages()

    async def _resync_status_messages(self) -> None:
        """Bring every stale status message up to date with the stored state."""
        for game_id in await self.service.store.stale_status_games():
            self.statuses.schedule(game_id)

    async def close(self) -> None:
        await self.statuses.flush()
        await super().close()
