"""A turn clock whose reminder meets a passing database failure tries again a clock minute later
instead of losing that turn's reminder (the clock's task itself goes on for every channel)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from totembot.bot.clock import ClockKeeper, Turn
from totembot.games.registry import parse_setup
from totembot.service import GameService
from totembot.store import StoreError, open_store
from totembot.turn_clock import seconds_of

CHANNEL = "table-1"


@pytest_asyncio.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    store = await open_store(str(tmp_path / "games.sqlite3"))
    try:
        yield GameService(store)
    finally:
        await store.close()


async def test_a_reminder_that_meets_a_database_failure_is_tried_again_a_minute_later(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await service.start(CHANNEL, "host", parse_setup("game free-for-all players: Ann, Bob"))
    began = seconds_of(game.created_at)
    now = began + 5 * 60 + 1  # past a five-minute limit
    keeper = ClockKeeper(None, service, minute=60.0, now=lambda: now)  # type: ignore[arg-type]
    posted: list[tuple[str, ...]] = []

    async def post(_clock: Any, turn: Turn) -> None:
        posted.append(turn.players)

    monkeypatch.setattr(keeper, "_post", post)
    await keeper.set(CHANNEL, None, 5)
    await keeper._work_out_stale()
    failing = {"left": 1}
    save_clock = service.store.save_clock

    async def once_refused(clock: Any) -> None:
        if failing["left"]:
            failing["left"] -= 1
            raise StoreError("The database is busy: try again in a moment.")
        await save_clock(clock)

    monkeypatch.setattr(service.store, "save_clock", once_refused)
    await keeper._remind_due()
    assert posted == []
    assert keeper._due[CHANNEL] == now + 60.0  # looked at again a clock minute later
    now += 60.0
    await keeper._remind_due()
    assert posted == [("Ann",)]
    assert CHANNEL not in keeper._due  # reminded once: not due again this turn
