"""When the drawing process dies under a picture: the summary is posted without its chart, in
one log line, and the next summary has its chart again (a new process drawn on); a `/totem
board` or `/totem chart` is answered privately in one sentence, in one log line."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest
from discord import app_commands

from tests.drawing.odd_pictures import DyingChart
from tests.render.test_chart import totem_story
from totembot.bot import pictures
from totembot.bot.client import TotemTree
from totembot.bot.replies import NO_PINGS
from totembot.bot.summary import SummaryPoster
from totembot.core.story import Story
from totembot.drawing.drawer import Drawer, WorkerLost
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

    async def summary_story(self, game_id: int) -> Story:
        return self.told


async def unrated(embed: discord.Embed, game_id: int) -> None:
    """The summary's ratings step, for a game of no server (as a console game)."""


async def test_a_summary_whose_chart_dies_is_posted_without_it_and_the_next_has_its_chart(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    story = totem_story()
    assert story.finished
    client, drawer = Client(), Drawer()
    poster = SummaryPoster(cast(discord.Client, client), cast(GameService, Stories(story)), drawer)
    poster._add_ratings = unrated  # type: ignore[method-assign]  # a story alone: no server
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


class Response:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def is_done(self) -> bool:
        return False

    async def send_message(self, text: str, **fields: Any) -> None:
        self.sent.append((text, fields))


async def test_a_picture_whose_drawing_process_stopped_is_refused_in_one_sentence(
    caplog: pytest.LogCaptureFixture,
) -> None:
    interaction = SimpleNamespace(id=5, extras={}, response=Response())
    lost = WorkerLost("the drawing process stopped (killed by signal 9)")
    error = app_commands.CommandInvokeError(cast(Any, SimpleNamespace(name="board")), lost)

    with caplog.at_level(logging.WARNING):
        await TotemTree.on_error(
            cast(TotemTree, None), cast(discord.Interaction, interaction), error
        )

    assert interaction.response.sent == [
        (pictures.NOT_DRAWN, {"ephemeral": True, "allowed_mentions": NO_PINGS})
    ]
    assert [(r.levelname, r.getMessage(), r.exc_info) for r in caplog.records] == [
        (
            "WARNING",
            "could not draw a picture for interaction 5: the drawing process stopped (killed by "
            "signal 9)",
            None,
        )
    ]
