"""Autocomplete for Magic's structured commands: the players and totems the rules allow."""

from __future__ import annotations

import discord
from discord import app_commands

from totembot.bot.access import Caller, Table
from totembot.bot.autocomplete import (
    MAX_CHOICES,
    Autocomplete,
    Choices,
    focused_option,
    players_in,
    table_of,
)
from totembot.bot.magic.asking import plays_magic
from totembot.games.magic.language.options import player_choices, totem_choices
from totembot.games.magic.rules import GameState
from totembot.games.magic.rules.formats import format_of
from totembot.games.magic.ruleset import magic_state


def players_for(kind: str) -> Autocomplete:
    """Autocomplete for the player option of a request of `kind`: in Totem, the players still
    in (the totem option says where it lands); in every other format, only the players the
    request may legally reach (range, teammates, attacking oneself), with their life."""

    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        table = await table_of(interaction)
        if table is None:
            return []
        return (await _reached(interaction, table, kind, current))[:MAX_CHOICES]

    return complete


def players_besides(option: str, kind: str) -> Autocomplete:
    """As `players_for(kind)`, without the player already named in `option` (`/eliminate`'s
    `by`: another player than the one eliminated)."""

    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        table = await table_of(interaction)
        if table is None:
            return []
        named = getattr(interaction.namespace, option, None)
        taken = table.player_named(named).casefold() if named else None
        found = await _reached(interaction, table, kind, current)
        return [choice for choice in found if choice.value.casefold() != taken][:MAX_CHOICES]

    return complete


def magic_state_of(table: Table) -> GameState | None:
    """The table's state when it plays Magic (autocomplete offers nothing in another game)."""
    game = table.game
    return magic_state(game.state) if plays_magic(game) else None


async def _reached(
    interaction: discord.Interaction, table: Table, kind: str, current: str
) -> Choices:
    """The players a request of `kind` may name whose name matches what has been typed."""
    state = magic_state_of(table)
    if state is None or format_of(state).language.totems:
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
    table = await table_of(interaction)
    own = table.name_of(Caller.of(interaction).user_id) if table else None
    return [choice for choice in await players_in(interaction, current) if choice.value != own]


def legal_totems(kind: str) -> Autocomplete:
    """Autocomplete for the totem options of a request of `kind`."""

    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        table = await table_of(interaction)
        if table is None:
            return []
        namespace = interaction.namespace
        speaker = table.name_of(Caller.of(interaction).user_id)
        option = "hitting" if kind == "attack" else "player"
        target = getattr(namespace, option, None)
        target = table.player_named(target) if target else None
        counting = focused_option(interaction) == "counting"
        state = magic_state_of(table)
        if state is None:
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
