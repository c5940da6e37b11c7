"""A separate process that records a burst of requests over many games, acknowledging each.

Run by test_crash_safety.py, which kills it with SIGKILL part-way. Each `ACK` line is printed
only after the service has returned, that is after the commit: exactly what a user would see.
"""

from __future__ import annotations

import asyncio
import random
import sys

from totembot.phrases import parse_line, parse_setup
from totembot.rules import RuleViolation
from totembot.service import GameService
from totembot.store import GameStore

LINES = [
    "Ann: deal {n} to Bob",
    "Bob: Cid gains {n} via Cid-Ann",
    "Cid: poison 1 to Ann",
    "next",
    "Ann: pay 1 via right",
    "undo",
]


async def main(path: str, games: int, seed: int) -> None:
    store = await GameStore.open(path)
    service = GameService(store)
    setup = parse_setup("game totem players: Ann, Bob, Cid life: 100000")
    for table in range(games):
        await service.start(f"table-{table}", "worker", setup)
    print("READY", flush=True)
    chance = random.Random(seed)
    while True:
        table = chance.randrange(games)
        line = chance.choice(LINES).format(n=chance.randint(1, 9))
        parsed = parse_line(line)
        assert parsed is not None
        request = parsed.request(host=True)
        try:
            recorded = await service.record(f"table-{table}", request, "worker")
        except RuleViolation:
            continue
        print(f"ACK {recorded.game_id} {recorded.version} {request.model_dump_json()}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
