"""`totembot bench`'s board figures: the board picture of each format against its floor, Pillow
drawing as many shapes and texts at the picture's size and saving it with its defaults.

Both are timed warm (the fastest of several rounds, after one untimed draw, so fonts and code
are loaded), board and floor alternately, so both see the same machine; the figure kept is the
format whose board is furthest above its floor.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from totembot.core import GameState
from totembot.games.registry import parse_setup, ruleset_of
from totembot.render.fonts import board_font
from totembot.render.pen import BACKGROUND, SIZE, Tally, counting

NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou")
# A table in play for each format that has a board: damage, poison, a lock, one player out.
TABLES: dict[str, tuple[str, ...]] = {
    "totem": (
        f"game totem players: {', '.join(NAMES[:8])} commander",
        "Ann: attack Bob-Cid for 7 with commander hitting Cid",
        "Dan: attack Bob-Cid for 4 with commander hitting Bob",
        "Bob: poison 4 to Cid via Cid-Dan",
        "Fay: lock left",
        "Cid: deal 40 to Eve via Eve-Fay",
        "next",
    ),
    "free-for-all": (
        f"game free-for-all players: {', '.join(NAMES)} commander",
        *(f"{name}: attack Bob for {k + 2} with commander" for k, name in enumerate(NAMES[2:8])),
        "Cid: poison 4 to Dan",
        "Dan: lock",
        "Kim: concede",
        "next",
    ),
    "two-headed-giant": (
        "game two-headed-giant teams: Ann+Bob, Cid+Dan, Eve+Fay, Gus+Hal commander",
        "Ann: attack Cid for 5 with commander",
        "Cid: poison 3 to Eve",
        "Dan: lock",
        "Hal: concede",
        "next",
    ),
    "emperor": (
        "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay commander",
        "Bob: deal 3 to Fay",
        "Ann: attack Fay for 5 with commander",
        "Cid: concede",
    ),
    "teams": (
        "game teams teams: Ann+Bob+Cid+Dan, Eve+Fay+Gus+Hal, Ivy+Jon+Kim+Lou",
        "Ann: deal 3 to Eve",
        "Fay: poison 3 to Jon",
        "next",
        "Cid: concede",
    ),
    "grand-melee": (
        f"game grand-melee players: {', '.join(NAMES)}",
        "Ann: next",
        "Ivy: deal 5 to Jon",
        "Jon: poison 2 to Kim",
    ),
}
WORDS = ("Ann", "40", "Turn 3 · Bob to play", "commander", "poison 4", "Eve-Fay")
FLOOR_TEXT = 16  # pixels: a board's usual line of text
BOARD_ROUNDS = 15  # of each format's board and its floor: the fastest of them is kept


@dataclass(frozen=True)
class BoardFigure:
    """One format's warmest board against the floor of the same shapes and texts."""

    format: str
    board_ms: float
    floor_ms: float
    shapes: int
    texts: int
    png_bytes: int

    @property
    def ratio(self) -> float:
        return self.board_ms / self.floor_ms


def table(script: tuple[str, ...]) -> GameState:
    """The state after a setup line and its phrases, each said as the rules take it."""
    config = parse_setup(script[0])
    ruleset = ruleset_of(config.format)
    state = ruleset.new_game(config)
    for text in script[1:]:
        line = ruleset.parse_line(text, state)
        assert line is not None, text
        state = ruleset.record(state, line.request_as(line.speaker, line.speaker is None)).state
    return state


def pillow_floor(shapes: int, texts: int) -> bytes:
    """The floor: Pillow drawing `shapes` shapes (boxes, discs and triangles in turn) and
    `texts` short lines on an image of the board's size, with a font loaded before, saved as
    PNG with Pillow's defaults. No supersampling: what the board does beyond this is its cost."""
    image = Image.new("RGB", (SIZE, SIZE), BACKGROUND)
    draw = ImageDraw.Draw(image)
    font = board_font(FLOOR_TEXT)
    for k in range(shapes):
        x, y = 20 + (k * 97) % (SIZE - 120), 20 + (k * 61) % (SIZE - 120)
        shape = k % 3
        if shape == 0:
            draw.rounded_rectangle(
                (x, y, x + 90, y + 60), 8, fill=(58, 64, 78), outline=(90, 99, 120), width=2
            )
        elif shape == 1:
            draw.ellipse((x, y, x + 40, y + 40), fill=(200, 70, 80))
        else:
            draw.polygon([(x, y + 40), (x + 20, y), (x + 40, y + 40)], fill=(120, 190, 110))
    for k in range(texts):
        at = (30 + (k * 53) % (SIZE - 200), 30 + (k * 37) % (SIZE - 60))
        draw.text(at, WORDS[k % len(WORDS)], font=font, fill=(230, 232, 236))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def measure_board(name: str, rounds: int) -> BoardFigure:
    """One format: a warm-up draw (its tally gives the floor's counts), then `rounds` of the
    board and the floor alternately; the fastest of each."""
    state = table(TABLES[name])
    board_png = ruleset_of(state.config.format).board_png
    with counting() as tallies:
        png = board_png(state)
    tally = tallies[0] if tallies else Tally(0, 0)
    pillow_floor(tally.shapes, tally.texts)
    boards, floors = [], []
    for _ in range(rounds):
        boards.append(timed(lambda: board_png(state)))
        floors.append(timed(lambda: pillow_floor(tally.shapes, tally.texts)))
    return BoardFigure(name, min(boards), min(floors), tally.shapes, tally.texts, len(png))


def timed(draw: Callable[[], object]) -> float:
    """Milliseconds one call takes."""
    started = time.perf_counter()
    draw()
    return (time.perf_counter() - started) * 1000


def measure_boards(rounds: int) -> list[BoardFigure]:
    """Every format's board against its floor."""
    return [measure_board(name, rounds) for name in TABLES]


def board_figures(boards: list[BoardFigure]) -> dict[str, object]:
    """The worst format's figures (the one furthest above its floor), and every format's
    ratio."""
    worst = max(boards, key=lambda figure: figure.ratio)
    return {
        "board_ms": round(worst.board_ms, 2),
        "board_floor_ms": round(worst.floor_ms, 2),
        "board_floor_ratio": round(worst.ratio, 3),
        "board_worst_format": worst.format,
        "board_shapes": worst.shapes,
        "board_texts": worst.texts,
        "board_png_kb": round(worst.png_bytes / 1024, 1),
        "board_ratios": {figure.format: round(figure.ratio, 3) for figure in boards},
    }


def describe_board(figures: dict[str, object]) -> str:
    """The board's line of `totembot bench`'s text output."""
    return (
        f"board picture (the warmest, worst format: {figures['board_worst_format']}): "
        f"{figures['board_ms']} ms, {figures['board_png_kb']} KB, against Pillow drawing the "
        f"same {figures['board_shapes']} shapes and {figures['board_texts']} texts and saving "
        f"them: {figures['board_floor_ms']} ms; ratio {figures['board_floor_ratio']}"
    )
