"""The chart of a game: every life total (or power) over the turns, drawn with matplotlib.

One line per track (a player, totem, team or animal), stepping where its total changed, a cross
where it died or went out, dashed lines where a new game of a match begins, and each line named
at its end in a column on the right, the labels spread so they never overlap. The colours are
the board's, on the board's background.

The picture is 800 x 600 pixels (4:3: Discord shows an embed's image at most about 400 x 300,
and at the chat's width, 360 to 400 pixels, on a phone), with type of 18 to 28 pixels (the
names 22, down to 12 when twenty lines need one): 9 to 14 once the chat shrinks it to half.

matplotlib is imported when a chart is drawn, not when this module is: the bot starts faster.
Only its object API is used (a Figure on an Agg canvas, no pyplot and no change to the global
rcParams), so charts can be drawn in worker threads. The same story always gives the same bytes
(no timestamp or software name in the file; fixed size and resolution).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from totembot.core.story import Story, Track
from totembot.render.fonts import clean, font_files
from totembot.render.palette import ACTIVE, COMMANDER, FAINT, GOLD, LINK, MUTED, TEAM_COLOURS, TEXT
from totembot.render.pen import BACKGROUND, RGB

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.font_manager import FontProperties

WIDTH, HEIGHT, DPI = 800, 600, 100  # pixels; a point is DPI / 72 pixels
MARGIN = 16
TITLE, AXIS, TICK, LABEL, BREAK = 28, 19, 20, 22, 18  # type sizes, in pixels
MIN_TITLE = 22
MIN_LABEL = 12  # labels shrink to this when very many lines need a name
LABEL_STEP = 1.2  # a label's line height, in its type size
LINE, THIN_LINE = 4.0, 3.0  # line widths in pixels (THIN_LINE from MANY_TRACKS tracks on)
MANY_TRACKS = 9
CROSS = 20  # the death mark's size in pixels
SWATCH = 20  # the bit of line before a label
SWATCH_GAP = 6
COLUMN_GAP = 10  # between the plot and the labels
MAX_COLUMN = 270  # the labels' column is at most this wide
MINUS = "\u2212"

# The tracks' colours on the dark background: the board's where it has them, then more hues.
# Past the end the colours come round again, dashed, so up to 20 lines stay apart.
PALETTE: tuple[RGB, ...] = (
    TEAM_COLOURS[0],  # blue
    TEAM_COLOURS[1],  # red
    ACTIVE,  # green
    GOLD,
    TEAM_COLOURS[2],  # purple
    (64, 201, 222),  # cyan
    (240, 118, 190),  # pink
    COMMANDER,  # orange
    (208, 212, 224),  # silver
    (176, 214, 84),  # lime
)
DASHES: tuple[tuple[float, ...] | None, ...] = (None, (5.0, 2.5), (1.2, 1.8), (5.0, 2.0, 1.2, 2.0))


def rgb(colour: RGB, alpha: float = 1.0) -> tuple[float, float, float, float]:
    return (colour[0] / 255, colour[1] / 255, colour[2] / 255, alpha)


def points(pixels: float) -> float:
    """A size in pixels as matplotlib's points."""
    return pixels * 72 / DPI


def track_colour(track: Track) -> RGB:
    """A team keeps its board colour; other tracks take the palette's, in their order."""
    colours = TEAM_COLOURS if track.kind == "team" else PALETTE
    return colours[track.colour % len(colours)]


