"""The pinned status message of each game: posted at the start, edited as the game changes.

Edits are coalesced per game: the latest state wins and a game's message is edited at most once
per interval, so a burst of requests costs a few edits. Interaction replies never wait for it.
"""

from __future__ import annotations

import asyncio
import logging
import time

import discord

from totembot.render.embed import status_embed
from totembot.store import GameStore, StoredGame

log = logging.getLogger(__name__)


class StatusUpdater:
    def __init__(self, client: discord.Client, store: GameStore, interval: float) -> None:
        self.client = client
        self.store = store
        self.interval = interval
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._last_edit: dict[int, float] = {}

    def schedule(self, game_id: int) -> None:
        """Mark a game's status as stale; one task per game brings it up to date."""
        self._dirty.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.create_task(self._refresh(game_id))

    async def flush(self) -> None:
        """Wait for every pending edit (at shut-down)."""
        tasks = [task for task in self._tasks.values() if not task.done()]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _refresh(self, game_id: int) -> None:
        while game_id in self._dirty:
            wait = self._last_edit.get(game_id, 0.0) + self.interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            self._dirty.discard(game_id)
            try:
                await self.show(await self.store.load(game_id))
            except Exception:
                log.exception("could not update the status message of game %s", game_id)
            self._last_edit[game_id] = time.monotonic()

    async def show(self, game: StoredGame) -> None:
        """Edit the game's status message, or post (and pin) a fresh one if it is gone."""
        channel = self.client.get_partial_messageable(int(game.channel_id))
        embed = discord.Embed.from_dict(status_embed(game.state))
        if game.status_message_id is not None:
            try:
                await channel.get_partial_message(int(game.status_message_id)).edit(
                    embed=embed, allowed_mentions=discord.AllowedMentions.none()
                )
                return
            except discord.NotFound:
                log.info("status message of game %s is gone: posting a new one", game.id)
        await self.post(game, channel, embed)

    async def post(
        self, game: StoredGame, channel: discord.PartialMessageable, embed: discord.Embed
    ) -> None:
        message = await channel.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())
        await self.store.set_status_message(game.id, str(message.id))
        try:
            await message.pin()
        except discord.HTTPException as error:
            log.warning("cannot pin the status message of game %s: %s", game.id, error)
