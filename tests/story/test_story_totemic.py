"""A Totemic match and a solo ladder, their stories worked out by hand.

`turn.number` starts at 1 in every game, so the axis counts turns across the match: when game
1 ends in its turn 2, game 2's turn 1 is the running turn 3 and a break sits at 3.0.
"""

from __future__ import annotations

from tests.story.tellers import exits, fell, outcomes, play, points
from totembot.core.story import Hit

MATCH = [
    # game 1, turn 1 (Bob first: Ann has more power and holds dominance): 5 changes
    "Bob: challenge",
    "Ann: accept",
    "Bob: reveal 9",
    "Ann: reveal 3",  # Ann loses the level, 5: 6 -> 1 (4th of 5: 1.6667)
    "next",
    # turn 2: 3 changes
    "Ann: challenge",
    "Bob: submit",  # Bob loses 5: 5 -> 0 (2.5)
    "next",  # Ann wins game 1, 1 to 0 (2.75); game 2 starts at 3.0
    # game 2, turn 1 = running 3
    "Bob: draw",
    "Bob: Ann loses 6",  # Ann 6 -> 0 (3.5)
    "next",  # Bob wins game 2, 5 to 0 (3.75); game 3 starts at 4.0
    # game 3, turn 1 = running 4
    "Bob: draw",
    "next",
    # turn 2 = running 5: 4 changes
    "Ann: draw",
    "Ann: lose 6",  # Ann 0 (5.4)
    "Bob loses 5",  # Bob 0 (5.6)
    "next",  # tied at 0: Ann holds dominance and wins game 3 and the match (5.8)
]


def test_a_match_counts_turns_across_its_games_and_breaks_where_each_game_starts() -> None:
    told = play("game totemic players: Ann, Bob power: 6, 5 match: 3", MATCH)
    story = told.story
    assert (story.title, story.measure, story.format) == ("Totemic", "power", "totemic")
    assert (story.finished, story.winners, story.turns) == (True, ("Ann",), 5)
    assert story.breaks == (3.0, 4.0)
    assert points(story, "Ann") == [
        (1.0, 6),
        (1.6667, 1),
        (3.0, 6),
        (3.5, 0),
        (4.0, 6),
        (5.4, 0),
        (5.8, 0),
    ]
    assert points(story, "Bob") == [(1.0, 5), (2.5, 0), (3.0, 5), (4.0, 5), (5.6, 0), (5.8, 0)]
    assert [(track.kind, track.colour) for track in story.tracks] == [("animal", 0), ("animal", 1)]


def test_a_match_has_an_exit_for_each_game_lost_and_marks_each_animal_s_last_loss() -> None:
    story = play("game totemic players: Ann, Bob power: 6, 5 match: 3", MATCH).story
    assert exits(story) == [
        ("Bob", 2, "lost", "power"),
        ("Ann", 3, "lost", "power"),
        ("Bob", 5, "lost", "dominance"),
    ]
    assert [exit.reason for exit in story.exits] == [
        "lost game 1, 0 power to Ann's 1",
        "lost game 2, 0 power to Bob's 5",
        "lost game 3 on dominance, tied with Ann at 0 power",
    ]
    assert fell(story, "Ann") == (3.75, 0)
    assert fell(story, "Bob") == (5.8, 0)


def test_a_match_tells_its_score_its_biggest_loss_and_no_commander_damage() -> None:
    told = play("game totemic players: Ann, Bob power: 6, 5 match: 3", MATCH)
    story = told.story
    assert story.notes == ("Ann won the match 2-1.",)
    assert story.biggest_hit == Hit(6, "Ann", "Bob", 3, "effect")  # the earlier of two 6s
    assert story.commander_damage == ()
    assert outcomes(told.result) == [(0, "Ann", "win", None), (1, "Bob", "loss", "dominance")]


def test_an_unfinished_match_tells_the_score_so_far() -> None:
    story = play("game totemic players: Ann, Bob power: 6, 5 match: 3", MATCH[:8]).story
    assert (story.finished, story.ended_at, story.breaks) == (False, None, (3.0,))
    assert story.notes == ("The match stands Ann 1, Bob 0 (best of 3).",)
    assert story.turns == 3


SOLO = [
    # confrontation 1, turn 1 (Badger first: Ann has more power): 5 changes
    "Badger: challenge",
    "Ann: accept",
    "Badger: reveal 9",
    "Ann: reveal 2",  # Ann loses 5: 10 -> 5 (1.6667)
    "next",
    # turn 2
    "Ann: draw",
    "Badger loses 8",  # Badger 0 (2.5)
    "next",  # Ann wins (2.75); she carries 5 + 8 // 2 = 9 against Bat from 3.0
    # confrontation 2, turn 1 = running 3 (Bat first: Ann 9 to 6)
    "Bat: draw",
    "Ann loses 9",  # Ann 0 (3.5)
    "next",  # Bat wins: the solo game is over (3.75)
]


def test_a_solo_ladder_draws_each_rival_only_through_its_own_confrontation() -> None:
    told = play("game totemic-solo players: Ann power: 10 rivals: Badger 8, Bat 6, Wolf 7", SOLO)
    story = told.story
    assert (story.title, story.winners, story.turns, story.breaks) == (
        "Totemic solo",
        ("Bat",),
        3,
        (3.0,),
    )
    assert [(track.name, track.colour) for track in story.tracks] == [
        ("Ann", 0),
        ("Badger", 1),
        ("Bat", 2),
    ]  # Wolf, never reached, has no line
    assert points(story, "Ann") == [(1.0, 10), (1.6667, 5), (3.0, 9), (3.5, 0), (3.75, 0)]
    assert points(story, "Badger") == [(1.0, 8), (2.5, 0), (2.75, 0)]
    assert points(story, "Bat") == [(3.0, 6), (3.75, 6)]
    assert (fell(story, "Badger"), fell(story, "Ann"), fell(story, "Bat")) == (
        (2.75, 0),
        (3.75, 0),
        None,
    )


def test_a_solo_ladder_tells_who_went_out_the_climb_and_the_one_seat_s_result() -> None:
    told = play("game totemic-solo players: Ann power: 10 rivals: Badger 8, Bat 6, Wolf 7", SOLO)
    story = told.story
    assert exits(story) == [("Badger", 2, "lost", "power"), ("Ann", 3, "lost", "power")]
    assert story.exits[0].reason == "lost confrontation 1, 0 power to Ann's 5"
    assert story.notes == ("Ann defeated Badger, then lost to Bat (confrontation 2 of 3).",)
    assert story.biggest_hit == Hit(9, "Ann", None, 3, "effect")  # the host's line: no one's
    assert outcomes(told.result) == [(0, "Ann", "loss", "power")]


def test_a_solo_player_who_beats_every_rival_wins_with_no_way_out() -> None:
    told = play(
        "game totemic-solo players: Ann power: 10 rivals: Badger 8",
        ["Badger: draw", "Badger loses 8", "next"],
    )
    assert told.story.notes == ("Ann defeated every rival: Badger.",)
    assert outcomes(told.result) == [(0, "Ann", "win", None)]
    assert exits(told.story) == [("Badger", 1, "lost", "power")]
