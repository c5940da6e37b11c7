"""`totembot bench`'s request figures: the bot's `/do` path without the network, against the
bare durable commit (the floor), one request at a time and with many channels at once.

A request here is what the bot does for `/do` apart from talking to Discord: the channel's
table (the service's game in memory), mentions replaced by names, the phrase parsed, the access
check (as whom the caller records), the rules, the commit, the reply text, and the status edits
as the bot's debounce makes them (`totembot.bot.status.edit_due`): a game's status is drawn,
and its version remembered, only when an edit is due, not once per request.
"""

from __future__ import annotations

import asyncio
import heapq
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from totembot.bot.access import Caller, Table
from totembot.bot.recording import Said
from totembot.bot.replies import told_text
from totembot.bot.status import Changes, TurnBegan, edit_due, status_now
from totembot.games.registry import parse_setup, ruleset_of
from totembot.service import GameService
from totembot.store import GameStore, NewGame, Seat, open_store
from totembot.store.floor import BareFloor, bare_floor

SETUP = "game totem players: Ann, Bob, Cid, Dan life: 1000000"
PLAYERS = ("Ann", "Bob", "Cid", "Dan")
USERS = ("101", "102", "103", "104")  # the seats' Discord ids, in PLAYERS' order
HOST = "100"  # the games' host, who records for anyone
STATUS_INTERVAL = 2.0  # the bot's default TOTEMBOT_STATUS_INTERVAL
# (who types it, the phrase): a cycle that never ends a game, said by the players themselves,
# by the host for them, with mentions; amounts change with every request.
CYCLE: tuple[tuple[str, str], ...] = (
    ("Ann", "deal {n} to Bob"),
    ("Bob", "Cid gains {n} via Cid-Dan"),
    ("host", "Cid: attack Dan-Ann for {n} hitting Dan"),
    ("Dan", "lock left"),
    ("Ann", "deal {n} to <@103> via left"),
    ("Dan", "unlock left"),
    ("Bob", "lose {n} via right"),
    ("host", "Cid: Ann gains {n} via Ann-Bob"),
    ("host", "next"),
)
LOCKED = (4, 5)  # a game starting its cycle here would unlock a totem that is not locked
STARTS = tuple(index for index in range(len(CYCLE)) if index not in LOCKED)


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def new_games(count: int, prefix: str, shown: bool = False) -> list[NewGame]:
    """Totem games of four seated members, hosted by HOST."""
    config = parse_setup(SETUP)
    initial = ruleset_of(config.format).new_game(config)
    seats = tuple(
        Seat(display_name=f"{name} P", user_id=user)
        for name, user in zip(PLAYERS, USERS, strict=True)
    )
    return [
        NewGame(
            channel_id=f"{prefix}{index}",
            host=HOST,
            config=config,
            initial=initial,
            seats=seats,
            created_at="2026-01-01T00:00:00+00:00",
            status_message_id="1" if shown else None,
        )
        for index in range(count)
    ]


def caller(who: str) -> Caller:
    if who == "host":
        return Caller(user_id=HOST, display_name="Host", is_admin=False)
    user = USERS[PLAYERS.index(who)]
    return Caller(user_id=user, display_name=f"{who} P", is_admin=False)


CALLERS = {who: caller(who) for who, _text in CYCLE}


@dataclass
class Phrases:
    """Each game's next phrase: games start at different places of the cycle, and amounts
    run 1 to 9, so consecutive requests differ."""

    said: dict[str, int] = field(default_factory=dict)
    count: int = 0

    def next(self, channel: str, game: int) -> tuple[Caller, str]:
        step = self.said.get(channel, STARTS[game % len(STARTS)])
        self.said[channel] = step + 1
        self.count += 1
        who, text = CYCLE[step % len(CYCLE)]
        return CALLERS[who], text.format(n=1 + self.count * 7 % 9)


class Statuses:
    """The bot's status edits without Discord: its debounce (`edit_due`) decides when a game
    is shown; showing is what the bot's edit does apart from the REST call (the game loaded,
    its embed drawn, the version shown remembered)."""

    def __init__(
        self,
        store: GameStore,
        interval: float = STATUS_INTERVAL,
        turn_began: TurnBegan | None = None,
    ) -> None:
        self.store = store
        self.interval = interval
        self.turn_began = turn_began  # the turn's start the status shows, as the bot asks it
        self.edits = 0
        self._shown_at: dict[int, float] = {}
        self._unshown: dict[int, Changes] = {}
        self._due: list[tuple[float, int]] = []

    def on_show(self, game_id: int) -> None:
        """A game whose message already shows its state (a game being played)."""
        self._shown_at[game_id] = time.monotonic()

    def schedule(self, game_id: int) -> None:
        now = time.monotonic()
        changes = self._unshown.get(game_id)
        self._unshown[game_id] = Changes(now, now) if changes is None else changes.again(now)
        if changes is None:
            heapq.heappush(self._due, (self._when(game_id), game_id))

    def _when(self, game_id: int) -> float:
        return edit_due(self._shown_at.get(game_id), self._unshown.get(game_id), self.interval)

    async def edit_due_ones(self) -> None:
        """Show every game whose edit is due by now."""
        now = time.monotonic()
        while self._due and self._due[0][0] <= now:
            _when, game_id = heapq.heappop(self._due)
            due = self._when(game_id)
            if due > now:  # changed since it was queued: later
                heapq.heappush(self._due, (due, game_id))
            else:
                await self._show(game_id)

    async def flush(self) -> None:
        """Show every pending game (the bot's flush at the end of a burst)."""
        while self._due:
            await self._show(heapq.heappop(self._due)[1])

    async def _show(self, game_id: int) -> None:
        self._unshown.pop(game_id, None)
        game = await self.store.load(game_id)
        await status_now(game, self.turn_began)
        await self.store.set_status_message(game.id, game.status_message_id, game.version)
        self._shown_at[game_id] = time.monotonic()
        self.edits += 1


