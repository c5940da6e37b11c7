"""The Discord stand-in drives an unmodified discord.py bot end to end.

A throwaway bot (one slash group with autocomplete, persistent buttons) runs in the test's
event loop against the stand-in; every test asserts on what the stand-in saw and answered,
including where Discord differs from what a bot might expect (deferred followups, the 3-second
deadline, the edit limit of old messages).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from totembot.testing import (
    EDIT_LIMIT_MESSAGE,
    INTERACTION_FAILED,
    PIN_MESSAGES,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    Followup,
    StandIn,
    StandInError,
)

GUILD = 10
TABLE = 20
ALICE = 101
WORDS = ["alpha", "alphabet", "beta", "gamma"]
CALLBACK = r"^/interactions/\d+/[^/]+/callback$"
OPENAPI = Path(__file__).resolve().parents[3] / "shared" / "discord" / "openapi.json"
SEEN: list[str] = []  # what the demo bot saw of Discord's answers, for tests to check


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

    @discord.ui.button(label="Note", custom_id="demo:note")
    async def note(
        self, interaction: discord.Interaction, button: discord.ui.Button[BumpView]
    ) -> None:
        await interaction.response.defer()  # on a component: DEFERRED_UPDATE_MESSAGE (6)
        await interaction.followup.send("noted", ephemeral=True)


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


@demo.command(name="think", description="Defer, then send two followups")
async def think(interaction: discord.Interaction, private: bool, hidden: bool) -> None:
    await interaction.response.defer(ephemeral=private, thinking=True)
    await interaction.followup.send("first", ephemeral=hidden)
    await interaction.followup.send("second", ephemeral=hidden)


@demo.command(name="slow", description="Answer after a delay")
async def slow(interaction: discord.Interaction, seconds: float) -> None:
    await asyncio.sleep(seconds)
    try:
        await interaction.response.send_message("late")
    except discord.NotFound as exc:
        SEEN.append(f"callback refused: {exc.status} {exc.code} {exc.text}")


@demo.command(name="original", description="Answer, read the answer back, then edit it")
async def original(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("v1")
    first = await interaction.original_response()
    await interaction.edit_original_response(content=f"v2 after {first.content}")


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
    assert subcommands == ["say", "post", "think", "slow", "original"]
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


async def rest(
    standin: StandIn, method: str, path: str, body: Any = None
) -> tuple[int, Any, dict[str, str]]:
    """A raw REST request to the stand-in: status, JSON body (or None) and headers."""
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, standin.api_base + path, json=body) as response,
    ):
        payload = await response.json() if response.content_type == "application/json" else None
        return response.status, payload, dict(response.headers)


def original_path(standin: StandIn, interaction_id: int) -> str:
    token = next(r.token for r in standin.interactions.by_token.values() if r.id == interaction_id)
    return f"/webhooks/{standin.application_id}/{token}/messages/@original"


@pytest.mark.parametrize("hidden", [True, False])
async def test_the_first_followup_after_a_public_defer_fills_it_in_and_stays_public(
    standin: StandIn, bot: DemoBot, hidden: bool
) -> None:
    reply = await standin.slash(
        ALICE, TABLE, "demo think", {"private": False, "hidden": hidden}, followups=2
    )

    assert (reply.type, reply.deferred, reply.ephemeral) == (5, True, False)
    assert reply.content == "first"
    assert reply.followup_log[0] == Followup(reply.message_id or 0, hidden, False, True)
    second = reply.followup_log[1]
    assert (second.asked_ephemeral, second.ephemeral, second.replaced_deferred) == (
        hidden,
        hidden,
        False,
    )
    assert [f["content"] for f in reply.followups] == ["first", "second"]
    public = [m["content"] for m in standin.channel_messages(TABLE)]
    assert public == (["first"] if hidden else ["first", "second"])


async def test_the_first_followup_after_an_ephemeral_defer_stays_ephemeral(
    standin: StandIn, bot: DemoBot
) -> None:
    reply = await standin.slash(
        ALICE, TABLE, "demo think", {"private": True, "hidden": False}, followups=2
    )

    assert (reply.ephemeral, reply.content) == (True, "first")
    first, second = reply.followup_log
    assert (first.asked_ephemeral, first.ephemeral, first.replaced_deferred) == (False, True, True)
    assert (second.asked_ephemeral, second.ephemeral, second.replaced_deferred) == (
        False,
        False,
        False,
    )
    assert [m["content"] for m in standin.channel_messages(TABLE)] == ["second"]


async def test_after_a_deferred_update_the_first_followup_is_a_new_message(
    standin: StandIn, bot: DemoBot
) -> None:
    said = await standin.slash(ALICE, TABLE, "demo say", {"word": "beta"})
    assert said.message_id is not None

    noted = await standin.click(ALICE, TABLE, said.message_id, "demo:note", followups=1)

    assert (noted.type, noted.deferred, noted.message_id) == (6, True, said.message_id)
    assert noted.content == said.content  # the clicked message is left as it was
    [followup] = noted.followup_log
    assert followup.message_id != said.message_id and not followup.replaced_deferred
    assert followup.ephemeral and followup.asked_ephemeral
    assert [f["content"] for f in noted.followups] == ["noted"]
    assert [m["content"] for m in standin.channel_messages(TABLE)] == [said.content]


async def test_original_is_the_response_message_for_get_patch_and_delete(
    standin: StandIn, bot: DemoBot
) -> None:
    reply = await standin.slash(ALICE, TABLE, "demo original")
    assert reply.content == "v2 after v1"
    hook = r"^/webhooks/900/[^/]+/messages/@original$"
    assert [c.status for c in standin.calls_to("GET", hook)] == [200]
    assert [c.status for c in standin.calls_to("PATCH", hook)] == [200]
    path = original_path(standin, reply.interaction_id)

    got = await rest(standin, "GET", path)
    edited = await rest(standin, "PATCH", path, {"content": "v3"})
    deleted = await rest(standin, "DELETE", path)
    gone = [await rest(standin, method, path, {"content": "v4"}) for method in ("GET", "PATCH")]

    assert (got[0], got[1]["id"], got[1]["content"]) == (200, str(reply.message_id), reply.content)
    assert (edited[0], edited[1]["content"]) == (200, "v3")
    assert deleted[0] == 204 and standin.message(reply.message_id or 0) is None
    for status, body, _headers in gone:
        assert (status, body["code"]) == (404, 10008)


async def test_original_answers_unknown_message_when_there_is_no_response_message(
    standin: StandIn, bot: DemoBot
) -> None:
    await standin.autocomplete(ALICE, TABLE, "demo say", {"word": "al"}, focused="word")
    [rec] = standin.interactions.by_token.values()

    status, body, _headers = await rest(standin, "GET", original_path(standin, rec.id))

    assert (status, body) == (404, {"message": "Unknown Message", "code": 10008})


async def test_a_callback_after_the_deadline_is_refused_and_the_user_sees_a_failure(
    standin: StandIn, bot: DemoBot
) -> None:
    assert StandIn().interaction_deadline == 3.0  # Discord's
    standin.interaction_deadline = 0.3

    reply = await standin.slash(ALICE, TABLE, "demo slow", {"seconds": 0.6})

    assert reply.failed and reply.shown_error == INTERACTION_FAILED
    assert (reply.content, reply.message_id, reply.type) == (None, None, 0)
    await standin.wait_for(lambda: bool(SEEN))
    assert SEEN.pop() == "callback refused: 404 10062 Unknown interaction"
    [late] = standin.calls_to("POST", CALLBACK)
    assert late.status == 404
    assert standin.reply(reply.interaction_id).late_callbacks == 1
    assert standin.channel_messages(TABLE) == []
    in_time = await standin.slash(ALICE, TABLE, "demo slow", {"seconds": 0.0})
    assert (in_time.failed, in_time.content) == (False, "late")


async def test_a_message_past_its_edit_limit_answers_every_edit_with_429_code_30046(
    standin: StandIn, bot: DemoBot
) -> None:
    said = await standin.slash(ALICE, TABLE, "demo say", {"word": "beta"})
    assert said.message_id is not None
    standin.exhaust_edits(said.message_id, retry_after=0.05)
    channel = bot.get_channel(TABLE)
    assert isinstance(channel, discord.TextChannel)

    with pytest.raises(discord.HTTPException) as refused:
        await channel.get_partial_message(said.message_id).edit(content="edited")
    hook = await rest(
        standin, "PATCH", original_path(standin, said.interaction_id), {"content": "x"}
    )

    assert (refused.value.status, refused.value.code) == (429, 30046)
    edits = standin.calls_to("PATCH", rf"^/channels/{TABLE}/messages/{said.message_id}$")
    assert [c.status for c in edits] == [429] * 5  # discord.py retried: the 429 had a Via
    status, body, headers = hook
    assert status == 429
    assert body == {
        "message": EDIT_LIMIT_MESSAGE,
        "code": 30046,
        "retry_after": 0.05,
        "global": False,
    }
    assert (headers["Via"], headers["Retry-After"], headers["X-RateLimit-Scope"]) == (
        "1.1 google",
        "1",
        "shared",
    )
    assert (standin.message(said.message_id) or {})["content"] == said.content


async def test_the_edit_limit_waits_a_few_seconds_by_default_and_never_clears(
    standin: StandIn, bot: DemoBot
) -> None:
    said = await standin.slash(ALICE, TABLE, "demo say", {"word": "beta"})
    standin.exhaust_edits(said.message_id or 0)
    path = f"/channels/{TABLE}/messages/{said.message_id}"

    answers = [await rest(standin, "PATCH", path, {"content": "x"}) for _ in range(3)]

    assert [(status, body["retry_after"]) for status, body, _ in answers] == [(429, 3.0)] * 3
    assert answers[0][2]["Retry-After"] == "3"
    assert (await rest(standin, "GET", path))[0] == 200  # reading is not limited


async def test_commands_are_kept_exactly_as_the_bot_sent_them(
    standin: StandIn, bot: DemoBot
) -> None:
    [sent] = standin.sent_commands(GUILD)
    [stored] = standin.commands[GUILD]

    assert "id" not in sent and "version" not in sent and "guild_id" not in sent
    # discord.py sends the deprecated dm_permission, and contexts only when they are set.
    assert (sent["dm_permission"], sent["contexts"]) == (True, None)
    assert stored["id"] and stored["application_id"] == "900"
    assert {k: v for k, v in stored.items() if k in sent} == sent


async def test_a_command_over_discords_limits_is_refused_with_invalid_form_body(
    standin: StandIn, bot: DemoBot
) -> None:
    path = f"/applications/900/guilds/{GUILD}/commands"
    bad = {"name": "Not A Name", "description": "x" * 101, "contexts": [0, 0]}

    status, body, _headers = await rest(standin, "POST", path, bad)

    assert (status, body["code"]) == (400, 50035)
    assert sorted(body["errors"]) == ["contexts", "description", "name"]
    assert [c["name"] for c in standin.commands[GUILD]] == ["demo"]


@pytest.mark.skipif(not OPENAPI.exists(), reason="Discord's openapi.json is not beside the repo")
async def test_commands_sent_fit_discords_openapi_schema(standin: StandIn, bot: DemoBot) -> None:
    schemas = json.loads(OPENAPI.read_text())["components"]["schemas"]
    create = schemas["ApplicationCommandUpdateRequest"]  # the items of tree.sync()'s PUT
    limits = create["properties"]
    documented_elsewhere = {"nsfw"}  # in Discord's command docs, missing from openapi.json

    assert (limits["name"]["maxLength"], limits["description"]["maxLength"]) == (32, 100)
    assert limits["options"]["maxItems"] == 25
    assert limits["contexts"]["uniqueItems"] and limits["contexts"]["minItems"] == 1
    for sent in standin.sent_commands(GUILD):
        assert set(sent) <= set(limits) | documented_elsewhere, set(sent) - set(limits)
        assert set(create["required"]) <= set(sent)
