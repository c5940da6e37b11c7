"""Where things go on the board picture: seats round a ring, totems between them, arrows.

Pure geometry (no drawing), so tests can check that nothing overlaps and that the arrows
follow the turn order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from totembot.render.pen import Box, Point

CENTRE: Point = (400.0, 418.0)


@dataclass(frozen=True)
class Sizes:
    """The geometry and type sizes for one table size."""

    seat: tuple[float, float]  # width and height of a seat label
    card: tuple[float, float]  # width and height of a totem card
    seat_radius: float
    card_radius: float
    roundness: float  # of the seats' ring: 2 is a circle; more pushes towards the corners
    card_roundness: float  # of the cards' ring
    name: int  # a player's name
    sub: int  # the note under a name
    label: int  # a totem's name, on its card
    life: int
    detail: int  # poison and commander damage lines


SIZES = {
    3: Sizes((250, 76), (230, 176), 270, 244, 3, 2, 32, 20, 20, 64, 21),
    4: Sizes((220, 74), (210, 164), 270, 272, 2, 6, 30, 19, 19, 58, 20),
    5: Sizes((180, 66), (160, 136), 298, 276, 6, 6, 27, 18, 17, 48, 18),
    6: Sizes((176, 66), (156, 132), 290, 172, 4, 2.5, 26, 17, 17, 46, 17),
    7: Sizes((150, 60), (128, 116), 314, 172, 4, 3, 23, 16, 15, 40, 16),
    8: Sizes((144, 58), (118, 104), 314, 240, 4, 2, 22, 15, 14, 36, 15),
}


@dataclass(frozen=True)
class Layout:
    """Where each seat label and each totem card goes, in picture pixels."""

    sizes: Sizes
    seats: tuple[Box, ...]
    cards: tuple[Box, ...]


@dataclass(frozen=True)
class Arrow:
    """An arrowhead on a link, pointing the way play passes: seat, its left totem, next seat."""

    tip: Point
    angle: float  # radians, y pointing down
    size: float
    start: Box  # the box the link leaves
    end: Box  # the box it goes to


def seat_angle(count: int, seat: int) -> float:
    """The angle of a seat in radians: seat 0 at the top, then clockwise."""
    return -math.pi / 2 + 2 * math.pi * seat / count


def on_ring(angle: float, radius: float, roundness: float) -> Point:
    """A point on a rounded square (a superellipse) of the given radius around the centre."""
    x, y = math.cos(angle), math.sin(angle)
    scale = radius / (abs(x) ** roundness + abs(y) ** roundness) ** (1 / roundness)
    return CENTRE[0] + scale * x, CENTRE[1] + scale * y


def centred_box(centre: Point, size: tuple[float, float]) -> Box:
    """A box of the given width and height around a centre."""
    (x, y), (width, height) = centre, size
    return x - width / 2, y - height / 2, x + width / 2, y + height / 2


def pool_angle(count: int, seats: tuple[int, ...]) -> float:
    """The angle halfway round the ring between a pool's seats."""
    x = sum(math.cos(seat_angle(count, seat)) for seat in seats)
    y = sum(math.sin(seat_angle(count, seat)) for seat in seats)
    if math.hypot(x, y) < 1e-9:
        return seat_angle(count, seats[0]) + math.pi / count
    return math.atan2(y, x)


def sizes_for(count: int) -> Sizes:
    """The sizes for a table, clamped to the sizes there are."""
    return SIZES[min(max(count, min(SIZES)), max(SIZES))]


def layout(count: int, pools: tuple[tuple[int, ...], ...]) -> Layout:
    """Seat labels round the ring, each totem card between its seats."""
    sizes = sizes_for(count)
    seats = tuple(
        centred_box(
            on_ring(seat_angle(count, seat), sizes.seat_radius, sizes.roundness), sizes.seat
        )
        for seat in range(count)
    )
    cards = tuple(
        centred_box(
            on_ring(pool_angle(count, seats_of), sizes.card_radius, sizes.card_roundness),
            sizes.card,
        )
        for seats_of in pools
    )
    return Layout(sizes, seats, cards)


