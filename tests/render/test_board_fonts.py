"""The board's font: DejaVu Sans from matplotlib's package data, found without importing it.

Greek, Cyrillic and accented Latin must come out as letters, not '?' and not empty boxes;
what DejaVu lacks (CJK, emoji) becomes '?'. Without the file, Pillow's font takes over and
says so in the log.
"""

from __future__ import annotations

import importlib.util
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import ImageFont

from tests.render.test_board_content import drawn
from tests.render.test_board_snapshots import BOARD_CASES, assert_valid_board
from totembot.games.magic.render.board import board_png
from totembot.render import fonts as board_fonts
from totembot.render.fonts import Font, clean, covered, drawable, font_files, load_font
from totembot.render.pen import Pen

REPO = Path(__file__).resolve().parents[2]
LETTERS = "ЖжЯяЀђΩωλΣάΐÉéłŁøØßñŒ"
MISSING = "\U0010fffd"  # a private-use code point: no font has it, so it draws as .notdef


@pytest.fixture
def fresh_lookup() -> Iterator[None]:
    """Forget the found font before and after a test that hides it."""
    font_files.cache_clear()
    drawable.cache_clear()
    yield
    font_files.cache_clear()
    drawable.cache_clear()


def name_of(face: Font) -> tuple[str | None, str | None]:
    """A font's family and style; Pillow's bitmap font has neither."""
    return face.getname() if isinstance(face, ImageFont.FreeTypeFont) else (None, None)


def test_the_font_is_dejavu_sans_from_matplotlibs_package_data() -> None:
    spec = importlib.util.find_spec("matplotlib")
    assert spec is not None and spec.submodule_search_locations
    package = Path(next(iter(spec.submodule_search_locations)))
    files = font_files()
    assert files is not None
    regular, bold = files
    assert (regular.name, bold.name) == ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
    assert regular.is_file() and bold.is_file()
    assert regular.is_relative_to(package) and bold.is_relative_to(package)
    assert name_of(load_font(20)) == ("DejaVu Sans", "Book")
    assert name_of(load_font(20, bold=True)) == ("DejaVu Sans", "Bold")


def test_finding_the_font_and_drawing_do_not_import_matplotlib() -> None:
    code = (
        "import sys\n"
        "from totembot.render.fonts import font_files, drawable\n"
        "from totembot.games.magic.render.board import board_png\n"
        "from totembot.games.magic.rules import Config, new_game\n"
        "assert font_files() is not None and drawable()\n"
        "board_png(new_game(Config(players=('Анна', 'Ωμέγα', 'Zoë'))))\n"
        "assert 'matplotlib' not in sys.modules, 'matplotlib was imported'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr


def mask_bytes(face: ImageFont.FreeTypeFont, text: str) -> bytes:
    return bytes(face.getmask(text))


@pytest.mark.parametrize("bold", [False, True])
def test_greek_cyrillic_and_accented_letters_draw_as_letters_not_boxes(bold: bool) -> None:
    face = load_font(40, bold)
    assert isinstance(face, ImageFont.FreeTypeFont)
    box, question = mask_bytes(face, MISSING), mask_bytes(face, "?")
    for char in LETTERS:
        assert ord(char) in drawable(), char
        drawn_char = mask_bytes(face, char)
        assert drawn_char not in (box, question), f"{char!r} draws as a box or '?'"
        assert any(drawn_char), f"{char!r} draws nothing"


def test_the_character_map_agrees_with_what_the_font_draws() -> None:
    files = font_files()
    assert files is not None
    face = load_font(40)
    assert isinstance(face, ImageFont.FreeTypeFont)
    box = mask_bytes(face, MISSING)
    has = covered(files[0])
    for char in "AzЖΩé€→♥中한🎲\u0530\U0001d400":
        assert (ord(char) in has) == (mask_bytes(face, char) != box), char


def test_names_in_other_scripts_reach_the_picture_unchanged() -> None:
    state = BOARD_CASES["scripts"]()
    words = drawn(state)
    for player in state.players:
        assert clean(player.name) == player.name
        assert any(player.name in word for word in words), player.name
    assert not any("?" in word for word in words)


def test_a_cyrillic_name_draws_differently_from_question_marks_and_boxes() -> None:
    def picture(text: str) -> bytes:
        pen = Pen()
        pen.text((400, 400), text, 30, (255, 255, 255), bold=True)
        return pen.png()

    name = picture("Жанна")
    assert name != picture("?????")
    assert name != picture(MISSING * 5)


def test_without_the_font_file_the_board_uses_pillows_font_and_logs_a_warning(
    fresh_lookup: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(board_fonts, "matplotlib_fonts", lambda: tmp_path)
    with caplog.at_level(logging.WARNING, logger=board_fonts.__name__):
        assert font_files() is None
    assert "DejaVu Sans was not found" in caplog.text
    assert name_of(load_font(20))[0] != "DejaVu Sans"
    assert clean("Zoë Жанна") == "Zoe ?????"
    assert_valid_board(board_png(BOARD_CASES["scripts"]()))


def test_without_matplotlib_the_board_still_draws(
    fresh_lookup: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def nothing(name: str, package: str | None = None) -> None:
        return None

    monkeypatch.setattr(importlib.util, "find_spec", nothing)
    assert font_files() is None
    assert_valid_board(board_png(BOARD_CASES["three"]()))
