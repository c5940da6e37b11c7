"""The bot's drawing process, seen from outside the real `totembot run`: not started with the
bot, started by the first picture, stopped with the bot (SIGTERM) or on its own when the bot
is killed, and replaced when it is killed itself, the next picture drawn as if nothing
happened."""

from __future__ import annotations

import os
import signal
import time

import pytest

from tests.drawing.odd_pictures import children, command_line, ends_within
from tests.e2e.conftest import ANN, BOB, CID, BotProcess
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

WORKER = "totembot.drawing.worker"
BOARD = "totem-board.png"
CHART = "totem-chart.png"


def workers(bot: BotProcess) -> list[int]:
    """The bot's drawing processes that are still there."""
    assert bot.process is not None
    return [pid for pid in children(bot.process.pid) if WORKER in command_line(pid)]


def shown(standin: StandIn, table: int, filename: str) -> int:
    """How many pictures of that name the channel shows."""
    return sum(
        attachment.get("filename") == filename
        for message in standin.channel_messages(table)
        for attachment in message.get("attachments") or []
    )


async def picture(standin: StandIn, table: int, command: str, filename: str) -> None:
    """`/totem board` or `/totem chart`, answered with its picture (at once, or after a
    deferral when the drawing process took a while to start)."""
    before = shown(standin, table, filename)
    reply = await standin.slash(ANN, table, command, timeout=60)
    assert not reply.failed
    await standin.wait_for(lambda: shown(standin, table, filename) == before + 1, timeout=60)
    taken = getattr(standin, "taken", None)  # the session's CheckedStandIn (conftest.py)
    if isinstance(taken, dict):  # the answer after a deferral was waited for: taken now
        taken[reply.interaction_id] = time.monotonic()


async def board(standin: StandIn, table: int) -> None:
    await picture(standin, table, "totem board", BOARD)


async def new_game(standin: StandIn, table: int) -> None:
    await standin.slash(ANN, table, "totem new", {"players": f"<@{ANN}> <@{BOB}> <@{CID}>"})
    await standin.slash(ANN, table, "do", {"text": "deal 3 to Bob"})


@pytest.mark.own_bot
async def test_the_first_picture_starts_the_drawing_process_and_sigterm_stops_it(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await new_game(standin, table)
    assert workers(bot) == []  # the bot started and played without it

    await board(standin, table)
    [worker] = workers(bot)
    await picture(standin, table, "totem chart", CHART)
    assert workers(bot) == [worker]  # the same process drew the chart

    assert await bot.stop(signal.SIGTERM) == 0
    assert ends_within(worker, 0)  # gone with the bot, not left behind


@pytest.mark.own_bot
async def test_a_killed_drawing_process_is_replaced_by_the_next_picture(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await new_game(standin, table)
    await board(standin, table)
    [killed] = workers(bot)
    os.kill(killed, signal.SIGKILL)
    assert ends_within(killed, 30)

    await board(standin, table)  # drawn as if nothing had happened

    [worker] = workers(bot)
    assert worker != killed


@pytest.mark.own_bot
async def test_the_drawing_process_ends_by_itself_when_the_bot_is_killed(
    standin: StandIn, bot: BotProcess, table: int
) -> None:
    await new_game(standin, table)
    await board(standin, table)
    [worker] = workers(bot)

    await bot.stop(signal.SIGKILL)

    assert ends_within(worker, 30)  # its input ended with the bot's process
