"""Looking at a free-for-all or giant table through the real bot: status, board, history,
and the admin commands, which work in every format as they do in Totem."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ADMIN, ANN, BOB, CID, DAN
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAYERS = f"<@{ANN}> <@{BOB}> <@{CID}> <@{DAN}>"
TEAMS = f"<@{ANN}> <@{BOB}>, <@{CID}> <@{DAN}>"


async def picture_size(standin: StandIn, table: int) -> int:
    board = await standin.slash(BOB, table, "totem board")
    assert not board.ephemeral
    message = standin.message(board.message_id or 0) or {}
    [attachment] = message.get("attachments", [])
    assert attachment["filename"] == "totem-board.png"
    return int(attachment["size"])


async def test_a_free_for_all_shows_each_players_life_and_its_history(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", {"format": "free-for-all", "players": PLAYERS})
    await standin.slash(ANN, table, "attack", {"player": "Bob", "amount": 6})
    await standin.slash(CID, table, "do", {"text": "poison 2 to Dan"})
    status = await standin.slash(DAN, table, "totem status")
    [embed] = status.embeds
    assert "Free-for-all" in embed["footer"]["text"]
    assert "**Bob** · ♥ 14" in embed["description"]
    assert "☠ 2" in embed["description"]
    assert await picture_size(standin, table) > 10_000
    history = await standin.slash(BOB, table, "totem history")
    lines = (history.content or "").splitlines()
    assert any("Ann: attack Bob for 6" in line for line in lines)
    assert any("Cid: poison 2 to Dan" in line for line in lines)


async def test_admin_commands_take_a_giant_team_out_together(standin: StandIn, table: int) -> None:
    await standin.slash(ANN, table, "totem new", {"format": "two-headed-giant", "teams": TEAMS})
    await standin.slash(CID, table, "attack", {"player": "Ann", "amount": 5})
    status = await standin.slash(BOB, table, "totem status")
    [embed] = status.embeds
    assert "Ann+Bob" in embed["description"] and "35" in embed["description"]
    assert await picture_size(standin, table) > 10_000
    removed = await standin.slash(ADMIN, table, "totem-admin remove", {"player": f"<@{DAN}>"})
    content = removed.content or ""
    assert "Dan is out" in content and "Cid is out" in content
    assert "Game over: Ann and Bob win" in content
    undone = await standin.slash(ANN, table, "undo")
    assert undone.content == "Undone: remove Dan"
    conceded = await standin.slash(ADMIN, table, "totem-admin concede", {"player": "Ann"})
    assert "Game over: Cid and Dan win" in (conceded.content or "")
