"""The board picture: snapshots of real games, and what must hold for any state.

A snapshot is written when it is missing or when TOTEMBOT_UPDATE_SNAPSHOTS=1; otherwise the
picture must match it but for a tiny share of pixels (another FreeType build may draw the edges
of letters a little differently). Look at tests/render/snapshots/board-*.png after updating.
"""

from __future__ import annotations

import ast
import io
import os
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageFont

import totembot.games.magic.render.board as board_module
from tests.rules.test_totem_variant_seed import run
from totembot.games.magic.render import board_layout
from totembot.games.magic.render.board import board_png, footer_words
from totembot.games.magic.render.board_layout import layout
from totembot.games.magic.rules import Config, GameState, new_game
from totembot.games.magic.rules.state import Pending
from totembot.render import fonts as board_fonts
from totembot.render import pen as board_pen
from totembot.render.fonts import clean
from totembot.render.pen import SIZE, Pen

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("TOTEMBOT_UPDATE_SNAPSHOTS") == "1"
MAX_DIFFERING_SHARE = 0.005  # of all pixels
CHANNEL_TOLERANCE = 48  # a pixel differs when a colour channel is off by more than this

SCRIPTS: dict[str, tuple[str, ...]] = {
    "three": (
        "game totem players: Ann, Bob, Cid commander rules: player-poison",
        "Ann: attack Bob-Cid for 6 with commander hitting Bob",
        "Bob: poison 3 to Cid",
        "Cid: lock left",
        "Cid: deal 4 to Ann",
        "next",
    ),
    "four": (
        "game totem players: Ann, Bob, Cid, Dan commander rules: half-life-consent",
        "Ann: attack Bob-Cid for 5 with commander Tymna hitting Cid",
        "Ann: attack Bob-Cid for 3 with commander Kraum hitting Cid",
        "Bob: poison 2 to Cid via Cid-Dan",
        "Dan: lock left",
        "Cid: deal 25 to Ann via Ann-Bob",
        "Ann: pay 2 via left",
        "next",
    ),
    "five": (
        "game totem players: Ann, Bob, Cid, Dan, Eve commander",
        "Ann: attack Bob-Cid for 7 with commander hitting Cid",
        "Bob: poison 3 to Cid via Cid-Dan",
        "Dan: lock left",
        "Eve: concede",
        "next",
        "next",
    ),
    "eight": (
        "game totem players: Ann, Bob, Cid, Dan, Eve, Fay, Gus, Hal commander",
        "Ann: attack Bob-Cid for 7 with commander hitting Cid",
        "Dan: attack Bob-Cid for 4 with commander hitting Bob",
        "Bob: poison 4 to Cid via Cid-Dan",
        "Fay: lock left",
        "Cid: deal 40 to Eve via Eve-Fay",
        "remove Hal",
        "next",
    ),
    "won": (
        "game totem players: Ann, Bob, Cid",
        "Ann: deal 6 to Cid",
        "Bob: concede",
        "Ann: deal 20 to Cid",
    ),
    "draw": (
        "game totem players: Ann, Bob, Cid, Dan",
        "Cid: deal 20 to Ann via left",
        "Cid: lose 20 via left",
    ),
}

# Games only the board is checked against (CASES is shared with the embed's snapshots).
BOARD_ONLY_SCRIPTS: dict[str, tuple[str, ...]] = {
    "scripts": (
        "game totem players: Анна, Ωμέγα, Zoë, Łukasz, Ђорђе, Søren commander",
        "Анна: attack Ωμέγα-Zoë for 6 with commander Тимна hitting Zoë",
        "Łukasz: attack Ωμέγα-Zoë for 4 with commander hitting Ωμέγα",
        "Søren: attack Ωμέγα-Zoë for 3 with commander hitting Zoë",
        "Ωμέγα: poison 2 to Ђорђе via Łukasz-Ђорђе",
        "next",
    ),
}

HOSTILE_NAMES = (
    "@everyone",
    "**bold**",
    "x" * 100,
    "🎲🎲",
    "zero\u200bwidth",
    "<@123>",
    "# heading\nnew line\x07",
    "Zoë\u202eevil",
)


