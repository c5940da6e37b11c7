"""Minions & Masters in the bot's setup: `/totem new`'s house-rule options and the lobby's
format menu take them only where the format plays them, and only together with `minions`."""

from __future__ import annotations

import pytest

from totembot.bot.magic.actions import ActionsCog
from totembot.bot.magic.lobby.lobby import build_config, check_setup, lobby_text, with_format
from totembot.bot.magic.table import TableCog
from totembot.games.magic.formats import FORMATS
from totembot.games.magic.rules import RuleViolation
from totembot.store import Lobby, LobbyOptions, Seat

MINIONS = ("minions", "poison-minions", "madness-minions")
ANN, BOB = Seat("Ann", user_id="1"), Seat("Bob", user_id="2")


def lobby(*seats: Seat, **options: object) -> Lobby:
    return Lobby(
        channel_id="c", host="1", options=LobbyOptions(**options), seats=seats, created_at="now"
    )


def test_new_offers_each_house_rule_as_a_boolean_option_with_help() -> None:
    options = {parameter.name: parameter for parameter in TableCog.new.parameters}
    for name in ("half_life_consent", "player_poison", "sorcery_concede", *MINIONS):
        option = options[name.replace("-", "_")]
        assert not option.required
        assert option.description.startswith("House rule")
        assert len(option.description) <= 100


def test_eliminate_takes_an_optional_by_with_autocomplete() -> None:
    options = {parameter.name: parameter for parameter in ActionsCog.eliminate.parameters}
    assert options["player"].required and not options["by"].required
    assert options["by"].autocomplete
    assert "madness-minions" in options["by"].description


@pytest.mark.parametrize("name", list(FORMATS))
@pytest.mark.parametrize("commander", [False, True])
def test_every_format_opens_with_no_house_rule_or_with_each_it_plays(
    name: str, commander: bool
) -> None:
    check_setup(LobbyOptions(format=name, commander=commander))
    for rule in FORMATS[name].house_rules:
        rules = ("minions", rule) if rule in MINIONS[1:] else (rule,)
        check_setup(LobbyOptions(format=name, commander=commander, house_rules=rules))


@pytest.mark.parametrize("name", ["free-for-all", "grand-melee"])
def test_the_minions_variants_are_refused_without_minions(name: str) -> None:
    for rule in MINIONS[1:]:
        with pytest.raises(RuleViolation) as refused:
            check_setup(LobbyOptions(format=name, house_rules=(rule,)))
        assert rule in str(refused.value) and "minions" in str(refused.value)
    check_setup(LobbyOptions(format=name, house_rules=MINIONS))


@pytest.mark.parametrize("name", ["totem", "two-headed-giant", "emperor", "teams"])
def test_a_format_without_minions_refuses_them_in_one_sentence(name: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        check_setup(LobbyOptions(format=name, house_rules=("minions",)))
    sentence = str(refused.value)
    assert sentence.startswith(f"The house rule minions is not played in {FORMATS[name].title}")
    assert sentence.count(".") == 1 and sentence.endswith(".")


def test_a_minions_lobby_switches_to_grand_melee_but_not_to_a_team_format() -> None:
    gathering = lobby(ANN, BOB, format="free-for-all", house_rules=MINIONS)
    assert "minions, poison-minions, madness-minions" in lobby_text(gathering)
    melee = with_format(gathering, "grand-melee")
    assert melee.options.house_rules == MINIONS
    for name in ("two-headed-giant", "totem"):
        with pytest.raises(RuleViolation, match="^The house rule minions is not played in"):
            with_format(melee, name)
    config = build_config(with_format(melee, "free-for-all").options, [ANN, BOB])
    assert (config.format, config.house_rules) == ("free-for-all", MINIONS)
