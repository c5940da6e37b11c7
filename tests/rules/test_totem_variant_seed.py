"""The Totem variant (seeds/totem-variant.txt) as RULES.md settles it, played line by line.

Every expected value below is worked out from the rules by hand, in the comment or the table
next to it. The seats are Ann, Bob, Cid (and Dan): totem i joins seat i and seat i+1, so the
three-player totems are Ann-Bob, Bob-Cid, Cid-Ann and the four-player ones Ann-Bob, Bob-Cid,
Cid-Dan, Dan-Ann. A player's left totem is shared with the next seat, the right one with the
previous seat.
"""

from __future__ import annotations

import pytest

from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.render.state_json import state_json
from totembot.games.magic.rules import AmbiguousTotem, Game, RuleViolation, new_game

P3 = "game totem players: Ann, Bob, Cid"
P4 = "game totem players: Ann, Bob, Cid, Dan"
C4 = "game totem players: Ann, Bob, Cid, Dan commander"
HALF = "game totem players: Ann, Bob, Cid rules: half-life-consent"
POISON = "game totem players: Ann, Bob, Cid rules: player-poison"
SORCERY = "game totem players: Ann, Bob, Cid, Dan rules: sorcery-concede"

ALL_IN3 = {"Ann": "in", "Bob": "in", "Cid": "in"}
ALL_IN4 = {"Ann": "in", "Bob": "in", "Cid": "in", "Dan": "in"}
FULL3 = {"Ann-Bob": 20, "Bob-Cid": 20, "Cid-Ann": 20}
FULL4 = {"Ann-Bob": 20, "Bob-Cid": 20, "Cid-Dan": 20, "Dan-Ann": 20}


# --- helpers ------------------------------------------------------------------------------


def attempt(game: Game, line: str) -> RuleViolation | None:
    """Record one line (no speaker: the host's); a refusal must leave the state as it was."""
    before = game.state
    try:
        parsed = parse_line(line)
        assert parsed is not None, f"{line!r} is not a request"
        game.record(parsed.request(host=True))
    except RuleViolation as error:
        assert game.state == before, f"the refused line {line!r} changed the state"
        message = str(error)
        assert message.strip() and "\n" not in message, "a refusal is one clear sentence"
        return error
    return None


def play(script: str) -> tuple[Game, list[tuple[str, str]]]:
    """Set up from the first line, then record every other line; return the refusals."""
    lines = [line.strip() for line in script.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    game = Game(new_game(parse_setup(lines[0])))
    errors = []
    for line in lines[1:]:
        error = attempt(game, line)
        if error is not None:
            errors.append((line, str(error)))
    return game, errors


def run(setup: str, *lines: str) -> Game:
    """Play a script in which every line must be accepted."""
    game, errors = play("\n".join((setup, *lines)))
    assert errors == []
    return game


def run_more(game: Game, *lines: str) -> None:
    for line in lines:
        error = attempt(game, line)
        assert error is None, f"{line!r} was refused: {error}"


def refuse(game: Game, line: str) -> RuleViolation:
    error = attempt(game, line)
    assert error is not None, f"{line!r} should have been refused"
    return error


def totem_name(game: Game, index: int) -> str:
    state = game.state
    return "-".join(state.players[seat].name for seat in state.pools[index].seats)


def totem(game: Game, name: str):
    for index, pool in enumerate(game.state.pools):
        if totem_name(game, index) == name:
            return pool
    raise KeyError(name)


def lives(game: Game) -> dict[str, int]:
    return {totem_name(game, i): pool.life for i, pool in enumerate(game.state.pools)}


def poisons(game: Game) -> dict[str, int]:
    return {totem_name(game, i): pool.poison for i, pool in enumerate(game.state.pools)}


def totem_statuses(game: Game) -> dict[str, str]:
    return {totem_name(game, i): pool.status for i, pool in enumerate(game.state.pools)}


def statuses(game: Game) -> dict[str, str]:
    return {player.name: player.status for player in game.state.players}


def active_name(game: Game) -> str:
    return game.state.players[game.state.active].name


def with_lives(base: dict[str, int], **changes: int) -> dict[str, int]:
    """`base` with some totems changed; keyword Ann_Bob means totem Ann-Bob."""
    result = dict(base)
    for key, value in changes.items():
        name = key.replace("_", "-")
        assert name in result
        result[name] = value
    return result


# --- the table ------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [3, 4, 5, 6, 7, 8])
def test_players_sit_in_a_ring_with_one_totem_between_each_pair_of_neighbours(count):
    names = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"][:count]
    game = run(f"game totem players: {', '.join(names)}")
    expected = [f"{names[i]}-{names[(i + 1) % count]}" for i in range(count)]
    assert [totem_name(game, i) for i in range(count)] == expected
    assert [pool.seats for pool in game.state.pools] == [(i, (i + 1) % count) for i in range(count)]
    assert all(pool.life == 20 and pool.status == "live" for pool in game.state.pools)
    assert [player.name for player in game.state.players] == names
    assert game.state.turn == 1 and game.state.active == 0
    assert game.state.status == "active" and game.state.winners == ()


@pytest.mark.parametrize(
    "players",
    ["Ann, Bob", "Ann", "Ann, Bob, Cid, Dan, Eve, Fay, Gus, Hal, Ivy"],
)
def test_a_game_needs_three_to_eight_players(players):
    with pytest.raises(RuleViolation):
        new_game(parse_setup(f"game totem players: {players}"))


@pytest.mark.parametrize("players", ["Ann, ann, Bob", "Ann, Bob, Cid, BOB"])
def test_player_names_must_differ_ignoring_case(players):
    with pytest.raises(RuleViolation):
        new_game(parse_setup(f"game totem players: {players}"))


@pytest.mark.parametrize(
    ("setup", "life"),
    [
        (P3, 20),
        ("game totem players: Ann, Bob, Cid, Dan commander", 40),
        ("game totem players: Ann, Bob, Cid life: 30", 30),
        ("game totem players: Ann, Bob, Cid, Dan commander life: 25", 25),
        ("game totem players: Ann, Bob, Cid life: 1", 1),
        ("game totem players: Ann, Bob, Cid life: 1000000", 1_000_000),
    ],
)
def test_every_totem_starts_at_the_formats_life(setup, life):
    game = run(setup)
    assert [pool.life for pool in game.state.pools] == [life] * len(game.state.players)


@pytest.mark.parametrize("life", ["0", "1000001", "-5"])
def test_a_starting_life_outside_1_to_1000000_is_refused(life):
    with pytest.raises(RuleViolation):
        new_game(parse_setup(f"game totem players: Ann, Bob, Cid life: {life}"))


@pytest.mark.parametrize(
    ("line", "changed"),
    [
        ("Bob: lose 1 via left", "Bob-Cid"),
        ("Bob: lose 1 via right", "Ann-Bob"),
        ("Ann: lose 1 via left", "Ann-Bob"),
        ("Ann: lose 1 via right", "Cid-Ann"),
        ("Cid: lose 1 via left", "Cid-Ann"),
        ("Cid: lose 1 via right", "Bob-Cid"),
    ],
)
def test_left_is_shared_with_the_next_player_and_right_with_the_previous(line, changed):
    game = run(P3, line)
    assert lives(game) == {**FULL3, changed: 19}


@pytest.mark.parametrize(
    "line",
    [
        "Bob: lose 2 via Bob-Cid",
        "Bob: lose 2 via Cid-Bob",
        "Bob: lose 2 via the Bob-Cid totem",
        "Bob: lose 2 via the left totem",
        "Bob: lose 2 via left totem",
        "Bob: lose 2 via the Cid-Bob totem",
    ],
)
def test_a_totem_is_named_by_its_two_players_in_either_order_or_by_its_side(line):
    game = run(P3, line)
    assert lives(game) == {**FULL3, "Bob-Cid": 18}


def test_players_who_are_not_neighbours_share_no_totem():
    game = run(P4)
    refuse(game, "Ann: lose 1 via Ann-Cid")
    refuse(game, "Bob: lose 1 via Bob-Dan")
    assert lives(game) == FULL4


@pytest.mark.parametrize(
    "line",
    [
        "Ann: lose 1 via Bob-Cid",
        "Ann: gain 1 via Bob-Cid",
        "Ann: pay 1 via Bob-Cid",
        "Ann: lock Bob-Cid",
        "Bob: deal 1 to Ann via Bob-Cid",
    ],
)
def test_a_player_can_only_use_one_of_their_own_two_totems(line):
    game = run(P3)
    refuse(game, line)
    assert lives(game) == FULL3


# --- what kills a totem ---------------------------------------------------------------------


def test_a_totem_at_zero_life_takes_both_its_players_out():
    # Bob's only legal totem against Ann's source is Bob-Cid: 20 - 20 = 0, so Bob and Cid lose
    # and Ann, the last player in, wins.
    game = run(P3, "Ann: deal 20 to Bob")
    assert lives(game) == {**FULL3, "Bob-Cid": 0}
    assert totem_statuses(game) == {"Ann-Bob": "live", "Bob-Cid": "dead", "Cid-Ann": "live"}
    assert statuses(game) == {"Ann": "won", "Bob": "lost", "Cid": "lost"}
    assert game.state.status == "finished"
    assert game.state.winners == ("Ann",)


def test_a_totem_at_one_life_is_still_alive():
    game = run(P3, "Ann: deal 19 to Bob")
    assert lives(game) == {**FULL3, "Bob-Cid": 1}
    assert totem(game, "Bob-Cid").status == "live"
    assert statuses(game) == ALL_IN3
    assert game.state.status == "active"


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (("Ann: deal 25 to Bob",), {**FULL3, "Bob-Cid": -5}),
        (("Ann: deal 1000000 to Bob",), {**FULL3, "Bob-Cid": -999_980}),
        (("Ann: set Bob life to -7",), {**FULL3, "Bob-Cid": -7}),
        (("Ann: gain 15 via left",), {**FULL3, "Ann-Bob": 35}),
        (("Ann: gain 1000000 via left",), {**FULL3, "Ann-Bob": 1_000_020}),
    ],
)
def test_life_is_never_clamped(lines, expected):
    game = run(P3, *lines)
    assert lives(game) == expected


