"""Each game's own part of the bot, found by the format a channel plays.

The shared bot (client, recording, status, the shared cogs) never imports a game; a game's own
commands, buttons and views live in its bot folder (`bot/magic/`, `bot/totemic/`), the only
part of the shell that imports the game. This module is where the shared bot finds them: a
new game adds one entry here and a folder of its own.
"""

from __future__ import annotations

from functools import cache

import discord

from totembot.bot.parts import BotGame
from totembot.games.registry import game_of
from totembot.service import Recorded


@cache
def _magic() -> BotGame:
    from totembot.bot.magic.game import MAGIC_BOT

    return MAGIC_BOT


@cache
def _totemic() -> BotGame:
    from totembot.bot.totemic.game import TOTEMIC_BOT

    return TOTEMIC_BOT


def bot_games() -> tuple[BotGame, ...]:
    return (_magic(), _totemic())


def bot_game_of(format_name: str) -> BotGame:
    """The bot part of the game a format belongs to (only that game is imported)."""
    return _totemic() if game_of(format_name) == "totemic" else _magic()


def reply_view(recorded: Recorded) -> discord.ui.View:
    """The buttons an accepted request's reply carries: whatever answer its game now awaits
    (only that game's bot folder is asked)."""
    view = discord.ui.View(timeout=None)
    bot_game_of(recorded.state.config.format).add_reply_buttons(view, recorded)
    return view
