"""The board picture: the table as a PNG, for people who would rather look than read.

This module draws Totem's ring; every other format is drawn from the format-neutral view by
board_players (players' own life totals) and board_teams (the giant formats' team totals).
In Totem, seat labels go round a ring (seat 0 at the top, then clockwise, which is the way
play passes) and each totem is a card between its two seats, named as the replies name it
(`Ann-Bob`) and joined to them by lines with arrowheads in turn order. Names are drawn with
DejaVu Sans (see board_fonts), so Greek, Cyrillic and accented names show as written.
"""

from __future__ import annotations

from dataclasses import dataclass

from totembot.games.magic.render.board_layout import (
    CENTRE,
    Layout,
    Sizes,
    free_radius,
    layout,
    middle,
    turn_arrows,
)
from totembot.games.magic.render.board_parts import (
    CARD_SHRINK,
    CENTRE_ARROW_ROOM,
    LABEL_ROW,
    LINE_STEP,
    MARGIN,
    MIN_DETAIL,
    MIN_TEXT,
    NOTE,
    Detail,
    dimmed,
    draw_detail,
    draw_footer_words,
    draw_headline,
    draw_life,
    draw_name,
    draw_order_circle,
    headline_words,
    life_fitting,
    out_note,
    rows_fitting,
    seat_colours,
    squeeze,
)
from totembot.games.magic.render.board_players import draw_table
from totembot.games.magic.render.board_table import seat_words, titled, words_fitting
from totembot.games.magic.rules.state import GameState, Pool
from totembot.render.fonts import clean
from totembot.render.palette import (
    ARROW,
    CARD_EDGE,
    CARD_FILL,
    COMMANDER,
    DEAD_ARROW,
    DEAD_EDGE,
    DEAD_FILL,
    DEAD_LINK,
    GOLD,
    LABEL,
    LINK,
    MUTED,
    PENDING,
    POISON,
    TEXT,
)
from totembot.render.pen import RGB, SIZE, Box, Pen, arrowhead

__all__ = ["board_png", "card_plan", "clean", "draw_board", "footer_words", "totem_label"]

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
    player = state.players[state.active] if 0 <= state.active < len(state.players) else None
    actor = player.name if player else None
    return headline_words(pen, state.finished, state.winners, state.turn, actor)


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
    draw_headline(pen, titled(pen, state.day_night, state.finished, words), colour)
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
    draw_footer_words(pen, footer_words(state))


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
    draw_order_circle(pen, CENTRE, free, plan.sizes.sub)
    return True


# --- seats --------------------------------------------------------------------------------


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
        word = out_note(pen, player.status, player.reason, sizes.sub, room)
    note = " · ".join(part for part in (word, poison) if part)
    if poison and player.status in ("in", "won") and pen.width(note, sizes.sub) > width:
        note = poison
    kept = seat_words(state, seat)
    if not kept:
        return note
    room = width - (pen.width(note + " · ", sizes.sub) if note else 0)
    return " · ".join(
        [note, words_fitting(pen, kept, sizes.sub, room)]
        if note
        else [words_fitting(pen, kept, sizes.sub, room)]
    )


def draw_seat(pen: Pen, state: GameState, seat: int, box: Box, sizes: Sizes) -> None:
    """A player's label: the name and, below it, a note."""
    player = state.players[seat]
    fill, edge, ink = seat_colours(player.status, seat == state.active and not state.finished)
    height = box[3] - box[1]
    pen.box(box, radius=height / 2.6, fill=fill, edge=edge, width=2.5)
    x, y = middle(box)
    inner = box[2] - box[0] - height * 0.6
    note = seat_note(pen, state, seat, sizes, inner)
    at = (x, y - sizes.sub * 0.62 if note else y)
    crowned = GOLD if state.monarch == player.name else None
    draw_name(pen, player.name, player.status, at, inner, sizes.name, ink, crowned=crowned)
    if note:
        note_ink = (POISON if player.poison else MUTED) if ink == TEXT else ink
        pen.text((x, y + sizes.name * 0.6), pen.fit(note, sizes.sub, inner), sizes.sub, note_ink)


# --- totems -------------------------------------------------------------------------------


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


def card_padding(box: Box) -> float:
    """The inner margin of a card: in proportion, so small cards keep room for lines."""
    return (box[3] - box[1]) * 0.06


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
        life = life_fitting(pen, pool.life, pool.locked, sizes.life * life_scale, width - 2 * pad)
        detail = max(float(MIN_DETAIL), sizes.detail * detail_scale)
        if rows_fitting(height, life, detail) >= len(lines):
            break
    shown = squeeze(lines, rows_fitting(height, life, detail))
    return CardPlan(label, label_size, life, detail, tuple(shown))


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
    draw_life(pen, pool.life, pool.locked, dead, (middle(box)[0], y + cap / 2), plan.life_size)
    for row, line in enumerate(plan.lines):
        at_y = y + cap + gap + step * (row + 0.5)
        draw_detail(pen, line, (box[0], box[2]), at_y, plan.detail_size, dead)
    if dead:
        label = (middle(box)[0], box[3] - pad - sizes.detail * 0.4)
        pen.text(label, "DEAD", max(MIN_TEXT, sizes.detail * 0.85), DEAD_EDGE, bold=True)


def cross(pen: Pen, box: Box, inset: float) -> None:
    """A big faint X behind a dead totem's numbers."""
    x0, y0, x1, y1 = box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset
    pen.line([(x0, y0), (x1, y1)], DEAD_LINK, 7)
    pen.line([(x0, y1), (x1, y0)], DEAD_LINK, 7)


def board_png(state: GameState) -> bytes:
    """The table as an 800x800 PNG: Totem's ring of seats and totems, or every other format's
    cards round the table; a title and a footer."""
    return draw_board(state).png()


def draw_board(state: GameState) -> Pen:
    """The board drawn on a pen, which also keeps what text went where.

    Totem's ring is drawn here; the formats whose life totals sit on players or teams are
    drawn from the format-neutral view by board_players (and board_teams)."""
    table = draw_table(state)
    if table is not None:
        return table
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
