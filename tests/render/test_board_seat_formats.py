"""The board picture of Emperor, Teams and Grand Melee: player cards round the table.

Emperor and Teams: each card has its team's colour down the left edge with the team's letter,
and an emperor's name a crown. Grand Melee: a filled badge with the marker's number on each
player taking a turn, a hollow one on the player a marker waits for, and a title naming every
player taking a turn. The footer adds the limits on reach and attacks. Snapshots live in
snapshots/seat_formats/ (TOTEMBOT_UPDATE_SNAPSHOTS=1 rewrites them; look at them after); the
other tests check what the pen was asked to draw, where its ink went, and a few pixels.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import partial
from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image, ImageFont

from tests.formats.tables import played_state as play
from tests.render.test_board_content import overlap
from tests.render.test_board_formats import drawn, inside
from tests.render.test_board_snapshots import (
    HOSTILE_NAMES,
    MAX_DIFFERING_SHARE,
    assert_valid_board,
    decoded,
    differing_share,
    shows_name,
    snapshot_update_wanted,
)
from totembot.games.magic.formats import format_named
from totembot.games.magic.render.board import board_png, draw_board
from totembot.games.magic.render.board_layout import AREA, around_table, middle
from totembot.games.magic.render.board_parts import MIN_TEXT, dimmed
from totembot.games.magic.render.board_players import GAP, LARGEST, seat_sizes, sides_for
from totembot.games.magic.render.board_seats import FOOTER_STEP, footer_lines
from totembot.games.magic.render.view import TableView, table_view
from totembot.games.magic.rules import Config, GameState, new_game
from totembot.games.magic.rules.state import Marker
from totembot.render.palette import ACTIVE, DARK_TEXT, GOLD, PENDING, TEAM_COLOURS
from totembot.render.pen import SIZE, Box, Pen, Written

SNAPSHOTS = Path(__file__).parent / "snapshots" / "seat_formats"
NAMES: tuple[str, ...] = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")
NAMES += ("Kim", "Lou", "Max", "Ned", "Oz", "Pia", "Quin", "Rex", "Sue", "Tom")


def teams_of(count: int, size: int) -> str:
    return ", ".join("+".join(NAMES[k * size : (k + 1) * size]) for k in range(count))


def melee(count: int) -> str:
    return f"game melee players: {', '.join(NAMES[:count])}"


SCRIPTS: dict[str, tuple[str, ...]] = {
    "emperor-six": (
        "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay commander",
        "Bob: deal 3 to Fay",
        "Ann: attack Fay for 5 with commander",
        "Cid: concede",
    ),
    "emperor-twenty": (
        f"game emperor teams: {teams_of(4, 5)} commander",
        "Cid: deal 3 to Eve",
        "Dan: poison 2 to Eve",
        "next",
        "Jon: concede",
    ),
    "emperor-won": (
        "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay",
        "Dan: concede",
        "next",  # Eve comes within Bob's range once a turn begins without Dan
        "Bob: deal 20 to Eve",
    ),
    "teams-four": ("game teams teams: Ann+Bob, Cid+Dan",),
    "teams-sixteen": (
        f"game teams teams: {teams_of(4, 4)}",
        "Ann: deal 3 to Eve",
        "Fay: poison 3 to Jon",
        "next",
        "Cid: concede",
    ),
    "melee-nine": (melee(9), "Ann: next"),
    "melee-sixteen": (
        melee(16),
        "Ann: next",
        "Ivy: next",
        "Ann: deal 3 to Bob",
        "Ann: poison 2 to Pia",
    ),
    "melee-removed": (
        melee(16),
        "Ann: next",
        "Eve: next",
        *(f"remove {name}" for name in ("Hal", "Kim", "Lou", "Max")),
    ),
}


def played(name: str) -> Callable[[], GameState]:
    return lambda: play(*SCRIPTS[name])


def hostile_names(count: int) -> tuple[str, ...]:
    return tuple(f"{k}{HOSTILE_NAMES[k % len(HOSTILE_NAMES)]}" for k in range(count))


def extreme(format_name: str, teams: int, size: int) -> GameState:
    """Hostile names, huge numbers, poison, locks, every commander's damage on every player,
    players out in every way; for Grand Melee (one team of all) markers held, waiting, due."""
    names = hostile_names(teams * size)
    game_format = format_named(format_name)
    if format_name == "grand-melee":
        config = Config(format=format_name, players=names, commander=True, life=40)
    else:
        listed = tuple(names[k * size : (k + 1) * size] for k in range(teams))
        seated = game_format.seat_order(listed)
        config = Config(format=format_name, players=seated, teams=listed, commander=True)
    state = new_game(config)
    damage = {f"{name}:{'K' * 60}": 20 for name in names}
    pools = [
        pool.model_copy(
            update={"life": -999_999, "poison": 9, "locked": True, "commander_damage": damage}
        )
        for pool in state.pools
    ]
    players = list(state.players)
    players[1] = players[1].model_copy(update={"status": "lost", "reason": "x" * 100})
    players[-1] = players[-1].model_copy(update={"status": "removed", "reason": "removed"})
    update: dict[str, object] = {"pools": tuple(pools), "players": tuple(players)}
    if format_name == "grand-melee":
        count = len(names)
        update["markers"] = tuple(
            Marker(number=k + 1, seat=(4 * k + (2 if k % 2 else 0)) % count, waiting=k % 2 == 1)
            for k in range(count // 4)
        )
    return state.model_copy(update=update)


CASES: dict[str, Callable[[], GameState]] = {name: played(name) for name in SCRIPTS}
STRESS: dict[str, Callable[[], GameState]] = {
    **CASES,
    **{
        f"extreme-emperor-{t}x{s}": partial(extreme, "emperor", t, s)
        for t in (2, 3, 4)
        for s in (3, 5)
    },
    **{
        f"extreme-teams-{t}x{s}": partial(extreme, "teams", t, s)
        for t in (2, 3, 4)
        for s in (2, 3, 4)
    },
    **{f"extreme-melee-{n}": partial(extreme, "grand-melee", 1, n) for n in (4, 8, 12, 16)},
    **{f"melee-{n}": partial(play, melee(n)) for n in range(4, 17)},
}


def cards_of(view: TableView) -> tuple[Box, ...]:
    """Where the cards go, as the board places them (a second footer line takes 20 pixels)."""
    bottom = AREA[3] - FOOTER_STEP * (len(footer_lines(Pen(), view)) - 1)
    area = (AREA[0], AREA[1], AREA[2], bottom)
    return around_table(sides_for(len(view.players)), GAP, LARGEST, area)


def card_of(state: GameState, name: str) -> Box:
    view = table_view(state)
    seat = [player.name for player in view.players].index(name)
    return cards_of(view)[seat]


def written_in(state: GameState, box: Box) -> list[Written]:
    return [line for line in draw_board(state).written if inside(line.box, box)]


def image_of(state: GameState) -> Image.Image:
    return Image.open(io.BytesIO(board_png(state))).convert("RGB")


def colour_at(image: Image.Image, at: tuple[float, float]) -> tuple[int, int, int]:
    colour = image.getpixel((round(at[0]), round(at[1])))
    assert isinstance(colour, tuple)
    return (colour[0], colour[1], colour[2])


def near(colour: tuple[int, int, int], expected: tuple[int, int, int], slack: int = 6) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, expected, strict=True))


def count_near(image: Image.Image, box: Box, colour: tuple[int, int, int]) -> int:
    crop = image.crop((round(box[0]), round(box[1]), round(box[2]), round(box[3])))
    width, height = crop.size
    pixels = (colour_at(crop, (x, y)) for x in range(width) for y in range(height))
    return sum(near(pixel, colour, 24) for pixel in pixels)


# --- snapshots ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_board_of_each_seat_format_matches_its_snapshot(case: str, tmp_path: Path) -> None:
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


# CASES are left out: their snapshot test makes the same check of the same picture first.
@pytest.mark.parametrize("case", sorted(set(STRESS) - set(CASES)))
def test_every_seat_format_board_is_a_valid_png(case: str) -> None:
    assert_valid_board(board_png(STRESS[case]()))


def test_each_case_gives_its_own_picture_and_the_same_state_the_same_bytes() -> None:
    pictures = {case: board_png(build()) for case, build in CASES.items()}
    for (one, first), (other, second) in combinations(pictures.items(), 2):
        assert first != second, f"{one} and {other} look the same"
    state = CASES["melee-sixteen"]()
    assert board_png(state) == board_png(GameState.model_validate(state.model_dump()))


@pytest.mark.parametrize(
    ("setup", "line"),
    [
        ("game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay", "next"),
        ("game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay", "Ann: concede"),
        ("game teams teams: Ann+Bob, Cid+Dan", "Ann: lock"),
        (melee(8), "Ann: next"),  # marker 1 now waits for Bob
        (melee(9), "next Eve"),  # marker 2 passes to Fay
    ],
)
def test_one_change_changes_the_picture(setup: str, line: str) -> None:
    assert board_png(play(setup, line)) != board_png(play(setup))


# --- what the board says ------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_board_shows_every_name_life_and_the_setup_and_limits(case: str) -> None:
    state = CASES[case]()
    view = table_view(state)
    words = drawn(state)
    assert all(shows_name(words, player.name) for player in view.players)
    for player in view.players:
        assert player.life is not None and str(player.life.life) in words
    footer = footer_lines(Pen(), view)
    assert all(line in words for line in footer)
    joined = " · ".join(footer)
    assert joined.startswith(view.setup)
    assert ("reach 2" if view.format == "teams" else "reach 1") in joined or (
        "reach: emperor" in joined
    )
    assert joined.count("reach") == 1, "the range is noted once, not on every card"


def test_emperor_and_teams_cards_carry_their_teams_letter_level_with_the_name() -> None:
    for case in ("emperor-twenty", "teams-sixteen"):
        state = CASES[case]()
        view = table_view(state)
        written = draw_board(state).written
        for player, card in zip(view.players, cards_of(view), strict=True):
            letters = [line for line in written if inside(line.box, card) and len(line.text) == 1]
            assert [line.text for line in letters if line.text.isupper()] == [player.team_tag]
            assert letters[0].box[2] < card[0] + 30, "the letter sits in the band on the left"


@pytest.mark.parametrize("case", ["emperor-twenty", "teams-sixteen"])
def test_teammates_share_a_colour_down_their_cards_left_edge(case: str) -> None:
    state = CASES[case]()
    view = table_view(state)
    image = image_of(state)
    for player, card in zip(view.players, cards_of(view), strict=True):
        band = (card[0] + 10, card[3] - 12)
        colour = TEAM_COLOURS[ord(player.team_tag or "A") - ord("A")]
        if player.is_in:
            assert near(colour_at(image, band), colour), player.name
        else:  # dimmed, but still the team's hue
            assert near(colour_at(image, band), dimmed(colour, True)), player.name


def test_teams_seated_apart_are_told_apart_by_colour() -> None:
    state = CASES["teams-four"]()
    view = table_view(state)
    assert [player.name for player in view.players] == ["Ann", "Cid", "Bob", "Dan"]
    image = image_of(state)
    cards = cards_of(view)
    band = [colour_at(image, (card[0] + 10, card[3] - 20)) for card in cards]
    assert band[0] == band[2] and band[1] == band[3] and band[0] != band[1]


def test_an_emperors_name_wears_a_crown_and_a_generals_does_not() -> None:
    state = CASES["emperor-twenty"]()
    view = table_view(state)
    image = image_of(state)
    written = draw_board(state).written
    for player in view.players:
        if not player.is_in:
            continue
        name = next(line for line in written if line.text == player.name)
        left_of_name = (name.box[0] - name.size * 1.1, name.box[1], name.box[0], name.box[3])
        ink = DARK_TEXT if player.active else GOLD
        golden = count_near(image, left_of_name, ink)
        if player.role == "emperor":
            assert golden > 20, player.name
        else:
            assert count_near(image, left_of_name, GOLD) == 0, player.name
    notes = [w for w in drawn(state) if w in ("emperor", "general", "to play")]
    assert notes.count("emperor") == 4 and "to play" in notes


def test_grand_melee_names_every_player_taking_a_turn_in_the_title() -> None:
    state = CASES["melee-removed"]()
    words = drawn(state)
    assert words[-2:] == ["Turns: Bob (1), Ivy (3), Ned (4)", words[-1]] or (
        "Turns: Bob (1), Ivy (3), Ned (4)" in words
    )
    assert not any(w.startswith("Turn ") and w.endswith(" to play") for w in words)
    assert "Turns: Eve (2), Max (4)" in drawn(CASES["melee-sixteen"]())


def test_a_held_marker_is_a_filled_badge_and_a_waiting_one_a_hollow_ring() -> None:
    state = CASES["melee-sixteen"]()
    view = table_view(state)
    markers = {(m.player, m.number, m.waiting) for m in view.markers}
    assert markers == {("Bob", 1, True), ("Eve", 2, False), ("Jon", 3, True), ("Max", 4, False)}
    image = image_of(state)
    written = draw_board(state).written
    for player, number, waiting in markers:
        card = card_of(state, player)
        badge = [line for line in written if inside(line.box, card) and line.text == str(number)]
        assert len(badge) == 1, player
        x, y = middle(badge[0].box)
        assert x > middle(card)[0], "the badge sits at the right of the header"
        ring = count_near(image, (x - 16, y - 16, x + 16, y + 16), PENDING)
        if waiting:
            assert ring > 40, player
            assert "waits" in [line.text for line in written if inside(line.box, card)]
        else:
            assert ring == 0 and near(colour_at(image, (x, y + 9)), DARK_TEXT, 30), player
            assert near(colour_at(image, (card[0] + 14, card[1] + 14)), ACTIVE), player
    others = [p.name for p in view.players if p.name not in {m[0] for m in markers}]
    for name in others:  # no badge in their header (Pia's poison, 2, is further down)
        card = card_of(state, name)
        header = (card[0], card[1], card[2], card[1] + seat_sizes(card).header + 5)
        texts = [line.text for line in written if inside(line.box, header)]
        assert texts == [name], name


def test_a_long_footer_takes_two_lines_and_the_cards_make_room() -> None:
    state = play(
        "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay commander rules: sorcery-concede",
    )
    view = table_view(state)
    lines = footer_lines(Pen(), view)
    assert lines == [
        "Emperor · 40 life · commander · sorcery-concede",
        "reach: emperor 2, general 1 · attack an adjacent opponent",
    ]
    written = draw_board(state).written
    footer = sorted((line for line in written if line.text in lines), key=lambda w: w.box[1])
    assert [line.text for line in footer] == lines and footer[0].box[3] < footer[1].box[1]
    assert all(card[3] < min(line.box[1] for line in footer) for card in cards_of(view))
    assert footer_lines(Pen(), table_view(play("game teams teams: Ann+Bob, Cid+Dan"))) == [
        "Teams · 20 life · reach 2 · attack an adjacent opponent"
    ]


# --- it fits, on a phone --------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(STRESS))
def test_no_two_lines_of_text_overlap_and_each_stays_in_its_card(case: str) -> None:
    state = STRESS[case]()
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


@pytest.mark.parametrize("case", sorted(STRESS))
def test_text_is_never_smaller_than_a_phone_can_show(case: str) -> None:
    assert min(line.size for line in draw_board(STRESS[case]()).written) >= MIN_TEXT


@pytest.mark.parametrize("case", ["emperor-twenty", "teams-sixteen", "melee-sixteen"])
def test_names_and_lives_stay_big_and_whole_at_the_largest_tables(case: str) -> None:
    state = CASES[case]()
    view = table_view(state)
    written = draw_board(state).written
    words = [line.text for line in written]
    for player in view.players:
        assert player.name in words, f"{player.name} is clipped"
        assert max(line.size for line in written if line.text == player.name) >= 16
    for player in view.players:
        assert player.life is not None
        detailed = bool(player.life.poison or player.life.commander_damage)
        size = max(line.size for line in written if line.text == str(player.life.life))
        # twenty players (Emperor, four teams of five) leave a poisoned life a little smaller
        assert size >= (30 if len(view.players) <= 16 or not detailed else 22), player.name


def test_the_seat_formats_still_draw_without_freetype(
    monkeypatch: pytest.MonkeyPatch, fresh_fonts: None
) -> None:
    def no_freetype(*args: object, **kwargs: object) -> ImageFont.FreeTypeFont:
        raise ImportError("The _imagingft C module is not installed")

    def bitmap_font(size: float | None = None) -> ImageFont.ImageFont:
        return ImageFont.load_default_imagefont()

    monkeypatch.setattr(ImageFont, "truetype", no_freetype)
    monkeypatch.setattr(ImageFont, "load_default", bitmap_font)
    for build in (CASES["emperor-twenty"], CASES["melee-sixteen"], STRESS["extreme-teams-4x4"]):
        assert_valid_board(board_png(build()))
