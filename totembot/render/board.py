"""The board picture: the seating ring as a PNG, for people who would rather look than read.

Seat labels go round a ring (seat 0 at the top, then clockwise) and each totem is a card
between its two seats, joined to them by lines. Everything is drawn with Pillow's built-in font
at twice the size and scaled down, so the picture is smooth, needs no font files and is the
same bytes for the same state. User text is reduced to what that font can draw.
"""

from __future__ import annotations

import io
import math
import unicodedata
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from totembot.rules.lookup import pool_name
from totembot.rules.state import GameState, Player, Pool

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Align = Literal["centre", "left", "right"]
Box = tuple[float, float, float, float]
Point = tuple[float, float]
RGB = tuple[int, int, int]

SIZE = 800  # the picture is SIZE x SIZE pixels
SCALE = 2  # drawn at SCALE times the size, then scaled down for smooth edges
CENTRE: Point = (400.0, 416.0)
MARGIN = 12
MAX_TEXT = 120  # characters of user text kept before measuring
TITLE, NOTE, FOOTER = 32, 17, 19  # type sizes

# The built-in font (a subset of Aileron) draws printable ASCII and these; the rest is '?'.
DRAWABLE = frozenset(map(chr, range(0x20, 0x7F))) | frozenset("©«°±·»‘’“”…‹›™")
INVISIBLE = frozenset({"Cc", "Cf", "Mn", "Me", "Zl", "Zp"})

BACKGROUND: RGB = (30, 33, 41)
TEXT: RGB = (236, 238, 243)
MUTED: RGB = (150, 156, 170)
FAINT: RGB = (104, 110, 126)
DARK_TEXT: RGB = (22, 26, 32)
LINK: RGB = (84, 92, 112)
SEAT_FILL: RGB = (48, 53, 66)
SEAT_EDGE: RGB = (112, 120, 140)
OUT_FILL: RGB = (37, 40, 49)
OUT_EDGE: RGB = (70, 75, 88)
ACTIVE: RGB = (46, 204, 113)
GOLD: RGB = (241, 196, 15)
CARD_FILL: RGB = (56, 62, 78)
CARD_EDGE: RGB = (126, 136, 160)
DEAD_FILL: RGB = (44, 33, 37)
DEAD_EDGE: RGB = (192, 57, 43)
DEAD_LINK: RGB = (92, 52, 56)
HEART: RGB = (231, 76, 60)
POISON: RGB = (126, 214, 84)
COMMANDER: RGB = (243, 156, 18)
LOCK: RGB = (241, 196, 15)
PENDING: RGB = (243, 156, 18)


@dataclass(frozen=True)
class Sizes:
    """The geometry and type sizes for one table size."""

    seat: tuple[float, float]  # width and height of a seat label
    card: tuple[float, float]  # width and height of a totem card
    seat_radius: float
    card_radius: float
    roundness: float  # 2 is a circle; more pushes seats and cards towards the corners
    name: int
    sub: int
    life: int
    detail: int


SIZES = {
    3: Sizes((260, 78), (230, 176), 284, 160, 2.5, 34, 21, 72, 23),
    4: Sizes((240, 76), (216, 164), 269, 160, 4, 32, 20, 66, 22),
    5: Sizes((196, 70), (160, 128), 290, 276, 6, 30, 19, 56, 20),
    6: Sizes((190, 70), (150, 124), 302, 163, 4, 28, 18, 52, 19),
    7: Sizes((164, 62), (124, 100), 311, 172, 2.5, 26, 17, 44, 17),
    8: Sizes((150, 60), (116, 96), 314, 223, 4, 24, 16, 40, 16),
}


@dataclass(frozen=True)
class Layout:
    """Where each seat label and each totem card goes, in picture pixels."""

    sizes: Sizes
    seats: tuple[Box, ...]
    cards: tuple[Box, ...]


# --- text ---------------------------------------------------------------------------------


