"""The drawing process: its pictures are the ones drawn here, byte for byte; one worker, started
on first use and reused; a worker that dies or hangs is replaced, the picture it was drawing
reported as failed; a refusal stays a refusal; and closing leaves no process behind."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.drawing.odd_pictures import Dies, Echo, Hangs, Raises, children, ends_within
from tests.render.test_board_snapshots import BOARD_CASES
from tests.render.test_chart import STORIES, told_example
from tests.story.tellers import EXAMPLES, play, script_lines
from totembot.core.errors import RuleViolation
from totembot.core.story import Story
from totembot.drawing.drawer import Drawer, DrawingRaised, WorkerLost
from totembot.drawing.pictures import Board, Chart
from totembot.games.registry import ruleset_of
from totembot.render.chart import chart_png

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def drawer() -> AsyncIterator[Drawer]:
    drawer = Drawer()
    yield drawer
    await drawer.close()


async def test_the_charts_drawn_in_the_worker_are_the_charts_drawn_here(drawer: Drawer) -> None:
    stories: dict[str, Story] = {name: make() for name, make in STORIES.items()}
    stories |= {path.stem: told_example(path) for path in EXAMPLES}
    for name, story in stories.items():  # the snapshots' stories: every kind of line
        assert await drawer.draw(Chart(story)) == chart_png(story), name


async def test_the_boards_drawn_in_the_worker_are_the_boards_drawn_here(drawer: Drawer) -> None:
    for name, make in BOARD_CASES.items():  # the snapshots' boards: every format and extreme
        state = make()
        ruleset = ruleset_of(state.config.format)
        assert await drawer.draw(Board(state.config.format, state)) == ruleset.board_png(state), (
            name
        )


@pytest.mark.skipif(not hasattr(os, "sched_getscheduler"), reason="Linux's scheduler only")
async def test_the_worker_never_takes_the_processor_from_the_bot(drawer: Drawer) -> None:
    """Ten steps nicer, and a batch task: woken by the bot's pipe write, it waits for the next
    tick instead of preempting the bot's loop where it runs (that held a request up to 7 ms)."""
    assert await drawer.draw(Echo(b"one")) == b"one"
    assert drawer.pid is not None
    assert os.sched_getscheduler(drawer.pid) == os.SCHED_BATCH
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, drawer.pid) == min(19, ours + 10)  # 19: the nicest


async def test_one_worker_started_on_first_use_draws_every_picture(drawer: Drawer) -> None:
    assert drawer.pid is None  # nothing started before a picture is asked for
    assert await drawer.draw(Echo(b"one")) == b"one"
    worker = drawer.pid
    assert worker is not None and worker in children(os.getpid())
    assert await drawer.draw(Echo(b"two")) == b"two"
    assert drawer.pid == worker


async def test_pictures_asked_for_at_once_each_get_their_own_answer(drawer: Drawer) -> None:
    asked = [f"picture {n}".encode() for n in range(20)]

    answers = await asyncio.gather(*(drawer.draw(Echo(data)) for data in asked))

    assert answers == asked


async def test_a_caller_that_stops_waiting_leaves_each_answer_to_its_own_picture(
    drawer: Drawer,
) -> None:
    for step in range(4):  # cancelled at different points of its exchange
        abandoned = asyncio.create_task(drawer.draw(Echo(b"abandoned")))
        for _ in range(step):
            await asyncio.sleep(0)
        abandoned.cancel()
        assert await drawer.draw(Echo(b"mine")) == b"mine"


async def test_a_worker_killed_while_idle_is_replaced_and_the_picture_drawn(
    drawer: Drawer,
) -> None:
    await drawer.draw(Echo(b"warm"))
    killed = drawer.pid
    assert killed is not None
    os.kill(killed, signal.SIGKILL)

    assert await drawer.draw(Echo(b"again")) == b"again"

    assert drawer.pid not in (None, killed)
    assert killed not in children(os.getpid())  # reaped


