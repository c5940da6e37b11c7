"""What the live page's server says, and logs, about a request its HTTP parser refuses (a
request line that is not HTTP, an address or a header past the parser's limits).

aiohttp answers those itself, before any of the app's code runs: with a `Server` header naming
its own and Python's versions, and an ERROR line whose traceback quotes the start of the
address, which may hold a page's token. aiohttp has no setting for either, so the page's
server replaces its default banner and drops those lines (a handler's own failure is still
logged: it is not an `HttpProcessingError`).
"""

from __future__ import annotations

import logging

from aiohttp import web_response
from aiohttp.http_exceptions import HttpProcessingError

BANNER = "totembot"  # the same as every other answer's (guard.HEADERS)


class DropRefusedRequests(logging.Filter):
    """Drops aiohttp's "Error handling request" lines for requests its parser refused."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, HttpProcessingError)


def quiet_about_refused_requests() -> None:
    """Once per process: no version banner and no logged address on a refused request."""
    web_response.SERVER_SOFTWARE = BANNER  # type: ignore[attr-defined]  # read when answering
    server_log = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, DropRefusedRequests) for f in server_log.filters):
        server_log.addFilter(DropRefusedRequests())
