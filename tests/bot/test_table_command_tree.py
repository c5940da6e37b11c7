"""TABLE.md's structured commands: one for each of its requests, each with help on every
option, all listed by `/totem help commands`, within Discord's limits on a group."""

from __future__ import annotations

import re

from discord import app_commands

from totembot.bot.help_page import commands_text
from totembot.bot.magic.table_actions import CounterCog, TableActionsCog
from totembot.bot.magic.table_choices import dice, kind_words, new_kind
from totembot.games.magic.language.requests import TABLE
from totembot.games.magic.language.row import TABLE_GROUP

# The request each command records (its intent's kind).
RECORDS = {
    "counter add": "get",
    "counter remove": "get",
    "counter pay": "get",
    "counter each": "get",
    "blessing": "get",
    "monarch": "monarch",
    "initiative": "initiative",
    "day-night": "day-night",
    "ring": "ring",
    "cast-commander": "cast",
    "roll": "roll",
    "flip": "flip",
    "random-player": "choose",
}


def commands() -> dict[str, app_commands.Command]:  # type: ignore[type-arg]
    """Every command by the name a member types (`counter add`: the group's subcommands)."""
    found = {command.name: command for command in TableActionsCog.__cog_app_commands__}
    found |= {f"counter {sub.name}": sub for sub in CounterCog.__cog_app_commands__}
    return found  # type: ignore[return-value]


def test_every_table_request_has_a_command_and_every_command_a_request() -> None:
    assert set(commands()) == set(RECORDS)
    assert set(RECORDS.values()) == {row.kind for row in TABLE if row.group == TABLE_GROUP}


def test_every_command_and_option_says_what_it_is_for() -> None:
    for name, command in commands().items():
        assert command.description and command.description != "…", name
        for parameter in command.parameters:
            assert parameter.description and parameter.description != "…", (name, parameter)
            assert len(parameter.description) <= 100


def test_the_help_page_lists_every_table_command() -> None:
    text = " ".join(commands_text())
    listed = re.findall(r"/[a-z-]+", text)
    for name in commands():
        assert f"/{name.split()[0]}" in listed, name
    assert re.search(r"/counter add, remove, pay or each\b", text)


def test_the_counter_group_stays_within_discords_subcommand_limit() -> None:
    assert CounterCog.__cog_group_name__ == "counter"
    assert 0 < len(CounterCog.__cog_app_commands__) <= 25


def test_a_typed_kind_is_offered_as_a_new_kind_only_when_the_language_could_read_it() -> None:
    assert new_kind("Ticket", ["energy"]) == "ticket"
    assert new_kind("ticket counters", []) == "ticket"
    assert new_kind("energy", ["energy", "rad"]) is None  # offered already
    assert new_kind("poison", []) is None  # poison keeps its own phrase
    assert new_kind("two words", []) is None and new_kind("2x", []) is None
    assert kind_words("rad") == "rad" and kind_words("ticket") == "ticket counters"


async def test_dice_offers_the_usual_dice_and_what_was_typed() -> None:
    offered = [choice.value for choice in await dice(None, "")]  # type: ignore[arg-type]
    assert offered[:3] == ["d20", "d6", "2d6"]
    assert [c.value for c in await dice(None, "7d9")] == ["7d9"]  # type: ignore[arg-type]
    assert [c.value for c in await dice(None, "d1")][:3] == ["d1", "d10", "d12"]  # type: ignore[arg-type]