async def test_a_picture_that_kills_its_worker_fails_and_the_next_is_drawn_anew(
    drawer: Drawer,
) -> None:
    await drawer.draw(Echo(b"warm"))
    first = drawer.pid

    with pytest.raises(WorkerLost, match=r"stopped \(killed by signal 9\)"):
        await drawer.draw(Dies())

    assert drawer.pid is None and first not in children(os.getpid())
    assert await drawer.draw(Echo(b"next")) == b"next"
    assert drawer.pid not in (None, first)


async def test_a_picture_that_raises_fails_with_its_traceback_and_the_worker_goes_on(
    drawer: Drawer,
) -> None:
    await drawer.draw(Echo(b"warm"))
    worker = drawer.pid

    with pytest.raises(DrawingRaised) as raised:
        await drawer.draw(Raises())

    assert "Traceback" in str(raised.value) and "ValueError: no ink" in str(raised.value)
    assert await drawer.draw(Echo(b"next")) == b"next"
    assert drawer.pid == worker


async def test_a_game_without_a_board_is_refused_in_the_rulesets_words(drawer: Drawer) -> None:
    [totemic] = [path for path in EXAMPLES if path.name == "totemic.totem"]
    told = play(*script_lines(totemic), keep_refused=True)

    with pytest.raises(RuleViolation) as refused:
        await drawer.draw(Board(told.config.format, told.live))

    with pytest.raises(RuleViolation) as here:
        told.ruleset.board_png(told.live)
    assert str(refused.value) == str(here.value)


async def test_a_picture_that_takes_too_long_stops_its_worker() -> None:
    drawer = Drawer(patience=1.0)
    try:
        await drawer.draw(Echo(b"warm"))
        stuck = drawer.pid
        with pytest.raises(WorkerLost, match="took more than 1 s"):
            await drawer.draw(Hangs())
        assert stuck not in children(os.getpid())
        assert await drawer.draw(Echo(b"next")) == b"next"
    finally:
        await drawer.close()


async def test_closing_stops_and_reaps_the_worker_and_refuses_later_pictures() -> None:
    before = children(os.getpid())
    drawer = Drawer()
    await drawer.draw(Echo(b"warm"))
    worker = drawer.pid
    assert worker in children(os.getpid())

    await drawer.close()

    assert children(os.getpid()) <= before  # nothing left behind, not even a zombie
    assert ends_within(worker, 0)
    with pytest.raises(WorkerLost, match="shutting down"):
        await drawer.draw(Echo(b"late"))
    assert children(os.getpid()) <= before  # and nothing started again


async def test_closing_a_drawer_that_never_drew_starts_nothing() -> None:
    before = children(os.getpid())
    drawer = Drawer()

    await drawer.close()

    assert drawer.pid is None and children(os.getpid()) <= before


async def test_the_worker_runs_this_totembot_even_from_a_folder_holding_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = tmp_path / "totembot"
    other.mkdir()
    (other / "__init__.py").write_text("raise SystemExit('another totembot was imported')\n")
    monkeypatch.chdir(tmp_path)  # the worker starts in the bot's working folder
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # this totembot on the path, but after the folder
    drawer = Drawer()
    try:
        assert await drawer.draw(Echo(b"mine")) == b"mine"
    finally:
        await drawer.close()


def test_the_worker_ends_when_the_process_that_started_it_dies() -> None:
    script = textwrap.dedent(
        """
        import asyncio, os, sys
        from totembot.drawing.drawer import Drawer
        from tests.drawing.odd_pictures import Echo

        async def main():
            drawer = Drawer()
            await drawer.draw(Echo(b"warm"))
            print(drawer.pid, flush=True)
            sys.stdin.readline()  # until the test kills this process

        asyncio.run(main())
        """
    )
    bot = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert bot.stdout is not None
        worker = int(bot.stdout.readline())
        assert not ends_within(worker, 0)
    finally:
        bot.kill()
        bot.wait(30)

    assert ends_within(worker, 30)  # its input ended with the bot: no orphan left drawing
