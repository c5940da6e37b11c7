"""Discord misbehaving: dropped gateway, 500s and 429s, a refused token, hostile names."""

from __future__ import annotations

import asyncio
import subprocess
import sys

from tests.e2e.conftest import ANN, BOB, CID, GUILD, TABLE, TOKEN, BotProcess
from totembot.testing import StandIn

PLAYERS = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}
CALLBACK = r"^/interactions/\d+/[^/]+/callback$"
STATUS_EDIT = r"^/channels/20/messages/\d+$"


async def ring(standin: StandIn) -> str:
    return (await standin.slash(CID, TABLE, "totem status")).embeds[0]["description"]


async def test_after_the_gateway_drops_the_bot_resumes_and_keeps_playing(
    standin: StandIn, bot: BotProcess
) -> None:
    await standin.slash(ANN, TABLE, "totem new", PLAYERS)
    await standin.drop_gateway()
    await standin.wait_for(lambda: standin.resumes >= 1, timeout=15)
    reply = await standin.slash(ANN, TABLE, "do", {"text": "deal 3 to Bob"})
    assert reply.content == "Bob-Cid 20 -> 17, dealt by Ann (for Bob)"
    assert standin.identifies == 1


async def test_a_500_or_429_on_a_reply_is_retried_and_the_request_is_recorded_once(
    standin: StandIn, bot: BotProcess
) -> None:
    await standin.slash(ANN, TABLE, "totem new", PLAYERS)
    standin.fail_next("POST", CALLBACK, 500)
    first = await standin.slash(ANN, TABLE, "do", {"text": "deal 3 to Bob"})
    assert first.content == "Bob-Cid 20 -> 17, dealt by Ann (for Bob)"
    standin.fail_next("POST", CALLBACK, 429, {"retry_after": 0.3})
    second = await standin.slash(ANN, TABLE, "do", {"text": "deal 2 to Bob"})
    assert second.content == "Bob-Cid 17 -> 15, dealt by Ann (for Bob)"
    assert "└ Bob-Cid: ♥ 15" in await ring(standin)
    history = await standin.slash(CID, TABLE, "totem history")
    assert (history.content or "").count("Ann: deal") == 2


async def test_status_edits_that_keep_failing_with_500_are_replaced_and_the_game_goes_on(
    standin: StandIn, bot: BotProcess
) -> None:
    await standin.slash(ANN, TABLE, "totem new", PLAYERS)
    await standin.wait_for(lambda: len(standin.pins(TABLE)) == 1)
    old = standin.pins(TABLE)[0]
    standin.fail_next("PATCH", STATUS_EDIT, 500, times=5)
    reply = await standin.slash(ANN, TABLE, "do", {"text": "deal 3 to Bob"})
    assert not reply.ephemeral

    def replaced() -> bool:
        pins = standin.pins(TABLE)
        message = standin.message(pins[-1]) if pins else None
        return bool(pins) and pins[-1] != old and "♥ 17" in str((message or {}).get("embeds"))

    await standin.wait_for(replaced, timeout=40)
    assert old not in standin.pins(TABLE)


async def test_a_token_discord_refuses_stops_the_bot_with_a_sentence_and_no_token(
    standin: StandIn, bot: BotProcess
) -> None:
    await bot.stop()
    standin.fail_next("GET", r"^/users/@me$", 401, {"message": "401: Unauthorized", "code": 0})
    result = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "totembot", "run"],
        env=bot.env(),
        cwd=bot.workdir,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "Discord refused the token" in result.stderr
    assert "Traceback" not in result.stderr
    assert TOKEN not in result.stdout + result.stderr
    assert TOKEN not in bot.log()


HOSTILE = {
    ANN: "@everyone",
    BOB: "**bold** <@&1> ||x||",
    CID: "Zé\u200bro\u202eevil " + "x" * 80,
}


async def test_hostile_display_names_are_shown_harmlessly_and_ping_nobody(
    standin: StandIn, bot: BotProcess
) -> None:
    for user, name in HOSTILE.items():
        standin.add_member(GUILD, user, f"user{user}", display_name=name)
    started = await standin.slash(ANN, TABLE, "totem new", PLAYERS)
    assert "The game has started" in (started.content or "")
    await standin.slash(ANN, TABLE, "damage", {"player": f"<@{BOB}>", "amount": 3})
    await standin.slash(BOB, TABLE, "totem history")
    await standin.slash(ANN, TABLE, "totem board")
    await standin.wait_for(lambda: "♥ 17" in str(standin.channel_messages(TABLE)), timeout=10)
    messages = standin.channel_messages(TABLE)
    assert len(messages) >= 4
    for message in messages:
        assert message["mentions"] == [] and message["mention_roles"] == []
        assert message["mention_everyone"] is False
        text = message["content"] + str(message.get("embeds"))
        assert "@everyone" not in text  # always defused as @\u200beveryone
        assert "\u202e" not in text
    for call in standin.calls:
        body = call.json if isinstance(call.json, dict) else {}
        body = body.get("data", body) if isinstance(body.get("data"), dict) else body
        if "content" in body or "embeds" in body:
            assert body.get("allowed_mentions", {}).get("parse") == [], call.path
