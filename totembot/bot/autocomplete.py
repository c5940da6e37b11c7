"""Autocomplete every game's commands share: the channel's table read within Discord's time,
the option being typed, and the players still in."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from totembot.bot.access import Table, require_place
from totembot.bot.recording import recorder_of
from totembot.core.errors import RuleViolation
from totembot.store import StoreError

MAX_CHOICES = 25
SUGGEST_WITHIN = 2.0  # seconds: Discord drops an autocomplete answer after 3
Choices = list[app_commands.Choice[str]]
Autocomplete = Callable[[discord.Interaction, str], Coroutine[Any, Any, Choices]]


async def table_of(interaction: discord.Interaction) -> Table | None:
    """The table, or None: autocomplete cannot defer, so a slow database offers nothing, and
    it offers nothing from a direct message or another server either (`require_place`)."""
    if interaction.channel_id is None:
        return None
    try:
        loading = recorder_of(interaction).table(interaction.channel_id)
        table = await asyncio.wait_for(loading, timeout=SUGGEST_WITHIN)
        require_place(interaction, table.game.guild_id)
        return table
    except (RuleViolation, StoreError, TimeoutError):
        return None


def focused_option(interaction: discord.Interaction) -> str | None:
    """The name of the option being typed in an autocomplete interaction."""
    data: dict[str, Any] = dict(interaction.data or {})
    pending: list[Any] = list(data.get("options", []))
    while pending:
        option = pending.pop()
        if option.get("focused"):
            return str(option.get("name"))
        pending += option.get("options", [])
    return None


async def players_in(interaction: discord.Interaction, current: str) -> Choices:
    """Players still in the game whose name matches what has been typed."""
    table = await table_of(interaction)
    if table is None:
        return []
    choices = []
    for seat, player in enumerate(table.game.state.players):
        label = table.label_of(seat)
        if player.status == "in" and current.casefold() in label.casefold():
            choices.append(app_commands.Choice(name=label[:100], value=player.name))
    return choices[:MAX_CHOICES]