def test_a_totem_with_ten_poison_counters_takes_both_its_players_out():
    # Against Ann's source, Bob's poison goes on Bob-Cid.
    game = run(P3, "Ann: poison 9 to Bob")
    assert poisons(game) == {"Ann-Bob": 0, "Bob-Cid": 9, "Cid-Ann": 0}
    assert statuses(game) == ALL_IN3
    run_more(game, "Ann: poison 1 to Bob")
    assert poisons(game) == {"Ann-Bob": 0, "Bob-Cid": 10, "Cid-Ann": 0}
    assert lives(game) == FULL3
    assert totem(game, "Bob-Cid").status == "dead"
    assert statuses(game) == {"Ann": "won", "Bob": "lost", "Cid": "lost"}
    assert game.state.winners == ("Ann",)


def test_commander_damage_kills_at_21_from_one_commander_but_not_at_20():
    game = run(C4, "Cid: attack Ann-Bob for 20 with commander")
    ann_bob = totem(game, "Ann-Bob")
    assert ann_bob.life == 20 and ann_bob.commander_damage == {"Cid": 20}
    assert ann_bob.status == "live" and statuses(game) == ALL_IN4
    run_more(game, "Cid: attack Ann-Bob for 1 with commander")
    ann_bob = totem(game, "Ann-Bob")
    assert ann_bob.life == 19 and ann_bob.commander_damage == {"Cid": 21}
    assert ann_bob.status == "dead"
    assert statuses(game) == {"Ann": "lost", "Bob": "lost", "Cid": "in", "Dan": "in"}
    assert game.state.status == "active"


def test_commander_damage_from_different_commanders_is_tallied_apart():
    # 20 + 19 = 39 combat damage leaves 1 life, and neither commander reached 21.
    game = run(
        C4,
        "Cid: attack Ann-Bob for 20 with commander",
        "Dan: attack Ann-Bob for 19 with commander",
    )
    ann_bob = totem(game, "Ann-Bob")
    assert ann_bob.life == 1
    assert ann_bob.commander_damage == {"Cid": 20, "Dan": 19}
    assert ann_bob.status == "live" and statuses(game) == ALL_IN4


def test_partner_commanders_are_tallied_apart_and_keyed_as_first_written():
    game = run(
        C4,
        "Cid: attack Ann-Bob for 11 with commander Tymna",
        "Cid: attack Ann-Bob for 11 with commander Kraum",
    )
    assert totem(game, "Ann-Bob").commander_damage == {"Cid:Tymna": 11, "Cid:Kraum": 11}
    assert totem(game, "Ann-Bob").life == 18
    assert totem(game, "Ann-Bob").status == "live"
    run_more(game, "Cid: attack Ann-Bob for 10 with commander TYMNA")
    assert totem(game, "Ann-Bob").commander_damage == {"Cid:Tymna": 21, "Cid:Kraum": 11}
    assert totem(game, "Ann-Bob").life == 8
    assert totem(game, "Ann-Bob").status == "dead"
    assert statuses(game) == {"Ann": "lost", "Bob": "lost", "Cid": "in", "Dan": "in"}


def test_commander_damage_is_tallied_per_totem():
    game = run(
        C4,
        "Cid: attack Ann-Bob for 15 with commander",
        "Cid: attack Dan-Ann for 15 with commander",
    )
    assert totem(game, "Ann-Bob").commander_damage == {"Cid": 15}
    assert totem(game, "Dan-Ann").commander_damage == {"Cid": 15}
    assert lives(game) == {"Ann-Bob": 25, "Bob-Cid": 40, "Cid-Dan": 40, "Dan-Ann": 25}
    assert statuses(game) == ALL_IN4


@pytest.mark.parametrize("line", ["Cid: attack Ann-Bob for 21", "Cid: deal 21 to Ann via Ann-Bob"])
def test_only_combat_damage_by_a_commander_counts_as_commander_damage(line):
    game = run(C4, line)
    assert totem(game, "Ann-Bob").life == 19
    assert totem(game, "Ann-Bob").commander_damage == {}
    assert totem(game, "Ann-Bob").status == "live"
    assert statuses(game) == ALL_IN4


def test_there_is_no_commander_damage_outside_a_commander_game():
    game = run(P4)
    refuse(game, "Cid: attack Ann-Bob for 5 with commander")
    assert lives(game) == FULL4


# --- choosing a totem -----------------------------------------------------------------------

