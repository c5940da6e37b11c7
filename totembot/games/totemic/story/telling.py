"""A Totemic match's or solo ladder's story: each animal's power over every game.

`turn.number` starts again at 1 in each game of a match and each solo confrontation, so the
axis counts turns across them all: the second game's turn 1 is the first game's last turn
plus one, and `Story.breaks` holds the x where each new game starts. Every turn in a Totemic
story (`turns`, an exit's, the biggest hit's) is on that running count, as the chart shows it;
the reasons name the game. A solo rival's line runs only through its own confrontation, and
a rival never reached has none.
"""

from __future__ import annotations

from collections.abc import Sequence

from totembot.core.axis import START, Line, final_x
from totembot.core.game import GameEvent
from totembot.core.story import GameResult, Point, SeatResult, Step, Story, Track
from totembot.core.ways import totemic_way
from totembot.games.totemic.rules.events import GameEnded
from totembot.games.totemic.rules.state import TotemicConfig, TotemicState
from totembot.games.totemic.story.facts import Move, biggest_hit, exits, moves, notes


def running_turns(played: Sequence[Move], final: TotemicState) -> int:
    """Turns across every game so far: the earlier games' and the current one's."""
    last_start = max((move.starts for move in played if move.starts is not None), default=START)
    return int(last_start - START) + final.turn.number


def totemic_story(
    config: TotemicConfig,
    initial: TotemicState,
    steps: Sequence[Step],
    started_at: str | None = None,
) -> Story:
    """The match (or ladder) told from the changes that stand."""
    played = moves(initial, steps)
    final = played[-1].after if played else initial
    return Story(
        format=config.format,
        title="Totemic solo" if config.solo else "Totemic",
        measure="power",
        finished=final.finished,
        winners=final.winners,
        turns=running_turns(played, final),
        exits=exits(played),
        biggest_hit=biggest_hit(played),
        commander_damage=(),
        tracks=tracks(config, initial, played, final),
        breaks=tuple(move.starts for move in played if move.starts is not None),
        notes=notes(config, final),
        started_at=started_at,
        ended_at=played[-1].recorded_at if played and final.finished else None,
    )


# --- the chart's lines --------------------------------------------------------------------


def tracks(
    config: TotemicConfig, initial: TotemicState, played: Sequence[Move], final: TotemicState
) -> tuple[Track, ...]:
    """The two players' lines; solo, the player's and one for each rival met."""
    names = [*config.players, *(rival.name for rival in config.rivals)]
    lines = {name: Line() for name in names}
    for animal in initial.players:
        lines[animal.name].mark(START, animal.power)
    for move in played:
        _follow(lines, move)
    end = final_x([move.x for move in played])
    for animal in final.players:
        lines[animal.name].run_to(end)
    fell = _falls(played)
    return tuple(
        Track(name, "animal", tuple(lines[name].points), fell.get(name), colour)
        for colour, name in enumerate(names)
        if lines[name].points
    )


def _follow(lines: dict[str, Line], move: Move) -> None:
    """A change moves the lines; a new game starts them again at its break (a beaten rival's
    line ends where it lost)."""
    if move.starts is None:
        for animal in move.after.players:
            lines[animal.name].move(move.x, animal.power)
        return
    staying = {animal.name for animal in move.after.players}
    for animal in move.before.players:
        if animal.name not in staying:
            lines[animal.name].run_to(move.x)
    for animal in move.after.players:
        lines[animal.name].mark(move.starts, animal.power)


def _falls(played: Sequence[Move]) -> dict[str, Point]:
    """Where each animal last lost a game, at the power it lost with."""
    fell: dict[str, Point] = {}
    for move in played:
        for event in move.events:
            if isinstance(event, GameEnded):
                fell[event.loser] = Point(move.x, event.loser_power)
    return fell


# --- statistics ---------------------------------------------------------------------------


def totemic_result(
    state: TotemicState, last_events: Sequence[GameEvent], steps: Sequence[Step] | None = None
) -> GameResult:
    """Each human's outcome (a solo rival has no seat). A loser went out the way they lost
    the game that ended it. The state alone cannot count the earlier games' turns, so `turns`
    is the last game's (the story counts them all)."""
    ended = [event for event in last_events if isinstance(event, GameEnded)]
    seats: list[SeatResult] = []
    for seat, name in enumerate(state.config.players):
        if name in state.winners:
            seats.append(SeatResult(seat, name, "win", None, place=1))
            continue
        lost = [event for event in ended if event.loser == name]
        way = totemic_way(lost[-1].by_dominance) if lost else None
        place = 1 + len(state.winners)  # a challenge, not a take-out: no one took them out
        seats.append(SeatResult(seat, name, "loss", way, place=place))
    return GameResult(turns=state.turn.number, seats=tuple(seats))
