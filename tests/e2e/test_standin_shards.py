"""The stand-in's gateway holds one session per shard, as Discord does for a sharded bot.

Raw websocket clients check the protocol (IDENTIFY's `shard`, READY's guilds, close code 4010);
an unmodified discord.py `AutoShardedBot` in the test's event loop checks that events reach the
session of the shard that owns their guild, and that one shard resumes without the other.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from totembot.shards import shard_of
from totembot.testing import StandIn

FIRST, SECOND = 10, (1 << 22) + 10  # guild ids on shards 0 and 1 of 2
FIRST_TABLE, SECOND_TABLE = 20, 21
ALICE = 101


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    stand_in = StandIn(followup_grace=0.05)
    for guild, table, name in [(FIRST, FIRST_TABLE, "First"), (SECOND, SECOND_TABLE, "Second")]:
        stand_in.add_guild(guild, name=name)
        stand_in.add_channel(guild, table, name="table")
        stand_in.add_member(guild, ALICE, "alice", display_name="Alice")
    await stand_in.start()
    try:
        yield stand_in
    finally:
        await asyncio.wait_for(stand_in.stop(), 10)


def test_the_two_guilds_are_on_the_two_shards() -> None:
    assert (shard_of(FIRST, 2), shard_of(SECOND, 2)) == (0, 1)


# --- the protocol, with a raw websocket


async def identify(
    session: aiohttp.ClientSession, standin: StandIn, shard: list[int] | None
) -> tuple[aiohttp.ClientWebSocketResponse, list[dict[str, Any]]]:
    """Connect, IDENTIFY (with `shard` unless None) and read until the heartbeat request."""
    ws = await session.ws_connect(standin.gateway_url)
    hello = await ws.receive_json(timeout=5)
    assert hello["op"] == 10
    data: dict[str, Any] = {"token": "raw", "intents": 1, "properties": {}}
    if shard is not None:
        data["shard"] = shard
    await ws.send_json({"op": 2, "d": data})
    events: list[dict[str, Any]] = []
    while True:
        message = await ws.receive(timeout=5)
        if message.type is not aiohttp.WSMsgType.TEXT:
            return ws, events
        payload = json.loads(message.data)
        if payload["op"] == 1:  # the stand-in asks for a heartbeat after the last GUILD_CREATE
            return ws, events
        events.append(payload)


async def test_a_shard_gets_only_its_own_guilds_in_ready_and_guild_create(
    standin: StandIn,
) -> None:
    async with aiohttp.ClientSession() as session:
        ws, events = await identify(session, standin, [1, 2])
        await ws.close()

    ready, *creates = events
    assert ready["t"] == "READY"
    assert ready["d"]["shard"] == [1, 2]
    assert ready["d"]["guilds"] == [{"id": str(SECOND), "unavailable": True}]
    assert [(e["t"], e["d"]["id"]) for e in creates] == [("GUILD_CREATE", str(SECOND))]
    assert standin.identified == [(1, 2)]


async def test_without_a_shard_one_session_gets_every_guild_and_ready_names_no_shard(
    standin: StandIn,
) -> None:
    async with aiohttp.ClientSession() as session:
        ws, events = await identify(session, standin, None)
        await ws.close()

    ready, *creates = events
    assert "shard" not in ready["d"]
    assert [g["id"] for g in ready["d"]["guilds"]] == [str(FIRST), str(SECOND)]
    assert [e["d"]["id"] for e in creates] == [str(FIRST), str(SECOND)]
    assert standin.identified == [(0, 1)]


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0], [0], "0,2"])
async def test_a_shard_discord_cannot_use_is_closed_with_4010(standin: StandIn, shard: Any) -> None:
    async with aiohttp.ClientSession() as session:
        ws, events = await identify(session, standin, shard)
        assert ws.closed or (await ws.receive(timeout=5)).type is aiohttp.WSMsgType.CLOSE
        code = ws.close_code
        await ws.close()

    assert (events, code) == ([], 4010)
    assert (standin.identifies, standin.identified) == (0, [])


async def test_gateway_bot_recommends_the_shard_count_the_test_sets(standin: StandIn) -> None:
    async with aiohttp.ClientSession() as session:
        url = standin.api_base + "/gateway/bot"
        async with session.get(url) as response:
            first = await response.json()
        standin.recommended_shards = 4
        async with session.get(url) as response:
            second = await response.json()

    assert (first["shards"], second["shards"]) == (1, 4)
    assert second["url"] == standin.gateway_url
    assert second["session_start_limit"]["max_concurrency"] == 1


# --- an unmodified AutoShardedBot


class ShardedDemo(commands.AutoShardedBot):
    """Both shards in one client. Only here are IDENTIFYs not 5 seconds apart: discord.py's
    default hook waits that long for Discord's rate limit, which the stand-in does not have."""

    def __init__(self, shard_count: int | None) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            shard_count=shard_count,
        )
        self.count_given = shard_count is not None
        self.shards_ready: set[int] = set()

    async def setup_hook(self) -> None:
        self.tree.add_command(ping)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None

    async def on_shard_ready(self, shard_id: int) -> None:
        self.shards_ready.add(shard_id)


