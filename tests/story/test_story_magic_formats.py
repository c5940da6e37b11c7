"""Small games of each Magic format, their stories worked out by hand.

On the axis, the k-th of n changes made during turn t sits at t + k / (n + 1) (k from 1): two
changes in turn 1 at 1.3333 and 1.6667, three at 1.25, 1.5 and 1.75 (a `next` is a change of
the turn it ends).
"""

from __future__ import annotations

from tests.story.tellers import exits, fell, outcomes, play, points
from totembot.core.story import CommanderTally, Hit


def test_a_totem_game_tells_the_totem_that_died_and_both_players_it_took_out() -> None:
    told = play(
        "game totem players: Ann, Bob, Cid",
        [
            "Ann: deal 3 to Bob",  # only Bob-Cid is legal to Ann: 17 (turn 1, 1.25)
            "Bob: attack Cid-Ann for 5 hitting Cid",  # Cid-Ann 15 (1.5)
            "next",  # (1.75)
            "Cid: deal 7 to Ann",  # only Ann-Bob is legal to Cid: 13 (turn 2, 2.25)
            "Cid: pay 4 via left",  # Cid-Ann 11, a cost (2.5)
            "next",  # (2.75)
            "Cid: deal 13 to Bob",  # Ann-Bob 0: it dies, Ann and Bob lose, Cid wins (3.5)
        ],
    )
    story = told.story
    assert (story.title, story.measure, story.finished) == ("Totem", "life", True)
    assert (story.winners, story.turns, story.ended_at) == (("Cid",), 3, "t7")
    assert [track.kind for track in story.tracks] == ["totem"] * 3
    assert points(story, "Ann-Bob") == [(1.0, 20), (2.25, 13), (3.5, 0)]
    assert points(story, "Bob-Cid") == [(1.0, 20), (1.25, 17), (3.5, 17)]
    assert points(story, "Cid-Ann") == [(1.0, 20), (1.5, 15), (2.5, 11), (3.5, 11)]
    assert fell(story, "Ann-Bob") == (3.5, 0)
    assert fell(story, "Bob-Cid") is None and fell(story, "Cid-Ann") is None
    assert exits(story) == [("Ann", 3, "lost", "life"), ("Bob", 3, "lost", "life")]
    assert [exit.reason for exit in story.exits] == ["Ann-Bob died"] * 2
    assert story.biggest_hit == Hit(13, "Ann-Bob", "Cid", 3, "damage")
    assert outcomes(told.result) == [
        (0, "Ann", "loss", "life"),
        (1, "Bob", "loss", "life"),
        (2, "Cid", "win", None),
    ]


def test_a_totem_whose_players_both_leave_is_not_marked_as_fallen_but_their_exits_are() -> None:
    told = play(
        "game totem players: Ann, Bob, Cid, Dan",
        ["Bob: concede", "remove Cid"],  # Bob-Cid stands, with no player left
    )
    story = told.story
    assert [fell(story, track.name) for track in story.tracks] == [None] * 4
    assert exits(story) == [("Bob", 1, "conceded", "conceded"), ("Cid", 1, "removed", "removed")]
    assert [exit.recorded_at for exit in story.exits] == ["t1", "t2"]
    assert outcomes(told.result)[1:3] == [
        (1, "Bob", "loss", "conceded"),
        (2, "Cid", "loss", "removed"),
    ]


def test_a_free_for_all_tells_commander_damage_and_poison_and_the_tallies_largest_first() -> None:
    told = play(
        "game free-for-all players: Ann, Bob, Cid commander",
        [
            "Ann: attack Bob for 9 with commander",  # Bob 31, tally Ann on Bob 9 (1.25)
            "Bob: attack Ann for 9",  # Ann 31 (1.5)
            "next",  # (1.75)
            "Ann: attack Bob for 12 with commander",  # Bob 19, tally 21: Bob loses (2.25)
            "Cid: attack Ann for 5 with commander Tymna",  # Ann 26 (2.5)
            "next",  # (2.75)
            "Ann: poison 10 to Cid",  # Cid loses; Ann wins (3.5)
        ],
    )
    story = told.story
    assert (story.winners, story.turns) == (("Ann",), 3)
    assert exits(story) == [
        ("Bob", 2, "lost", "commander damage"),
        ("Cid", 3, "lost", "poison"),
    ]
    assert story.commander_damage == (
        CommanderTally("Ann", "Bob", 21),
        CommanderTally("Cid:Tymna", "Ann", 5),
    )
    assert story.biggest_hit == Hit(12, "Bob", "Ann", 2, "combat")
    assert points(story, "Ann") == [(1.0, 40), (1.5, 31), (2.5, 26), (3.5, 26)]
    assert points(story, "Bob") == [(1.0, 40), (1.25, 31), (2.25, 19), (3.5, 19)]
    assert (fell(story, "Bob"), fell(story, "Cid"), fell(story, "Ann")) == (
        (2.25, 19),
        (3.5, 40),
        None,
    )
    assert [(track.kind, track.colour) for track in story.tracks] == [
        ("player", 0),
        ("player", 1),
        ("player", 2),
    ]
    assert outcomes(told.result) == [
        (0, "Ann", "win", None),
        (1, "Bob", "loss", "commander damage"),
        (2, "Cid", "loss", "poison"),
    ]


