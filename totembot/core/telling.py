"""A game's story told from its log alone. The bot tells a summary's in a worker thread; a
chart's is told in the drawing process, from the log as stored, so that replaying a long game
never holds the bot's GIL (`drawing/pictures.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from totembot.core.game import GameConfig
from totembot.core.ruleset import Ruleset, standing_steps
from totembot.core.story import LoggedRequest, Story
from totembot.core.turns import own_turns, turn_spans, turn_times

# A row of a game's log as stored, unread: seq, recorded_at, recorded_by, the request's JSON.
StoredLine = tuple[int, str, str, str]


def tell_from_log(
    ruleset: Ruleset, config: GameConfig, created_at: str, log: Sequence[LoggedRequest]
) -> Story:
    """Replay the log into the changes that stand, and let the game's ruleset tell them."""
    initial, steps = standing_steps(ruleset, config, log)
    story = ruleset.story(config, initial, steps, started_at=created_at)
    spans = turn_spans(ruleset, initial, steps, created_at)
    return replace(story, turn_times=turn_times(own_turns(spans), config.players))
