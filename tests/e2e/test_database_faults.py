"""The database failing under the running bot: the player reads one sentence, the log gets one
warning line naming the condition, never a traceback.

The disk is a small filesystem of the test's own (tmpfs), filled up and freed again; where the
machine does not let the test mount one, the test is skipped with the reason.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import ANN, BOB, CID, TABLE, BotProcess, started_standin, stopped
from totembot.bot.status import EDIT_RETRIES
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAYERS = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}
FULL = "The disk is full, so nothing was recorded: free some space."
STATUS_INTERVAL = 0.5  # time enough to fill the disk before a request's status edit is due


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MB filesystem for the database alone, unmounted after the test."""
    folder = tmp_path / "disk"
    folder.mkdir()
    try:
        mounted = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)],
            capture_output=True,
            text=True,
        )
    except OSError as error:
        pytest.skip(f"a small disk needs mount(8): {error}")
    if mounted.returncode != 0:
        pytest.skip(f"this machine does not let the test mount a small disk: {mounted.stderr}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(disk: Path) -> Path:
    """Write a file until the disk has no byte left; returns it (delete it to free the disk)."""
    filler = disk / "filler"
    handle = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (1 << 16, 1 << 12, 1 << 9, 1):
            while True:
                try:
                    os.write(handle, b"\0" * size)
                except OSError:
                    break
    finally:
        os.close(handle)
    return filler


def status_edits(standin: StandIn, message_id: int) -> int:
    return len(standin.calls_to("PATCH", rf"^/channels/{TABLE}/messages/{message_id}$"))


def status_text(standin: StandIn, message_id: int) -> str:
    message: dict[str, Any] = standin.message(message_id) or {}
    return str(message.get("embeds"))


async def test_a_full_disk_is_one_sentence_to_the_player_and_one_warning_line_in_the_log(
    synced_commands: list[dict[str, Any]], small_disk: Path, tmp_path: Path
) -> None:
    """The request refused: its sentence, one warning line. The status edit of the request
    before, refused again at each retry: one warning line for them all. A request the rules
    refuse: its sentence, no line. Once space returns, the game goes on."""
    standin = await started_standin(synced_commands)
    bot = BotProcess(
        standin,
        tmp_path,
        status_interval=STATUS_INTERVAL,
        extra_env={"TOTEMBOT_DATABASE": str(small_disk / "totembot.sqlite3")},
    )
    try:
        await bot.start()
        await standin.slash(ANN, TABLE, "totem new", PLAYERS)
        await standin.wait_for(lambda: len(standin.pins(TABLE)) == 1)
        status = standin.pins(TABLE)[0]
        edits = status_edits(standin, status)
        await standin.slash(ANN, TABLE, "do", {"text": "deal 3 to Bob"})
        filler = fill(small_disk)  # before that request's status edit is due
        refused = await standin.slash(ANN, TABLE, "do", {"text": "deal 2 to Bob"})
        assert (refused.content, refused.ephemeral) == (FULL, True)
        ruled_out = await standin.slash(ANN, TABLE, "do", {"text": "deal 2 to Zed"})
        assert ruled_out.ephemeral and ruled_out.content != FULL
        await standin.wait_for(
            lambda: status_edits(standin, status) >= edits + 1 + EDIT_RETRIES, timeout=20
        )
        filler.unlink()
        after = await standin.slash(ANN, TABLE, "do", {"text": "deal 1 to Bob"})
        assert after.content == "Bob-Cid 17 -> 16, dealt by Ann (for Bob)"
        await standin.wait_for(lambda: "♥ 16" in status_text(standin, status))
    finally:
        await stopped(bot)
    log = bot.log()
    warnings = [
        line.split(" WARNING ", 1)[1]
        for line in log.splitlines()
        if " WARNING " in line and "There was no totembot database" not in line  # its start
    ]
    assert sorted(line.split(": ", 1)[0] for line in warnings) == [
        "totembot.bot.conditions",  # the refused request
        "totembot.bot.status",  # the status edit's streak
    ], log
    assert all(line.endswith(f": {FULL}") for line in warnings), log
    assert "Traceback" not in log and " ERROR " not in log, log
