"""The chart of a game: snapshots of hand-made stories of every kind of line, and what must hold
for any story (size, same bytes, no metadata, matplotlib imported only when drawing).

A snapshot is written when it is missing or when TOTEMBOT_UPDATE_SNAPSHOTS=1; otherwise the
picture must match it within a small mean difference per colour channel (another FreeType or
matplotlib patch release may draw the edges of letters a little differently; a changed colour,
line or word is well over it). Look at tests/render/snapshots/chart-*.png after updating.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.story.tellers import EXAMPLES, play, script_lines
from totembot.core.ruleset import standing_steps
from totembot.core.story import (
    CommanderTally,
    Exit,
    Hit,
    Point,
    Story,
    Track,
    TrackKind,
)
from totembot.render.chart import (
    HEIGHT,
    MIN_TITLE,
    PALETTE,
    WIDTH,
    Label,
    Line,
    chart_png,
    fitted_headline,
    headline,
    lines_of,
    nice_ticks,
    spread,
    track_colour,
    track_dashes,
)
from totembot.render.palette import TEAM_COLOURS
from totembot.render.summary import CHART_FILENAME

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("TOTEMBOT_UPDATE_SNAPSHOTS") == "1"
MAX_MEAN_DIFFERENCE = 0.12  # per colour channel, out of 255, averaged over every pixel
T0 = "2026-03-01T19:00:00.000+00:00"


# --- hand-made stories ------------------------------------------------------------------------


def track(
    name: str,
    kind: TrackKind,
    start: int,
    changes: list[tuple[float, int]],
    colour: int,
    fell: bool = False,
    first: float = 1.0,
) -> Track:
    """A line from its start and its changes; `fell` marks it out at its last change."""
    points = (Point(first, start), *(Point(x, value) for x, value in changes))
    return Track(name, kind, points, points[-1] if fell else None, colour)


def exit_(player: str, turn: int, status: str, reason: str, way: str, minute: int) -> Exit:
    return Exit(player, turn, status, reason, way, f"2026-03-01T19:{minute:02d}:00.000+00:00")


def totem_story() -> Story:
    """Totem with four players: Bob-Cid dies on turn 5, so Bob and Cid lose."""
    return Story(
        format="totem",
        title="Totem",
        measure="life",
        finished=True,
        winners=("Ann", "Dan"),
        turns=5,
        exits=(
            exit_("Bob", 5, "lost", "Bob-Cid died", "life", 31),
            exit_("Cid", 5, "lost", "Bob-Cid died", "life", 31),
        ),
        biggest_hit=Hit(9, "Ann-Bob", "Cid", 4, "damage"),
        commander_damage=(CommanderTally("Ann", "Cid", 13),),
        tracks=(
            track("Ann-Bob", "totem", 40, [(2.5, 34), (4.33, 25), (4.67, 27)], 0),
            track("Bob-Cid", "totem", 40, [(1.5, 33), (3.5, 20), (5.5, -3)], 1, fell=True),
            track("Cid-Dan", "totem", 40, [(2.33, 36), (2.67, 38), (3.5, 31)], 2),
            track("Dan-Ann", "totem", 40, [(1.5, 37), (4.5, 30)], 3),
        ),
        started_at=T0,
        ended_at="2026-03-01T19:31:10.000+00:00",
    )


def ffa_story() -> Story:
    """A commander free-for-all: Cid concedes, Bob dies to commander damage, Ann wins."""
    return Story(
        format="free-for-all",
        title="Free-for-all",
        measure="life",
        finished=True,
        winners=("Ann",),
        turns=9,
        exits=(
            exit_("Cid", 4, "conceded", "conceded", "conceded", 40),
            exit_("Bob", 8, "lost", "21 commander damage from Zur", "commander damage", 58),
            exit_("Dan", 9, "lost", "life 0 or less", "life", 59),
        ),
        biggest_hit=Hit(14, "Dan", "Ann", 9, "combat"),
        commander_damage=(
            CommanderTally("Zur", "Bob", 21),
            CommanderTally("Tymna", "Cid", 7),
            CommanderTally("Zur", "Dan", 5),
        ),
        tracks=(
            track("Ann", "player", 40, [(2.5, 35), (5.5, 28), (7.5, 30), (8.5, 24)], 0),
            track("Bob", "player", 40, [(1.5, 37), (3.5, 30), (6.5, 22), (8.5, 19)], 1, True),
            track("Cid", "player", 40, [(2.5, 33), (4.5, 33)], 2, fell=True),
            track("Dan", "player", 40, [(3.5, 38), (6.5, 26), (9.5, 0)], 3, fell=True),
        ),
        started_at=T0,
        ended_at="2026-03-01T20:12:40.000+00:00",
    )


def giant_story() -> Story:
    """Two-Headed Giant: the teams share a life each; Cid+Dan lose to 15 poison."""
    return Story(
        format="two-headed-giant",
        title="Two-Headed Giant",
        measure="life",
        finished=True,
        winners=("Ann", "Bob"),
        turns=3,
        exits=(
            exit_("Cid", 3, "lost", "15 poison counters", "poison", 20),
            exit_("Dan", 3, "lost", "15 poison counters", "poison", 20),
        ),
        biggest_hit=Hit(10, "Ann+Bob", "Cid", 2, "combat"),
        commander_damage=(),
        tracks=(
            track(
                "Ann+Bob",
                "team",
                40,
                [(1.75, 36), (2.2, 27), (2.4, 17), (2.6, 13), (2.8, 26)],
                0,
            ),
            track("Cid+Dan", "team", 40, [(1.25, 37), (1.5, 31), (1.75, 27), (3.67, 27)], 1, True),
        ),
        started_at=T0,
        ended_at="2026-03-01T19:20:00.000+00:00",
    )


def teams_story() -> Story:
    """Teams: three teams of two, each player with their own life (a long name among them);
    Ann's team wins when the last opponent is out."""
    ann = "Alexandria Ocasio-Wellington III"
    return Story(
        format="teams",
        title="Teams",
        measure="life",
        finished=True,
        winners=(ann, "Bob"),
        turns=3,
        exits=(
            exit_("Cid", 3, "lost", "life 0 or less", "life", 10),
            exit_("Eve", 3, "lost", "life 0 or less", "life", 11),
            exit_("Bob", 3, "lost", "life 0 or less", "life", 12),
            exit_("Dan", 3, "lost", "life 0 or less", "life", 13),
            exit_("Fay", 3, "lost", "life 0 or less", "life", 14),
        ),
        biggest_hit=Hit(20, "Bob", "Dan", 3, "combat"),
        commander_damage=(),
        tracks=(
            track(ann, "player", 20, [], 0),
            track("Cid", "player", 20, [(1.17, 15), (1.5, 13), (3.2, 0)], 1, fell=True),
            track("Eve", "player", 20, [(1.33, 17), (1.5, 15), (2.33, 11), (3.4, 0)], 2, True),
            track("Bob", "player", 20, [(3.6, 0)], 3, fell=True),
            track("Dan", "player", 20, [(1.5, 18), (3.8, 0)], 4, fell=True),
            track("Fay", "player", 20, [(1.5, 18), (2.67, 12), (3.9, 0)], 5, fell=True),
        ),
        started_at=T0,
        ended_at="2026-03-01T19:14:00.000+00:00",
    )


