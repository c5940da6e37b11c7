"""discord.py's rate-limit buckets: one idle for a minute, with nothing in flight or waiting and
its window over, is dropped; any other is kept, and discord.py's requests still go through."""

from __future__ import annotations

import asyncio
from typing import Any

from discord.http import HTTPClient, Ratelimit

from totembot.bot.rate_buckets import IDLE, drop_idle, idle, keep_buckets_bounded


def bucket(last: float, **changes: Any) -> Ratelimit:
    made = Ratelimit(None)
    made._last_request = last
    for name, value in changes.items():
        setattr(made, name, value)
    return made


async def test_only_an_idle_bucket_with_nothing_in_flight_and_its_window_over_is_dropped() -> None:
    now = asyncio.get_running_loop().time()
    waiting = bucket(now - 2 * IDLE)
    waiting._pending_requests.append(asyncio.get_running_loop().create_future())
    buckets = {
        "idle": bucket(now - IDLE),
        "recent": bucket(now - IDLE / 2),
        "in flight": bucket(now - 2 * IDLE, outgoing=1),
        "waiting": waiting,
        "window not over": bucket(now - 2 * IDLE, expires=now + 5),
        "window over": bucket(now - 2 * IDLE, expires=now - 5),
    }

    assert drop_idle(buckets, now) == 2
    assert set(buckets) == {"recent", "in flight", "waiting", "window not over"}
    assert not idle(object(), now)  # not discord.py's: kept


async def test_the_bots_http_client_drops_idle_buckets_when_it_makes_a_new_one() -> None:
    http = HTTPClient(asyncio.get_running_loop())
    keep_buckets_bounded(http)
    now = asyncio.get_running_loop().time()
    http._buckets["old"] = bucket(now - 2 * IDLE)
    http._buckets["busy"] = bucket(now - 2 * IDLE, outgoing=1)

    http.get_ratelimit("POST /channels/{channel_id}/messages:1")

    assert set(http._buckets) == {"busy", "POST /channels/{channel_id}/messages:1"}
    http._buckets["old again"] = bucket(now - 2 * IDLE)
    http.get_ratelimit("POST /channels/{channel_id}/messages:2")  # within EVERY: not looked at
    assert "old again" in http._buckets  # looked at again only EVERY seconds
    await http.close()


def test_a_client_without_discord_pys_buckets_is_left_alone() -> None:
    class Other:
        pass

    other = Other()
    keep_buckets_bounded(other)
    assert not hasattr(other, "_try_clear_expired_ratelimits")
