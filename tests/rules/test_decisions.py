"""Where RULES.md is silent: the decisions written down in docs/decisions.md, tested."""

from __future__ import annotations

import pytest

from tests.rules.test_totem_variant_seed import lives, refuse, run, run_more, statuses
from totembot.games.magic.rules import Game
from totembot.games.magic.rules.errors import shown

HALF21 = "game totem players: Ann, Bob, Cid life: 21 rules: half-life-consent"


def waiting_payment() -> Game:
    """Ann-Bob at 10 of 21 (below half): Ann's payment of 1 from it waits for Bob."""
    game = run(HALF21, "Cid: Bob loses 11 via Ann-Bob", "Ann: pay 1 via left")
    assert len(game.state.pending) == 1
    return game


def test_a_waiting_payment_is_made_once_the_asked_player_leaves_the_game() -> None:
    game = waiting_payment()
    run_more(game, "remove Bob")
    assert game.state.pending == ()
    assert lives(game)["Ann-Bob"] == 9


def test_a_waiting_payment_is_dropped_when_the_payer_leaves_the_game() -> None:
    game = waiting_payment()
    run_more(game, "Ann: concede")
    assert game.state.pending == ()
    assert lives(game)["Ann-Bob"] == 10


def test_a_waiting_payment_that_can_no_longer_be_paid_is_dropped_when_the_asked_leaves() -> None:
    game = waiting_payment()
    run_more(game, "Ann: lock left", "remove Bob")
    assert game.state.pending == ()
    assert lives(game)["Ann-Bob"] == 10


def test_a_payment_made_when_the_asked_leaves_can_kill_the_totem_and_end_the_game() -> None:
    game = run(HALF21, "Cid: Bob loses 19 via Ann-Bob", "Ann: pay 2 via left")
    run_more(game, "Cid: eliminate Bob")
    assert lives(game)["Ann-Bob"] == 0
    assert statuses(game) == {"Ann": "lost", "Bob": "lost", "Cid": "won"}
    assert game.state.pending == ()


def test_a_player_who_is_out_may_still_undo_to_correct_the_record() -> None:
    game = run("game totem players: Ann, Bob, Cid", "Ann: deal 25 to Bob")
    assert statuses(game)["Bob"] == "lost"
    run_more(game, "Bob: undo")
    assert statuses(game)["Bob"] == "in"


def test_someone_not_in_the_game_cannot_undo() -> None:
    game = run("game totem players: Ann, Bob, Cid", "Ann: deal 3 to Bob")
    assert "There is no player named Zed" in str(refuse(game, "Zed: undo"))


def test_left_and_right_in_an_attack_are_seen_from_the_defending_player() -> None:
    game = run("game totem players: Ann, Bob, Cid, Dan", "Ann: attack left for 2 hitting Cid")
    assert lives(game)["Cid-Dan"] == 18
    error = refuse(game, "Ann: attack left for 2")
    assert "add 'hitting P'" in str(error)


def test_a_plain_attack_on_a_locked_totem_is_refused() -> None:
    game = run("game totem players: Ann, Bob, Cid", "Bob: lock left")
    assert "locked" in str(refuse(game, "Ann: attack Bob-Cid for 5"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ann", "Ann"),
        ("a\x00b", "a\\u0000b"),
        ("x\u202ey", "x\\u202ey"),
        ("z" * 100, "z" * 39 + "…"),
    ],
)
def test_user_input_echoed_in_a_refusal_is_escaped_and_clipped(text: str, expected: str) -> None:
    assert shown(text) == expected


def test_an_unknown_name_of_any_length_is_echoed_clipped() -> None:
    game = run("game totem players: Ann, Bob, Cid")
    error = str(refuse(game, "Ann: deal 3 to " + "Q" * 5000))
    assert len(error) < 200
    assert "'QQQQQQQQQQ" in error and error.endswith("…'.")


def test_a_player_who_left_a_game_still_going_cannot_undo() -> None:
    game = run(
        "game totem players: Ann, Bob, Cid, Dan", "Bob: concede", "Ann: deal 2 to Cid via left"
    )
    assert "Bob is out of the game (conceded) and cannot undo" in str(refuse(game, "Bob: undo"))
    run_more(game, "Cid: undo")
    assert lives(game)["Cid-Dan"] == 20


def test_a_removed_player_can_never_undo_even_after_the_game_ends() -> None:
    game = run("game totem players: Ann, Bob, Cid", "remove Bob", "Ann: win")
    assert "Bob is out of the game (removed) and cannot undo" in str(refuse(game, "Bob: undo"))
    run_more(game, "Cid: undo")
    assert statuses(game) == {"Ann": "in", "Bob": "removed", "Cid": "in"}
