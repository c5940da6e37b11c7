"""What a public, read-only surface answers before any game is read: the headers every answer
carries, the methods and sizes it accepts, and how often one address may ask."""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Awaitable, Callable

from aiohttp import web
from aiohttp.typedefs import Middleware

from totembot.store import StoreError

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

# The page's script and style are files of this server: no inline script or style can run,
# whatever a name smuggles in; nothing may frame the page or be sent elsewhere.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Server": "totembot",  # no versions: aiohttp would name itself and Python's
}
READ_ONLY = {"GET", "HEAD"}
MAX_URL = 512  # the longest address a page uses is about 90 characters


def plain(status: int, text: str, **headers: str) -> web.Response:
    """A short text answer; every error is one sentence."""
    return web.Response(status=status, text=text + "\n", headers=headers)


NOT_FOUND = "There is no page here."


def not_found() -> web.Response:
    """The one answer for a page that never existed, a wrong token and a reset one."""
    return plain(404, NOT_FOUND)


async def add_headers(_request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(SECURITY_HEADERS)


def address_of(request: web.Request) -> str:
    """Who asks: the peer, or the client a reverse proxy on this machine names last in
    X-Forwarded-For (a proxy elsewhere cannot be told from a client forging the header)."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For")
    if forwarded and _is_loopback(peer):
        return forwarded.rsplit(",", 1)[-1].strip() or peer
    return peer


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class Pace:
    """Requests per address per minute, in fixed windows (cheap, and enough for a page that
    asks three times on opening)."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._window = 0
        self._counts: dict[str, int] = {}

    def allows(self, address: str) -> bool:
        window = int(time.monotonic() // 60)
        if window != self._window:
            self._window, self._counts = window, {}
        count = self._counts.get(address, 0) + 1
        self._counts[address] = count
        return count <= self.per_minute


def guard(pace: Pace) -> Middleware:
    @web.middleware
    async def guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.method not in READ_ONLY:
            return plain(405, "This page only reads: nothing here can be changed.", Allow="GET")
        if request.content_length or request.headers.get("Transfer-Encoding"):
            return plain(413, "A request to this page carries no body.")
        if len(request.raw_path) > MAX_URL:
            return plain(414, "This address is too long to be a page's.")
        if not pace.allows(address_of(request)):
            return plain(
                429, "Too many requests from your address: wait a minute.", **{"Retry-After": "60"}
            )
        try:
            return await handler(request)
        except StoreError:  # the database is away for a moment: the page asks again
            return plain(503, "The game cannot be read right now: try again in a moment.")
        except web.HTTPException as error:
            if error.status == 404:
                return not_found()
            if error.status == 405:
                return plain(405, "This page only reads: nothing here can be changed.")
            return plain(error.status, error.reason)

    return guarded
