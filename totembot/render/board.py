"""The board picture: the seating ring as a PNG, for people who would rather look than read.

Seat labels go round a ring (seat 0 at the top, then clockwise, which is the way play passes)
and each totem is a card between its two seats, named as the replies name it (`Ann-Bob`) and
joined to them by lines with arrowheads in turn order. Names are drawn with DejaVu Sans (see
board_fonts), so Greek, Cyrillic and accented names show as written.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from totembot.render.board_fonts import clean
from totembot.render.board_layout import (
    CENTRE,
    Layout,
    Sizes,
    free_radius,
    layout,
    middle,
    turn_arrows,
)
from totembot.render.board_pen import (
    RGB,
    SIZE,
    Box,
    Pen,
    Point,
    arrowhead,
    droplet,
    heart,
    padlock,
    star,
    sword,
)
from totembot.rules.state import GameState, Player, Pool

__all__ = ["board_png", "card_plan", "clean", "draw_board", "footer_words", "totem_label"]

MARGIN = 12
TITLE, NOTE, FOOTER = 30, 17, 18  # type sizes
MIN_TEXT = 12  # the smallest type anywhere: still readable on a phone once zoomed
MIN_DETAIL = 13  # the smallest type for a commander's damage
CARD_SHRINK = ((1.0, 1.0), (1.0, 0.85), (0.8, 0.85), (0.66, 0.85))  # (life, detail) scales
LINE_STEP, LABEL_ROW = 1.25, 1.2  # detail lines and the label row, in their type sizes
CENTRE_ARROW_ROOM = 85  # the free radius needed for the turn-order circle in the middle

TEXT: RGB = (236, 238, 243)
MUTED: RGB = (150, 156, 170)
FAINT: RGB = (104, 110, 126)
DARK_TEXT: RGB = (22, 26, 32)
LINK: RGB = (84, 92, 112)
ARROW: RGB = (150, 160, 184)
SEAT_FILL: RGB = (48, 53, 66)
SEAT_EDGE: RGB = (112, 120, 140)
OUT_FILL: RGB = (37, 40, 49)
OUT_EDGE: RGB = (70, 75, 88)
ACTIVE: RGB = (46, 204, 113)
GOLD: RGB = (241, 196, 15)
CARD_FILL: RGB = (56, 62, 78)
CARD_EDGE: RGB = (126, 136, 160)
LABEL: RGB = (178, 186, 204)
DEAD_FILL: RGB = (44, 33, 37)
DEAD_EDGE: RGB = (192, 57, 43)
DEAD_LINK: RGB = (92, 52, 56)
DEAD_ARROW: RGB = (140, 78, 82)
HEART: RGB = (231, 76, 60)
POISON: RGB = (126, 214, 84)
COMMANDER: RGB = (243, 156, 18)
LOCK: RGB = (241, 196, 15)
PENDING: RGB = (243, 156, 18)


# --- names --------------------------------------------------------------------------------


def totem_names(state: GameState, index: int) -> list[str]:
    """A totem's players, cleaned for drawing, in the order the replies name them."""
    return [clean(state.players[seat].name) for seat in state.pools[index].seats]


def totem_label(state: GameState, index: int) -> str:
    """A totem's name as the replies give it (`Ann-Bob`: seat i, then seat i+1)."""
    return "-".join(totem_names(state, index))


def fit_label(pen: Pen, names: list[str], size: float, width: float) -> str:
    """A totem's name in `width`: whole if it fits, else the longer names clipped, so a
    short name keeps the room it needs and the long ones share what is left."""
    whole = "-".join(names)
    if pen.width(whole, size) <= width or not names:
        return whole
    room = width - pen.width("-", size) * (len(names) - 1)
    order = sorted(range(len(names)), key=lambda k: pen.width(names[k], size))
    shown = list(names)
    for done, k in enumerate(order):
        share = room / (len(names) - done)
        shown[k] = pen.fit(names[k], size, share)
        room -= pen.width(shown[k], size)
    return "-".join(shown)


# --- title and footer ---------------------------------------------------------------------


def headline(pen: Pen, state: GameState) -> tuple[str, RGB]:
    """The title words, each name clipped so the rest still shows, and their colour."""
    room = SIZE - 2 * MARGIN
    if state.finished:
        if not state.winners:
            return "Game over: a draw", MUTED
        budget = (room - pen.width(" and  win!", TITLE, True)) / len(state.winners) - 20
        names = [pen.fit(clean(name), TITLE, budget, True) for name in state.winners]
        if len(names) == 1:
            return f"{names[0]} wins!", GOLD
        return f"{', '.join(names[:-1])} and {names[-1]} win!", GOLD
    player = state.players[state.active] if 0 <= state.active < len(state.players) else None
    words = f"Turn {state.turn} · {{}} to play"
    budget = room - pen.width(words.format(""), TITLE, True)
    name = pen.fit(clean(player.name), TITLE, budget, True) if player else "?"
    return words.format(name), TEXT


