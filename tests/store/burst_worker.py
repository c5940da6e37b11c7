"""A separate process that records a burst of requests over many games, acknowledging each.

Run by test_crash_safety.py and test_two_process_race.py, which kill it with SIGKILL part-way.
Each `ACK game version request-json` line is printed only after the service has returned, that
is after the commit: exactly what a user would see. A request the store refused (another
process wrote the game twice while this one checked it) prints `REFUSED request-json`.

    burst_worker.py DATABASE GAMES SEED [--join] [--marker K]

DATABASE is a SQLite path or a postgresql:// URL. The worker starts tables `table-0` to
`table-{GAMES-1}`, or with `--join` plays the tables another process started. With `--marker
K` every amount is new (K, K+2, K+4, ...: two workers given 1 and 2 never say the same one),
so each request can be found in the logs exactly once.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import sys
from collections.abc import Iterator

from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Request, RuleViolation
from totembot.service import GameService
from totembot.store import StaleState, open_store

SETUP = "game totem players: Ann, Bob, Cid life: 100000"
LINES = [
    "Ann: deal {n} to Bob",
    "Bob: Cid gains {n} via Cid-Ann",
    "Cid: poison 1 to Ann",
    "next",
    "Ann: pay 1 via right",
    "undo",
]
# Lines that never end a game (no poison), half of them carrying an amount.
MARKED_LINES = ["Ann: deal {n} to Bob", "Bob: Cid gains {n} via Cid-Ann", "next", "undo"]


def requests(seed: int, marker: int | None) -> Iterator[Request]:
    """Endless requests: random lines, with new amounts each time when marked."""
    chance = random.Random(seed)
    amounts = itertools.count(marker, 2) if marker is not None else None
    lines = LINES if marker is None else MARKED_LINES
    while True:
        line = chance.choice(lines)
        n = next(amounts) if amounts is not None and "{n}" in line else chance.randint(1, 9)
        parsed = parse_line(line.format(n=n))
        assert parsed is not None
        yield parsed.request(host=True)


async def start_tables(database: str, games: int) -> None:
    """The tables the workers play, started in one process."""
    store = await open_store(database)
    try:
        service = GameService(store)
        for table in range(games):
            await service.start(f"table-{table}", "worker", parse_setup(SETUP))
    finally:
        await store.close()


async def main(database: str, games: int, seed: int, join: bool, marker: int | None) -> None:
    if not join:
        await start_tables(database, games)
    store = await open_store(database)
    service = GameService(store)
    print("READY", flush=True)
    chance = random.Random(-seed)
    for request in requests(seed, marker):
        table = chance.randrange(games)
        try:
            recorded = await service.record(f"table-{table}", request, "worker")
        except RuleViolation:
            continue
        except StaleState:  # stale twice over: the user is told to send it again
            print(f"REFUSED {request.model_dump_json()}", flush=True)
            continue
        print(f"ACK {recorded.game_id} {recorded.version} {request.model_dump_json()}", flush=True)


def arguments(argv: list[str]) -> tuple[str, int, int, bool, int | None]:
    database, games, seed, *options = argv
    marker = int(options[options.index("--marker") + 1]) if "--marker" in options else None
    return database, int(games), int(seed), "--join" in options, marker


if __name__ == "__main__":
    asyncio.run(main(*arguments(sys.argv[1:])))
