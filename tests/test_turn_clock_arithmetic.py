"""The turn clock's arithmetic and its storage (issue 29): a chosen time, no waiting."""

from __future__ import annotations

import pytest

from totembot.store import Clock, GameStore
from totembot.turn_clock import (
    counted,
    due,
    paused,
    read_minutes,
    reminded,
    resumed,
    seconds_of,
    stamp_of,
    turn_name,
)

T0 = seconds_of("2026-11-27T10:00:00.000+00:00")
BEGAN = stamp_of(T0)
TURN = turn_name(1, BEGAN)
CLOCK = Clock(channel_id="20", minutes=5, guild_id="10")


def test_a_running_clock_is_due_its_limit_after_the_turn_began() -> None:
    assert due(CLOCK, TURN, BEGAN, 60) == T0 + 300
    assert due(CLOCK, TURN, BEGAN, 0.5) == T0 + 2.5  # tests' short minutes
    assert counted(CLOCK, TURN, BEGAN, T0 + 123) == 123


def test_a_paused_clock_is_never_due_and_counts_nothing_meanwhile() -> None:
    stopped = paused(CLOCK, T0 + 100)
    assert due(stopped, TURN, BEGAN, 60) is None
    assert counted(stopped, TURN, BEGAN, T0 + 10_000) == 100
    assert paused(stopped, T0 + 200) == stopped  # a second pause changes nothing


def test_the_break_is_credited_to_the_turn_and_moves_its_reminder() -> None:
    back = resumed(paused(CLOCK, T0 + 100), TURN, BEGAN, T0 + 700)
    assert back.paused_at is None and (back.credit_seconds, back.credit_turn) == (600, TURN)
    assert due(back, TURN, BEGAN, 60) == T0 + 900
    assert counted(back, TURN, BEGAN, T0 + 800) == 200
    again = resumed(paused(back, T0 + 800), TURN, BEGAN, T0 + 850)  # a second break adds up
    assert due(again, TURN, BEGAN, 60) == T0 + 950


def test_a_turn_that_began_during_the_break_counts_from_the_resume() -> None:
    stopped = paused(CLOCK, T0 + 100)
    later = stamp_of(T0 + 400)  # the turn passed during the break
    turn = turn_name(1, later)
    back = resumed(stopped, turn, later, T0 + 1000)
    assert back.credit_seconds == 600 and due(back, turn, later, 60) == T0 + 1300
    # the earlier turn's credit does not carry over to another turn
    assert due(back, TURN, BEGAN, 60) == T0 + 300


def test_a_reminded_turn_is_never_due_again_but_the_next_one_is() -> None:
    done = reminded(CLOCK, TURN)
    assert due(done, TURN, BEGAN, 60) is None
    following = stamp_of(T0 + 500)
    assert due(done, turn_name(1, following), following, 60) == T0 + 800


@pytest.mark.parametrize(
    ("typed", "minutes"), [("5", 5), (" 15 ", 15), ("OFF", None), ("1440", 1440)]
)
def test_minutes_are_a_whole_number_or_off(typed: str, minutes: int | None) -> None:
    assert read_minutes(typed) == minutes


@pytest.mark.parametrize("typed", ["0", "-3", "2.5", "five", "", "1441"])
def test_other_minutes_are_refused_in_one_sentence(typed: str) -> None:
    with pytest.raises(ValueError, match=r"^The clock's minutes must be a whole number .*\.$"):
        read_minutes(typed)


async def test_clocks_are_stored_replaced_and_deleted(store: GameStore) -> None:
    assert await store.load_clock("20") is None
    await store.save_clock(CLOCK)
    stopped = reminded(paused(CLOCK, T0 + 100), TURN)
    await store.save_clock(Clock(channel_id="21", minutes=3, guild_id="11"))
    await store.save_clock(stopped)
    assert await store.load_clock("20") == stopped
    assert [c.channel_id for c in await store.clocks()] == ["20", "21"]
    assert [c.channel_id for c in await store.clocks(lambda guild: guild == "11")] == ["21"]
    back = resumed(stopped, TURN, BEGAN, T0 + 250.5)
    await store.save_clock(back)
    assert await store.load_clock("20") == back and back.credit_seconds == 150.5
    await store.delete_clock("20")
    await store.delete_clock("20")  # nothing to stop: no error
    assert await store.load_clock("20") is None
