"""The unguessable addresses of the live pages: a random token shown once, kept as a hash.

A token is 192 random bits; the database holds only its SHA-256, so a copy of the database
opens no page, and a lookup by hash takes the same time whatever a guess has in common with a
real token (no string comparison of secrets happens at all).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable

from totembot.store import GameStore

TOKEN_BYTES = 24  # 192 bits, more than the 128 the issue asks for
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).hexdigest()


class Links:
    """Issue, look up and reset the addresses of channels' pages."""

    def __init__(self, store: GameStore, clock: Callable[[], str]) -> None:
        self.store = store
        self.clock = clock

    async def issue(self, channel_id: str) -> str:
        """A new address for the channel's page (the older ones keep working)."""
        token = new_token()
        await self.store.add_link(token_hash(token), channel_id, self.clock())
        return token

    async def reset(self, channel_id: str) -> int:
        """Every address of the channel's page stops working; how many there were."""
        return await self.store.drop_links(channel_id)

    async def channel_of(self, token: str) -> str | None:
        """The channel a token opens, or None: a malformed, wrong or reset token alike."""
        digest = token_hash(token)  # hashed whatever its shape: one path, one timing
        channel = await self.store.link_channel(digest)
        return channel if TOKEN_SHAPE.fullmatch(token) else None
