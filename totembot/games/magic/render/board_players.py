"""The board of the formats whose life totals sit on players or teams, drawn from the view.

Free-for-all (and every format whose `owner` is "player"): one card per seat round the table,
seat 0 at the top (the left one when the top row has several), then clockwise, the way play
passes. A card's header is the seat label (the name, and a note: to play, winner, why they
are out); under it the player's life, big, their poison and the commander damage they took,
the largest first (in two columns when crowded, then '+N more'). The giant formats (owner
"team") are drawn by board_teams; Totem's ring is board's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from totembot.games.magic.render.board_layout import AREA, Sides, around_table, free_round, middle
from totembot.games.magic.render.board_parts import (
    CARD_SHRINK,
    CENTRE_ARROW_ROOM,
    LINE_STEP,
    MARGIN,
    MIN_DETAIL,
    MIN_TEXT,
    NOTE,
    Detail,
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
from totembot.games.magic.render.board_seats import (
    FOOTER_STEP,
    SeatMarks,
    draw_footer_lines,
    draw_marked_header,
    draw_spine,
    footer_lines,
    seat_marks,
    turns_headline,
)
from totembot.games.magic.render.board_table import (
    day_night_title,
    designation_details,
    kept_details,
)
from totembot.games.magic.render.board_teams import draw_teams
from totembot.games.magic.render.view import LifeView, PlayerView, TableView, table_view
from totembot.games.magic.rules.state import GameState
from totembot.render.fonts import clean
from totembot.render.palette import (
    ACTIVE,
    CARD_EDGE,
    CARD_FILL,
    COMMANDER,
    GOLD,
    MUTED,
    OUT_EDGE,
    OUT_FILL,
    PENDING,
    POISON,
    TEXT,
)
from totembot.render.pen import SIZE, Box, Pen

# Cards along the top, down each side and along the bottom, by the number of players.
SIDES: dict[int, Sides] = {
    2: (1, 0, 1),
    3: (1, 0, 2),
    4: (1, 1, 1),
    5: (1, 1, 2),
    6: (2, 1, 2),
    7: (3, 1, 2),
    8: (3, 1, 3),
    9: (4, 1, 3),
    10: (4, 1, 4),
    11: (4, 2, 3),
    12: (4, 2, 4),
    13: (5, 2, 4),
    14: (5, 2, 5),
    15: (5, 3, 4),
    16: (5, 3, 5),
}
GAP = 10.0
LARGEST = (340.0, 270.0)  # a card is never bigger, however few players there are
RADIUS = 14
COLUMN_WIDTH = 5.5  # the narrowest column of detail lines, in its type size


def sides_for(count: int) -> Sides:
    """How many cards go along the top, each side and the bottom for a table of `count`."""
    if count in SIDES:
        return SIDES[count]
    side = max(0, count // 5)
    rest = count - 2 * side
    return (rest - rest // 2, side, rest // 2)


@dataclass(frozen=True)
class SeatSizes:
    """The type sizes on a player's card, from the card's height."""

    name: float
    sub: float
    life: float
    detail: float

    @property
    def header(self) -> float:
        """The height of the header: the name and its note."""
        return self.name * 1.25 + self.sub * 1.3 + 10


def seat_sizes(box: Box) -> SeatSizes:
    height = box[3] - box[1]
    name = min(30.0, max(18.0, round(height * 0.125)))
    sub = min(20.0, max(14.0, round(name * 0.72)))
    life = min(72.0, max(36.0, round(height * 0.32)))
    detail = min(20.0, max(14.0, round(height * 0.095)))
    return SeatSizes(name, sub, life, detail)


# --- what a card says ---------------------------------------------------------------------


def life_details(
    life: LifeView, poison: int | None = None, poison_from: dict[str, int] | None = None
) -> list[Detail]:
    """Poison and commander damage, the most damage first (the top ones matter most); under
    poison-minions, who gave the poison, where there is room."""
    lines: list[Detail] = []
    counted = life.poison + (poison or 0)
    given = sorted(((k, n) for k, n in (poison_from or {}).items() if n), key=lambda i: -i[1])
    if counted and given:
        named = [f"{clean(name)} {count}" for name, count in given]
        firsts = [", ".join(named[:k]) + ", …" for k in range(len(named) - 1, 0, -1)]
        words = (f"poison: {', '.join(named)}", ", ".join(named), *firsts, "poison")
        lines.append(Detail("drop", words[0], str(counted), POISON, words[1:]))
    elif counted:
        lines.append(Detail("drop", "poison", str(counted), POISON))
    by_damage = sorted(life.commander_damage.items(), key=lambda item: -item[1])
    lines += [Detail("sword", clean(key), str(damage), COMMANDER) for key, damage in by_damage]
    return lines


def seat_note(pen: Pen, player: PlayerView, size: float, width: float) -> str:
    """The small line under a name: to play, winner, or why the player is out."""
    if player.is_in:
        return "to play" if player.active else ""
    if player.status == "won":
        return "winner"
    return pen.fit(out_note(pen, player.status, player.reason, size, width), size, width)


@dataclass(frozen=True)
class BodyPlan:
    """The life and the detail lines under it, at the largest sizes where they fit."""

    life_size: float
    detail_size: float
    lines: tuple[Detail, ...]
    columns: int  # lines go left to right, then down, in this many columns

    @property
    def rows(self) -> int:
        return -(-len(self.lines) // self.columns)


def in_two_columns(pen: Pen, lines: list[Detail], rows: int, width: float, size: float) -> bool:
    """Whether the lines that would show in two columns keep their words whole there."""
    column = width / 2 + size * 0.3
    return column >= size * COLUMN_WIDTH and all(
        pen.width(line.words, size) + pen.width(line.value, size, True) + size * 2.5 <= column
        for line in lines[: rows * 2]
    )


def body_plan(
    pen: Pen, life: LifeView, lines: list[Detail], body: Box, sizes: SeatSizes
) -> BodyPlan:
    """Every detail line at the largest sizes where all fit, in two columns before the life
    shrinks much; else as many as fit at the smallest sizes with '+N more'."""
    width, height = body[2] - body[0], body[3] - body[1]
    life_size = detail = 0.0
    columns = 1
    for life_scale, detail_scale in CARD_SHRINK:
        life_size = life_fitting(pen, life.life, life.locked, sizes.life * life_scale, width)
        detail = max(float(MIN_DETAIL), sizes.detail * detail_scale)
        rows = rows_fitting(height, life_size, detail)
        columns = 2 if rows < len(lines) and in_two_columns(pen, lines, rows, width, detail) else 1
        if rows * columns >= len(lines):
            break
    shown = squeeze(lines, rows_fitting(height, life_size, detail) * columns)
    return BodyPlan(life_size, detail, tuple(shown), columns)


def draw_body(pen: Pen, life: LifeView, plan: BodyPlan, body: Box, dim: bool) -> None:
    """The life, centred, and the detail lines under it, the block centred in `body`."""
    cap, gap = plan.life_size * 0.73, plan.detail_size * 0.4
    step = plan.detail_size * LINE_STEP
    block = cap + (gap + step * plan.rows if plan.lines else 0)
    y = body[1] + (body[3] - body[1] - block) / 2
    draw_life(pen, life.life, life.locked, dim, (middle(body)[0], y + cap / 2), plan.life_size)
    reach = plan.detail_size * 0.3
    column = (body[2] - body[0] + 2 * reach) / plan.columns
    for k, line in enumerate(plan.lines):
        row, left = divmod(k, plan.columns)
        span = (body[0] - reach + column * left, body[0] - reach + column * (left + 1))
        draw_detail(pen, line, span, y + cap + gap + step * (row + 0.5), plan.detail_size, dim)


# --- a player's card ------------------------------------------------------------------------


def card_colours(status: str, active: bool) -> tuple[tuple[int, int, int], ...]:
    """Fill and edge of a card: green round the player to play, gold round a winner."""
    if status == "won":
        return CARD_FILL, GOLD
    if status != "in":
        return OUT_FILL, OUT_EDGE
    return CARD_FILL, ACTIVE if active else CARD_EDGE


def draw_header(pen: Pen, player: PlayerView, box: Box, sizes: SeatSizes) -> None:
    """The seat label at the top of a card: the name, and a note under it."""
    fill, edge, ink = seat_colours(player.status, player.active)
    pen.box(box, radius=RADIUS - 4, fill=fill, edge=edge, width=2)
    x, y = middle(box)
    inner = box[2] - box[0] - sizes.name * 0.8
    note = seat_note(pen, player, sizes.sub, inner)
    at = (x, y - sizes.sub * 0.6 if note else y)
    draw_name(pen, player.name, player.status, at, inner, sizes.name, ink)
    if note:
        pen.text((x, y + sizes.name * 0.62), note, sizes.sub, MUTED if ink == TEXT else ink)


def draw_player_card(
    pen: Pen, player: PlayerView, box: Box, marks: SeatMarks | None = None
) -> None:
    """A seat: the header, then the player's own life, poison and commander damage; with
    `marks`, the team's band down the left edge, a crown, a turn marker (board_seats)."""
    sizes = seat_sizes(box)
    fill, edge = card_colours(player.status, player.active)
    thick = 4 if player.active or player.status == "won" else 2
    pen.box(box, radius=RADIUS, fill=fill, edge=edge, width=thick)
    inset = 5.0
    header = (box[0] + inset, box[1] + inset, box[2] - inset, box[1] + inset + sizes.header)
    pad = (box[3] - box[1]) * 0.05
    left = box[0] + pad * 1.5
    gone = player.status not in ("in", "won")
    if marks is None:
        draw_header(pen, player, header, sizes)
    else:
        if marks.team is not None:
            start = draw_spine(pen, box, inset, marks.team, header, gone)
            header = (start, header[1], header[2], header[3])
            left = start + pad * 0.5
        draw_marked_header(pen, player, marks, header, sizes.name, sizes.sub)
    if player.life is None:
        return
    body = (left, header[3] + pad, box[2] - pad * 1.5, box[3] - pad)
    lines = [
        *designation_details(player),
        *life_details(player.life, player.poison, player.poison_from),
        *kept_details(player),
    ]
    plan = body_plan(pen, player.life, lines, body, sizes)
    draw_body(pen, player.life, plan, body, gone or player.life.dead)


