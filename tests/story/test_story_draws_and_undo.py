"""Draws count for those still in when the game ended; undo takes a change out of the story."""

from __future__ import annotations

from tests.story.tellers import exits, fell, outcomes, play, points


def test_a_draw_counts_for_those_it_took_out_and_a_loss_for_one_out_before() -> None:
    told = play(
        "game free-for-all players: Ann, Bob, Cid",
        [
            "Ann: deal 20 to Bob",  # Bob is out first (1.3333)
            "Cid: deal 20 to each player",  # Ann and Cid at 0 at once: a draw (1.6667)
        ],
    )
    story = told.story
    assert story.finished and story.draw and story.winners == ()
    assert exits(story) == [
        ("Bob", 1, "lost", "life"),
        ("Ann", 1, "lost", "life"),
        ("Cid", 1, "lost", "life"),
    ]
    assert outcomes(told.result) == [
        (0, "Ann", "draw", "life"),
        (1, "Bob", "loss", "life"),
        (2, "Cid", "draw", "life"),
    ]


def test_the_result_of_a_draw_depends_on_the_changes_that_ended_it() -> None:
    told = play(
        "game free-for-all players: Ann, Bob, Cid",
        ["Ann: deal 20 to Bob", "Cid: deal 20 to each player"],
    )
    final = told.steps[-1].state
    earlier = told.ruleset.result(final, told.steps[0].events)  # as if Bob's loss ended it
    assert [seat.outcome for seat in earlier.seats] == ["loss", "draw", "loss"]


def test_an_undone_change_leaves_the_lines_and_the_exits() -> None:
    told = play(
        "game free-for-all players: Ann, Bob, Cid",
        ["Ann: deal 20 to Bob", "undo", "Ann: deal 5 to Bob"],
    )
    story = told.story
    assert points(story, "Bob") == [(1.0, 20), (1.5, 15)]  # the one change that stands
    assert fell(story, "Bob") is None
    assert story.exits == ()
    assert story.biggest_hit is not None and story.biggest_hit.amount == 5


def test_an_undone_game_end_leaves_a_game_still_going() -> None:
    told = play(
        "game free-for-all players: Ann, Bob",
        ["Ann: deal 20 to Bob", "undo", "Ann: deal 3 to Bob"],
    )
    story = told.story
    assert (story.finished, story.winners, story.ended_at) == (False, (), None)
    assert story.exits == ()
    assert points(story, "Bob") == [(1.0, 20), (1.5, 17)]
    assert [seat.way_out for seat in told.result.seats] == [None, None]


def test_a_game_with_nothing_recorded_tells_the_starting_lines() -> None:
    told = play("game totem players: Ann, Bob, Cid", [])
    story = told.story
    assert (story.turns, story.exits, story.biggest_hit) == (1, (), None)
    assert [points(story, track.name) for track in story.tracks] == [[(1.0, 20)]] * 3