def match_story() -> Story:
    """A best-of-three match of Totemic: power falls below zero, a new game starts afresh."""
    ann = [(1.5, 26), (2.5, 21), (3.5, 20), (4.5, 19), (5.5, 19)]
    ann += [(6.0, 26), (7.5, 21), (8.5, 23), (9.5, -2), (10.0, 26), (11.5, 24), (12.5, 24)]
    bob = [(1.5, 15), (3.33, 14), (3.67, 9), (4.5, 8), (5.5, -22)]
    bob += [(6.0, 30), (10.0, 30), (10.5, 25), (12.5, 0)]
    return Story(
        format="totemic",
        title="Totemic",
        measure="power",
        finished=True,
        winners=("Ann",),
        turns=12,
        exits=(exit_("Bob", 12, "lost", "power 0 or less in game 3", "power", 45),),
        biggest_hit=Hit(30, "Bob", "Ann", 5, "challenge"),
        commander_damage=(),
        tracks=(
            track("Ann", "animal", 26, ann, 0),
            track("Bob", "animal", 30, bob, 1, fell=True),
        ),
        breaks=(6.0, 10.0),
        notes=("Game 1: Ann won, 19 to −22", "Game 2: Bob won, 30 to −2", "Ann won 2 games to 1"),
        started_at=T0,
        ended_at="2026-03-01T19:45:00.000+00:00",
    )


