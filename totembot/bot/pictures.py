"""The bot's pictures as Discord files: the chart of a game and the board, drawn by the bot's
drawing process (`totembot.drawing`), never in the event loop's own process."""

from __future__ import annotations

import io

import discord

from totembot.core.game import GameState
from totembot.core.story import Story
from totembot.core.telling import StoredLine
from totembot.drawing.drawer import Drawer
from totembot.drawing.pictures import Board, Chart, ToldChart
from totembot.store import StoredGame

BOARD_FILENAME = "totem-board.png"
# What a player is told when the drawing process stopped under their picture (WorkerLost).
NOT_DRAWN = "The picture could not be drawn this time: ask again in a moment."


def drawer_of(interaction: discord.Interaction) -> Drawer:
    drawer = getattr(interaction.client, "drawer", None)
    assert isinstance(drawer, Drawer), "the client has no drawer"
    return drawer


async def chart_file(drawer: Drawer, story: Story) -> discord.File:
    """The game's life chart (named as the summary's embed expects it)."""
    return _chart_file(await drawer.draw(Chart(story)))


async def chart_file_of_log(
    drawer: Drawer, game: StoredGame, log: list[StoredLine]
) -> discord.File:
    """The game's life chart, its story told in the drawing process from the log as stored."""
    return _chart_file(await drawer.draw(ToldChart(game.config, game.created_at, tuple(log))))


def _chart_file(png: bytes) -> discord.File:
    from totembot.render.summary import CHART_FILENAME  # not at start-up: summaries are rare

    return discord.File(io.BytesIO(png), filename=CHART_FILENAME)


async def board_file(drawer: Drawer, game_format: str, state: GameState) -> discord.File:
    """The picture of the table (a RuleViolation for a game that has none)."""
    png = await drawer.draw(Board(game_format, state))
    return discord.File(io.BytesIO(png), filename=BOARD_FILENAME)
