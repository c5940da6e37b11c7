"""The board picture of the formats other than Totem: free-for-all and the giant formats.

They are drawn from the format-neutral view as cards round the table: a card per player in
free-for-all, a card per team in the giant formats. Snapshots live in snapshots/formats/ and
are compared as in test_board_snapshots (TOTEMBOT_UPDATE_SNAPSHOTS=1 rewrites them); the
other tests check what the pen was asked to draw, where its ink went and a few pixels.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image, ImageFont

from tests.formats.tables import played_state as play
from tests.render.test_board_content import overlap
from tests.render.test_board_snapshots import (
    HOSTILE_NAMES,
    MAX_DIFFERING_SHARE,
    assert_valid_board,
    decoded,
    differing_share,
    shows_name,
    snapshot_update_wanted,
)
from totembot.games.magic.render import board_teams
from totembot.games.magic.render.board import board_png, draw_board
from totembot.games.magic.render.board_layout import AREA, around_table, middle
from totembot.games.magic.render.board_parts import MIN_TEXT
from totembot.games.magic.render.board_players import GAP, LARGEST, sides_for
from totembot.games.magic.render.board_teams import team_sides
from totembot.games.magic.render.view import TableView, table_view
from totembot.games.magic.rules import Config, GameState, new_game
from totembot.games.magic.rules.state import Player, Pool
from totembot.render.palette import ACTIVE, CARD_FILL, OUT_FILL, SEAT_FILL
from totembot.render.pen import SIZE, Box, Pen

SNAPSHOTS = Path(__file__).parent / "snapshots" / "formats"
NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou")
NAMES += ("Max", "Ned", "Oz", "Pia")


def teams_of(count: int, size: int) -> str:
    return ", ".join("+".join(NAMES[k * size : (k + 1) * size]) for k in range(count))


SCRIPTS: dict[str, tuple[str, ...]] = {
    "ffa-four": (
        "game ffa players: Ann, Bob, Cid, Dan commander",
        "Ann: attack Bob for 7 with commander",
        "Cid: attack Bob for 5 with commander",
        "Cid: poison 3 to Dan",
        "Dan: lock",
        "Cid: deal 40 to Ann",
        "next",
    ),
    "ffa-twelve": (
        f"game ffa players: {', '.join(NAMES[:12])} commander",
        *(f"{name}: attack Bob for {k + 2} with commander" for k, name in enumerate(NAMES[2:8])),
        "Cid: poison 4 to Dan",
        "Dan: lock",
        "Eve: deal 45 to Fay",
        "Kim: concede",
        "next",
        "next",
    ),
    "ffa-won": (
        "game ffa players: Ann, Bob, Cid",
        "Ann: deal 6 to Cid",
        "Bob: concede",
        "Ann: deal 20 to Cid",
    ),
    "ffa-draw": ("game ffa players: Ann, Bob", "Ann: deal 20 to each player"),
    "giant-two": (
        "game 2hg teams: Ann+Bob, Cid+Dan commander",
        "Ann: attack Cid for 5 with commander",
        "Cid: deal 4 to each player",
        "Dan: lock",
        "next",
        "Dan: poison 3 to Bob",
    ),
    "giant-three": (
        f"game 2hg teams: {teams_of(3, 3)}",
        "Ann: attack Dan for 5",
        "next",
        "Gus: concede",
    ),
    "giant-sixteen": (
        f"game 2hg teams: {teams_of(4, 4)} commander",
        "Ann: attack Eve for 7 with commander",
        "Cid: attack Eve for 5 with commander",
        "Ivy: attack Eve for 2 with commander",
        "Dan: lock",
        "next",
        "Fay: poison 3 to Lou",
        "Max: concede",
    ),
    "giant-won": (
        "game 2hg teams: Ann+Bob, Cid+Dan commander",
        "Ann: attack Cid for 21 with commander",
    ),
    "giant-draw": ("game 2hg teams: Ann+Bob, Cid+Dan", "Cid: deal 20 to each player"),
}


def played(name: str) -> Callable[[], GameState]:
    return lambda: play(*SCRIPTS[name])


def hostile_names(count: int) -> tuple[str, ...]:
    return tuple(f"{k}{HOSTILE_NAMES[k % len(HOSTILE_NAMES)]}" for k in range(count))


def extreme_ffa(count: int) -> GameState:
    """Hostile names, huge numbers, poison, locks and a commander from every seat everywhere."""
    names = hostile_names(count)
    state = new_game(Config(format="free-for-all", players=names, commander=True, life=40))
    damage = {f"{name}:{'K' * 60}": 20 for name in names}
    pools = [
        pool.model_copy(
            update={"life": -999_999, "poison": 9, "locked": True, "commander_damage": damage}
        )
        for pool in state.pools
    ]
    pools[0] = pools[0].model_copy(update={"life": 1_000_000, "status": "dead"})
    players = list(state.players)
    players[0] = players[0].model_copy(update={"status": "lost", "reason": "x" * 100})
    players[-1] = players[-1].model_copy(update={"status": "removed", "reason": "removed"})
    return state.model_copy(update={"pools": tuple(pools), "players": tuple(players)})


def extreme_giant(teams: int, size: int) -> GameState:
    """Hostile names, huge numbers and every commander's damage on every player."""
    names = hostile_names(teams * size)
    config = Config(
        format="two-headed-giant",
        players=names,
        teams=tuple(names[k * size : (k + 1) * size] for k in range(teams)),
        commander=True,
        life=30,
    )
    state = new_game(config)
    damage = {f"{name}:{'K' * 60}": 20 for name in names}
    players = [player.model_copy(update={"commander_damage": damage}) for player in state.players]
    pools = [
        pool.model_copy(update={"life": -999_999, "poison": 99, "locked": True})
        for pool in state.pools
    ]
    return state.model_copy(
        update={"players": tuple(players), "pools": tuple(pools), "active": size}
    )


