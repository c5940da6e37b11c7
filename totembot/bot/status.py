"""The pinned status message of each game: posted at the start, edited as the game changes.

Edits are a trailing debounce per game: a change is shown once the game has been quiet for one
interval (`TOTEMBOT_STATUS_INTERVAL`), so a burst of requests costs one edit after it, the latest
state winning. A burst that never pauses is still shown every `MAX_WAIT_INTERVALS` intervals, and
two edits of a game are always at least an interval apart. A game this process has not shown yet
(a new game, or a stale message re-synced at start-up) is shown at once. Interaction replies never
wait for it.
It heals itself: a status message that was deleted, unpinned or can no longer be edited (past
Discord's edit limit, error 30046, given up on at once; Discord failing) is replaced by a fresh
one, pinned when the bot may pin, and a missing pin permission is explained to the channel once.
At shut-down, pending edits are made at once and waited for at most `SHUTDOWN_PATIENCE` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from totembot.bot.conditions import KNOWN, one_line
from totembot.bot.edit_limit import EditLimitReached, EditLimitWatch
from totembot.bot.replies import NO_PINGS
from totembot.core.turns import unix_seconds
from totembot.games.registry import ruleset_of
from totembot.render.embeds import with_turn_began
from totembot.store import GameStore, StoredGame

# When a game's current turn began (the service's `turn_began`).
TurnBegan = Callable[[StoredGame], Awaitable[str]]

log = logging.getLogger(__name__)
SHUTDOWN_PATIENCE = 2.0
# A game changed without a pause is shown at least this many intervals after its first unshown
# change: a status that lags a long burst by a few seconds, rather than one edit per interval.
MAX_WAIT_INTERVALS = 5
LATE_PATIENCE = 0.5  # for cancelled edits to unwind (discord.py may wait on a rate limit)

PIN_PERMISSION_MISSING = (
    "I cannot pin this game's status message: please give me the **Pin Messages** permission "
    "in this channel. The game goes on, and my latest status message stays up to date."
)


def shown_status(game: StoredGame, turn_began: str | None = None) -> dict[str, Any]:
    """The status embed the game's own rules draw, with when the turn began while it goes on."""
    embed = ruleset_of(game.config.format).status_embed(game.state)
    if turn_began is None or not goes_on(game):
        return embed
    return with_turn_began(embed, unix_seconds(turn_began))


def goes_on(game: StoredGame) -> bool:
    return not game.state.finished and game.status == "active"


async def status_now(game: StoredGame, turn_began: TurnBegan | None) -> dict[str, Any]:
    """The status embed of a game, with its turn's start when there is a way to know it (not
    asked of a game that ended: it is not shown, and may cost a read of the whole log)."""
    began = None if turn_began is None or not goes_on(game) else await turn_began(game)
    return shown_status(game, began)


@dataclass(frozen=True)
class Changes:
    """When a game's first and latest changes not yet shown were made (monotonic seconds)."""

    first: float
    last: float

    def again(self, now: float) -> Changes:
        return Changes(self.first, now)


def edit_due(shown_at: float | None, changes: Changes | None, interval: float) -> float:
    """When a game's next edit is due: an interval after its latest change (the burst went
    quiet) or `MAX_WAIT_INTERVALS` after its first unshown one (it never did), whichever is
    sooner, but never within an interval of its last edit. Never shown: at once."""
    if shown_at is None or changes is None:
        return 0.0
    quiet = changes.last + interval
    overdue = changes.first + MAX_WAIT_INTERVALS * interval
    return max(min(quiet, overdue), shown_at + interval)


EDIT_RETRIES = 3  # a failed edit is tried again this many times, an interval apart


