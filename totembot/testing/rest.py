"""REST plumbing: read a request (JSON or multipart), record it, apply injected faults, route it.

Every request lands in ``RestApi.calls`` whatever its outcome, so tests can count attempts
(retries included). Unknown routes answer 404, so gaps in the stand-in are loud.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import hdrs, web

from totembot.testing.answers import Answer, error, invalid_form
from totembot.testing.model import JSON
from totembot.testing.multipart import MalformedMultipart, is_multipart, read_multipart
from totembot.testing.waiting import Changes


@dataclass
class Call:
    """One REST request the bot made; ``path`` is relative to the API base."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    status: int
    at: float = field(default_factory=time.monotonic)  # when the request arrived


@dataclass(frozen=True)
class Request:
    """What a handler gets: the route's named groups, the query, the JSON body, any files."""

    args: dict[str, str]
    query: Mapping[str, str]
    body: Any
    files: list[JSON]

    def arg(self, name: str) -> int:
        return int(self.args[name])

    @property
    def json(self) -> JSON:
        """The body when it is a JSON object, else an empty one."""
        return self.body if isinstance(self.body, dict) else {}


Handler = Callable[[Request], Answer]
Routes = list[tuple[str, dict[str, Handler]]]


@dataclass
class _Fault:
    method: str
    path: re.Pattern[str]
    answer: Answer
    times: int


class RestApi:
    """Recorded calls, injected faults and the route table, behind one aiohttp handler."""

    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self.calls: list[Call] = []
        self._faults: list[_Fault] = []
        self._routes: list[tuple[re.Pattern[str], dict[str, Handler]]] = []

    def add_routes(self, routes: Routes) -> None:
        self._routes.extend((re.compile(pattern), handlers) for pattern, handlers in routes)

    def fail_next(self, method: str, path_regex: str, answer: Answer, times: int) -> None:
        """The next ``times`` matching requests get ``answer`` instead of being handled."""
        self._faults.append(_Fault(method.upper(), re.compile(path_regex), answer, times))

    def clear_faults(self) -> None:
        self._faults.clear()

    def recent(self, count: int = 8) -> str:
        calls = self.calls[-count:]
        return ", ".join(f"{c.method} {c.path} -> {c.status}" for c in calls) or "none"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        method = request.method.upper()
        refused: Answer | None = None
        try:
            body, files = await _read_body(request)
        except MalformedMultipart as problem:  # as Discord answers a broken upload
            body, files, refused = None, [], invalid_form([("files", str(problem))])
        call = Call(method, path, dict(request.query), body, 0)
        self.calls.append(call)
        try:
            answer = (
                refused
                or self._fault(method, path)
                or self.route(method, path, Request({}, request.query, body, files))
            )
            call.status = answer.status
            return answer.response()
        finally:
            self.changes.notify()

    def route(self, method: str, path: str, request: Request) -> Answer:
        for pattern, handlers in self._routes:
            match = pattern.fullmatch(path)
            if match is None:
                continue
            handler = handlers.get(method)
            if handler is None:
                return error(405, "405: Method Not Allowed")
            args = {k: v for k, v in match.groupdict().items() if v is not None}
            return handler(Request(args, request.query, request.body, request.files))
        return error(404, "404: Not Found")

    def _fault(self, method: str, path: str) -> Answer | None:
        for fault in self._faults:
            if fault.times > 0 and fault.method == method and fault.path.search(path):
                fault.times -= 1
                return fault.answer
        return None


async def _read_body(request: web.Request) -> tuple[Any, list[JSON]]:
    """The JSON payload and any uploaded files (multipart with ``payload_json``)."""
    raw = await request.read()
    content_type = request.headers.get(hdrs.CONTENT_TYPE, "")
    if is_multipart(content_type):
        return read_multipart(raw, content_type)
    if not raw:
        return None, []
    try:
        return json.loads(raw), []
    except ValueError:
        return raw.decode(errors="replace"), []
