"""Grand Melee as FORMATS.md settles it (CR 608), played as scripts.

A free-for-all of 4 to 16 players with range of influence 1, attack left, and turn markers
(608.4): one per full four players at the start, marker k at seat 4 * (k - 1); `P: next` ends
P's turn and passes the marker to the next player still in to P's left (the receiver R) unless
R or one of the three players still in to R's left holds one: then it waits for R. When players
leave and the game has more markers than one per full four players still in, the first marker
found going right from the departed player's seat is removed (a waiting one at once, a held one
when its turn ends). Range of influence counts the seats of the players who were still in when
the latest turn began, a turn beginning whenever a marker reaches a player; `win` makes the
players within the speaker's range lose. Every expected markers list below is worked out by hand
from FORMATS.md ("Grand Melee" and its details, "Range of influence as the rules have it
(amended 2026-11-27)"); each step says why.

Seats are the listed order: Ann Bob Cid Dan Eve Fay Gus Hal Ivy Jon Kim Lea Max Ned Oli Pam,
the first N of them in a game of N. Markers are written "K NAME" (held: that player is taking a
turn) or "K NAME waiting" (waiting for NAME to be able to receive it).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.formats.tables import accepted, lives, play, player, refused, statuses

NAMES = [
    "Ann",
    "Bob",
    "Cid",
    "Dan",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jon",
    "Kim",
    "Lea",
    "Max",
    "Ned",
    "Oli",
    "Pam",
]


def melee(count: int, extra: str = "") -> str:
    return f"game grand-melee players: {', '.join(NAMES[:count])}{extra}"


M4 = melee(4)
M8 = melee(8)
M9 = melee(9)
M12 = melee(12)
EIGHT = " ".join(NAMES[:8])


# --- helpers ------------------------------------------------------------------------------


def markers(state: dict[str, Any]) -> list[str]:
    """The markers in number order, as "K NAME" or "K NAME waiting"."""
    numbers = [entry["number"] for entry in state["markers"]]
    assert numbers == sorted(numbers), "markers are listed in number order"
    return [
        f"{entry['number']} {entry['player']}" + (" waiting" if entry["waiting"] else "")
        for entry in state["markers"]
    ]


def all_at(value: Any, names: str, **changed: Any) -> dict[str, Any]:
    return {name: changed.get(name, value) for name in names.split()}


def says_number(error: str, number: int) -> bool:
    return re.search(rf"\b{number}\b", error) is not None


Step = tuple[str, list[str]]


def walk(setup_line: str, steps: list[Step]) -> None:
    """Play the steps one by one; after each, the markers must be exactly as written."""
    lines: list[str] = []
    for line, expected in steps:
        lines.append(line)
        assert markers(accepted(setup_line, *lines)) == expected, f"after {lines}"


# --- the state and the setup ----------------------------------------------------------------


def test_a_new_game_prints_each_player_with_own_life_and_the_markers_instead_of_a_turn() -> None:
    fresh = {
        "status": "in",
        "life": 20,
        "poison": 0,
        "commander_damage": {},
        "locked": False,
        "counters": {},
        "city_blessing": False,
        "ring": 0,
    }
    assert play(M8) == {
        "format": "grand-melee",
        "status": "active",
        "winners": [],
        "players": [{"name": name, **fresh} for name in NAMES[:8]],
        "markers": [
            {"number": 1, "player": "Ann", "waiting": False},
            {"number": 2, "player": "Eve", "waiting": False},
        ],
        "monarch": None,
        "initiative": None,
        "day_night": None,
        "pending": [],
        "rejected": [],
    }


OPENING = [
    (4, ["1 Ann"]),
    (5, ["1 Ann"]),
    (7, ["1 Ann"]),
    (8, ["1 Ann", "2 Eve"]),
    (9, ["1 Ann", "2 Eve"]),
    (11, ["1 Ann", "2 Eve"]),
    (12, ["1 Ann", "2 Eve", "3 Ivy"]),
    # 608.4a's example: fifteen players have three markers, sixteen have four.
    (15, ["1 Ann", "2 Eve", "3 Ivy"]),
    (16, ["1 Ann", "2 Eve", "3 Ivy", "4 Max"]),
]


@pytest.mark.parametrize(("count", "expected"), OPENING, ids=[f"{c[0]} players" for c in OPENING])
def test_one_marker_per_full_four_players_the_kth_at_seat_four_times_k_minus_one(
    count: int, expected: list[str]
) -> None:
    assert markers(play(melee(count))) == expected


def test_the_alias_melee_sets_up_grand_melee() -> None:
    state = play("game melee players: Ann, Bob, Cid, Dan")
    assert state["format"] == "grand-melee"
    assert "turn" not in state
    assert markers(state) == ["1 Ann"]


# --- range of influence 1 and attack left ---------------------------------------------------


@pytest.mark.parametrize(
    "phrase",
    [
        "deal 7 to {t}",
        "poison 7 to {t}",
        "{t} loses 7",
        "{t} gains 7",
        "set {t} life to 7",
        "halve {t}",
    ],
)
@pytest.mark.parametrize("target", ["Bob", "Hal", "Ann"])
def test_a_player_may_name_themselves_and_the_players_next_to_them(
    phrase: str, target: str
) -> None:
    accepted(M8, "Ann: " + phrase.format(t=target))


@pytest.mark.parametrize(
    "phrase",
    [
        "deal 7 to {t}",
        "poison 7 to {t}",
        "{t} loses 7",
        "{t} gains 7",
        "set {t} life to 7",
        "halve {t}",
    ],
)
@pytest.mark.parametrize(("target", "distance"), [("Cid", 2), ("Gus", 2), ("Eve", 4)])
def test_naming_a_player_beyond_the_next_seat_is_refused_with_distance_and_reach(
    phrase: str, target: str, distance: int
) -> None:
    error = refused(M8, "Ann: " + phrase.format(t=target))
    assert "seat" in error.lower()
    assert "reach" in error.lower()
    assert says_number(error, distance), error
    assert says_number(error, 1), error


# --- ranges are determined as each turn begins: whenever a marker reaches a player ------------


def test_the_contracts_example_dans_seat_parts_ann_and_cid_until_a_turn_begins() -> None:
    # M4: marker 1 goes Ann, Bob, Cid. On Cid's turn Cid knocks Dan out: Dan's seat still lies
    # between Ann and Cid until Cid's `next` passes the marker to Ann.
    lines = (M4, "Ann: next", "Bob: next", "Cid: attack Dan for 20")
    error = refused(*lines, "Ann: deal 1 to Cid")
    assert says_number(error, 2), error
    assert "Dan's seat counts until the next turn begins" in error
    state = accepted(*lines, "Cid: next", "Ann: deal 1 to Cid")
    assert (markers(state), player(state, "Cid")["life"]) == (["1 Ann"], 19)


def test_attacks_count_only_the_players_still_in_even_mid_turn() -> None:
    # Dan was Cid's left; with Dan out, Ann is, for combat at once (not for Cid's spells).
    lines = (M4, "Ann: next", "Bob: next", "Cid: attack Dan for 20")
    assert player(accepted(*lines, "Cid: attack Ann for 3"), "Ann")["life"] == 17
    refused(*lines, "Cid: deal 3 to Ann")


def test_a_marker_that_only_starts_to_wait_begins_no_turn() -> None:
    # M9, markers 1 Ann and 2 Eve. Bob leaves: eight are in, both markers stay. Ann's marker
    # heads for Cid but waits (Eve, third to Cid's left, holds 2): no turn begins, and Bob's
    # seat still lies between Ann and Cid. Eve's marker reaches Fay: a turn begins without Bob.
    walk(
        M9,
        [
            ("eliminate Bob", ["1 Ann", "2 Eve"]),
            ("Ann: next", ["1 Cid waiting", "2 Eve"]),
            ("Eve: next", ["1 Cid waiting", "2 Fay"]),  # Fay is third to Cid's left
        ],
    )
    refused(M9, "eliminate Bob", "Ann: deal 1 to Cid")
    refused(M9, "eliminate Bob", "Ann: next", "Ann: deal 1 to Cid")
    state = accepted(M9, "eliminate Bob", "Ann: next", "Eve: next", "Ann: deal 1 to Cid")
    assert player(state, "Cid")["life"] == 19


def test_a_waiting_marker_reaching_its_player_begins_a_turn() -> None:
    # M8: marker 1 waits for Bob (Eve holds 2). Eve concedes: seven are in, so marker 2 goes
    # (the first found from Eve's seat, hers), and marker 1 reaches Bob: a turn begins without
    # Eve, so Dan and Fay are neighbours at once.
    state = accepted(M8, "Ann: next", "Eve: concede", "Dan: deal 1 to Fay")
    assert (markers(state), player(state, "Fay")["life"]) == (["1 Bob"], 19)
    # Without a waiting marker no marker moves when Eve leaves (hers just goes): no turn begins.
    error = refused(M8, "Eve: concede", "Dan: deal 1 to Fay")
    assert "Eve's seat counts until the next turn begins" in error


def test_a_holder_leaving_passes_the_marker_on_and_that_begins_a_turn() -> None:
    # M4: Bob leaves on his own turn; marker 1 passes to Cid, whose turn begins without Bob.
    state = accepted(M4, "Ann: next", "Bob: concede", "Ann: deal 1 to Cid")
    assert (markers(state), player(state, "Cid")["life"]) == (["1 Cid"], 19)


def test_a_holder_leaving_whose_marker_only_waits_keeps_their_seat_counted() -> None:
    # M9: Ann concedes on her turn; marker 1 heads for Bob but waits (Eve holds 2), so Ivy is
    # still 2 seats from Bob. Eve's next passes 2 to Fay and frees 1 to reach Bob.
    walk(M9, [("Ann: concede", ["1 Bob waiting", "2 Eve"]), ("Eve: next", ["1 Bob", "2 Fay"])])
    refused(M9, "Ann: concede", "Ivy: deal 1 to Bob")
    accepted(M9, "Ann: concede", "Eve: next", "Ivy: deal 1 to Bob")


def test_each_effects_and_choices_follow_the_seats_counted_as_the_turn_began() -> None:
    # Dan knocked out on Cid's turn (M4): Cid's Flame Rift reaches Bob and Dan's empty seat.
    lines = (M4, "Ann: next", "Bob: next", "Cid: attack Dan for 20")
    state = accepted(*lines, "Cid: deal 1 to each opponent")
    assert lives(state) == {"Ann": 20, "Bob": 19, "Cid": 20, "Dan": 0}
    state = accepted(*lines, "Cid: next", "Cid: deal 1 to each opponent")
    assert lives(state) == {"Ann": 19, "Bob": 19, "Cid": 20, "Dan": 0}


def test_host_lines_and_eliminate_have_no_range() -> None:
    accepted(M8, "Eve loses 3", "set Eve life to 5", "halve Fay", "Ann: eliminate Eve")


EACH = [
    ("Ann: deal 3 to each player", all_at(20, EIGHT, Hal=17, Ann=17, Bob=17)),
    ("Ann: each opponent loses 2", all_at(20, EIGHT, Hal=18, Bob=18)),
    ("Eve: each opponent gains 2", all_at(20, EIGHT, Dan=22, Fay=22)),
    ("each player loses 1", all_at(19, EIGHT)),
]


@pytest.mark.parametrize(("line", "expected"), EACH, ids=[c[0] for c in EACH])
def test_an_each_effect_reaches_the_speaker_and_the_players_next_to_them(
    line: str, expected: dict[str, int]
) -> None:
    assert lives(accepted(M8, line)) == expected


@pytest.mark.parametrize(
    ("before", "line", "target"),
    [
        ([], "Ann: attack Bob for 2", "Bob"),
        ([], "Hal: attack Ann for 2", "Ann"),  # Hal's left is Ann, round the table
        (["eliminate Bob"], "Ann: attack Cid for 2", "Cid"),
    ],
)
def test_a_player_attacks_the_next_player_to_their_left_still_in(
    before: list[str], line: str, target: str
) -> None:
    assert player(accepted(M8, *before, line), target)["life"] == 18


@pytest.mark.parametrize(
    ("before", "line"),
    [
        ([], "Bob: attack Ann for 2"),  # Ann is to Bob's right
        ([], "Ann: attack Hal for 2"),
        ([], "Ann: attack Cid for 2"),
        (["eliminate Cid"], "Bob: attack Ann for 2"),
    ],
)
def test_attacking_anyone_but_the_next_player_to_the_left_is_refused(
    before: list[str], line: str
) -> None:
    error = refused(M8, *before, line)
    assert "left" in error.lower()


# --- passing markers: 608.4c's example on eight players ---------------------------------------


def test_eight_players_pass_their_two_markers_as_608_4c_says() -> None:
    walk(
        M8,
        [
            # Bob may not take marker 1: Eve, among the three to his left (Cid, Dan, Eve),
            # holds marker 2. Marker 1 waits for Bob.
            ("Ann: next", ["1 Bob waiting", "2 Eve"]),
            # Fay's three (Gus, Hal, Ann) hold none: a waiting marker blocks nothing. Then
            # marker 1 may go: Cid, Dan, Eve hold none any more.
            ("Eve: next", ["1 Bob", "2 Fay"]),
            # Gus's three (Hal, Ann, Bob): Bob holds marker 1.
            ("Fay: next", ["1 Bob", "2 Gus waiting"]),
            # Cid's three (Dan, Eve, Fay) hold none; then Gus's (Hal, Ann, Bob) hold none.
            ("Bob: next", ["1 Cid", "2 Gus"]),
            # The host ends Cid's turn; Dan's three (Eve, Fay, Gus): Gus holds marker 2.
            ("next Cid", ["1 Dan waiting", "2 Gus"]),
            # A bare host `next`: exactly one marker is held (Gus's), so it ends his turn.
            # Hal's three (Ann, Bob, Cid) hold none; then Dan's (Eve, Fay, Gus) hold none.
            ("next", ["1 Dan", "2 Hal"]),
            # Ann's three (Bob, Cid, Dan): Dan holds marker 1.
            ("Hal: next", ["1 Dan", "2 Ann waiting"]),
            # Eve's three (Fay, Gus, Hal) hold none; then Ann's (Bob, Cid, Dan) hold none.
            ("Dan: next", ["1 Eve", "2 Ann"]),
        ],
    )


def test_next_said_by_a_player_is_the_same_as_next_with_their_name_from_the_host() -> None:
    assert accepted(M8, "Eve: next") == accepted(M8, "next Eve")


def test_a_bare_host_next_with_several_markers_held_is_refused_asking_whose_turn_ends() -> None:
    error = refused(M8, "next")
    assert "turn" in error.lower()
    refused(M12, "Ann: next", "Eve: next", "Ivy: next", "next")


@pytest.mark.parametrize(
    "lines",
    [
        ["Bob: next"],  # Bob holds no marker
        ["next Bob"],
        ["Ann: next", "Ann: next"],  # Ann passed hers
        ["Ann: next", "Bob: next"],  # Bob's marker waits: it is not his turn yet
        ["Ann: next", "next Bob"],
        ["Ann: concede", "Ann: next"],  # a player who is out
        ["next Zed"],
    ],
)
def test_ending_the_turn_of_a_player_who_holds_no_marker_is_refused(lines: list[str]) -> None:
    refused(M8, *lines)


def test_with_four_players_the_marker_being_passed_never_blocks_itself() -> None:
    walk(
        M4,
        [
            # Bob's three to the left are Cid, Dan and Ann: only Ann holds a marker, the one
            # being passed, so Bob takes it.
            ("Ann: next", ["1 Bob"]),
            ("next", ["1 Cid"]),
            ("Cid: next", ["1 Dan"]),
            ("Dan: next", ["1 Ann"]),
        ],
    )


def test_with_seven_players_one_marker_goes_round_the_table() -> None:
    walk(
        melee(7),
        [
            ("Ann: next", ["1 Bob"]),
            ("Bob: next", ["1 Cid"]),
            ("eliminate Dan", ["1 Cid"]),
            ("Cid: next", ["1 Eve"]),
        ],
    )


# --- nine players: a gap of four or five seats -------------------------------------------------


def test_nine_players_pass_markers_and_lose_one_when_seven_are_left() -> None:
    walk(
        M9,
        [
            # Bob's three (Cid, Dan, Eve): Eve holds marker 2.
            ("Ann: next", ["1 Bob waiting", "2 Eve"]),
            # Fay's three (Gus, Hal, Ivy) hold none; then Bob's (Cid, Dan, Eve) hold none.
            ("Eve: next", ["1 Bob", "2 Fay"]),
            # Gus's three (Hal, Ivy, Ann) hold none: nine seats leave room for a gap of five.
            ("Fay: next", ["1 Bob", "2 Gus"]),
            # Hal's three (Ivy, Ann, Bob): Bob holds marker 1.
            ("Gus: next", ["1 Bob", "2 Hal waiting"]),
            # Cid's three (Dan, Eve, Fay) hold none; then Hal's (Ivy, Ann, Bob) hold none.
            ("Bob: next", ["1 Cid", "2 Hal"]),
            # Dan's three (Eve, Fay, Gus) hold none: Hal is the fourth.
            ("Cid: next", ["1 Dan", "2 Hal"]),
            # Eve's three (Fay, Gus, Hal): Hal holds marker 2.
            ("Dan: next", ["1 Eve waiting", "2 Hal"]),
            # Eight still in: two markers are still one per full four, nothing is due.
            ("eliminate Bob", ["1 Eve waiting", "2 Hal"]),
            # Ivy's three still in (Ann, Cid, Dan; Bob is out) hold none; then Eve's three
            # (Fay, Gus, Hal) hold none.
            ("Hal: next", ["1 Eve", "2 Ivy"]),
            # Seven still in: one marker is due. Going right from Fay's seat: Eve, who holds
            # marker 1; she is taking a turn, so it goes when her turn ends.
            ("eliminate Fay", ["1 Eve", "2 Ivy"]),
            # Ann's three still in (Cid, Dan, Eve): Eve's marker, due, still blocks.
            ("Ivy: next", ["1 Eve", "2 Ann waiting"]),
            # Eve's `next` removes marker 1 instead of passing it; then Ann's three (Cid,
            # Dan, Eve) hold none. Marker 2 keeps its number.
            ("Eve: next", ["2 Ann"]),
            # One marker: the next player still in to Ann's left is Cid (Bob is out).
            ("Ann: next", ["2 Cid"]),
        ],
    )


def test_nine_players_losing_two_in_one_request_remove_the_lower_numbered_candidate() -> None:
    walk(
        M9,
        [
            ("Ann: next", ["1 Bob waiting", "2 Eve"]),
            ("Eve: next", ["1 Bob", "2 Fay"]),
            ("Fay: next", ["1 Bob", "2 Gus"]),
            ("Gus: next", ["1 Bob", "2 Hal waiting"]),
            ("Bob: next", ["1 Cid", "2 Hal"]),
            ("Bob loses 19", ["1 Cid", "2 Hal"]),
            ("Fay loses 19", ["1 Cid", "2 Hal"]),
            # Bob and Fay leave at once: seven still in, one marker due. Going right from
            # Bob's seat: Ann, Ivy, then Hal (marker 2); from Fay's: Eve, Dan, then Cid
            # (marker 1). The lower number, marker 1, goes when Cid's turn ends.
            ("each player loses 1", ["1 Cid", "2 Hal"]),
            # Marker 2 passes: Ivy's three still in (Ann, Cid, Dan): Cid holds marker 1.
            ("Hal: next", ["1 Cid", "2 Ivy waiting"]),
            # Cid's `next` removes marker 1; then Ivy's three hold none.
            ("Cid: next", ["2 Ivy"]),
        ],
    )


def test_a_waiting_marker_whose_player_leaves_waits_for_the_next_player_to_their_left() -> None:
    walk(
        M9,
        [
            ("Ann: next", ["1 Bob waiting", "2 Eve"]),
            # Eight still in: nothing is due. Marker 1 now waits for Cid, the next player
            # still in to Bob's left; Cid's three (Dan, Eve, Fay): Eve holds marker 2.
            ("eliminate Bob", ["1 Cid waiting", "2 Eve"]),
            # Fay's three (Gus, Hal, Ivy) hold none; Cid's three (Dan, Eve, Fay): Fay holds.
            ("Eve: next", ["1 Cid waiting", "2 Fay"]),
            # Gus's three (Hal, Ivy, Ann) hold none; then Cid's hold none.
            ("Fay: next", ["1 Cid", "2 Gus"]),
        ],
    )


@pytest.mark.parametrize("leave", ["Eve: concede", "eliminate Eve", "remove Eve", "Eve loses 20"])
def test_a_holder_who_leaves_with_no_removal_due_passes_the_marker_at_once(leave: str) -> None:
    # Nine to eight: still two markers. Eve's turn ends: Fay's three (Gus, Hal, Ivy) hold none.
    assert markers(accepted(M9, leave)) == ["1 Ann", "2 Fay"]


def test_a_holder_who_leaves_passes_a_marker_that_must_then_wait() -> None:
    # Ann's turn ends as she leaves: Bob's three (Cid, Dan, Eve): Eve holds marker 2.
    assert markers(accepted(M9, "Ann: concede")) == ["1 Bob waiting", "2 Eve"]


# --- eight players: removing markers (608.4d) --------------------------------------------------


def test_a_held_marker_due_for_removal_goes_when_its_turn_ends() -> None:
    walk(
        M8,
        [
            # Seven still in: one marker due. Going right from Cid's seat: Bob, then Ann, who
            # holds marker 1 and is taking a turn: it stays until her turn ends.
            ("eliminate Cid", ["1 Ann", "2 Eve"]),
            ("Ann: next", ["2 Eve"]),
            # One marker left: Fay takes it (Gus, Hal, Ann hold none).
            ("Eve: next", ["2 Fay"]),
        ],
    )


def test_a_waiting_marker_due_for_removal_goes_at_once() -> None:
    walk(
        M8,
        [
            ("Ann: next", ["1 Bob waiting", "2 Eve"]),
            # Going right from Dan's seat: Cid, then Bob, where marker 1 waits (it counts at
            # the player it waits for): it goes at once.
            ("eliminate Dan", ["2 Eve"]),
        ],
    )


def test_a_waiting_marker_counts_at_the_player_it_waits_for_not_where_it_came_from() -> None:
    walk(
        M8,
        [
            ("Ann: next", ["1 Bob waiting", "2 Eve"]),
            # Going right from Ann's seat: Hal, Gus, Fay, then Eve (marker 2, held: due when
            # her turn ends). Marker 1 counts at Bob, to Ann's left: found last.
            ("eliminate Ann", ["1 Bob waiting", "2 Eve"]),
            # Eve's `next` removes marker 2; then Bob's three (Cid, Dan, Eve) hold none.
            ("Eve: next", ["1 Bob"]),
        ],
    )


def test_a_held_marker_due_for_removal_still_blocks_until_it_goes() -> None:
    walk(
        M8,
        [
            # Going right from Gus's seat: Fay, then Eve (marker 2): due when her turn ends.
            ("eliminate Gus", ["1 Ann", "2 Eve"]),
            # Bob's three (Cid, Dan, Eve): Eve's marker still blocks.
            ("Ann: next", ["1 Bob waiting", "2 Eve"]),
            ("Eve: next", ["1 Bob"]),
        ],
    )


def test_the_marker_to_remove_is_fixed_by_the_leave_that_makes_a_removal_due() -> None:
    walk(
        M8,
        [
            # Gus's leave makes a removal due: going right from his seat, Fay, then Eve
            # (marker 2).
            ("eliminate Gus", ["1 Ann", "2 Eve"]),
            # contract silent: a marker already due counts as removed when judging whether
            # another removal is due (2 markers, 1 due, 1 per full four still in: none more).
            # Six still in: one per full four is still 1, and one removal is already due:
            # Cid's leave (which would have found marker 1) changes nothing.
            ("eliminate Cid", ["1 Ann", "2 Eve"]),
            ("Eve: next", ["1 Ann"]),
            # The next player still in to Ann's left is Bob.
            ("Ann: next", ["1 Bob"]),
        ],
    )


def test_a_holder_who_leaves_when_a_removal_falls_due_loses_their_marker_at_once() -> None:
    # contract silent: the search "going right from the departed player's seat" starts at that
    # seat itself, so a departing holder's marker is the one removed ("their marker is removed
    # if one is due"); their turn ends at once, so it goes at once.
    walk(
        M8,
        [
            ("Eve: concede", ["1 Ann"]),
            # Bob's three still in (Cid, Dan, Fay) hold none.
            ("Ann: next", ["1 Bob"]),
        ],
    )


# --- twelve players: three markers -------------------------------------------------------------


def test_twelve_players_pass_three_markers() -> None:
    walk(
        M12,
        [
            # Bob's three (Cid, Dan, Eve): Eve holds marker 2.
            ("Ann: next", ["1 Bob waiting", "2 Eve", "3 Ivy"]),
            # Fay's three (Gus, Hal, Ivy): Ivy holds marker 3, so 2 waits too. Then marker 1:
            # Bob's three hold none now (Eve's marker waits), so Bob takes it.
            ("Eve: next", ["1 Bob", "2 Fay waiting", "3 Ivy"]),
            # Jon's three (Kim, Lea, Ann) hold none; then Fay's (Gus, Hal, Ivy) hold none.
            ("Ivy: next", ["1 Bob", "2 Fay", "3 Jon"]),
            # Kim's three (Lea, Ann, Bob): Bob holds marker 1.
            ("next Jon", ["1 Bob", "2 Fay", "3 Kim waiting"]),
            # Cid's three (Dan, Eve, Fay): Fay holds marker 2, so 1 waits. Lowest number
            # first: 1 still cannot go; 3 can (Lea, Ann, Bob hold none now).
            ("Bob: next", ["1 Cid waiting", "2 Fay", "3 Kim"]),
            # Gus's three (Hal, Ivy, Jon) hold none; then Cid's (Dan, Eve, Fay) hold none.
            ("Fay: next", ["1 Cid", "2 Gus", "3 Kim"]),
            # Hal's three (Ivy, Jon, Kim): Kim holds marker 3.
            ("Gus: next", ["1 Cid", "2 Hal waiting", "3 Kim"]),
        ],
    )


def test_twelve_players_lose_markers_as_they_leave() -> None:
    walk(
        M12,
        [
            ("Ann: next", ["1 Bob waiting", "2 Eve", "3 Ivy"]),
            ("Eve: next", ["1 Bob", "2 Fay waiting", "3 Ivy"]),
            ("Ivy: next", ["1 Bob", "2 Fay", "3 Jon"]),
            # Eleven still in: two markers per full fours, one due. Going right from Lea's
            # seat: Kim, then Jon (marker 3), due when his turn ends.
            ("eliminate Lea", ["1 Bob", "2 Fay", "3 Jon"]),
            ("Jon: next", ["1 Bob", "2 Fay"]),
            # Ten, nine, eight still in: two markers are still one per full four.
            ("eliminate Kim", ["1 Bob", "2 Fay"]),
            ("eliminate Hal", ["1 Bob", "2 Fay"]),
            ("eliminate Dan", ["1 Bob", "2 Fay"]),
            # Seven still in: one due. Going right from Ivy's seat: Hal (out), Gus, then Fay
            # (marker 2), due when her turn ends.
            ("eliminate Ivy", ["1 Bob", "2 Fay"]),
            # Cid's three still in (Eve, Fay, Gus): Fay's marker, due, still blocks.
            ("Bob: next", ["1 Cid waiting", "2 Fay"]),
            # Fay's `next` removes marker 2; then Cid's three hold none.
            ("Fay: next", ["1 Cid"]),
            # The next player still in to Cid's left is Eve (Dan is out).
            ("Cid: next", ["1 Eve"]),
        ],
    )


def test_sixteen_players_pass_four_markers_independently_when_nothing_blocks() -> None:
    walk(
        melee(16),
        [
            # Bob's three (Cid, Dan, Eve): Eve holds marker 2.
            ("Ann: next", ["1 Bob waiting", "2 Eve", "3 Ivy", "4 Max"]),
            # Ned's three (Oli, Pam, Ann) hold none: marker 1 waits, it blocks nothing.
            ("Max: next", ["1 Bob waiting", "2 Eve", "3 Ivy", "4 Ned"]),
            # Jon's three (Kim, Lea, Max) hold none now.
            ("Ivy: next", ["1 Bob waiting", "2 Eve", "3 Jon", "4 Ned"]),
            # Fay's three (Gus, Hal, Ivy) hold none; then Bob's (Cid, Dan, Eve) hold none.
            ("Eve: next", ["1 Bob", "2 Fay", "3 Jon", "4 Ned"]),
        ],
    )


# --- undo, the end of the game, sorcery-concede ------------------------------------------------


@pytest.mark.parametrize(
    "line", ["Eve: next", "next Eve", "eliminate Cid", "eliminate Dan", "Eve: concede"]
)
def test_undo_takes_back_a_move_or_a_removal_of_markers_exactly(line: str) -> None:
    prefix = (M8, "Ann: next")
    assert accepted(*prefix, line, "undo") == accepted(*prefix)


LAST_ONE_STANDING = ("Cid gains 1", "each player loses 20")  # everyone but Cid falls at once


def test_in_a_finished_game_the_markers_stay_as_they_were() -> None:
    # Ann and Eve lose while holding markers; the game is over, so nothing passes or goes.
    state = accepted(M8, *LAST_ONE_STANDING)
    assert state["status"] == "finished"
    assert state["winners"] == ["Cid"]
    assert markers(state) == ["1 Ann", "2 Eve"]
    state = accepted(M8, "Ann: next", *LAST_ONE_STANDING)
    assert markers(state) == ["1 Bob waiting", "2 Eve"]


def test_the_game_ends_when_one_player_is_left_and_the_last_losing_at_once_draw() -> None:
    state = accepted(M4, "eliminate Bob", "eliminate Cid", "eliminate Dan")
    assert state["winners"] == ["Ann"]
    assert markers(state) == ["1 Ann"]
    state = accepted(melee(4, " life: 3"), "each player loses 3")
    assert state["status"] == "finished"
    assert state["winners"] == []
    assert markers(state) == ["1 Ann"]


@pytest.mark.parametrize("line", ["Ann: next", "next", "next Ann", "Ann: deal 1 to Bob"])
def test_nothing_more_is_recorded_once_the_game_is_finished(line: str) -> None:
    refused(M8, *LAST_ONE_STANDING, line)


# --- `win` under range 1 (801.14): the players next to the speaker lose instead ---------------


def test_a_win_at_a_table_of_four_fells_both_neighbours_and_the_game_goes_on() -> None:
    state = accepted(M4, "Ann: win")
    assert (state["status"], state["winners"]) == ("active", [])
    assert statuses(state) == {"Ann": "in", "Bob": "lost", "Cid": "in", "Dan": "lost"}
    assert markers(state) == ["1 Ann"]


def test_a_win_whose_range_holds_only_departed_seats_is_refused_until_a_turn_begins() -> None:
    error = refused(M4, "Ann: win", "Ann: win")
    assert "No opponent still in is within Ann's range" in error, error
    assert "Bob's and Dan's seats count until the next turn begins" in error
    # Ann's marker passes to Cid: Ann and Cid are neighbours now; Cid loses, Ann is left alone.
    state = accepted(M4, "Ann: win", "Ann: next", "Ann: win")
    assert state["winners"] == ["Ann"]
    assert statuses(state) == {"Ann": "won", "Bob": "lost", "Cid": "lost", "Dan": "lost"}


def test_players_leaving_by_a_win_make_a_marker_due_as_any_departure_does() -> None:
    # M8: Bob and Hal lose; six are in, one marker is kept. The first found going right from
    # Bob's seat is Ann's (1), from Hal's Eve's (2): the lower, Ann's, goes when her turn ends.
    walk(M8, [("Ann: win", ["1 Ann", "2 Eve"]), ("Ann: next", ["2 Eve"])])
    assert statuses(accepted(M8, "Ann: win")) == all_at("in", EIGHT, Bob="lost", Hal="lost")


MELEE_MINIONS = "game grand-melee players: Ann, Bob, Cid, Dan, Eve rules: minions"


def test_with_minions_every_other_player_is_an_opponent_of_a_win() -> None:
    # Bob falls to Ann and serves her; his win still fells his master Ann (and Cid), which
    # frees him. Bob, Dan and Eve play on, none a minion.
    state = accepted(MELEE_MINIONS, "Ann: attack Bob for 20", "Bob: win")
    assert state["status"] == "active"
    assert statuses(state) == {"Ann": "lost", "Bob": "in", "Cid": "lost", "Dan": "in", "Eve": "in"}
    assert player(state, "Bob")["master"] is None
    # Ann's win fells her own minion Bob, next to her, and Eve.
    state = accepted(MELEE_MINIONS, "Ann: attack Bob for 20", "Ann: win")
    assert statuses(state) == {"Ann": "in", "Bob": "lost", "Cid": "in", "Dan": "in", "Eve": "lost"}


def test_under_sorcery_concede_a_players_own_turn_is_when_they_hold_a_marker_not_waiting() -> None:
    game = melee(8, " rules: sorcery-concede")
    assert "turn" in refused(game, "Bob: concede").lower()
    assert statuses(accepted(game, "Ann: concede"))["Ann"] == "conceded"
    assert statuses(accepted(game, "Eve: concede"))["Eve"] == "conceded"
    # Bob's marker waits: not his turn yet; Ann's turn has ended.
    refused(game, "Ann: next", "Bob: concede")
    refused(game, "Ann: next", "Ann: concede")
    assert statuses(accepted(game, "Ann: next", "Eve: next", "Bob: concede"))["Bob"] == "conceded"


@pytest.mark.parametrize(
    "line", ["Ann: deal 3 to Bob via left", "Ann: attack Bob for 3 hitting Bob"]
)
def test_via_and_hitting_are_refused_with_one_sentence_naming_totem(line: str) -> None:
    assert "totem" in refused(M8, line).lower()
