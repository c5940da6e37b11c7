"""The board of the giant formats (owner "team"): one card per team round the table.

A team's card has a band on top (its number, and to play, winners or lost), the team's shared
life, big, with its lock and poison, and its players, one a row, each with the commander
damage tallied on them next to the name (the largest first, then '+N'). The team to play is
ringed in green, a winning team in gold; a team that lost is greyed and its names struck.
Arrowheads between the cards show the order the turns go in, team after team.
"""

from __future__ import annotations

from dataclasses import dataclass

from totembot.games.magic.render.board_layout import Sides, around_table, link_arrow, middle
from totembot.games.magic.render.board_parts import (
    MIN_DETAIL,
    Detail,
    dimmed,
    draw_detail,
    draw_icon,
    draw_life,
    draw_name,
    life_fitting,
)
from totembot.games.magic.render.board_table import COUNTER, table_words, words_fitting
from totembot.games.magic.render.view import PlayerView, TableView, TeamView
from totembot.render.fonts import clean
from totembot.render.palette import (
    ACTIVE,
    ARROW,
    CARD_EDGE,
    CARD_FILL,
    COMMANDER,
    DARK_TEXT,
    FAINT,
    GOLD,
    LINK,
    MUTED,
    OUT_EDGE,
    OUT_FILL,
    POISON,
    SEAT_EDGE,
    SEAT_FILL,
    TEXT,
)
from totembot.render.pen import RGB, Box, Pen, arrowhead

TEAM_SIDES: dict[int, Sides] = {1: (1, 0, 0), 2: (1, 0, 1), 3: (2, 0, 1), 4: (2, 0, 2)}
GAP = 34.0  # room for the arrowheads between the cards
LARGEST = (784.0, 340.0)
RADIUS = 16
PAD = 12.0
WIDE = 1.8  # a card this many times wider than tall puts the life beside the players


