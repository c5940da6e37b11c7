"""Every example script tells a story: its log replays to the live game, and the story and the
results agree with each other and with the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.story.tellers import EXAMPLES, Told, play, script_lines
from totembot.core.ways import MAGIC_WAYS, TOTEMIC_WAYS


def told(path: Path) -> Told:
    setup, lines = script_lines(path)
    return play(setup, lines, keep_refused=True)


@pytest.fixture(params=EXAMPLES, ids=[path.name for path in EXAMPLES])
def example(request: pytest.FixtureRequest) -> Told:
    path: Path = request.param
    return told(path)


def test_the_steps_that_stand_end_on_the_state_a_rebuild_of_the_log_reaches(
    example: Told,
) -> None:
    requests = [row.request for row in example.rows]
    rebuilt = example.ruleset.rebuild(example.config, requests)
    final = example.steps[-1].state if example.steps else example.initial
    assert final == rebuilt == example.live


def test_the_story_says_what_the_last_state_says(example: Told) -> None:
    final = example.steps[-1].state
    story = example.story
    assert story.finished == final.finished
    assert story.winners == tuple(getattr(final, "winners", ()))
    assert story.started_at == "t0"
    assert story.ended_at == (example.rows[-1].recorded_at if final.finished else None)


def test_every_exit_s_way_is_the_way_out_its_player_s_result_counts(example: Told) -> None:
    seats = {seat.name: seat for seat in example.result.seats}
    totemic = example.story.measure == "power"
    last_exit = {exit.player: exit for exit in example.story.exits}
    for exit in example.story.exits:
        assert exit.way in (TOTEMIC_WAYS if totemic else MAGIC_WAYS)
        seat = seats.get(exit.player)
        if seat is None:  # a solo rival has no seat
            continue
        if not totemic:
            assert seat.way_out == exit.way, exit
        elif seat.outcome == "loss":  # a match's loser went out as they lost its last game
            assert seat.way_out == last_exit[exit.player].way


def test_a_magic_story_has_one_line_per_life_total_named_as_the_game_names_it(
    example: Told,
) -> None:
    if example.story.measure != "life":
        pytest.skip("Totemic draws animals, not life totals")
    from totembot.games.magic.rules.lookup import pool_name
    from totembot.games.magic.rules.state import GameState

    initial = example.initial
    assert isinstance(initial, GameState)
    names = [pool_name(initial, pool) for pool in range(len(initial.pools))]
    assert [track.name for track in example.story.tracks] == names


def test_every_line_starts_at_the_start_and_runs_in_order_to_the_end_of_the_chart(
    example: Told,
) -> None:
    tracks = example.story.tracks
    end = max(track.points[-1].x for track in tracks)
    for track in tracks:
        xs = [point.x for point in track.points]
        assert xs == sorted(xs) and len(set(xs)) == len(xs), track.name
        if not example.story.breaks:
            assert xs[0] == 1.0 and xs[-1] == end, track.name


def test_every_seat_of_the_setup_has_one_result_in_seat_order(example: Told) -> None:
    seats = example.result.seats
    assert [(seat.seat, seat.name) for seat in seats] == list(enumerate(example.config.players))
    finished = example.story.finished
    winners = set(example.story.winners)
    for seat in seats:
        assert (seat.outcome == "win") == (finished and seat.name in winners)
        assert (seat.way_out is None) or seat.outcome != "win"