def pending_note(pen: Pen, state: GameState) -> str:
    """The first payment waiting for consent, in one line."""
    first = state.pending[0]
    more = f" (+{len(state.pending) - 1} more)" if len(state.pending) > 1 else ""

    def short(text: str) -> str:
        return pen.fit(clean(text), NOTE, 130)

    totem = fit_label(pen, totem_names(state, first.pool), NOTE, 200)
    note = (
        f"Waiting: {short(first.payer)} pays {first.amount} from {totem}, "
        f"if {short(first.awaiting)} agrees"
    )
    return pen.fit(note, NOTE, SIZE - 2 * MARGIN - pen.width(more, NOTE)) + more


def draw_title(pen: Pen, state: GameState) -> None:
    """Whose turn it is, or who won; and a waiting payment, if any."""
    words, colour = headline(pen, state)
    words = pen.fit(words, TITLE, SIZE - 2 * MARGIN, True)
    pen.text((SIZE / 2, 27), words, TITLE, colour, bold=True)
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


# --- links and the direction of play --------------------------------------------------------


def draw_links(pen: Pen, state: GameState, plan: Layout) -> None:
    """The lines joining each totem card to its seats, under everything else."""
    width = max(3.0, plan.sizes.sub / 4)
    for pool, card in zip(state.pools, plan.cards, strict=False):
        colour = DEAD_LINK if pool.status == "dead" else LINK
        for seat in pool.seats:
            if seat < len(plan.seats):
                pen.line([middle(plan.seats[seat]), middle(card)], colour, width)


def draw_turn_arrows(pen: Pen, state: GameState, plan: Layout) -> int:
    """Arrowheads on the links, seat to totem to next seat; returns how many were drawn."""
    pools = tuple(pool.seats for pool in state.pools)
    arrows = turn_arrows(plan, pools, max(11.0, plan.sizes.sub * 0.8))
    dead = {plan.cards[k] for k, pool in enumerate(state.pools) if pool.status == "dead"}
    for arrow in arrows:
        colour = DEAD_ARROW if dead & {arrow.start, arrow.end} else ARROW
        arrowhead(pen, arrow.tip, arrow.angle, arrow.size, colour)
    return len(arrows)


def draw_turn_circle(pen: Pen, plan: Layout) -> bool:
    """A clockwise arrow round 'turn order' in the middle, when the middle is free."""
    free = free_radius(plan)
    if free < CENTRE_ARROW_ROOM:
        return False
    radius, width = min(free * 0.6, 110.0), 6.0
    x, y = CENTRE
    start, end = -60.0, 225.0  # degrees clockwise from 3 o'clock: the gap is at the top
    pen.arc((x - radius, y - radius, x + radius, y + radius), start, end, FAINT, width)
    head = 24.0
    tip_angle = math.radians(end) + head * 0.8 / radius
    tip = (x + radius * math.cos(tip_angle), y + radius * math.sin(tip_angle))
    arrowhead(pen, tip, tip_angle + math.pi / 2, head, FAINT)
    size = plan.sizes.sub
    pen.text((x, y - size * 0.6), "turn", size, MUTED)
    pen.text((x, y + size * 0.6), "order", size, MUTED)
    return True


# --- seats --------------------------------------------------------------------------------


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
        pen.text((x, y + sizes.name * 0.6), pen.fit(note, sizes.sub, inner), sizes.sub, note_ink)


def draw_name(pen: Pen, player: Player, at: Point, room: float, size: float, ink: RGB) -> None:
    """A name centred on `at`: shrunk a little, then clipped, to fit; a star for the winner,
    struck through when out."""
    icon = size * 0.9 if player.status == "won" else 0.0
    out = player.status not in ("in", "won")
    bold = not out
    name, shrunk = clean(player.name), size
    while shrunk > size * 0.8 and pen.width(name, shrunk, bold) > room - icon:
        shrunk -= 1
    name = pen.fit(name, shrunk, room - icon, bold)
    width = pen.width(name, shrunk, bold) + icon
    left, y = at[0] - width / 2, at[1]
    pen.text((left + icon, y), name, shrunk, ink, align="left", bold=bold)
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


@dataclass(frozen=True)
class CardPlan:
    """What a totem card shows and at which sizes: worked out before anything is drawn."""

    label: str
    label_size: float
    life_size: float
    detail_size: float
    lines: tuple[Detail, ...]


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


def card_padding(box: Box) -> float:
    """The inner margin of a card: in proportion, so small cards keep room for lines."""
    return (box[3] - box[1]) * 0.06


def life_width(pen: Pen, pool: Pool, size: float) -> float:
    """How wide the life row is: heart, number and, when locked, a padlock."""
    lock = size * 0.6 if pool.locked else 0.0
    return size * 0.65 + pen.width(str(pool.life), size, True) + lock


def life_fitting(pen: Pen, pool: Pool, size: float, width: float) -> float:
    """The life's type size, made smaller until the life row fits the card."""
    while size > 12 and life_width(pen, pool, size) > width:
        size -= 2
    return size


