"""`/do`: one phrase of the channel's game, in its own language, for every game.

The line is read by the game's ruleset and recorded through the one path every request takes
(`Recorder.record`), for the caller or, with `Name: phrase`, for another player as the access
rules allow."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from totembot.bot.access import Table
from totembot.bot.recording import Recorder
from totembot.core import ParsedLine
from totembot.core.errors import RuleViolation
from totembot.games.registry import ruleset_of


class SayCog(commands.Cog):
    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder

    @app_commands.command(
        name="do", description="Record one phrase, e.g. 'deal 3 to Bob' or 'deal 1 to each player'"
    )
    @app_commands.describe(
        text="A phrase of the game's language; 'Name: phrase' records it for another player"
    )
    async def do(
        self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 500]
    ) -> None:
        assert interaction.channel_id is not None
        table = await self.recorder.table_for(interaction)
        await self.recorder.say_line(interaction, line_said(table, text))


def line_said(table: Table, text: str) -> ParsedLine:
    """The line `/do` reads in `text` (mentions and quoted names made players' names), or the
    sentence that refuses it; a player's panel says its moves through here too."""
    game = table.game
    ruleset = ruleset_of(game.config.format)
    line = ruleset.parse_line(table.with_names(text), game.state)
    if line is None:
        raise RuleViolation(ruleset.empty_phrase(game.state))
    refusal = ruleset.refusal_in_public(line.kind, len(game.seats))
    if refusal is not None:
        raise RuleViolation(refusal)
    return line
