"""The two situations XMage's multiplayer tests pin for a range of influence of 1, played as
console scripts (`totembot console` reading standard input), in Grand Melee: four players, range
1 (FORMATS.md, "Range of influence as the rules have it", amended 2026-11-27).

- PlayerLeftGameRange1Test: B leaves during C's turn; until the next turn begins, A and C stay
  out of each other's range (ranges are determined as each turn begins, 801.2c).
- PlayerWinsTest: A wins by an effect: A's two neighbours lose, the player across stays in, and
  the game goes on (801.14).
"""

from __future__ import annotations

from tests.test_console import console, console_json

LEFT_DURING_C_TURN = """\
game grand-melee players: Ann, Bob, Cid, Dan
Ann: next
Bob: next
Bob: concede
Ann: deal 1 to Cid
Cid: deal 1 to Ann
Cid: each opponent loses 1
Cid: next
Ann: deal 1 to Cid
Cid: deal 1 to Ann
"""

A_WINS = """\
game grand-melee players: Ann, Bob, Cid, Dan
Ann: win
"""


def test_a_player_leaving_during_cs_turn_keeps_a_and_c_apart_until_the_next_turn() -> None:
    state = console_json(LEFT_DURING_C_TURN)
    # Lines 5 and 6, in Cid's turn with Bob's seat between them: refused both ways.
    assert state["rejected"] == [
        {
            "line": 5,
            "error": "Cid is 2 seats from Ann; a player reaches 1 "
            "(Bob's seat counts until the next turn begins).",
        },
        {
            "line": 6,
            "error": "Ann is 2 seats from Cid; a player reaches 1 "
            "(Bob's seat counts until the next turn begins).",
        },
    ]
    # Cid's effect on each opponent reached Dan alone; from Dan's turn on, Ann and Cid reach.
    lives = {player["name"]: player["life"] for player in state["players"]}
    assert lives == {"Ann": 19, "Bob": 20, "Cid": 19, "Dan": 19}
    assert state["markers"] == [{"number": 1, "player": "Dan", "waiting": False}]


def test_the_console_says_the_empty_seat_counts_until_the_next_turn() -> None:
    before_next = "".join(LEFT_DURING_C_TURN.splitlines(keepends=True)[:7])
    result = console(stdin=before_next)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[3:] == [
        "5: refused: Cid is 2 seats from Ann; a player reaches 1 "
        "(Bob's seat counts until the next turn begins).",
        "6: refused: Ann is 2 seats from Cid; a player reaches 1 "
        "(Bob's seat counts until the next turn begins).",
        "7: Dan 20 -> 19, lost to Cid",
        "Grand Melee, 20 life; reach 1; attack left; 1 empty seat counts until the next turn",
        "Turns: Cid (marker 1)",
        "  Ann (in): 20 life",
        "  Bob (conceded, seat counts until the next turn): 20 life",
        "  Cid (in): 20 life <- turn, marker 1",
        "  Dan (in): 19 life",
    ]


def test_a_win_at_range_1_fells_both_neighbours_and_the_game_goes_on() -> None:
    state = console_json(A_WINS)
    assert state["rejected"] == []
    assert (state["status"], state["winners"]) == ("active", [])
    statuses = {player["name"]: player["status"] for player in state["players"]}
    assert statuses == {"Ann": "in", "Bob": "lost", "Cid": "in", "Dan": "lost"}
    result = console(stdin=A_WINS)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        "2: Ann wins by an effect: the opponents in Ann's range, Bob and Dan, lose"
    )
