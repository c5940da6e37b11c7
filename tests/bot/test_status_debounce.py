"""The status edit is a trailing debounce: a burst on a game costs one edit after it, showing
its last state; a flush shows what is pending at once; a change made during an edit is shown
by another edit. Driven without Discord: `show` records what it would have shown."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, cast

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

from totembot.bot.status import (
    EDIT_RETRIES,
    MAX_WAIT_INTERVALS,
    Changes,
    StatusUpdater,
    edit_due,
)
from totembot.store import GameStore, StoredGame, StoreError

GAME = 7
LONG = 60.0  # an interval no test waits out: what happens, happens without it


@dataclass
class Stored:
    """The few fields of a stored game the updater reads before it shows it."""

    id: int
    version: int
    status_message_id: str | None = None  # retire() leaves a game without one as it is


class Versions:
    """A store holding each game's version, bumped as the test records requests."""

    def __init__(self) -> None:
        self.version: dict[int, int] = {}

    def record(self, game_id: int) -> None:
        self.version[game_id] = self.version.get(game_id, 0) + 1

    async def load(self, game_id: int) -> Stored:
        return Stored(game_id, self.version.get(game_id, 0))


class Recording(StatusUpdater):
    """Shows by remembering the version; `hold` keeps an edit in flight until it is set."""

    def __init__(self, store: Versions, interval: float) -> None:
        super().__init__(cast(discord.Client, None), cast(GameStore, store), interval)
        self.shown: list[tuple[int, int]] = []
        self.changed = asyncio.Condition()
        self.hold: asyncio.Event | None = None
        self.showing = asyncio.Event()

    async def show(self, game: StoredGame) -> None:
        stored = cast(Any, game)
        self.showing.set()
        if self.hold is not None:
            await self.hold.wait()
        async with self.changed:
            self.shown.append((stored.id, stored.version))
            self.changed.notify_all()

    async def until_shown(self, game_id: int, version: int) -> None:
        async with self.changed:
            await asyncio.wait_for(
                self.changed.wait_for(lambda: (game_id, version) in self.shown), timeout=10
            )


async def changed(store: Versions, updater: Recording, game_id: int = GAME) -> int:
    """A request recorded on the game, then its status scheduled, as the recorder does."""
    store.record(game_id)
    updater.schedule(game_id)
    return store.version[game_id]


async def shown_once(interval: float) -> tuple[Versions, Recording]:
    """A game this process has already shown once (a later change waits for the debounce)."""
    store = Versions()
    updater = Recording(store, interval)
    await updater.until_shown(GAME, await changed(store, updater))
    return store, updater


async def test_a_game_not_shown_yet_is_shown_at_once() -> None:
    store = Versions()
    updater = Recording(store, LONG)
    version = await changed(store, updater)
    await updater.until_shown(GAME, version)  # not an interval later: the test would time out
    assert updater.shown == [(GAME, 1)]


async def test_a_burst_on_a_shown_game_is_one_edit_after_it_with_the_last_state() -> None:
    store, updater = await shown_once(0.05)
    for _ in range(30):
        last = await changed(store, updater)
    await updater.until_shown(GAME, last)
    await updater.flush()  # whatever were still pending would be shown now, and counted
    assert updater.shown == [(GAME, 1), (GAME, 31)]


async def test_a_change_after_a_quiet_spell_waits_for_the_burst_it_may_start() -> None:
    store, updater = await shown_once(LONG)
    updater._shown_at[GAME] -= 2 * LONG  # as if its last edit were long ago
    last = await changed(store, updater)
    for _ in range(20):  # an edit at once (a leading edge) would be made within these turns
        await asyncio.sleep(0)
    assert updater.shown == [(GAME, 1)]
    await updater.flush()
    assert updater.shown == [(GAME, 1), (GAME, last)]


async def test_a_flush_shows_pending_changes_at_once() -> None:
    store, updater = await shown_once(LONG)
    await changed(store, updater)
    last = await changed(store, updater)
    await updater.flush()
    assert updater.shown == [(GAME, 1), (GAME, last)]


async def test_a_change_during_an_edit_is_shown_by_the_next_edit() -> None:
    store = Versions()
    updater = Recording(store, 0.05)
    updater.hold = asyncio.Event()
    await changed(store, updater)
    await asyncio.wait_for(updater.showing.wait(), timeout=10)  # version 1 is being shown
    last = await changed(store, updater)
    updater.hold.set()
    await updater.until_shown(GAME, last)
    await updater.flush()
    assert updater.shown == [(GAME, 1), (GAME, 2)]


