"""Two processes, each with its own GameService, hammer the same games in one database; one is
killed with SIGKILL mid-burst while the other goes on. Every acknowledged request is stored
exactly once, at the version it was told, and no two acknowledgements claim one version.

Each service keeps games in memory: a write from the other process makes its next append
stale, it reloads and tries once more, and a second stale write is refused (`REFUSED`, never
acknowledged) and must then be nowhere in the logs.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from tests.conftest import assert_every_game_rebuilds
from tests.store.burst_worker import start_tables
from tests.store.workers import Ack, Worker, assert_acks_stored
from totembot.games.magic.rules import Request
from totembot.store import open_store

GAMES = 3  # few games, so that the two processes keep writing the same ones
BEFORE_KILL = 120  # acknowledgements each worker gives before the first is killed
AFTER_KILL = 120  # acknowledgements the survivor gives after it


def marker(request: Request) -> int | None:
    """The amount that makes a worker's request unique (`--marker`), if it has one."""
    amount = getattr(request.intent, "amount", None)
    return amount if isinstance(amount, int) else None


async def race(database: str | Path) -> tuple[Worker, Worker]:
    """Both workers on the same tables; the first is killed, the survivor goes on, then dies."""
    await start_tables(str(database), GAMES)
    first = await Worker.start(database, GAMES, 1, "--join", "--marker", "1")
    second = await Worker.start(database, GAMES, 2, "--join", "--marker", "2")
    try:
        await asyncio.gather(first.read_until(BEFORE_KILL), second.read_until(BEFORE_KILL))
        await first.kill()
        await second.read_until(len(second.acks) + AFTER_KILL)
        await second.kill()
    finally:
        await first.close()
        await second.close()
    return first, second


def assert_one_ack_per_version(acks: list[Ack]) -> None:
    claimed = Counter((ack.game_id, ack.version) for ack in acks)
    doubled = [version for version, count in claimed.items() if count > 1]
    assert not doubled, f"two acknowledgements claim the same (game, version): {doubled}"


async def test_two_processes_on_the_same_games_never_lose_or_double_a_request(
    database: str | Path,
) -> None:
    first, second = await race(database)
    acks = first.acks + second.acks
    assert_one_ack_per_version(acks)
    store = await open_store(database)
    try:
        await assert_acks_stored(store, acks)
        logs = {game_id: await store.events(game_id) for game_id in await store.game_ids()}
        stored = Counter(marker(row.request) for log in logs.values() for row in log)
        for ack in acks:
            if marker(ack.request) is not None:
                assert stored[marker(ack.request)] == 1, f"{ack} is not stored exactly once"
        for refused in first.refused + second.refused:
            if marker(refused) is not None:
                assert stored[marker(refused)] == 0, f"refused, yet stored: {refused}"
        assert await assert_every_game_rebuilds(store) == GAMES
    finally:
        await store.close()
    shared = {ack.game_id for ack in first.acks} & {ack.game_id for ack in second.acks}
    assert shared, "the two workers never wrote the same game"
