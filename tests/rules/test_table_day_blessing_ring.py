"""TABLE.md, "Day and night, the city's blessing, the Ring" (and its "Details" on who records
them), played as scripts; every figure worked out by hand from the contract."""

from __future__ import annotations

from tests.formats.tables import accepted, player, refused
from tests.rules.test_table_designations import events_of
from totembot.games.magic.render.text import describe_events
from totembot.games.magic.rules.events import Reminded, RingTempted

FFA = "game free-for-all players: Ann, Bob, Cid"
TOTEM = "game totem players: Ann, Bob, Cid"
MELEE = "game grand-melee players: Ann, Bob, Cid, Dan, Eve"


# --- day and night -----------------------------------------------------------------------------


def test_none_until_a_line_says_so_then_day_and_night() -> None:
    assert accepted(FFA, "Ann: get 1 rad")["day_night"] is None
    assert accepted(FFA, "it becomes day")["day_night"] == "day"
    assert accepted(FFA, "Bob: it becomes night")["day_night"] == "night"
    assert accepted(TOTEM, "it becomes day", "Cid: it becomes night")["day_night"] == "night"


def test_saying_what_it_already_is_is_refused() -> None:
    assert refused(FFA, "it becomes day", "Ann: it becomes day") == "It is already day."


def test_a_player_who_left_cannot_record_it() -> None:
    assert "out of the game" in refused(FFA, "Bob: concede", "Bob: it becomes night")


def test_next_reminds_the_table_that_day_and_night_may_change() -> None:
    for time, said in (("day", "cast no spells, it becomes night"), ("night", "two or more")):
        events = events_of(FFA, f"it becomes {time}", "next")
        [reminded] = [event for event in events if isinstance(event, Reminded)]
        assert reminded.player is None and said in reminded.reminders[0]


# --- the city's blessing ----------------------------------------------------------------------


def test_the_citys_blessing_is_kept_for_the_rest_of_the_game() -> None:
    state = accepted(FFA, "Ann: get the city's blessing", "Bob gets the city’s blessing")
    assert [player(state, name)["city_blessing"] for name in ("Ann", "Bob", "Cid")] == [
        True,
        True,
        False,
    ]
    state = accepted(FFA, "Ann: get the city's blessing", "Ann: concede")
    assert player(state, "Ann")["city_blessing"] is True


def test_getting_it_twice_is_refused() -> None:
    assert refused(FFA, "Ann: get the city's blessing", "Cid: Ann gets the city's blessing") == (
        "Ann already has the city's blessing."
    )


def test_it_is_recorded_as_the_monarch_is() -> None:
    assert "name the player" in refused(FFA, "get the city's blessing")
    # no range: Ann (range 1) gives it to Cid, two seats away
    assert player(accepted(MELEE, "Ann: Cid gets the city's blessing"), "Cid")["city_blessing"]
    assert "out of the game" in refused(FFA, "Bob: concede", "Bob gets the city's blessing")


# --- the Ring ------------------------------------------------------------------------------------


def test_the_ring_counts_how_often_it_tempted_each_player() -> None:
    state = accepted(
        FFA, "Ann: the ring tempts you", "Ann: the ring tempts you", "Bob: the ring tempts Cid"
    )
    assert [player(state, name)["ring"] for name in ("Ann", "Bob", "Cid")] == [2, 0, 1]
    assert player(accepted(FFA, "ring tempts Bob"), "Bob")["ring"] == 1  # `the` may go


def test_the_ring_has_no_upper_limit_and_names_the_first_four_abilities() -> None:
    lines = ["Ann: the ring tempts you"] * 6
    state = accepted(FFA, *lines)
    assert player(state, "Ann")["ring"] == 6
    [tempted] = events_of(FFA, *lines[:4])
    assert tempted == RingTempted(player="Ann", times=4)
    assert "each opponent loses 3 life" in describe_events([tempted])
    assert "all four abilities" in describe_events(events_of(FFA, *lines))


def test_the_ring_is_recorded_as_the_monarch_is() -> None:
    assert "name the player" in refused(FFA, "the ring tempts you")
    assert player(accepted(MELEE, "Ann: the ring tempts Cid"), "Cid")["ring"] == 1
    state = accepted(FFA, "Ann: the ring tempts you", "Ann: concede")
    assert player(state, "Ann")["ring"] == 1
