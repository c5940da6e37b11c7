"""Starting a game in a channel, whatever the game: refused while one is being played, then
created, answered, and its status message posted (the previous game's retired)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from totembot.bot.status import StatusUpdater
from totembot.core import GameConfig
from totembot.core.errors import RuleViolation
from totembot.service import GameService
from totembot.store import Seat, StoredGame


@dataclass(frozen=True)
class Started:
    """A game just created, and the channel's previous game whose status message retires."""

    game: StoredGame
    previous: StoredGame | None


class Starter:
    def __init__(self, service: GameService, status: StatusUpdater) -> None:
        self.service = service
        self.status = status

    async def require_no_game(self, channel_id: int) -> None:
        game = await self.service.current(str(channel_id))
        if game is not None and game.status == "active":
            raise RuleViolation("This channel already has a game: end it with /totem end first.")

    async def start(
        self,
        interaction: discord.Interaction,
        config: GameConfig,
        seats: Sequence[Seat],
        host: str,
    ) -> Started:
        """Create the game; the caller answers, then calls `show_started`."""
        assert interaction.channel_id is not None
        channel = str(interaction.channel_id)
        await self.require_no_game(interaction.channel_id)
        previous = await self.service.current(channel)
        game = await self.service.start(
            channel,
            host,
            config,
            seats,
            guild_id=str(interaction.guild_id) if interaction.guild_id else None,
        )
        return Started(game, previous)

    async def show_started(self, started: Started) -> None:
        """After the answer: retire the previous game's status message, post the new one."""
        if started.previous is not None:
            await self.status.retire(started.previous)
        self.status.schedule(started.game.id)
