"""TABLE.md, "Commander tax" (and its "Details" on commander keys), played as scripts; every
figure worked out by hand: the tax on the next cast is 2 more per earlier cast."""

from __future__ import annotations

from tests.formats.tables import accepted, player, refused
from tests.rules.test_table_designations import events_of
from totembot.games.magic.render.text import describe_events

CMD = "game free-for-all players: Ann, Bob, Cid commander"
TOTEM_CMD = "game totem players: Ann, Bob, Cid commander"
FFA = "game free-for-all players: Ann, Bob, Cid"


def casts(state: dict[str, object], name: str) -> object:
    return player(state, name)["commander_casts"]  # type: ignore[arg-type]


def test_each_commander_key_counts_its_casts() -> None:
    state = accepted(
        CMD,
        "Ann: cast commander",
        "Ann: cast commander Tymna",
        "Ann: cast commander Tymna",
        "Bob: cast commander",
    )
    assert casts(state, "Ann") == {"Ann": 1, "Ann:Tymna": 2}
    assert casts(state, "Bob") == {"Bob": 1}
    assert casts(state, "Cid") == {}


def test_the_reply_says_the_tax_paid_and_the_next_one() -> None:
    # third cast: two earlier casts, tax 4; the next costs 6 more
    said = describe_events(events_of(CMD, *["Ann: cast commander"] * 3))
    assert "3rd cast, tax 4" in said and "next cast costs 6 more" in said


def test_a_key_is_spelled_as_first_written() -> None:
    state = accepted(CMD, "Ann: attack Bob for 2 with commander Tymna", "Ann: cast commander TYMNA")
    assert casts(state, "Ann") == {"Ann:Tymna": 1}
    state = accepted(CMD, "Ann: cast commander Kraum", "Ann: cast commander kraum")
    assert casts(state, "Ann") == {"Ann:Kraum": 2}


def test_refused_without_commander_and_in_a_host_line() -> None:
    assert "not a commander game" in refused(FFA, "Ann: cast commander")
    assert "Only a player" in refused(CMD, "cast commander")
    assert "out of the game" in refused(CMD, "Ann: concede", "Ann: cast commander")


def test_totem_counts_casts_too() -> None:
    assert casts(accepted(TOTEM_CMD, "Cid: cast commander"), "Cid") == {"Cid": 1}


def test_a_key_back_at_zero_by_undo_leaves_commander_casts() -> None:
    state = accepted(CMD, "Ann: cast commander", "Ann: cast commander Tymna", "undo")
    assert casts(state, "Ann") == {"Ann": 1}
    state = accepted(CMD, "Bob: get 1 rad", "Ann: cast commander", "undo")
    assert casts(state, "Ann") == {}


def test_casts_stay_on_a_player_who_left() -> None:
    assert casts(accepted(CMD, "Ann: cast commander", "Ann: concede"), "Ann") == {"Ann": 1}
