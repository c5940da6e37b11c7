"""`/totem help`: the console's help pages on Discord, only for the one who asked."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import SPECTATOR
from totembot.games.magic.help.pages import help_text
from totembot.testing import StandIn

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_help_lists_the_topics_privately_even_to_a_spectator(
    standin: StandIn, table: int
) -> None:
    reply = await standin.slash(SPECTATOR, table, "totem help")
    assert reply.ephemeral
    assert "Ask /totem help topic: TOPIC" in (reply.content or "")
    assert "commands: the phrases on Discord" in (reply.content or "")
    assert standin.channel_messages(table) == []


async def test_help_on_a_verb_is_the_consoles_page_in_a_code_block(
    standin: StandIn, table: int
) -> None:
    reply = await standin.slash(SPECTATOR, table, "totem help", {"topic": "attack"})
    assert reply.ephemeral
    assert reply.content == f"```text\n{help_text('attack', ask='/totem help topic:')}\n```"


async def test_the_topic_is_offered_as_it_is_typed(standin: StandIn, table: int) -> None:
    choices = await standin.autocomplete(SPECTATOR, table, "totem help", {"topic": "de"}, "topic")
    assert [choice["value"] for choice in choices] == ["death", "deal", "deny", "deck", "concede"]
