"""Seats from a command's members and guest names, for every game's setup command."""

from __future__ import annotations

import asyncio

import discord

from totembot.core.errors import RuleViolation
from totembot.store import Seat


async def seats_from_tokens(
    interaction: discord.Interaction, tokens: list[tuple[str | None, str]]
) -> list[Seat]:
    """Seats from mentions and guest names, in order; members are looked up together."""
    members = [user_id for user_id, _name in tokens if user_id is not None]
    names = await asyncio.gather(*(_display_name(interaction, int(uid)) for uid in members))
    display = dict(zip(members, names, strict=True))
    return [
        Seat(display_name=display[user_id], user_id=user_id)
        if user_id is not None
        else Seat(display_name=name[:32], guest_name=name[:32])
        for user_id, name in tokens
    ]


def require_distinct_members(tokens: list[tuple[str | None, str]]) -> None:
    members = [user_id for user_id, _name in tokens if user_id is not None]
    if len(set(members)) != len(members):
        raise RuleViolation("Each member can take only one seat.")


async def _display_name(interaction: discord.Interaction, user_id: int) -> str:
    guild = interaction.guild
    if guild is not None:
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                member = None
        if member is not None:
            return member.display_name
    return f"Player {user_id}"[:32]