class BotPath:
    """What the bot does for `/do` apart from Discord's calls (totembot.bot.magic.actions)."""

    def __init__(self, store: GameStore) -> None:
        self.service = GameService(store)
        self.statuses = Statuses(store, turn_began=self.service.turn_began)
        self.phrases = Phrases()

    async def warm(self, channels: Sequence[str]) -> None:
        """Games being played: their state at hand, their status message up to date."""
        for channel in channels:
            game = await self.service.current(channel)
            assert game is not None
            self.statuses.on_show(game.id)

    async def do(self, channel: str, game: int) -> None:
        who, text = self.phrases.next(channel, game)
        stored = await self.service.current(channel)
        assert stored is not None
        table = Table(stored)
        line = ruleset_of(stored.config.format).parse_line(table.with_names(text), stored.state)
        assert line is not None
        said = Said(who, line)  # as /do records it
        recorded = await self.service.record(channel, said.request_for, who.user_id)
        self.statuses.schedule(recorded.game_id)
        told_text(recorded.told)
        await self.statuses.edit_due_ones()


@dataclass
class Timings:
    """One serial run: each request right after a bare and a store floor commit."""

    requests: list[float] = field(default_factory=list)
    floor: list[float] = field(default_factory=list)  # through the store's connection
    bare: list[float] = field(default_factory=list)  # GameStore-free (BareFloor)
    flush: float = 0.0  # the status edits still pending at the end (not in the requests)
    flushed: int = 0
    edits: int = 0  # in all, those made during the run (in its requests' times) and flushed

    @property
    def requests_per_s(self) -> float:
        """One over the mean request (edits that fell due during a request are in its time)."""
        return len(self.requests) / sum(self.requests)

    @property
    def edit_ms(self) -> float:
        """One status edit without Discord: the game loaded, its embed, its version saved."""
        return self.flush * 1000 / max(1, self.flushed)


async def serial_requests(database: str, games: int, count: int) -> Timings:
    """Requests interleaved across `games`, each after one bare and one store floor commit on
    the same database, so all three see the same disk and load."""
    store = await open_store(database)
    try:
        await store.create_games(new_games(games + 2, "table-", shown=True))
        floor_game, bare_game = games + 1, games + 2  # floor rows only
        bot = BotPath(store)
        channels = [f"table-{index}" for index in range(games)]
        await bot.warm(channels)
        bare = await bare_floor(database)
        try:
            return await _interleaved(store, bare, bot, channels, (floor_game, bare_game), count)
        finally:
            await bare.close()
    finally:
        await store.close()


async def _interleaved(
    store: GameStore,
    bare: BareFloor,
    bot: BotPath,
    channels: list[str],
    floor_games: tuple[int, int],
    count: int,
) -> Timings:
    timings = Timings()
    clock = time.perf_counter
    for index in range(count):
        started = clock()
        await bare.commit(floor_games[1], index + 1, "now")
        timings.bare.append(clock() - started)
        started = clock()
        await store.floor_commit(floor_games[0], index + 1, "now")
        timings.floor.append(clock() - started)
        game = index % len(channels)
        started = clock()
        await bot.do(channels[game], game)
        timings.requests.append(clock() - started)
    during = bot.statuses.edits
    started = clock()
    await bot.statuses.flush()
    timings.flush = clock() - started
    timings.edits = bot.statuses.edits
    timings.flushed = timings.edits - during
    return timings


@dataclass(frozen=True)
class Concurrent:
    """Requests on `channels` games at once, each channel's one after another."""

    channels: int
    requests: int
    seconds: float
    edits: int

    @property
    def requests_per_s(self) -> float:
        return self.requests / self.seconds


async def concurrent_requests(database: str, channels: int, count: int) -> Concurrent:
    """`count` requests over `channels` channels, all channels at once through one service
    (as the bot serves them): the time until the last is answered (the edits still pending
    then are flushed after, untimed)."""
    store = await open_store(database)
    try:
        await store.create_games(new_games(channels, "table-", shown=True))
        bot = BotPath(store)
        names = [f"table-{index}" for index in range(channels)]
        await bot.warm(names)
        each = max(1, count // channels)

        async def play(game: int) -> None:
            for _ in range(each):
                await bot.do(names[game], game)

        started = time.perf_counter()
        await asyncio.gather(*(play(game) for game in range(channels)))
        seconds = time.perf_counter() - started
        await bot.statuses.flush()
    finally:
        await store.close()
    return Concurrent(channels, each * channels, seconds, bot.statuses.edits)


def median_ms(values: Sequence[float]) -> float:
    return statistics.median(values) * 1000


def p99_ms(values: Sequence[float]) -> float:
    return percentile(values, 0.99) * 1000