def rows_fitting(height: float, life: float, detail: float) -> int:
    """How many detail lines fit under a life of a given size in a height."""
    return max(0, int((height - life * 0.73 - detail * 0.4) // (detail * LINE_STEP)))


def card_plan(pen: Pen, state: GameState, index: int, box: Box, sizes: Sizes) -> CardPlan:
    """The card's label and sizes: every detail line at the largest sizes where all fit,
    else as many as fit at the smallest sizes with '+N more'."""
    pool = state.pools[index]
    pad, width = card_padding(box), box[2] - box[0]
    label_size = float(sizes.label)
    names = totem_names(state, index)
    if pen.width("-".join(names), label_size) > width - 2 * pad:
        label_size = max(float(MIN_TEXT), sizes.label * 0.85)
    label = fit_label(pen, names, label_size, width - 2 * pad)
    height = box[3] - box[1] - 2 * pad - sizes.label * LABEL_ROW
    height -= sizes.detail * 1.1 if pool.status == "dead" else 0
    lines = details(pool)
    life = detail = 0.0
    for life_scale, detail_scale in CARD_SHRINK:
        life = life_fitting(pen, pool, sizes.life * life_scale, width - 2 * pad)
        detail = max(float(MIN_DETAIL), sizes.detail * detail_scale)
        if rows_fitting(height, life, detail) >= len(lines):
            break
    shown = squeeze(lines, rows_fitting(height, life, detail))
    return CardPlan(label, label_size, life, detail, tuple(shown))


def dimmed(colour: RGB, dead: bool) -> RGB:
    """A colour darkened for a dead totem."""
    return (colour[0] * 3 // 5, colour[1] * 3 // 5, colour[2] * 3 // 5) if dead else colour


def draw_detail(pen: Pen, line: Detail, box: Box, y: float, size: float, dead: bool) -> None:
    """An icon, the words (clipped) and the number at the right edge of the card."""
    ink = dimmed(line.colour, dead)
    left, right = box[0] + size * 0.5, box[2] - size * 0.5
    if line.icon:
        if line.icon == "drop":
            droplet(pen, (left + size * 0.4, y), size * 0.85, ink)
        else:
            sword(pen, (left + size * 0.4, y), size * 1.1, ink)
        left += size * 1.1
    value = pen.width(line.value, size, True) if line.value else 0.0
    room = right - left - (value + size * 0.4 if line.value else 0)
    pen.text((left, y), pen.fit(line.words, size, room), size, ink, align="left")
    if line.value:
        pen.text((right, y), line.value, size, ink, align="right", bold=True)


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


def draw_card(pen: Pen, state: GameState, index: int, box: Box, sizes: Sizes) -> None:
    """A totem: its name, life, poison, commander damage, a lock, and a cross when dead."""
    pool = state.pools[index]
    dead = pool.status == "dead"
    fill, edge = (DEAD_FILL, DEAD_EDGE) if dead else (CARD_FILL, CARD_EDGE)
    pen.box(box, radius=14, fill=fill, edge=edge, width=3 if dead else 2)
    pad = card_padding(box)
    if dead:
        cross(pen, box, pad * 1.5)
    plan = card_plan(pen, state, index, box, sizes)
    pen.text(
        (middle(box)[0], box[1] + pad + sizes.label * 0.5),
        plan.label,
        plan.label_size,
        dimmed(LABEL, dead),
    )
    top = box[1] + pad + sizes.label * LABEL_ROW
    bottom = box[3] - pad - (sizes.detail * 1.1 if dead else 0)
    cap, gap, step = plan.life_size * 0.73, plan.detail_size * 0.4, plan.detail_size * LINE_STEP
    block = cap + (gap + step * len(plan.lines) if plan.lines else 0)
    y = top + (bottom - top - block) / 2
    draw_life(pen, pool, (middle(box)[0], y + cap / 2), plan.life_size)
    for row, line in enumerate(plan.lines):
        at_y = y + cap + gap + step * (row + 0.5)
        draw_detail(pen, line, box, at_y, plan.detail_size, dead)
    if dead:
        label = (middle(box)[0], box[3] - pad - sizes.detail * 0.4)
        pen.text(label, "DEAD", max(MIN_TEXT, sizes.detail * 0.85), DEAD_EDGE, bold=True)


def cross(pen: Pen, box: Box, inset: float) -> None:
    """A big faint X behind a dead totem's numbers."""
    x0, y0, x1, y1 = box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset
    pen.line([(x0, y0), (x1, y1)], DEAD_LINK, 7)
    pen.line([(x0, y1), (x1, y0)], DEAD_LINK, 7)


def board_png(state: GameState) -> bytes:
    """The seating ring as an 800x800 PNG: seats, totems between them, title and footer."""
    return draw_board(state).png()


def draw_board(state: GameState) -> Pen:
    """The board drawn on a pen, which also keeps what text went where."""
    plan = layout(len(state.players), tuple(pool.seats for pool in state.pools))
    pen = Pen()
    draw_links(pen, state, plan)
    draw_turn_arrows(pen, state, plan)
    draw_turn_circle(pen, plan)
    for index, card in enumerate(plan.cards):
        if index < len(state.pools):
            draw_card(pen, state, index, card, plan.sizes)
    for seat, box in enumerate(plan.seats):
        draw_seat(pen, state, seat, box, plan.sizes)
    draw_title(pen, state)
    draw_footer(pen, state)
    return pen
