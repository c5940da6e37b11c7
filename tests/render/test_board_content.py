"""What the board picture says: totem names, commander damage, the direction of play.

There is no OCR here, so these check the text the pen was asked to draw (and where its ink
went) and the geometry of the arrows; the snapshots check how it looks.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from itertools import combinations

import pytest
from PIL import Image

import totembot.games.magic.render.board as board
from tests.render.test_board_snapshots import BOARD_CASES, BOARD_SCRIPTS, extreme_state
from totembot.games.magic.render.board import (
    MIN_TEXT,
    board_png,
    card_plan,
    draw_board,
    fit_label,
    totem_label,
)
from totembot.games.magic.render.board_layout import layout, middle, turn_arrows
from totembot.games.magic.render.text import render_ring
from totembot.games.magic.rules import Config, GameState, new_game
from totembot.games.magic.rules.lookup import pool_name
from totembot.render.pen import SIZE, Box, Pen

NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")


def table(count: int, commander: bool = True) -> GameState:
    return new_game(Config(players=NAMES[:count], commander=commander))


def with_damage(state: GameState, pool: int, damage: dict[str, int]) -> GameState:
    """The state with one totem's commander damage replaced."""
    pools = list(state.pools)
    pools[pool] = pools[pool].model_copy(update={"commander_damage": damage})
    return state.model_copy(update={"pools": tuple(pools)})


def drawn(state: GameState) -> list[str]:
    return [written.text for written in draw_board(state).written]


def overlap(first: Box, second: Box, slack: float = 0.5) -> bool:
    """Whether two boxes share more than a sliver."""
    return (
        min(first[2], second[2]) - max(first[0], second[0]) > slack
        and min(first[3], second[3]) - max(first[1], second[1]) > slack
    )


# --- totem names --------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(BOARD_SCRIPTS))
def test_every_totem_is_labelled_with_the_name_the_replies_use(case: str) -> None:
    state = BOARD_CASES[case]()
    words = drawn(state)
    ring = render_ring(state)  # the console's reply names each totem this way too
    for index, pool in enumerate(state.pools):
        name = pool_name(state, index)
        assert totem_label(state, index) == name
        assert name in words, f"{name} is not on the board"
        assert f"{name}: {pool.life} life" in ring


def test_totem_names_follow_seat_order_with_the_last_wrapping_round() -> None:
    state = table(4, commander=False)
    labels = [totem_label(state, index) for index in range(4)]
    assert labels == ["Ann-Bob", "Bob-Cid", "Cid-Dan", "Dan-Ann"]


def test_a_long_totem_name_keeps_the_short_name_whole_and_clips_the_long_one() -> None:
    pen = Pen()
    label = fit_label(pen, ["Ann", "W" * 60], 16, 150)
    assert label.startswith("Ann-W") and label.endswith("…")
    assert pen.width(label, 16) <= 150
    both = fit_label(pen, ["X" * 40, "Y" * 40], 16, 150)
    first, second = both.split("-")
    assert first.startswith("XX") and second.startswith("YY")
    assert abs(len(first) - len(second)) <= 1


# --- commander damage ---------------------------------------------------------------------


@pytest.mark.parametrize("count", range(3, 9))
def test_every_commanders_damage_is_shown_when_there_is_room(count: int) -> None:
    damage = {"Ann:Tymna": 5, "Ann:Kraum": 3, "Dan": 12}
    state = with_damage(table(count), 1, damage)
    plan = layout(count, tuple(pool.seats for pool in state.pools))
    card = card_plan(Pen(), state, 1, plan.cards[1], plan.sizes)
    assert [(line.words, line.value) for line in card.lines] == [
        (key, str(value)) for key, value in damage.items()
    ]
    words = drawn(state)
    assert all(key in words and str(value) in words for key, value in damage.items())


def test_a_card_with_more_commanders_than_fit_says_how_many_more() -> None:
    damage = {f"P{k}": k for k in range(1, 13)}
    state = with_damage(table(8), 1, damage)
    plan = layout(8, tuple(pool.seats for pool in state.pools))
    card = card_plan(Pen(), state, 1, plan.cards[1], plan.sizes)
    shown = card.lines[:-1]
    assert card.lines[-1].words == f"+{len(damage) - len(shown)} more"
    assert [line.words for line in shown] == list(damage)[: len(shown)]
    assert f"+{len(damage) - len(shown)} more" in drawn(state)