def clean(text: str) -> str:
    """User text the built-in font can draw: accents dropped, invisibles removed, others '?'."""
    kept: list[str] = []
    for char in unicodedata.normalize("NFKD", text[: MAX_TEXT * 4]):
        if char in DRAWABLE:
            kept.append(char)
        elif char.isspace():
            kept.append(" ")
        elif unicodedata.category(char) not in INVISIBLE:
            kept.append("?")
    text = " ".join("".join(kept).split()) or "?"
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


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


# --- geometry -----------------------------------------------------------------------------


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


def layout(count: int, pools: tuple[tuple[int, ...], ...]) -> Layout:
    """Seat labels round the ring, each totem card between its seats."""
    sizes = SIZES[min(max(count, min(SIZES)), max(SIZES))]
    seats = tuple(
        centred_box(
            on_ring(seat_angle(count, seat), sizes.seat_radius, sizes.roundness), sizes.seat
        )
        for seat in range(count)
    )
    cards = tuple(
        centred_box(
            on_ring(pool_angle(count, seats_of), sizes.card_radius, sizes.roundness), sizes.card
        )
        for seats_of in pools
    )
    return Layout(sizes, seats, cards)


def middle(box: Box) -> Point:
    """The centre of a box."""
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


# --- drawing ------------------------------------------------------------------------------


