"""`/totem-admin`: concede for or remove a player; for the host and members who manage."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller
from totembot.bot.recording import Recorder
from totembot.rules import Actor, Request, RuleViolation
from totembot.rules.intents import Concede, Intent, Remove


class AdminCog(commands.GroupCog, group_name="totem-admin", group_description="Totem admin"):
    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder
        super().__init__()

    async def _as_admin(self, interaction: discord.Interaction, intent: Intent) -> None:
        """Checked in code: Discord's default permissions only hide commands."""
        assert interaction.channel_id is not None
        table = await self.recorder.table(interaction.channel_id)
        caller = Caller.of(interaction)
        if not table.may_manage(caller):
            raise RuleViolation(
                "Only the game's host or a member with Manage Server or Manage Channels "
                "can do that."
            )
        actor = Actor(player=table.name_of(caller.user_id), host=True)
        await self.recorder.record(interaction, Request(actor=actor, intent=intent))

    async def players_in(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        cog = interaction.client.get_cog("ActionsCog")  # type: ignore[attr-defined]
        return await cog.players_in(interaction, current) if cog else []

    @app_commands.command(name="concede", description="Concede the game for a player")
    @app_commands.describe(player="The player who concedes")
    async def concede(self, interaction: discord.Interaction, player: str) -> None:
        await self._as_admin(interaction, Concede(player=player))

    @app_commands.command(name="remove", description="Take a player out of the game")
    @app_commands.describe(player="The player to remove")
    async def remove(self, interaction: discord.Interaction, player: str) -> None:
        await self._as_admin(interaction, Remove(target=player))

    concede.autocomplete("player")(players_in)
    remove.autocomplete("player")(players_in)
