"""The board's icons for TABLE.md's designations: the monarch's crown and the initiative's
castle, drawn by `board_parts.draw_icon` beside a detail line's words."""

from __future__ import annotations

from totembot.render.pen import RGB, Pen, Point, crown

CASTLE: RGB = (190, 160, 255)  # the initiative: the Undercity's violet


def castle(pen: Pen, at: Point, size: float, fill: RGB) -> None:
    """A small tower with battlements, `size` across: the initiative (the Undercity)."""
    x, y = at
    w, h = size / 2, size / 2
    notch = size / 5
    pen.polygon(
        [
            (x - w, y + h),
            (x - w, y - h),
            (x - w + notch, y - h),
            (x - w + notch, y - h + notch),
            (x - notch / 2, y - h + notch),
            (x - notch / 2, y - h),
            (x + notch / 2, y - h),
            (x + notch / 2, y - h + notch),
            (x + w - notch, y - h + notch),
            (x + w - notch, y - h),
            (x + w, y - h),
            (x + w, y + h),
        ],
        fill,
    )


def draw_table_icon(pen: Pen, icon: str, at: Point, size: float, ink: RGB) -> bool:
    """Draw a TABLE.md icon ("crown", "castle"); False for any other name."""
    if icon == "crown":
        crown(pen, at, size * 0.95, ink)
    elif icon == "castle":
        castle(pen, at, size * 0.8, ink)
    else:
        return False
    return True
