"""Ratings per deck (issue 30) over a small hand-made history, against openskill called here
directly with the placements worked out by hand: each deck is one rated thing (its name in any
case), the seats whose deck is not counted are opponents rated afresh for that game only, and
a Totemic game between them changes nothing. What `totembot stats --decks` prints agrees."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from tests.ratings.test_ratings_by_hand import played, printed

SCRIPT = """\
game free-for-all players: Ann, Bob, Cid
Ann: deck Atraxa
Bob: deck Krenko
Bob: concede
Ann: deal 20 to Cid
game totemic players: Bob, Cid power: 30, 5
Cid: challenge
Bob: accept
Cid: reveal 2
Bob: reveal 8
next
game two-headed-giant teams: Ann+Bob, Cid+Dan
Ann: deck Krenko
Cid: deck atraxa
Dan: deck Tymna
Cid: deal 40 to Ann
game free-for-all players: Ann, Bob, Cid
Ann: deck Atraxa
Bob: deck Atraxa
Cid: deck Krenko
Ann: deal 20 to Cid
undo
Cid: deal 20 to Bob
Cid: deal 20 to Ann
"""

# Worked out by hand: (each side's decks, the sides' places); None is a seat whose deck is not
# counted, rated as a newcomer for that game only.
ALL_DECKS = [
    # Bob (Krenko) conceded, Cid (no deck) went out, Ann (Atraxa) won.
    ([["atraxa"], ["krenko"], [None]], [1, 3, 2]),
    # Two-Headed Giant: Ann (Krenko) and Bob (no deck) lost to Cid (atraxa) and Dan (Tymna).
    ([["krenko", None], ["atraxa", "tymna"]], [2, 1]),
    # Ann's take-out of Cid undone; Cid (Krenko) took out Bob, then Ann. Bob's Atraxa is the
    # table's second copy: Ann's (the first seat) is the one rated.
    ([["atraxa"], [None], ["krenko"]], [2, 3, 1]),
]
# Only Ann's decks: everyone else's seat is an opponent rated afresh.
ANNS_DECKS = [
    ([["atraxa"], [None], [None]], [1, 3, 2]),
    ([["krenko", None], [None, None]], [2, 1]),
    ([["atraxa"], [None], [None]], [2, 3, 1]),
]


def expected(games: list[tuple[list[list[str | None]], list[int]]]) -> dict[str, tuple]:
    """openskill's own Plackett-Luce, fed the placings above in order: (mu, sigma, games)."""
    model = PlackettLuce()
    ratings = {}
    played: dict[str, int] = {}
    for teams, places in games:
        rated = model.rate(
            [[ratings.get(deck) or model.rating() for deck in team] for team in teams],
            ranks=[float(place) for place in places],
        )
        for team, new in zip(teams, rated, strict=True):
            for deck, rating in zip(team, new, strict=True):
                if deck is not None:
                    ratings[deck] = rating
                    played[deck] = played.get(deck, 0) + 1
    return {deck: (r.mu, r.sigma, played[deck]) for deck, r in ratings.items()}


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played(tmp_path_factory.mktemp("deck-ratings"), SCRIPT)


@pytest.mark.parametrize(
    ("player", "games"), [(None, ALL_DECKS), ("ann", ANNS_DECKS)], ids=["all", "ann"]
)
def test_each_decks_rating_is_openskills_fed_the_places_worked_out_by_hand(
    database: Path,
    capsys: pytest.CaptureFixture[str],
    player: str | None,
    games: list[tuple[list[list[str | None]], list[int]]],
) -> None:
    chosen = [] if player is None else ["--player", player]
    got = json.loads(printed(capsys, "stats", "--db", str(database), "--decks", "--json", *chosen))
    decks = {deck["name"].casefold(): deck["rating"] for deck in got["decks"]}
    want = expected(games)
    assert set(decks) == set(want)
    for deck, (mu, sigma, games_rated) in want.items():
        assert decks[deck]["mu"] == pytest.approx(mu, abs=1e-9)
        assert decks[deck]["sigma"] == pytest.approx(sigma, abs=1e-9)
        assert decks[deck]["ordinal"] == pytest.approx(mu - 3 * sigma, abs=1e-9)
        assert decks[deck]["games"] == games_rated
        assert decks[deck]["provisional"] is True  # fewer than 5 games each


def test_the_decks_text_shows_each_rating_beside_games_wins_and_place(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = printed(capsys, "stats", "--db", str(database), "--decks").splitlines()
    want = expected(ALL_DECKS)
    # Atraxa: Ann 1st (won), Cid 1st (his team won), Ann 2nd, Bob's copy 3rd: 4 seats.
    mu, sigma, _ = want["atraxa"]
    assert lines[:2] == [
        "Decks:",
        f"Atraxa: 4 games, 2 wins (50% won), average place 1.8, "
        f"rating {mu - 3 * sigma:.1f} (provisional)",
    ]
    mu, sigma, _ = want["tymna"]
    assert (
        f"Tymna: 1 game, 1 win (100% won), average place 1.0, rating {mu - 3 * sigma:.1f}"
        in (lines[-1])
    )


def test_ratings_move_a_deck_by_its_place_in_the_whole_table(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    got = json.loads(printed(capsys, "stats", "--db", str(database), "--decks", "--json"))
    decks = {deck["name"]: deck["rating"]["ordinal"] for deck in got["decks"]}
    # Krenko lost two of its three games, Tymna won its only one.
    assert decks["Tymna"] > decks["Krenko"]