def team_sides(count: int) -> Sides:
    if count in TEAM_SIDES:
        return TEAM_SIDES[count]
    return (count - count // 2, 0, count // 2)


# --- the band, the life -------------------------------------------------------------------


def band_words(number: int, team: TeamView) -> str:
    """What the band on a team's card says: its number in the turn order, and its state."""
    state = {"won": "winners", "lost": "lost"}.get(team.status, "to play" if team.active else "")
    return f"Team {number} · {state}" if state else f"Team {number}"


def band_colours(team: TeamView) -> tuple[RGB, RGB, RGB]:
    """Fill, edge and text of the band."""
    if team.status == "won":
        return GOLD, GOLD, DARK_TEXT
    if team.status == "lost":
        return OUT_FILL, OUT_EDGE, FAINT
    if team.active:
        return ACTIVE, ACTIVE, DARK_TEXT
    return SEAT_FILL, SEAT_EDGE, TEXT


def card_colours(team: TeamView) -> tuple[RGB, RGB, float]:
    """Fill, edge and edge width of a team's card."""
    if team.status == "won":
        return CARD_FILL, GOLD, 4
    if team.status == "lost":
        return OUT_FILL, OUT_EDGE, 2
    return (CARD_FILL, ACTIVE, 4) if team.active else (CARD_FILL, CARD_EDGE, 2)


def draw_band(pen: Pen, number: int, team: TeamView, band: Box) -> None:
    fill, edge, ink = band_colours(team)
    pen.box(band, radius=RADIUS - 6, fill=fill, edge=edge, width=2)
    size = (band[3] - band[1]) * 0.56
    status = "won" if team.status == "won" else "in"  # a star for the winners, never struck
    draw_name(pen, band_words(number, team), status, middle(band), band[2] - band[0], size, ink)


def draw_team_life(pen: Pen, team: TeamView, panel: Box, most: float) -> None:
    """The shared life, as big as fits, and the team's poison under it."""
    life = team.life
    if life is None:
        return
    dim = team.status == "lost" or life.dead
    width, height = panel[2] - panel[0], panel[3] - panel[1]
    detail = max(float(MIN_DETAIL), min(20.0, round(most * 0.32)))
    rows = 1 if life.poison else 0
    size = min(most, (height - detail * 1.6 * rows) / 0.9)
    size = life_fitting(pen, life.life, life.locked, size, width)
    cap = size * 0.73
    block = cap + (detail * 0.5 + detail * 1.25) * rows
    y = panel[1] + (height - block) / 2
    draw_life(pen, life.life, life.locked, dim, (middle(panel)[0], y + cap / 2), size)
    if life.poison:
        line = Detail("drop", "poison", str(life.poison), POISON)
        span = (middle(panel)[0] - detail * 4.5, middle(panel)[0] + detail * 4.5)
        span = (max(panel[0], span[0]), min(panel[2], span[1]))
        draw_detail(pen, line, span, y + cap + detail * 0.5 + detail * 0.62, detail, dim)


# --- the players --------------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """Commander damage on a player as drawn: a sword, whose commander, how much."""

    key: str
    value: str


def tally_width(pen: Pen, tally: Tally, size: float) -> float:
    words = pen.width(tally.key, size) + size * 0.3 if tally.key else 0.0
    return size * 1.2 + words + pen.width(tally.value, size, True)


def tallies_fitting(
    pen: Pen, damage: dict[str, int], size: float, room: float
) -> tuple[list[Tally], str]:
    """As many tallies as fit in `room`, the largest first, and '+N' for the rest."""
    order = sorted(damage.items(), key=lambda item: -item[1])
    tallies = [Tally(clean(key), str(value)) for key, value in order]
    space = size * 0.7
    for count in range(len(tallies), 0, -1):
        more = f"+{len(tallies) - count}" if count < len(tallies) else ""
        total = sum(tally_width(pen, t, size) + space for t in tallies[:count])
        total += pen.width(more, size) if more else -space
        if total <= room:
            return tallies[:count], more
    if not tallies:
        return [], ""
    more = f"+{len(tallies) - 1}" if len(tallies) > 1 else ""
    first = tallies[0]
    spare = room - tally_width(pen, Tally("", first.value), size) - size * 0.3
    spare -= pen.width(more, size) + space if more else 0
    key = pen.fit(first.key, size, spare) if spare > size * 1.5 else ""
    return [Tally(key, first.value)], more


def draw_tallies(
    pen: Pen, tallies: list[Tally], more: str, left: float, y: float, size: float, dim: bool
) -> None:
    """Tallies drawn rightwards from `left`, then '+N' for those left out."""
    ink = dimmed(COMMANDER, dim)
    x = left
    for tally in tallies:
        draw_icon(pen, "sword", (x + size * 0.45, y), size, ink)
        x += size * 1.2
        if tally.key:
            x += pen.text((x, y), tally.key, size, ink, align="left") + size * 0.3
        x += pen.text((x, y), tally.value, size, ink, align="left", bold=True) + size * 0.7
    if more:
        pen.text((x, y), more, size, dimmed(MUTED, dim), align="left")


@dataclass(frozen=True)
class Roster:
    """A team's rows: their type sizes, and where the tallies column starts."""

    size: float
    small: float
    column: float  # the x where the commander damage starts, the same on every row


def roster_plan(pen: Pen, players: list[PlayerView], panel: Box) -> Roster:
    step = (panel[3] - panel[1]) / max(1, len(players))
    size = max(16.0, min(32.0, round(step * 0.42)))
    small = max(float(MIN_DETAIL), min(22.0, round(size * 0.78)))
    width = panel[2] - panel[0]
    names = [pen.width(clean(player.name), size, True) for player in players]
    column = panel[0] + min(max(names, default=0.0), width * 0.45) + size * 0.9
    return Roster(size, small, column)


def draw_player_row(pen: Pen, player: PlayerView, row: Box, plan: Roster, dim: bool) -> None:
    """A player's name at the left, struck when out, and the commander damage tallied on them
    next to it (or, for a player out with none, why, at the right)."""
    y = middle(row)[1]
    size, small = plan.size, plan.small
    right = row[2] - draw_kept(pen, player, (plan.column, row[2]), y, small, dim)
    tallies, more = tallies_fitting(pen, player.commander_damage, small, right - plan.column)
    if tallies:
        draw_tallies(pen, tallies, more, plan.column, y, small, dim)
        name_end = plan.column - size * 0.6
    elif player.status not in ("in", "won"):
        word = pen.fit(player.status, small, right - plan.column)
        shown = pen.text((right, y), word, small, FAINT, align="right")
        name_end = right - shown - size * 0.6
    else:
        name_end = right
    status = "in" if player.status == "won" else player.status  # the band shows the win
    ink = FAINT if dim or status != "in" else TEXT
    crowned = GOLD if player.table.monarch else None
    draw_name(
        pen, player.name, status, (row[0], y), name_end - row[0], size, ink, True, crowned=crowned
    )


def draw_kept(
    pen: Pen, player: PlayerView, span: tuple[float, float], y: float, size: float, dim: bool
) -> float:
    """TABLE.md's words at the right end of a player's row (at most half of it); returns the
    width taken, 0 when the player has none."""
    words = table_words(player.name, player.table)
    if not words:
        return 0.0
    shown = words_fitting(pen, words, size, (span[1] - span[0]) / 2)
    return pen.text((span[1], y), shown, size, dimmed(COUNTER, dim), align="right") + size * 0.6


def draw_roster(pen: Pen, players: list[PlayerView], panel: Box, dim: bool) -> None:
    """The team's players, one a row, filling the panel."""
    plan = roster_plan(pen, players, panel)
    step = (panel[3] - panel[1]) / max(1, len(players))
    for k, player in enumerate(players):
        row = (panel[0], panel[1] + step * k, panel[2], panel[1] + step * (k + 1))
        draw_player_row(pen, player, row, plan, dim)


# --- a team's card ------------------------------------------------------------------------


def draw_team_card(
    pen: Pen, number: int, team: TeamView, players: list[PlayerView], box: Box, poison: bool
) -> None:
    """The band, the shared life and the players: the life beside them on a wide card, above
    them on the others."""
    fill, edge, thick = card_colours(team)
    pen.box(box, radius=RADIUS, fill=fill, edge=edge, width=thick)
    width, height = box[2] - box[0], box[3] - box[1]
    band_height = max(28.0, min(38.0, height * 0.1))
    band = (box[0] + 6, box[1] + 6, box[2] - 6, box[1] + 6 + band_height)
    draw_band(pen, number, team, band)
    inner = (box[0] + PAD * 1.5, band[3] + PAD, box[2] - PAD * 1.5, box[3] - PAD)
    dim = team.status == "lost"
    divider = dimmed(LINK, dim)
    if width >= WIDE * height:
        split = inner[0] + (inner[2] - inner[0]) * 0.34
        life_panel = (inner[0], inner[1], split - PAD, inner[3])
        roster = (split + PAD * 1.5, inner[1], inner[2], inner[3])
        pen.line([(split, inner[1] + PAD), (split, inner[3] - PAD)], divider, 2)
        draw_team_life(pen, team, life_panel, min(96.0, height * 0.34))
    else:
        most = max(40.0, min(64.0, height * 0.18))
        poison_row = max(float(MIN_DETAIL), min(20.0, round(most * 0.32))) * 1.6
        life_bottom = inner[1] + most * 0.9 + (poison_row if poison else 0)
        life_panel = (inner[0], inner[1], inner[2], life_bottom)
        roster = (inner[0], life_bottom + PAD * 1.2, inner[2], inner[3])
        pen.line(
            [(inner[0], life_bottom + PAD * 0.6), (inner[2], life_bottom + PAD * 0.6)], divider, 2
        )
        draw_team_life(pen, team, life_panel, most)
    draw_roster(pen, players, roster, dim)


def draw_turn_order(pen: Pen, teams: tuple[TeamView, ...], cards: tuple[Box, ...]) -> int:
    """Arrowheads in the gaps from each team's card to the next one's; how many were drawn."""
    if len(cards) < 3:
        return 0
    drawn = 0
    for k, card in enumerate(cards):
        following = (k + 1) % len(cards)
        arrow = link_arrow(card, cards[following], 20)
        if arrow is None:
            continue
        lost = "lost" in (teams[k].status, teams[following].status)
        arrowhead(pen, arrow.tip, arrow.angle, arrow.size, FAINT if lost else ARROW)
        drawn += 1
    return drawn


def draw_teams(pen: Pen, view: TableView, area: Box) -> tuple[Box, ...]:
    """Every team's card round the table, in turn order, and arrows between them."""
    cards = around_table(team_sides(len(view.teams)), GAP, LARGEST, area)
    by_name = {player.name: player for player in view.players}
    # the same rows on every card: room for poison under each life once any team has some
    poisoned = any(team.life is not None and team.life.poison for team in view.teams)
    draw_turn_order(pen, view.teams, cards)
    for number, (team, box) in enumerate(zip(view.teams, cards, strict=True), start=1):
        players = [by_name[name] for name in team.players if name in by_name]
        draw_team_card(pen, number, team, players, box, poisoned)
    return cards
