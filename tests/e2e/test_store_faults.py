"""The database misbehaving under the running bot: a disk that stalls, a database that vanishes.

Each test starts a `totembot run` of its own (its settings or its fault hook are its own) against
a stand-in of its own, and plays as members would.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import (
    ANN,
    BOB,
    CID,
    OTHER_TABLE,
    ROOT,
    TABLE,
    BotProcess,
    assert_replies_settled,
    started_standin,
    stopped,
)
from totembot.testing import Reply, StandIn
from totembot.testing.records import CB_DEFERRED_MESSAGE

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAYERS = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}
STALL_HOOK = Path(__file__).parent / "stall"  # its sitecustomize.py hangs the store's writes
GONE = "is no longer there (moved or deleted while totembot ran), so nothing was recorded"


@asynccontextmanager
async def bot_with(
    commands: list[dict[str, Any]], workdir: Path, env: dict[str, str]
) -> AsyncIterator[BotProcess]:
    """A stand-in and a `totembot run` with these settings over the tests' own."""
    process = BotProcess(await started_standin(commands), workdir, extra_env=env)
    try:
        await process.start()
        yield process
    finally:
        await stopped(process)


def events_stored(database: Path) -> list[tuple[str, int]]:
    """(channel, seq) of every event in the file, as another program reads it."""
    reader = sqlite3.connect(database)
    try:
        return reader.execute(
            "SELECT g.channel_id, e.seq FROM events e JOIN games g ON g.id = e.game_id "
            "ORDER BY g.channel_id, e.seq"
        ).fetchall()
    finally:
        reader.close()


def public_text(reply: Reply) -> str:
    """What the channel read: the answer itself, or after a deferral its public followup."""
    if reply.type == CB_DEFERRED_MESSAGE:
        return "\n".join(str(followup.get("content")) for followup in reply.followups)
    return reply.content or ""


def deferred_in(standin: StandIn, channel_id: int) -> Callable[[], bool]:
    """Whether a /do of that channel has been deferred (Discord's "thinking")."""

    def seen() -> bool:
        return any(
            rec.channel_id == channel_id and rec.callback_type == CB_DEFERRED_MESSAGE
            for rec in standin.interactions.by_token.values()
        )

    return seen


async def test_a_stalled_disk_never_freezes_the_bot_and_every_answer_is_true(
    synced_commands: list[dict[str, Any]], tmp_path: Path
) -> None:
    """While every write hangs (a frozen disk), the bot still answers what needs no write, and
    defers within Discord's deadline what waits for the disk; at the thaw each request is
    answered as recorded, and each is stored exactly once."""
    stall = tmp_path / "disk-frozen"
    env = {
        "PYTHONPATH": os.pathsep.join([str(STALL_HOOK), str(ROOT)]),
        "TOTEMBOT_TEST_STALL_FILE": str(stall),
    }
    async with bot_with(synced_commands, tmp_path, env) as bot:
        standin = bot.standin
        for channel in (TABLE, OTHER_TABLE):
            await standin.slash(ANN, channel, "totem new", PLAYERS)
        await standin.wait_for(lambda: len(standin.pins(TABLE)) == len(standin.pins(OTHER_TABLE)))
        stall.touch()
        waiting: list[Awaitable[Reply]] = [
            asyncio.ensure_future(
                standin.slash(ANN, TABLE, "do", {"text": "deal 3 to Bob"}, followups=1)
            ),
            asyncio.ensure_future(
                standin.slash(BOB, OTHER_TABLE, "do", {"text": "deal 2 to Cid"}, followups=1)
            ),
        ]
        help_reply = await standin.slash(CID, OTHER_TABLE, "totem help")
        await standin.wait_for(deferred_in(standin, TABLE), timeout=5)
        await standin.wait_for(deferred_in(standin, OTHER_TABLE), timeout=5)
        stall.unlink()
        table, other = await asyncio.gather(*waiting)
        await assert_replies_settled(standin)

    assert not help_reply.failed and not help_reply.deferred
    assert "A Totem game is recorded one request per line" in (help_reply.content or "")
    for reply in (table, other):
        assert not reply.failed, reply.shown_error
        assert reply.deferred
    assert public_text(table) == "Bob-Cid 20 -> 17, dealt by Ann (for Bob)"
    assert public_text(other) == "Cid-Ann 20 -> 18, dealt by Bob (for Cid)"
    assert events_stored(tmp_path / "totembot.sqlite3") == [(str(TABLE), 1), (str(OTHER_TABLE), 1)]


async def test_a_database_moved_away_while_running_is_refused_then_found_again(
    synced_commands: list[dict[str, Any]], tmp_path: Path
) -> None:
    """A write to a database no longer at its path is refused in one sentence and logged once
    as critical; a start with its folder missing exits 2 with one sentence and creates
    nothing; put back, the game goes on with every acknowledged request."""
    folder, moved = tmp_path / "data", tmp_path / "moved"
    folder.mkdir()
    env = {"TOTEMBOT_DATABASE": str(folder / "games.sqlite3")}
    async with bot_with(synced_commands, tmp_path, env) as bot:
        standin = bot.standin
        await standin.slash(ANN, TABLE, "totem new", PLAYERS)
        kept = await standin.slash(ANN, TABLE, "do", {"text": "deal 3 to Bob"})
        folder.rename(moved)
        refusals = [
            await standin.slash(ANN, TABLE, "do", {"text": f"deal {n} to Bob"}) for n in (2, 4)
        ]
        await assert_replies_settled(standin)
        log = bot.log()
        started_again = await asyncio.to_thread(
            subprocess.run,
            [sys.executable, "-m", "totembot", "run"],
            env=bot.env(),
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )

    assert kept.content == "Bob-Cid 20 -> 17, dealt by Ann (for Bob)"
    for refusal in refusals:
        assert refusal.ephemeral and GONE in (refusal.content or "")
    critical = [line for line in log.splitlines() if " CRITICAL " in line]
    assert len(critical) == 1 and GONE in critical[0]  # the condition, once
    told = [line for line in log.splitlines() if GONE in line and line not in critical]
    assert told and all(" WARNING " in line for line in told)  # each refusal: one line
    assert "Traceback" not in log
    assert started_again.returncode == 2
    assert started_again.stderr.strip() == (
        f"totembot: The database {folder / 'games.sqlite3'} cannot be opened: "
        f"{folder} is not a folder."
    )
    assert not folder.exists()

    moved.rename(folder)
    async with bot_with(synced_commands, tmp_path, env) as bot:
        status = await bot.standin.slash(CID, TABLE, "totem status")
        assert "Bob-Cid: ♥ 17" in status.embeds[0]["description"]
        assert "There was no totembot database" not in bot.log()
    assert events_stored(folder / "games.sqlite3") == [(str(TABLE), 1)]


async def test_a_database_missing_from_its_folder_is_created_and_the_log_says_so(
    synced_commands: list[dict[str, Any]], tmp_path: Path
) -> None:
    env = {"TOTEMBOT_DATABASE": str(tmp_path / "new.sqlite3")}
    async with bot_with(synced_commands, tmp_path, env) as bot:
        reply = await bot.standin.slash(ANN, TABLE, "totem status")
        log = bot.log()

    assert "no game" in (reply.content or "").lower()
    assert (
        f"WARNING totembot: There was no totembot database at "
        f"{tmp_path / 'new.sqlite3'}: created a new, empty one (schema version"
    ) in log
