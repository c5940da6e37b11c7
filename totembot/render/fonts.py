"""Fonts for the board picture: DejaVu Sans from matplotlib's package data.

Player names come in every script, and Pillow's built-in font draws little beyond ASCII.
DejaVu Sans covers Latin, Greek and Cyrillic (and more) and matplotlib, a declared dependency,
ships it. The file is found with `importlib.util.find_spec`, which locates the package without
running its (slow) `__init__`. When the file is missing the board still draws, with Pillow's
built-in font, and says so once in the log.

Which characters the fonts can draw is read from the font files' own character maps, so text
is cleaned to what will really show: a character neither face has becomes '?', never a box.
"""

from __future__ import annotations

import importlib.util
import logging
import struct
import threading
import unicodedata
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Literal

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

log = logging.getLogger(__name__)

FONT_DIR = ("mpl-data", "fonts", "ttf")
REGULAR, BOLD = "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"
MAX_TEXT = 120  # characters of user text kept before measuring
KEPT_FONTS = 128  # loaded fonts kept per thread (every board of every format uses about 60)

# Pillow's built-in font (a subset of Aileron) draws printable ASCII and these.
BUILT_IN = frozenset(range(0x20, 0x7F)) | frozenset(map(ord, "©«°±·»‘’“”…‹›™"))
INVISIBLE = frozenset({"Cc", "Cf", "Me", "Zl", "Zp", "Cs", "Co", "Cn"})


# --- finding the files ----------------------------------------------------------------------


def matplotlib_fonts() -> Path | None:
    """matplotlib's font folder, found without importing matplotlib."""
    try:
        spec = importlib.util.find_spec("matplotlib")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)), *FONT_DIR)


@lru_cache(maxsize=1)
def font_files() -> tuple[Path, Path] | None:
    """The regular and bold DejaVu Sans files, or None (logged once) when either is missing."""
    folder = matplotlib_fonts()
    if folder is not None:
        regular, bold = folder / REGULAR, folder / BOLD
        if regular.is_file() and bold.is_file():
            return regular, bold
    log.warning(
        "DejaVu Sans was not found in matplotlib's package data (%s); the board picture "
        "falls back to Pillow's built-in font, which draws little beyond ASCII",
        folder,
    )
    return None


def load_font(size: int, bold: bool = False) -> Font:
    """A font at a pixel size: DejaVu Sans (bold or not), else Pillow's built-in font."""
    files = font_files()
    if files is not None:
        try:
            return ImageFont.truetype(str(files[1] if bold else files[0]), size)
        except (OSError, ImportError):  # a broken file, or Pillow built without FreeType
            pass
    return ImageFont.load_default(size=size)


FontKey = tuple[tuple[Path, Path] | None, int, bool]
_loaded = threading.local()  # each thread's own fonts, most recently used last


def board_font(size: int, bold: bool = False) -> Font:
    """`load_font`'s font, loaded once per thread and kept (the least recently used dropped
    past KEPT_FONTS).

    Per thread, because a FreeType face keeps the glyph it is working on and the bot draws
    boards in worker threads, which live as long as the bot, so each loads a size once. The
    files found are part of the key: when they change (a test hides them) the new ones load.
    """
    fonts: OrderedDict[FontKey, Font] = _loaded.__dict__.setdefault("fonts", OrderedDict())
    key = (font_files(), size, bold)
    face = fonts.get(key)
    if face is None:
        face = fonts[key] = load_font(size, bold)
        if len(fonts) > KEPT_FONTS:
            fonts.popitem(last=False)
    else:
        fonts.move_to_end(key)
    return face


def forget_fonts() -> None:
    """Drop this thread's loaded fonts, so the next are loaded again (for tests that take
    FreeType away: the fonts kept from before would hide the fallback)."""
    _loaded.__dict__.pop("fonts", None)


def is_dejavu(face: Font) -> bool:
    """Whether a font object is DejaVu Sans (it draws real bold; the built-in one does not)."""
    return isinstance(face, ImageFont.FreeTypeFont) and face.getname()[0] == "DejaVu Sans"


