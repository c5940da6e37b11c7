"""Magic's part of the bot: the `/totem` group (setup, lobby and the table's views), the
structured commands, `/totem-admin`, the lobby's components and the consent buttons."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord.ext import commands

from totembot.bot.magic.actions import ActionsCog
from totembot.bot.magic.admin import AdminCog
from totembot.bot.magic.buttons import ConsentButton, add_consent_buttons
from totembot.bot.magic.lobby.lobby import Lobbies, LobbyView
from totembot.bot.magic.panel import PANEL_ITEMS
from totembot.bot.magic.table import TableCog
from totembot.bot.magic.table_actions import CounterCog, TableActionsCog
from totembot.bot.parts import BotParts, DynamicItem
from totembot.service import Recorded


class MagicBot:
    name = "magic"

    def cogs(self, parts: BotParts) -> Sequence[commands.Cog]:
        lobbies = Lobbies(parts.starter, parts.chance)
        return (
            TableCog(parts.recorder, lobbies),
            ActionsCog(parts.recorder),
            AdminCog(parts.recorder),
            CounterCog(parts.recorder),
            TableActionsCog(parts.recorder),
        )

    def persistent(self) -> tuple[Sequence[discord.ui.View], Sequence[DynamicItem]]:
        return [LobbyView()], [ConsentButton, *PANEL_ITEMS]

    def add_reply_buttons(self, view: discord.ui.View, recorded: Recorded) -> None:
        add_consent_buttons(view, recorded)


MAGIC_BOT = MagicBot()
