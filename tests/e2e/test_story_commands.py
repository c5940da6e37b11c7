"""The story of a game through the real bot: the summary with its chart when a game ends,
`/totem chart` while it goes on, `/totem export` played back by the console, and the server's
`/totem stats` and `/totem leaderboard`."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.e2e.conftest import ANN, BOB, CID, ROOT, BotProcess
from tests.e2e.stored import stored_state
from totembot.games.magic.render.state_json import state_json
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

CHART = "totem-chart.png"


def uploads(standin: StandIn, channel: int, filename: str) -> list[tuple[dict[str, Any], bytes]]:
    """(message, file bytes) for every channel message carrying `filename`, oldest first."""
    return [
        (message, standin.attachment_data(attachment))
        for message in standin.channel_messages(channel)
        for attachment in message.get("attachments") or []
        if attachment.get("filename") == filename
    ]


async def uploaded(
    standin: StandIn, channel: int, filename: str, count: int = 1
) -> tuple[dict[str, Any], bytes]:
    await standin.wait_for(lambda: len(uploads(standin, channel, filename)) >= count, timeout=30)
    return uploads(standin, channel, filename)[count - 1]


def scripts(standin: StandIn, channel: int) -> list[dict[str, Any]]:
    """The exported scripts attached in the channel."""
    return [
        attachment
        for message in standin.channel_messages(channel)
        for attachment in message.get("attachments") or []
        if str(attachment.get("filename", "")).endswith(".totem")
    ]


def picture(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return Image.open(io.BytesIO(png))


async def test_the_end_of_a_game_posts_its_summary_with_the_life_chart(
    standin: StandIn, table: int
) -> None:
    await standin.slash(
        ANN, table, "totem new", {"format": "free-for-all", "players": f"<@{ANN}> <@{BOB}> Quill"}
    )
    await standin.slash(ANN, table, "do", {"text": "deal 7 to Bob"})
    await standin.slash(ANN, table, "next")
    await standin.slash(BOB, table, "do", {"text": "deal 20 to Quill"})
    assert uploads(standin, table, CHART) == []  # no summary while the game goes on
    last = await standin.slash(BOB, table, "do", {"text": "deal 20 to Ann"})
    assert "Bob" in (last.content or "")
    message, png = await uploaded(standin, table, CHART)
    [embed] = message["embeds"]
    assert "Bob" in embed["title"]
    shown = json.dumps(embed)
    assert "Quill" in shown and "Ann" in shown  # who went out
    assert embed["image"]["url"] == f"attachment://{CHART}"
    assert picture(png).size[0] >= 600
    ids = [m["id"] for m in standin.channel_messages(table)]
    assert ids.index(message["id"]) > ids.index(str(last.message_id))  # after the answer


async def test_totem_chart_draws_a_game_still_going(standin: StandIn, table: int) -> None:
    await standin.slash(ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"})
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    await standin.slash(CID, table, "totem chart")
    _message, png = await uploaded(standin, table, CHART)
    assert picture(png).size[0] >= 600


async def test_totem_export_is_a_script_the_console_plays_back_to_the_stored_state(
    bot: BotProcess, standin: StandIn, table: int, tmp_path: Path
) -> None:
    three = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>", "commander": True}
    await standin.slash(ANN, table, "totem new", three)
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    await standin.slash(BOB, table, "do", {"text": "Cid gains 2 via Cid-Ann"})
    await standin.slash(BOB, table, "undo")
    await standin.slash(CID, table, "do", {"text": "attack Ann-Bob for 4 hitting Ann"})
    words = {"totem": "Bob-Cid", "amount": 2, "commander_name": "Tymna the Red"}
    refused = await standin.slash(ANN, table, "attack", words)  # no line could say it
    assert refused.ephemeral
    assert refused.content == "A commander's name is one word without spaces, like Tymna."
    tymna = await standin.slash(ANN, table, "attack", {**words, "commander_name": "Tymna"})
    assert not tymna.ephemeral, tymna.content
    await standin.slash(ANN, table, "totem export")
    await standin.wait_for(lambda: bool(scripts(standin, table)), timeout=15)
    text = standin.attachment_data(scripts(standin, table)[-1]).decode()
    assert text.splitlines()[0] == "game totem players: Ann, Bob, Cid commander"
    assert text.splitlines()[1].startswith("# totembot game ")
    played = subprocess.run(
        [sys.executable, "-m", "totembot", "console", "--json"],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # this checkout's code, as the bot runs
    )
    assert played.returncode == 0, played.stderr
    replayed = json.loads(played.stdout)
    assert replayed["rejected"] == []
    replayed.pop("rejected")
    expected = state_json(stored_state(bot, table))
    expected.pop("rejected", None)
    assert replayed == expected


@pytest.mark.own_bot
async def test_stats_and_the_leaderboard_count_the_servers_finished_games(
    standin: StandIn, table: int
) -> None:
    names = {ANN: "Ann", BOB: "Bob", CID: "Cid"}
    for winner, loser in ((ANN, BOB), (ANN, CID), (BOB, ANN)):
        duel = f"<@{winner}> <@{loser}>"
        await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": duel})
        await standin.slash(winner, table, "do", {"text": f"deal 20 to {names[loser]}"})
    with_guest = f"<@{ANN}> Quill"
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": with_guest})
    await standin.slash(ANN, table, "do", {"text": "deal 20 to Quill"})

    mine = await standin.slash(ANN, table, "totem stats")
    assert not mine.ephemeral
    [embed] = mine.embeds
    assert embed["title"] == "Statistics: Ann"
    assert embed["description"].startswith("4 games: 3 wins, 0 draws, 1 loss (75% won)")
    bob = await standin.slash(CID, table, "totem stats", {"player": f"<@{BOB}>"})
    assert bob.embeds[0]["description"].startswith("2 games: 1 win, 0 draws, 1 loss (50% won)")
    guest = await standin.slash(CID, table, "totem stats", {"player": "quill"})
    assert guest.embeds[0]["description"].startswith("1 game: 0 wins, 0 draws, 1 loss (0% won)")
    assert "Most often out: life (1 time)" in guest.embeds[0]["description"]
    nobody = await standin.slash(CID, table, "totem stats", {"player": "Nemo"})
    assert nobody.ephemeral and nobody.content == "Nemo has no finished games in this server yet."
    offered = await standin.autocomplete(
        CID, table, "totem stats", {"player": "qu"}, focused="player"
    )
    assert offered == [{"name": "Quill (guest)", "value": "Quill"}]

    board = await standin.slash(BOB, table, "totem leaderboard")
    description = board.embeds[0]["description"]
    assert description.splitlines()[0] == "🥇 **Ann**: 3 wins in 4 games (75%)"
    assert board.embeds[0]["footer"]["text"] == "4 finished games counted"
    none = await standin.slash(BOB, table, "totem leaderboard", {"format": "teams"})
    assert none.embeds[0]["description"] == "No finished games yet."


async def test_a_totemic_export_waits_for_a_secret_strength_and_the_match_gets_a_summary(
    standin: StandIn, table: int
) -> None:
    await standin.slash(
        ANN, table, "totemic new", {"players": f"<@{ANN}> <@{BOB}>", "power": "5, 30"}
    )
    await standin.slash(ANN, table, "do", {"text": "challenge"})
    await standin.slash(BOB, table, "do", {"text": "accept"})
    await standin.slash(ANN, table, "totemic reveal", {"strength": 613}, followups=1)
    refused = await standin.slash(BOB, table, "totem export")
    assert refused.ephemeral
    assert refused.content == "A strength is still secret: export once the challenge is over."
    assert scripts(standin, table) == []
    await standin.slash(BOB, table, "totemic reveal", {"strength": 900}, followups=1)
    assert uploads(standin, table, CHART) == []  # Ann has lost her 5 power: the turn's end ...
    await standin.slash(ANN, table, "next")
    message, png = await uploaded(standin, table, CHART)  # ... ends the game: Bob won
    assert "Bob" in message["embeds"][0]["title"]
    assert picture(png).size[0] >= 600
    await standin.slash(BOB, table, "totem export")
    await standin.wait_for(lambda: bool(scripts(standin, table)), timeout=15)
    assert "reveal 613" in standin.attachment_data(scripts(standin, table)[-1]).decode()
