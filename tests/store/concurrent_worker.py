"""A separate process that records requests on many tables at once, acknowledging each.

Run by test_group_commit.py, which kills it with SIGKILL part-way. Every table has its own task,
so on SQLite requests of different tables arrive together and share commits. Each `ACK game
version request-json` line is printed only after the service has returned, that is after the
commit of the request's group; on SQLite it is followed by `COMMITS n`, the transactions the
store has committed so far.

    concurrent_worker.py DATABASE GAMES SEED
"""

from __future__ import annotations

import asyncio
import sys

from tests.store.burst_worker import requests, start_tables
from totembot.games.magic.rules import RuleViolation
from totembot.service import GameService
from totembot.store import StaleState, open_store
from totembot.store.sqlite import SqliteStore


async def play(service: GameService, table: int, seed: int) -> None:
    """One table's requests, one after another, for ever."""
    for request in requests(seed * 1000 + table, None):
        try:
            recorded = await service.record(f"table-{table}", request, "worker")
        except RuleViolation:
            continue
        except StaleState:
            print(f"REFUSED {request.model_dump_json()}", flush=True)
            continue
        print(f"ACK {recorded.game_id} {recorded.version} {request.model_dump_json()}", flush=True)
        if isinstance(service.store, SqliteStore):
            print(f"COMMITS {service.store.group_commits}", flush=True)


async def main(database: str, games: int, seed: int) -> None:
    await start_tables(database, games)
    store = await open_store(database)
    service = GameService(store)
    print("READY", flush=True)
    await asyncio.gather(*(play(service, table, seed) for table in range(games)))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