class Pen:
    """Draws in picture pixels on a canvas SCALE times larger."""

    def __init__(self) -> None:
        self.image = Image.new("RGB", (SIZE * SCALE, SIZE * SCALE), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.fonts: dict[int, Font] = {}  # per picture: font objects are not shared by threads

    def font(self, size: float) -> Font:
        """Pillow's built-in font at a size in picture pixels."""
        scaled = round(size * SCALE)
        if scaled not in self.fonts:
            self.fonts[scaled] = ImageFont.load_default(size=scaled)
        return self.fonts[scaled]

    def width(self, text: str, size: float) -> float:
        return length(text, self.font(size)) / SCALE

    def fit(self, text: str, size: float, width: float) -> str:
        return fit(text, self.font(size), width * SCALE)

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
        face = self.font(size)
        text = for_font(text, face)
        left, _top, right, _bottom = face.getbbox(text)
        _l, cap_top, _r, baseline = face.getbbox("H")
        x = at[0] * SCALE
        if align == "centre":
            x -= (left + right) / 2
        elif align == "right":
            x -= right
        y = at[1] * SCALE - (cap_top + baseline) / 2
        stroke = (
            round(SCALE * size / 44) if bold and isinstance(face, ImageFont.FreeTypeFont) else 0
        )
        self.draw.text((x, y), text, font=face, fill=fill, stroke_width=stroke, stroke_fill=fill)
        return (right - left) / SCALE

    def box(self, box: Box, radius: float, fill: RGB, edge: RGB, width: float = 2) -> None:
        self.draw.rounded_rectangle(
            self.scaled(box), radius * SCALE, fill=fill, outline=edge, width=round(width * SCALE)
        )

    def line(self, points: list[Point], fill: RGB, width: float) -> None:
        scaled = [(x * SCALE, y * SCALE) for x, y in points]
        self.draw.line(scaled, fill=fill, width=round(width * SCALE), joint="curve")

    def polygon(self, points: list[Point], fill: RGB) -> None:
        self.draw.polygon([(x * SCALE, y * SCALE) for x, y in points], fill=fill)

    def ellipse(
        self, box: Box, fill: RGB | None, edge: RGB | None = None, width: float = 0
    ) -> None:
        self.draw.ellipse(self.scaled(box), fill=fill, outline=edge, width=round(width * SCALE))

    def arc(self, box: Box, start: float, end: float, fill: RGB, width: float) -> None:
        self.draw.arc(self.scaled(box), start, end, fill=fill, width=round(width * SCALE))

    @staticmethod
    def scaled(box: Box) -> Box:
        return box[0] * SCALE, box[1] * SCALE, box[2] * SCALE, box[3] * SCALE

    def png(self) -> bytes:
        small = self.image.resize((SIZE, SIZE), Image.Resampling.LANCZOS)
        out = io.BytesIO()
        small.save(out, format="PNG", optimize=False, compress_level=9)
        return out.getvalue()


# --- icons (the built-in font has no symbols) ---------------------------------------------


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


# --- title and footer ---------------------------------------------------------------------


def headline(pen: Pen, state: GameState) -> tuple[str, RGB]:
    """The title words, each name clipped so the rest still shows, and their colour."""
    room = SIZE - 2 * MARGIN
    if state.finished:
        if not state.winners:
            return "Game over: a draw", MUTED
        budget = (room - pen.width(" and  win!", TITLE)) / len(state.winners) - 20
        names = [pen.fit(clean(name), TITLE, budget) for name in state.winners]
        if len(names) == 1:
            return f"{names[0]} wins!", GOLD
        return f"{', '.join(names[:-1])} and {names[-1]} win!", GOLD
    player = state.players[state.active] if 0 <= state.active < len(state.players) else None
    words = f"Turn {state.turn} · {{}} to play"
    budget = room - pen.width(words.format(""), TITLE)
    return words.format(pen.fit(clean(player.name), TITLE, budget) if player else "?"), TEXT


def pending_note(pen: Pen, state: GameState) -> str:
    """The first payment waiting for consent, in one line."""
    first = state.pending[0]
    more = f" (+{len(state.pending) - 1} more)" if len(state.pending) > 1 else ""

    def short(text: str) -> str:
        return pen.fit(clean(text), NOTE, 130)

    note = (
        f"Waiting: {short(first.payer)} pays {first.amount} from "
        f"{short(pool_name(state, first.pool))}, if {short(first.awaiting)} agrees"
    )
    return pen.fit(note, NOTE, SIZE - 2 * MARGIN - pen.width(more, NOTE)) + more


def draw_title(pen: Pen, state: GameState) -> None:
    """Whose turn it is, or who won; and a waiting payment, if any."""
    words, colour = headline(pen, state)
    pen.text((SIZE / 2, 28), pen.fit(words, TITLE, SIZE - 2 * MARGIN), TITLE, colour, bold=True)
    if state.pending:
        pen.text((SIZE / 2, 57), pending_note(pen, state), NOTE, PENDING)


def footer_words(state: GameState) -> str:
    """The setup: starting life, commander and house rules."""
    config = state.config
    words = ["Totem", f"{config.life} life"]
    if config.commander:
        words.append("commander")
    if config.house_rules:
        words.append("house rules: " + ", ".join(config.house_rules))
    return " · ".join(words)


def draw_footer(pen: Pen, state: GameState) -> None:
    """The setup, small, along the bottom."""
    words = pen.fit(footer_words(state), FOOTER, SIZE - 2 * MARGIN)
    pen.text((SIZE / 2, SIZE - 16), words, FOOTER, MUTED)


# --- seats --------------------------------------------------------------------------------


def draw_links(pen: Pen, state: GameState, plan: Layout) -> None:
    """The lines joining each totem card to its seats, under everything else."""
    width = max(3.0, plan.sizes.sub / 4)
    for pool, card in zip(state.pools, plan.cards, strict=False):
        colour = DEAD_LINK if pool.status == "dead" else LINK
        for seat in pool.seats:
            if seat < len(plan.seats):
                pen.line([middle(plan.seats[seat]), middle(card)], colour, width)


def out_note(pen: Pen, player: Player, size: float, width: float) -> str:
    """Why a player is out: 'lost: Bob-Cid died' if it fits, else the reason, else 'lost'."""
    word = str(player.status)
    reason = getattr(player, "reason", None)
    if not isinstance(reason, str) or not reason.strip():
        return word
    why = clean(reason)
    for choice in (why if why.startswith(word) else f"{word}: {why}", why):
        if pen.width(choice, size) <= width:
            return choice
    return word


def seat_note(pen: Pen, state: GameState, seat: int, sizes: Sizes, width: float) -> str:
    """The small line under a name: to play, winner or why they are out; and poison.

    When both do not fit, poison wins over 'to play' and 'winner', which the colours show.
    """
    player = state.players[seat]
    poison = f"{player.poison} poison" if player.poison else ""
    room = width - (pen.width(" · " + poison, sizes.sub) if poison else 0)
    if player.status == "in":
        word = "to play" if seat == state.active and not state.finished else ""
    elif player.status == "won":
        word = "winner"
    else:
        word = out_note(pen, player, sizes.sub, room)
    note = " · ".join(part for part in (word, poison) if part)
    if poison and player.status in ("in", "won") and pen.width(note, sizes.sub) > width:
        return poison
    return note


def seat_colours(state: GameState, player: Player, seat: int) -> tuple[RGB, RGB, RGB]:
    """Fill, edge and text colours of a seat label."""
    if player.status == "won":
        return GOLD, GOLD, DARK_TEXT
    if player.status != "in":
        return OUT_FILL, OUT_EDGE, FAINT
    if seat == state.active and not state.finished:
        return ACTIVE, ACTIVE, DARK_TEXT
    return SEAT_FILL, SEAT_EDGE, TEXT


def draw_seat(pen: Pen, state: GameState, seat: int, box: Box, sizes: Sizes) -> None:
    """A player's label: the name and, below it, a note."""
    player = state.players[seat]
    fill, edge, ink = seat_colours(state, player, seat)
    height = box[3] - box[1]
    pen.box(box, radius=height / 2.6, fill=fill, edge=edge, width=2.5)
    x, y = middle(box)
    inner = box[2] - box[0] - height * 0.6
    note = seat_note(pen, state, seat, sizes, inner)
    draw_name(pen, player, (x, y - sizes.sub * 0.62 if note else y), inner, sizes.name, ink)
    if note:
        note_ink = (POISON if player.poison else MUTED) if ink == TEXT else ink
        pen.text((x, y + sizes.name * 0.55), pen.fit(note, sizes.sub, inner), sizes.sub, note_ink)


def draw_name(pen: Pen, player: Player, at: Point, room: float, size: float, ink: RGB) -> None:
    """A name centred on `at`: shrunk a little, then clipped, to fit; a star for the winner,
    struck through when out."""
    icon = size * 0.9 if player.status == "won" else 0.0
    name, shrunk = clean(player.name), size
    while shrunk > size * 0.8 and pen.width(name, shrunk) > room - icon:
        shrunk -= 1
    name = pen.fit(name, shrunk, room - icon)
    width = pen.width(name, shrunk) + icon
    left, y = at[0] - width / 2, at[1]
    out = player.status not in ("in", "won")
    pen.text((left + icon, y), name, shrunk, ink, align="left", bold=not out)
    if icon:
        star(pen, (left + icon * 0.4, y), icon * 0.85, DARK_TEXT)
    if out:
        pen.line([(left - 3, y), (left + width + 3, y)], ink, max(2.0, size / 12))


# --- totems -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Detail:
    """One line under a totem's life: an icon, words and a number."""

    icon: str  # "drop", "sword" or ""
    words: str
    value: str
    colour: RGB


def details(pool: Pool) -> list[Detail]:
    """A totem's poison and its commander damage, one line per commander."""
    lines: list[Detail] = []
    if pool.poison:
        lines.append(Detail("drop", "poison", str(pool.poison), POISON))
    for commander, damage in pool.commander_damage.items():
        lines.append(Detail("sword", clean(commander), str(damage), COMMANDER))
    return lines


def squeeze(lines: list[Detail], room: int) -> list[Detail]:
    """At most `room` lines, the last saying how many more there are."""
    if len(lines) <= room:
        return lines
    if room <= 0:
        return []
    hidden = len(lines) - room + 1
    return [*lines[: room - 1], Detail("", f"+{hidden} more", "", MUTED)]


def dimmed(colour: RGB, dead: bool) -> RGB:
    """A colour darkened for a dead totem."""
    return (colour[0] * 3 // 5, colour[1] * 3 // 5, colour[2] * 3 // 5) if dead else colour


def draw_detail(pen: Pen, line: Detail, box: Box, y: float, size: float, dead: bool) -> None:
    """An icon, the words (clipped) and the number at the right edge of the card."""
    ink = dimmed(line.colour, dead)
    left, right = box[0] + size * 0.7, box[2] - size * 0.7
    if line.icon:
        if line.icon == "drop":
            droplet(pen, (left + size * 0.4, y), size * 0.85, ink)
        else:
            sword(pen, (left + size * 0.4, y), size * 1.1, ink)
        left += size * 1.15
    value = pen.width(line.value, size) if line.value else 0.0
    room = right - left - (value + size * 0.4 if line.value else 0)
    pen.text((left, y), pen.fit(line.words, size, room), size, ink, align="left")
    if line.value:
        pen.text((right, y), line.value, size, ink, align="right", bold=True)


def life_width(pen: Pen, pool: Pool, size: float) -> float:
    """How wide the life row is: heart, number and, when locked, a padlock."""
    lock = size * 0.6 if pool.locked else 0.0
    return size * 0.65 + pen.width(str(pool.life), size) + lock


def draw_life(pen: Pen, pool: Pool, at: Point, size: float) -> None:
    """The life, big, after a heart and before a padlock when locked."""
    dead = pool.status == "dead"
    x, y = at
    left = x - life_width(pen, pool, size) / 2
    heart(pen, (left + size * 0.25, y), size * 0.5, DEAD_EDGE if dead else HEART)
    left += size * 0.65
    left += pen.text((left, y), str(pool.life), size, MUTED if dead else TEXT, "left", bold=True)
    if pool.locked:
        padlock(pen, (left + size * 0.35, y - size * 0.02), size * 0.42, LOCK)


def draw_card(pen: Pen, pool: Pool, box: Box, sizes: Sizes) -> None:
    """A totem: its life, poison, commander damage, a lock, and a cross when dead."""
    dead = pool.status == "dead"
    fill, edge = (DEAD_FILL, DEAD_EDGE) if dead else (CARD_FILL, CARD_EDGE)
    pen.box(box, radius=14, fill=fill, edge=edge, width=3 if dead else 2)
    pad = (box[3] - box[1]) * 0.08
    if dead:
        cross(pen, box, pad * 1.5)
    size = float(sizes.life)
    while size > 12 and life_width(pen, pool, size) > box[2] - box[0] - 2 * pad:
        size -= 2
    cap, gap, step = size * 0.72, sizes.detail * 0.5, sizes.detail * 1.3
    top, bottom = box[1] + pad, box[3] - pad - (sizes.detail * 0.9 if dead else 0)
    lines = squeeze(details(pool), int((bottom - top - cap - gap) // step))
    block = cap + (gap + step * len(lines) if lines else 0)
    y = top + (bottom - top - block) / 2
    draw_life(pen, pool, ((box[0] + box[2]) / 2, y + cap / 2), size)
    for row, line in enumerate(lines):
        draw_detail(pen, line, box, y + cap + gap + step * (row + 0.5), sizes.detail, dead)
    if dead:
        label = (middle(box)[0], box[3] - pad - sizes.detail * 0.35)
        pen.text(label, "DEAD", sizes.detail * 0.85, DEAD_EDGE, bold=True)


def cross(pen: Pen, box: Box, inset: float) -> None:
    """A big faint X behind a dead totem's numbers."""
    x0, y0, x1, y1 = box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset
    pen.line([(x0, y0), (x1, y1)], DEAD_LINK, 7)
    pen.line([(x0, y1), (x1, y0)], DEAD_LINK, 7)


def board_png(state: GameState) -> bytes:
    """The seating ring as an 800x800 PNG: seats, totems between them, title and footer."""
    plan = layout(len(state.players), tuple(pool.seats for pool in state.pools))
    pen = Pen()
    draw_links(pen, state, plan)
    for pool, card in zip(state.pools, plan.cards, strict=False):
        draw_card(pen, pool, card, plan.sizes)
    for seat, box in enumerate(plan.seats):
        draw_seat(pen, state, seat, box, plan.sizes)
    draw_title(pen, state)
    draw_footer(pen, state)
    return pen.png()
