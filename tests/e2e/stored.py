"""What the bot stored: a channel's latest game read from the bot's own database, so that an
end-to-end test checks the state exactly while the wording of replies may change."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from contextlib import closing

from tests.e2e.conftest import BotProcess
from totembot.games.magic.rules import GameState
from totembot.render.embeds import FINISHED_COLOUR
from totembot.testing import StandIn


def stored_state(bot: BotProcess, channel: int) -> GameState:
    """The channel's latest game as the bot committed it (a reply comes after the commit)."""
    path = bot.workdir / "totembot.sqlite3"
    with closing(sqlite3.connect(path, timeout=10)) as db:
        row = db.execute(
            "SELECT snapshot FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (str(channel),),
        ).fetchone()
    assert row is not None, f"no game stored for channel {channel}"
    return GameState.model_validate_json(row[0])


async def lobby_stored(bot: BotProcess, channel: int, timeout: float = 10) -> None:
    """Until the bot has committed the channel's lobby with its message. It does so right after
    showing the lobby (the message's id is then known), so a test that kills the bot at once
    waits for it first; nothing the stand-in sees marks it, so the database is asked again
    every 10 ms."""
    path = bot.workdir / "totembot.sqlite3"
    limit = time.monotonic() + timeout

    def stored() -> bool:
        with closing(sqlite3.connect(path, timeout=10)) as db:
            row = db.execute(
                "SELECT message_id FROM lobbies WHERE channel_id = ?", (str(channel),)
            ).fetchone()
        return row is not None and row[0] is not None

    while not stored():
        assert time.monotonic() < limit, f"no lobby stored for channel {channel} in {timeout}s"
        await asyncio.sleep(0.01)


def markers(state: GameState) -> list[tuple[int, str, bool]]:
    """The turn markers as (number, the player holding or awaited, waiting)."""
    return [(m.number, state.players[m.seat].name, m.waiting) for m in state.markers]


def statuses(state: GameState) -> dict[str, str]:
    return {player.name: player.status for player in state.players}


async def choices(
    standin: StandIn, user: int, table: int, command: str, options: dict[str, object]
) -> list[str]:
    """The labels autocomplete offers for the `player` option of `command`."""
    offered = await standin.autocomplete(
        user, table, command, {**options, "player": ""}, focused="player"
    )
    return [choice["name"] for choice in offered]


async def board_posted(standin: StandIn, table: int, user: int) -> int:
    """Ask for `/totem board` and wait for its picture; its size in bytes."""
    await standin.slash(user, table, "totem board")

    def attachments() -> list[dict[str, object]]:
        return [
            attachment
            for message in standin.channel_messages(table)
            for attachment in message.get("attachments") or []
            if attachment.get("filename") == "totem-board.png"
        ]

    await standin.wait_for(lambda: bool(attachments()), timeout=15)
    return int(str(attachments()[-1]["size"]))


def pinned_embed(standin: StandIn, table: int) -> dict[str, object]:
    pins = standin.pins(table)
    message = (standin.message(pins[-1]) or {}) if pins else {}
    return dict((message.get("embeds") or [{}])[0])


async def status_finished(standin: StandIn, table: int, *names: str) -> None:
    """Wait for the pinned status to show the game over (its finished colour), naming `names`."""

    def shown() -> bool:
        embed = pinned_embed(standin, table)
        text = f"{embed.get('title')}\n{embed.get('description')}"
        return embed.get("color") == FINISHED_COLOUR and all(name in text for name in names)

    await standin.wait_for(shown, timeout=10)
