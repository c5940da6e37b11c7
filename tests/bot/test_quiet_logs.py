"""A known condition is one warning line in the log, never a traceback; an unexpected error
keeps its traceback. (tests/e2e/test_database_faults.py shows it through the running bot.)"""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import discord
import pytest

from totembot.bot.conditions import log_refusal
from totembot.bot.summary import SummaryPoster
from totembot.core.errors import RuleViolation
from totembot.drawing.drawer import Drawer
from totembot.service import GameService
from totembot.store import ChannelBusy, StaleState, StoreError

FULL = "The disk is full, so nothing was recorded: free some space."
INTERACTION = cast(discord.Interaction, SimpleNamespace(id=5, channel_id=20))


def test_a_request_the_store_refused_is_one_warning_line_naming_the_condition(
    caplog: pytest.LogCaptureFixture,
) -> None:
    log_refusal(INTERACTION, StoreError(FULL))
    assert [(r.levelname, r.getMessage(), r.exc_info) for r in caplog.records] == [
        ("WARNING", f"refused interaction 5 in channel 20: {FULL}", None)
    ]


@pytest.mark.parametrize(
    "error",
    [
        RuleViolation("Zed is not in this game."),
        ChannelBusy("This channel already has a game: end it before a new one."),
        StaleState("The game changed while this request was being checked: please send it again."),
    ],
    ids=["rules", "channel-busy", "stale"],
)
def test_a_refusal_that_is_the_players_own_is_not_logged(
    caplog: pytest.LogCaptureFixture, error: RuleViolation | StoreError
) -> None:
    log_refusal(INTERACTION, error)
    assert caplog.records == []


class Story:
    """A service whose stories fail with the given error."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    async def story(self, game_id: int) -> None:
        raise self.error

    async def summary_story(self, game_id: int) -> None:  # the summary's own (issue 29)
        raise self.error


SUMMARY = "could not post the summary of game 3"


@pytest.mark.parametrize(
    ("error", "logged"),
    [
        (StoreError(FULL), ("WARNING", f"{SUMMARY}: {FULL}", False)),
        (KeyError("bug"), ("ERROR", SUMMARY, True)),
    ],
    ids=["known", "unexpected"],
)
async def test_a_summary_that_cannot_be_posted_is_one_line_unless_unexpected(
    caplog: pytest.LogCaptureFixture, error: Exception, logged: tuple[str, str, bool]
) -> None:
    poster = SummaryPoster(cast(discord.Client, None), cast(GameService, Story(error)), Drawer())
    poster.game_ended(3, "20")
    await poster.flush()
    assert [(r.levelname, r.getMessage(), bool(r.exc_info)) for r in caplog.records] == [logged]