ONE_LEGAL_TOTEM = [
    # Three players: every other player is a neighbour, so their shared totem is excluded.
    (P3, "Ann: deal 3 to Bob", {**FULL3, "Bob-Cid": 17}),
    (P3, "Ann: deal 3 to Bob via left", {**FULL3, "Bob-Cid": 17}),
    (P3, "Bob: deal 3 to Ann", {**FULL3, "Cid-Ann": 17}),
    (P3, "Cid: deal 3 to Ann", {**FULL3, "Ann-Bob": 17}),
    (P3, "Cid: Bob loses 2", {**FULL3, "Ann-Bob": 18}),
    (P3, "Ann: Bob gains 4", {**FULL3, "Bob-Cid": 24}),
    (P3, "Ann: set Bob life to 12", {**FULL3, "Bob-Cid": 12}),
    (P3, "Ann: halve Bob", {**FULL3, "Bob-Cid": 10}),
    # Four players: Bob's totems are Ann-Bob and Bob-Cid; Cid shares Bob-Cid.
    (P4, "Cid: deal 6 to Bob", {**FULL4, "Ann-Bob": 14}),
    (P4, "Dan: Cid gains 1", {**FULL4, "Bob-Cid": 21}),
]


@pytest.mark.parametrize(("setup", "line", "expected"), ONE_LEGAL_TOTEM)
def test_when_only_one_totem_is_legal_it_is_used_without_asking(setup, line, expected):
    game = run(setup, line)
    assert lives(game) == expected


def test_poison_follows_the_source_rule_too():
    game = run(P3, "Ann: poison 2 to Bob", "Bob: poison 3 to Cid", "Cid: poison 4 to Ann")
    # Bob against Ann: Bob-Cid. Cid against Bob: Cid-Ann. Ann against Cid: Ann-Bob.
    assert poisons(game) == {"Ann-Bob": 4, "Bob-Cid": 2, "Cid-Ann": 3}


SOURCE_RULE_REFUSALS = [
    (P3, "Ann: deal 3 to Bob via Ann-Bob"),
    (P3, "Ann: deal 3 to Bob via right"),
    (P3, "Bob: Ann gains 2 via left"),
    (P3, "Bob: Ann loses 2 via Ann-Bob"),
    (P3, "Cid: poison 1 to Ann via Cid-Ann"),
    (P3, "Ann: set Bob life to 10 via Ann-Bob"),
    (P3, "Ann: halve Bob via right"),
    (P4, "Cid: deal 6 to Bob via Bob-Cid"),
    (P4, "Ann: deal 6 to Dan via Dan-Ann"),
]


@pytest.mark.parametrize(("setup", "line"), SOURCE_RULE_REFUSALS)
def test_a_player_cannot_use_a_totem_they_share_with_the_sources_controller(setup, line):
    game = run(setup)
    before = game.state
    refuse(game, line)
    assert game.state == before


@pytest.mark.parametrize(
    ("line", "expected_lives", "expected_poison"),
    [
        ("Ann: lose 3 via left", {**FULL3, "Ann-Bob": 17}, {}),
        ("Ann: lose 3 via right", {**FULL3, "Cid-Ann": 17}, {}),
        ("Ann: deal 3 to Ann via Ann-Bob", {**FULL3, "Ann-Bob": 17}, {}),
        ("Ann: deal 3 to Ann via Cid-Ann", {**FULL3, "Cid-Ann": 17}, {}),
        ("Ann: gain 3 via Cid-Ann", {**FULL3, "Cid-Ann": 23}, {}),
        ("Ann: gain 3 via Ann-Bob", {**FULL3, "Ann-Bob": 23}, {}),
        ("Ann: pay 3 via right", {**FULL3, "Cid-Ann": 17}, {}),
        ("Ann: pay 3 via left", {**FULL3, "Ann-Bob": 17}, {}),
        ("Ann: poison 3 to Ann via left", FULL3, {"Ann-Bob": 3}),
        ("Ann: poison 3 to Ann via right", FULL3, {"Cid-Ann": 3}),
        ("Ann: set Ann life to 5 via left", {**FULL3, "Ann-Bob": 5}, {}),
        ("Ann: halve Ann via right", {**FULL3, "Cid-Ann": 10}, {}),
    ],
)
def test_a_player_who_controls_the_source_may_use_either_totem(
    line, expected_lives, expected_poison
):
    game = run(P3, line)
    assert lives(game) == expected_lives
    assert poisons(game) == {"Ann-Bob": 0, "Bob-Cid": 0, "Cid-Ann": 0, **expected_poison}


AMBIGUOUS = [
    (P3, "Ann: lose 3", {"Ann-Bob", "Cid-Ann"}),
    (P3, "Ann: gain 3", {"Ann-Bob", "Cid-Ann"}),
    (P3, "Ann: pay 3", {"Ann-Bob", "Cid-Ann"}),
    (P3, "Ann: deal 3 to Ann", {"Ann-Bob", "Cid-Ann"}),
    (P3, "Ann: poison 3 to Ann", {"Ann-Bob", "Cid-Ann"}),
    (P3, "Ann: set Ann life to 4", {"Ann-Bob", "Cid-Ann"}),
    (P3, "Ann: halve Ann", {"Ann-Bob", "Cid-Ann"}),
    # The host controls no source, so both of Bob's totems are legal.
    (P3, "Bob loses 3", {"Ann-Bob", "Bob-Cid"}),
    (P3, "Bob gains 3", {"Ann-Bob", "Bob-Cid"}),
    # Four players: Cid is not Ann's neighbour, so both of Ann's totems are legal.
    (P4, "Cid: deal 3 to Ann", {"Ann-Bob", "Dan-Ann"}),
    (P4, "Cid: Ann loses 3", {"Ann-Bob", "Dan-Ann"}),
    (P4, "Ann: poison 1 to Cid", {"Bob-Cid", "Cid-Dan"}),
    (P4, "Bob: set Dan life to 1", {"Cid-Dan", "Dan-Ann"}),
]


@pytest.mark.parametrize(("setup", "line", "choices"), AMBIGUOUS)
def test_an_ambiguous_totem_is_refused_with_the_two_legal_choices(setup, line, choices):
    game = run(setup)
    before = game.state
    error = refuse(game, line)
    assert isinstance(error, AmbiguousTotem)
    assert len(error.choices) == 2
    assert set(error.choices) == choices
    assert game.state == before


def test_a_player_cannot_split_one_instance_of_damage_between_totems():
    game = run(P4)
    # One clause names one totem; a second 'via' is not part of the language.
    refuse(game, "Cid: deal 7 to Ann via left via right")
    refuse(game, "Cid: deal 7 to Ann via Ann-Bob Dan-Ann")
    # The whole 7 goes on the one totem Ann chooses; the other is untouched.
    run_more(game, "Cid: deal 7 to Ann via left")
    assert lives(game) == {**FULL4, "Ann-Bob": 13}
    run_more(game, "Cid: Ann gains 5 via right")
    assert lives(game) == {**FULL4, "Ann-Bob": 13, "Dan-Ann": 25}


def test_a_totem_is_not_a_player_and_cannot_be_targeted():
    game = run(P3)
    refuse(game, "Ann: deal 3 to Bob-Cid")
    refuse(game, "Ann: poison 3 to Bob-Cid")
    refuse(game, "Ann: set Bob-Cid life to 3")
    assert lives(game) == FULL3


def test_gisela_doubled_damage_is_recorded_as_one_amount_on_the_shared_totem():
    # Cid deals 3 to Bob through Ann-Bob; Ann's Gisela doubles it, so the table records 6.
    game = run(P4, "Cid: deal 6 to Bob via Ann-Bob")
    assert lives(game) == {**FULL4, "Ann-Bob": 14}


# --- paying life ----------------------------------------------------------------------------

