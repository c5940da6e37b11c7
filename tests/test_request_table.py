"""A request is one row of the language's table: its verb, reader, writer and help page, and
every part the rest of the bot derives from the row (replies, story, Tab, autocomplete, help)."""

from __future__ import annotations

import typing
from functools import cache

import pytest

from totembot.bot.help_page import commands_text
from totembot.bot.magic.actions import ActionsCog
from totembot.console.complete import completions
from totembot.core.help import Example
from totembot.games.magic.formats import format_named
from totembot.games.magic.formats.house.minions import how_of
from totembot.games.magic.help.pages import GROUPS, TOPICS, find_topic, topic_names
from totembot.games.magic.language.options import player_choices
from totembot.games.magic.language.phrases import (
    EXPECTED_START,
    KEYWORDS,
    format_intent,
    parse_line,
    parse_phrase,
    parse_setup,
)
from totembot.games.magic.language.requests import BY_KIND, BY_VERB, TABLE
from totembot.games.magic.language.row import SLOTS, Reach, Row
from totembot.games.magic.language.words import LANGUAGE_WORDS
from totembot.games.magic.render.event_text import CAUSE_WORDS, FALL_WORDS
from totembot.games.magic.rules import Game, new_game
from totembot.games.magic.rules.engine import HANDLERS
from totembot.games.magic.rules.events import Event, LifeChanged
from totembot.games.magic.rules.intents import Intent, LifeCause
from totembot.games.magic.story.facts import HIT_CAUSES

CLAUSES = {"via", "counting", "with", "hitting"}  # the optional clauses `Words.options` reads
# A page may teach its forms in its text alone: `each` is refused in Totem, where the examples
# are played, and its page explains it for the other formats.
WITHOUT_EXAMPLES = {"each"}
ROWS = [pytest.param(row, id=row.verb) for row in TABLE]


def intent_kinds() -> set[str]:
    union = typing.get_args(typing.get_args(Intent)[0])
    return {model.model_fields["kind"].default for model in union}


def played(example: Example) -> tuple[Intent, list[Event]]:
    """The example's intent, and what it changed when played after its earlier lines."""
    config = parse_setup(example.setup)
    language = format_named(config.format).language
    game = Game(new_game(config))
    for line in example.before:
        earlier = parse_line(line, language)
        assert earlier is not None
        game.record(earlier.request(host=True))
    parsed = parse_line(example.line, language)
    assert parsed is not None
    return parsed.intent, game.record(parsed.request(host=True)).events


@cache
def every_example_played() -> list[tuple[Intent, list[Event]]]:
    return [
        played(example)
        for topic in TOPICS
        for example in topic.examples
        if not example.line.startswith("game ")
    ]


def examples_of(row: Row) -> list[tuple[Intent, list[Event]]]:
    """Every help example (on any page) that is a request of the row's kind, played."""
    return [
        (intent, events) for intent, events in every_example_played() if intent.kind == row.kind
    ]


def test_every_intent_kind_has_exactly_one_row_and_every_row_a_distinct_verb() -> None:
    assert set(BY_KIND) == intent_kinds()
    assert len(BY_KIND) == len(TABLE) == len(BY_VERB)


@pytest.mark.parametrize("row", ROWS)
def test_every_row_has_a_rules_handler_and_a_help_page(row: Row) -> None:
    assert row.kind in HANDLERS
    assert row.topic in topic_names()


@pytest.mark.parametrize("row", ROWS)
def test_every_row_reads_and_writes_its_help_examples_back(row: Row) -> None:
    """The reader reads the page's examples, and the writer writes each back as it reads."""
    assert callable(row.read) and callable(row.write)
    examples = examples_of(row)
    if row.verb in WITHOUT_EXAMPLES:
        assert not row.page.examples
        return
    assert examples, f"no help example is a {row.verb} request"
    for intent, _events in examples:
        assert parse_phrase(format_intent(intent)) == intent


@pytest.mark.parametrize("row", ROWS)
def test_every_row_has_its_help_page_in_the_index_under_its_group(row: Row) -> None:
    assert find_topic(row.verb) is row.page
    assert row.page in TOPICS
    assert row.page.examples or row.verb in WITHOUT_EXAMPLES
    [group] = [names for title, names in GROUPS if title == row.group]
    assert row.verb in group
    assert row.verb in " ".join(row.page.forms).split()


