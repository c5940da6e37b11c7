"""Drawing primitives for the board picture: a pen on a supersampled canvas, and icons.

Everything is drawn at SCALE times the size and scaled down once, so edges are smooth; the
same state always gives the same bytes. Icons are drawn as shapes, not taken from a font, so
they look the same whichever font is found.

The picture's cost is kept near what Pillow needs to draw as many shapes and texts at the final
size (`totembot bench`'s board_floor_ratio): the canvas is shrunk by averaging pixel blocks, its
rows are deflated as they are (see `png_bytes`), and fonts are loaded once per thread.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from totembot.render.fonts import Font, board_font, is_dejavu

Align = Literal["centre", "left", "right"]
Box = tuple[float, float, float, float]
Point = tuple[float, float]
RGB = tuple[int, int, int]

SIZE = 800  # the picture is SIZE x SIZE pixels
SCALE = 2  # drawn at SCALE times the size, then scaled down for smooth edges
BACKGROUND: RGB = (30, 33, 41)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_LEVEL = 1  # zlib's fastest: a board of 50-70 KB (level 6: 45-50 KB, 3-4 ms more)


def for_font(text: str, face: Font) -> str:
    """The text as the font takes it: a bitmap font (no FreeType) has Latin-1 only."""
    if isinstance(face, ImageFont.FreeTypeFont):
        return text
    return text.replace("…", "...").encode("latin-1", "replace").decode("latin-1")


def length(text: str, face: Font) -> float:
    """How wide a text is in the font's pixels."""
    return face.getlength(for_font(text, face))


def fit(text: str, face: Font, width: float) -> str:
    """The text, clipped with an ellipsis to at most `width` drawn pixels."""
    if length(text, face) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if length(text[:middle].rstrip() + "…", face) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


@dataclass(frozen=True)
class Written:
    """One line of text as drawn: kept so tests can check sizes and that nothing overlaps."""

    text: str
    box: Box  # the ink's bounds, in picture pixels
    size: float


@dataclass(frozen=True)
class Tally:
    """How much one picture drew: the bench's floor draws as many shapes and texts."""

    shapes: int
    texts: int


_tallies: ContextVar[list[Tally] | None] = ContextVar("tallies", default=None)


@contextmanager
def counting() -> Iterator[list[Tally]]:
    """Each picture saved in the block adds its Tally to the list (for `totembot bench`,
    which reaches the board only through its game's ruleset, as bytes)."""
    tallies: list[Tally] = []
    token = _tallies.set(tallies)
    try:
        yield tallies
    finally:
        _tallies.reset(token)