def hostile_state() -> GameState:
    """Eight hostile names mid-game: commander damage, poison, a lock, a payment, one out."""
    state = new_game(
        Config(players=HOSTILE_NAMES, commander=True, house_rules=("half-life-consent",))
    )
    players = list(state.players)
    players[6] = players[6].model_copy(update={"status": "conceded"})
    pools = list(state.pools)
    damage = {"@everyone": 5, "<@123>:~~x~~||spoiler||": 2, "y" * 100: 9}
    pools[1] = pools[1].model_copy(update={"life": 24, "commander_damage": damage})
    pools[2] = pools[2].model_copy(update={"poison": 3, "locked": True})
    pools[5] = pools[5].model_copy(update={"life": 0, "status": "dead"})
    pending = (Pending(id=1, payer="@everyone", amount=2, pool=0, awaiting="**bold**"),)
    return state.model_copy(
        update={
            "players": tuple(players),
            "pools": tuple(pools),
            "pending": pending,
            "active": 2,
            "turn": 4,
        }
    )


def hostile_won_state() -> GameState:
    """Three hostile names, the 100-character one the winner."""
    state = new_game(Config(players=("<@&99>", "W" * 100, "🎲\u200d🎲\ufe0f")))
    players = (
        state.players[0].model_copy(update={"status": "lost"}),
        state.players[1].model_copy(update={"status": "won"}),
        state.players[2].model_copy(update={"status": "removed"}),
    )
    dead = state.pools[2].model_copy(update={"life": -3, "status": "dead"})
    pools = (state.pools[0], state.pools[1], dead)
    return state.model_copy(
        update={
            "players": players,
            "pools": pools,
            "status": "finished",
            "winners": ("W" * 100,),
        }
    )


def played(name: str) -> Callable[[], GameState]:
    return lambda: run(*BOARD_SCRIPTS[name]).state


BOARD_SCRIPTS = {**SCRIPTS, **BOARD_ONLY_SCRIPTS}

CASES: dict[str, Callable[[], GameState]] = {
    **{name: played(name) for name in SCRIPTS},
    "hostile": hostile_state,
    "hostile-won": hostile_won_state,
}
BOARD_CASES = {**CASES, **{name: played(name) for name in BOARD_ONLY_SCRIPTS}}


def snapshot_update_wanted(path: Path) -> bool:
    """Whether to (re)write a snapshot instead of comparing with it."""
    return UPDATE or not path.exists()


def differing_share(first: Image.Image, second: Image.Image) -> float:
    """The share of pixels whose colour differs by more than CHANNEL_TOLERANCE."""
    difference = ImageChops.difference(first.convert("RGB"), second.convert("RGB"))
    red, green, blue = difference.split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    differing = sum(largest.histogram()[CHANNEL_TOLERANCE + 1 :])
    return differing / (first.width * first.height)


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def assert_valid_board(data: bytes) -> None:
    """A PNG of the board's size with a real picture on it, not one flat colour."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = decoded(data)
    assert image.format == "PNG"
    assert image.size == (SIZE, SIZE)
    colours = image.convert("RGB").getcolors(maxcolors=SIZE * SIZE)
    assert colours is not None and len(colours) > 50


@pytest.mark.parametrize("case", sorted(BOARD_CASES))
def test_the_board_matches_its_snapshot(case: str, tmp_path: Path) -> None:
    data = board_png(BOARD_CASES[case]())
    path = SNAPSHOTS / f"board-{case}.png"
    assert_valid_board(data)
    if snapshot_update_wanted(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return
    expected = decoded(path.read_bytes())
    actual = decoded(data)
    assert actual.size == expected.size
    share = differing_share(actual, expected)
    if share > MAX_DIFFERING_SHARE:
        (tmp_path / path.name).write_bytes(data)
        pytest.fail(
            f"{path.name}: {share:.2%} of pixels differ; the new picture is {tmp_path / path.name}"
            " (run with TOTEMBOT_UPDATE_SNAPSHOTS=1 to accept it, then look at it)"
        )


def drawn_words(state: GameState, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text the board draws for a state, in drawing order."""
    words: list[str] = []
    original = Pen.text

    def recording(pen: Pen, at: tuple[float, float], text: str, *args: Any, **kw: Any) -> float:
        words.append(text)
        return original(pen, at, text, *args, **kw)

    monkeypatch.setattr(Pen, "text", recording)
    board_png(state)
    return words


