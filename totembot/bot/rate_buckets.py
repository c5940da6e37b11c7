"""discord.py's rate-limit buckets, dropped once idle for 15 seconds instead of five minutes.

discord.py keeps one bucket per route and channel (sending, editing and pinning a status
message: three per channel, about 2.3 KB) until it has been idle for five minutes, and scans
them all each time it makes a new one once there are 256. A bot serving thousands of channels
a few minutes apart keeps thousands of them: the largest part of its memory after its games
(`totembot bench`'s rss_growth_ratio). A bucket with nothing in flight, nobody waiting and its
window over holds nothing a new one would not learn from Discord's next answer, so it can go.

This reads discord.py's private attributes (2.4 to 2.7 have them); where they are missing the
buckets are left as discord.py keeps them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

IDLE = 15.0  # seconds without a request before a bucket may be dropped (Discord windows: a few)
EVERY = 5.0  # seconds between two looks at the buckets (each look reads all of them)


def idle(bucket: Any, now: float, after: float = IDLE) -> bool:
    """Whether a bucket has been unused `after` seconds, has nothing in flight or waiting, and
    its rate-limit window is over (False when it does not look like discord.py's)."""
    try:
        return bool(
            now - bucket._last_request >= after
            and bucket.outgoing == 0
            and not bucket._pending_requests
            and not bucket._sleeping.locked()
            and (bucket.expires is None or bucket.expires <= now)
        )
    except AttributeError:
        return False


def drop_idle(buckets: dict[str, Any], now: float, after: float = IDLE) -> int:
    """Drop the idle buckets; returns how many."""
    stale = [key for key, bucket in buckets.items() if idle(bucket, now, after)]
    for key in stale:
        del buckets[key]
    return len(stale)


def keep_buckets_bounded(http: Any) -> None:
    """Make discord.py's own clean-up (called when it makes a bucket) drop idle buckets, at
    most every EVERY seconds. Nothing changes when `http` has no such clean-up or buckets."""
    buckets = getattr(http, "_buckets", None)
    original: Callable[[], None] | None = getattr(http, "_try_clear_expired_ratelimits", None)
    if not isinstance(buckets, dict) or original is None:
        return
    last = [-EVERY]

    def clear() -> None:
        now = asyncio.get_running_loop().time()
        if now - last[0] >= EVERY:
            last[0] = now
            drop_idle(buckets, now)

    http._try_clear_expired_ratelimits = clear