PAYMENTS = [
    # (lines before, payment, accepted, lives after)
    ((), "Ann: pay 5 via left", True, {**FULL3, "Ann-Bob": 15}),
    ((), "Ann: pay 5 via right", True, {**FULL3, "Cid-Ann": 15}),
    # Both totems at 5: 10 life in all, but one totem must hold the whole 8.
    (
        ("Ann: lose 15 via left", "Ann: lose 15 via right"),
        "Ann: pay 8 via left",
        False,
        {"Ann-Bob": 5, "Bob-Cid": 20, "Cid-Ann": 5},
    ),
    (
        ("Ann: lose 15 via left", "Ann: lose 15 via right"),
        "Ann: pay 8 via right",
        False,
        {"Ann-Bob": 5, "Bob-Cid": 20, "Cid-Ann": 5},
    ),
    (("Ann: lose 18 via left",), "Ann: pay 3 via left", False, {**FULL3, "Ann-Bob": 2}),
    (
        ("Ann: lose 18 via left",),
        "Ann: pay 3 via right",
        True,
        {**FULL3, "Ann-Bob": 2, "Cid-Ann": 17},
    ),
    (("Ann: lose 18 via left",), "Ann: pay 2 via left", True, {**FULL3, "Ann-Bob": 0}),
    ((), "Ann: pay 21 via left", False, FULL3),
]


@pytest.mark.parametrize(("before", "payment", "accepted", "expected"), PAYMENTS)
def test_paying_life_takes_the_whole_amount_from_one_totem_with_enough_life(
    before, payment, accepted, expected
):
    game = run(P3, *before)
    error = attempt(game, payment)
    assert (error is None) == accepted, error
    assert lives(game) == expected


def test_paying_all_of_a_totems_life_is_allowed_and_kills_it():
    game = run(P3, "Ann: pay 20 via left")
    assert lives(game) == {**FULL3, "Ann-Bob": 0}
    assert statuses(game) == {"Ann": "lost", "Bob": "lost", "Cid": "won"}
    assert game.state.winners == ("Cid",)


def test_only_a_player_can_pay_life():
    game = run(P3)
    refuse(game, "pay 2 via Ann-Bob")
    assert lives(game) == FULL3


# --- Magister Sphinx, Heartless Hidetsugu, Platinum Emperion --------------------------------

SET_LIFE = [
    # Ann-Bob at 14; Ann's Sphinx sets Bob to 10 counting Ann-Bob (Ann's own totem may be
    # counted); the change 10 - 14 = -4 goes on Bob-Cid, the only totem Ann's source may reach.
    (
        ("Ann loses 6 via left", "Ann: set Bob life to 10 counting Ann-Bob"),
        {"Ann-Bob": 14, "Bob-Cid": 16, "Cid-Ann": 20},
    ),
    # Counting the applied totem by default: 10 - 20 = -10.
    (("Ann: set Bob life to 10",), {**FULL3, "Bob-Cid": 10}),
    # Setting up is a gain: 30 - 20 = +10.
    (("Ann: set Bob life to 30",), {**FULL3, "Bob-Cid": 30}),
    # Bob is his own source: count Bob-Cid (20), apply to Ann-Bob: 5 - 20 = -15.
    (("Bob: set Bob life to 5 via right counting left",), {**FULL3, "Ann-Bob": 5}),
    # Cid's source: Bob-Cid counted (15), Ann-Bob applied: 25 - 15 = +10.
    (
        ("Bob loses 5 via left", "Cid: set Bob life to 25 counting left"),
        {"Ann-Bob": 30, "Bob-Cid": 15, "Cid-Ann": 20},
    ),
    # Counted Ann-Bob is 20, so the change is 0 although Bob-Cid is at 12: nothing changes.
    (
        ("Bob loses 8 via left", "Ann: set Bob life to 20 counting Ann-Bob"),
        {"Ann-Bob": 20, "Bob-Cid": 12, "Cid-Ann": 20},
    ),
    # A change of 0 is accepted.
    (("Ann: set Bob life to 20",), FULL3),
    (("Ann: set Bob life to 1000000",), {**FULL3, "Bob-Cid": 1_000_000}),
    (("Ann: set Bob life to -1000000",), {**FULL3, "Bob-Cid": -1_000_000}),
]


@pytest.mark.parametrize(("lines", "expected"), SET_LIFE)
def test_magister_sphinx_may_count_one_totem_and_apply_to_the_other(lines, expected):
    game = run(P3, *lines)
    assert lives(game) == expected


def test_magister_sphinx_setting_a_totem_to_zero_kills_it():
    game = run(P3, "Ann: set Bob life to 0")
    assert lives(game) == {**FULL3, "Bob-Cid": 0}
    assert statuses(game) == {"Ann": "won", "Bob": "lost", "Cid": "lost"}


@pytest.mark.parametrize(
    "line",
    [
        "Ann: set Bob life to 10 via Ann-Bob",  # applied totem breaks the source rule
        "Ann: set Bob life to 10 counting Cid-Ann",  # not one of Bob's totems
        "Ann: set Bob life to 1000001",
        "Ann: set Bob life to -1000001",
    ],
)
def test_magister_sphinx_refuses_an_illegal_totem_or_value(line):
    game = run(P3)
    refuse(game, line)
    assert lives(game) == FULL3


HALVE = [
    # Ann-Bob at 15 is counted: floor(15 / 2) = 7 comes off Bob-Cid.
    (
        ("Ann loses 5 via left", "Ann: halve Bob counting Ann-Bob"),
        {**FULL3, "Ann-Bob": 15, "Bob-Cid": 13},
    ),
    (("Ann: halve Bob",), {**FULL3, "Bob-Cid": 10}),
    # Bob-Cid at 17: floor(17 / 2) = 8, so 9 remain.
    (("Bob loses 3 via left", "Ann: halve Bob"), {**FULL3, "Bob-Cid": 9}),
    (("Ann: halve Ann via left",), {**FULL3, "Ann-Bob": 10}),
    # Ann halves herself, counting Cid-Ann (13) and losing floor(13 / 2) = 6 from Ann-Bob.
    (
        ("Ann loses 7 via right", "Ann: halve Ann via left counting right"),
        {"Ann-Bob": 14, "Bob-Cid": 20, "Cid-Ann": 13},
    ),
    # floor(1 / 2) = 0: nothing changes, and it is accepted.
    (("Bob loses 19 via left", "Ann: halve Bob"), {**FULL3, "Bob-Cid": 1}),
]


@pytest.mark.parametrize(("lines", "expected"), HALVE)
def test_heartless_hidetsugu_halves_the_counted_totem(lines, expected):
    game = run(P3, *lines)
    assert lives(game) == expected


def test_heartless_hidetsugu_follows_the_source_rule_for_the_applied_totem():
    game = run(P3)
    refuse(game, "Ann: halve Bob via Ann-Bob")
    refuse(game, "Ann: halve Bob counting Cid-Ann")
    assert lives(game) == FULL3


LOCKED_ANN_BOB_REFUSES = [
    "Cid: deal 3 to Ann",  # Ann-Bob is the only totem Cid's source may reach
    "Cid: deal 3 to Ann via left",
    "Bob loses 2 via right",  # the lock is on the totem, for Bob too
    "Ann: gain 5 via left",
    "Ann: pay 1 via left",
    "Cid: set Ann life to 5",
    "Cid: set Ann life to 30",
    "Cid: halve Ann",
    "Cid: attack Ann-Bob for 3",
]


@pytest.mark.parametrize("line", LOCKED_ANN_BOB_REFUSES)
def test_platinum_emperion_locks_one_life_total(line):
    game = run(P3, "Ann: lock left")
    assert totem(game, "Ann-Bob").locked
    assert not totem(game, "Cid-Ann").locked and not totem(game, "Bob-Cid").locked
    refuse(game, line)
    assert lives(game) == FULL3


