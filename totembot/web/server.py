"""The live page's web server (aiohttp's, which discord.py already brings): a page, its JSON,
its event stream and two static files, for whichever channels its `Resolver` opens."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import resources

from aiohttp import web

from totembot.service import GameService
from totembot.settings import parse_host_port
from totembot.web.guard import Pace, add_headers, address_of, guard, not_found, plain
from totembot.web.hub import Full, Hub, Limits, encode
from totembot.web.links import token_hash
from totembot.web.malformed import quiet_about_refused_requests

log = logging.getLogger(__name__)

# A token -> the channel whose page it opens, or None (never was, wrong, reset).
Resolver = Callable[[str], Awaitable[str | None]]
HEARTBEAT = 15.0  # seconds: a comment line keeps proxies from closing a quiet stream
RETRY_MS = 1000  # the browser reconnects a second after the stream ends (a restart)
STATIC = {
    "page.js": "text/javascript; charset=utf-8",
    "page.css": "text/css; charset=utf-8",
}
HUB: web.AppKey[Hub] = web.AppKey("hub", Hub)
RESOLVER: web.AppKey[Resolver] = web.AppKey("resolver", object)  # type: ignore[arg-type]


def _asset(name: str) -> bytes:
    return resources.files("totembot.web.static").joinpath(name).read_bytes()


@dataclass(frozen=True)
class Assets:
    """The page's files, read once."""

    page: bytes
    files: dict[str, bytes]

    @classmethod
    def load(cls) -> Assets:
        return cls(_asset("page.html"), {name: _asset(name) for name in STATIC})


async def _channel(request: web.Request) -> tuple[str, str] | None:
    token = request.match_info["token"]
    channel = await request.app[RESOLVER](token)
    return None if channel is None else (channel, token_hash(token))


def make_app(
    service: GameService, resolver: Resolver, limits: Limits | None = None
) -> web.Application:
    """The page's application: `resolver` says which channel a token opens."""
    assets = Assets.load()
    hub = Hub(service, limits)
    app = web.Application(middlewares=[guard(Pace(hub.limits.per_minute))], client_max_size=1024)
    app[HUB] = hub
    app[RESOLVER] = resolver
    app.on_response_prepare.append(add_headers)

    async def page(request: web.Request) -> web.StreamResponse:
        if await _channel(request) is None:
            return not_found()
        return web.Response(
            body=assets.page,
            content_type="text/html",
            charset="utf-8",
            headers={"Cache-Control": "no-store"},
        )

    async def table(request: web.Request) -> web.StreamResponse:
        found = await _channel(request)
        if found is None:
            return not_found()
        return web.Response(
            text=json.dumps(await hub.snapshot(found[0]), ensure_ascii=False),
            content_type="application/json",
            headers={"Cache-Control": "no-store"},
        )

    async def events(request: web.Request) -> web.StreamResponse:
        found = await _channel(request)
        if found is None:
            return not_found()
        channel, digest = found
        try:
            stream = hub.open(channel, digest, address_of(request))
        except Full as error:
            return plain(429, str(error), **{"Retry-After": "30"})
        try:  # read before answering: a database away for a moment is a 503, not a cut stream
            first = encode(await hub.snapshot(channel))
        except BaseException:
            hub.leave(stream)
            raise
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",  # nginx: pass each event on at once
            }
        )
        try:
            await response.prepare(request)
            await response.write(f"retry: {RETRY_MS}\n\n".encode() + first)
            transport = request.transport
            await stream.go_live(
                response.write, transport.get_write_buffer_size if transport else int
            )
            while not stream.done.is_set():
                try:
                    async with asyncio.timeout(HEARTBEAT):
                        await stream.done.wait()
                except TimeoutError:
                    await stream.send(b": still here\n\n")
        except ConnectionError:
            pass  # the viewer went away (a closed tab cancels the handler instead)
        finally:
            hub.leave(stream)
        return response

    def static(name: str) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def serve(_request: web.Request) -> web.StreamResponse:
            return web.Response(
                body=assets.files[name],
                headers={"Content-Type": STATIC[name], "Cache-Control": "no-cache"},
            )

        return serve

    app.router.add_get("/t/{token}", page, allow_head=True)
    app.router.add_get("/t/{token}/table.json", table, allow_head=True)
    app.router.add_get("/t/{token}/events", events, allow_head=False)
    for name in STATIC:
        app.router.add_get(f"/static/{name}", static(name), allow_head=True)
    return app


class WebServer:
    """The running server; `stop` ends every stream first, so browsers reconnect at once."""

    def __init__(self, app: web.Application, runner: web.AppRunner, port: int) -> None:
        self.app = app
        self.runner = runner
        self.port = port
        self.stop_watching: Callable[[], Awaitable[None]] | None = None

    @property
    def hub(self) -> Hub:
        return self.app[HUB]

    async def stop(self) -> None:
        self.hub.close_all()
        if self.stop_watching is not None:
            with contextlib.suppress(Exception):
                await self.stop_watching()
        with contextlib.suppress(Exception):
            await self.runner.cleanup()


async def serve(
    service: GameService,
    resolver: Resolver,
    address: str,
    limits: Limits | None = None,
    watch: bool = True,
) -> WebServer:
    """Start serving on HOST:PORT (port 0: any free one); the service's changes, and with
    `watch` those other processes announce through the store, reach the open pages."""
    host, port = parse_host_port(address)
    quiet_about_refused_requests()
    app = make_app(service, resolver, limits)
    hub = app[HUB]
    service.on_change(hub.changed)
    runner = web.AppRunner(
        app,
        access_log=None,  # addresses hold tokens: never logged
        handler_cancellation=True,  # a closed tab frees its stream at once
        shutdown_timeout=2.0,
        max_line_size=2048,
        max_field_size=4096,
    )
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = int(runner.addresses[0][1]) if runner.addresses else port
    server = WebServer(app, runner, bound)
    if watch:
        try:
            server.stop_watching = await service.store.watch(hub.heard)
        except BaseException:
            await server.stop()
            raise
    log.info("serving live pages on %s:%s", host, bound)
    return server
