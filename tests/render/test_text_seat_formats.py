"""The console's text in Emperor, Teams and Grand Melee: the table and each event's line.

The header adds the limits on reach and attacks once; players are listed in seat order with
their team's letter (a legend line names each team), an emperor's or general's role and, in
Emperor, where reach differs from player to player, each player's reach. Grand Melee names
every player taking a turn and every marker that waits, and says how markers move.
"""

from __future__ import annotations

from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.render.text import describe_event, describe_events, render_ring
from totembot.games.magic.rules import Game, new_game
from totembot.games.magic.rules.events import Event, MarkerMoved, MarkerRemoved
from totembot.games.magic.rules.state import GameState

EMPEROR = "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay"
MELEE9 = "game melee players: A1, A2, A3, A4, A5, A6, A7, A8, A9"


def play(setup: str, *lines: str) -> tuple[GameState, list[str]]:
    """The state after every line (each must be accepted), and each line's reply."""
    config = parse_setup(setup)
    language = format_named(config.format).language
    game = Game(new_game(config))
    replies = []
    for line in lines:
        parsed = parse_line(line, language)
        assert parsed is not None, line
        replies.append(describe_events(game.record(parsed.request(host=True)).events))
    return game.state, replies


# --- Emperor ------------------------------------------------------------------------------


def test_an_emperor_table_shows_teams_roles_and_each_players_reach() -> None:
    state, replies = play(EMPEROR, "Bob: deal 3 to Fay", "Cid: concede")
    assert replies == ["Fay 20 -> 17, dealt by Bob", "Cid is out: conceded"]
    assert render_ring(state) == "\n".join(
        [
            "Emperor, 20 life; reach: emperor 2, general 1; attack an adjacent opponent; "
            "1 empty seat counts until the next turn",
            "Turn 1: Bob",
            "Teams: A Ann+Bob+Cid (in), B Dan+Eve+Fay (in)",
            "  Ann (in, team A, general, reach 1): 20 life",
            "  Bob (in, team A, emperor, reach 2): 20 life <- turn",
            "  Cid (conceded, team A, general, seat counts until the next turn): 20 life",
            "  Dan (in, team B, general, reach 1): 20 life",
            "  Eve (in, team B, emperor, reach 2): 20 life",
            "  Fay (in, team B, general, reach 1): 17 life",
        ]
    )


def test_an_emperor_of_a_team_of_five_reaches_three() -> None:
    state, _ = play("game emperor teams: A+B+C+D+E, F+G+H+I+J commander rules: sorcery-concede")
    lines = render_ring(state).split("\n")
    assert lines[0] == (
        "Emperor, 40 life, commander, rules: sorcery-concede; reach: emperor 3, general 1; "
        "attack an adjacent opponent"
    )
    assert lines[1] == "Turn 1: C"
    assert lines[5] == "  C (in, team A, emperor, reach 3): 40 life <- turn"
    assert sum("reach 1" in line for line in lines) == 8


def test_an_empty_seat_is_no_longer_noted_once_the_next_turn_begins() -> None:
    state, _ = play(EMPEROR, "Cid: concede", "next")
    text = render_ring(state)
    assert "empty seat" not in text and "seat counts" not in text
    assert "  Cid (conceded, team A, general): 20 life" in text.split("\n")


def test_a_finished_emperor_game_names_the_winning_team_and_why_the_others_fell() -> None:
    state, replies = play(EMPEROR, "Dan: concede", "next", "Bob: deal 20 to Eve")
    assert replies[2] == (
        "Eve 20 -> 0, dealt by Bob; Eve is out: 0 life; Fay is out: their emperor Eve is out; "
        "Game over: Ann, Bob and Cid win"
    )
    lines = render_ring(state).split("\n")
    assert lines[1:3] == [
        "Finished: Ann+Bob+Cid won",
        "Teams: A Ann+Bob+Cid (won), B Dan+Eve+Fay (lost)",
    ]
    assert lines[4] == "  Bob (won, team A, emperor): 20 life"
    assert lines[8] == "  Fay (lost: their emperor Eve is out, team B, general): 20 life"
    assert "<- turn" not in render_ring(state) and "reach 2" not in render_ring(state)


# --- Teams --------------------------------------------------------------------------------


def test_a_teams_table_goes_by_seat_with_each_players_team_letter_and_the_reach_once() -> None:
    state, _ = play("game teams teams: Ann+Bob, Cid+Dan", "Ann: deal 2 to Bob", "next")
    assert render_ring(state) == "\n".join(
        [
            "Teams, 20 life; reach 2; attack an adjacent opponent",
            "Turn 2: Cid",
            "Teams: A Ann+Bob (in), B Cid+Dan (in)",
            "  Ann (in, team A): 20 life",
            "  Cid (in, team B): 20 life <- turn",
            "  Bob (in, team A): 18 life",
            "  Dan (in, team B): 20 life",
        ]
    )


def test_sixteen_players_in_four_teams_each_have_one_line_with_their_letter() -> None:
    teams = ", ".join("+".join(f"P{t}{k}" for k in range(4)) for t in range(4))
    state, _ = play(f"game teams teams: {teams}")
    lines = render_ring(state).split("\n")
    assert len(lines) == 3 + 16
    seated = lines[3:]
    for seat, line in enumerate(seated):
        team, member = seat % 4, seat // 4
        assert line.startswith(f"  P{team}{member} (in, team {'ABCD'[team]}): 20 life")
    assert render_ring(state).count("reach") == 1


# --- Grand Melee --------------------------------------------------------------------------


