"""The Discord stand-in drives an unmodified discord.py bot end to end.

A throwaway bot (one slash group with autocomplete, one persistent button) runs in the test's
event loop against the stand-in; every test asserts on what the stand-in saw and answered.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import discord
import pytest
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from totembot.testing import (
    PIN_MESSAGES,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    StandIn,
    StandInError,
)

GUILD = 10
TABLE = 20
ALICE = 101
WORDS = ["alpha", "alphabet", "beta", "gamma"]


class BumpView(discord.ui.View):
    """A persistent view: registered once in setup_hook, works on any message carrying it."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Bump", style=discord.ButtonStyle.primary, custom_id="demo:bump")
    async def bump(
        self, interaction: discord.Interaction, button: discord.ui.Button[BumpView]
    ) -> None:
        assert interaction.message is not None
        head, count = interaction.message.content.rsplit(" ", 1)
        await interaction.response.edit_message(content=f"{head} {int(count) + 1}")


demo = app_commands.Group(name="demo", description="Stand-in demo commands")


@demo.command(name="say", description="Say a word")
async def say(interaction: discord.Interaction, word: str) -> None:
    assert interaction.guild is not None
    await interaction.response.send_message(
        f"{interaction.user.display_name} in {interaction.guild.name} says {word}. bumps: 0",
        view=BumpView(),
    )


@say.autocomplete("word")
async def say_word(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=w.upper(), value=w) for w in WORDS if w.startswith(current)]


@demo.command(name="post", description="Post and pin a message")
async def post(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send(
        f"{text} <@{interaction.user.id}>", allowed_mentions=discord.AllowedMentions.none()
    )
    try:
        await message.pin()
        outcome = "pinned"
    except discord.Forbidden as exc:
        outcome = f"not pinned ({exc.code})"
    await interaction.followup.send(f"posted {message.id}, {outcome}", ephemeral=True)


class DemoBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())

    async def setup_hook(self) -> None:
        self.add_view(BumpView())
        self.tree.add_command(demo, guild=discord.Object(GUILD))


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    stand_in = StandIn()
    stand_in.add_guild(GUILD, name="Kitchen Table")
    stand_in.add_channel(GUILD, TABLE, name="table")
    stand_in.add_member(GUILD, ALICE, "alice", display_name="Alice", permissions=VIEW_CHANNEL)
    await stand_in.start()
    try:
        yield stand_in
    finally:
        await asyncio.wait_for(stand_in.stop(), 10)


@pytest.fixture
async def bot(standin: StandIn) -> AsyncIterator[DemoBot]:
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = standin.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(standin.gateway_url)
    client = DemoBot()
    runner: asyncio.Task[None] | None = None
    try:
        await asyncio.wait_for(client.login("fake-token"), 10)
        runner = asyncio.create_task(client.connect())
        await standin.wait_ready(timeout=10)
        await asyncio.wait_for(client.tree.sync(guild=discord.Object(GUILD)), 10)
        yield client
    finally:
        await asyncio.wait_for(client.close(), 10)
        if runner is not None:
            runner.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(runner, 5)
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway


async def test_the_bot_logs_in_identifies_and_syncs_its_guild_commands(
    standin: StandIn, bot: DemoBot
) -> None:
    assert standin.identifies == 1
    assert bot.user is not None and bot.user.id == standin.bot_user_id
    guild = bot.get_guild(GUILD)
    assert guild is not None and guild.name == "Kitchen Table"
    assert guild.get_channel(TABLE) is not None
    assert [c["name"] for c in standin.commands[GUILD]] == ["demo"]
    subcommands = [o["name"] for o in standin.commands[GUILD][0]["options"]]
    assert subcommands == ["say", "post"]
    assert standin.calls_to("PUT", rf"^/applications/900/guilds/{GUILD}/commands$")[0].status == 200


async def test_a_slash_command_reply_carries_the_members_name_and_a_button(
    standin: StandIn, bot: DemoBot
) -> None:
    reply = await standin.slash(ALICE, TABLE, "demo say", {"word": "beta"})

    assert reply.type == 4
    assert reply.content == "Alice in Kitchen Table says beta. bumps: 0"
    assert not reply.ephemeral
    assert reply.followups == []
    button = reply.components[0]["components"][0]
    assert (button["custom_id"], button["label"]) == ("demo:bump", "Bump")
    shown = standin.channel_messages(TABLE)
    assert [int(m["id"]) for m in shown] == [reply.message_id]
    callback = standin.calls_to("POST", r"^/interactions/\d+/[^/]+/callback$")[0]
    assert callback.json["type"] == 4 and callback.status == 200


async def test_autocomplete_returns_the_choices_the_bot_computed(
    standin: StandIn, bot: DemoBot
) -> None:
    choices = await standin.autocomplete(ALICE, TABLE, "demo say", {"word": "al"}, focused="word")

    assert choices == [
        {"name": "ALPHA", "value": "alpha"},
        {"name": "ALPHABET", "value": "alphabet"},
    ]


