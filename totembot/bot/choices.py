"""Autocomplete: the players a request may reach (with their life, outside Totem) and the
totems legal for a request (Totem) with their life."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from totembot.bot.access import Caller, Table
from totembot.bot.recording import recorder_of
from totembot.games.magic.language.options import player_choices, totem_choices
from totembot.games.magic.rules import GameState, RuleViolation
from totembot.games.magic.rules.formats import format_of
from totembot.store import StoreError

MAX_CHOICES = 25
SUGGEST_WITHIN = 2.0  # seconds: Discord drops an autocomplete answer after 3
Choices = list[app_commands.Choice[str]]
Autocomplete = Callable[[discord.Interaction, str], Coroutine[Any, Any, Choices]]


async def _table(interaction: discord.Interaction) -> Table | None:
    """The table, or None: autocomplete cannot defer, so a slow database offers nothing."""
    if interaction.channel_id is None:
        return None
    try:
        table = recorder_of(interaction).table(interaction.channel_id)
        return await asyncio.wait_for(table, timeout=SUGGEST_WITHIN)
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
    table = await _table(interaction)
    if table is None:
        return []
    choices = []
    for seat, player in enumerate(table.game.state.players):
        label = table.label_of(seat)
        if player.status == "in" and current.casefold() in label.casefold():
            choices.append(app_commands.Choice(name=label[:100], value=player.name))
    return choices[:MAX_CHOICES]


def players_for(kind: str) -> Autocomplete:
    """Autocomplete for the player option of a request of `kind`: in Totem, the players still
    in (the totem option says where it lands); in every other format, only the players the
    request may legally reach (range, teammates, attacking oneself), with their life."""

    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        table = await _table(interaction)
        if table is None:
            return []
        return (await _reached(interaction, table, kind, current))[:MAX_CHOICES]

    return complete


def players_besides(option: str, kind: str) -> Autocomplete:
    """As `players_for(kind)`, without the player already named in `option` (`/eliminate`'s
    `by`: another player than the one eliminated)."""

    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        table = await _table(interaction)
        if table is None:
            return []
        named = getattr(interaction.namespace, option, None)
        taken = table.player_named(named).casefold() if named else None
        found = await _reached(interaction, table, kind, current)
        return [choice for choice in found if choice.value.casefold() != taken][:MAX_CHOICES]

    return complete


async def _reached(
    interaction: discord.Interaction, table: Table, kind: str, current: str
) -> Choices:
    """The players a request of `kind` may name whose name matches what has been typed."""
    state = table.game.state
    if not isinstance(state, GameState) or format_of(state).language.totems:
        return [] if kind in ("attack", "next") else await players_in(interaction, current)
    speaker = table.name_of(Caller.of(interaction).user_id)
    found = []
    for choice in player_choices(state, kind, speaker):
        seat = state.seat_of(choice.name)
        assert seat is not None
        shown = table.label_of(seat)
        if current.casefold() in shown.casefold():  # the name typed, not the team or life
            label = choice.label_as(shown)
            found.append(app_commands.Choice(name=label[:100], value=choice.name))
    return found


async def other_players_in(interaction: discord.Interaction, current: str) -> Choices:
    """Players still in, except the caller (whom one does not attack)."""
    table = await _table(interaction)
    own = table.name_of(Caller.of(interaction).user_id) if table else None
    return [choice for choice in await players_in(interaction, current) if choice.value != own]


def legal_totems(kind: str) -> Autocomplete:
    """Autocomplete for the totem options of a request of `kind`."""

    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        table = await _table(interaction)
        if table is None:
            return []
        namespace = interaction.namespace
        speaker = table.name_of(Caller.of(interaction).user_id)
        option = "hitting" if kind == "attack" else "player"
        target = getattr(namespace, option, None)
        target = table.player_named(target) if target else None
        counting = focused_option(interaction) == "counting"
        state = table.game.state
        if not isinstance(state, GameState):
            return []
        choices = totem_choices(state, kind, speaker, target, counting=counting)
        if kind == "attack" and target:
            choices = [c for c in choices if target.casefold() in c.name.casefold().split("-")]
        return [
            app_commands.Choice(name=choice.label[:100], value=choice.name)
            for choice in choices
            if current.casefold() in choice.label.casefold()
        ][:MAX_CHOICES]

    return complete
