"""Totemic's part of the bot: `/totemic` and the answer buttons of a challenge."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord.ext import commands

from totembot.bot.parts import BotParts, DynamicItem
from totembot.bot.totemic.buttons import AnswerButton, add_answer_buttons
from totembot.bot.totemic.cog import TotemicCog
from totembot.service import Recorded


class TotemicBot:
    name = "totemic"

    def cogs(self, parts: BotParts) -> Sequence[commands.Cog]:
        return (TotemicCog(parts.recorder, parts.starter),)

    def persistent(self) -> tuple[Sequence[discord.ui.View], Sequence[DynamicItem]]:
        return [], [AnswerButton]

    def add_reply_buttons(self, view: discord.ui.View, recorded: Recorded) -> None:
        add_answer_buttons(view, recorded)


TOTEMIC_BOT = TotemicBot()
