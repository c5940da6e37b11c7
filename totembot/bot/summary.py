"""The end-of-game summary: when a request ends a game, the channel gets its story (winners,
turns, duration, who went out when and why, the biggest hit, commander damage) with the chart
of every life total. It is posted in the background, after the request's own answer.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from totembot.bot.conditions import KNOWN, one_line
from totembot.bot.pictures import chart_file
from totembot.bot.replies import NO_PINGS
from totembot.core.story import Story
from totembot.drawing.drawer import Drawer, WorkerLost
from totembot.service import GameService

log = logging.getLogger(__name__)
SHUTDOWN_PATIENCE = 5.0


def summary_of(story: Story) -> discord.Embed:
    from totembot.render.summary import summary_embed

    return discord.Embed.from_dict(summary_embed(story))


class SummaryPoster:
    def __init__(self, client: discord.Client, service: GameService, drawer: Drawer) -> None:
        self.client = client
        self.service = service
        self.drawer = drawer  # the chart is drawn in the bot's drawing process
        self._tasks: set[asyncio.Task[None]] = set()
        self._in_order: dict[str, asyncio.Lock] = {}  # a channel's summaries, in their order

    def game_ended(self, game_id: int, channel_id: str) -> None:
        """Post the game's summary soon; the caller does not wait for it."""
        task = asyncio.create_task(self._post(game_id, channel_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _post(self, game_id: int, channel_id: str) -> None:
        async with self._in_order.setdefault(channel_id, asyncio.Lock()):
            await self._post_now(game_id, channel_id)

    async def _post_now(self, game_id: int, channel_id: str) -> None:
        try:
            story = await self.service.summary_story(game_id)
            if not story.finished:
                return  # undone before its summary was drawn: the game goes on
            channel = self.client.get_partial_messageable(int(channel_id))
            embed = summary_of(story)
            await self._add_ratings(embed, game_id)
            chart = await self._chart(story, game_id)
            if chart is not None:
                try:
                    await channel.send(embed=embed, file=chart, allowed_mentions=NO_PINGS)
                    return
                except discord.Forbidden:  # no Attach Files permission here
                    pass
            embed.set_image(url=None)
            await channel.send(embed=embed, allowed_mentions=NO_PINGS)
        except KNOWN as error:  # the database or Discord refused: its sentence says why
            log.warning("could not post the summary of game %s: %s", game_id, one_line(error))
        except Exception:
            log.exception("could not post the summary of game %s", game_id)

    async def _add_ratings(self, embed: discord.Embed, game_id: int) -> None:
        """The game's rating changes (`Ann 27.1 -> 28.4`), when it was rated: a server's game
        with two sides or more. A failure leaves the summary without them."""
        from totembot.reports.rated import server_ratings
        from totembot.reports.ratings import pool_of
        from totembot.reports.ratings_text import changes_text

        try:
            game = await self.service.store.load(game_id)
            if game.guild_id is None or game.status != "finished":
                return
            pool = pool_of(game.config.format)
            ratings = await server_ratings(self.service.store, game.guild_id, pool)
            changes = ratings.changes.get(game_id)
            if changes:
                embed.add_field(name="Ratings", value=changes_text(changes)[:1024], inline=False)
        except KNOWN as error:
            log.warning("could not rate game %s: %s", game_id, one_line(error))
        except Exception:  # the summary goes without its ratings rather than not at all
            log.exception("could not rate game %s", game_id)

    async def _chart(self, story: Story, game_id: int) -> discord.File | None:
        """The chart, or None when it cannot be drawn (the summary goes without it): a drawing
        process that stopped is one line, anything else keeps its traceback."""
        try:
            return await chart_file(self.drawer, story)
        except WorkerLost as error:
            log.warning("could not draw the chart of game %s: %s", game_id, one_line(error))
            return None
        except Exception:
            log.exception("could not draw the chart of game %s", game_id)
            return None

    async def flush(self, patience: float = SHUTDOWN_PATIENCE) -> None:
        """At shut-down: let summaries being posted finish, for at most `patience` seconds."""
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=patience)
