"""Discord misbehaving: dropped gateway, 500s and 429s, a refused token, hostile names."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.conftest import ANN, BOB, CID, GUILD, TOKEN, BotProcess
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAYERS = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}
CALLBACK = r"^/interactions/\d+/[^/]+/callback$"


def status_edit(table: int) -> str:
    return rf"^/channels/{table}/messages/\d+$"


async def ring(standin: StandIn, table: int) -> str:
    return (await standin.slash(CID, table, "totem status")).embeds[0]["description"]


async def test_after_the_gateway_drops_the_bot_resumes_and_keeps_playing(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    identifies, resumes = standin.identifies, standin.resumes
    await standin.drop_gateway()
    await standin.wait_for(lambda: standin.resumes >= resumes + 1, timeout=15)
    reply = await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    assert reply.content == "Bob-Cid 20 -> 17, dealt by Ann (for Bob)"
    assert standin.identifies == identifies


async def test_a_500_or_429_on_a_reply_is_retried_and_the_request_is_recorded_once(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    standin.fail_next("POST", CALLBACK, 500)
    first = await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    assert first.content == "Bob-Cid 20 -> 17, dealt by Ann (for Bob)"
    standin.fail_next("POST", CALLBACK, 429, {"retry_after": 0.3})
    second = await standin.slash(ANN, table, "do", {"text": "deal 2 to Bob"})
    assert second.content == "Bob-Cid 17 -> 15, dealt by Ann (for Bob)"
    assert "└ Bob-Cid: ♥ 15" in await ring(standin, table)
    history = await standin.slash(CID, table, "totem history")
    assert (history.content or "").count("Ann: deal") == 2


async def test_status_edits_that_keep_failing_with_server_errors_are_replaced_and_the_game_goes_on(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    await standin.wait_for(lambda: len(standin.pins(table)) == 1)
    old = standin.pins(table)[0]
    # discord.py retries a 500 (after 1 s), not a 503: one of each is an edit that keeps
    # failing, without five 500s and their 25 s of back-off.
    standin.fail_next("PATCH", status_edit(table), 500)
    standin.fail_next("PATCH", status_edit(table), 503)
    reply = await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    assert not reply.ephemeral

    def replaced() -> bool:
        pins = standin.pins(table)
        message = standin.message(pins[-1]) if pins else None
        return bool(pins) and pins[-1] != old and "♥ 17" in str((message or {}).get("embeds"))

    await standin.wait_for(replaced, timeout=40)
    await standin.wait_for(lambda: old not in standin.pins(table))  # unpinned right after
    assert old not in standin.pins(table)
    edits = standin.calls_to("PATCH", rf"^/channels/{table}/messages/{old}$")
    assert [call.status for call in edits][-2:] == [500, 503]  # retried, then given up


async def test_a_token_discord_refuses_stops_the_bot_with_a_sentence_and_no_token(
    standin: StandIn, bot: BotProcess, tmp_path: Path
) -> None:
    standin.fail_next("GET", r"^/users/@me$", 401, {"message": "401: Unauthorized", "code": 0})
    env = {**bot.env(), "TOTEMBOT_DATABASE": str(tmp_path / "refused.sqlite3")}
    result = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "totembot", "run"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "Discord refused the token" in result.stderr
    assert "Traceback" not in result.stderr
    assert TOKEN not in result.stdout + result.stderr
    assert standin.calls_to("GET", r"^/users/@me$")[-1].status == 401
    assert TOKEN not in bot.log()


HOSTILE_ANN, HOSTILE_BOB, HOSTILE_CID = 301, 302, 303  # members of their own: others share names
HOSTILE = {
    HOSTILE_ANN: "@everyone",
    HOSTILE_BOB: "**bold** <@&1> ||x||",
    HOSTILE_CID: "Zé\u200bro\u202eevil " + "x" * 80,
}


async def test_hostile_display_names_are_shown_harmlessly_and_ping_nobody(
    standin: StandIn, table: int
) -> None:
    for user, name in HOSTILE.items():
        standin.add_member(GUILD, user, f"user{user}", display_name=name)
    players = {"players": " ".join(f"<@{user}>" for user in HOSTILE)}
    started = await standin.slash(HOSTILE_ANN, table, "totem new", players)
    assert "The game has started" in (started.content or "")
    await standin.slash(HOSTILE_ANN, table, "damage", {"player": f"<@{HOSTILE_BOB}>", "amount": 3})
    await standin.slash(HOSTILE_BOB, table, "totem history")
    await standin.slash(HOSTILE_ANN, table, "totem board")
    await standin.wait_for(lambda: "♥ 17" in str(standin.channel_messages(table)), timeout=10)
    messages = standin.channel_messages(table)
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