def test_grand_melee_names_every_player_taking_a_turn_and_every_waiting_marker() -> None:
    state, replies = play(MELEE9, "A1: next")
    assert replies == ["A1's turn ends: marker 1 waits for A2"]
    assert render_ring(state) == "\n".join(
        [
            "Grand Melee, 20 life; reach 1; attack left",
            "Turns: A5 (marker 2); marker 1 waits for A2",
            "  A1 (in): 20 life",
            "  A2 (in): 20 life <- marker 1 waiting",
            "  A3 (in): 20 life",
            "  A4 (in): 20 life",
            "  A5 (in): 20 life <- turn, marker 2",
            "  A6 (in): 20 life",
            "  A7 (in): 20 life",
            "  A8 (in): 20 life",
            "  A9 (in): 20 life",
        ]
    )
    state, replies = play(MELEE9, "A1: next", "A5: next")
    assert replies[1] == (
        "A5's turn ends: marker 2 passes to A6, whose turn starts; Marker 1 reaches A2: A2's turn"
    )
    progress = render_ring(state).split("\n")[1]
    assert progress == "Turns: A2 (marker 1), A6 (marker 2)"
    assert not progress.startswith("Turn ") and "Turn 1" not in render_ring(state)


def test_sixteen_players_take_four_turns_at_once() -> None:
    names = ", ".join(f"P{k}" for k in range(1, 17))
    state, _ = play(f"game melee players: {names}")
    lines = render_ring(state).split("\n")
    assert lines[1] == "Turns: P1 (marker 1), P5 (marker 2), P9 (marker 3), P13 (marker 4)"
    assert [line for line in lines if "<-" in line] == [
        f"  P{k} (in): 20 life <- turn, marker {n}" for n, k in enumerate((1, 5, 9, 13), 1)
    ]


def test_a_marker_due_for_removal_says_so_and_then_goes() -> None:
    state, replies = play(MELEE9, "A1: next", "A5: next", "remove A7", "remove A3")
    assert replies[2:] == ["A7 is out: removed by the host", "A3 is out: removed by the host"]
    lines = render_ring(state).split("\n")
    assert "  A2 (in): 20 life <- turn, marker 1, removed when this turn ends" in lines
    state, replies = play(MELEE9, "A1: next", "A5: next", "remove A7", "remove A3", "A2: next")
    assert replies[-1] == (
        "A2's turn ends: marker 1 is removed (one marker for every four players still in)"
    )
    assert render_ring(state).split("\n")[1] == "Turns: A6 (marker 2)"


def test_a_finished_grand_melee_shows_no_turn() -> None:
    state, replies = play(MELEE9, "A1: next", "A6 gains 1", "each player loses 20")
    assert replies[-1].endswith("Game over: A6 wins")
    text = render_ring(state)
    assert text.split("\n")[1] == "Finished: A6 won"
    assert "<-" not in text and "marker" not in text


# --- the event lines ----------------------------------------------------------------------


def test_every_kind_of_marker_move_reads_as_a_sentence() -> None:
    events: list[Event] = [
        MarkerMoved(number=1, player="Bob", waiting=True, ended="Ann"),
        MarkerMoved(number=2, player="Fay", waiting=False, ended="Eve"),
        MarkerMoved(number=1, player="Bob", waiting=False),
        MarkerMoved(number=3, player="Jon", waiting=True),
        MarkerRemoved(number=2, player="Gus"),
    ]
    assert [describe_event(event) for event in events] == [
        "Ann's turn ends: marker 1 waits for Bob",
        "Eve's turn ends: marker 2 passes to Fay, whose turn starts",
        "Marker 1 reaches Bob: Bob's turn",
        "Marker 3 now waits for Jon",
        "Marker 2 (at Gus) is removed: one marker for every four players still in",
    ]
    assert not any("kind=" in describe_event(event) for event in events)


def test_a_holder_leaving_during_their_turn_passes_the_marker_on() -> None:
    _, replies = play(MELEE9, "remove A5")
    assert replies == [
        "A5 is out: removed by the host; A5's turn ends: marker 2 passes to A6, whose turn starts"
    ]


def test_a_win_within_range_says_who_lost_and_an_emperors_team_falling_with_them() -> None:
    # E: Ann BOB Cid | Dan EVE Fay. Dan leaves, turn 2 begins: Cid (a general) sits next to Eve.
    state, replies = play(EMPEROR, "eliminate Dan", "next", "Cid: win")
    assert replies[-1] == (
        "Cid wins by an effect: the opponent in Cid's range, Eve, loses; "
        "Fay is out: their emperor Eve is out; Game over: Ann, Bob and Cid win"
    )
    lines = render_ring(state).split("\n")
    assert "  Eve (lost: in Cid's range when Cid won by an effect, team B, emperor): 20 life" in (
        lines
    )


def test_a_win_within_range_that_ends_nothing_names_who_lost_and_what_followed() -> None:
    # Nine players, two leave: seven keep one marker, and A1's own marker, held by a player
    # now out, goes at once.
    _, replies = play(MELEE9, "A2: win")
    assert replies == [
        "A2 wins by an effect: the opponents in A2's range, A1 and A3, lose; "
        "Marker 1 (at A1) is removed: one marker for every four players still in"
    ]


def test_formats_without_limits_keep_their_header() -> None:
    for setup, header in (
        ("game ffa players: Ann, Bob", "Free-for-all, 20 life"),
        ("game 2hg teams: Ann+Bob, Cid+Dan", "Two-Headed Giant, 20 life per head"),
        ("game totem players: Ann, Bob, Cid", "Totem, 20 life"),
    ):
        state, _ = play(setup)
        text = render_ring(state)
        assert text.split("\n")[0] == header
        assert "reach" not in text and "Teams:" not in text and "marker" not in text