async def test_games_are_debounced_each_on_its_own() -> None:
    store = Versions()
    updater = Recording(store, LONG)
    for game_id in (1, 2, 3):
        await updater.until_shown(game_id, await changed(store, updater, game_id))
    for game_id in (1, 2, 3, 1, 2, 1):
        await changed(store, updater, game_id)
    await updater.flush()
    assert sorted(updater.shown) == [(1, 1), (1, 4), (2, 1), (2, 3), (3, 1), (3, 2)]


async def test_a_retired_game_is_not_edited_again() -> None:
    store, updater = await shown_once(LONG)
    await changed(store, updater)
    await updater.retire(cast(StoredGame, Stored(GAME, 2)))  # it shows the last state itself
    await updater.flush()
    assert updater.shown == [(GAME, 1)]


times = st.floats(min_value=0, max_value=1e4, allow_nan=False)
intervals = st.floats(min_value=0, max_value=100, allow_nan=False)


@given(shown_at=times, first=times, later=st.floats(0, 1e3), interval=intervals)
def test_an_edit_is_due_after_a_quiet_interval_or_a_long_burst_never_within_an_interval(
    shown_at: float, first: float, later: float, interval: float
) -> None:
    changes = Changes(first, first + later)
    due = edit_due(shown_at, changes, interval)
    assert due >= shown_at + interval  # at most one edit per interval
    assert due >= min(changes.last + interval, first + MAX_WAIT_INTERVALS * interval)
    assert due <= max(first + MAX_WAIT_INTERVALS * interval, shown_at + interval)
    if later < (MAX_WAIT_INTERVALS - 1) * interval and shown_at <= first:
        assert due == pytest.approx(changes.last + interval)  # the burst went quiet


def test_a_game_never_shown_is_due_at_once() -> None:
    assert edit_due(None, Changes(5.0, 6.0), 2.0) == 0.0


class Failing(Recording):
    """Its first `failures` edits fail (Discord or the database refused them)."""

    def __init__(
        self,
        store: Versions,
        interval: float,
        failures: int,
        error: Exception | None = None,
    ) -> None:
        super().__init__(store, interval)
        self.failures = failures
        self.error = error or RuntimeError("Discord said 503")
        self.tries = 0

    async def show(self, game: StoredGame) -> None:
        self.tries += 1
        if self.tries <= self.failures:
            raise self.error
        await super().show(game)


async def test_a_failed_last_edit_is_tried_again_until_it_shows_the_last_state() -> None:
    store = Versions()
    updater = Failing(store, 0.01, failures=2)
    last = await changed(store, updater)
    await updater.until_shown(GAME, last)  # no later change comes to bring it up to date
    assert (updater.tries, updater.shown) == (3, [(GAME, 1)])


async def test_an_edit_that_keeps_failing_is_given_up_after_a_few_tries() -> None:
    store = Versions()
    updater = Failing(store, 0.01, failures=100)
    await changed(store, updater)
    task = updater._tasks[GAME]
    await asyncio.wait_for(task, timeout=10)
    assert updater.tries == 1 + EDIT_RETRIES
    assert updater.shown == []


FULL = "The disk is full, so nothing was recorded: free some space."


async def given_up(updater: Failing) -> None:
    await asyncio.wait_for(updater._tasks[GAME], timeout=10)


async def test_an_edit_the_database_keeps_refusing_is_one_warning_line_for_the_streak(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A known condition fails every retry the same way: one line at the streak's first
    failure, without a traceback; a later streak gets its own line."""
    store = Versions()
    updater = Failing(store, 0.01, failures=100, error=StoreError(FULL))
    await changed(store, updater)
    await given_up(updater)
    assert updater.tries == 1 + EDIT_RETRIES
    await changed(store, updater)
    await given_up(updater)
    lines = [(r.levelname, r.getMessage(), r.exc_info) for r in caplog.records]
    expected = (
        "WARNING",
        f"could not update the status message of game {GAME} (tried again up to "
        f"{EDIT_RETRIES} times): {FULL}",
        None,
    )
    assert lines == [expected, expected]


async def test_an_unexpected_edit_failure_keeps_its_traceback_each_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = Versions()
    updater = Failing(store, 0.01, failures=100)
    await changed(store, updater)
    await given_up(updater)
    errors = [r for r in caplog.records if r.levelname == "ERROR" and r.exc_info]
    assert len(errors) == len(caplog.records) == 1 + EDIT_RETRIES