def test_the_biggest_hit_leaves_out_payments_and_corrections_and_a_tie_goes_to_the_earliest() -> (
    None
):
    told = play(
        "game free-for-all players: Ann, Bob, Cid",
        [
            "Ann: pay 15",  # a cost, not a hit
            "Cid: set Bob life to 2",  # a correction: 18 off, not a hit
            "Bob: deal 6 to Cid",
            "Ann: Cid loses 6",  # as big, but later
            "Bob gains 10",
        ],
    )
    assert told.story.biggest_hit == Hit(6, "Cid", "Bob", 1, "damage")


def test_a_two_headed_giant_draws_team_lines_and_a_concession_takes_the_team_out() -> None:
    told = play(
        "game two-headed-giant teams: Ann+Bob, Cid+Dan commander",
        [
            "Ann: attack Cid for 10 with commander",  # Cid+Dan 60 -> 50, tally on Cid (1.3333)
            "next",  # (1.6667)
            "Dan: attack Bob for 6",  # Ann+Bob 54 (2.3333)
            "Bob: concede",  # Ann falls with her team; Cid and Dan win (2.6667)
        ],
    )
    story = told.story
    assert (story.title, story.winners, story.turns) == ("Two-Headed Giant", ("Cid", "Dan"), 2)
    assert [(t.name, t.kind, t.colour) for t in story.tracks] == [
        ("Ann+Bob", "team", 0),
        ("Cid+Dan", "team", 1),
    ]
    assert points(story, "Ann+Bob") == [(1.0, 60), (2.3333, 54), (2.6667, 54)]
    assert points(story, "Cid+Dan") == [(1.0, 60), (1.3333, 50), (2.6667, 50)]
    assert fell(story, "Ann+Bob") == (2.6667, 54)  # the last of its players went out
    assert exits(story) == [("Bob", 2, "conceded", "conceded"), ("Ann", 2, "lost", "team")]
    assert story.commander_damage == (CommanderTally("Ann", "Cid", 10),)
    assert outcomes(told.result) == [
        (0, "Ann", "loss", "team"),
        (1, "Bob", "loss", "conceded"),
        (2, "Cid", "win", None),
        (3, "Dan", "win", None),
    ]


def test_an_emperor_game_counts_the_generals_who_fall_with_their_emperor_as_team() -> None:
    told = play(
        "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay",
        ["Cid: attack Dan for 20", "Cid: attack Eve for 20"],  # 1.3333 and 1.6667
    )
    story = told.story
    assert (story.winners, story.turns) == (("Ann", "Bob", "Cid"), 1)
    assert exits(story) == [
        ("Dan", 1, "lost", "life"),
        ("Eve", 1, "lost", "life"),
        ("Fay", 1, "lost", "team"),
    ]
    assert story.exits[2].reason == "their emperor Eve is out"
    assert fell(story, "Dan") == (1.3333, 0)
    assert fell(story, "Fay") == (1.6667, 20)  # she went out with her life untouched
    assert points(story, "Fay") == [(1.0, 20), (1.6667, 20)]
    assert [seat.outcome for seat in told.result.seats] == ["win"] * 3 + ["loss"] * 3


def test_a_teams_game_names_its_lines_in_seat_order_and_the_team_wins_with_a_player_out() -> None:
    told = play(
        "game teams teams: Ann+Bob, Cid+Dan",  # seated Ann, Cid, Bob, Dan
        ["Ann: attack Cid for 20", "next", "Bob: attack Dan for 20"],
    )
    story = told.story
    assert [(t.name, t.colour) for t in story.tracks] == [
        ("Ann", 0),
        ("Cid", 1),
        ("Bob", 2),
        ("Dan", 3),
    ]
    assert exits(story) == [("Cid", 1, "lost", "life"), ("Dan", 2, "lost", "life")]
    assert points(story, "Dan") == [(1.0, 20), (2.5, 0)]
    assert outcomes(told.result) == [
        (0, "Ann", "win", None),
        (1, "Cid", "loss", "life"),
        (2, "Bob", "win", None),
        (3, "Dan", "loss", "life"),
    ]


