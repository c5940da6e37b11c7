"""What the stand-in answers over HTTP: Discord's JSON error bodies and rate-limit replies.

Shapes follow Discord exactly where discord.py depends on them: JSON needs the bare
``application/json`` content type, and a 429 is retried only when it carries a ``Via`` header
(as every real 429 does, coming through Discord's proxy).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from totembot.testing.model import JSON

EDIT_LIMIT_MESSAGE = (
    "Maximum number of edits to messages older than 1 hour reached. Try again later."
)


@dataclass(frozen=True)
class Answer:
    """A REST reply: status, JSON body (None: empty) and extra headers."""

    status: int
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)

    def response(self) -> web.Response:
        if self.body is None:
            return web.Response(status=self.status, headers=self.headers)
        # discord.py only parses JSON when Content-Type is exactly "application/json".
        headers = {"Content-Type": "application/json", **self.headers}
        return web.Response(
            status=self.status, body=json.dumps(self.body).encode(), headers=headers
        )


def ok(body: Any = None, status: int = 200) -> Answer:
    return Answer(status, body)


def error(status: int, message: str, code: int = 0) -> Answer:
    return Answer(status, {"message": message, "code": code})


def invalid_form(problems: list[tuple[str, str]]) -> Answer:
    """Discord's 50035 with an ``errors`` tree keyed by the offending field's path."""
    errors = {where: {"_errors": [{"code": "INVALID", "message": why}]} for where, why in problems}
    return Answer(400, {"message": "Invalid Form Body", "code": 50035, "errors": errors})


def unknown_message() -> Answer:
    return error(404, "Unknown Message", 10008)


def unknown_channel() -> Answer:
    return error(404, "Unknown Channel", 10003)


def unknown_interaction() -> Answer:
    return error(404, "Unknown interaction", 10062)


def unknown_webhook() -> Answer:
    return error(404, "Unknown Webhook", 10015)


def rate_limit_headers(retry_after: float, scope: str) -> dict[str, str]:
    """The headers of a 429 as it leaves Discord's proxy (Retry-After in whole seconds)."""
    return {
        "Via": "1.1 google",
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Scope": scope,
    }


def rate_limited(body: JSON) -> Answer:
    """A per-route 429 with bucket headers; ``body`` may set ``retry_after`` and ``global``."""
    payload: JSON = {"message": "You are being rate limited.", "retry_after": 0.05, "global": False}
    payload.update(body)
    retry = float(payload["retry_after"])
    headers = rate_limit_headers(retry, "user")
    headers.update(
        {
            "Retry-After": str(retry),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": str(retry),
        }
    )
    return Answer(429, payload, headers)


def edit_limit_reached(retry_after: float) -> Answer:
    """Error 30046: a message older than an hour was edited too often; it never clears."""
    body = {
        "message": EDIT_LIMIT_MESSAGE,
        "code": 30046,
        "retry_after": retry_after,
        "global": False,
    }
    return Answer(429, body, rate_limit_headers(retry_after, "shared"))
