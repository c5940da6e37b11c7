"""The summary's chart comes from the drawing process: when the process dies under it, the
summary is posted without its chart, in one log line, and the next summary has its chart again
(a new process drawn on)."""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
import pytest

from tests.drawing.odd_pictures import DyingChart
from tests.render.test_chart import totem_story
from totembot.bot import pictures
from totembot.bot.summary import SummaryPoster
from totembot.core.story import Story
from totembot.drawing.drawer import Drawer
from totembot.render.chart import chart_png
from totembot.render.summary import CHART_FILENAME
from totembot.service import GameService


class Channel:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, **fields: Any) -> None:
        self.sent.append(fields)


class Client:
    def __init__(self) -> None:
        self.channel = Channel()

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return self.channel


class Stories:
    def __init__(self, story: Story) -> None:
        self.told = story

    async def story(self, game_id: int) -> Story:
        return self.told


async def test_a_summary_whose_chart_dies_is_posted_without_it_and_the_next_has_its_chart(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    story = totem_story()
    assert story.finished
    client, drawer = Client(), Drawer()
    poster = SummaryPoster(cast(discord.Client, client), cast(GameService, Stories(story)), drawer)
    try:
        monkeypatch.setattr(pictures, "Chart", DyingChart)  # its drawing kills the worker
        with caplog.at_level(logging.WARNING):
            poster.game_ended(3, "20")
            await poster.flush(patience=60)
        monkeypatch.undo()
        poster.game_ended(4, "20")
        await poster.flush(patience=60)
    finally:
        await drawer.close()

    without, chart = client.channel.sent
    assert "file" not in without
    assert without["embed"].title == chart["embed"].title  # the same summary otherwise
    assert without["embed"].image.url is None
    assert [(r.levelname, r.getMessage()) for r in caplog.records] == [
        (
            "WARNING",
            "could not draw the chart of game 3: the drawing process stopped (killed by signal "
            "9); the next picture starts a new one",
        )
    ]
    assert chart["embed"].image.url == f"attachment://{CHART_FILENAME}"
    assert chart["file"].filename == CHART_FILENAME
    assert chart["file"].fp.read() == chart_png(story)
