"""The console's text in free-for-all and the giant formats: the table and each event's line.

Every format draws from the one format-neutral view: a player's own life on the player's line,
a team's shared life on the team's line with its players under it, and a totem after the
player to its right. Event lines name a player's own life without repeating the player.
"""

from __future__ import annotations

from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.render.text import describe_event, describe_events, render_ring
from totembot.games.magic.rules import Game, new_game
from totembot.games.magic.rules.events import (
    Event,
    GameEnded,
    LifeChanged,
    LifeUnchanged,
    LockChanged,
)
from totembot.games.magic.rules.state import GameState

FFA = "game ffa players: Ann, Bob, Cid, Dan commander"
GIANT3 = "game 2hg teams: Ann+Bob, Cid+Dan, Eve+Fay commander"


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


# --- the table ----------------------------------------------------------------------------


def test_a_free_for_all_table_shows_each_players_own_life_poison_damage_and_lock() -> None:
    state, _ = play(
        FFA,
        "Ann: attack Bob for 7 with commander",
        "Cid: attack Bob for 2 with commander",
        "Bob: deal 3 to Cid",
        "Cid: poison 4 to Dan",
        "Dan: lock",
        "next",
    )
    assert render_ring(state) == "\n".join(
        [
            "Free-for-all, 40 life, commander",
            "Turn 2: Bob",
            "  Ann (in): 40 life",
            "  Bob (in): 31 life, Ann 7 commander damage, Cid 2 commander damage <- turn",
            "  Cid (in): 37 life",
            "  Dan (in): 40 life, 4 poison, locked",
        ]
    )


def test_a_free_for_all_header_names_the_format_and_its_house_rules() -> None:
    state, _ = play("game free-for-all players: Ann, Bob rules: sorcery-concede")
    header, turn = render_ring(state).split("\n")[:2]
    assert header == "Free-for-all, 20 life, rules: sorcery-concede"
    assert turn == "Turn 1: Ann"
    assert "Totem" not in render_ring(state)


def test_a_finished_free_for_all_names_the_winner_and_why_the_others_left() -> None:
    state, _ = play(
        "game ffa players: Ann, Bob, Cid",
        "Ann: deal 20 to Bob",
        "Cid: poison 10 to Cid",
    )
    assert render_ring(state).split("\n")[1:] == [
        "Finished: Ann won",
        "  Ann (won): 20 life",
        "  Bob (lost: 0 life): 0 life",
        "  Cid (lost: 10 poison counters): 20 life, 10 poison",
    ]


def test_a_free_for_all_draw_says_so() -> None:
    state, _ = play("game ffa players: Ann, Bob", "Ann: deal 20 to each player")
    assert render_ring(state).split("\n")[1] == "Finished: a draw"


def test_a_giant_table_shows_each_team_with_its_shared_life_then_its_players() -> None:
    state, _ = play(
        GIANT3,
        "Ann: attack Cid for 5 with commander",
        "Cid: poison 3 to Eve",
        "Dan: lock",
        "next",
    )
    assert render_ring(state) == "\n".join(
        [
            "Two-Headed Giant, 30 life per head, commander",
            "Turn 2: Cid+Dan (Cid)",
            "  Ann+Bob (in): 60 life",
            "    Ann (in)",
            "    Bob (in)",
            "  Cid+Dan (in): 55 life, locked <- turn",
            "    Cid (in): Ann 5 commander damage <- turn",
            "    Dan (in)",
            "  Eve+Fay (in): 60 life, 3 poison",
            "    Eve (in)",
            "    Fay (in)",
        ]
    )


def test_a_giant_team_that_lost_keeps_its_block_and_each_player_says_why() -> None:
    state, _ = play(GIANT3, "Eve: deal 60 to Bob", "Dan: concede")
    lines = render_ring(state).split("\n")
    assert lines[1] == "Finished: Eve+Fay won"
    assert lines[2:] == [
        "  Ann+Bob (lost): 0 life",
        "    Ann (lost: 0 life)",
        "    Bob (lost: 0 life)",
        "  Cid+Dan (lost): 60 life",
        "    Cid (lost: Dan's team loses together)",
        "    Dan (conceded)",
        "  Eve+Fay (won): 60 life",
        "    Eve (won)",
        "    Fay (won)",
    ]
    assert "<- turn" not in render_ring(state)


def test_in_a_three_headed_giant_only_the_primary_player_carries_the_turn_marker() -> None:
    state, _ = play("game 2hg teams: Ann+Bob+Cid, Dan+Eve+Fay", "next")
    lines = render_ring(state).split("\n")
    assert lines[0] == "Two-Headed Giant, 20 life per head"
    assert lines[1] == "Turn 2: Dan+Eve+Fay (Dan)"
    assert "  Dan+Eve+Fay (in): 60 life <- turn" in lines
    assert [line for line in lines if line.endswith("<- turn")] == [
        "  Dan+Eve+Fay (in): 60 life <- turn",
        "    Dan (in) <- turn",
    ]