@app_commands.command(name="ping", description="Say where you are")
async def ping(interaction: discord.Interaction) -> None:
    assert interaction.guild is not None
    await interaction.response.send_message(f"pong from {interaction.guild.name}")


@pytest.fixture(params=[2, None], ids=["shard_count=2", "recommended"])
async def sharded(request: pytest.FixtureRequest, standin: StandIn) -> AsyncIterator[ShardedDemo]:
    """A two-shard bot: given its shard count, or taking Discord's recommendation."""
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = standin.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(standin.gateway_url)
    standin.recommended_shards = 2
    client = ShardedDemo(request.param)
    runner: asyncio.Task[None] | None = None
    try:
        await asyncio.wait_for(client.login("fake-token"), 10)
        runner = asyncio.create_task(client.connect())
        await standin.wait_ready(timeout=10, shards={0, 1})
        await asyncio.wait_for(client.tree.sync(), 10)
        yield client
    finally:
        await asyncio.wait_for(client.close(), 10)
        if runner is not None:
            runner.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(runner, 5)
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway


async def test_each_shard_identifies_and_the_bot_sees_every_guild_once(
    standin: StandIn, sharded: ShardedDemo
) -> None:
    assert standin.identified == [(0, 2), (1, 2)]
    assert sharded.shard_count == 2
    assert sorted(g.id for g in sharded.guilds) == [FIRST, SECOND]
    first, second = sharded.get_guild(FIRST), sharded.get_guild(SECOND)
    assert first is not None and second is not None
    assert (first.shard_id, second.shard_id) == (0, 1)
    await standin.wait_for(lambda: sharded.shards_ready == {0, 1})


async def test_a_shard_count_given_skips_gateway_bot_and_none_asks_for_it(
    standin: StandIn, sharded: ShardedDemo
) -> None:
    asked = standin.calls_to("GET", r"^/gateway/bot$")

    assert len(asked) == (0 if sharded.count_given else 1)
    assert sharded.shard_count == 2  # given, or the stand-in's recommendation


async def test_an_interaction_goes_to_the_session_of_its_guilds_shard(
    standin: StandIn, sharded: ShardedDemo
) -> None:
    first = await standin.slash(ALICE, FIRST_TABLE, "ping")
    second = await standin.slash(ALICE, SECOND_TABLE, "ping")

    assert (first.content, second.content) == ("pong from First", "pong from Second")
    assert standin.shard_of_interaction(first.interaction_id) == 0
    assert standin.shard_of_interaction(second.interaction_id) == 1


async def test_a_dropped_shard_resumes_alone_and_its_guild_keeps_being_answered(
    standin: StandIn, sharded: ShardedDemo
) -> None:
    await standin.drop_gateway(shard=1)
    await standin.wait_for(lambda: standin.resumes == 1)

    second = await standin.slash(ALICE, SECOND_TABLE, "ping")
    first = await standin.slash(ALICE, FIRST_TABLE, "ping")

    assert (first.content, second.content) == ("pong from First", "pong from Second")
    assert standin.identified == [(0, 2), (1, 2)]  # resumed, not identified again
    assert standin.gateway.sessions[0].seq < standin.gateway.sessions[1].seq  # RESUMED counted


async def test_an_event_for_a_shard_nobody_runs_is_not_delivered(standin: StandIn) -> None:
    async with aiohttp.ClientSession() as session:
        ws, _events = await identify(session, standin, [0, 2])
        standin.add_channel(SECOND, 99, "unseen")  # shard 1's guild: no session has it
        standin.add_channel(FIRST, 98, "seen")
        message = await ws.receive_json(timeout=5)
        await ws.close()

    assert (message["t"], message["d"]["id"]) == ("CHANNEL_CREATE", "98")
    assert standin.gateway.dispatch("PING", {"guild_id": str(SECOND)}) is None
    assert standin.gateway.dispatch("PING", {}) == 0  # no guild: shard 0's
