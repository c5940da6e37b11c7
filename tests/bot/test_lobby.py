"""Lobby seats: joining, leaving, ordering, shuffling and the game's one-word names."""

from __future__ import annotations

import random

import pytest

from totembot.bot.magic.lobby.lobby import (
    build_config,
    game_names,
    reordered,
    shuffled,
    with_seat,
    without_user,
)
from totembot.games.magic.language.phrases import name_problem, one_word_name
from totembot.games.magic.rules import RuleViolation
from totembot.store import Lobby, LobbyOptions, Seat


def lobby(*seats: Seat, **options: object) -> Lobby:
    return Lobby(
        channel_id="c", host="1", options=LobbyOptions(**options), seats=seats, created_at="now"
    )


ANN, BOB, CID = Seat("Ann", user_id="1"), Seat("Bob", user_id="2"), Seat("Cid", guest_name="Cid")


@pytest.mark.parametrize(
    ("display", "taken", "expected"),
    [
        ("Ann", [], "Ann"),
        ("Big Bob!", [], "Big_Bob"),
        ("🎲🎲", [], "Player3"),
        ("left", [], "Player3"),
        ("ann", ["Ann"], "ann2"),
        ("@everyone", [], "everyone"),
        ("x" * 50, [], "x" * 32),
        ("1234", [], "Player3"),
    ],
)
def test_a_display_name_becomes_a_readable_unique_one_word_name(
    display: str, taken: list[str], expected: str
) -> None:
    name = one_word_name(display, taken, "Player3")
    assert name == expected
    assert name_problem(name) is None


def test_every_seat_gets_a_distinct_name() -> None:
    names = game_names([Seat("Ann"), Seat("ann"), Seat("A N N"), Seat("🙂")])
    assert names == ["Ann", "ann2", "A_N_N", "Player4"]


def test_joining_twice_or_an_ninth_seat_is_refused() -> None:
    with pytest.raises(RuleViolation, match="already seated"):
        with_seat(lobby(ANN), Seat("Ann again", user_id="1"))
    full = lobby(*(Seat(f"P{i}", user_id=str(i)) for i in range(8)))
    with pytest.raises(RuleViolation, match="at most 8"):
        with_seat(full, Seat("Late", user_id="99"))


def test_leaving_removes_only_your_seat() -> None:
    assert without_user(lobby(ANN, BOB), "1").seats == (BOB,)
    with pytest.raises(RuleViolation, match="not seated"):
        without_user(lobby(ANN), "2")


def test_the_host_sets_the_seat_order_naming_every_seat_once() -> None:
    assert reordered(lobby(ANN, BOB, CID), ["cid", "2", "Ann"]).seats == (CID, BOB, ANN)
    with pytest.raises(RuleViolation, match="missing: Ann"):
        reordered(lobby(ANN, BOB, CID), ["Bob", "Cid"])
    with pytest.raises(RuleViolation, match="Nobody called Zed"):
        reordered(lobby(ANN, BOB, CID), ["Zed"])


def test_shuffling_with_a_fixed_source_is_repeatable_and_keeps_every_seat() -> None:
    first = shuffled(lobby(ANN, BOB, CID), random.Random(7)).seats
    again = shuffled(lobby(ANN, BOB, CID), random.Random(7)).seats
    assert first == again
    assert sorted(seat.display_name for seat in first) == ["Ann", "Bob", "Cid"]


def test_the_config_follows_the_options_with_the_formats_default_life() -> None:
    config = build_config(
        LobbyOptions(commander=True, house_rules=("player-poison",)), [ANN, BOB, CID]
    )
    assert (config.players, config.life, config.commander, config.house_rules) == (
        ("Ann", "Bob", "Cid"),
        40,
        True,
        ("player-poison",),
    )
    assert build_config(LobbyOptions(life=30), [ANN, BOB, CID]).life == 30
