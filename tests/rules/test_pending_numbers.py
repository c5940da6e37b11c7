"""A waiting payment's number names one request for the whole game: undo never hands it out
again (issue 33), and a game replayed from its log numbers its payments exactly as it was
played, including undos stored before numbers were kept, which replay as they were played.

HALF21: Ann-Bob at 10 of 21 after Cid's loss (below half), so Ann's payments from it wait for
Bob; numbers start at 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.rules.test_totem_variant_seed import lives, run, run_more
from totembot.core.ruleset import standing_steps
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Game, RuleViolation, new_game, replay
from totembot.games.magic.rules.intents import Actor, Approve, Request, Undo
from totembot.games.magic.rules.state import GameState
from totembot.games.magic.ruleset import MAGIC

HALF21 = "game totem players: Ann, Bob, Cid life: 21 rules: half-life-consent"
BELOW_HALF = "Cid: Bob loses 11 via Ann-Bob"


def numbers(game: Game) -> list[tuple[int, int]]:
    """The waiting payments: (number, amount)."""
    return [(pending.id, pending.amount) for pending in game.state.pending]


def request(line: str) -> Request:
    parsed = parse_line(line)
    assert parsed is not None
    return parsed.request(host=True)


def test_a_payment_taken_back_by_undo_leaves_its_number_used() -> None:
    game = run(HALF21, BELOW_HALF, "Ann: pay 2 via left")
    assert numbers(game) == [(1, 2)]
    run_more(game, "Ann: undo", "Ann: pay 9 via left")
    assert numbers(game) == [(2, 9)]  # before: (1, 9), and a button for number 1 approved it


def test_the_number_of_an_undone_payment_reaches_nothing_afterwards() -> None:
    game = run(HALF21, BELOW_HALF, "Ann: pay 2 via left", "Ann: undo", "Ann: pay 9 via left")
    before = game.state
    try:
        game.record(Request(actor=Actor(player="Bob"), intent=Approve(request_id=1)))
    except RuleViolation as refused:
        assert str(refused) == "There is no waiting request number 1."
    else:
        raise AssertionError("the undone payment's number approved the later payment")
    assert game.state == before and lives(game)["Ann-Bob"] == 10


def test_numbers_only_go_forward_through_several_undos() -> None:
    game = run(HALF21, BELOW_HALF, "Ann: pay 1 via left", "Ann: pay 2 via left")
    assert numbers(game) == [(1, 1), (2, 2)]
    run_more(game, "undo", "undo", "undo")  # both payments, then the loss itself
    assert game.state.pending == () and lives(game)["Ann-Bob"] == 21
    assert game.state.next_pending_id == 3
    run_more(game, BELOW_HALF, "Ann: pay 3 via left")
    assert numbers(game) == [(3, 3)]


def test_undoing_an_answer_puts_the_payment_back_under_its_own_number() -> None:
    game = run(HALF21, BELOW_HALF, "Ann: pay 2 via left", "Bob: approve")
    assert game.state.pending == () and lives(game)["Ann-Bob"] == 8
    run_more(game, "Bob: undo")
    assert numbers(game) == [(1, 2)] and game.state.next_pending_id == 2
    run_more(game, "Ann: pay 3 via left")
    assert numbers(game) == [(1, 2), (2, 3)]


def played(lines: list[str]) -> tuple[Game, list[Request]]:
    game = Game(new_game(parse_setup(HALF21)))
    requests = [request(line) for line in lines]
    for each in requests:
        game.record(each)
    return game, requests


def test_a_replay_of_the_log_gives_the_same_numbers_as_the_game_played() -> None:
    lines = [BELOW_HALF, "Ann: pay 2 via left", "undo", "Ann: pay 9 via left", "Bob: deny"]
    lines += ["Ann: pay 1 via left", "undo", "undo", "Ann: pay 4 via left"]
    game, requests = played(lines)
    assert numbers(game) == [(2, 9), (4, 4)]  # the denial was undone: 2 waits again
    initial = new_game(parse_setup(HALF21))
    assert replay(initial, requests).state == game.state
    rebuilt = MAGIC.rebuild(initial.config, requests)
    assert rebuilt == game.state and rebuilt.next_pending_id == 5


def test_the_stored_json_replays_to_the_same_numbers() -> None:
    """Each request as the store writes and reads it (the flag survives the round trip)."""
    lines = [BELOW_HALF, "Ann: pay 2 via left", "undo", "Ann: pay 9 via left"]
    game, requests = played(lines)
    stored = [MAGIC.load_request(MAGIC.dump(each)) for each in requests]
    assert stored == requests
    assert MAGIC.rebuild(game.state.config, stored) == game.state


OLD_UNDO = '{"actor":{"player":null,"host":true},"intent":{"kind":"undo"}}'


def test_an_undo_stored_before_numbers_were_kept_replays_as_it_was_played() -> None:
    """A log the old code wrote: its undo put number 1 back, the next payment took 1 again and
    a button approved it by that number. Replayed today it must end where it ended then."""
    old_undo = MAGIC.load_request(OLD_UNDO)
    assert old_undo.intent == Undo() and MAGIC.dump(old_undo) == OLD_UNDO
    log = [request(BELOW_HALF), request("Ann: pay 2 via left"), old_undo]
    log += [request("Ann: pay 9 via left")]
    log += [Request(actor=Actor(player="Bob"), intent=Approve(request_id=1))]
    state: GameState = MAGIC.rebuild(parse_setup(HALF21), log)
    assert state.pending == () and state.next_pending_id == 2
    assert [pool.life for pool in state.pools][0] == 1  # 10 - 9: the payment of 9 was made


def test_today_s_undo_is_stored_with_its_flag_and_reads_back() -> None:
    undo = request("undo")
    assert '"keeps_numbers":true' in MAGIC.dump(undo)
    assert MAGIC.load_request(MAGIC.dump(undo)) == undo


@dataclass(frozen=True)
class Row:
    """A log row as `standing_steps` reads it."""

    seq: int
    request: Request
    recorded_at: str = "t"
    recorded_by: str = "101"


def test_the_story_s_replay_of_the_log_keeps_the_numbers_too() -> None:
    """The summary, chart and statistics replay the log with `standing_steps`: a button's
    approve of a payment numbered after an undo must reach it there as well."""
    lines = [BELOW_HALF, "Ann: pay 2 via left", "Ann: pay 1 via left", "undo", "undo"]
    lines += ["Ann: pay 3 via left"]
    game, requests = played(lines)
    assert numbers(game) == [(3, 3)]
    answer = Request(actor=Actor(player="Bob"), intent=Approve(request_id=3))
    game.record(answer)
    log = [Row(seq, each) for seq, each in enumerate([*requests, answer], 1)]
    _initial, steps = standing_steps(MAGIC, game.state.config, log)
    assert steps[-1].state == game.state and lives(game)["Ann-Bob"] == 7