def shows_name(words: list[str], name: str) -> bool:
    """Whether a name is drawn whole, or clipped with an ellipsis."""
    shown = clean(name)
    return any(w == shown or (w.endswith("…") and shown.startswith(w[:-1])) for w in words)


@pytest.mark.parametrize("case", sorted(BOARD_SCRIPTS))
def test_the_board_shows_every_number_name_and_note(
    case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The snapshots tolerate a few differing pixels, so they could miss one changed digit.
    state = BOARD_CASES[case]()
    words = drawn_words(state, monkeypatch)
    numbers = Counter(str(pool.life) for pool in state.pools)
    numbers += Counter(str(pool.poison) for pool in state.pools if pool.poison)
    numbers += Counter(str(d) for pool in state.pools for d in pool.commander_damage.values())
    assert numbers <= Counter(words)
    assert all(shows_name(words, player.name) for player in state.players)
    assert all(shows_name(words, key) for pool in state.pools for key in pool.commander_damage)
    for player in state.players:
        status = "winner" if player.status == "won" else player.status
        reason = clean(getattr(player, "reason", None) or status)
        assert player.is_in or any(status in w or reason in w for w in words)
        assert not player.poison or any(f"{player.poison} poison" in w for w in words)
    assert footer_words(state) in words
    if not state.finished:
        assert f"Turn {state.turn} · {state.players[state.active].name} to play" in words
        assert "to play" in words
    elif state.winners:
        assert f"{state.winners[0]} wins!" in words and "winner" in words
    else:
        assert "Game over: a draw" in words


@pytest.mark.parametrize("case", ["three", "eight", "hostile"])
def test_the_board_is_deterministic(case: str) -> None:
    state = BOARD_CASES[case]()
    first = board_png(state)
    assert board_png(state) == first
    assert board_png(GameState.model_validate(state.model_dump())) == first


def test_different_states_give_different_pictures() -> None:
    pictures = {case: board_png(build()) for case, build in BOARD_CASES.items()}
    for (one, first), (other, second) in combinations(pictures.items(), 2):
        assert first != second, f"{one} and {other} look the same"


@pytest.mark.parametrize(
    "line",
    ["Ann: lose 1 via left", "Ann: lock left", "next", "Bob: concede", "Ann: poison 1 to Bob"],
)
def test_one_change_changes_the_picture(line: str) -> None:
    setup = "game totem players: Ann, Bob, Cid"
    assert board_png(run(setup, line).state) != board_png(run(setup).state)


@pytest.mark.parametrize("count", range(3, 9))
def test_seats_and_totems_never_overlap_and_stay_between_title_and_footer(count: int) -> None:
    plan = layout(count, tuple((seat, (seat + 1) % count) for seat in range(count)))
    boxes = [*plan.seats, *plan.cards]
    for first, second in combinations(boxes, 2):
        apart = max(second[0] - first[2], first[0] - second[2])
        apart = max(apart, second[1] - first[3], first[1] - second[3])
        assert apart >= 8, f"{first} and {second} are {apart:.1f} pixels apart"
    for left, top, right, bottom in boxes:
        assert left >= 8 and right <= SIZE - 8 and top >= 64 and bottom <= SIZE - 32


@pytest.mark.parametrize("count", range(3, 9))
def test_seat_zero_is_at_the_top_and_seats_go_clockwise(count: int) -> None:
    plan = layout(count, tuple((seat, (seat + 1) % count) for seat in range(count)))
    top = min(range(count), key=lambda seat: plan.seats[seat][1])
    assert top == 0
    # Seat 1 is to the right of seat 0: clockwise with the y axis pointing down.
    assert plan.seats[1][0] > plan.seats[0][0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ann", "Ann"),
        ("Жанна", "Жанна"),
        ("Ωμέγα", "Ωμέγα"),
        ("Zoë Łukasz Søren", "Zoë Łukasz Søren"),
        ("🎲🎲", "??"),
        ("中文", "??"),
        ("zero\u200bwidth", "zerowidth"),
        ("bell\x07 and\nnewline\ttab", "bell and newline tab"),
        ("Zoë\u202eevil", "Zoëevil"),
        ("Ｆｕｌｌ", "Full"),
        ("Zo\u0308\u0308\u0308e", "Zöe"),
        ("\u200b\u200d", "?"),
        ("", "?"),
        ("x" * 200, "x" * 119 + "…"),
        ("**bold** @everyone <@123>", "**bold** @everyone <@123>"),
    ],
)
def test_names_are_reduced_to_what_the_font_can_draw(text: str, expected: str) -> None:
    assert clean(text) == expected


