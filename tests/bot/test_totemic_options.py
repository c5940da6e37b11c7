"""`/totemic new` and `/totemic solo` options read into a Totemic setup, refused in one sentence,
and the commands' help within Discord's limits."""

from __future__ import annotations

import pytest
from discord import app_commands

from totembot.bot.totemic.cog import TotemicCog, revealed_text, started_text
from totembot.bot.totemic.setup import (
    animal_names,
    levels_of,
    match_config,
    numbers,
    parse_rivals,
    solo_config,
    stand_ins,
)
from totembot.core.errors import RuleViolation
from totembot.games.totemic.rules.events import ChallengeResolved, Revealed
from totembot.games.totemic.rules.game import new_game
from totembot.games.totemic.rules.state import DEFAULT_LEVELS, Rival


@pytest.mark.parametrize(
    ("text", "expected"),
    [("26, 30", (26, 30)), ("26 30", (26, 30)), (" 5,10 , 15 ", (5, 10, 15)), ("-3", (-3,))],
)
def test_numbers_are_split_by_commas_or_spaces(text: str, expected: tuple[int, ...]) -> None:
    assert numbers(text, "power", "26, 30") == expected


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("26, thirty", "Give power as whole numbers split by commas, like '26, 30', not 'thirty'."),
        (" , ", "Give power as whole numbers split by commas, like '26, 30'."),
        ("1.5", "Give power as whole numbers split by commas, like '26, 30', not '1.5'."),
    ],
)
def test_a_number_list_that_cannot_be_read_is_refused(text: str, sentence: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        numbers(text, "power", "26, 30")
    assert str(refused.value) == sentence


def test_levels_default_to_the_rulebook_totem() -> None:
    assert levels_of(None) == DEFAULT_LEVELS
    assert levels_of("1, 2, 3") == (1, 2, 3)


def test_rivals_are_names_with_powers_from_the_bottom_up() -> None:
    assert parse_rivals("Badger 28, Bat 20,Wolf 25") == (
        Rival(name="Badger", power=28),
        Rival(name="Bat", power=20),
        Rival(name="Wolf", power=25),
    )


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Badger", "Give each rival as a name and its starting power"),
        ("Badger 28,", "Give each rival as a name and its starting power"),
        ("Big Badger 28", "Give each rival as a name and its starting power"),
        ("draw 28", "'draw' cannot be a name: it is a word of the phrase language."),
    ],
)
def test_a_rival_that_cannot_be_read_is_refused(text: str, start: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        parse_rivals(text)
    assert str(refused.value).startswith(start)


def test_animal_names_are_one_word_unique_and_apart_from_the_rivals() -> None:
    assert animal_names(["Ada Admin", "Bob"]) == ["Ada_Admin", "Bob"]
    assert animal_names(["Bob", "bob"]) == ["Bob", "bob2"]
    assert animal_names(["Badger"], reserved=["Badger"]) == ["Badger2"]
    assert animal_names(["Draw", "!!"]) == ["Player1", "Player2"]
    assert stand_ins(2) == ["Player1", "Player2"]
    assert stand_ins(1, reserved=["Player1"]) == ["Player12"]


def test_the_rules_judge_the_setup_with_their_own_sentences() -> None:
    config = match_config(["Ann", "Bob"], (26, 30), DEFAULT_LEVELS, 3)
    assert config.format == "totemic" and config.match == 3
    assert new_game(config).turn.active == "Ann"
    cases = [
        (lambda: match_config(["Ann"], (26,), DEFAULT_LEVELS, 1), "exactly two players"),
        (lambda: match_config(["Ann", "Bob"], (26,), DEFAULT_LEVELS, 1), "one starting power"),
        (lambda: match_config(["Ann", "Bob"], (0, 3), DEFAULT_LEVELS, 1), "from 1 to 1,000"),
        (lambda: match_config(["Ann", "Bob"], (1, 3), (5, 4), 1), "levels must rise"),
        (lambda: solo_config("Ann", 26, (), DEFAULT_LEVELS), "at least one rival"),
        (
            lambda: solo_config("Ann", 26, (Rival(name="ann", power=3),), DEFAULT_LEVELS),
            "a different name",
        ),
    ]
    for make, words in cases:
        with pytest.raises(RuleViolation, match=words):
            make()


def test_the_started_text_names_both_animals_the_match_and_the_first_turn() -> None:
    match = new_game(match_config(["Ann", "Bo_b"], (26, 30), DEFAULT_LEVELS, 3))
    assert started_text(match) == (
        "**Totemic has started**: Ann (26 power) against Bo\\_b (30 power, dominance), best of 3; "
        "totem 5 to 30. Turn 1: Ann. The status is pinned."
    )
    ladder = (Rival(name="Badger", power=28), Rival(name="Bat", power=20))
    solo = new_game(solo_config("Ann", 30, ladder, (1, 2)))
    assert started_text(solo) == (
        "**Totemic solo has started**: Ann (30 power, dominance) against Badger (28 power), "
        "then Bat; totem 1 to 2. Turn 1: Badger. The status is pinned."
    )


def test_the_revealer_is_told_their_number_and_whom_the_table_still_waits_for() -> None:
    state = new_game(match_config(["Ann", "Bob"], (26, 30), DEFAULT_LEVELS, 1))
    first = [Revealed(player="Ann", strength=7)]
    assert revealed_text(state, first, 7, "Ann") == (
        "You revealed 7: it stays secret until Bob reveals."
    )
    assert revealed_text(state, first, 7, None) == (
        "You revealed 7 for Ann: it stays secret until Bob reveals."
    )
    resolved = [
        Revealed(player="Bob", strength=5),
        ChallengeResolved(
            winner="Ann", loser="Bob", winner_strength=7, loser_strength=5, level=5, tie=False
        ),
    ]
    assert revealed_text(state, resolved, 5, "bob") == (
        "You revealed 5: both strengths are in, and the table sees the result."
    )


def test_every_totemic_command_and_option_has_help_within_discords_limit() -> None:
    assert TotemicCog.__cog_group_name__ == "totemic"
    assert 0 < len(TotemicCog.__cog_group_description__) <= 100
    commands = {command.name: command for command in TotemicCog.__cog_app_commands__}
    assert sorted(commands) == ["new", "reveal", "solo"]
    for command in commands.values():
        assert isinstance(command, app_commands.Command)
        assert 0 < len(command.description) <= 100, command.name
        for parameter in command.parameters:
            assert 0 < len(parameter.description) <= 100, (command.name, parameter.name)
    options = {p.name: p for p in TotemicCog.new.parameters}
    assert [choice.value for choice in options["match"].choices] == [1, 3, 5, 7, 9]
    assert options["players"].required and options["power"].required
    assert not options["levels"].required and not options["match"].required
    reveal = {p.name: p for p in TotemicCog.reveal.parameters}
    assert (reveal["strength"].min_value, reveal["strength"].max_value) == (0, 1000)
    assert not reveal["player"].required