def test_commander_damage_shrinks_before_it_is_cut() -> None:
    damage = {f"P{k}": k for k in range(1, 4)}
    plan = layout(8, tuple((seat, (seat + 1) % 8) for seat in range(8)))
    one = card_plan(Pen(), with_damage(table(8), 1, {"P1": 1}), 1, plan.cards[1], plan.sizes)
    three = card_plan(Pen(), with_damage(table(8), 1, damage), 1, plan.cards[1], plan.sizes)
    assert len(three.lines) == 3 and "more" not in three.lines[-1].words
    assert three.detail_size < one.detail_size or three.life_size < one.life_size


# --- the direction of play ------------------------------------------------------------------


@pytest.mark.parametrize("count", range(3, 9))
def test_arrows_go_from_each_seat_to_its_left_totem_and_on_to_the_next_seat(count: int) -> None:
    pools = tuple((seat, (seat + 1) % count) for seat in range(count))
    plan = layout(count, pools)
    arrows = turn_arrows(plan, pools, 14)
    for index, (seat, following) in enumerate(pools):
        card = plan.cards[index]
        mine = [a for a in arrows if card in (a.start, a.end)]
        assert mine, f"totem {index} has no arrow"
        for arrow in mine:
            assert (arrow.start, arrow.end) in {
                (plan.seats[seat], card),
                (card, plan.seats[following]),
            }
            (x0, y0), (x1, y1) = middle(arrow.start), middle(arrow.end)
            assert math.isclose(arrow.angle, math.atan2(y1 - y0, x1 - x0))
            assert not any(
                box[0] < arrow.tip[0] < box[2] and box[1] < arrow.tip[1] < box[3]
                for box in (*plan.seats, *plan.cards)
            ), "an arrow is hidden under a box"


@pytest.mark.parametrize("count", range(3, 9))
def test_the_direction_of_play_is_drawn(count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    state = table(count, commander=False)
    plan = layout(count, tuple(pool.seats for pool in state.pools))
    assert board.draw_turn_arrows(Pen(), state, plan) >= count
    assert board.draw_turn_circle(Pen(), plan)
    assert "turn" in drawn(state) and "order" in drawn(state)
    with_arrows = Image.open(io.BytesIO(board_png(state))).convert("RGB")
    monkeypatch.setattr(board, "draw_turn_arrows", lambda *args: 0)
    monkeypatch.setattr(board, "draw_turn_circle", lambda *args: False)
    plain = Image.open(io.BytesIO(board_png(state))).convert("RGB")
    arrows = turn_arrows(plan, tuple(pool.seats for pool in state.pools), 12)
    for arrow in arrows:
        x, y = (
            round(arrow.tip[0] - 3 * math.cos(arrow.angle)),
            round(arrow.tip[1] - 3 * math.sin(arrow.angle)),
        )
        assert with_arrows.getpixel((x, y)) != plain.getpixel((x, y))


# --- legibility ---------------------------------------------------------------------------


def extreme(count: int) -> Callable[[], GameState]:
    return lambda: extreme_state(count)


ALL_STATES: dict[str, Callable[[], GameState]] = {
    **BOARD_CASES,
    **{f"extreme-{count}": extreme(count) for count in range(3, 9)},
}


@pytest.mark.parametrize("case", sorted(ALL_STATES))
def test_no_two_lines_of_text_overlap_and_all_stay_on_the_picture(case: str) -> None:
    written = draw_board(ALL_STATES[case]()).written
    for first, second in combinations(written, 2):
        assert not overlap(first.box, second.box), f"{first.text!r} overlaps {second.text!r}"
    for line in written:
        left, top, right, bottom = line.box
        assert left >= 0 and top >= 0 and right <= SIZE and bottom <= SIZE, line.text


@pytest.mark.parametrize("case", sorted(ALL_STATES))
def test_text_is_never_smaller_than_a_phone_can_show(case: str) -> None:
    sizes = [line.size for line in draw_board(ALL_STATES[case]()).written]
    assert min(sizes) >= MIN_TEXT


@pytest.mark.parametrize("case", ["hostile", "scripts", "extreme-8"])
def test_the_picture_stays_well_within_discords_attachment_limit(case: str) -> None:
    assert len(board_png(ALL_STATES[case]())) < 1_000_000
