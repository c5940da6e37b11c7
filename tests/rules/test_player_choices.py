"""Autocomplete offers only the players a request may legally reach, with their life."""

from __future__ import annotations

import pytest

from totembot.games.magic.formats import format_named
from totembot.games.magic.language.options import player_choices, totem_choices
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Game, GameState
from totembot.games.magic.rules.game import new_game


def played(setup: str, *lines: str) -> GameState:
    config = parse_setup(setup)
    game = Game(new_game(config))
    language = format_named(config.format).language
    for line in lines:
        parsed = parse_line(line, language)
        assert parsed is not None
        game.record(parsed.request(host=True))
    return game.state


FFA = "game ffa players: Ann, Bob, Cid, Dan"
GIANT = "game 2hg teams: Ann+Bob, Cid+Dan"


def labels(state: GameState, kind: str, speaker: str | None) -> list[str]:
    return [choice.label for choice in player_choices(state, kind, speaker)]


def test_a_free_for_all_attack_offers_every_other_player_still_in_with_their_life() -> None:
    state = played(FFA, "Ann: deal 3 to Bob", "Dan: concede")
    assert labels(state, "attack", "Ann") == ["Bob: 17 life", "Cid: 20 life"]


def test_a_giant_attack_offers_only_the_other_teams_players_with_the_teams_life() -> None:
    state = played(GIANT, "Ann: deal 5 to Cid")
    assert labels(state, "attack", "Ann") == ["Cid (Cid+Dan): 35 life", "Dan (Cid+Dan): 35 life"]
    assert labels(state, "attack", "Cid") == ["Ann (Ann+Bob): 40 life", "Bob (Ann+Bob): 40 life"]


def test_damage_may_reach_anyone_still_in_including_teammates_and_oneself() -> None:
    state = played(GIANT)
    assert [c.name for c in player_choices(state, "damage", "Ann")] == ["Ann", "Bob", "Cid", "Dan"]


def test_a_locked_life_is_shown_locked() -> None:
    state = played(FFA, "Bob: lock")
    assert "Bob: 20 life, locked" in labels(state, "damage", "Ann")


def test_without_a_speaker_still_in_nobody_can_be_attacked() -> None:
    state = played(FFA, "Ann: concede")
    assert labels(state, "attack", None) == []
    assert labels(state, "attack", "Ann") == []
    assert labels(state, "eliminate", None) == ["Bob: 20 life", "Cid: 20 life", "Dan: 20 life"]


def test_a_finished_game_offers_no_one() -> None:
    state = played(FFA, "Ann: win")
    assert labels(state, "damage", "Ann") == []


@pytest.mark.parametrize("kind", ["damage", "attack", "lock"])
def test_a_format_without_totems_offers_no_totem(kind: str) -> None:
    assert totem_choices(played(FFA), kind, "Ann", "Bob") == []


def test_totem_keeps_offering_its_totems() -> None:
    state = played("game totem players: Ann, Bob, Cid")
    assert [c.label for c in totem_choices(state, "damage", "Ann", "Bob")] == [
        "Bob-Cid (left): 20 life"
    ]
    assert labels(state, "damage", "Ann") == ["Ann", "Bob", "Cid"]
