"""The live pages as the bot or the console runs them: the server, the addresses, and the
public address people reach the server by (behind the host's reverse proxy)."""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from totembot.service import GameService
from totembot.settings import parse_host_port
from totembot.web.hub import Limits
from totembot.web.links import Links, new_token, token_hash
from totembot.web.server import WebServer, serve


@dataclass
class LivePages:
    """A running server and how to make and revoke its addresses."""

    server: WebServer
    links: Links | None
    public_url: str
    console_address: str = ""  # the console's one page

    def address(self, token: str) -> str:
        return f"{self.public_url.rstrip('/')}/t/{token}"

    async def issue(self, channel_id: str) -> str:
        """A new address of the channel's page (the bot's /totem link)."""
        assert self.links is not None
        return self.address(await self.links.issue(channel_id))

    async def reset(self, channel_id: str) -> int:
        """Every address of the channel's page stops working, its open streams included."""
        assert self.links is not None
        dropped = await self.links.reset(channel_id)
        self.server.hub.revoke(channel_id)
        return dropped

    async def stop(self) -> None:
        await self.server.stop()


def public_url_for(address: str, public_url: str | None) -> str:
    """The configured public address, else the server's own (fine on a home network)."""
    if public_url:
        return public_url
    host, port = parse_host_port(address)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}"


async def start_for_bot(
    service: GameService, address: str, public_url: str | None, limits: Limits | None = None
) -> LivePages:
    """The bot's pages: any channel with an address made by /totem link."""
    links = Links(service.store, service.clock)
    server = await serve(service, links.channel_of, address, limits)
    return LivePages(server, links, public_url_for(_bound(address, server.port), public_url))


async def start_for_console(service: GameService, channel_id: str, address: str) -> LivePages:
    """The console's page: its one game, at an address made now and kept in memory only."""
    token = new_token()
    expected = token_hash(token)

    async def resolve(given: str) -> str | None:
        same = hmac.compare_digest(token_hash(given), expected)
        return channel_id if same else None

    server = await serve(service, resolve, address, watch=False)
    pages = LivePages(server, None, public_url_for(_bound(address, server.port), None))
    pages.console_address = pages.address(token)
    return pages


def _bound(address: str, port: int) -> str:
    host, _ = parse_host_port(address)
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
