"""`/totem-admin`: concede for or remove a player; for the host and members who manage."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller, Table
from totembot.bot.magic.asking import not_magic, plays_magic
from totembot.bot.magic.choices import players_for
from totembot.bot.recording import Recorder
from totembot.games.magic.rules import Actor, Request, RuleViolation
from totembot.games.magic.rules.intents import Concede, Intent, Remove
from totembot.store import StoredGame


class AdminCog(commands.GroupCog, group_name="totem-admin", group_description="Totem admin"):
    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder
        super().__init__()

    async def _as_admin(self, interaction: discord.Interaction, intent: Intent) -> None:
        """Checked in code (under the game's lock): default permissions only hide commands."""
        assert interaction.channel_id is not None
        caller = Caller.of(interaction)

        def as_admin(game: StoredGame) -> Request:
            if not plays_magic(game):
                raise RuleViolation(not_magic(game))
            table = Table(game)
            if not table.may_manage(caller):
                raise RuleViolation(
                    "Only the game's host or a member with Manage Server or Manage Channels "
                    "can do that."
                )
            return Request(
                actor=Actor(player=table.name_of(caller.user_id), host=True), intent=intent
            )

        await self.recorder.record_built(interaction, as_admin)

    async def _player(self, interaction: discord.Interaction, text: str) -> str:
        assert interaction.channel_id is not None
        return (await self.recorder.table_for(interaction)).player_named(text)

    @app_commands.command(name="concede", description="Concede the game for a player")
    @app_commands.describe(player="The player who concedes")
    @app_commands.autocomplete(player=players_for("concede"))
    async def concede(self, interaction: discord.Interaction, player: str) -> None:
        await self._as_admin(interaction, Concede(player=await self._player(interaction, player)))

    @app_commands.command(name="remove", description="Take a player out of the game")
    @app_commands.describe(player="The player to remove")
    @app_commands.autocomplete(player=players_for("remove"))
    async def remove(self, interaction: discord.Interaction, player: str) -> None:
        await self._as_admin(interaction, Remove(target=await self._player(interaction, player)))
