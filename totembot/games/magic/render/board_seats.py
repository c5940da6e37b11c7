"""The board's marks for the formats that seat teams or pass turn markers round the table.

Emperor and Teams: each player's card carries their team's colour as a band down its left edge,
with the team's letter (A for the first team listed: the embed's coloured squares match), and
an emperor's name has a crown; teammates seated apart in Teams share a colour. Grand Melee: a
player holding a turn marker has a filled badge with its number at the right of their card's
header, and the player a marker waits for a hollow one. The limits on reach and attacks, and
the empty seats of players who left this turn (which range counts until the next), go in the
footer after the setup, on further lines when one is too short. Minions & Masters: a
minion's name has a chain and "serves Ann" under it, a master's a crown and whom they rule;
the falls a player took show as pips at the right of the header. Free-for-all's cards without
minions get none of this, so they are drawn exactly as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from totembot.games.magic.render.board_parts import (
    FOOTER,
    MARGIN,
    MIN_TEXT,
    TITLE,
    dimmed,
    draw_name,
    out_note,
    seat_colours,
)
from totembot.games.magic.render.view import MarkerView, PlayerView, TableView, rule_words
from totembot.render.fonts import clean
from totembot.render.palette import DARK_TEXT, GOLD, MUTED, PENDING, TEAM_COLOURS, TEXT
from totembot.render.pen import RGB, SIZE, Box, Pen, pips

# Team A blue, B red, C purple, D orange, as the embed's squares 🟦 🟥 🟪 🟧; none is the
# green of the player to play or the gold of a winner.
RADIUS = 10
FOOTER_STEP = 20  # each further footer line sits this much higher
CHAIN: RGB = (176, 186, 206)  # a minion's chain, on a plain header
FALL: RGB = (231, 76, 60)  # a fall's pip: the heart's red
MAX_FALLS = 2  # Minions & Masters: a third fall loses


@dataclass(frozen=True)
class SeatMarks:
    """What a player's card shows beyond free-for-all's: team, crown, turn marker."""

    team: str | None  # the team's letter
    role: str | None
    marker: MarkerView | None  # held by the player, or waiting for them
    master: str | None = None  # Minions & Masters: whom the player serves
    minions: tuple[str, ...] = ()  # who serves the player
    falls: int = 0  # how often the player became a minion (shown while they are in)
    crowned: bool = False  # leads their side (an emperor)


def seat_marks(view: TableView, player: PlayerView) -> SeatMarks | None:
    """The marks of a player's card; None in a format that has none (free-for-all)."""
    if player.team_tag is None and not view.turn_markers and not view.minions:
        return None
    marker = None
    if view.turn_markers and not view.finished and player.is_in:
        marker = view.marker_of(player.name)
    if not view.minions or not player.is_in:
        return SeatMarks(player.team_tag, player.role, marker, crowned=player.crowned)
    minions = view.minions_of(player.name)
    return SeatMarks(
        player.team_tag,
        player.role,
        marker,
        player.master,
        minions,
        player.minion_times,
        player.crowned,
    )


def team_colour(tag: str) -> RGB:
    return TEAM_COLOURS[(ord(tag) - ord("A")) % len(TEAM_COLOURS)]


# --- the team's band ------------------------------------------------------------------------


def spine_width(card: Box) -> float:
    return 18.0 if card[2] - card[0] >= 140 else 16.0


def draw_spine(pen: Pen, card: Box, inset: float, tag: str, top: Box, dim: bool) -> float:
    """The team's colour down the card's left edge, its letter level with the name (`top` is
    the header); returns where the rest of the card starts."""
    width = spine_width(card)
    band = (card[0] + inset, card[1] + inset, card[0] + inset + width, card[3] - inset)
    colour = dimmed(team_colour(tag), dim)
    pen.box(band, radius=RADIUS - 4, fill=colour, edge=colour, width=1)
    size = max(float(MIN_TEXT), min(17.0, width * 0.9))
    letter = ((band[0] + band[2]) / 2, (top[1] + top[3]) / 2)
    pen.text(letter, tag, size, DARK_TEXT, bold=True)
    return band[2] + 4


# --- the header: name, crown, note and turn marker ---------------------------------------------


def badge_size(header: Box) -> float:
    return min(34.0, (header[3] - header[1]) * 0.58)


def draw_badge(pen: Pen, marker: MarkerView, centre: tuple[float, float], size: float) -> None:
    """A held marker: a dark disc with its number; a waiting one: a hollow amber ring."""
    x, y = centre
    disc = (x - size / 2, y - size / 2, x + size / 2, y + size / 2)
    number = str(marker.number)
    text_size = max(float(MIN_TEXT), size * 0.62)
    if marker.waiting:
        pen.ellipse(disc, None, PENDING, max(2.0, size / 10))
        pen.text(centre, number, text_size, PENDING, bold=True)
    else:
        pen.ellipse(disc, DARK_TEXT, DARK_TEXT, 1)
        pen.text(centre, number, text_size, TEXT, bold=True)


def turn_words(player: PlayerView, marks: SeatMarks) -> str:
    """'to play', or that a marker waits for the player."""
    if marks.marker is not None and marks.marker.waiting:
        return f"marker {marks.marker.number} waits"
    return "to play" if player.active else ""


def minion_words(marks: SeatMarks) -> list[str]:
    """Whom a minion serves, or whom a master rules, from the longest way to say it."""
    if marks.master is not None:
        master = clean(marks.master)
        return [f"serves {master}", master]
    if not marks.minions:
        return []
    names = [clean(name) for name in marks.minions]
    count = f"{len(names)} minion" + ("s" if len(names) > 1 else "")
    return [f"master of {', '.join(names)}", f"rules {', '.join(names)}", count]