class Pen:
    """Draws in picture pixels on a canvas SCALE times larger."""

    def __init__(self) -> None:
        self.image = Image.new("RGB", (SIZE * SCALE, SIZE * SCALE), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.written: list[Written] = []
        self.shapes = 0  # boxes, lines, polygons, ellipses and arcs drawn

    def font(self, size: float, bold: bool = False) -> Font:
        """The board's font at a size in picture pixels (this thread's, loaded once)."""
        return board_font(round(size * SCALE), bold)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        """How wide a text is drawn, in picture pixels."""
        return length(text, self.font(size, bold)) / SCALE

    def fit(self, text: str, size: float, width: float, bold: bool = False) -> str:
        """The text clipped with an ellipsis to `width` picture pixels."""
        return fit(text, self.font(size, bold), width * SCALE)

    def text(
        self,
        at: Point,
        text: str,
        size: float,
        fill: RGB,
        align: Align = "centre",
        bold: bool = False,
    ) -> float:
        """Draw one line with its capitals centred on `at`'s height; returns its width."""
        face = self.font(size, bold)
        text = for_font(text, face)
        left, _top, right, _bottom = face.getbbox(text)
        _l, cap_top, _r, baseline = face.getbbox("H")
        x = at[0] * SCALE
        if align == "centre":
            x -= (left + right) / 2
        elif align == "right":
            x -= right
        y = at[1] * SCALE - (cap_top + baseline) / 2
        fake_bold = bold and isinstance(face, ImageFont.FreeTypeFont) and not is_dejavu(face)
        stroke = round(SCALE * size / 44) if fake_bold else 0
        self.draw.text((x, y), text, font=face, fill=fill, stroke_width=stroke, stroke_fill=fill)
        ink = self.draw.textbbox((x, y), text, font=face, stroke_width=stroke)
        self.written.append(Written(text, self.unscaled(ink), size))
        return (right - left) / SCALE

    def box(self, box: Box, radius: float, fill: RGB, edge: RGB, width: float = 2) -> None:
        self.shapes += 1
        self.draw.rounded_rectangle(
            self.scaled(box), radius * SCALE, fill=fill, outline=edge, width=round(width * SCALE)
        )

    def line(self, points: list[Point], fill: RGB, width: float) -> None:
        scaled = [(x * SCALE, y * SCALE) for x, y in points]
        self.shapes += 1
        self.draw.line(scaled, fill=fill, width=round(width * SCALE), joint="curve")

    def polygon(self, points: list[Point], fill: RGB) -> None:
        self.shapes += 1
        self.draw.polygon([(x * SCALE, y * SCALE) for x, y in points], fill=fill)

    def ellipse(
        self, box: Box, fill: RGB | None, edge: RGB | None = None, width: float = 0
    ) -> None:
        self.shapes += 1
        self.draw.ellipse(self.scaled(box), fill=fill, outline=edge, width=round(width * SCALE))

    def arc(self, box: Box, start: float, end: float, fill: RGB, width: float) -> None:
        self.shapes += 1
        self.draw.arc(self.scaled(box), start, end, fill=fill, width=round(width * SCALE))

    @staticmethod
    def scaled(box: Box) -> Box:
        return box[0] * SCALE, box[1] * SCALE, box[2] * SCALE, box[3] * SCALE

    @staticmethod
    def unscaled(box: Box) -> Box:
        return box[0] / SCALE, box[1] / SCALE, box[2] / SCALE, box[3] / SCALE

    def png(self) -> bytes:
        """The picture at its final size, as PNG bytes.

        Each SCALE x SCALE block of the canvas is averaged (`reduce`): for a drawing made
        larger only to smooth its edges that is the filter wanted, and 15 times cheaper than
        LANCZOS, whose sharpening made edge colours no drawing asked for (and a file twice the
        size). The snapshots tell no difference.
        """
        tallies = _tallies.get()
        if tallies is not None:
            tallies.append(Tally(self.shapes, len(self.written)))
        return png_bytes(self.image.reduce(SCALE))


def png_chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: its length, type, data and CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(image: Image.Image, level: int = PNG_LEVEL) -> bytes:
    """An RGB picture as a PNG whose rows are deflated unfiltered.

    Pillow's encoder picks a filter for every row, which on a board (flat areas and smooth
    edges) costs more than deflating, and leaves differences that deflate worse than the rows
    themselves: unfiltered rows at zlib level 1 take a third of its time at level 1 and make a
    smaller file. Any PNG reader decodes it (filter type 0 is "none").
    """
    width, height = image.size
    pixels = (image if image.mode == "RGB" else image.convert("RGB")).tobytes()
    stride = width * 3
    rows = b"".join(
        b"\x00" + pixels[top : top + stride] for top in range(0, stride * height, stride)
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return (
        PNG_SIGNATURE
        + png_chunk(b"IHDR", header)
        + png_chunk(b"IDAT", zlib.compress(rows, level))
        + png_chunk(b"IEND", b"")
    )


# --- icons --------------------------------------------------------------------------------


def heart(pen: Pen, at: Point, size: float, fill: RGB) -> None:
    """A heart whose box is `size` wide, centred on `at`."""
    x, y = at
    r = size / 4
    pen.ellipse((x - 2 * r, y - 1.6 * r, x, y + 0.4 * r), fill)
    pen.ellipse((x, y - 1.6 * r, x + 2 * r, y + 0.4 * r), fill)
    pen.polygon([(x - 1.95 * r, y - 0.35 * r), (x + 1.95 * r, y - 0.35 * r), (x, y + 2 * r)], fill)


def droplet(pen: Pen, at: Point, size: float, fill: RGB) -> None:
    """A poison drop about `size` tall, centred on `at`."""
    x, y = at
    r = size * 0.3
    pen.ellipse((x - r, y + size / 2 - 2 * r, x + r, y + size / 2), fill)
    pen.polygon(
        [
            (x, y - size / 2),
            (x - r * 0.95, y + size / 2 - r * 1.2),
            (x + r * 0.95, y + size / 2 - r * 1.2),
        ],
        fill,
    )


def sword(pen: Pen, at: Point, size: float, fill: RGB) -> None:
    """A sword pointing up and to the right, for commander damage."""
    half = size / 2 / math.sqrt(2)

    def along(t: float, across: float = 0.0) -> Point:
        """A point t of the way from the centre to the tip, `across` to the side."""
        return at[0] + half * (t + across), at[1] + half * (-t + across)

    blade = [along(-0.45, -0.14), along(0.85, -0.14), along(1.3), along(0.85, 0.14)]
    pen.polygon([*blade, along(-0.45, 0.14)], fill)
    pen.line([along(-0.5, -0.42), along(-0.5, 0.42)], fill, size / 7)
    pen.line([along(-0.5), along(-1.1)], fill, size / 7)


def padlock(pen: Pen, at: Point, size: float, fill: RGB) -> None:
    """A closed padlock about `size` tall, centred on `at`."""
    x, y = at
    w = size * 0.8
    pen.arc((x - w * 0.32, y - size / 2, x + w * 0.32, y + size * 0.15), 180, 360, fill, size / 8)
    pen.line([(x - w * 0.32, y - size * 0.17), (x - w * 0.32, y)], fill, size / 8)
    pen.line([(x + w * 0.32, y - size * 0.17), (x + w * 0.32, y)], fill, size / 8)
    pen.box((x - w / 2, y - size * 0.05, x + w / 2, y + size / 2), size / 10, fill, fill, 1)


def star(pen: Pen, at: Point, size: float, fill: RGB) -> None:
    """A five-pointed star `size` across, for the winner."""
    x, y = at
    points = []
    for k in range(10):
        radius = size / 2 if k % 2 == 0 else size / 5
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    pen.polygon(points, fill)


def crown(pen: Pen, at: Point, size: float, fill: RGB) -> None:
    """A three-pointed crown `size` across, for an emperor."""
    x, y = at
    w, h = size / 2, size * 0.38
    pen.polygon(
        [
            (x - w, y + h),
            (x - w, y - h),
            (x - w * 0.5, y),
            (x, y - h * 1.25),
            (x + w * 0.5, y),
            (x + w, y - h),
            (x + w, y + h),
        ],
        fill,
    )


def chain(pen: Pen, at: Point, size: float, fill: RGB) -> None:
    """Two interlocked links `size` across, for a minion (Minions & Masters)."""
    x, y = at
    w, h, width = size * 0.62, size * 0.4, max(1.5, size / 8)
    pen.ellipse(
        (x - size / 2, y - h / 2 - size * 0.08, x - size / 2 + w, y + h / 2 - size * 0.08),
        None,
        fill,
        width,
    )
    pen.ellipse(
        (x + size / 2 - w, y - h / 2 + size * 0.08, x + size / 2, y + h / 2 + size * 0.08),
        None,
        fill,
        width,
    )


def pips(pen: Pen, at: Point, size: float, filled: int, count: int, fill: RGB, edge: RGB) -> None:
    """`count` small discs in a row centred on `at`, the first `filled` of them filled."""
    gap = size * 0.45
    left = at[0] - (count * size + (count - 1) * gap) / 2
    for k in range(count):
        x = left + k * (size + gap)
        disc = (x, at[1] - size / 2, x + size, at[1] + size / 2)
        if k < filled:
            pen.ellipse(disc, fill, fill, 1)
        else:
            pen.ellipse(disc, None, edge, max(1.5, size / 6))


def arrowhead(pen: Pen, tip: Point, angle: float, size: float, fill: RGB) -> None:
    """A notched arrowhead `size` long whose tip is at `tip`, pointing along `angle`."""
    ahead = (math.cos(angle), math.sin(angle))
    side = (-ahead[1], ahead[0])

    def at(back: float, across: float) -> Point:
        return (
            tip[0] - ahead[0] * back * size + side[0] * across * size,
            tip[1] - ahead[1] * back * size + side[1] * across * size,
        )

    pen.polygon([tip, at(1.0, 0.62), at(0.7, 0.0), at(1.0, -0.62)], fill)