def draw_players(pen: Pen, view: TableView, area: Box) -> tuple[Box, ...]:
    """Every seat's card round the table, and the turn-order circle when the middle is free."""
    cards = around_table(sides_for(len(view.players)), GAP, LARGEST, area)
    centre = middle(area)
    free = free_round(cards, centre)
    if free >= CENTRE_ARROW_ROOM:
        draw_order_circle(pen, centre, free, max(float(MIN_TEXT), seat_sizes(cards[0]).sub))
    for player, box in zip(view.players, cards, strict=True):
        draw_player_card(pen, player, box, seat_marks(view, player))
    return cards


# --- the whole picture ----------------------------------------------------------------------


def pending_words(pen: Pen, view: TableView) -> str:
    """The first payment waiting for consent, in one line."""
    first = view.pending[0]
    more = f" (+{len(view.pending) - 1} more)" if len(view.pending) > 1 else ""
    note = (
        f"Waiting: {clean(first.payer)} pays {first.amount} from {clean(first.totem.name)}, "
        f"if {clean(first.awaiting)} agrees"
    )
    return pen.fit(note, NOTE, SIZE - 2 * MARGIN - pen.width(more, NOTE)) + more


def draw_view(view: TableView) -> Pen:
    """A table whose life totals sit on players or on teams: cards, title and footer."""
    pen = Pen()
    footer = footer_lines(pen, view)
    bottom = AREA[3] - FOOTER_STEP * (len(footer) - 1)
    area = (AREA[0], AREA[1] + (20 if view.pending else 0), AREA[2], bottom)
    if view.owner == "team":
        draw_teams(pen, view, area)
    else:
        draw_players(pen, view, area)
    if view.turn_markers and not view.finished:
        words, colour = turns_headline(pen, view)
    else:
        actor = view.active_team if view.active_team is not None else view.active
        words, colour = headline_words(pen, view.finished, view.winners, view.turn, actor)
    draw_headline(pen, day_night_title(pen, view, words), colour)
    if view.pending:
        pen.text((SIZE / 2, 57), pending_words(pen, view), NOTE, PENDING)
    if len(footer) == 1:
        draw_footer_words(pen, footer[0])
    else:
        draw_footer_lines(pen, footer)
    return pen


def draw_table(state: GameState) -> Pen | None:
    """The board of a format with cards round the table; None for Totem's ring."""
    view = table_view(state)
    return None if view.owner == "totem" else draw_view(view)