class StatusUpdater:
    def __init__(
        self,
        client: discord.Client,
        store: GameStore,
        interval: float,
        edit_limits: EditLimitWatch | None = None,
        turn_began: TurnBegan | None = None,
    ) -> None:
        self.client = client
        self.turn_began = turn_began
        self.store = store
        self.interval = interval
        self.edit_limits = edit_limits or EditLimitWatch()
        self._dirty: set[int] = set()
        self._failures: dict[int, int] = {}  # failed edits in a row, per game
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._shown_at: dict[int, float] = {}  # when the game's last edit ended
        self._unshown: dict[int, Changes] = {}
        self._told_cannot_pin: set[str] = set()
        self._retired: set[int] = set()  # games whose message is no longer the channel's
        self._hurry = asyncio.Event()

    def schedule(self, game_id: int) -> None:
        """Mark a game's status as stale; one task per game brings it up to date."""
        now = time.monotonic()
        self._dirty.add(game_id)
        changes = self._unshown.get(game_id)
        self._unshown[game_id] = Changes(now, now) if changes is None else changes.again(now)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.create_task(self._refresh(game_id))

    def due(self, game_id: int) -> float:
        """When the game's next edit is due (monotonic seconds)."""
        return edit_due(self._shown_at.get(game_id), self._unshown.get(game_id), self.interval)

    async def flush(self, patience: float = SHUTDOWN_PATIENCE) -> None:
        """At shut-down: make pending edits now, waiting at most `patience` seconds for them."""
        tasks = [task for task in self._tasks.values() if not task.done()]
        if not tasks:
            return
        self._hurry.set()
        try:
            _done, late = await asyncio.wait(tasks, timeout=patience)
            for task in late:
                task.cancel()
            if late:
                log.warning("gave up on %d status edits (Discord was slow)", len(late))
                await asyncio.wait(late, timeout=LATE_PATIENCE)
        finally:
            self._hurry.clear()

    async def _refresh(self, game_id: int) -> None:
        """Wait until the game's edit is due (or a flush hurries it), then make it; again while
        changes keep coming."""
        try:
            while game_id in self._dirty:
                wait = self.due(game_id) - time.monotonic()
                if wait > 0 and not self._hurry.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._hurry.wait(), timeout=wait)
                    continue  # a change meanwhile may have moved the time it is due
                if game_id in self._retired:
                    return  # retire() showed its last state
                await self._edit(game_id)
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]  # finished: a later change starts a new task

    async def _edit(self, game_id: int) -> None:
        """Show the stored state: every change made until now is in it."""
        self._dirty.discard(game_id)
        self._unshown.pop(game_id, None)
        self._shown_at[game_id] = time.monotonic()  # shown by this process: later edits wait
        try:
            await self.show(await self.store.load(game_id))
        except KNOWN as error:  # the database or Discord refused: its sentence says why
            self._log_failure(game_id, error)
            self._retry_later(game_id)
        except Exception:
            log.exception("could not update the status message of game %s", game_id)
            self._retry_later(game_id)
        else:
            self._failures.pop(game_id, None)
        self._shown_at[game_id] = time.monotonic()  # the next edit an interval after this one

    def _log_failure(self, game_id: int, error: BaseException) -> None:
        """One warning for a streak of failed edits, at its first: its retries fail the same
        way until the condition is fixed, and a line each would only repeat it."""
        if game_id in self._failures:
            return
        log.warning(
            "could not update the status message of game %s (tried again up to %d times): %s",
            game_id,
            EDIT_RETRIES,
            one_line(error),
        )

    def _retry_later(self, game_id: int) -> None:
        """A failed edit is tried again an interval later, a few times: after a burst it is
        the only edit, so giving up at once would leave the table showing an older state."""
        failures = self._failures.get(game_id, 0) + 1
        if failures > EDIT_RETRIES or game_id in self._retired:
            self._failures.pop(game_id, None)  # start-up re-sync still catches it
            return
        self._failures[game_id] = failures
        now = time.monotonic()
        self._dirty.add(game_id)
        self._unshown.setdefault(game_id, Changes(now, now))

    async def show(self, game: StoredGame) -> None:
        """Edit the game's status message, or replace it when it cannot serve any more."""
        channel = self.client.get_partial_messageable(int(game.channel_id))
        embed = discord.Embed.from_dict(await status_now(game, self.turn_began))
        old = game.status_message_id
        if old is None:
            await self._replace(game, channel, embed, unpin=None)
            return
        try:
            message = await self.edit_limits.edit(
                int(old),
                lambda: channel.get_partial_message(int(old)).edit(
                    embed=embed, allowed_mentions=NO_PINGS
                ),
            )
        except EditLimitReached:
            await self._heal(game, channel, embed, old, "reached its edit limit")
        except discord.NotFound:
            await self._heal(game, channel, embed, None, "was deleted")
        except discord.HTTPException as error:
            await self._heal(game, channel, embed, old, f"cannot be edited ({error})")
        else:
            if not message.pinned and self._may_pin(game.channel_id):
                await self._heal(game, channel, embed, None, "was unpinned")
            else:
                await self.store.set_status_message(game.id, old, game.version)

    async def _heal(
        self,
        game: StoredGame,
        channel: discord.PartialMessageable,
        embed: discord.Embed,
        unpin: str | None,
        why: str,
    ) -> None:
        """Replace a status message that cannot serve, unless a newer game took the channel."""
        if game.id in self._retired:
            log.info("the status message of finished game %s %s: left as it is", game.id, why)
            return
        log.info("the status message of game %s %s: posting a new one", game.id, why)
        await self._replace(game, channel, embed, unpin=unpin)

    async def retire(self, game: StoredGame, note: str | None = None) -> None:
        """A game's status message stops being the channel's: it shows the game's last state
        (with `note` as its title when given: an abandoned game), is unpinned, and is never
        replaced again."""
        from totembot.render.embeds import FINISHED_COLOUR

        self._retired.add(game.id)
        self._dirty.discard(game.id)  # its last state is shown here, not by a pending edit
        self._unshown.pop(game.id, None)
        stored = await self.store.load(game.id)
        if stored.status_message_id is None:
            return
        channel = self.client.get_partial_messageable(int(stored.channel_id))
        message = channel.get_partial_message(int(stored.status_message_id))
        embed = shown_status(stored)
        if note is not None:
            embed |= {"title": note, "color": FINISHED_COLOUR}
        shown = discord.Embed.from_dict(embed)
        with contextlib.suppress(discord.HTTPException, EditLimitReached):
            await self.edit_limits.edit(
                message.id, lambda: message.edit(embed=shown, allowed_mentions=NO_PINGS)
            )
        with contextlib.suppress(discord.HTTPException):
            await message.unpin()

    async def _replace(
        self,
        game: StoredGame,
        channel: discord.PartialMessageable,
        embed: discord.Embed,
        unpin: str | None,
    ) -> None:
        """Post a fresh status message, remember it, pin it, and unpin the one it replaces."""
        message = await channel.send(embed=embed, allowed_mentions=NO_PINGS)
        await self.store.set_status_message(game.id, str(message.id), game.version)
        await self._pin(game.channel_id, channel, message)
        if unpin is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(int(unpin)).unpin()

    async def _pin(
        self, channel_id: str, channel: discord.PartialMessageable, message: discord.Message
    ) -> None:
        try:
            await message.pin()
        except discord.Forbidden:
            if channel_id not in self._told_cannot_pin:
                self._told_cannot_pin.add(channel_id)
                await channel.send(PIN_PERMISSION_MISSING, allowed_mentions=NO_PINGS)
        except discord.HTTPException as error:
            log.warning("cannot pin the status message in channel %s: %s", channel_id, error)
        else:
            self._told_cannot_pin.discard(channel_id)

    def _may_pin(self, channel_id: str) -> bool:
        """Whether pinning can work here, as far as the cache knows (unknown: try)."""
        channel = self.client.get_channel(int(channel_id))
        if not isinstance(channel, discord.abc.GuildChannel):
            return channel_id not in self._told_cannot_pin
        permissions = channel.permissions_for(channel.guild.me)
        return permissions.pin_messages or permissions.manage_messages
