"""What keeps the board picture near its floor without changing how it looks: the canvas averaged
down, rows deflated as they are, fonts loaded once per thread (the snapshots check the looks)."""

from __future__ import annotations

import io
import threading

import pytest
from PIL import Image, ImageDraw

from tests.render.test_board_snapshots import BOARD_CASES, assert_valid_board
from totembot.games.magic.render.board import board_png, draw_board
from totembot.render import fonts as board_fonts
from totembot.render.fonts import KEPT_FONTS, board_font
from totembot.render.pen import SCALE, Pen, Tally, counting, png_bytes


def test_the_png_holds_exactly_the_averaged_canvas() -> None:
    pen = draw_board(BOARD_CASES["hostile"]())
    data = pen.png()

    assert_valid_board(data)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == "RGB"
    assert decoded.tobytes() == pen.image.reduce(SCALE).tobytes()  # lossless


def test_any_picture_survives_the_png_writer() -> None:
    picture = Image.new("RGB", (37, 5), (1, 2, 3))
    ImageDraw.Draw(picture).line([(0, 0), (36, 4)], fill=(250, 128, 7), width=2)

    decoded = Image.open(io.BytesIO(png_bytes(picture)))

    assert (decoded.format, decoded.size) == ("PNG", (37, 5))
    assert decoded.convert("RGB").tobytes() == picture.tobytes()
    grey = Image.new("L", (4, 4), 9)
    assert Image.open(io.BytesIO(png_bytes(grey))).convert("L").tobytes() == grey.tobytes()


def test_a_picture_counts_its_shapes_and_texts_for_the_bench() -> None:
    with counting() as tallies:
        pen = draw_board(BOARD_CASES["four"]())
        pen.png()
    assert tallies == [Tally(pen.shapes, len(pen.written))]
    assert pen.shapes > 10 and len(pen.written) > 10
    board_png(BOARD_CASES["four"]())  # outside the block nothing is counted
    assert len(tallies) == 1


def test_fonts_are_loaded_once_per_thread(
    fresh_fonts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded: list[tuple[int, bool]] = []
    load = board_fonts.load_font

    def counted(size: int, bold: bool = False) -> board_fonts.Font:
        loaded.append((size, bold))
        return load(size, bold)

    monkeypatch.setattr(board_fonts, "load_font", counted)
    board_png(BOARD_CASES["eight"]())
    first = len(loaded)
    board_png(BOARD_CASES["eight"]())

    assert first > 0 and len(loaded) == first  # the second board loads none
    assert len(set(loaded)) == len(loaded)  # and the first loaded each size once
    here = Pen().font(20)
    elsewhere: list[object] = []
    worker = threading.Thread(target=lambda: elsewhere.append(Pen().font(20)))
    worker.start()
    worker.join()
    assert Pen().font(20) is here and elsewhere[0] is not here  # a face is never shared


def test_a_thread_keeps_a_bounded_number_of_fonts(
    fresh_fonts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded: list[int] = []
    load = board_fonts.load_font
    monkeypatch.setattr(
        board_fonts, "load_font", lambda size, bold=False: loaded.append(size) or load(size, bold)
    )
    for size in range(10, 10 + KEPT_FONTS + 1):  # one more than kept: the first is dropped
        board_font(size)
    board_font(10 + KEPT_FONTS)  # the most recent is still kept
    assert loaded.count(10 + KEPT_FONTS) == 1
    board_font(10)
    assert loaded.count(10) == 2
