"""What every board picture shares, whatever the format: the palette, type sizes, the title
and footer, a name, a life row, a detail line and the turn-order circle.

Totem's ring (board) and the card tables of the other formats (board_players, board_teams)
draw with these, so a seat, a life total or a commander's damage looks the same everywhere.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from totembot.games.magic.render.board_icons import draw_table_icon
from totembot.render.fonts import clean
from totembot.render.palette import (
    ACTIVE,
    DARK_TEXT,
    DEAD_EDGE,
    FAINT,
    GOLD,
    HEART,
    LOCK,
    MUTED,
    OUT_EDGE,
    OUT_FILL,
    SEAT_EDGE,
    SEAT_FILL,
    TEXT,
)
from totembot.render.pen import (
    RGB,
    SIZE,
    Pen,
    Point,
    arrowhead,
    chain,
    crown,
    droplet,
    heart,
    padlock,
    star,
    sword,
)

MARGIN = 12
TITLE, NOTE, FOOTER = 30, 17, 18  # type sizes
MIN_TEXT = 12  # the smallest type anywhere: still readable on a phone once zoomed
MIN_DETAIL = 13  # the smallest type for a commander's damage
CARD_SHRINK = ((1.0, 1.0), (1.0, 0.85), (0.8, 0.85), (0.66, 0.85))  # (life, detail) scales
LINE_STEP, LABEL_ROW = 1.25, 1.2  # detail lines and the label row, in their type sizes
CENTRE_ARROW_ROOM = 85  # the free radius needed for the turn-order circle in the middle


# --- title and footer ---------------------------------------------------------------------


def headline_words(
    pen: Pen, finished: bool, winners: tuple[str, ...], turn: int, actor: str | None
) -> tuple[str, RGB]:
    """The title words, each name clipped so the rest still shows, and their colour.

    `actor` is whoever takes the turn: a player, or a team in the giant formats."""
    room = SIZE - 2 * MARGIN
    if finished:
        if not winners:
            return "Game over: a draw", MUTED
        budget = (room - pen.width(" and  win!", TITLE, True)) / len(winners) - 20
        names = [pen.fit(clean(name), TITLE, budget, True) for name in winners]
        if len(names) == 1:
            return f"{names[0]} wins!", GOLD
        return f"{', '.join(names[:-1])} and {names[-1]} win!", GOLD
    words = f"Turn {turn} · {{}} to play"
    budget = room - pen.width(words.format(""), TITLE, True)
    name = pen.fit(clean(actor), TITLE, budget, True) if actor is not None else "?"
    return words.format(name), TEXT


def draw_headline(pen: Pen, words: str, colour: RGB) -> None:
    """The title line along the top."""
    words = pen.fit(words, TITLE, SIZE - 2 * MARGIN, True)
    pen.text((SIZE / 2, 27), words, TITLE, colour, bold=True)


def draw_footer_words(pen: Pen, words: str) -> None:
    """The setup, small, along the bottom."""
    words = pen.fit(words, FOOTER, SIZE - 2 * MARGIN)
    pen.text((SIZE / 2, SIZE - 16), words, FOOTER, MUTED)


# --- names --------------------------------------------------------------------------------


def out_note(pen: Pen, status: str, reason: str | None, size: float, width: float) -> str:
    """Why a player is out: 'lost: Bob-Cid died' if it fits, else the reason, else 'lost'."""
    word = str(status)
    if not isinstance(reason, str) or not reason.strip():
        return word
    why = clean(reason)
    for choice in (why if why.startswith(word) else f"{word}: {why}", why):
        if pen.width(choice, size) <= width:
            return choice
    return word


def seat_colours(status: str, active: bool) -> tuple[RGB, RGB, RGB]:
    """Fill, edge and text colours of a seat label (or a card's header)."""
    if status == "won":
        return GOLD, GOLD, DARK_TEXT
    if status != "in":
        return OUT_FILL, OUT_EDGE, FAINT
    if active:
        return ACTIVE, ACTIVE, DARK_TEXT
    return SEAT_FILL, SEAT_EDGE, TEXT


def draw_name(
    pen: Pen,
    name: str,
    status: str,
    at: Point,
    room: float,
    size: float,
    ink: RGB,
    from_left: bool = False,
    crowned: RGB | None = None,
    chained: RGB | None = None,
) -> float:
    """A name centred on `at` (or starting there): shrunk a little, then clipped, to fit; a
    star for the winner, a crown in the colour `crowned` (an emperor, a master), a chain in
    the colour `chained` (a minion), struck through when out. Returns the type size used."""
    icon = size * 0.9 if status == "won" else 0.0
    mark = size * 1.05 if crowned is not None or chained is not None else 0.0
    out = status not in ("in", "won")
    bold = not out
    name, shrunk = clean(name), size
    while shrunk > size * 0.8 and pen.width(name, shrunk, bold) > room - icon - mark:
        shrunk -= 1
    name = pen.fit(name, shrunk, room - icon - mark, bold)
    width = pen.width(name, shrunk, bold) + icon + mark
    left, y = (at[0] if from_left else at[0] - width / 2), at[1]
    pen.text((left + icon + mark, y), name, shrunk, ink, align="left", bold=bold)
    if crowned is not None:
        crown(pen, (left + mark * 0.42, y), mark * 0.78, crowned)
    elif chained is not None:
        chain(pen, (left + mark * 0.42, y), mark * 0.8, chained)
    if icon:
        star(pen, (left + mark + icon * 0.4, y), icon * 0.85, DARK_TEXT)
    if out:
        pen.line([(left - 3, y), (left + width + 3, y)], ink, max(2.0, size / 12))
    return shrunk


# --- life and detail lines ------------------------------------------------------------------


@dataclass(frozen=True)
class Detail:
    """One line under a life: an icon, words and a number."""

    icon: str  # "drop", "sword", "crown", "castle" (board_table) or ""
    words: str
    value: str
    colour: RGB
    shorter: tuple[str, ...] = ()  # the words said shorter, tried in turn when they do not fit


def squeeze(lines: list[Detail], room: int) -> list[Detail]:
    """At most `room` lines, the last saying how many more there are."""
    if len(lines) <= room:
        return lines
    if room <= 0:
        return []
    hidden = len(lines) - room + 1
    return [*lines[: room - 1], Detail("", f"+{hidden} more", "", MUTED)]


def dimmed(colour: RGB, dead: bool) -> RGB:
    """A colour darkened for a dead life total."""
    return (colour[0] * 3 // 5, colour[1] * 3 // 5, colour[2] * 3 // 5) if dead else colour


def draw_icon(pen: Pen, icon: str, at: Point, size: float, ink: RGB) -> None:
    """A poison drop or a commander's sword, `size` being the type size beside it."""
    if icon == "drop":
        droplet(pen, at, size * 0.85, ink)
    elif icon == "sword":
        sword(pen, at, size * 1.1, ink)
    else:
        draw_table_icon(pen, icon, at, size, ink)


def draw_detail(
    pen: Pen, line: Detail, span: tuple[float, float], y: float, size: float, dead: bool
) -> None:
    """An icon, the words (clipped) and the number at the right end of a span of x."""
    ink = dimmed(line.colour, dead)
    left, right = span[0] + size * 0.5, span[1] - size * 0.5
    if line.icon:
        draw_icon(pen, line.icon, (left + size * 0.4, y), size, ink)
        left += size * 1.1
    value = pen.width(line.value, size, True) if line.value else 0.0
    room = right - left - (value + size * 0.4 if line.value else 0)
    choices = (line.words, *line.shorter)
    words = next((w for w in choices if pen.width(w, size) <= room), choices[-1])
    pen.text((left, y), pen.fit(words, size, room), size, ink, align="left")
    if line.value:
        pen.text((right, y), line.value, size, ink, align="right", bold=True)


def life_width(pen: Pen, life: int, locked: bool, size: float) -> float:
    """How wide the life row is: heart, number and, when locked, a padlock."""
    lock = size * 0.6 if locked else 0.0
    return size * 0.65 + pen.width(str(life), size, True) + lock


def life_fitting(pen: Pen, life: int, locked: bool, size: float, width: float) -> float:
    """The life's type size, made smaller until the life row fits the width."""
    while size > 12 and life_width(pen, life, locked, size) > width:
        size -= 2
    return size


def rows_fitting(height: float, life: float, detail: float) -> int:
    """How many detail lines fit under a life of a given size in a height."""
    return max(0, int((height - life * 0.73 - detail * 0.4) // (detail * LINE_STEP)))


def draw_life(pen: Pen, life: int, locked: bool, dead: bool, at: Point, size: float) -> None:
    """The life, big, centred on `at`, after a heart and before a padlock when locked."""
    x, y = at
    left = x - life_width(pen, life, locked, size) / 2
    heart(pen, (left + size * 0.25, y), size * 0.5, DEAD_EDGE if dead else HEART)
    left += size * 0.65
    left += pen.text((left, y), str(life), size, MUTED if dead else TEXT, "left", bold=True)
    if locked:
        padlock(pen, (left + size * 0.35, y - size * 0.02), size * 0.42, LOCK)


# --- the direction of play ------------------------------------------------------------------


def draw_order_circle(pen: Pen, centre: Point, free: float, size: float) -> None:
    """A clockwise arrow round 'turn order', in a free circle of radius `free`."""
    radius, width = min(free * 0.6, 110.0), 6.0
    x, y = centre
    start, end = -60.0, 225.0  # degrees clockwise from 3 o'clock: the gap is at the top
    pen.arc((x - radius, y - radius, x + radius, y + radius), start, end, FAINT, width)
    head = 24.0
    tip_angle = math.radians(end) + head * 0.8 / radius
    tip = (x + radius * math.cos(tip_angle), y + radius * math.sin(tip_angle))
    arrowhead(pen, tip, tip_angle + math.pi / 2, head, FAINT)
    pen.text((x, y - size * 0.6), "turn", size, MUTED)
    pen.text((x, y + size * 0.6), "order", size, MUTED)