def plain_ffa(count: int) -> GameState:
    """A table of any size (grand melee seats up to 16), built without the setup's checks."""
    config = Config(format="free-for-all", players=NAMES[:count])
    return GameState(
        config=config,
        players=tuple(Player(name=name) for name in NAMES[:count]),
        pools=tuple(Pool(seats=(seat,), life=20) for seat in range(count)),
    )


CASES: dict[str, Callable[[], GameState]] = {name: played(name) for name in SCRIPTS}
STRESS: dict[str, Callable[[], GameState]] = {
    **CASES,
    **{f"extreme-ffa-{n}": (lambda n=n: extreme_ffa(n)) for n in (2, 3, 5, 8, 12)},
    **{
        f"extreme-giant-{t}x{s}": (lambda t=t, s=s: extreme_giant(t, s))
        for t in (2, 3, 4)
        for s in (2, 3, 4)
    },
    **{f"plain-ffa-{n}": (lambda n=n: plain_ffa(n)) for n in range(2, 17)},
}


def cards_of(view: TableView) -> tuple[Box, ...]:
    """Where the cards go, as the board places them."""
    if view.owner == "team":
        return around_table(team_sides(len(view.teams)), board_teams.GAP, board_teams.LARGEST)
    return around_table(sides_for(len(view.players)), GAP, LARGEST)


def pixel(data: bytes, at: tuple[float, float]) -> tuple[int, int, int]:
    image = Image.open(io.BytesIO(data)).convert("RGB")
    colour = image.getpixel((round(at[0]), round(at[1])))
    assert isinstance(colour, tuple)
    return (colour[0], colour[1], colour[2])


def near(colour: tuple[int, int, int], expected: tuple[int, int, int]) -> bool:
    """The same colour but for the rounding of the scaling down."""
    return all(abs(a - b) <= 3 for a, b in zip(colour, expected, strict=True))


def drawn(state: GameState) -> list[str]:
    return [line.text for line in draw_board(state).written]


# --- snapshots ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_board_of_each_format_matches_its_snapshot(case: str, tmp_path: Path) -> None:
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
def test_every_board_is_a_valid_png_of_the_board_size(case: str) -> None:
    assert_valid_board(board_png(STRESS[case]()))


def test_each_format_and_each_state_gives_its_own_picture() -> None:
    pictures = {case: board_png(build()) for case, build in CASES.items()}
    for (one, first), (other, second) in combinations(pictures.items(), 2):
        assert first != second, f"{one} and {other} look the same"


@pytest.mark.parametrize("case", ["ffa-twelve", "giant-sixteen"])
def test_the_board_is_deterministic(case: str) -> None:
    state = CASES[case]()
    assert board_png(state) == board_png(GameState.model_validate(state.model_dump()))


@pytest.mark.parametrize(
    ("setup", "line"),
    [
        ("game ffa players: Ann, Bob, Cid", "Ann: lose 1"),
        ("game ffa players: Ann, Bob, Cid", "Ann: lock"),
        ("game ffa players: Ann, Bob, Cid", "next"),
        ("game ffa players: Ann, Bob, Cid", "Bob: concede"),
        ("game ffa players: Ann, Bob, Cid", "Ann: poison 1 to Bob"),
        ("game 2hg teams: Ann+Bob, Cid+Dan", "Ann: lose 1"),
        ("game 2hg teams: Ann+Bob, Cid+Dan", "Dan: lock"),
        ("game 2hg teams: Ann+Bob, Cid+Dan", "next"),
        ("game 2hg teams: Ann+Bob, Cid+Dan", "Ann: poison 1 to Cid"),
        ("game 2hg teams: Ann+Bob, Cid+Dan commander", "Ann: attack Cid for 1 with commander"),
    ],
)
def test_one_change_changes_the_picture(setup: str, line: str) -> None:
    assert board_png(play(setup, line)) != board_png(play(setup))


