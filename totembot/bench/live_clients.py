"""The viewers of `totembot bench`'s live pages, in a process of their own (so their work is
not counted against the bot's): many event streams read at once, each message's arrival
timed, until every stream has seen its game's last version.

    python -m totembot.bench.live_clients FINAL STEP URL COUNT [URL COUNT ...]

prints `ready` once every stream has its first message, `caught` each time every stream has
seen its game's next multiple of STEP (a round's last change: the bench waits for it, so the
viewers' reading never spills into the next pass), and at the end, as JSON, for each stream
whether it saw every change in order, and for each change the monotonic time
(CLOCK_MONOTONIC, the bot's clock too) it arrived at."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp

PATIENCE = 300.0  # seconds: a stream that never sees the last version is reported, not waited for


@dataclass
class Seen:
    """What one stream was sent."""

    url: str
    last: int = -1  # the newest change seen (-1: no message yet)
    in_order: bool = True
    arrivals: list[tuple[int, float]] = field(default_factory=list)  # (seq, when)
    ended_early: bool = False

    def take(self, message: dict[str, Any], when: float) -> None:
        seqs = [int(change["seq"]) for change in message.get("changes", [])]
        if self.last < 0:  # the first message: the table as it was, with its latest changes
            self.last = int(message.get("version", 0))
            return
        for seq in seqs:
            if seq <= self.last:
                continue
            if seq != self.last + 1:
                self.in_order = False
            self.last = seq
            self.arrivals.append((seq, when))


@dataclass
class Rounds:
    """How many streams have seen each round's last change, to say when all of them have."""

    streams: int
    step: int
    reached: dict[int, int] = field(default_factory=dict)  # round's last version: streams

    def passed(self, before: int, after: int) -> None:
        for mark in range((before // self.step + 1) * self.step, after + 1, self.step):
            if mark <= 0:
                continue
            self.reached[mark] = self.reached.get(mark, 0) + 1
            if self.reached[mark] == self.streams:
                print("caught", end="", flush=True)


async def watch(
    http: aiohttp.ClientSession, seen: Seen, final: int, ready: list[int], rounds: Rounds
) -> None:
    async with http.get(seen.url + "/events") as response:
        if response.status != 200:
            seen.ended_early = True
            return
        data: str | None = None
        counted = False
        while seen.last < final:
            line = await response.content.readline()
            if not line:
                seen.ended_early = True
                return
            text = line.decode().rstrip("\n")
            if text.startswith("data: "):
                data = text[6:]
            elif not text and data is not None:
                before = seen.last
                seen.take(json.loads(data), time.monotonic())
                data = None
                if counted:
                    rounds.passed(before, seen.last)
                else:
                    ready[0] += 1
                    counted = True
                    print("ready" if ready[0] == ready[1] else "", end="", flush=True)


async def main(final: int, step: int, pages: list[tuple[str, int]]) -> list[Seen]:
    streams = [Seen(url) for url, count in pages for _ in range(count)]
    ready = [0, len(streams)]
    rounds = Rounds(len(streams), step)
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
        try:
            async with asyncio.timeout(PATIENCE):
                await asyncio.gather(*(watch(http, seen, final, ready, rounds) for seen in streams))
        except TimeoutError:
            pass
    return streams


if __name__ == "__main__":
    final, step = int(sys.argv[1]), int(sys.argv[2])
    rest = sys.argv[3:]
    pages = [(rest[i], int(rest[i + 1])) for i in range(0, len(rest), 2)]
    seen = asyncio.run(main(final, step, pages))
    print()
    print(
        json.dumps(
            [
                {
                    "url": s.url,
                    "last": s.last,
                    "in_order": s.in_order,
                    "ended_early": s.ended_early,
                    "arrivals": s.arrivals,
                }
                for s in seen
            ]
        )
    )
