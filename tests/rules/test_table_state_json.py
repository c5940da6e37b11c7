"""TABLE.md, "The state as JSON" and "Details": the fields every Magic format adds, and the
bare forms a host line refuses. Every Magic game has the fields, from its first state on,
whether or not it ever uses one of TABLE.md's lines."""

from __future__ import annotations

import pytest

from tests.formats.tables import accepted, play, refused
from totembot.games.magic.language.phrases import parse_setup
from totembot.games.magic.rules import new_game
from totembot.games.magic.ruleset import MAGIC

SETUPS = [
    "game totem players: Ann, Bob, Cid",
    "game free-for-all players: Ann, Bob",
    "game grand-melee players: Ann, Bob, Cid, Dan",
    "game 2hg teams: Ann+Bob, Cid+Dan",
    "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay",
    "game teams teams: Ann+Bob, Cid+Dan",
]
TABLE_KEYS = {"counters", "city_blessing", "ring"}


@pytest.mark.parametrize("setup", SETUPS)
def test_every_format_adds_the_fields_to_every_player_and_the_top(setup: str) -> None:
    state = accepted(setup, "it becomes night")
    assert (state["monarch"], state["initiative"], state["day_night"]) == (None, None, "night")
    for entry in state["players"]:
        assert {key: entry[key] for key in TABLE_KEYS} == {
            "counters": {},
            "city_blessing": False,
            "ring": 0,
        }
        assert "commander_casts" not in entry


@pytest.mark.parametrize("setup", SETUPS)
def test_a_commander_game_adds_commander_casts(setup: str) -> None:
    state = accepted(f"{setup} commander", "Ann: cast commander")
    assert [entry["commander_casts"] for entry in state["players"]][:2] == [{"Ann": 1}, {}]


@pytest.mark.parametrize("setup", SETUPS)
def test_a_new_game_has_the_fields_empty(setup: str) -> None:
    state = play(setup)
    assert (state["monarch"], state["initiative"], state["day_night"]) == (None, None, None)
    for entry in state["players"]:
        assert {key: entry[key] for key in TABLE_KEYS} == {
            "counters": {},
            "city_blessing": False,
            "ring": 0,
        }
        assert "commander_casts" not in entry


@pytest.mark.parametrize("setup", SETUPS)
def test_a_new_commander_game_has_no_commander_casts_yet(setup: str) -> None:
    state = play(f"{setup} commander")
    assert [entry["commander_casts"] for entry in state["players"]] == [{}] * len(state["players"])


@pytest.mark.parametrize("setup", SETUPS)
def test_undoing_every_table_line_prints_the_new_games_state_again(setup: str) -> None:
    before = play(setup)
    after = accepted(setup, "Ann: get 2 energy", "it becomes day", "undo", "undo")
    assert after == before


def test_a_game_stored_before_loads_with_no_counters_and_no_designations() -> None:
    fresh = new_game(parse_setup("game free-for-all players: Ann, Bob commander"))
    stored = MAGIC.dump(fresh)
    assert "counters" not in stored and "monarch" not in stored and "table_lines" not in stored
    loaded = MAGIC.load_state(stored)
    assert loaded == fresh
    assert (loaded.monarch, loaded.initiative, loaded.day_night) == (None, None, None)
    assert all(p.counters == {} and p.ring == 0 and not p.city_blessing for p in loaded.players)


def test_a_state_with_all_of_it_is_stored_and_read_back_the_same() -> None:
    state = accepted(
        "game free-for-all players: Ann, Bob commander",
        "Ann: get 2 energy",
        "Bob: become the monarch",
        "Ann: take the initiative",
        "it becomes day",
        "Ann: get the city's blessing",
        "Bob: the ring tempts you",
        "Ann: cast commander Tymna",
    )
    assert state["monarch"] == "Bob" and state["initiative"] == "Ann"
    assert state["players"][0]["counters"] == {"energy": 2}
    assert state["players"][0]["commander_casts"] == {"Ann:Tymna": 1}
    assert state["players"][1]["ring"] == 1


@pytest.mark.parametrize(
    "line",
    [
        "get 2 energy",
        "pay 2 energy",
        "become the monarch",
        "take the initiative",
        "get the city's blessing",
        "the ring tempts you",
        "cast commander",
        "cast commander Tymna",
    ],
)
def test_a_bare_form_in_a_host_line_is_refused(line: str) -> None:
    refused("game free-for-all players: Ann, Bob commander", line)
