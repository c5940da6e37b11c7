"""What Discord's own documentation requires of the bot, checked against a faithful stand-in.

- A refusal is private, even after a deferred response (whose first followup keeps the defer's
  visibility, whatever the followup asks).
- Every interaction is answered within 3 seconds, even when the database is slow.
- A status message past its edit limit (429 code 30046, which never clears) is given up on at
  once, and a clean shut-down does not wait out a rate-limited edit.
- Commands declare `contexts` (guild only), not the deprecated `dm_permission`.
"""

from __future__ import annotations

import asyncio
import re
import signal
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import ANN, BOB, CID, BotProcess
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAYERS = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}
GUILD_CONTEXT, GUILD_INSTALL = 0, 0


@asynccontextmanager
async def database_locked(path: Path, seconds: float) -> AsyncIterator[None]:
    """Another program holds the database's write lock for `seconds` (then lets go)."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    release = asyncio.get_running_loop().call_later(seconds, other.execute, "ROLLBACK")
    try:
        yield
    finally:
        await asyncio.sleep(max(0.0, release.when() - asyncio.get_running_loop().time()))
        other.close()


async def pinned_status(standin: StandIn, table: int) -> int:
    await standin.wait_for(lambda: len(standin.pins(table)) == 1)
    return standin.pins(table)[0]


async def a_game_shown(standin: StandIn, table: int) -> None:
    """A new game whose status message is posted, stored and pinned: the bot writes nothing
    more for it when the test then locks the database (a status message stored while the lock
    is held is another story than the request these tests send)."""
    await standin.slash(ANN, table, "totem new", PLAYERS)
    await pinned_status(standin, table)


def status_patches(standin: StandIn, table: int, message_id: int) -> int:
    return len(standin.calls_to("PATCH", rf"^/channels/{table}/messages/{message_id}$"))


async def test_a_refusal_of_totem_new_is_private(standin: StandIn, table: int) -> None:
    refused = await standin.slash(
        ANN, table, "totem new", {"players": f"<@{ANN}> <@{ANN}> <@{BOB}>"}
    )
    assert refused.ephemeral
    assert refused.content == "Each member can take only one seat."
    assert not [shown for shown in refused.followup_log if not shown.ephemeral]
    assert standin.channel_messages(table) == []  # nothing public in the channel


async def test_the_bot_never_defers_publicly(standin: StandIn, table: int) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    await standin.slash(ANN, table, "totem board")
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    deferred = [
        call.json
        for call in standin.calls_to("POST", r"^/interactions/\d+/[^/]+/callback$")
        if call.json and call.json.get("type") == 5
    ]
    assert all(int((d.get("data") or {}).get("flags", 0)) & 64 for d in deferred)


async def test_a_slow_database_is_answered_in_time_then_publicly(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    await a_game_shown(standin, table)
    async with database_locked(bot.workdir / "totembot.sqlite3", seconds=3.0):
        reply = await standin.slash(
            ANN, table, "do", {"text": "deal 3 to Bob"}, timeout=15, followups=1
        )
    assert not reply.failed, "the interaction failed: no answer within 3 seconds"
    assert reply.deferred and reply.ephemeral
    assert reply.content == "Done: the answer is posted below."  # the "thinking", edited
    (public,) = reply.followup_log
    assert not public.ephemeral and not public.replaced_deferred
    assert reply.followups[-1]["content"] == "Bob-Cid 20 -> 17, dealt by Ann (for Bob)"
    history = await standin.slash(CID, table, "totem history")
    assert (history.content or "").count("Ann: deal 3 to Bob") == 1


async def test_a_refusal_after_a_slow_defer_stays_private(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    await a_game_shown(standin, table)
    async with database_locked(bot.workdir / "totembot.sqlite3", seconds=6.0):
        reply = await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"}, timeout=15)
    assert not reply.failed
    assert reply.deferred and reply.ephemeral
    assert "The database is busy" in (reply.content or "")  # the "thinking", edited
    assert reply.followup_log == []
    public = [m for m in standin.channel_messages(table) if "database" in str(m.get("content"))]
    assert public == []


async def test_a_status_message_past_its_edit_limit_is_replaced_at_once(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    old = await pinned_status(standin, table)
    standin.exhaust_edits(old, retry_after=5.0)
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})

    def replaced() -> bool:
        pins = standin.pins(table)
        shown = standin.message(pins[-1]) if pins else None
        fresh = bool(pins) and pins[-1] != old and "♥ 17" in str((shown or {}).get("embeds"))
        return fresh and old not in pins

    await standin.wait_for(replaced, timeout=4.5)  # before discord.py's first retry
    assert status_patches(standin, table, old) == 1  # never retried
    await standin.slash(ANN, table, "do", {"text": "deal 1 to Bob"})
    await standin.wait_for(lambda: "♥ 16" in str(standin.message(standin.pins(table)[-1])))
    assert status_patches(standin, table, old) == 1  # the new message is the one edited


@pytest.mark.own_bot(status_interval=0.2)
async def test_a_clean_shutdown_does_not_wait_out_a_rate_limited_edit(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    status = await pinned_status(standin, table)
    standin.fail_next(
        "PATCH", rf"^/channels/{table}/messages/{status}$", 429, {"retry_after": 20.0}, times=5
    )
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    await standin.wait_for(lambda: status_patches(standin, table, status) == 1)
    # discord.py would sleep 20 s before retrying; the shut-down gives up after 2 s.
    code = await asyncio.wait_for(bot.stop(signal.SIGTERM), timeout=10)
    assert code == 0
    assert status_patches(standin, table, status) == 1
    assert "gave up on 1 status edits" in bot.log()


async def test_lobby_start_answers_before_it_unpins_the_last_game(
    standin: StandIn, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    old = await pinned_status(standin, table)
    await standin.slash(ANN, table, "win")
    lobby = await standin.slash(ANN, table, "totem new")
    assert lobby.message_id is not None
    for user in (BOB, CID):
        await standin.click(user, table, lobby.message_id, "totem:lobby:join")
    pressed = time.monotonic()
    started = await standin.click(ANN, table, lobby.message_id, "totem:lobby:start")
    assert "The game has started" in (started.content or "")
    await standin.wait_for(lambda: len(standin.pins(table)) == 1 and old not in standin.pins(table))

    def tidying() -> list[float]:
        return [c.at for c in standin.calls if re.search(rf"/{old}$", c.path) and c.at > pressed]

    await standin.wait_for(lambda: bool(tidying()))  # the last game's status is retired
    answered = next(
        call.at for call in standin.calls_to("POST", rf"^/interactions/{started.interaction_id}/")
    )
    assert answered < min(tidying())


async def test_every_command_declares_guild_contexts_not_dm_permission(
    synced_commands: list[dict[str, Any]],
) -> None:
    assert synced_commands
    for command in synced_commands:
        assert command["contexts"] == [GUILD_CONTEXT], command["name"]
        assert command["integration_types"] == [GUILD_INSTALL], command["name"]
        assert "dm_permission" not in command, command["name"]


async def test_reads_queued_behind_a_waiting_write_are_still_answered_in_time(
    standin: StandIn, table: int, bot: BotProcess
) -> None:
    await a_game_shown(standin, table)
    async with database_locked(bot.workdir / "totembot.sqlite3", seconds=4.0):
        write = asyncio.create_task(
            standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"}, timeout=15, followups=1)
        )
        history = await standin.slash(CID, table, "totem history", timeout=15)
        dealt = await write
    assert not dealt.failed and not history.failed
    assert history.ephemeral and history.content
    assert dealt.followups[-1]["content"] == "Bob-Cid 20 -> 17, dealt by Ann (for Bob)"
