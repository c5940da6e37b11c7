"""How the bot answers: public replies for accepted requests, private ones for refusals.

Discord's rules shape this module:
- an interaction must be answered within 3 seconds, so work that may be slow (a busy database,
  drawing a picture) runs under `in_time`, which defers when the work is not done in time;
- the first followup after a deferred "thinking" response replaces that response and keeps its
  visibility, whatever flag the followup carries. So the bot only ever defers privately: a
  refusal then replaces the private "thinking" message, and a public answer is sent after a
  short private note, as a followup of its own.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Sequence
from typing import Any, TypeVar

import discord

from totembot.bot.conditions import log_refusal
from totembot.core import GameEvent
from totembot.core.errors import RuleViolation
from totembot.games.registry import ruleset_of
from totembot.render.markdown import escape
from totembot.store import StoreError

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
MAX_CONTENT = 2000
# Discord's deadline is 3 seconds from the interaction; keep a margin for the network.
ANSWER_WITHIN = 2.0
THINKING = "totembot:thinking"  # in Interaction.extras while the private "thinking" is unused
STARTED = "totembot:started"  # in Interaction.extras: when the bot began to work on it
DEFERRED_NOTE = "Done: the answer is posted below."
SOMETHING_WENT_WRONG = (
    "Something went wrong on our side: /totem history shows whether your request was recorded."
)

T = TypeVar("T")


def changes_text(format_name: str, events: Sequence[GameEvent]) -> str:
    """What changed, as the channel may read it (a Totemic reveal keeps its number secret)."""
    return told_text(ruleset_of(format_name).describe_lines(events, secret=True))


def told_text(described: Sequence[str]) -> str:
    """The reply's text of a change already described (`Recorded.told`)."""
    lines = [escape(line, limit=300) for line in described]
    return "\n".join(lines)[:MAX_CONTENT] or "Nothing changed."


async def in_time(
    interaction: discord.Interaction, work: Awaitable[T], within: float = ANSWER_WITHIN
) -> T:
    """Run `work`; unless it is done `within` seconds of the interaction's first `in_time`,
    defer privately, then wait for it. Several calls for one interaction share the budget."""
    task = asyncio.ensure_future(work)
    if not interaction.response.is_done():
        started = interaction.extras.setdefault(STARTED, time.monotonic())
        left = max(0.0, within - (time.monotonic() - started))
        done, _pending = await asyncio.wait({task}, timeout=left)
        if not done:
            try:
                await defer_privately(interaction)
            except discord.HTTPException as error:  # too late: the work still completes
                log.warning("could not defer interaction %s: %s", interaction.id, error)
    return await task


async def defer_privately(interaction: discord.Interaction) -> None:
    """Acknowledge now, showing nothing to anyone but the caller."""
    if interaction.type == discord.InteractionType.component:
        await interaction.response.defer()  # the pressed message is edited later
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    interaction.extras[THINKING] = True


async def say(interaction: discord.Interaction, text: str = "", **fields: Any) -> None:
    """A public answer, whether or not the interaction was deferred."""
    await _say(interaction, text, fields)


async def say_and_show(
    interaction: discord.Interaction, text: str = "", **fields: Any
) -> discord.Message:
    """A public answer, and the message that shows it (to keep its id)."""
    message = await _say(interaction, text, fields, wait=True)
    return message if message is not None else await interaction.original_response()


async def _say(
    interaction: discord.Interaction, text: str, fields: dict[str, Any], wait: bool = False
) -> discord.Message | None:
    fields.setdefault("allowed_mentions", NO_PINGS)
    if not interaction.response.is_done():
        await interaction.response.send_message(text, **fields)
        return None
    if interaction.extras.pop(THINKING, False):
        # Ends the private "thinking" first: a followup sent while it shows would replace it
        # and stay private.
        await interaction.edit_original_response(content=DEFERRED_NOTE, allowed_mentions=NO_PINGS)
    if wait:
        return await interaction.followup.send(text, wait=True, **fields)
    await interaction.followup.send(text, **fields)
    return None


async def edit_pressed(
    interaction: discord.Interaction, content: str, view: discord.ui.View | None
) -> None:
    """A button's answer edits the message the button is on, deferred or not."""
    if interaction.response.is_done():  # deferred (type 6): the work was slow
        await interaction.edit_original_response(
            content=content, view=view, allowed_mentions=NO_PINGS
        )
    else:
        await interaction.response.edit_message(
            content=content, view=view, allowed_mentions=NO_PINGS
        )


async def tell(interaction: discord.Interaction, text: str, **fields: Any) -> None:
    """A private answer, whether or not the interaction was deferred."""
    fields.setdefault("allowed_mentions", NO_PINGS)
    if interaction.extras.pop(THINKING, False):
        await interaction.edit_original_response(content=text, **fields)
    elif interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **fields)
    else:
        await interaction.response.send_message(text, ephemeral=True, **fields)


async def answer_failures(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """A button's or command's work; a refusal or an unexpected failure is answered privately
    (discord.py would only log the failure, and the user would see "interaction failed")."""
    try:
        await work
    except (RuleViolation, StoreError) as error:
        log_refusal(interaction, error)
        await refuse(interaction, str(error))
    except Exception:
        log.exception("interaction %s failed", interaction.id)
        await refuse(interaction, SOMETHING_WENT_WRONG)


async def refuse(interaction: discord.Interaction, message: str) -> None:
    """A private one-sentence refusal, whether or not the interaction was answered."""
    await tell(interaction, escape(message, limit=MAX_CONTENT // 2)[:MAX_CONTENT])