# --- what each event changed --------------------------------------------------------------


def test_free_for_all_life_lines_do_not_repeat_the_player_whose_life_it_is() -> None:
    _, replies = play(
        FFA,
        "Ann: attack Bob for 7 with commander",
        "Bob: deal 3 to Cid",
        "Cid: Dan loses 2",
        "Ann: set Bob life to 40",
        "halve Cid",
    )
    assert replies == [
        "Bob 40 -> 33, combat damage from Ann; Bob commander damage from Ann 0 -> 7",
        "Cid 40 -> 37, dealt by Bob",
        "Dan 40 -> 38, lost to Cid",
        "Bob 33 -> 40, set by Ann",
        "Cid 37 -> 19",
    ]
    assert "(for" not in " ".join(replies)


def test_a_locked_player_life_reads_as_the_players_own() -> None:
    _, replies = play(
        FFA,
        "Dan: lock",
        "Ann: deal 2 to each opponent",
        "Ann: attack Dan for 4 with commander",
        "Dan: unlock",
    )
    assert replies[0] == "Dan locked their life"
    assert replies[1] == (
        "Bob 40 -> 38, dealt by Ann; Cid 40 -> 38, dealt by Ann; "
        "Dan's life stays as it is: it is locked"
    )
    assert replies[2] == (
        "Dan's life stays as it is: it is locked; Dan commander damage from Ann 0 -> 4"
    )
    assert replies[3] == "Dan unlocked their life"


def test_a_change_that_comes_to_nothing_reads_as_the_players_own_life() -> None:
    _, replies = play(FFA, "Ann: set Bob life to 40")
    assert replies == ["Bob's life stays as it is: the amount came to 0"]


def test_giant_life_lines_name_the_team_and_the_player_it_happened_to() -> None:
    _, replies = play(
        "game 2hg teams: Ann+Bob, Cid+Dan",
        "Ann: attack Cid for 5",
        "Cid: deal 4 to Bob",
        "Dan: lock",
        "Ann: deal 1 to each opponent",
        "Cid: unlock",
        "Ann: deal 40 to Dan",
    )
    assert replies == [
        "Cid+Dan 40 -> 35 (combat damage to Cid from Ann)",
        "Ann+Bob 40 -> 36, dealt by Cid (for Bob)",
        "Cid+Dan locked by Dan",
        "Cid+Dan keeps its life: it is locked; Cid+Dan keeps its life: it is locked",
        "Cid+Dan unlocked by Cid",
        "Cid+Dan 35 -> -5, dealt by Ann (for Dan); Cid is out: -5 life; Dan is out: -5 life; "
        "Game over: Ann and Bob win",
    ]


def test_a_team_that_wins_is_announced_in_the_plural() -> None:
    _, replies = play("game 2hg teams: Ann+Bob+Cid, Dan+Eve+Fay", "Eve: win")
    assert replies[0].endswith("Game over: Dan, Eve and Fay win")
    _, replies = play("game ffa players: Ann, Bob, Cid", "Cid: win")
    assert replies[0].endswith("Game over: Cid wins")


def test_totem_event_lines_keep_their_wording() -> None:
    events: list[Event] = [
        LifeChanged(pool="Ann-Bob", player="Bob", before=20, after=17, cause="damage", by="Cid"),
        LifeChanged(pool="Bob-Cid", player="Cid", before=20, after=15, cause="combat", by="Ann"),
        LifeChanged(pool="Bob-Cid", player=None, before=15, after=12, cause="combat", by="Ann"),
        LifeUnchanged(pool="Dan-Ann", player="Dan", cause="damage", reason="locked"),
        LockChanged(pool="Dan-Ann", locked=True, by="Dan"),
        GameEnded(winners=("Dan",)),
        GameEnded(winners=()),
    ]
    assert [describe_event(event) for event in events] == [
        "Ann-Bob 20 -> 17, dealt by Cid (for Bob)",
        "Bob-Cid 20 -> 15 (combat damage to Cid from Ann)",
        "Bob-Cid 15 -> 12, combat damage from Ann",
        "Dan-Ann keeps its life: it is locked",
        "Dan-Ann locked by Dan",
        "Game over: Dan wins",
        "Game over: a draw, nobody wins",
    ]


def test_a_player_s_own_combat_damage_without_an_attacker_still_says_combat() -> None:
    event = LifeChanged(pool="Bob", player="Bob", before=40, after=35, cause="combat")
    assert describe_event(event) == "Bob 40 -> 35, combat damage"