def test_platinum_emperion_leaves_the_other_totem_free_and_unlock_lifts_it():
    game = run(P3, "Ann: lock left", "Bob: deal 3 to Ann", "Ann: lose 2 via right")
    # Bob's source reaches Ann only through Cid-Ann: 20 - 3 - 2 = 15.
    assert lives(game) == {**FULL3, "Cid-Ann": 15}
    run_more(game, "Ann: unlock left")
    assert not totem(game, "Ann-Bob").locked
    run_more(game, "Cid: deal 3 to Ann")
    assert lives(game) == {"Ann-Bob": 17, "Bob-Cid": 20, "Cid-Ann": 15}


def test_a_player_may_lock_only_their_own_totems():
    game = run(P4)
    refuse(game, "Ann: lock Bob-Cid")
    refuse(game, "Ann: lock Cid-Dan")
    run_more(game, "Ann: lock Dan-Ann")
    assert [pool.locked for pool in game.state.pools] == [False, False, False, True]


def test_a_locked_totem_still_dies_to_poison():
    game = run(P3, "Ann: lock left", "Cid: poison 10 to Ann")
    ann_bob = totem(game, "Ann-Bob")
    assert ann_bob.poison == 10 and ann_bob.life == 20 and ann_bob.status == "dead"
    assert statuses(game) == {"Ann": "lost", "Bob": "lost", "Cid": "won"}
    assert game.state.winners == ("Cid",)


def test_a_locked_totem_still_counts_commander_damage_and_dies_to_it():
    game = run(C4, "Ann: lock left", "Cid: attack Ann-Bob for 21 with commander")
    ann_bob = totem(game, "Ann-Bob")
    assert ann_bob.life == 40  # its life cannot change
    assert ann_bob.commander_damage == {"Cid": 21}
    assert ann_bob.status == "dead"
    assert statuses(game) == {"Ann": "lost", "Bob": "lost", "Cid": "in", "Dan": "in"}


# --- combat ---------------------------------------------------------------------------------

ATTACKS = [
    (P3, "Ann: attack Bob-Cid for 5", {**FULL3, "Bob-Cid": 15}),
    (P3, "Cid: attack Ann-Bob for 5 hitting Bob", {**FULL3, "Ann-Bob": 15}),
    (P4, "Ann: attack Bob-Cid for 5", {**FULL4, "Bob-Cid": 15}),
    (P4, "Ann: attack Bob-Cid for 5 hitting Cid", {**FULL4, "Bob-Cid": 15}),
    (P4, "Ann: attack Cid-Bob for 5 hitting Bob", {**FULL4, "Bob-Cid": 15}),
    (P4, "Ann: attack the Cid-Dan totem for 6 hitting Dan", {**FULL4, "Cid-Dan": 14}),
    # A side is seen from the defending player: Cid's left is Cid-Dan.
    (P4, "Ann: attack left for 4 hitting Cid", {**FULL4, "Cid-Dan": 16}),
]


@pytest.mark.parametrize(("setup", "line", "expected"), ATTACKS)
def test_a_player_attacks_a_totem_that_is_not_their_own(setup, line, expected):
    game = run(setup, line)
    assert lives(game) == expected


@pytest.mark.parametrize(
    "line",
    [
        "Ann: attack Ann-Bob for 5",  # Ann's own totem
        "Ann: attack Dan-Ann for 5",  # Ann's own totem
        "Ann: attack Bob-Cid for 5 hitting Dan",  # Dan is not a player of Bob-Cid
        "Ann: attack Bob-Cid for 5 hitting Ann",
        "Ann: attack Ann-Cid for 5",  # no such totem
    ],
)
def test_combat_must_name_another_players_totem_and_one_of_its_defending_players(line):
    game = run(P4)
    refuse(game, line)
    assert lives(game) == FULL4


def test_anyone_in_the_game_may_record_combat_on_any_turn():
    game = run(P3, "Cid: attack Ann-Bob for 3", "next", "Ann: attack Bob-Cid for 2")
    assert game.state.turn == 2 and active_name(game) == "Bob"
    assert lives(game) == {"Ann-Bob": 17, "Bob-Cid": 18, "Cid-Ann": 20}


def test_combat_cannot_hit_a_player_who_is_out_or_a_totem_with_no_player_left():
    game = run(P4, "eliminate Cid")
    refuse(game, "Ann: attack Bob-Cid for 3 hitting Cid")
    refuse(game, "Cid: attack Dan-Ann for 3")
    run_more(game, "Ann: attack Bob-Cid for 3")  # Bob is the one defending player left
    assert lives(game) == {**FULL4, "Bob-Cid": 17}
    run_more(game, "eliminate Bob")
    assert statuses(game) == {"Ann": "in", "Bob": "lost", "Cid": "lost", "Dan": "in"}
    refuse(game, "Ann: attack Bob-Cid for 3")
    refuse(game, "Dan: attack Bob-Cid for 3")
    run_more(game, "Ann: attack Cid-Dan for 4 hitting Dan")
    assert lives(game) == {**FULL4, "Bob-Cid": 17, "Cid-Dan": 16}
    assert game.state.status == "active"


# --- leaving the game -----------------------------------------------------------------------


def test_a_player_who_loses_to_an_empty_library_leaves_their_totems_in_play():
    game = run(P4, "Cid: eliminate Bob")
    assert statuses(game) == {"Ann": "in", "Bob": "lost", "Cid": "in", "Dan": "in"}
    assert lives(game) == FULL4
    assert set(totem_statuses(game).values()) == {"live"}
    assert game.state.status == "active"
    # Bob's totems stay, now each attached to one player.
    run_more(game, "Cid: deal 3 to Ann via Ann-Bob", "Dan: attack Bob-Cid for 4")
    assert lives(game) == {**FULL4, "Ann-Bob": 17, "Bob-Cid": 16}
    # Ann-Bob dying now takes out Ann alone.
    run_more(game, "Ann: lose 17 via left")
    assert totem(game, "Ann-Bob").status == "dead"
    assert statuses(game) == {"Ann": "lost", "Bob": "lost", "Cid": "in", "Dan": "in"}
    assert game.state.status == "active"


def test_a_player_who_loses_to_an_empty_library_in_a_three_player_game_leaves_two_playing():
    game = run(P3, "eliminate Bob", "Ann: attack Bob-Cid for 5")
    assert statuses(game) == {"Ann": "in", "Bob": "lost", "Cid": "in"}
    assert lives(game) == {**FULL3, "Bob-Cid": 15}
    # Against Cid's source, Ann may use only Ann-Bob, which Bob left behind.
    run_more(game, "Cid: deal 4 to Ann")
    assert lives(game) == {"Ann-Bob": 16, "Bob-Cid": 15, "Cid-Ann": 20}
    assert game.state.status == "active"


OUT_PLAYER_REFUSALS = [
    "Bob: deal 1 to Ann",
    "Bob: lose 1 via left",
    "Bob: gain 1 via left",
    "Bob: pay 1 via left",
    "Bob: lock left",
    "Bob: next",
    "Bob: win",
    "Bob: concede",
    "Bob: attack Cid-Dan for 1",
    "Bob: poison 1 to Dan",
    "Ann: deal 1 to Bob",
    "Bob loses 1 via left",
    "Ann: poison 1 to Bob",
    "Ann: set Bob life to 5",
    "Ann: halve Bob",
    "Ann: attack Bob-Cid for 1 hitting Bob",
    "Ann: eliminate Bob",
    "remove Bob",
]


