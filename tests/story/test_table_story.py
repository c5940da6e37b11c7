"""TABLE.md in a game's story: the summary says who ended the game as the monarch (and with the
initiative), or who holds them while it goes on."""

from __future__ import annotations

from tests.story.tellers import ROOT, play, script_lines
from totembot.render.summary import summary_text

FFA = "game free-for-all players: Ann, Bob, Cid"


def test_the_commander_night_summary_says_who_ended_the_game_as_monarch() -> None:
    setup, lines = script_lines(ROOT / "examples" / "commander-night.totem")
    told = play(setup, lines, keep_refused=True)
    assert told.story.notes == (
        "Ann ended the game as the monarch.",
        "Cid ended the game with the initiative.",
    )
    assert "Ann ended the game as the monarch." in summary_text(told.story)


def test_a_game_going_on_says_who_holds_them_now() -> None:
    told = play(FFA, ["Bob: become the monarch", "Cid: attack Bob for 1"])
    assert told.story.notes == ("Cid is the monarch.",)


def test_a_game_without_them_says_nothing() -> None:
    assert play(FFA, ["Ann: get 2 energy", "Ann: win"]).story.notes == ()


def test_undo_takes_a_moved_monarch_back_in_the_story_too() -> None:
    told = play(FFA, ["Bob: become the monarch", "Cid: attack Bob for 1", "undo", "Ann: win"])
    assert told.story.notes == ("Bob ended the game as the monarch.",)
