"""The status embed's "Turn began" field: only while the game goes on (a game that ended is not
asked when its turn began, which may cost a read of its whole log), and only when it fits in
Discord's 6,000 characters with everything else the embed holds, its footer included."""

from __future__ import annotations

from typing import Any

from totembot.bench.requests import new_games
from totembot.bot.status import status_now
from totembot.render.embeds import MAX_EMBED, with_turn_began
from totembot.store import StoredGame

BEGAN = "2026-11-27T12:00:00.000+00:00"


def stored(status: str = "active") -> StoredGame:
    game = new_games(1, "table-")[0]
    return StoredGame(
        id=1, guild_id=None, channel_id="table-0", host="100", status=status,
        config=game.config, version=0, state=game.initial, seats=game.seats,
        status_message_id="1", created_at=BEGAN,
    )  # fmt: skip


async def test_a_game_that_goes_on_shows_when_its_turn_began() -> None:
    asked: list[int] = []

    async def turn_began(game: StoredGame) -> str:
        asked.append(game.id)
        return BEGAN

    embed = await status_now(stored(), turn_began)
    assert asked == [1]
    assert [f["name"] for f in embed["fields"]].count("Turn began") == 1


async def test_a_game_that_ended_is_never_asked_when_its_turn_began() -> None:
    async def turn_began(_game: StoredGame) -> str:
        raise AssertionError("asked")

    for game in (stored("abandoned"), stored("finished")):
        embed = await status_now(game, turn_began)
        assert "Turn began" not in [f["name"] for f in embed.get("fields", [])]


def test_the_turn_field_is_left_out_when_the_footer_leaves_no_room_for_it() -> None:
    base: dict[str, Any] = {"title": "T", "description": "d", "fields": []}
    room = MAX_EMBED - 2 - len("Turn began") - len("<t:1:R>")
    fits = with_turn_began(base | {"footer": {"text": "f" * room}}, 1)
    assert [f["name"] for f in fits["fields"]] == ["Turn began"]
    too_long = with_turn_began(base | {"footer": {"text": "f" * (room + 1)}}, 1)
    assert too_long["fields"] == []