def solo_story() -> Story:
    """A solo ladder: Ann beats Badger, then Bat beats Ann; Wolf is never reached."""
    ann = [(1.5, 21), (2.5, 20), (4.5, 15), (6.5, 5), (7.5, 6), (10.0, 20), (10.5, 15)]
    ann += [(11.5, 5), (12.5, 4), (13.5, -1)]
    return Story(
        format="totemic-solo",
        title="Totemic solo",
        measure="power",
        finished=True,
        winners=("Bat",),
        turns=13,
        exits=(exit_("Ann", 13, "lost", "power 0 or less against Bat", "power", 38),),
        biggest_hit=Hit(10, "Ann", "Badger", 6, "challenge"),
        commander_damage=(),
        tracks=(
            track("Ann", "animal", 26, ann, 0, fell=True),
            track(
                "Badger",
                "animal",
                28,
                [(1.5, 27), (3.5, 22), (5.5, 17), (7.5, 12), (8.5, 2), (9.5, -3)],
                1,
                fell=True,
            ),
            Track("Bat", "animal", (Point(10, 20), Point(12.5, 19)), None, 2),
        ),
        breaks=(10.0,),
        notes=("Ann beat Badger, 6 to −3", "Bat beat Ann, 19 to −1", "Wolf was never reached"),
        started_at=T0,
        ended_at="2026-03-01T19:38:00.000+00:00",
    )


LONG_NAMES = (
    "Alexandria Ocasio-Wellington III",
    "Μιχαήλ Παπαδόπουλος-Καραγιάννης",
    "Владимир Александрович Петров",
    "Zoë Ñúñez de la Fuente-Montoya",
    "Bartholomew Fitzgerald-Smythe Jr",
    "Ingrid Sørensen-Kjærgaard Lund",
    "Éléonore Dupont-Moreau Lefèvre",
    "Ярослава Кузнецова-Белоусова",
    "Kristóf Szabó-Nagy von Hohenberg",
    "Ann",
    "Bob",
    "Maximilian Alexander Schwarzen",
    "Siobhán Ní Bhriain-O'Sullivan",
    "Θεοδώρα Κωνσταντινίδου Λάμπρου",
    "Penelope Featherstonehaugh-Cole",
    "Dmitri Sergeyevich Volkonsky-Ra",
    "Guðrún Þórsdóttir Hallgrímsdót",
    "Cid",
    "Xiomara Castellanos-Villanueva",
    "Octavia Wilhelmina Pemberton-Q",
)


def twenty_story() -> Story:
    """Twenty players with long names in every script: nineteen go out one by one."""
    tracks: list[Track] = []
    exits: list[Exit] = []
    for k, name in enumerate(LONG_NAMES):
        fell_turn = 2 + k if k < 19 else None
        life, changes = 40, []
        for turn in range(1, (fell_turn or 21) + 1):
            life -= (k * 7 + turn * 3) % 4
            changes.append((turn + 0.5, life))
        if fell_turn is not None:
            changes.append((fell_turn + 0.75, min(0, life - 12)))
            exits.append(exit_(name, fell_turn, "lost", "life 0 or less", "life", k))
        tracks.append(track(name, "player", 40, changes, k, fell=fell_turn is not None))
    return Story(
        format="free-for-all",
        title="Free-for-all",
        measure="life",
        finished=True,
        winners=(LONG_NAMES[19],),
        turns=21,
        exits=tuple(exits),
        biggest_hit=Hit(10, LONG_NAMES[3], LONG_NAMES[0], 7, "damage"),
        commander_damage=(),
        tracks=tuple(tracks),
        started_at=T0,
        ended_at="2026-03-01T22:05:00.000+00:00",
    )


