"""The status message's trailing debounce through the real bot process: a burst ends with its
last state shown after few edits; a clean shut-down shows what was pending; a restart after a
crash shows the stored state at once."""

from __future__ import annotations

import asyncio
import signal
import time

import pytest

from tests.e2e.conftest import ANN, BOB, CID, BotProcess
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAYERS = {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"}
# A bot whose debounce no test waits out: what the status shows, it shows without waiting.
patient_bot = pytest.mark.own_bot(status_interval=30.0)
# A bot whose burst of requests never pauses for an interval, nor lasts MAX_WAIT_INTERVALS.
STEADY_INTERVAL = 1.0
steady_bot = pytest.mark.own_bot(status_interval=STEADY_INTERVAL)


def edits(standin: StandIn, table: int) -> list[float]:
    """When each edit of the channel's messages arrived (the status message is the only one)."""
    return [call.at for call in standin.calls_to("PATCH", rf"^/channels/{table}/messages/\d+$")]


def shown(standin: StandIn, table: int) -> str:
    """The pinned status message's title and description."""
    pins = standin.pins(table)
    message = standin.message(pins[-1]) if pins else None
    embeds = (message or {}).get("embeds") or [{}]
    return f"{embeds[0].get('title')}\n{embeds[0].get('description')}"


async def the_ring_now(standin: StandIn, table: int) -> str:
    """The description `/totem status` renders from the stored state."""
    return str((await standin.slash(CID, table, "totem status")).embeds[0]["description"])


@steady_bot
async def test_a_burst_on_one_game_is_shown_once_an_interval_after_it_went_quiet(
    standin: StandIn, table: int
) -> None:
    """The debounce is trailing: no edit while requests keep coming (each within an interval
    of the last, the whole far shorter than MAX_WAIT_INTERVALS), one edit after the last, once
    an interval has passed without a request. An updater that edits at most once an interval,
    at the first change it sees, would edit during the burst or right after its last request."""
    await standin.slash(ANN, table, "totem new", PLAYERS)
    await standin.wait_for(lambda: "Turn 1: Ann to play" in shown(standin, table))
    before = len(edits(standin, table))
    for amount in range(1, 13):  # Bob-Cid: 20 + 1 + ... + 12 = 98; Cid-Ann: 20 + 12 = 32
        replies = await asyncio.gather(
            standin.slash(ANN, table, "do", {"text": f"Bob gains {amount}"}),
            standin.slash(BOB, table, "do", {"text": "Cid gains 1 via Cid-Ann"}),
        )
        assert not any(reply.ephemeral for reply in replies), replies  # none refused
    last_answered = time.monotonic()
    ring = await the_ring_now(standin, table)
    assert "└ Bob-Cid: ♥ 98" in ring and "└ Cid-Ann: ♥ 32" in ring
    await standin.wait_for(lambda: shown(standin, table).endswith(f"\n{ring}"))  # exactly
    burst = edits(standin, table)[before:]
    assert len(burst) == 1, burst
    assert burst[0] - last_answered >= STEADY_INTERVAL / 2, (burst[0], last_answered)


@patient_bot
async def test_a_clean_shutdown_shows_the_pending_last_state(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    await standin.wait_for(lambda: "Turn 1: Ann to play" in shown(standin, table))  # at once
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    await standin.slash(ANN, table, "do", {"text": "deal 4 to Bob"})
    assert "♥ 13" not in shown(standin, table)  # due only after a quiet interval of 30 s
    assert await bot.stop(signal.SIGTERM) == 0
    assert "└ Bob-Cid: ♥ 13" in shown(standin, table)


@patient_bot
async def test_a_restart_after_a_crash_shows_the_stored_state_at_once(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await standin.slash(ANN, table, "totem new", PLAYERS)
    await standin.wait_for(lambda: "Turn 1: Ann to play" in shown(standin, table))
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})
    await bot.restart(signal.SIGKILL)  # the pending edit dies with the process
    await standin.wait_for(lambda: "└ Bob-Cid: ♥ 17" in shown(standin, table))
    assert "♥ 17" in await the_ring_now(standin, table)