# --- what the board says ------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_board_shows_every_name_life_and_the_title_and_setup(case: str) -> None:
    state = CASES[case]()
    view = table_view(state)
    words = drawn(state)
    assert all(shows_name(words, player.name) for player in view.players)
    lives = [p.life for p in view.players if p.life] + [t.life for t in view.teams if t.life]
    assert lives and not view.totems
    for life in lives:
        assert str(life.life) in words
        assert not life.poison or str(life.poison) in words
    assert view.setup in words
    if not view.finished:
        actor = view.active_team or view.active
        assert f"Turn {view.turn} · {actor} to play" in words
    elif view.winners:
        winners = view.winners
        expected = winners[0] if len(winners) == 1 else f"{', '.join(winners[:-1])} and "
        assert any(w.startswith(expected) and w.endswith("!") for w in words)
    else:
        assert "Game over: a draw" in words


def test_free_for_all_shows_each_players_commander_damage_the_largest_first() -> None:
    state = CASES["ffa-four"]()
    words = drawn(state)
    bob = words.index("Bob")
    shown = [w for w in words[bob:] if w in ("Ann", "Cid", "7", "5")]
    assert shown[:4] == ["Ann", "7", "Cid", "5"], shown  # on Bob's card, Ann's 7 first
    assert words.count("to play") == 1 and "poison" in words and "3" in words
    assert "lost: 0 life" in words


def inside(line: Box, box: Box) -> bool:
    return box[0] <= line[0] and line[2] <= box[2] and box[1] <= line[1] and line[3] <= box[3]


def test_a_crowded_card_shows_the_top_commanders_then_how_many_more() -> None:
    # Every other player's commander hits Bob, each for a different amount.
    attacks = [
        f"{name}: attack Bob for {k + 1} with commander" for k, name in enumerate(NAMES[2:12])
    ]
    state = play(f"game ffa players: {', '.join(NAMES[:12])} life: 99 commander", *attacks)
    view = table_view(state)
    bob = view.players[1].life
    assert bob is not None and len(bob.commander_damage) == 10
    card = cards_of(view)[1]
    texts = [line.text for line in draw_board(state).written if inside(line.box, card)]
    more = [text for text in texts if text.endswith(" more")]
    assert len(more) == 1, texts
    hidden = int(more[0].split()[0].removeprefix("+"))
    shown = 10 - hidden
    assert shown >= 3, texts
    ranked = sorted(bob.commander_damage.items(), key=lambda item: -item[1])
    for key, value in ranked[:shown]:
        assert key in texts and str(value) in texts, key
    for key, _value in ranked[shown:]:
        assert key not in texts, key


def test_the_giant_formats_show_one_life_per_team_and_no_life_per_player() -> None:
    state = CASES["giant-sixteen"]()
    view = table_view(state)
    words = drawn(state)
    assert all(player.life is None for player in view.players)
    bands = [w for w in words if w.startswith("Team ")]
    assert bands == ["Team 1", "Team 2 · to play", "Team 3", "Team 4 · lost"]
    assert sum(w == "120" for w in words) == 3  # every team but the one that was attacked
    assert "106" in words


def test_commander_damage_on_a_giant_player_sits_on_the_players_row() -> None:
    state = CASES["giant-sixteen"]()
    written = draw_board(state).written
    eve = next(line for line in written if line.text == "Eve")
    card = next(box for box in cards_of(table_view(state)) if box[0] <= eve.box[0] <= box[2])
    row = [
        line
        for line in written
        if card[0] <= line.box[0] <= card[2]
        and middle(line.box)[1] == pytest.approx(middle(eve.box)[1], abs=4)
    ]
    texts = [line.text for line in row]
    for key, value in (("Cid", "7"), ("Ann", "5"), ("Ivy", "2")):
        assert key in texts and value in texts
    assert all(line.box[0] > eve.box[2] for line in row if line is not eve)


# --- lost, won and the turn ---------------------------------------------------------------


def test_a_player_who_is_out_is_drawn_greyed_and_the_player_to_play_in_green() -> None:
    state = CASES["ffa-four"]()
    view = table_view(state)
    data = board_png(state)
    cards = cards_of(view)
    out = {p.name for p in view.players if not p.is_in}
    assert out == {"Ann"}
    for player, card in zip(view.players, cards, strict=True):
        body = (card[0] + 6, card[3] - 18)
        expected = OUT_FILL if player.name in out else CARD_FILL
        assert near(pixel(data, body), expected), player.name
        header = (card[0] + 14, card[1] + 14)
        colour = ACTIVE if player.active else (OUT_FILL if player.name in out else SEAT_FILL)
        assert near(pixel(data, header), colour), player.name


