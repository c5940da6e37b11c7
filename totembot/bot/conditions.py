"""Known conditions, and how the log tells them: one line each, never a traceback.

A known condition is one totembot already explains in a sentence: the store refusing (the disk
full, the database read-only or busy, PostgreSQL unreachable: a StoreError), the rules refusing
(a RuleViolation), or Discord refusing or failing (an HTTPException, for work done in the
background). Its traceback would only show totembot's own code, so the log gets one WARNING line
naming it. Anything else is unexpected and keeps its traceback.
"""

from __future__ import annotations

import logging

import discord

from totembot.core.errors import RuleViolation
from totembot.store import ChannelBusy, StaleState, StoreError

log = logging.getLogger(__name__)

KNOWN = (StoreError, RuleViolation, discord.HTTPException)
# Refusals that are the player's to act on (a rule, a channel that has a game, a request to
# send again after another process wrote): told to the player, not logged.
PLAYERS_OWN = (RuleViolation, ChannelBusy, StaleState)


def one_line(error: BaseException) -> str:
    """The error's own sentence, on one line."""
    text = " ".join(str(error).split())
    return text or type(error).__name__


def for_the_operator(error: BaseException) -> bool:
    """Whether a refused request says something the operator must fix (the store's trouble)."""
    return isinstance(error, StoreError) and not isinstance(error, PLAYERS_OWN)


def log_refusal(interaction: discord.Interaction, error: RuleViolation | StoreError) -> None:
    """One WARNING line for a request the store refused; none for the player's own refusals."""
    if for_the_operator(error):
        log.warning(
            "refused interaction %s in channel %s: %s",
            interaction.id,
            interaction.channel_id,
            one_line(error),
        )