def going_story() -> Story:
    """A Totem game still going on turn 5: nobody is out yet."""
    return Story(
        format="totem",
        title="Totem",
        measure="life",
        finished=False,
        winners=(),
        turns=5,
        exits=(),
        biggest_hit=Hit(6, "Bob-Cid", "Ann", 1, "combat"),
        commander_damage=(CommanderTally("Ann", "Bob", 6),),
        tracks=(
            track("Ann-Bob", "totem", 40, [(2.5, 36), (4.5, 33)], 0),
            track("Bob-Cid", "totem", 40, [(1.5, 34), (3.5, 34 - 4)], 1),
            track("Cid-Ann", "totem", 40, [(3.5, 37)], 2),
        ),
        started_at=T0,
    )


def draw_story() -> Story:
    """The free-for-all example's end: the last two lose at once, a draw."""
    return Story(
        format="free-for-all",
        title="Free-for-all",
        measure="life",
        finished=True,
        winners=(),
        turns=3,
        exits=(
            exit_("Bob", 2, "lost", "10 poison counters", "poison", 5),
            exit_("Cid", 2, "lost", "21 commander damage from Ann:Tymna", "commander damage", 6),
            exit_("Ann", 3, "lost", "life 0 or less", "life", 8),
            exit_("Dan", 3, "lost", "life 0 or less", "life", 8),
        ),
        biggest_hit=Hit(25, "Dan", "Cid", 2, "set"),
        commander_damage=(
            CommanderTally("Ann:Tymna", "Cid", 21),
            CommanderTally("Bob", "Ann", 5),
        ),
        tracks=(
            track(
                "Ann",
                "player",
                40,
                [(1.2, 35), (1.5, 32), (1.6, 28), (1.7, 14), (3.5, -1)],
                0,
                True,
            ),
            Track(
                "Bob",
                "player",
                (Point(1, 40), Point(1.1, 37), Point(1.5, 34), Point(1.6, 30)),
                Point(2.6, 30),
                1,
            ),
            Track(
                "Cid",
                "player",
                (Point(1, 40), Point(1.15, 33), Point(1.3, 35), Point(1.5, 32), Point(1.6, 28)),
                Point(2.8, 28),
                2,
            ),
            track("Dan", "player", 40, [(1.25, 38), (1.5, 35), (2.2, 10), (3.5, -5)], 3, True),
        ),
        started_at=T0,
        ended_at="2026-03-01T19:08:30.000+00:00",
    )


STORIES: dict[str, Callable[[], Story]] = {
    "totem": totem_story,
    "ffa": ffa_story,
    "giant": giant_story,
    "teams": teams_story,
    "match": match_story,
    "solo": solo_story,
    "twenty": twenty_story,
    "going": going_story,
    "draw": draw_story,
}


# --- snapshots ----------------------------------------------------------------------------------


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def mean_difference(first: Image.Image, second: Image.Image) -> float:
    """The largest of the colour channels' mean absolute differences, out of 255."""
    return float(max(ImageStat.Stat(ImageChops.difference(first, second)).mean))


def assert_matches_snapshot(name: str, data: bytes) -> None:
    path = SNAPSHOTS / f"chart-{name}.png"
    if UPDATE or not path.exists():
        path.write_bytes(data)
        return
    drawn, stored = decoded(data), decoded(path.read_bytes())
    assert drawn.size == stored.size, f"{path.name}: {drawn.size} drawn, {stored.size} stored"
    difference = mean_difference(drawn, stored)
    assert difference <= MAX_MEAN_DIFFERENCE, (
        f"{path.name} differs from the drawing by {difference:.3f} per channel on average "
        f"(at most {MAX_MEAN_DIFFERENCE} allowed); look at it, then rewrite the snapshots "
        "with TOTEMBOT_UPDATE_SNAPSHOTS=1 if the change is meant"
    )


@pytest.mark.parametrize("name", sorted(STORIES))
def test_the_chart_of_each_kind_of_story_matches_its_snapshot(name: str) -> None:
    assert_matches_snapshot(name, chart_png(STORIES[name]()))


def test_the_snapshot_check_tells_a_changed_colour_from_the_same_picture() -> None:
    drawn = decoded(chart_png(ffa_story()))
    assert mean_difference(drawn, drawn) == 0
    recoloured = drawn.copy()
    pixels = recoloured.load()
    assert pixels is not None
    blue = (66, 135, 245)
    for x in range(recoloured.width):
        for y in range(recoloured.height):
            if pixels[x, y] == blue:
                pixels[x, y] = (40, 110, 235)  # a slightly darker blue for Ann's line
    assert mean_difference(drawn, recoloured) > MAX_MEAN_DIFFERENCE


