"""TABLE.md, "Player counters", played as scripts; every figure worked out by hand from the
contract (and FORMATS.md's "each" and range of influence, which it points to).

Seats are Ann, Bob, Cid (and more where a table needs them); turn 1 is Ann's.
"""

from __future__ import annotations

from tests.formats.tables import accepted, player, refused

FFA = "game free-for-all players: Ann, Bob, Cid"
TOTEM = "game totem players: Ann, Bob, Cid"
GIANT = "game 2hg teams: Ann+Bob, Cid+Dan"
EMPEROR = "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay"
MELEE = "game grand-melee players: Ann, Bob, Cid, Dan, Eve"


def counters(state: dict[str, object], name: str) -> object:
    return player(state, name)["counters"]  # type: ignore[arg-type]


# --- get, lose, pay ---------------------------------------------------------------------------


def test_known_kinds_need_no_counter_word_and_may_take_one() -> None:
    state = accepted(
        FFA, "Ann: get 3 energy", "Ann: get 1 energy counter", "Bob: get 2 experience counters"
    )
    assert counters(state, "Ann") == {"energy": 4}
    assert counters(state, "Bob") == {"experience": 2}
    assert counters(state, "Cid") == {}


def test_any_player_records_counters_on_another_and_a_third_person_line_names_them() -> None:
    state = accepted(FFA, "Bob: Cid gets 2 rad", "Cid loses 1 rad", "Ann: Bob gets 5 energy")
    assert counters(state, "Cid") == {"rad": 1}  # 2 - 1, the second line the host's
    assert counters(state, "Bob") == {"energy": 5}


def test_a_kind_of_ones_own_is_written_with_counters_and_kept_in_lower_case() -> None:
    state = accepted(FFA, "Ann: get 2 Ticket counters", "Ann: get 1 ticket counter")
    assert counters(state, "Ann") == {"ticket": 3}
    state = accepted(FFA, "Ann: get 2 time-travel counters")
    assert counters(state, "Ann") == {"time-travel": 2}


def test_a_kind_of_ones_own_without_counters_is_refused_so_a_typo_makes_no_kind() -> None:
    assert "'enrgy counters'" in refused(FFA, "Ann: get 2 enrgy")


def test_removing_more_than_a_player_has_is_refused_saying_how_many_they_have() -> None:
    assert refused(FFA, "Bob gets 1 rad", "Bob loses 2 rad") == "Bob has 1 rad counter."
    assert refused(FFA, "Ann: lose 1 energy") == "Ann has 0 energy counters."


def test_a_kind_that_reaches_zero_disappears() -> None:
    state = accepted(FFA, "Bob gets 2 rad", "Bob gets 1 energy", "Bob loses 2 rad")
    assert counters(state, "Bob") == {"energy": 1}


def test_pay_removes_the_speakers_own_counters() -> None:
    state = accepted(FFA, "Ann: get 3 energy", "Ann: pay 2 energy")
    assert counters(state, "Ann") == {"energy": 1}
    assert refused(FFA, "Ann: get 3 energy", "Ann: pay 4 energy") == "Ann has 3 energy counters."


def test_a_host_line_must_name_the_player() -> None:
    assert "name the player" in refused(FFA, "get 2 energy")
    assert "Only a player" in refused(FFA, "Ann: get 3 energy", "pay 2 energy")


def test_amounts_are_one_to_a_million_and_so_is_a_total() -> None:
    refused(FFA, "Ann: get 0 energy")
    refused(FFA, "Ann: get 1000001 energy")
    state = accepted(FFA, "Ann: get 1000000 energy")
    assert counters(state, "Ann") == {"energy": 1_000_000}
    assert "at most 1,000,000" in refused(FFA, "Ann: get 1000000 energy", "Ann: get 1 energy")


def test_poison_keeps_its_own_rules() -> None:
    assert "poison 2 to Bob" in refused(FFA, "Ann: get 2 poison counters")
    assert "poison 2 to Bob" in refused(FFA, "Ann: Bob gets 2 poison counters")