def test_a_grand_melee_game_stays_in_turn_one_as_its_state_counts_no_turns() -> None:
    told = play(
        "game grand-melee players: Ann, Bob, Cid, Dan, Eve",
        [
            "Ann: attack Bob for 4",  # 1 + 1/6
            "Ann: next",
            "Bob: attack Cid for 20",  # 1.5
            "Bob: next",
            "Dan: concede",  # 1 + 5/6
        ],
    )
    story = told.story
    assert (story.finished, story.turns, story.ended_at) == (False, 1, None)
    assert points(story, "Bob") == [(1.0, 20), (1.1667, 16), (1.8333, 16)]
    assert fell(story, "Cid") == (1.5, 0)
    assert fell(story, "Dan") == (1.8333, 20)
    assert exits(story) == [("Cid", 1, "lost", "life"), ("Dan", 1, "conceded", "conceded")]


def test_players_felled_by_a_win_within_range_went_out_eliminated_and_the_winner_decided() -> None:
    # Range 1: Ann's win fells Bob and Dan (a loss by an effect); Cid stays in, then Ann's
    # marker reaches Cid and her second win fells Cid, the last opponent: the game is decided.
    told = play(
        "game grand-melee players: Ann, Bob, Cid, Dan",
        ["Ann: win", "Ann: next", "Ann: win"],
    )
    story = told.story
    assert story.winners == ("Ann",)
    assert exits(story) == [
        ("Bob", 1, "lost", "eliminated"),
        ("Dan", 1, "lost", "eliminated"),
        ("Cid", 1, "lost", "eliminated"),
    ]
    assert story.exits[0].reason == "in Ann's range when Ann won by an effect"
    assert outcomes(told.result) == [
        (0, "Ann", "win", None),
        (1, "Bob", "loss", "eliminated"),
        (2, "Cid", "loss", "eliminated"),
        (3, "Dan", "loss", "eliminated"),
    ]


def test_minions_and_masters_tells_a_third_fall_as_life_and_the_minion_the_end_took_out() -> None:
    told = play(
        "game free-for-all players: Ann, Bob, Cid rules: minions",
        [
            "Ann: deal 20 to Bob",  # Bob falls: Ann's minion at 10 (1.2)
            "Cid: deal 10 to Bob",  # falls again: Cid's minion at 5 (1.4)
            "Ann: deal 5 to Bob",  # a third time: Bob loses (1.6)
            "Ann: deal 20 to Cid",  # Cid is Ann's minion at 10; Ann alone is free: she wins
        ],
    )
    story = told.story
    assert (story.winners, story.turns) == (("Ann",), 1)
    assert exits(story) == [("Bob", 1, "lost", "life"), ("Cid", 1, "lost", "game decided")]
    assert story.exits[1].reason == "Ann won"
    assert points(story, "Bob") == [(1.0, 20), (1.2, 10), (1.4, 5), (1.6, 0), (1.8, 0)]
    assert points(story, "Cid") == [(1.0, 20), (1.8, 10)]
    assert fell(story, "Bob") == (1.6, 0) and fell(story, "Cid") == (1.8, 10)
    assert story.biggest_hit == Hit(20, "Bob", "Ann", 1, "damage")  # the earlier of two 20s
    assert story.notes == ("Minions at the end: Cid served Ann.", "Falls: Bob 2, Cid 1.")
    assert outcomes(told.result) == [
        (0, "Ann", "win", None),
        (1, "Bob", "loss", "life"),
        (2, "Cid", "loss", "game decided"),
    ]


def test_madness_minions_counts_a_third_madness_fall_and_a_plain_elimination_as_eliminated() -> (
    None
):
    told = play(
        "game free-for-all players: Ann, Bob, Cid, Dan rules: minions, madness-minions",
        [
            "Ann: eliminate Bob by Cid",
            "Ann: eliminate Bob by Dan",
            "Ann: eliminate Bob by Cid",  # a third time: Bob loses, his life untouched
            "Ann: eliminate Dan",
        ],
    )
    assert exits(told.story) == [("Bob", 1, "lost", "eliminated"), ("Dan", 1, "lost", "eliminated")]
    assert told.story.notes == ("Falls: Bob 2.",)  # no one serves anyone now


def test_a_game_without_minions_has_no_notes() -> None:
    told = play("game free-for-all players: Ann, Bob", ["Ann: deal 3 to Bob"])
    assert told.story.notes == ()
