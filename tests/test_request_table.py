"""A request is one row of the language's table: its verb, reader, writer and help page."""

from __future__ import annotations

import typing

import pytest

from totembot.games.magic.help.pages import topic_names
from totembot.games.magic.language.requests import BY_KIND, BY_VERB, TABLE
from totembot.games.magic.rules.engine import HANDLERS
from totembot.games.magic.rules.intents import Intent


def intent_kinds() -> set[str]:
    union = typing.get_args(typing.get_args(Intent)[0])
    return {model.model_fields["kind"].default for model in union}


def test_every_intent_kind_has_exactly_one_row_and_every_row_a_distinct_verb() -> None:
    assert set(BY_KIND) == intent_kinds()
    assert len(BY_KIND) == len(TABLE) == len(BY_VERB)


@pytest.mark.parametrize("row", TABLE, ids=lambda row: row.verb)
def test_every_row_has_a_rules_handler_and_a_help_page(row) -> None:
    assert row.kind in HANDLERS
    assert row.topic in topic_names()
