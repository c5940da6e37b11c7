"""Autocomplete for the table's structured commands (`/counter`, `/cast-commander`, `/roll`):
the kinds of counters a player has or may get, a player's commanders, a few dice.

The players themselves come from `choices.players_for`, as for every Magic command."""

from __future__ import annotations

import discord
from discord import app_commands

from totembot.bot.access import Caller, Table
from totembot.bot.autocomplete import MAX_CHOICES, Autocomplete, Choices, table_of
from totembot.bot.magic.choices import magic_state_of
from totembot.games.magic.language.options import counter_kinds
from totembot.games.magic.language.table_rows import KIND, KNOWN_KINDS
from totembot.games.magic.rules import GameState

DICE = ("d20", "d6", "2d6", "d4", "d8", "d10", "d12", "d100", "3d6", "4d6")
COUNTERS = " counters"


def kind_words(kind: str) -> str:
    """How a kind is written in a line: a known kind bare, any other followed by `counters`
    (the language's guard against a typo making a new kind)."""
    return kind if kind in KNOWN_KINDS else kind + COUNTERS


def _whose(interaction: discord.Interaction, table: Table, option: str | None) -> str | None:
    """The player whose counters the command changes: the `option` typed so far, or the caller
    (`/counter pay`)."""
    if option is None:
        return table.name_of(Caller.of(interaction).user_id)
    typed = getattr(interaction.namespace, option, None)
    return table.player_named(typed) if typed else None


def new_kind(typed: str, offered: list[str]) -> str | None:
    """What was typed, when it could be a kind of one's own not offered yet."""
    word = typed.strip().casefold().removesuffix(COUNTERS).removesuffix(" counter")
    if word in offered or KIND.fullmatch(word) is None or word == "poison":
        return None
    return word


def kinds_for(option: str | None, removing: bool) -> Autocomplete:
    """Autocomplete for a `kind` option: when removing, the kinds the player named in
    `option` (or the caller) holds, with how many; else the known kinds, the kinds anyone in
    the game holds, and what was typed as a new kind."""

    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        table = await table_of(interaction)
        state = magic_state_of(table) if table is not None else None
        if table is None or state is None:
            return []
        player = _whose(interaction, table, option)
        offered = counter_kinds(state, player, removing)
        typed = current.strip().casefold()
        found = [
            app_commands.Choice(name=_label(state, player, kind, removing), value=kind_words(kind))
            for kind in offered
            if typed in kind
        ]
        new = None if removing else new_kind(current, offered)
        if new is not None:
            found.insert(
                0, app_commands.Choice(name=f"new kind: {new}{COUNTERS}", value=new + COUNTERS)
            )
        return found[:MAX_CHOICES]

    return complete


def _label(state: GameState, player: str | None, kind: str, removing: bool) -> str:
    """ "rad (3)" when removing, else the kind as a line writes it ("ticket counters")."""
    if not removing or player is None:
        return kind_words(kind)
    seat = state.seat_of(player)
    count = state.players[seat].counters.get(kind, 0) if seat is not None else 0
    return f"{kind_words(kind)} ({count})"


async def own_commanders(interaction: discord.Interaction, current: str) -> Choices:
    """The partners the caller has named so far (in commander casts or commander damage)."""
    table = await table_of(interaction)
    state = magic_state_of(table) if table is not None else None
    own = table.name_of(Caller.of(interaction).user_id) if table is not None else None
    if state is None or own is None:
        return []
    keys = [key for player in state.players for key in player.commander_casts]
    keys += [key for pool in state.pools for key in pool.commander_damage]
    keys += [key for player in state.players for key in player.commander_damage]
    prefix = own.casefold() + ":"
    names = dict.fromkeys(k.split(":", 1)[1] for k in keys if k.casefold().startswith(prefix))
    return [
        app_commands.Choice(name=name, value=name)
        for name in names
        if current.strip().casefold() in name.casefold()
    ][:MAX_CHOICES]


async def dice(_interaction: discord.Interaction, current: str) -> Choices:
    """A few usual dice, and what was typed (the rules read any KdN)."""
    typed = current.strip().casefold()
    offered = [die for die in DICE if typed in die]
    if typed and typed not in offered:
        offered.insert(0, typed)
    return [app_commands.Choice(name=die, value=die) for die in offered][:MAX_CHOICES]