def marked_note(pen: Pen, player: PlayerView, marks: SeatMarks, size: float, width: float) -> str:
    """The line under the name: the role and whose turn, shortened to fit; whom a minion
    serves or a master rules; winner; why out."""
    if player.status == "won":
        return "winner"
    if not player.is_in:
        return pen.fit(out_note(pen, player.status, player.reason, size, width), size, width)
    turn = turn_words(player, marks)
    served = minion_words(marks)
    choices = [" · ".join(word for word in (marks.role, turn) if word), turn]
    if served:  # whom they serve (or rule) matters more than the turn the header's green shows
        choices = [f"{turn} · {words}" if turn else words for words in served[:1]]
        choices += served
    if marks.marker is not None and marks.marker.waiting:
        choices.append("waits")
    fitting = (words for words in choices if pen.width(words, size) <= width)
    if served:  # a long name clipped rather than left out
        return next(fitting, pen.fit(served[0], size, width))
    return next(fitting, "")


def crown_colour(marks: SeatMarks, header_ink: RGB) -> RGB | None:
    """Gold on a plain header; the header's ink on a green or gold one, or greyed out: for an
    emperor, and for a master in Minions & Masters."""
    if not marks.crowned and not marks.minions:
        return None
    return GOLD if header_ink == TEXT else header_ink


def chain_colour(marks: SeatMarks, header_ink: RGB) -> RGB | None:
    """A minion's chain: steel on a plain header, the header's ink on a green one."""
    if marks.master is None:
        return None
    return CHAIN if header_ink == TEXT else header_ink


def pips_width(marks: SeatMarks, size: float) -> float:
    """The room the falls take at the right of the header (none before a first fall)."""
    return 0.0 if not marks.falls else size * (MAX_FALLS + 0.45 * (MAX_FALLS - 1))


def draw_falls(pen: Pen, marks: SeatMarks, right: float, y: float, size: float, ink: RGB) -> None:
    """How often the player fell: a filled pip a fall, hollow ones for the falls left before
    a player loses, at the right of the header ending at `right`."""
    width = pips_width(marks, size)
    fill = FALL if ink == TEXT else ink
    falls = min(marks.falls, MAX_FALLS)
    pips(pen, (right - width / 2, y), size, falls, MAX_FALLS, fill, MUTED if ink == TEXT else ink)


def draw_marked_header(
    pen: Pen, player: PlayerView, marks: SeatMarks, box: Box, name: float, sub: float
) -> None:
    """The seat label of a marked card: the name (crowned for an emperor), a note under it,
    and on the right the turn marker the player holds or that waits for them."""
    fill, edge, ink = seat_colours(player.status, player.active)
    pen.box(box, radius=RADIUS, fill=fill, edge=edge, width=2)
    y = (box[1] + box[3]) / 2
    right = box[2]
    if marks.marker is not None:  # the badge on the right; the name centred in what is left
        size = badge_size(box)
        draw_badge(pen, marks.marker, (box[2] - size / 2 - 7, y), size)
        right = box[2] - size - 10
    x = (box[0] + right) / 2
    inner = right - box[0] - name * 0.8
    note = marked_note(pen, player, marks, sub, inner)
    at = (x, y - sub * 0.6 if note else y)
    if marks.falls:  # the falls at the right, level with the name, which keeps clear of them
        pip = max(8.0, sub * 0.6)
        draw_falls(pen, marks, right - 8, at[1], pip, ink)
        taken = pips_width(marks, pip) + 8
        at, inner = ((box[0] + right - taken) / 2, at[1]), inner - taken
    crowned, chained = crown_colour(marks, ink), chain_colour(marks, ink)
    draw_name(
        pen, player.name, player.status, at, inner, name, ink, crowned=crowned, chained=chained
    )
    if note:
        pen.text((x, y + name * 0.62), note, sub, MUTED if ink == TEXT else ink)


# --- the title and the footer -----------------------------------------------------------------


def turns_headline(pen: Pen, view: TableView) -> tuple[str, RGB]:
    """Grand Melee's title: every player taking a turn, with their marker's number."""
    held = [m for m in view.markers if not m.waiting]
    if not held:  # every marker waits (the badges show for whom)
        return "Turns: none", TEXT
    numbers = [f" ({m.number})" for m in held]
    fixed = pen.width("Turns: " + ", ".join(numbers), TITLE, True)
    budget = (SIZE - 2 * MARGIN - fixed) / len(held)
    names = [pen.fit(clean(m.player), TITLE, budget, True) for m in held]
    return "Turns: " + ", ".join(map(str.__add__, names, numbers)), TEXT


def footer_lines(pen: Pen, view: TableView) -> list[str]:
    """The setup and the limits on reach and attacks (and the empty seats range still counts):
    one line when it fits, else the setup, then the limits on as few lines as hold them."""
    rules = rule_words(view)
    one = " · ".join([view.setup, *rules])
    if not rules or _fits(pen, one):
        return [one]
    lines = [rules[0]]
    for words in rules[1:]:
        longer = f"{lines[-1]} · {words}"
        if _fits(pen, longer):
            lines[-1] = longer
        else:
            lines.append(words)
    return [view.setup, *lines]


def _fits(pen: Pen, words: str) -> bool:
    return pen.width(words, FOOTER) <= SIZE - 2 * MARGIN


def draw_footer_lines(pen: Pen, lines: list[str]) -> None:
    """The footer's lines, the last along the bottom."""
    for row, words in enumerate(reversed(lines)):
        words = pen.fit(words, FOOTER, SIZE - 2 * MARGIN)
        pen.text((SIZE / 2, SIZE - 16 - FOOTER_STEP * row), words, FOOTER, MUTED)