def track_dashes(track: Track) -> tuple[float, ...] | None:
    """Solid the first time round the colours, then dashed, dotted, dash-dotted."""
    colours = TEAM_COLOURS if track.kind == "team" else PALETTE
    return DASHES[(track.colour // len(colours)) % len(DASHES)]


def headline(story: Story, longest: int | None = None) -> str:
    """'Totem · Ann and Bob won', 'Totem · a draw', 'Totem · turn 5, still going'; each
    winner's name clipped to `longest` characters."""
    if not story.finished:
        return f"{story.title} · turn {story.turns}, still going"
    if not story.winners:
        return f"{story.title} · a draw"
    names = [clip(clean(name), longest) for name in story.winners]
    joined = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{story.title} · {joined} won"


def clip(text: str, longest: int | None) -> str:
    if longest is None or len(text) <= longest:
        return text
    return text[: max(longest - 1, 1)].rstrip() + "…"


def fitted_headline(story: Story, width: Callable[[str, float], float]) -> tuple[str, float]:
    """The title and its type size: smaller, down to MIN_TITLE, before names are clipped;
    then each winner's name clipped as little as lets them all show."""
    room = WIDTH - 2 * MARGIN
    for size in range(TITLE, MIN_TITLE - 1, -2):
        if width(headline(story), size) <= room:
            return headline(story), size
    longest = max((len(clean(name)) for name in story.winners), default=1)
    low, high = 1, longest  # the most characters of each name that still fits
    while low < high:
        middle = (low + high + 1) // 2
        if width(headline(story, middle), MIN_TITLE) <= room:
            low = middle
        else:
            high = middle - 1
    return fit(headline(story, low), lambda s: width(s, MIN_TITLE), room), MIN_TITLE


def number(value: float) -> str:
    return f"{value:.0f}".replace("-", MINUS)


# --- where things go ------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """A track as drawn: its steps, where it ends, and where its cross goes."""

    track: Track
    xs: list[float]
    ys: list[int]
    end: tuple[float, int]  # where the line stops: its cross if it is out, else the chart's end
    cross: tuple[float, int] | None  # where it fell (a Totemic animal may play on after it)
    colour: RGB
    dashes: tuple[float, ...] | None

    @property
    def out(self) -> bool:
        return self.cross is not None and self.end == self.cross


@dataclass
class Label:
    line: Line
    rows: list[str]  # the name, on one or two rows
    want: float  # the height it would sit at, in pixels from the bottom: its line's end
    at: float = 0.0  # where it sits (the middle of its rows)


def x_range(story: Story) -> tuple[float, float]:
    """The first x and the last: the last change, or the current turn of a game going on."""
    xs = [p.x for track in story.tracks for p in track.points]
    xs += [track.fell.x for track in story.tracks if track.fell is not None]
    first = min(xs, default=1.0)
    last = max(xs, default=first)
    if not story.finished:
        last = max(last, float(story.turns))
    return first, max(last, first + 1)


def lines_of(story: Story, end: float) -> list[Line]:
    """Each track's steps, on to the chart's end; a track that fell and never changed after
    stops at its cross (a Totemic animal that lost a game of a match plays on in the next)."""
    drawn: list[Line] = []
    for track in story.tracks:
        if not track.points:
            continue
        points, fell, stop = list(track.points), track.fell, end
        if fell is not None and all(p.value == fell.value for p in points if p.x > fell.x):
            points = [p for p in points if p.x <= fell.x] or points[:1]
            points += [fell] if points[-1] != fell else []
            stop = fell.x
        xs, ys = [p.x for p in points], [p.value for p in points]
        if stop > xs[-1]:
            xs.append(stop)
            ys.append(ys[-1])
        cross = None if fell is None else (fell.x, fell.value)
        colour, dashes = track_colour(track), track_dashes(track)
        drawn.append(Line(track, xs, ys, (xs[-1], ys[-1]), cross, colour, dashes))
    return drawn


def spread(labels: list[Label], heights: list[float], low: float, high: float) -> None:
    """Each label as near its line's end as it can be without overlapping the next one, all
    between `low` and `high` (pixels from the bottom); squeezed evenly when they cannot fit."""
    order = sorted(range(len(labels)), key=lambda k: (labels[k].want, -k))
    total = sum(heights)
    if total >= high - low:  # no room to spare: stack them evenly over the whole height
        scale = (high - low) / total if total else 1.0
        bottom = low
        for k in order:
            labels[k].at = bottom + heights[k] * scale / 2
            bottom += heights[k] * scale
        return
    # up from the bottom, each above the one below it; then down from the top
    floor = low
    for k in order:
        labels[k].at = max(labels[k].want, floor + heights[k] / 2)
        floor = labels[k].at + heights[k] / 2
    ceiling = high
    for k in reversed(order):
        labels[k].at = min(labels[k].at, ceiling - heights[k] / 2)
        ceiling = labels[k].at - heights[k] / 2


STEPS = tuple(base * 10**power for power in range(7) for base in (1, 2, 5)) + (25, 250, 2500)


def nice_ticks(low: float, high: float, most: int) -> list[int]:
    """Whole numbers from low to high, a round step apart, at most `most` of them."""
    span, most = max(high - low, 1e-9), max(most, 2)
    step = next((step for step in sorted(STEPS) if span / step < most), max(STEPS))
    first = math.ceil(low / step) * step
    return list(range(first, math.floor(high) + 1, step))


# --- drawing --------------------------------------------------------------------------------


class Fonts:
    """DejaVu Sans at pixel sizes (from matplotlib's own files, as the board finds them)."""

    def __init__(self) -> None:
        from matplotlib.font_manager import FontProperties

        self.make = FontProperties
        self.files = font_files()
        self.cache: dict[tuple[float, bool], FontProperties] = {}

    def __call__(self, size: float, bold: bool = False) -> FontProperties:
        key = (size, bold)
        if key not in self.cache:
            if self.files is not None:
                path = self.files[1] if bold else self.files[0]
                font = self.make(fname=str(path), size=points(size))
            else:
                weight = "bold" if bold else "normal"
                font = self.make(family="DejaVu Sans", weight=weight, size=points(size))
            self.cache[key] = font
        return self.cache[key]


def fit(text: str, measure: Callable[[str], float], width: float) -> str:
    """The text, clipped with an ellipsis to at most `width` pixels."""
    if measure(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if measure(text[:middle].rstrip() + "…") <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def wrapped(text: str, measure: Callable[[str], float], width: float) -> list[str]:
    """The text on two rows of at most `width` pixels, broken at a space where it can be."""
    if measure(text) <= width:
        return [text]
    words = text.split(" ")
    for cut in range(len(words) - 1, 0, -1):
        first = " ".join(words[:cut])
        if measure(first) <= width:
            return [first, fit(" ".join(words[cut:]), measure, width)]
    first = fit(text, measure, width)[:-1]  # no space to break at: break inside the word
    return [first, fit(text[len(first) :], measure, width)]


@dataclass(frozen=True)
class Frame:
    """The plot's box in pixels from the picture's bottom left, and the values at its edges."""

    left: float
    bottom: float
    right: float
    top: float
    x_limits: tuple[float, float]
    y_limits: tuple[float, float]

    def x(self, value: float) -> float:
        low, high = self.x_limits
        return self.left + (value - low) / (high - low) * (self.right - self.left)

    def y(self, value: float) -> float:
        low, high = self.y_limits
        return self.bottom + (value - low) / (high - low) * (self.top - self.bottom)


class Canvas:
    """A figure with its fonts and a way to measure text, in the picture's pixels."""

    def __init__(self) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        self.figure = Figure(
            figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI, facecolor=rgb(BACKGROUND)
        )
        canvas = FigureCanvasAgg(self.figure)
        self.renderer = canvas.get_renderer()  # type: ignore[no-untyped-call]  # not in the stubs
        self.font = Fonts()

    def width(self, text: str, size: float, bold: bool = False) -> float:
        width, _height, _descent = self.renderer.get_text_width_height_descent(
            text, self.font(size, bold), ismath=False
        )
        return float(width)

    def text(self, x: float, y: float, words: str, size: float, colour: RGB, **how: Any) -> None:
        """Words at a point in pixels; `how` is alignment, boldness and a halo."""
        bold = bool(how.pop("bold", False))
        self.figure.text(
            x / WIDTH,
            y / HEIGHT,
            words,
            color=rgb(colour),
            fontproperties=self.font(size, bold),
            parse_math=False,  # a '$' in a name is a dollar, not mathematics
            **how,
        )

    def line(self, xs: list[float], ys: list[float], colour: RGB, width: float, **how: Any) -> None:
        """A line (or a marker) in pixels, outside the plot as well as in it."""
        from matplotlib.lines import Line2D

        dashes = how.pop("dashes", None)
        self.figure.add_artist(
            Line2D(
                [x / WIDTH for x in xs],
                [y / HEIGHT for y in ys],
                color=rgb(colour),
                linewidth=points(width),
                solid_capstyle="butt",
                dash_capstyle="butt",
                **dash_style(dashes),
                **how,
            )
        )

    def png(self) -> bytes:
        buffer = io.BytesIO()
        self.figure.savefig(
            buffer, format="png", dpi=DPI, facecolor=rgb(BACKGROUND), metadata={"Software": None}
        )
        return buffer.getvalue()


def chart_png(story: Story) -> bytes:
    """The chart of a story as a PNG: 800 x 600 pixels on the board's background."""
    canvas = Canvas()
    title, title_size = fitted_headline(story, lambda s, size: canvas.width(s, size, True))
    colour = TEXT if not story.finished else GOLD if story.winners else MUTED
    canvas.text(MARGIN, HEIGHT - MARGIN, title, title_size, colour, bold=True, ha="left", va="top")

    first, last = x_range(story)
    x_limits = (first, last + max(0.2, (last - first) * 0.02))
    drawn = lines_of(story, x_limits[1])
    values = [v for line in drawn for v in line.ys]
    values += [line.cross[1] for line in drawn if line.cross is not None]
    low, high = min([0, *values]), max([1, *values])
    y_pad = max(1.0, (high - low) * 0.05)
    y_limits = (low - y_pad, high + y_pad)
    y_ticks = nice_ticks(*y_limits, 7)

    # the plot's box: the y ticks and word on the left, the break words above, the names right
    tick_width = max(canvas.width(number(t), TICK) for t in y_ticks)
    left = MARGIN + AXIS * 1.2 + 8 + tick_width + 8
    bottom = MARGIN + AXIS * 1.2 + 4 + TICK * 1.2 + 6
    top = HEIGHT - (MARGIN + TITLE * 1.2 + 14 + (BREAK * 1.3 if story.breaks else 0))
    size, rows = label_sizing(len(drawn), top - bottom)

    def measure(text: str) -> float:
        return canvas.width(text, size, True)

    names = [label_rows(clean(line.track.name), measure, MAX_COLUMN, rows) for line in drawn]
    column = max((measure(row) for name in names for row in name), default=0.0)
    right = WIDTH - MARGIN - column - SWATCH - SWATCH_GAP - COLUMN_GAP
    frame = Frame(left, bottom, right, top, x_limits, y_limits)

    widest_turn = canvas.width(number(x_limits[1]), TICK)
    x_ticks = nice_ticks(math.ceil(first), x_limits[1], int((right - left) // (widest_turn + 24)))
    axes = canvas.figure.add_axes(
        (left / WIDTH, bottom / HEIGHT, (right - left) / WIDTH, (top - bottom) / HEIGHT)
    )
    style_axes(axes, story, canvas, frame, x_ticks, y_ticks)
    draw_breaks(axes, story, canvas, frame, first)
    if low < 0:
        axes.axhline(0, color=rgb(MUTED), linewidth=points(1.5), zorder=1.5)
    draw_lines(axes, drawn)

    labels = [
        Label(line, name, frame.y(line.end[1])) for line, name in zip(drawn, names, strict=True)
    ]
    spread(labels, [len(label.rows) * size * LABEL_STEP for label in labels], bottom, top)
    draw_labels(canvas, labels, size, frame)
    return canvas.png()


def label_sizing(count: int, height: float) -> tuple[float, int]:
    """The labels' type size, and how many rows a long name may take, for the room there is."""
    size = float(LABEL)
    if count * size * LABEL_STEP > height:
        size = max(float(MIN_LABEL), math.floor(height / (count * LABEL_STEP)))
    rows = 2 if count * 2 * size * LABEL_STEP <= height * 0.8 else 1
    return size, rows


def label_rows(name: str, measure: Callable[[str], float], width: float, rows: int) -> list[str]:
    return wrapped(name, measure, width) if rows > 1 else [fit(name, measure, width)]


def dash_style(dashes: tuple[float, ...] | None) -> dict[str, Any]:
    return {"linestyle": "-"} if dashes is None else {"linestyle": (0, dashes)}


def style_axes(
    axes: Axes, story: Story, canvas: Canvas, frame: Frame, x_ticks: list[int], y_ticks: list[int]
) -> None:
    """The plot's background, frame, ticks, grid and axis words."""
    axes.set_facecolor(rgb(BACKGROUND))
    axes.set_xlim(*frame.x_limits)
    axes.set_ylim(*frame.y_limits)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    for side in ("left", "bottom"):
        axes.spines[side].set_color(rgb(FAINT))
        axes.spines[side].set_linewidth(points(1.5))
    font = canvas.font(TICK)
    axes.set_xticks(x_ticks, [number(t) for t in x_ticks], fontproperties=font)
    axes.set_yticks(y_ticks, [number(t) for t in y_ticks], fontproperties=font)
    axes.tick_params(
        colors=rgb(FAINT), labelcolor=rgb(MUTED), length=points(5), width=points(1.5), pad=4
    )
    for tick in y_ticks:
        axes.axhline(tick, color=rgb(LINK, 0.55), linewidth=points(1), zorder=0.5)
    axes.set_xlabel("Turn", fontproperties=canvas.font(AXIS), color=rgb(MUTED), labelpad=4)
    axes.set_ylabel(
        story.measure.capitalize(), fontproperties=canvas.font(AXIS), color=rgb(MUTED), labelpad=8
    )


def draw_breaks(axes: Axes, story: Story, canvas: Canvas, frame: Frame, first: float) -> None:
    """A dashed line where each game of a match begins, and 'Game 2' over it, above the plot
    ('2' alone, or nothing, where the games are too short for the words to fit)."""
    if not story.breaks:
        return
    starts = [(first, 1), *((x, k) for k, x in enumerate(sorted(story.breaks), start=2))]
    free = frame.left - 10  # where the words so far end
    for x, game in starts:
        if x > first:
            axes.axvline(
                x, color=rgb(MUTED), linewidth=points(1.5), linestyle=(0, (4, 3)), zorder=1
            )
        for words in (f"Game {game}", str(game)):
            width = canvas.width(words, BREAK)
            start = frame.left if x <= first else frame.x(x) - width / 2
            start = min(start, frame.right - width)
            if start >= free + 8:
                canvas.text(start, frame.top + 6, words, BREAK, MUTED, ha="left", va="baseline")
                free = start + width
                break


def draw_lines(axes: Axes, drawn: list[Line]) -> None:
    """The lines, stepping where they changed; then a cross where each one fell, on top."""
    width = THIN_LINE if len(drawn) >= MANY_TRACKS else LINE
    for line in drawn:
        axes.plot(
            line.xs,
            line.ys,
            drawstyle="steps-post",
            color=rgb(line.colour),
            linewidth=points(width),
            solid_capstyle="butt",
            dash_capstyle="butt",
            zorder=2,
            **dash_style(line.dashes),
        )
    for line in drawn:
        if line.cross is not None:
            axes.plot(
                [line.cross[0]],
                [line.cross[1]],
                marker="X",
                markersize=points(CROSS),
                color=rgb(line.colour),
                markeredgecolor=rgb(BACKGROUND),
                markeredgewidth=points(1.5),
                linestyle="none",
                clip_on=False,
                zorder=4,
            )


def draw_labels(canvas: Canvas, labels: list[Label], size: float, frame: Frame) -> None:
    """Each name in its line's colour after a bit of its line, or its cross if it fell. A line
    that runs to the end goes on to its name: straight on, or by a thin slant if moved."""
    start = frame.right + COLUMN_GAP
    step = size * LABEL_STEP
    width = THIN_LINE if len(labels) >= MANY_TRACKS else LINE
    for label in labels:
        line = label.line
        y = label.at
        if line.out:
            canvas.line(
                [start + SWATCH / 2],
                [y],
                line.colour,
                0,
                marker="X",
                markersize=points(CROSS * 0.85),
                markeredgecolor=rgb(BACKGROUND),
                markeredgewidth=points(1.5),
            )
        else:
            end = frame.y(line.end[1])
            if abs(end - y) < 1:  # level with the line: the line goes on
                canvas.line(
                    [frame.right, start + SWATCH], [y, y], line.colour, width, dashes=line.dashes
                )
            else:
                canvas.line([frame.right, start], [end, y], line.colour, 1.5, alpha=0.9)
                canvas.line([start, start + SWATCH], [y, y], line.colour, width, dashes=line.dashes)
        top = y + (len(label.rows) - 1) * step / 2
        for k, row in enumerate(label.rows):
            canvas.text(
                start + SWATCH + SWATCH_GAP,
                top - k * step,
                row,
                size,
                line.colour,
                bold=True,
                ha="left",
                va="center_baseline",
            )