@pytest.mark.parametrize("line", OUT_PLAYER_REFUSALS)
def test_a_player_who_is_out_cannot_act_be_targeted_or_be_chosen(line):
    game = run(P4, "eliminate Bob")
    refuse(game, line)
    assert statuses(game) == {"Ann": "in", "Bob": "lost", "Cid": "in", "Dan": "in"}
    assert lives(game) == FULL4


def test_when_two_players_are_eliminated_in_a_four_player_game_the_rest_play_on():
    game = run(P4, "Cid: deal 20 to Ann via left")
    assert totem_statuses(game) == {
        "Ann-Bob": "dead",
        "Bob-Cid": "live",
        "Cid-Dan": "live",
        "Dan-Ann": "live",
    }
    assert statuses(game) == {"Ann": "lost", "Bob": "lost", "Cid": "in", "Dan": "in"}
    assert game.state.status == "active" and game.state.winners == ()
    # Cid and Dan share Cid-Dan and each keep one totem left behind by the others.
    run_more(game, "Cid: attack Dan-Ann for 5", "Dan: attack Bob-Cid for 5")
    refuse(game, "Cid: attack Cid-Dan for 5")
    refuse(game, "Cid: attack Ann-Bob for 5")
    # Dan's source reaches Cid only through Bob-Cid: 15 - 3 = 12.
    run_more(game, "Dan: deal 3 to Cid")
    assert lives(game) == {"Ann-Bob": 0, "Bob-Cid": 12, "Cid-Dan": 20, "Dan-Ann": 15}
    # Cid's source reaches Dan only through Dan-Ann: 15 - 15 = 0, and Cid is the last one in.
    run_more(game, "Cid: deal 15 to Dan")
    assert statuses(game) == {"Ann": "lost", "Bob": "lost", "Cid": "won", "Dan": "lost"}
    assert game.state.status == "finished" and game.state.winners == ("Cid",)


def test_a_dying_totem_only_takes_out_players_still_in_the_game():
    game = run(P4, "Bob: concede", "Cid: deal 20 to Ann via left")
    assert totem(game, "Ann-Bob").status == "dead"
    assert statuses(game) == {"Ann": "lost", "Bob": "conceded", "Cid": "in", "Dan": "in"}


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (("Bob: concede", "Cid: concede"), {"Ann": "won", "Bob": "conceded", "Cid": "conceded"}),
        (("remove Bob", "Cid: eliminate Cid"), {"Ann": "won", "Bob": "removed", "Cid": "lost"}),
        (("Ann: eliminate Bob", "Ann: concede"), {"Ann": "conceded", "Bob": "lost", "Cid": "won"}),
    ],
)
def test_the_last_player_in_the_game_wins(lines, expected):
    game = run(P3, *lines)
    assert statuses(game) == expected
    assert game.state.status == "finished"
    assert game.state.winners == tuple(n for n, s in expected.items() if s == "won")
    assert lives(game) == FULL3


def test_only_the_host_can_remove_a_player():
    game = run(P3)
    refuse(game, "Ann: remove Bob")
    assert statuses(game) == ALL_IN3
    run_more(game, "remove Bob")
    assert statuses(game) == {"Ann": "in", "Bob": "removed", "Cid": "in"}


@pytest.mark.parametrize(
    ("setup", "lines"),
    [
        # Cid is out; Ann-Bob at 0 takes out Ann and Bob at once.
        (P3, ("eliminate Cid", "Ann: lose 20 via left")),
        # Ann and Bob go with Ann-Bob, then Cid and Dan with Cid-Dan.
        (P4, ("Cid: deal 20 to Ann via left", "Cid: lose 20 via left")),
        (P4, ("Cid: deal 20 to Ann via left", "Cid: poison 10 to Cid via left")),
    ],
)
def test_when_the_last_players_lose_at_once_the_game_is_a_draw(setup, lines):
    game = run(setup, *lines)
    assert game.state.status == "finished"
    assert game.state.winners == ()
    assert set(statuses(game).values()) == {"lost"}


@pytest.mark.parametrize(
    ("lines", "winner", "expected"),
    [
        (("Dan: win",), "Dan", {"Ann": "lost", "Bob": "lost", "Cid": "lost", "Dan": "won"}),
        (("Ann: win",), "Ann", {"Ann": "won", "Bob": "lost", "Cid": "lost", "Dan": "lost"}),
        (
            ("Cid: eliminate Bob", "Cid: win"),
            "Cid",
            {"Ann": "lost", "Bob": "lost", "Cid": "won", "Dan": "lost"},
        ),
    ],
)
def test_a_player_who_wins_by_an_effect_wins_at_once_and_everyone_else_loses(
    lines, winner, expected
):
    game = run(P4, *lines)
    assert statuses(game) == expected
    assert game.state.status == "finished"
    assert game.state.winners == (winner,)
    assert lives(game) == FULL4


FINISHED_REFUSALS = [
    "next",
    "Ann: next",
    "Ann: gain 1 via left",
    "Ann: lose 1 via left",
    "Ann: pay 1 via left",
    "Ann: win",
    "Ann: concede",
    "Ann: lock left",
    "eliminate Ann",
    "remove Ann",
    "Ann: poison 1 to Ann via left",
]


@pytest.mark.parametrize("line", FINISHED_REFUSALS)
def test_a_finished_game_refuses_everything_but_undo(line):
    game = run(P3, "Ann: deal 20 to Bob")
    assert game.state.status == "finished"
    finished = game.state
    refuse(game, line)
    assert game.state == finished
    run_more(game, "undo")
    assert game.state.status == "active"
    assert statuses(game) == ALL_IN3
    assert lives(game) == FULL3


# --- house rules ----------------------------------------------------------------------------


def test_half_life_consent_makes_a_payment_below_half_wait_for_the_other_player():
    # Ann-Bob at 9 is below half of 20; Bob, its other player, must agree.
    game = run(HALF, "Ann: lose 11 via left", "Ann: pay 2 via left")
    assert lives(game) == {**FULL3, "Ann-Bob": 9}
    assert len(game.state.pending) == 1
    refuse(game, "Cid: approve")
    refuse(game, "Ann: approve")
    refuse(game, "Cid: deny")
    assert len(game.state.pending) == 1
    run_more(game, "Bob: approve")
    assert lives(game) == {**FULL3, "Ann-Bob": 7}
    assert game.state.pending == ()


def test_half_life_consent_drops_a_denied_payment():
    game = run(HALF, "Ann: lose 11 via left", "Ann: pay 2 via left", "Bob: deny")
    assert lives(game) == {**FULL3, "Ann-Bob": 9}
    assert game.state.pending == ()
    refuse(game, "Bob: approve")  # nothing waits any more


def test_half_life_consent_asks_the_other_player_of_the_paying_totem():
    # Bob pays from Ann-Bob (his right), at 9: Ann must agree, not Cid.
    game = run(HALF, "Bob loses 11 via right", "Bob: pay 3 via right")
    refuse(game, "Cid: approve")
    run_more(game, "Ann: approve")
    assert lives(game) == {**FULL3, "Ann-Bob": 6}