# --- what the fonts can draw ------------------------------------------------------------------


def cmap_format_4(data: bytes, at: int) -> set[int]:
    """The code points a format 4 subtable (16-bit segments) maps to a real glyph."""
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts_at = at + 16 + 2 * segments
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, starts_at + 2 * segments)
    ranges_at = starts_at + 4 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    codes: set[int] = set()
    for k, (start, end, delta, offset) in enumerate(zip(starts, ends, deltas, ranges, strict=True)):
        for code in range(start, min(end, 0xFFFE) + 1):
            if offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                where = ranges_at + 2 * k + offset + 2 * (code - start)
                raw = struct.unpack_from(">H", data, where)[0]
                glyph = (raw + delta) & 0xFFFF if raw else 0
            if glyph:
                codes.add(code)
    return codes


def cmap_format_12(data: bytes, at: int) -> set[int]:
    """The code points a format 12 subtable (32-bit groups) maps to a real glyph."""
    groups = struct.unpack_from(">I", data, at + 12)[0]
    codes: set[int] = set()
    for k in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * k)
        codes.update(code for code in range(start, end + 1) if glyph + code - start)
    return codes


def table(data: bytes, tag: bytes) -> int:
    """Where a table starts in a TrueType file."""
    count = struct.unpack_from(">H", data, 4)[0]
    for k in range(count):
        name, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * k)
        if name == tag:
            return int(offset)
    raise ValueError(f"no {tag!r} table")


def covered(path: Path) -> frozenset[int]:
    """Every code point a font file has a glyph for, from its Unicode character map."""
    data = path.read_bytes()
    cmap = table(data, b"cmap")
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    best: tuple[int, int] | None = None  # (format, offset) of the widest Unicode subtable
    for k in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * k)
        if (platform, encoding) not in {(3, 1), (3, 10), (0, 3), (0, 4)}:
            continue
        kind = struct.unpack_from(">H", data, cmap + offset)[0]
        if kind in (4, 12) and (best is None or kind > best[0]):
            best = (kind, cmap + offset)
    if best is None:
        raise ValueError(f"{path.name} has no Unicode character map")
    kind, at = best
    return frozenset(cmap_format_12(data, at) if kind == 12 else cmap_format_4(data, at))


@lru_cache(maxsize=1)
def drawable() -> frozenset[int]:
    """The code points both faces can draw: DejaVu's regular and bold, else the built-in font."""
    files = font_files()
    if files is None:
        return BUILT_IN
    try:
        return covered(files[0]) & covered(files[1])
    except (OSError, ValueError, struct.error):
        log.warning("could not read the character map of %s; drawing ASCII only", files[0])
        return BUILT_IN


def bare(char: str) -> bool:
    """Whether a character is a letter or digit with no mark on it yet."""
    return char.isalnum() and len(unicodedata.normalize("NFD", char)) == 1


def clean(text: str) -> str:
    """User text the board's font can draw: invisibles dropped, spaces folded, the rest '?'.

    Compatibility forms are folded (full-width letters, ligatures), and at most one
    combining mark is kept on a letter, so stacked marks cannot climb over other text.
    """
    can_draw = drawable()
    # The built-in font has no accented letters: split the accents off (NFKD), then drop them.
    form: Literal["NFKC", "NFKD"] = "NFKD" if can_draw is BUILT_IN else "NFKC"
    kept: list[str] = []
    for char in unicodedata.normalize(form, text[: MAX_TEXT * 4]):
        category = unicodedata.category(char)
        if char.isspace():
            kept.append(" ")
        elif category in INVISIBLE:
            continue
        elif category == "Mn":
            if can_draw is not BUILT_IN and ord(char) in can_draw and kept and bare(kept[-1]):
                kept.append(char)
        else:
            kept.append(char if ord(char) in can_draw else "?")
    text = " ".join("".join(kept).split()) or "?"
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"
