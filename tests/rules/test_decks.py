"""`deck NAME`: what it keeps, what it refuses (one sentence, nothing changed), and the deck a
player's named commanders make when they name none (docs/decisions.md, "Decks and
rivalries")."""

from __future__ import annotations

import pytest

from tests.formats.tables import accepted, player, refused
from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import parse_line, parse_setup
from totembot.games.magic.rules import Game, GameState, new_game
from totembot.games.magic.rules.decks import deck_of

FFA = "game free-for-all players: Ann, Bob, Cid"
CMD = "game free-for-all players: Ann, Bob, Cid commander"


def test_a_named_deck_is_the_players_and_naming_again_replaces_it() -> None:
    state = accepted(FFA, "Ann: deck Atraxa", "Bob: deck Tymna and  Kraum", "Ann: deck Yuriko")
    assert player(state, "Ann")["deck"] == "Yuriko"
    assert player(state, "Bob")["deck"] == "Tymna and Kraum"  # words as said, one space apart
    assert "deck" not in player(state, "Cid")  # absent until named: older JSON stays as it was


def test_a_player_who_went_out_may_still_name_their_deck() -> None:
    state = accepted(FFA, "Ann: deal 20 to Bob", "Bob: deck Kraum")
    assert player(state, "Bob")["deck"] == "Kraum"


@pytest.mark.parametrize(
    ("lines", "sentence"),
    [
        (["deck Atraxa"], "Only a player can name their deck: start with it, 'Ann: deck Atraxa'."),
        (["Ann: deck " + "x" * 61], "A deck's name has at most 60 characters, not 61."),
        (
            ["Zed: deck Atraxa"],
            "There is no player named Zed in this game (players: Ann, Bob, Cid).",
        ),
        (
            ["Ann: deal 20 to Bob", "Ann: deal 20 to Cid", "Ann: deck Atraxa"],
            "The game is over: nothing more can be recorded except undo.",
        ),
    ],
)
def test_a_refused_deck_line_is_one_sentence_and_changes_nothing(
    lines: list[str], sentence: str
) -> None:
    assert refused(FFA, *lines) == sentence


def test_deck_with_no_name_is_one_sentence() -> None:
    assert refused(FFA, "Ann: deck") == "Name the deck after 'deck', like 'Ann: deck Atraxa'."


def _state(setup: str, *lines: str) -> GameState:
    config = parse_setup(setup)
    game = Game(new_game(config))
    language = format_named(config.format).language
    for line in lines:
        parsed = parse_line(line, language)
        assert parsed is not None
        game.record(parsed.request(host=True))
    return game.state


def test_named_commanders_are_the_deck_when_none_is_named() -> None:
    state = _state(
        CMD,
        "Ann: cast commander Tymna",
        "Ann: attack Bob for 3 with commander Kraum",
        "Ann: cast commander tymna",  # the same partner, as first written
        "Bob: attack Cid for 2 with commander",  # no name: no deck
        "Cid: cast commander Yuriko",
        "Cid: deck Ninjas",  # a named deck comes first
    )
    assert deck_of(state, 0) == "Kraum and Tymna"  # those named in combat, then those cast
    assert deck_of(state, 1) is None
    assert deck_of(state, 2) == "Ninjas"


def test_totemic_refuses_deck_in_one_sentence() -> None:
    from totembot.games.totemic.language.phrases import NO_DECKS, TotemicPhraseError
    from totembot.games.totemic.language.phrases import parse_line as totemic_line

    for line in ("Ann: deck Atraxa", "deck Atraxa"):
        with pytest.raises(TotemicPhraseError) as refused_line:
            totemic_line(line)
        assert str(refused_line.value) == NO_DECKS
    assert NO_DECKS == "Totemic has no decks to name: 'deck' belongs to the Magic formats."


def test_the_table_text_and_status_embed_show_decks_once_named() -> None:
    from totembot.games.magic.render.embed import status_embed
    from totembot.games.magic.render.text import render_ring

    none = _state(FFA)
    assert "decks:" not in render_ring(none)
    assert "fields" not in status_embed(none)
    named = _state(FFA, "Bob: deck Tymna and Kraum", "Ann: deck *Atraxa*")
    assert render_ring(named).splitlines()[-1] == "  decks: Ann *Atraxa*; Bob Tymna and Kraum"
    assert status_embed(named)["fields"] == [
        {"name": "Decks", "value": "Ann: \\*Atraxa\\*\nBob: Tymna and Kraum", "inline": False}
    ]