@pytest.mark.parametrize(
    ("setup", "loss", "payment", "waits", "life_after"),
    [
        (HALF, 10, 2, False, 8),  # 10 is exactly half of 20, not below
        (HALF, 11, 2, True, 9),  # 9 is below half
        ("game totem players: Ann, Bob, Cid life: 25 rules: half-life-consent", 12, 2, False, 11),
        ("game totem players: Ann, Bob, Cid life: 25 rules: half-life-consent", 13, 2, True, 12),
        (P3, 11, 2, False, 7),  # the house rule is off unless the game turns it on
    ],
)
def test_half_life_consent_applies_only_below_half_the_starting_life(
    setup, loss, payment, waits, life_after
):
    game = run(setup, f"Ann: lose {loss} via left", f"Ann: pay {payment} via left")
    assert len(game.state.pending) == (1 if waits else 0)
    assert totem(game, "Ann-Bob").life == life_after


def test_half_life_consent_needs_no_approval_when_the_other_player_is_out():
    game = run(HALF, "eliminate Bob", "Ann: lose 11 via left", "Ann: pay 2 via left")
    assert game.state.pending == ()
    assert totem(game, "Ann-Bob").life == 7


def test_half_life_consent_still_needs_enough_life_on_the_totem():
    game = run(HALF, "Ann: lose 11 via left")
    refuse(game, "Ann: pay 10 via left")
    assert game.state.pending == ()
    assert totem(game, "Ann-Bob").life == 9


def test_player_poison_puts_poison_on_players_and_a_player_with_ten_loses_alone():
    game = run(POISON, "Ann: poison 9 to Bob")
    assert [player.poison for player in game.state.players] == [0, 9, 0]
    assert poisons(game) == {"Ann-Bob": 0, "Bob-Cid": 0, "Cid-Ann": 0}
    run_more(game, "Cid: poison 1 to Bob")
    assert statuses(game) == {"Ann": "in", "Bob": "lost", "Cid": "in"}
    assert set(totem_statuses(game).values()) == {"live"}
    assert lives(game) == FULL3
    assert game.state.status == "active"
    assert state_json(game.state)["players"][1] == {
        "name": "Bob",
        "status": "lost",
        "poison": 10,
        "counters": {},
        "city_blessing": False,
        "ring": 0,
    }


def test_without_player_poison_players_carry_no_poison_in_the_json():
    game = run(P3, "Ann: poison 4 to Bob")
    assert [p["poison"] for p in state_json(game.state)["players"]] == [0, 0, 0]
    assert [t["poison"] for t in state_json(game.state)["totems"]] == [0, 4, 0]


def test_sorcery_concede_lets_a_player_concede_only_during_their_own_turn():
    game = run(SORCERY)
    refuse(game, "Bob: concede")  # it is Ann's turn
    assert statuses(game) == ALL_IN4
    run_more(game, "next", "Bob: concede")
    assert statuses(game) == {"Ann": "in", "Bob": "conceded", "Cid": "in", "Dan": "in"}


def test_sorcery_concede_still_lets_the_host_remove_anyone_at_any_time():
    game = run(SORCERY, "remove Cid")
    assert statuses(game) == {"Ann": "in", "Bob": "in", "Cid": "removed", "Dan": "in"}


def test_without_sorcery_concede_a_player_may_concede_at_any_time():
    game = run(P4, "Bob: concede")
    assert statuses(game) == {"Ann": "in", "Bob": "conceded", "Cid": "in", "Dan": "in"}


def test_sorcery_concede_does_not_stop_losing_by_another_effect():
    game = run(SORCERY, "Ann: eliminate Bob")
    assert statuses(game)["Bob"] == "lost"


# --- turns ----------------------------------------------------------------------------------


def test_next_passes_the_turn_in_seat_order_and_wraps_around():
    game = run(P3)
    seen = [(game.state.turn, active_name(game))]
    for _ in range(4):
        run_more(game, "next")
        seen.append((game.state.turn, active_name(game)))
    assert seen == [(1, "Ann"), (2, "Bob"), (3, "Cid"), (4, "Ann"), (5, "Bob")]


def test_any_player_in_the_game_or_the_host_may_pass_the_turn():
    game = run(P3, "Cid: next", "next")
    assert (game.state.turn, active_name(game)) == (3, "Cid")


def test_next_skips_players_who_are_out():
    game = run(P4, "eliminate Bob", "next")
    assert (game.state.turn, active_name(game)) == (2, "Cid")
    run_more(game, "next", "next")
    assert (game.state.turn, active_name(game)) == (4, "Ann")


def test_next_skips_both_players_of_a_dead_totem():
    game = run(P4, "next", "Dan: deal 20 to Bob via Bob-Cid")
    # Turn 2 is Bob's; Bob and Cid are out, so the turn passes to Dan.
    assert statuses(game) == {"Ann": "in", "Bob": "lost", "Cid": "lost", "Dan": "in"}
    run_more(game, "next")
    assert (game.state.turn, active_name(game)) == (3, "Dan")


@pytest.mark.parametrize(
    "leave", ["Ann: concede", "eliminate Ann", "remove Ann", "Cid: deal 20 to Ann via left"]
)
def test_when_the_active_player_leaves_the_turn_stays_theirs_until_next(leave):
    game = run(P4, leave)
    assert statuses(game)["Ann"] != "in"
    assert (game.state.turn, active_name(game)) == (1, "Ann")
    assert game.state.status == "active"
    refuse(game, "Ann: next")  # Ann is out and cannot act
    run_more(game, "Dan: next")
    expected = "Cid" if statuses(game)["Bob"] != "in" else "Bob"
    assert (game.state.turn, active_name(game)) == (2, expected)


# --- undo -----------------------------------------------------------------------------------


def test_undo_takes_back_the_last_change():
    game = run(P3, "Ann: deal 3 to Bob", "Bob: deal 4 to Cid")
    # Bob's source reaches Cid only through Cid-Ann.
    assert lives(game) == {"Ann-Bob": 20, "Bob-Cid": 17, "Cid-Ann": 16}
    run_more(game, "undo")
    assert lives(game) == {**FULL3, "Bob-Cid": 17}


def test_undo_takes_back_a_finished_game_with_everything_it_caused():
    game = run(P3, "Ann: deal 3 to Bob", "Ann: deal 17 to Bob")
    assert game.state.status == "finished" and game.state.winners == ("Ann",)
    run_more(game, "undo")
    assert game.state.status == "active" and game.state.winners == ()
    assert statuses(game) == ALL_IN3
    assert totem_statuses(game) == {"Ann-Bob": "live", "Bob-Cid": "live", "Cid-Ann": "live"}
    assert lives(game) == {**FULL3, "Bob-Cid": 17}
    # The game goes on from there.
    run_more(game, "Ann: deal 2 to Bob")
    assert lives(game) == {**FULL3, "Bob-Cid": 15}


def test_undo_takes_back_two_players_lost_with_their_totem():
    game = run(P4, "Cid: deal 20 to Ann via left", "undo")
    assert statuses(game) == ALL_IN4
    assert lives(game) == FULL4
    assert totem(game, "Ann-Bob").status == "live"


@pytest.mark.parametrize(
    "line",
    [
        "next",
        "Ann: lock left",
        "Dan: win",
        "Bob: concede",
        "eliminate Cid",
        "Cid: attack Ann-Bob for 5",
        "Ann: poison 2 to Cid via left",
    ],
)
def test_undo_restores_the_state_before_any_kind_of_change(line):
    game = run(P4)
    initial = game.state
    run_more(game, line)
    assert game.state != initial
    run_more(game, "undo")
    assert game.state == initial


