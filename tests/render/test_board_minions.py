"""The board under Minions & Masters: chains, crowns, whom a minion serves and their falls.

A minion's card has a chain before the name, "serves Ann" under it and its falls as pips at
the right of the header (a filled red pip a fall, a hollow one for the fall left before the
third loses); a master's has a gold crown and whom they rule under the name; under
poison-minions the poison line says who gave it where there is room. Snapshots live in
snapshots/minions/ (TOTEMBOT_UPDATE_SNAPSHOTS=1 rewrites them; look at them after); the other
tests check what the pen was asked to draw, where its ink went, and a few pixels.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import combinations
from pathlib import Path

import pytest

from tests.render.test_board_content import overlap
from tests.render.test_board_seat_formats import (
    cards_of,
    count_near,
    hostile_names,
    image_of,
    inside,
    melee,
)
from tests.render.test_board_snapshots import (
    MAX_DIFFERING_SHARE,
    assert_valid_board,
    decoded,
    differing_share,
    snapshot_update_wanted,
)
from tests.render.test_text_minions import CHAINS, FOUR, POISON, play
from totembot.games.magic.render.board import board_png, draw_board
from totembot.games.magic.render.board_layout import AREA
from totembot.games.magic.render.board_parts import MIN_TEXT
from totembot.games.magic.render.board_players import seat_sizes
from totembot.games.magic.render.board_seats import (
    CHAIN,
    FALL,
    FOOTER_STEP,
    footer_lines,
    seat_marks,
)
from totembot.games.magic.render.view import table_view
from totembot.games.magic.rules import Config, GameState, new_game
from totembot.render.palette import GOLD
from totembot.render.pen import SIZE, Box, Pen, Written

SNAPSHOTS = Path(__file__).parent / "snapshots" / "minions"


def state_of(*lines: str) -> GameState:
    return play(*lines)[0]


MELEE = (
    f"{melee(16)} rules: minions, poison-minions",
    "Ann: deal 20 to Bob",
    "Bob: deal 20 to Cid",
    "Eve: deal 20 to Fay",
    "Fay: deal 20 to Gus",
    "Ivy: deal 20 to Hal",
    "Ivy: poison 3 to Jon",
    "Kim: poison 2 to Jon",
    "Ann: deal 10 to Bob",  # Bob's second fall
)
CASES: dict[str, Callable[[], GameState]] = {
    "brief": partial(
        state_of, FOUR, "Ann: deal 20 to Bob", "Bob: deal 20 to Cid", "Bob: deal 30 to Ann"
    ),
    "poison": partial(
        state_of,
        POISON,
        "Cid: poison 6 to Dan",
        "Ann: poison 3 to Dan",
        "Cid: poison 1 to Dan",
        "Bob: poison 4 to Ann",
        "Dan: poison 2 to Ann",
    ),
    "twelve-chains": partial(state_of, *CHAINS),
    "melee-sixteen": partial(state_of, *MELEE),
    "won": partial(state_of, FOUR, "Ann: deal 20 to Bob", "Ann: each opponent loses 20"),
}


def minion_table(count: int, names: tuple[str, ...], grand_melee: bool = False) -> GameState:
    """Hostile names: the first a master of all but the last, who is out; each minion twice
    fallen with poison from three others and huge numbers."""
    game = "grand-melee" if grand_melee else "free-for-all"
    config = Config(format=game, players=names[:count], life=40)
    state = new_game(config.model_copy(update={"house_rules": ("minions", "poison-minions")}))
    players, pools = list(state.players), list(state.pools)
    for seat in range(1, count - 1):
        given = {names[(seat + k) % count]: 3 for k in (1, 2, 3)}
        update = {"master": names[0], "minion_times": 1 + seat % 2, "poison_from": given}
        players[seat] = players[seat].model_copy(update=update)
        pools[seat] = pools[seat].model_copy(update={"life": -999_999, "poison": 9})
    players[-1] = players[-1].model_copy(update={"status": "lost", "reason": "x" * 100})
    return state.model_copy(update={"players": tuple(players), "pools": tuple(pools)})


STRESS: dict[str, Callable[[], GameState]] = {
    **CASES,
    **{f"ffa-{n}": partial(minion_table, n, hostile_names(n)) for n in (2, 4, 7, 12)},
    **{f"melee-{n}": partial(minion_table, n, hostile_names(n), True) for n in (4, 9, 16)},
}


def written_in(written: list[Written], box: Box) -> list[Written]:
    return [line for line in written if inside(line.box, box)]


def header_of(card: Box) -> Box:
    return (card[0], card[1], card[2], card[1] + seat_sizes(card).header + 5)


def card_named(state: GameState, name: str) -> Box:
    view = table_view(state)
    return cards_of(view)[[player.name for player in view.players].index(name)]


# --- snapshots ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_minions_board_matches_its_snapshot(case: str, tmp_path: Path) -> None:
    data = board_png(CASES[case]())
    path = SNAPSHOTS / f"board-{case}.png"
    assert_valid_board(data)
    if snapshot_update_wanted(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return
    actual, expected = decoded(data), decoded(path.read_bytes())
    assert actual.size == expected.size
    share = differing_share(actual, expected)
    if share > MAX_DIFFERING_SHARE:
        (tmp_path / path.name).write_bytes(data)
        pytest.fail(
            f"{path.name}: {share:.2%} of pixels differ; the new picture is {tmp_path / path.name}"
            " (run with TOTEMBOT_UPDATE_SNAPSHOTS=1 to accept it, then look at it)"
        )


def test_each_case_gives_its_own_picture() -> None:
    pictures = {case: board_png(build()) for case, build in CASES.items()}
    for (one, first), (other, second) in combinations(pictures.items(), 2):
        assert first != second, f"{one} and {other} look the same"


def test_a_fall_changes_the_picture() -> None:
    before = state_of(FOUR, "Ann: deal 10 to Bob")
    assert board_png(state_of(FOUR, "Ann: deal 10 to Bob", "Ann: deal 10 to Bob")) != (
        board_png(state_of(FOUR, "Ann: deal 10 to Bob", "Ann: deal 1 to Bob"))
    )
    assert board_png(before) != board_png(state_of(FOUR, "Ann: deal 20 to Bob"))


# --- who serves whom --------------------------------------------------------------------------


def test_each_minion_says_whom_they_serve_and_each_master_whom_they_rule() -> None:
    state = CASES["twelve-chains"]()
    written = draw_board(state).written
    notes = {
        "Bob": "serves Ann",
        "Eve": "serves Dan",
        "Fay": "serves Dan",
        "Gus": "serves Hal",
        "Dan": "master of Eve, Fay",
        "Hal": "master of Gus",
        "Ann": "master of Bob",  # "to play · master of Bob" is too wide: green says whose turn
    }
    for name, note in notes.items():
        texts = [line.text for line in written_in(written, header_of(card_named(state, name)))]
        assert texts == [name, note], name
    for name in ("Ivy", "Jon", "Kim", "Lou"):
        assert [line.text for line in written_in(written, header_of(card_named(state, name)))] == [
            name
        ]


def test_a_minion_has_a_chain_and_a_master_a_crown_before_the_name() -> None:
    state = CASES["twelve-chains"]()
    image = image_of(state)
    written = draw_board(state).written
    for player in table_view(state).players:
        if not player.is_in:
            continue
        name = next(line for line in written if line.text == player.name)
        before = (name.box[0] - name.size * 1.1, name.box[1] - 3, name.box[0], name.box[3] + 3)
        chain, gold = count_near(image, before, CHAIN), count_near(image, before, GOLD)
        if player.master is not None:
            assert chain > 15 and gold == 0, player.name
        elif player.name in ("Dan", "Hal"):  # masters (Ann's header is green: her crown dark)
            assert gold > 20 and chain == 0, player.name
        elif player.name != "Ann":
            assert chain == 0 and gold == 0, player.name


def test_falls_show_as_red_pips_at_the_right_of_the_header() -> None:
    state = state_of(
        "game ffa players: Ann, Bob, Cid, Dan, Eve rules: minions",
        "Ann: deal 20 to Bob",
        "Ann: deal 20 to Cid",
        "Dan: deal 10 to Cid",
    )
    image = image_of(state)
    red = {}
    for name in ("Bob", "Cid", "Dan"):
        card = card_named(state, name)
        header = header_of(card)
        right = (card[0] + (card[2] - card[0]) * 0.75, header[1], card[2], header[3])
        red[name] = count_near(image, right, FALL)
    assert red["Dan"] == 0, "no falls, no pips"
    assert red["Bob"] > 20, "one fall"
    assert red["Cid"] > red["Bob"] * 1.6, "two falls fill both pips"


def test_per_source_poison_shows_who_gave_it_where_there_is_room() -> None:
    state = CASES["poison"]()
    words = [line.text for line in draw_board(state).written]
    assert "poison: Bob 4, Dan 2" in words  # Ann's card, four players: room for every word
    assert "poison: Ann 3" in words  # Dan's: Cid's counters came off when Dan fell to Cid
    crowded = [line.text for line in draw_board(CASES["melee-sixteen"]()).written]
    assert "Ivy 3, Kim 2" in crowded  # Jon's small card: the givers without the word


def test_a_game_without_minions_draws_no_minion_marks() -> None:
    state = state_of("game ffa players: Ann, Bob, Cid, Dan", "Ann: poison 3 to Bob")
    view = table_view(state)
    assert all(seat_marks(view, player) is None for player in view.players)
    words = [line.text for line in draw_board(state).written]
    assert "poison" in words and not any("serves" in word for word in words)


def test_the_winner_and_the_minions_who_lost_with_the_game() -> None:
    state = CASES["won"]()
    words = [line.text for line in draw_board(state).written]
    assert "Ann wins!" in words
    assert not any("serves" in word or "master" in word for word in words)


# --- it fits, on a phone --------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(STRESS))
def test_no_two_lines_of_text_overlap_and_each_stays_in_its_card(case: str) -> None:
    state = STRESS[case]()
    assert_valid_board(board_png(state))
    written = draw_board(state).written
    for first, second in combinations(written, 2):
        assert not overlap(first.box, second.box), f"{first.text!r} overlaps {second.text!r}"
    view = table_view(state)
    cards = cards_of(view)
    bottom = AREA[3] - FOOTER_STEP * (len(footer_lines(Pen(), view)) - 1)
    for line in written:
        left, top, right, bottom_edge = line.box
        assert left >= 0 and top >= 0 and right <= SIZE and bottom_edge <= SIZE, line.text
        if top < AREA[1] or bottom_edge > bottom or line.text in ("turn", "order"):
            continue  # the title, the footer and the turn-order circle
        assert any(inside(line.box, box) for box in cards), f"{line.text!r} is outside the cards"
    assert min(line.size for line in written) >= MIN_TEXT


@pytest.mark.parametrize("case", ["twelve-chains", "melee-sixteen"])
def test_names_stay_whole_beside_the_pips_at_the_largest_tables(case: str) -> None:
    state = CASES[case]()
    words = [line.text for line in draw_board(state).written]
    for player in table_view(state).players:
        assert player.name in words, f"{player.name} is clipped"
