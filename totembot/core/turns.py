"""When each turn began and ended, read from a game's log: the turn clock's start and the
summary's turn times. Pure: the times are the log's own (`recorded_at`, set by the shell when
it recorded each request), never a clock read here.

A turn begins when the game starts, and again at each change that stands (undone ones do not)
after which the ruleset names another turn (`Ruleset.turn_of`); it ends where the next one
begins, or, for the game's last turn, at the change that ended the game. Where several players
take turns at once (Grand Melee's marker holders), the table's turn begins at each marker move,
while each player's own turn, for their turn times, runs from the marker reaching them to their
turn ending: a turn shared is counted in full for each player taking it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from totembot.core.game import GameState
from totembot.core.ruleset import Ruleset, TurnOf
from totembot.core.story import Step, TurnTime


@dataclass(frozen=True)
class Timed:
    """Something that began and (unless it is still going) ended."""

    began_at: str
    ended_at: str | None

    @property
    def seconds(self) -> float | None:
        if self.ended_at is None:
            return None
        return (moment(self.ended_at) - moment(self.began_at)).total_seconds()


@dataclass(frozen=True)
class TurnSpan(Timed):
    """One turn of the table: who took it, when it began and when it ended."""

    turn: TurnOf

    @property
    def players(self) -> tuple[str, ...]:
        return self.turn.players


@dataclass(frozen=True)
class OwnTurn(Timed):
    """One player's own turn (in Grand Melee it may span several of the table's turns)."""

    player: str


def moment(stamp: str) -> datetime:
    """A stored time (ISO 8601); one without a zone is UTC, as the store writes them."""
    when = datetime.fromisoformat(stamp)
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def unix_seconds(stamp: str) -> int:
    """A stored time as Discord's `<t:...>` wants it: whole seconds since 1970."""
    return int(moment(stamp).timestamp())


def turn_spans(
    ruleset: Ruleset, initial: GameState, steps: Sequence[Step], started_at: str
) -> list[TurnSpan]:
    """Every turn of the game in order, from the changes that stand (`standing_steps`: the
    story replays the log once for its facts and its turns alike)."""
    spans = [TurnSpan(started_at, None, ruleset.turn_of(initial))]
    for step in steps:
        turn = ruleset.turn_of(step.state)
        if turn != spans[-1].turn:
            spans[-1] = TurnSpan(spans[-1].began_at, step.recorded_at, spans[-1].turn)
            spans.append(TurnSpan(step.recorded_at, None, turn))
    if steps and steps[-1].state.finished:
        last = spans[-1]
        spans[-1] = TurnSpan(last.began_at, steps[-1].recorded_at, last.turn)
    return spans


def own_turns(spans: Sequence[TurnSpan]) -> list[OwnTurn]:
    """Each player's own turns, in the order they ended (those still going last). A player's
    turn lasts while the table's turns keep their (player, mark) pair, so a Grand Melee
    player's turn runs from the marker reaching them to their passing it, across the other
    markers' moves meanwhile."""
    going: dict[tuple[str, object], str] = {}
    done: list[OwnTurn] = []
    for span in spans:
        held = set(span.turn.held)
        for pair in [p for p in going if p not in held]:
            done.append(OwnTurn(going.pop(pair), span.began_at, pair[0]))
        for pair in span.turn.held:
            going.setdefault(pair, span.began_at)
    end = spans[-1].ended_at if spans else None
    done += [OwnTurn(began, end, pair[0]) for pair, began in going.items()]
    return done


def turn_times(turns: Sequence[OwnTurn], players: Sequence[str]) -> tuple[TurnTime, ...]:
    """Each player's finished turns: how many, and their seconds in all (in seat order)."""
    totals = {name: [0, 0.0] for name in players}
    for span in turns:
        seconds = span.seconds
        if seconds is None:
            continue
        tally = totals.setdefault(span.player, [0, 0.0])
        tally[0] += 1
        tally[1] += seconds
    return tuple(
        TurnTime(player=name, turns=int(count), seconds=total)
        for name, (count, total) in totals.items()
    )


def span_words(seconds: float) -> str:
    """A turn's length, to the second: '45s', '2m 08s', '1h 02m'."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes}m {secs:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h {minutes:02d}m"