def test_an_undo_cannot_itself_be_undone():
    game = run(P3, "Ann: deal 3 to Bob", "Ann: deal 4 to Bob", "undo")
    assert totem(game, "Bob-Cid").life == 17
    run_more(game, "undo")  # takes back the first deal, not the undo
    assert totem(game, "Bob-Cid").life == 20
    refuse(game, "undo")
    assert lives(game) == FULL3


def test_undo_with_nothing_left_to_take_back_is_refused():
    game = run(P3)
    refuse(game, "undo")
    refuse(game, "Ann: undo")
    assert lives(game) == FULL3


def test_undo_skips_refused_requests():
    game = run(P3, "Ann: deal 3 to Bob")
    refuse(game, "Ann: deal 3 to Bob via Ann-Bob")
    run_more(game, "undo")
    assert lives(game) == FULL3
    refuse(game, "undo")


def test_undo_takes_back_an_approval_and_the_payment_waits_again():
    game = run(HALF, "Ann: lose 11 via left", "Ann: pay 2 via left", "Bob: approve", "undo")
    assert totem(game, "Ann-Bob").life == 9
    assert len(game.state.pending) == 1
    run_more(game, "Bob: deny")
    assert totem(game, "Ann-Bob").life == 9 and game.state.pending == ()


# --- bad input ------------------------------------------------------------------------------

OUT_OF_RANGE = [
    "Ann: deal 0 to Bob",
    "Ann: deal 1000001 to Bob",
    "Ann: deal -1 to Bob",
    "Ann: deal 99999999999999 to Bob",
    "Ann: lose 0 via left",
    "Ann: Bob loses 1000001",
    "Ann: gain 0 via left",
    "Ann: gain 1000001 via left",
    "Ann: pay 0 via left",
    "Ann: pay 1000001 via left",
    "Ann: poison 0 to Bob",
    "Ann: poison 1000001 to Bob",
    "Ann: attack Bob-Cid for 0",
    "Ann: attack Bob-Cid for 1000001",
    "Ann: set Bob life to 1000001",
    "Ann: set Bob life to -1000001",
]


@pytest.mark.parametrize("line", OUT_OF_RANGE)
def test_an_amount_outside_1_to_1000000_is_refused(line):
    game = run(P3)
    refuse(game, line)
    assert lives(game) == FULL3 and statuses(game) == ALL_IN3


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Ann: deal 1 to Bob", {**FULL3, "Bob-Cid": 19}),
        ("Ann: deal 1000000 to Bob", {**FULL3, "Bob-Cid": -999_980}),
        ("Ann: gain 1000000 via right", {**FULL3, "Cid-Ann": 1_000_020}),
        ("Ann: pay 1 via left", {**FULL3, "Ann-Bob": 19}),
        ("Ann: attack Bob-Cid for 1000000", {**FULL3, "Bob-Cid": -999_980}),
    ],
)
def test_an_amount_from_1_to_1000000_is_accepted(line, expected):
    game = run(P3, line)
    assert lives(game) == expected


@pytest.mark.parametrize(
    "line",
    [
        "ann: deal 3 to BOB via bob-CID",
        "ANN: DEAL 3 TO bob VIA LEFT",
        "Ann: Deal 3 To Bob Via The Left Totem",
        "Ann: BOB LOSES 3",
        "aNN: attack cid-BOB for 3 hitting bOB",
    ],
)
def test_names_and_keywords_match_case_insensitively(line):
    game = run(P3, line)
    assert lives(game) == {**FULL3, "Bob-Cid": 17}
    assert [player.name for player in game.state.players] == ["Ann", "Bob", "Cid"]


@pytest.mark.parametrize(
    "line",
    [
        "Ann: deal 3 to Bob please",
        "Ann: deal three to Bob",
        "Ann: dance",
        "Zed: deal 3 to Bob",
        "Ann: deal 3 to Zed",
        "Ann: deal 3 to Bob via middle",
        "Ann: deal 3.5 to Bob",
    ],
)
def test_an_unreadable_or_unknown_line_is_refused_and_changes_nothing(line):
    game = run(P3)
    refuse(game, line)
    assert lives(game) == FULL3 and statuses(game) == ALL_IN3


def test_a_refused_request_leaves_the_game_exactly_as_it_was():
    game, errors = play(
        "\n".join(
            (
                HALF,
                "Ann: lose 11 via left",
                "Ann: pay 2 via left",
                "next",
                "Ann: lock right",
                "Ann: deal 3 to Bob via Ann-Bob",  # source rule
                "Cid: approve",  # not Cid's to answer
                "Bob: pay 50 via left",  # not enough life
                "Ann: lose 1 via right",  # locked
                "Ann: attack Ann-Bob for 1",  # own totem
            )
        )
    )
    assert [line for line, _ in errors] == [
        "Ann: deal 3 to Bob via Ann-Bob",
        "Cid: approve",
        "Bob: pay 50 via left",
        "Ann: lose 1 via right",
        "Ann: attack Ann-Bob for 1",
    ]
    assert lives(game) == {**FULL3, "Ann-Bob": 9}
    assert len(game.state.pending) == 1
    assert (game.state.turn, active_name(game)) == (2, "Bob")
    assert totem(game, "Cid-Ann").locked
    # The refusals left no step behind: one undo takes back the lock, the last change.
    run_more(game, "undo")
    assert not totem(game, "Cid-Ann").locked


# --- the JSON state -------------------------------------------------------------------------


def test_the_json_state_lists_players_and_totems_in_seat_order():
    game = run(
        "game totem players: Ann, Bob, Cid, Dan commander",
        "Ann: attack Bob-Cid for 7 with commander hitting Cid",
        "Bob: deal 5 to Dan via Cid-Dan",
        "next",
        "Dan: lock left",
    )
    # TABLE.md's fields, empty: this commander game used none of its lines
    table = {"counters": {}, "city_blessing": False, "ring": 0, "commander_casts": {}}
    assert state_json(game.state) == {
        "format": "totem",
        "status": "active",
        "winners": [],
        "turn": {"number": 2, "active": "Bob"},
        "players": [
            {"name": "Ann", "status": "in", "poison": 0, **table},
            {"name": "Bob", "status": "in", "poison": 0, **table},
            {"name": "Cid", "status": "in", "poison": 0, **table},
            {"name": "Dan", "status": "in", "poison": 0, **table},
        ],
        "totems": [
            {
                "seats": ["Ann", "Bob"],
                "life": 40,
                "poison": 0,
                "commander_damage": {},
                "locked": False,
                "status": "live",
            },
            {
                "seats": ["Bob", "Cid"],
                "life": 33,
                "poison": 0,
                "commander_damage": {"Ann": 7},
                "locked": False,
                "status": "live",
            },
            {
                "seats": ["Cid", "Dan"],
                "life": 35,
                "poison": 0,
                "commander_damage": {},
                "locked": False,
                "status": "live",
            },
            {
                "seats": ["Dan", "Ann"],
                "life": 40,
                "poison": 0,
                "commander_damage": {},
                "locked": True,
                "status": "live",
            },
        ],
        "monarch": None,
        "initiative": None,
        "day_night": None,
        "pending": [],
        "rejected": [],
    }


def test_the_json_state_of_a_finished_game_names_the_winner():
    game = run(P3, "Bob: deal 20 to Cid")  # Bob's source reaches Cid only through Cid-Ann
    data = state_json(game.state)
    assert data["status"] == "finished"
    assert data["winners"] == ["Bob"]
    assert [p["status"] for p in data["players"]] == ["lost", "won", "lost"]
    assert [t["status"] for t in data["totems"]] == ["live", "live", "dead"]
    assert [t["life"] for t in data["totems"]] == [20, 20, 0]