def middle(box: Box) -> Point:
    """The centre of a box."""
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def leaving(box: Box, towards: Point) -> float:
    """How far from a box's centre a ray towards a point leaves the box."""
    (x, y), half_width, half_height = middle(box), (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    dx, dy = abs(towards[0] - x), abs(towards[1] - y)
    shares = [half / d for half, d in ((half_width, dx), (half_height, dy)) if d > 1e-9]
    return min(shares, default=0.0) * math.hypot(dx, dy)


def link_arrow(start: Box, end: Box, size: float) -> Arrow | None:
    """The arrowhead halfway along the visible part of the line from one box to another."""
    a, b = middle(start), middle(end)
    distance = math.hypot(b[0] - a[0], b[1] - a[1])
    first, last = leaving(start, b), distance - leaving(end, a)
    visible = last - first
    if distance < 1e-9 or visible < size * 1.6:
        return None
    size = min(size, visible / 2.2)
    t = (first + visible / 2 + size / 2) / distance  # the tip, so the head sits in the middle
    tip = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    return Arrow(tip, math.atan2(b[1] - a[1], b[0] - a[0]), size, start, end)


def turn_arrows(plan: Layout, pools: tuple[tuple[int, ...], ...], size: float) -> list[Arrow]:
    """Arrowheads from each seat to its left totem and on to the next seat, in turn order.

    Totem i joins seat i and seat i+1, and play passes from seat i to seat i+1, so the links
    read as one loop that goes the way the turns go.
    """
    arrows: list[Arrow] = []
    for card, seats in zip(plan.cards, pools, strict=False):
        if len(seats) != 2 or max(seats) >= len(plan.seats):
            continue
        for start, end in ((plan.seats[seats[0]], card), (card, plan.seats[seats[1]])):
            arrow = link_arrow(start, end, size)
            if arrow is not None:
                arrows.append(arrow)
    return arrows


def free_radius(plan: Layout) -> float:
    """The radius of the empty circle in the middle of the ring."""
    boxes = [*plan.seats, *plan.cards]
    if not boxes:
        return 0.0

    def gap(box: Box) -> float:
        dx = max(box[0] - CENTRE[0], 0.0, CENTRE[0] - box[2])
        dy = max(box[1] - CENTRE[1], 0.0, CENTRE[1] - box[3])
        return math.hypot(dx, dy)

    return min(gap(box) for box in boxes)


# --- cards round a table (the formats whose life totals sit on players or teams) -----------

AREA: Box = (8.0, 50.0, 792.0, 770.0)  # under the title, over the footer
Sides = tuple[int, int, int]  # cards along the top, down each side, along the bottom


def around_table(
    sides: Sides, gap: float, most: tuple[float, float], area: Box = AREA
) -> tuple[Box, ...]:
    """Equal cards round a rectangular table, in turn order: along the top from the left,
    down the right side, along the bottom from the right, up the left side.

    Each row spreads its cards evenly over the whole width (each in the middle of its share);
    the side cards sit at the ends of the rows between. Cards are as big as fits with `gap`
    between them, and at most `most`.
    """
    top, side, bottom = sides
    left, upper, right, lower = area
    width, height = right - left, lower - upper
    rows = 2 + side
    card_height = min(most[1], (height - (rows - 1) * gap) / rows)
    widest = max(top, bottom)
    card_width = min(most[0], width / widest - gap, (width - gap) / 2 if side else width)
    size = (card_width, card_height)

    def row_y(row: int) -> float:
        return upper + card_height / 2 + row * (height - card_height) / (rows - 1)

    def row(count: int, y: float) -> list[Box]:
        return [centred_box((left + width * (k + 0.5) / count, y), size) for k in range(count)]

    # In line with the rows' end cards when the rows are long, else out at the edges.
    inset = width / (2 * widest) if widest >= 3 else card_width / 2
    at_right = [centred_box((right - inset, row_y(r)), size) for r in range(1, rows - 1)]
    at_left = [centred_box((left + inset, row_y(r)), size) for r in range(1, rows - 1)]
    return (
        *row(top, row_y(0)),
        *at_right,
        *reversed(row(bottom, row_y(rows - 1))),
        *reversed(at_left),
    )


def free_round(boxes: tuple[Box, ...], centre: Point) -> float:
    """The radius of the empty circle round a point that no box enters."""

    def gap(box: Box) -> float:
        dx = max(box[0] - centre[0], 0.0, centre[0] - box[2])
        dy = max(box[1] - centre[1], 0.0, centre[1] - box[3])
        return math.hypot(dx, dy)

    return min((gap(box) for box in boxes), default=0.0)
