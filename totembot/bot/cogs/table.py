"""The commands of `/totem` that work in every game's channel: status, help, board, history,
end. Magic's bot folder puts them in the `/totem` group beside its setup and lobby commands
(`bot/magic/table.py`); Totemic's games answer them too."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Caller
from totembot.bot.help_page import discord_help, help_topics
from totembot.bot.pictures import board_file, drawer_of
from totembot.bot.recording import Recorder
from totembot.bot.replies import MAX_CONTENT, changes_text, in_time, say, tell
from totembot.bot.status import status_now
from totembot.core.errors import RuleViolation
from totembot.games.registry import ruleset_of
from totembot.render.markdown import escape

if TYPE_CHECKING:  # the web server is imported only when TOTEMBOT_WEB is set
    from totembot.web.live import LivePages

HISTORY_DEFAULT = 10


def live_pages(interaction: discord.Interaction) -> LivePages | None:
    """The bot's live pages, when TOTEMBOT_WEB is set."""
    return getattr(interaction.client, "live", None)


class TableCommands(commands.Cog):
    """A base of the `/totem` group's cog (a cog's commands include its bases')."""

    recorder: Recorder

    @app_commands.command(name="status", description="Show the game: every life total now")
    async def status(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        table = await self.recorder.table_for(interaction)
        shown = await in_time(interaction, status_now(table.game, self.recorder.service.turn_began))
        await tell(interaction, "", embed=discord.Embed.from_dict(shown))

    @app_commands.command(
        name="help", description="Learn the phrases and house rules (only you see it)"
    )
    @app_commands.describe(
        topic="A verb or subject, e.g. deal, attack, totems, rules (default: all)"
    )
    @app_commands.autocomplete(topic=help_topics)
    async def help(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        await tell(interaction, discord_help(topic))

    @app_commands.command(name="board", description="Post a picture of the table")
    async def board(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        table = await self.recorder.table_for(interaction)
        board = board_file(drawer_of(interaction), table.game.config.format, table.game.state)
        await say(interaction, file=await in_time(interaction, board))

    @app_commands.command(name="history", description="The latest changes, who recorded them, when")
    @app_commands.describe(count="How many of the latest changes to show (default 10)")
    async def history(
        self,
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, 25] = HISTORY_DEFAULT,
    ) -> None:
        assert interaction.channel_id is not None
        table = await self.recorder.table_for(interaction)
        history = self.recorder.service.history(table.game.id, newest=count)
        records = await in_time(interaction, history)
        game_format = table.game.config.format
        ruleset = ruleset_of(game_format)
        entries = [
            f"`#{record.seq}` {_when(record.recorded_at)} <@{record.recorded_by}>: "
            f"{escape(ruleset.format_request(record.request, secret=True), limit=120)}\n"
            f"    {changes_text(game_format, record.changes)[:300]}"
            for record in records
        ]
        text = ""
        for entry in reversed(entries):  # the newest entries first, while they fit
            if len(entry) + len(text) + 1 > MAX_CONTENT:
                break
            text = f"{entry}\n{text}" if text else entry
        await tell(interaction, text or "Nothing has been recorded yet.")

    @app_commands.command(
        name="link", description="The address of this table's live web page (only you see it)"
    )
    @app_commands.describe(
        reset="True: the old addresses stop working at once and a new one is made (host or admin)"
    )
    async def link(self, interaction: discord.Interaction, reset: bool = False) -> None:
        assert interaction.channel_id is not None
        live = live_pages(interaction)
        table = await self.recorder.table_for(interaction)
        if live is None:
            raise RuleViolation(
                "This bot has no live pages: its host has not set TOTEMBOT_WEB "
                "(see docs/deploying.md)."
            )
        channel = str(interaction.channel_id)
        if reset and not table.may_manage(Caller.of(interaction)):
            raise RuleViolation("Only the game's host or an admin can reset the page's address.")
        if reset:
            await in_time(interaction, live.reset(channel))
        address = await in_time(interaction, live.issue(channel))
        said = "The old addresses no longer work. " if reset else ""
        await tell(
            interaction,
            f"{said}This table's live page (share it with whoever should watch; "
            f"`/totem link reset:True` makes it stop working): <{address}>\n"
            f"For a stream overlay: <{address}?overlay&width=1920&height=1080>",
        )

    @app_commands.command(name="end", description="Abandon this channel's game (host or admin)")
    async def end(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        table = await self.recorder.table_for(interaction)
        if not table.may_manage(Caller.of(interaction)):
            raise RuleViolation("Only the game's host or an admin can end the game.")
        game = await in_time(interaction, self.recorder.service.end(str(interaction.channel_id)))
        who = escape(interaction.user.display_name)
        try:
            await say(interaction, f"The game was ended by {who}; a new one can start here.")
        finally:  # the status message is retired whatever becomes of the answer
            await self.recorder.status.retire(game, note=f"Game ended by {who}")


def _when(recorded_at: str) -> str:
    try:
        return f"<t:{int(datetime.fromisoformat(recorded_at).timestamp())}:t>"
    except ValueError:
        return recorded_at