def test_a_team_that_lost_is_greyed_and_the_team_to_play_is_in_green() -> None:
    state = CASES["giant-sixteen"]()
    view = table_view(state)
    data = board_png(state)
    statuses = [(team.status, team.active) for team in view.teams]
    assert statuses == [("in", False), ("in", True), ("in", False), ("lost", False)]
    for team, card in zip(view.teams, cards_of(view), strict=True):
        body = (card[0] + 6, card[3] - 18)
        assert near(pixel(data, body), OUT_FILL if team.status == "lost" else CARD_FILL)
        band = (card[0] + 14, card[1] + 20)
        colour = ACTIVE if team.active else (OUT_FILL if team.status == "lost" else SEAT_FILL)
        assert near(pixel(data, band), colour), team.name


def test_the_giant_formats_show_the_order_teams_take_their_turns() -> None:
    for count, size in ((3, 3), (4, 4)):
        view = table_view(extreme_giant(count, size))
        assert board_teams.draw_turn_order(Pen(), view.teams, cards_of(view)) == count


# --- it fits, on a phone --------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 17))
def test_player_cards_go_round_the_table_apart_and_clockwise(count: int) -> None:
    cards = around_table(sides_for(count), GAP, LARGEST)
    assert len(cards) == count
    for first, second in combinations(cards, 2):
        apart = max(second[0] - first[2], first[0] - second[2])
        apart = max(apart, second[1] - first[3], first[1] - second[3])
        assert apart >= GAP - 0.01
    for left, top, right, bottom in cards:
        assert left >= AREA[0] and top >= AREA[1] and right <= AREA[2] and bottom <= AREA[3]
    assert min(range(count), key=lambda k: (cards[k][1], cards[k][0])) == 0  # top left
    assert cards[1][0] > cards[0][0] or cards[1][1] > cards[0][1]  # then to the right


@pytest.mark.parametrize("count", range(2, 5))
def test_team_cards_are_apart_and_big(count: int) -> None:
    cards = around_table(team_sides(count), board_teams.GAP, board_teams.LARGEST)
    assert len(cards) == count
    for first, second in combinations(cards, 2):
        assert not overlap(first, second, slack=-board_teams.GAP + 0.01)
    assert all(box[2] - box[0] >= 350 and box[3] - box[1] >= 300 for box in cards)


@pytest.mark.parametrize("case", sorted(STRESS))
def test_no_two_lines_of_text_overlap_and_each_stays_in_its_card(case: str) -> None:
    state = STRESS[case]()
    written = draw_board(state).written
    for first, second in combinations(written, 2):
        assert not overlap(first.box, second.box), f"{first.text!r} overlaps {second.text!r}"
    cards = cards_of(table_view(state))
    loose = {"turn", "order"}
    for line in written:
        left, top, right, bottom = line.box
        assert left >= 0 and top >= 0 and right <= SIZE and bottom <= SIZE, line.text
        if top < AREA[1] or bottom > AREA[3] or line.text in loose:
            continue  # the title, the footer and the turn-order circle
        assert any(inside(line.box, box) for box in cards), f"{line.text!r} is outside the cards"


@pytest.mark.parametrize("case", sorted(STRESS))
def test_text_is_never_smaller_than_a_phone_can_show(case: str) -> None:
    assert min(line.size for line in draw_board(STRESS[case]()).written) >= MIN_TEXT


@pytest.mark.parametrize("case", ["ffa-twelve", "giant-sixteen"])
def test_names_and_lives_stay_big_at_the_largest_tables(case: str) -> None:
    state = CASES[case]()
    view = table_view(state)
    written = draw_board(state).written
    for player in view.players:  # as a name; a commander's name on a card may be smaller
        assert max(line.size for line in written if line.text == player.name) >= 16
    lives = {str(p.life.life) for p in view.players if p.life}
    lives |= {str(t.life.life) for t in view.teams if t.life}
    assert min(line.size for line in written if line.text in lives) >= 30


def test_the_formats_still_draw_without_freetype(
    monkeypatch: pytest.MonkeyPatch, fresh_fonts: None
) -> None:
    def no_freetype(*args: object, **kwargs: object) -> ImageFont.FreeTypeFont:
        raise ImportError("The _imagingft C module is not installed")

    def bitmap_font(size: float | None = None) -> ImageFont.ImageFont:
        return ImageFont.load_default_imagefont()

    monkeypatch.setattr(ImageFont, "truetype", no_freetype)
    monkeypatch.setattr(ImageFont, "load_default", bitmap_font)
    for build in (CASES["ffa-twelve"], CASES["giant-sixteen"], lambda: extreme_giant(4, 4)):
        assert_valid_board(board_png(build()))
