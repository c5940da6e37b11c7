"""`/totem clock`: the turn clock of a game's channel, set, paused and resumed by its host or
an admin. The reminders themselves are the keeper's (`bot/clock.py`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller
from totembot.bot.clock import ClockKeeper, plural
from totembot.bot.recording import Recorder
from totembot.bot.replies import say
from totembot.core.errors import RuleViolation
from totembot.render.markdown import escape
from totembot.turn_clock import MAX_MINUTES, read_minutes

MINUTE_CHOICES = (1, 2, 3, 5, 10, 15, 20, 30, 45, 60)


def keeper_of(interaction: discord.Interaction) -> ClockKeeper:
    keeper = getattr(interaction.client, "clock", None)
    assert isinstance(keeper, ClockKeeper), "the client has no turn clock"
    return keeper


async def minute_choices(
    _interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Common limits and `off`, those that start with what was typed."""
    offers = [*(str(n) for n in MINUTE_CHOICES), "off"]
    typed = current.strip().casefold()
    return [app_commands.Choice(name=o, value=o) for o in offers if o.startswith(typed)][:25]


class ClockCommands(commands.Cog):
    """A base of the `/totem` group's cog: its `clock` subgroup."""

    recorder: Recorder

    clock = app_commands.Group(
        name="clock", description="The turn clock: a reminder when a turn runs long"
    )

    async def _managed_channel(self, interaction: discord.Interaction, what: str) -> str:
        """The channel, once the caller is known to be its game's host or an admin."""
        table = await self.recorder.table_for(interaction)
        if not table.may_manage(Caller.of(interaction)):
            raise RuleViolation(f"Only the game's host or an admin can {what} the turn clock.")
        return str(interaction.channel_id)

    @clock.command(
        name="set", description="Remind the table when a turn passes this many minutes (host)"
    )
    @app_commands.describe(
        minutes=f"Minutes a turn may last before the reminder (1 to {MAX_MINUTES}), or off"
    )
    @app_commands.autocomplete(minutes=minute_choices)
    async def clock_set(self, interaction: discord.Interaction, minutes: str) -> None:
        try:
            limit = read_minutes(minutes)
        except ValueError as error:
            raise RuleViolation(str(error)) from None
        channel = await self._managed_channel(interaction, "set")
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        await keeper_of(interaction).set(channel, guild, limit)
        who = escape(interaction.user.display_name)
        if limit is None:
            await say(interaction, f"Turn clock off ({who}): no more reminders.")
            return
        await say(
            interaction,
            f"Turn clock set by {who}: a reminder when a turn passes {plural(limit, 'minute')}.",
        )

    @clock.command(name="pause", description="Pause the turn clock for a break (host)")
    async def clock_pause(self, interaction: discord.Interaction) -> None:
        channel = await self._managed_channel(interaction, "pause")
        keeper = keeper_of(interaction)
        before = keeper.clock_of(channel)
        if before is not None and before.paused_at is not None:
            raise RuleViolation("The turn clock is already paused: /totem clock resume starts it.")
        await keeper.pause(channel)
        who = escape(interaction.user.display_name)
        await say(interaction, f"Turn clock paused by {who}: the break does not count.")

    @clock.command(name="resume", description="Start the paused turn clock again (host)")
    async def clock_resume(self, interaction: discord.Interaction) -> None:
        channel = await self._managed_channel(interaction, "resume")
        keeper = keeper_of(interaction)
        before = keeper.clock_of(channel)
        if before is not None and before.paused_at is None:
            raise RuleViolation("The turn clock is not paused.")
        await keeper.resume(channel)
        who = escape(interaction.user.display_name)
        await say(interaction, f"Turn clock resumed by {who}.")