async def test_clicking_the_persistent_button_edits_the_message_in_place(
    standin: StandIn, bot: DemoBot
) -> None:
    said = await standin.slash(ALICE, TABLE, "demo say", {"word": "gamma"})
    assert said.message_id is not None

    first = await standin.click(ALICE, TABLE, said.message_id, "demo:bump")
    second = await standin.click(ALICE, TABLE, said.message_id, "demo:bump")

    assert (first.type, first.message_id) == (7, said.message_id)
    assert first.content == "Alice in Kitchen Table says gamma. bumps: 1"
    assert second.content == "Alice in Kitchen Table says gamma. bumps: 2"
    assert [m["content"] for m in standin.channel_messages(TABLE)] == [second.content]


async def test_a_deferred_command_posts_and_pins_a_message_that_pings_nobody(
    standin: StandIn, bot: DemoBot
) -> None:
    reply = await standin.slash(ALICE, TABLE, "demo post", {"text": "gg"})

    [posted] = standin.channel_messages(TABLE)
    assert posted["content"] == f"gg <@{ALICE}>"
    assert posted["allowed_mentions"] == {"parse": []}
    assert posted["mentions"] == []
    assert standin.pins(TABLE) == [int(posted["id"])]
    assert reply.type == 5
    assert reply.ephemeral
    assert reply.content == f"posted {posted['id']}, pinned"
    assert [f["id"] for f in reply.followups] == [str(reply.message_id)]
    pin_call = standin.calls_to("PUT", rf"^/channels/{TABLE}/messages/pins/\d+$")[0]
    assert pin_call.status == 204


async def test_pinning_without_permission_fails_with_discords_missing_permissions_code(
    standin: StandIn, bot: DemoBot
) -> None:
    standin.set_bot_permissions(TABLE, VIEW_CHANNEL | SEND_MESSAGES)

    reply = await standin.slash(ALICE, TABLE, "demo post", {"text": "gg"})

    assert reply.content is not None and reply.content.endswith("not pinned (50013)")
    assert standin.pins(TABLE) == []
    channel = bot.get_channel(TABLE)
    assert isinstance(channel, discord.TextChannel) and channel.guild.me is not None
    assert not channel.permissions_for(channel.guild.me).pin_messages
    standin.set_bot_permissions(TABLE, VIEW_CHANNEL | SEND_MESSAGES | PIN_MESSAGES)
    await standin.wait_for(lambda: channel.permissions_for(channel.guild.me).pin_messages)


async def test_a_rate_limited_send_is_retried_after_retry_after(
    standin: StandIn, bot: DemoBot
) -> None:
    standin.fail_next("POST", rf"^/channels/{TABLE}/messages$", 429, body={"retry_after": 0.05})

    reply = await standin.slash(ALICE, TABLE, "demo post", {"text": "again"})

    sends = standin.calls_to("POST", rf"^/channels/{TABLE}/messages$")
    assert [c.status for c in sends] == [429, 200]
    assert [m["content"] for m in standin.channel_messages(TABLE)] == [f"again <@{ALICE}>"]
    assert reply.content is not None and reply.content.endswith("pinned")


async def test_rest_errors_reach_the_bot_with_discords_json_error_codes(
    standin: StandIn, bot: DemoBot
) -> None:
    channel = bot.get_channel(TABLE)
    assert isinstance(channel, discord.TextChannel)
    standin.fail_next("GET", r"^/channels/\d+/messages/\d+$", 500, times=1)

    with pytest.raises(discord.NotFound) as missing:
        await channel.fetch_message(12345)
    with pytest.raises(discord.HTTPException) as too_long:
        await channel.send("x" * 2001)
    with pytest.raises(discord.NotFound) as unknown:
        await bot.http.request(Route("GET", "/no/such/route"))

    assert missing.value.code == 10008
    assert (too_long.value.status, too_long.value.code) == (400, 50035)
    assert "2000 or fewer" in str(too_long.value)
    assert standin.channel_messages(TABLE) == []
    assert unknown.value.status == 404
    fetches = standin.calls_to("GET", r"^/channels/\d+/messages/12345$")
    assert [c.status for c in fetches] == [500, 404]
    assert (standin.calls[-1].path, standin.calls[-1].status) == ("/no/such/route", 404)


async def test_the_bot_resumes_after_the_gateway_drops_and_keeps_answering(
    standin: StandIn, bot: DemoBot
) -> None:
    await standin.drop_gateway()

    reply = await standin.slash(ALICE, TABLE, "demo say", {"word": "beta"})

    assert reply.content == "Alice in Kitchen Table says beta. bumps: 0"
    assert (standin.identifies, standin.resumes) == (1, 1)


async def test_impossible_user_actions_are_rejected_before_reaching_the_bot(
    standin: StandIn, bot: DemoBot
) -> None:
    with pytest.raises(StandInError, match="unknown slash command 'nope'"):
        await standin.slash(ALICE, TABLE, "nope")
    with pytest.raises(StandInError, match="requires options"):
        await standin.slash(ALICE, TABLE, "demo say")
    with pytest.raises(StandInError, match="needs a subcommand"):
        await standin.slash(ALICE, TABLE, "demo")
    assert standin.calls_to("POST", "callback") == []
