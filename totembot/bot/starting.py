"""Starting a game in a channel, whatever the game: refused while one is being played or over
another member's lobby, then created, answered, and its status message posted (the previous
game's retired)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from totembot.bot.access import Caller, require_place
from totembot.bot.status import StatusUpdater
from totembot.core import GameConfig
from totembot.core.errors import RuleViolation
from totembot.service import GameService
from totembot.store import Lobby, Seat, StoredGame


@dataclass(frozen=True)
class Started:
    """A game just created, and the channel's previous game whose status message retires."""

    game: StoredGame
    previous: StoredGame | None


class Starter:
    def __init__(self, service: GameService, status: StatusUpdater) -> None:
        self.service = service
        self.status = status

    async def require_no_game(self, interaction: discord.Interaction) -> None:
        """No game is being played in the interaction's channel (and its latest game, if any,
        is of the interaction's server)."""
        assert interaction.channel_id is not None
        game = await self.service.current(str(interaction.channel_id))
        if game is None:
            return
        require_place(interaction, game.guild_id)
        if game.status == "active":
            raise RuleViolation("This channel already has a game: end it with /totem end first.")

    async def require_free(self, interaction: discord.Interaction) -> None:
        """The channel is free for the caller to start a game in at once: no game being
        played, and no lobby open there unless the caller is its host or an admin (starting
        closes it). Every game's setup command asks this before looking members up, and
        `start` asks again."""
        await self.require_no_game(interaction)
        assert interaction.channel_id is not None
        lobby = await self.service.store.load_lobby(str(interaction.channel_id))
        if lobby is None:
            return
        require_place(interaction, lobby.guild_id, "lobby")
        if not Caller.of(interaction).manages(lobby.host):
            raise RuleViolation(over_lobby(lobby))

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
        await self.require_free(interaction)
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


def over_lobby(lobby: Lobby) -> str:
    """The refusal to start a game over someone else's lobby, naming its host."""
    host = next((seat.display_name for seat in lobby.seats if seat.user_id == lobby.host), None)
    if host is None:  # the host left their own lobby's seats
        return "A lobby is open here: only its host or an admin can start a game over it."
    return f"{host}'s lobby is open here: only {host} or an admin can start a game over it."