def test_a_kind_is_no_keyword_and_no_players_name() -> None:
    refused(FFA, "Ann: get 2 via counters")
    assert "player's name" in refused(FFA, "Ann: get 2 bob counters")


def test_counters_go_on_players_in_the_team_formats_and_in_totem() -> None:
    state = accepted(GIANT, "Ann: Bob gets 2 energy")
    assert counters(state, "Bob") == {"energy": 2}
    assert counters(state, "Ann") == {}
    state = accepted(TOTEM, "Ann: Cid gets 1 rad")
    assert counters(state, "Cid") == {"rad": 1}


# --- each -------------------------------------------------------------------------------------


def test_each_player_and_each_opponent() -> None:
    state = accepted(FFA, "Ann: each player gets 1 rad", "Ann: each opponent gets 2 energy")
    assert counters(state, "Ann") == {"rad": 1}
    assert counters(state, "Bob") == counters(state, "Cid") == {"rad": 1, "energy": 2}


def test_each_is_accepted_in_totem() -> None:
    state = accepted(TOTEM, "Bob: each opponent gets 2 energy")
    assert [counters(state, name) for name in ("Ann", "Bob", "Cid")] == [
        {"energy": 2},
        {},
        {"energy": 2},
    ]


def test_each_opponent_leaves_out_teammates() -> None:
    state = accepted(GIANT, "Ann: each opponent gets 1 rad")
    assert [counters(state, name) for name in ("Ann", "Bob", "Cid", "Dan")] == [
        {},
        {},
        {"rad": 1},
        {"rad": 1},
    ]


def test_a_host_line_may_say_each_player_but_not_each_opponent() -> None:
    state = accepted(FFA, "each player gets 1 experience")
    assert all(entry["counters"] == {"experience": 1} for entry in state["players"])
    assert "opponent of whom" in refused(FFA, "each opponent gets 1 rad")


def test_an_each_line_past_a_million_for_anyone_is_refused_whole() -> None:
    refused(FFA, "Bob gets 1000000 rad", "Ann: each player gets 1 rad")


def test_each_skips_no_one_for_a_lock() -> None:
    state = accepted(FFA, "Bob: lock", "Ann: each player gets 1 rad")
    assert counters(state, "Bob") == {"rad": 1}


# --- range of influence and players who left ----------------------------------------------------


def test_range_limits_counters_as_it_limits_deal() -> None:
    # Grand Melee, range 1: Ann reaches Bob and Eve (her neighbours), not Cid or Dan.
    assert refused(MELEE, "Ann: Cid gets 1 rad") == "Cid is 2 seats from Ann; a player reaches 1."
    state = accepted(MELEE, "Ann: each player gets 1 rad", "Cid gets 2 energy")
    assert [counters(state, name) for name in ("Ann", "Bob", "Cid", "Dan", "Eve")] == [
        {"rad": 1},
        {"rad": 1},
        {"energy": 2},  # the host's line: no range
        {},
        {"rad": 1},
    ]


def test_an_emperor_reaches_two_seats_a_general_one() -> None:
    # Seats Ann, Bob (emperor), Cid, Dan, Eve (emperor), Fay; Ann's turn. Bob reaches Dan
    # (two seats away), Ann (a general) only Bob and Fay.
    state = accepted(EMPEROR, "Bob: Dan gets 1 rad")
    assert counters(state, "Dan") == {"rad": 1}
    assert (
        refused(EMPEROR, "Ann: Cid gets 1 rad") == "Cid is 2 seats from Ann; a general reaches 1."
    )


def test_counters_stay_on_a_player_who_left_and_no_longer_change() -> None:
    state = accepted(FFA, "Bob gets 2 rad", "Bob: concede", "Ann: each player gets 1 rad")
    assert counters(state, "Bob") == {"rad": 2}
    assert counters(state, "Cid") == {"rad": 1}
    assert "out of the game" in refused(FFA, "Bob gets 2 rad", "Bob: concede", "Bob loses 1 rad")
