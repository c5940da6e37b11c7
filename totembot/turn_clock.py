"""The turn clock's arithmetic: how long a turn has counted, when its reminder is due, and
what a pause or a resume changes. Pure functions of a stored `Clock`, the turn's start and a
time handed in by the caller (the bot's scheduler passes its own clock, tests a chosen one),
so the rules stay without time and the tests need no waiting.

A turn is named by its game and the time it began; paused time is credited to the turn that
was going on when the clock resumed (the part of the pause after that turn began), so a
pause never counts against a turn, and a turn that began during a pause counts from the
resume.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from totembot.core.turns import moment
from totembot.store.model import Clock

MAX_MINUTES = 24 * 60  # a day: longer is a forgotten clock, not a time limit


def turn_name(game_id: int, began_at: str) -> str:
    """How the clock names one turn of one game (stored as `credit_turn`, `reminded_turn`)."""
    return f"{game_id}@{began_at}"


def seconds_of(stamp: str) -> float:
    return moment(stamp).timestamp()


def stamp_of(seconds: float) -> str:
    """A time as the store keeps times: ISO 8601, UTC, to the millisecond."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")


def credit(clock: Clock, turn: str) -> float:
    """The paused seconds that do not count against this turn."""
    return clock.credit_seconds if clock.credit_turn == turn else 0.0


def counted(clock: Clock, turn: str, began_at: str, now: float) -> float:
    """The seconds this turn has counted by `now`: since it began, without paused time."""
    began = seconds_of(began_at)
    end = now if clock.paused_at is None else min(now, seconds_of(clock.paused_at))
    return max(0.0, end - began - credit(clock, turn))


def due(clock: Clock, turn: str, began_at: str, minute: float) -> float | None:
    """When (seconds since 1970) this turn's reminder is due; None when it never is: the
    clock is paused or the turn was already reminded."""
    if clock.paused_at is not None or clock.reminded_turn == turn:
        return None
    return seconds_of(began_at) + credit(clock, turn) + clock.minutes * minute


def paused(clock: Clock, now: float) -> Clock:
    """The clock paused at `now` (already paused: unchanged, the pause goes on)."""
    return clock if clock.paused_at is not None else replace(clock, paused_at=stamp_of(now))


def resumed(clock: Clock, turn: str | None, began_at: str | None, now: float) -> Clock:
    """The clock running again at `now`: the pause's part within the current turn (if a game
    goes on) is credited to that turn."""
    if clock.paused_at is None:
        return clock
    back = replace(clock, paused_at=None)
    if turn is None or began_at is None:
        return back
    since = max(seconds_of(clock.paused_at), seconds_of(began_at))
    gained = max(0.0, now - since)
    return replace(back, credit_seconds=credit(clock, turn) + gained, credit_turn=turn)


def reminded(clock: Clock, turn: str) -> Clock:
    return replace(clock, reminded_turn=turn)


def read_minutes(text: str) -> int | None:
    """`/totem clock set`'s `minutes`: a whole number of minutes, or `off` (None); a
    ValueError's sentence says what is wrong."""
    word = text.strip().casefold()
    if word == "off":
        return None
    if not word.isdigit() or not 1 <= int(word) <= MAX_MINUTES:
        raise ValueError(
            f"The clock's minutes must be a whole number from 1 to {MAX_MINUTES}, or off."
        )
    return int(word)
