"""The turn clock's keeper: one task for the whole process that posts a short reminder when a
channel's turn passes its limit, naming (and pinging, the only ping the bot sends) the players
whose turn it is: the active player, a Two-Headed Giant team's heads, or in Grand Melee the
players holding a turn marker (there the table's turn begins at each marker move).

One task, not one per channel: it keeps each clocked channel's next due time, sleeps until the
soonest, and is woken early when a clock is set, paused or resumed or a game changes (the
service tells it). A due time is worked out again whenever its channel changed, and checked
against the game once more when it comes, so a late wake-up or a missed change costs nothing
but a recomputation. Clocks are stored (their pause and the last turn reminded too), and the
task re-reads them at start-up: a restart neither forgets a pause nor reminds a turn twice.
The reminder is stored as sent before it is posted: a crash between the two loses that one
reminder rather than repeating it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import discord

from totembot.bot.conditions import KNOWN, one_line
from totembot.core.errors import RuleViolation
from totembot.core.turns import unix_seconds
from totembot.games.registry import ruleset_of
from totembot.render.markdown import escape
from totembot.service import GameService
from totembot.store import Clock, StoredGame
from totembot.turn_clock import due, paused, reminded, resumed, turn_name

log = logging.getLogger(__name__)
Now = Callable[[], float]  # seconds since 1970


@dataclass(frozen=True)
class Turn:
    """The current turn of a channel's game: its name for the clock, who is taking it, and
    when it began."""

    game: StoredGame
    name: str
    players: tuple[str, ...]
    began_at: str


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class ClockKeeper:
    def __init__(
        self,
        client: discord.Client,
        service: GameService,
        minute: float = 60.0,
        now: Now = time.time,
    ) -> None:
        self.client = client
        self.service = service
        self.minute = minute  # seconds in one of the clock's minutes (shorter in tests)
        self.now = now
        self._clocks: dict[str, Clock] = {}
        self._due: dict[str, float] = {}  # channel -> when its reminder is due
        self._stale: set[str] = set()  # channels whose due time is to be worked out again
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()  # commands and reminders change clocks one at a time
        self._task: asyncio.Task[None] | None = None
        service.on_change(self.changed)

    async def start(self, owns: Callable[[str | None], bool] | None = None) -> None:
        """Re-arm the stored clocks (this process's own guilds') and start the task."""
        for clock in await self.service.store.clocks(owns):
            self._clocks[clock.channel_id] = clock
            self._stale.add(clock.channel_id)
        if self._task is None:
            self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def changed(self, channel_id: str, _recorded: object = None) -> None:
        """A channel's game changed: its turn may have passed."""
        if channel_id in self._clocks:
            self._stale.add(channel_id)
            self._wake.set()

    # -- the commands ----------------------------------------------------------------------

    async def set(self, channel_id: str, guild_id: str | None, minutes: int | None) -> None:
        """Start (or change) the channel's clock; None stops it (RuleViolation, nothing
        changed, when there is none)."""
        async with self._lock:
            if minutes is None:
                if channel_id not in self._clocks:
                    raise RuleViolation("This channel has no turn clock to stop: nothing changed.")
                await self.service.store.delete_clock(channel_id)
                self._clocks.pop(channel_id, None)
                self._due.pop(channel_id, None)
                return
            old = self._clocks.get(channel_id)
            if old is None:
                clock = Clock(channel_id=channel_id, minutes=minutes, guild_id=guild_id)
            else:  # a new limit: the pause and what was reminded stay
                clock = replace(old, minutes=minutes, guild_id=guild_id)
            await self._save(clock)

    async def pause(self, channel_id: str) -> Clock:
        async with self._lock:
            clock = self._running(channel_id)
            await self._save(paused(clock, self.now()))
            return self._clocks[channel_id]

    async def resume(self, channel_id: str) -> Clock:
        async with self._lock:
            clock = self._running(channel_id)
            turn = await self._turn(channel_id)
            name = None if turn is None else turn.name
            began = None if turn is None else turn.began_at
            await self._save(resumed(clock, name, began, self.now()))
            return self._clocks[channel_id]

    def clock_of(self, channel_id: str) -> Clock | None:
        return self._clocks.get(channel_id)

    def _running(self, channel_id: str) -> Clock:
        clock = self._clocks.get(channel_id)
        if clock is None:
            raise RuleViolation("This channel has no turn clock: start one with /totem clock set.")
        return clock

    async def _save(self, clock: Clock) -> None:
        await self.service.store.save_clock(clock)
        self._clocks[clock.channel_id] = clock
        self._stale.add(clock.channel_id)
        self._wake.set()

    # -- the task ----------------------------------------------------------------------------

    async def _turn(self, channel_id: str) -> Turn | None:
        """The channel's current turn, if a game goes on there."""
        game = await self.service.current(channel_id)
        if game is None or game.status != "active" or game.state.finished:
            return None
        began = await self.service.turn_began(game)
        players = ruleset_of(game.config.format).turn_of(game.state).players
        return Turn(game, turn_name(game.id, began), players, began)

    async def _run(self) -> None:
        while True:
            try:
                await self._work_out_stale()
                await self._sleep_until_due()
                await self._remind_due()
            except asyncio.CancelledError:
                raise
            except Exception:  # the clock must keep going for every other channel
                log.exception("the turn clock failed; it goes on")
                await asyncio.sleep(self.minute)

    async def _work_out_stale(self) -> None:
        while self._stale:
            channel_id = self._stale.pop()
            clock = self._clocks.get(channel_id)
            self._due.pop(channel_id, None)
            if clock is None:
                continue
            try:
                turn = await self._turn(channel_id)
            except KNOWN as error:
                self._try_again(channel_id, error)
                continue
            when = None if turn is None else due(clock, turn.name, turn.began_at, self.minute)
            if when is not None:
                self._due[channel_id] = when

    async def _sleep_until_due(self) -> None:
        self._wake.clear()
        if self._stale:
            return
        soonest = min(self._due.values(), default=None)
        wait = None if soonest is None else soonest - self.now()
        if wait is not None and wait <= 0:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=wait)

    async def _remind_due(self) -> None:
        now = self.now()
        for channel_id in [c for c, when in self._due.items() if when <= now]:
            del self._due[channel_id]
            async with self._lock:
                try:
                    await self._remind(channel_id)
                except KNOWN as error:
                    self._try_again(channel_id, error)

    def _try_again(self, channel_id: str, error: BaseException) -> None:
        """The database (or Discord) refused for now: one line, and the channel is looked at
        again a clock minute later, so a passing failure never loses its turn's reminder."""
        log.warning("the turn clock of channel %s: %s", channel_id, one_line(error))
        self._due[channel_id] = self.now() + self.minute

    async def _remind(self, channel_id: str) -> None:
        """Check the turn once more, and remind it when it is still due."""
        clock = self._clocks.get(channel_id)
        turn = await self._turn(channel_id)
        if clock is None or turn is None:
            return
        when = due(clock, turn.name, turn.began_at, self.minute)
        if when is None:
            return
        if when > self.now():  # the turn changed since: wait for the new one
            self._due[channel_id] = when
            return
        clock = reminded(clock, turn.name)
        await self.service.store.save_clock(clock)
        self._clocks[channel_id] = clock
        try:
            await self._post(clock, turn)
        except discord.HTTPException as error:
            log.warning("could not remind the turn in channel %s: %s", channel_id, error)

    async def _post(self, clock: Clock, turn: Turn) -> None:
        named, users = [], []
        for player in turn.players:
            user = user_of(turn.game, player)
            who = escape(player, limit=60)
            named.append(who if user is None else f"<@{user}> ({who})")
            if user is not None and user not in users:
                users.append(user)
        began = f"<t:{unix_seconds(turn.began_at)}:R>"
        limit = plural(clock.minutes, "minute")
        if len(named) == 1:
            text = f"⏰ {named[0]}, your turn has passed {limit} (it began {began})."
        else:  # several take turns at once: the table's turn began at the latest marker move
            text = (
                f"⏰ {', '.join(named)}, your turns have passed {limit} (the latest began {began})."
            )
        pings = discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(int(user)) for user in users],
        )
        channel = self.client.get_partial_messageable(int(clock.channel_id))
        await channel.send(text, allowed_mentions=pings)


def user_of(game: StoredGame, player: str) -> str | None:
    """The Discord user seated as this player (None for a guest)."""
    folded = player.casefold()
    for name, seat in zip(game.config.players, game.seats, strict=False):
        if name.casefold() == folded or seat.display_name.casefold() == folded:
            return seat.user_id
    return None