def extreme_state(count: int) -> GameState:
    """Hostile names, a lock, poison and long commander names everywhere, and huge numbers."""
    names = tuple(f"{index}{HOSTILE_NAMES[index % len(HOSTILE_NAMES)]}" for index in range(count))
    state = new_game(Config(players=names, commander=True, house_rules=("player-poison",)))
    players = [player.model_copy(update={"poison": 9}) for player in state.players]
    players[-1] = players[-1].model_copy(update={"status": "removed"})
    damage = {f"{name}:{'K' * 60}": 20 for name in names}
    pools = [
        pool.model_copy(
            update={"life": -999_999, "poison": 9, "locked": True, "commander_damage": damage}
        )
        for pool in state.pools
    ]
    pools[0] = pools[0].model_copy(update={"life": 1_000_000, "status": "dead"})
    pending = tuple(
        Pending(id=k, payer=names[0], amount=999_999, pool=0, awaiting=names[1])
        for k in range(1, 6)
    )
    return state.model_copy(
        update={"players": tuple(players), "pools": tuple(pools), "pending": pending}
    )


@pytest.mark.parametrize("count", range(3, 9))
def test_hostile_names_and_extreme_numbers_never_crash(count: int) -> None:
    assert_valid_board(board_png(extreme_state(count)))


def test_the_board_still_draws_without_freetype(
    monkeypatch: pytest.MonkeyPatch, fresh_fonts: None
) -> None:
    def no_freetype(*args: object, **kwargs: object) -> ImageFont.FreeTypeFont:
        raise ImportError("The _imagingft C module is not installed")

    def bitmap_font(size: float | None = None) -> ImageFont.ImageFont:
        return ImageFont.load_default_imagefont()

    monkeypatch.setattr(ImageFont, "truetype", no_freetype)
    monkeypatch.setattr(ImageFont, "load_default", bitmap_font)
    assert not isinstance(Pen().font(20), ImageFont.FreeTypeFont)  # no font kept from before
    assert_valid_board(board_png(hostile_state()))
    assert_valid_board(board_png(BOARD_CASES["scripts"]()))


def test_the_board_imports_only_pillow_the_rules_and_the_standard_library() -> None:
    allowed = {
        "__future__",
        "io",
        "math",
        "unicodedata",
        "dataclasses",
        "typing",
        "importlib.util",
        "logging",
        "struct",
        "functools",
        "collections",
        "collections.abc",
        "contextlib",
        "contextvars",
        "threading",
        "zlib",
        "pathlib",
        "PIL",
    }
    for module in (board_module, board_fonts, board_layout, board_pen):
        tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
        modules: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                modules.add(node.module)
        ours = (
            "totembot.games.magic.rules",
            "totembot.games.magic.render.board",
            "totembot.render.fonts",
            "totembot.render.pen",
            "totembot.render.palette",
        )
        assert {m for m in modules if not m.startswith(ours)} <= allowed, module.__name__