# --- what holds for any chart -------------------------------------------------------------------


def png_chunks(data: bytes) -> list[bytes]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = [], 8
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        chunks.append(data[at + 4 : at + 8])
        at += 12 + length
    return chunks


@pytest.mark.parametrize("name", ["totem", "twenty"])
def test_a_chart_is_800_by_600_the_same_bytes_each_time_and_carries_no_metadata(
    name: str,
) -> None:
    first, second = chart_png(STORIES[name]()), chart_png(STORIES[name]())
    assert first == second
    assert decoded(first).size == (WIDTH, HEIGHT) == (800, 600)
    chunks = set(png_chunks(first))
    assert not chunks & {b"tEXt", b"iTXt", b"zTXt", b"tIME"}, chunks


def test_charts_drawn_in_threads_at_once_are_the_charts_drawn_one_by_one() -> None:
    stories = [STORIES[name]() for name in ("totem", "match", "twenty", "draw")] * 2
    alone = [chart_png(story) for story in stories]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(chart_png, stories))
    assert together == alone


def test_importing_the_chart_and_summary_leaves_matplotlib_unimported() -> None:
    code = (
        "import sys, totembot.render.chart, totembot.render.summary\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.stdout.strip() == "[]", result.stdout


def test_any_name_draws_without_a_warning_mathematics_or_a_missing_glyph() -> None:
    names = [
        "$5 Steve$",  # a dollar is a dollar, not mathematics
        r"a_b^c \frac{1}{2}",
        "🐸 Frog 🐸",  # no glyph in DejaVu: cleaned to '?'
        "Bell\x07Ringer",  # control characters are dropped
        "שלום עליכם",
        "<@123456> @everyone",
        "x" * 200,
    ]
    story = replace(
        ffa_story(),
        winners=(names[0],),
        tracks=tuple(
            track(name, "player", 20, [(1.5 + k / 10, 20 - k)], k, fell=k > 0)
            for k, name in enumerate(names)
        ),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        data = chart_png(story)
    assert decoded(data).size == (WIDTH, HEIGHT)


def test_a_story_with_no_change_yet_or_no_line_at_all_still_draws() -> None:
    started = replace(
        going_story(),
        turns=1,
        biggest_hit=None,
        tracks=(track("Ann", "player", 20, [], 0), track("Bob", "player", 20, [], 1)),
    )
    empty = replace(going_story(), tracks=())
    for story in (started, empty):
        assert decoded(chart_png(story)).size == (WIDTH, HEIGHT)


def test_the_title_names_the_winners_a_draw_or_the_turn_of_a_game_going_on() -> None:
    assert headline(totem_story()) == "Totem · Ann and Dan won"
    assert headline(ffa_story()) == "Free-for-all · Ann won"
    assert headline(replace(ffa_story(), winners=("Ann", "Bob", "Cid"))) == (
        "Free-for-all · Ann, Bob and Cid won"
    )
    assert headline(draw_story()) == "Free-for-all · a draw"
    assert headline(going_story()) == "Totem · turn 5, still going"


def test_a_long_title_shrinks_then_clips_each_winner_so_all_of_them_show() -> None:
    story = replace(twenty_story(), winners=LONG_NAMES[:3])
    title, size = fitted_headline(story, lambda text, size: len(text) * size * 0.6)
    assert size == MIN_TITLE
    assert title.count("…") == 3 and title.endswith(" won")
    assert len(title) * MIN_TITLE * 0.6 <= WIDTH - 32


def test_labels_spread_apart_never_overlap_and_stay_in_the_plot() -> None:
    cases = [
        [100.0] * 20,  # everyone out at the same value
        [100.0, 101.0, 102.0, 400.0, 401.0],
        [50.0, 500.0, 60.0, 490.0],
        [-100.0, 900.0, 300.0],
    ]
    for wants in cases:
        labels = [Label(ffa_lines()[0], ["x"], want) for want in wants]
        heights = [24.0] * len(labels)
        spread(labels, heights, 80.0, 560.0)
        placed = sorted(label.at for label in labels)
        assert all(b - a >= 24.0 - 1e-6 for a, b in zip(placed, placed[1:], strict=False))
        assert placed[0] >= 80.0 + 12 - 1e-6 and placed[-1] <= 560.0 - 12 + 1e-6
    squeezed = [Label(ffa_lines()[0], ["x"], 300.0) for _ in range(30)]
    spread(squeezed, [24.0] * 30, 80.0, 560.0)  # more than fits: evenly over the height
    placed = sorted(label.at for label in squeezed)
    assert placed[0] >= 80 and placed[-1] <= 560


def ffa_lines() -> list[Line]:
    return lines_of(ffa_story(), 10.0)


def test_lines_step_to_the_end_or_stop_at_their_cross() -> None:
    ann, bob, cid, dan = ffa_lines()
    assert (ann.xs[-1], ann.ys[-1]) == (10.0, 24) and ann.end == (10.0, 24) and not ann.out
    assert bob.end == bob.cross == (8.5, 19) and bob.xs[-1] == 8.5 and bob.out
    assert cid.end == (4.5, 33) and cid.out  # conceded: the line stops where Cid went out


def test_a_line_that_fell_stops_there_unless_it_changes_again_later() -> None:
    # as the stories run every line to the chart's end: a dead player's line stays flat
    out = Track("Bob", "player", (Point(1, 20), Point(2.5, 0), Point(4.0, 0)), Point(2.5, 0), 1)
    # a Totemic animal that lost game 2 of a match and plays game 3
    back = Track("Ann", "animal", (Point(1, 26), Point(5.9, -2), Point(6, 26)), Point(5.9, -2), 0)
    # conceded: it went out between its changes
    gone = Track("Cid", "player", (Point(1, 20), Point(1.5, 17), Point(4.0, 17)), Point(3.2, 17), 2)
    story = replace(ffa_story(), tracks=(out, back, gone))
    bob, ann, cid = lines_of(story, 7.0)
    assert (bob.xs, bob.ys, bob.out) == ([1, 2.5], [20, 0], True)
    assert (ann.xs, ann.ys) == ([1, 5.9, 6, 7.0], [26, -2, 26, 26])
    assert ann.cross == (5.9, -2) and ann.end == (7.0, 26) and not ann.out
    assert (cid.xs, cid.ys, cid.end) == ([1, 1.5, 3.2], [20, 17, 17], (3.2, 17))


def test_teams_keep_their_board_colours_and_lines_past_the_palette_are_dashed() -> None:
    team = track("Cid+Dan", "team", 40, [], 1)
    assert track_colour(team) == TEAM_COLOURS[1] and track_dashes(team) is None
    assert track_colour(track("Ann", "player", 40, [], 0)) == PALETTE[0]
    eleventh = track("Kim", "player", 40, [], len(PALETTE))
    assert track_colour(eleventh) == PALETTE[0] and track_dashes(eleventh) is not None


def test_turn_and_value_ticks_are_round_and_few() -> None:
    assert nice_ticks(1, 9.2, 12) == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert nice_ticks(1, 23, 8) == [5, 10, 15, 20]
    assert nice_ticks(-25.5, 32.5, 7) == [-20, -10, 0, 10, 20, 30]
    assert nice_ticks(0, 1_000_000, 7) == [0, 200_000, 400_000, 600_000, 800_000, 1_000_000]
    assert CHART_FILENAME == "totem-chart.png"


# --- every example script, as the bot would tell it -----------------------------------------------


def told_example(path: Path) -> Story:
    """The example played line by line into a log one minute a line, then told (the story
    builders of totembot/story, through the ruleset)."""
    setup, lines = script_lines(path)
    played = play(setup, lines, keep_refused=True)
    start = datetime.fromisoformat(T0)
    rows = [
        replace(row, recorded_at=(start + timedelta(minutes=row.seq)).isoformat())
        for row in played.rows
    ]
    initial, steps = standing_steps(played.ruleset, played.config, rows)
    return played.ruleset.story(played.config, initial, steps, started_at=T0)


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_the_chart_of_each_example_game_matches_its_snapshot(path: Path) -> None:
    story = told_example(path)
    assert_matches_snapshot(f"example-{path.stem}", chart_png(story))
