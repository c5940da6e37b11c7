"""What a game adds to the bot (`BotGame`) and what the shared bot hands it (`BotParts`).
Each game's bot folder implements `BotGame`; `bot/games.py` finds them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from totembot.bot.recording import Recorder
    from totembot.bot.starting import Starter
    from totembot.service import Recorded

DynamicItem = type[discord.ui.DynamicItem[Any]]


@dataclass(frozen=True)
class BotParts:
    """What the shared bot hands a game's commands: recording, starting a game, and the
    randomness of a shuffle (chosen by the shell, never by the rules)."""

    recorder: Recorder
    starter: Starter
    chance: random.Random


class BotGame(Protocol):
    """What a game adds to the bot."""

    name: str  # the ruleset's name

    def cogs(self, parts: BotParts) -> Sequence[commands.Cog]:
        """Its slash commands, in the order they are registered."""
        ...

    def persistent(self) -> tuple[Sequence[discord.ui.View], Sequence[DynamicItem]]:
        """The views and buttons that must answer after a restart."""
        ...

    def add_reply_buttons(self, view: discord.ui.View, recorded: Recorded) -> None:
        """The buttons of whatever answer the game awaits after this request."""
        ...
