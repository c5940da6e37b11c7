"""How the bot answers: public replies for accepted requests, ephemeral ones for refusals."""

from __future__ import annotations

import discord

from totembot.render.markdown import escape
from totembot.render.text import describe_event
from totembot.rules.events import Event

NO_PINGS = discord.AllowedMentions.none()
MAX_CONTENT = 2000


def changes_text(events: list[Event]) -> str:
    lines = [escape(describe_event(event), limit=300) for event in events]
    return "\n".join(lines)[:MAX_CONTENT] or "Nothing changed."


async def refuse(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral one-sentence refusal, whether or not the interaction was answered."""
    text = escape(message, limit=MAX_CONTENT - 10)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS)