@pytest.mark.parametrize("row", ROWS)
def test_every_life_change_a_row_makes_is_told_and_counted(row: Row) -> None:
    """A row that changes life says how (its cause's words in the reply, a fall to it under
    Minions & Masters) and whether the story counts it as a hit; whatever life change its
    examples make is told by some row."""
    if row.life is not None:
        assert row.life.cause in typing.get_args(LifeCause)
        assert CAUSE_WORDS[row.life.cause] == row.life.by
        assert (row.life.cause in HIT_CAUSES) == row.life.hit
        if row.life.hit:
            assert row.fall is not None, "a hit can make a player fall: say how"
    if row.fall is not None:
        assert FALL_WORDS[how_of(row.kind)] == row.fall
        assert "{by}" in row.fall.by and "{by}" not in row.fall.alone
    for _intent, events in examples_of(row):
        for event in events:
            if isinstance(event, LifeChanged):
                assert event.cause in CAUSE_WORDS


def test_every_cause_of_a_life_change_is_one_rows_own() -> None:
    causes = [row.life.cause for row in TABLE if row.life is not None]
    assert sorted(causes) == sorted(set(causes)) == sorted(typing.get_args(LifeCause))


@pytest.mark.parametrize("row", ROWS)
def test_every_row_is_offered_by_tab_with_the_words_it_needs(row: Row) -> None:
    totem = new_game(parse_setup("game totem players: Ann, Bob, Cid"))
    plain = new_game(parse_setup("game free-for-all players: Ann, Bob, Cid"))
    assert row.verb in completions("Ann: ", plain)
    assert (row.verb in completions("Ann: ", totem)) == row.totem
    assert row.verb in KEYWORDS
    assert (row.verb in EXPECTED_START.replace(",", " ").split()) == row.totem
    for word in row.tab.words:  # a slot, a keyword, or one of the phrase's own fixed words
        assert word in SLOTS or word in LANGUAGE_WORDS or word in " ".join(row.page.forms), word
    assert set(row.tab.clauses) <= CLAUSES
    first = row.tab.words[:1]
    offered = completions(f"Ann: {row.verb} ", totem if row.totem else plain)
    if first in (("P",), ("P/each",)):
        assert "Bob" in offered
    elif first in (("T",), ("T/P",)):
        assert "left" in offered and "Bob-Cid" in offered
    elif row.verb == "each":  # `each player`, `each opponent`: the language's own words
        assert offered == ["player", "opponent"]
    elif row.verb == "get":  # `get N KIND` or `get the city's blessing`
        assert offered == ["the"]
    else:  # the phrase's first fixed word, if it has one (`become the monarch`)
        assert offered == [word for word in row.tab.words[:1] if word not in SLOTS]


# In Grand Melee, Ann's spells reach her neighbours, she attacks Bob, and turn markers are at
# Ann and Eve; anyone else reaches everyone still in.
MELEE = "game grand-melee players: Ann, Bob, Cid, Dan, Eve, Fay, Gus, Hal"
OFFERED_TO_ANN = {"target": ["Ann", "Bob", "Hal"], "attack": ["Bob"], "turn": ["Ann", "Eve"]}
EVERYONE = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.mark.parametrize("row", ROWS)
def test_every_row_says_whom_autocomplete_offers(row: Row) -> None:
    assert row.reach in typing.get_args(Reach)
    state = new_game(parse_setup(MELEE))
    offered = [choice.name for choice in player_choices(state, row.kind, "Ann")]
    assert offered == OFFERED_TO_ANN.get(row.reach, EVERYONE)


def test_the_slash_commands_are_the_rows_own_and_the_bots_help_lists_them() -> None:
    commands = {command.name for command in ActionsCog.__cog_app_commands__}
    slashes = [row.slash for row in TABLE if row.slash is not None]
    assert set(slashes) == commands - {"do"}
    listed = " ".join(commands_text()).replace(",", " ").replace(".", " ").split()
    assert {word[1:] for word in listed if word.startswith("/")} >= set(slashes)
