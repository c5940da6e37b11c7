"""`/totem chart` tells its story in the drawing process, from the log as stored: the chart is
the one the bot would have told and drawn itself, and a log that cannot be read is refused in
one sentence."""

from __future__ import annotations

import pickle
from collections.abc import AsyncIterator

import pytest

from tests.test_turn_times import played
from totembot.core.errors import RuleViolation
from totembot.drawing.drawer import Drawer
from totembot.drawing.pictures import UNREADABLE, ToldChart
from totembot.render.chart import chart_png
from totembot.store import GameStore


@pytest.fixture
async def drawer() -> AsyncIterator[Drawer]:
    drawer = Drawer()
    yield drawer
    await drawer.close()


async def test_a_chart_told_from_the_stored_log_is_the_chart_of_the_game_s_story(
    store: GameStore, drawer: Drawer
) -> None:
    service, game_id = await played(store)  # an undo, a player out, the game won
    story = await service.story(game_id)
    game, log = await service.chart_log(game_id)
    told = ToldChart(game.config, game.created_at, tuple(log))

    assert [line[0] for line in log] == list(range(1, game.version + 1))
    assert pickle.loads(pickle.dumps(told)).story() == told.story() == story
    assert story.finished and len(story.tracks) == 3
    assert await drawer.draw(told) == chart_png(story)


async def test_a_log_that_cannot_be_read_is_refused_in_one_sentence(
    store: GameStore, drawer: Drawer
) -> None:
    service, game_id = await played(store)
    game, log = await service.chart_log(game_id)
    seq, at, by, _request = log[2]
    broken = ToldChart(game.config, game.created_at, (*log[:2], (seq, at, by, "{not json")))

    with pytest.raises(RuleViolation) as here:
        broken.story()
    assert str(here.value) == UNREADABLE
    with pytest.raises(RuleViolation) as there:
        await drawer.draw(broken)
    assert str(there.value) == UNREADABLE
    assert await drawer.draw(ToldChart(game.config, game.created_at, tuple(log)))  # still there
