"""A Magic game's story, any format: one line per life total, who went out when and why.

Read from the opening state and the changes that stand (`standing_steps`). A line is a life
total as the game names it (a totem, a player, a team); each change sits on the turn axis of
`axis` by the state's `turn` before it. Grand Melee has no turn number of its own (several
markers at once, 608.4): its `turn` stays 1, so a whole Grand Melee game sits between 1 and 2,
in the order things happened, and its `turns` is 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from totembot.core.axis import START, Line, final_x
from totembot.core.game import GameEvent
from totembot.core.story import (
    GameResult,
    Outcome,
    Point,
    SeatResult,
    Step,
    Story,
    Track,
)
from totembot.games.magic.formats import format_named
from totembot.games.magic.formats.base import Owner
from totembot.games.magic.rules.decks import deck_of
from totembot.games.magic.rules.events import PlayerLeft
from totembot.games.magic.rules.lookup import pool_name
from totembot.games.magic.rules.state import Config, GameState
from totembot.games.magic.story.facts import (
    Move,
    biggest_hit,
    commander_tallies,
    exits,
    minion_notes,
    moves,
    table_notes,
)
from totembot.games.magic.story.finishing import finishing
from totembot.games.magic.story.ways import is_out, magic_way


def magic_story(
    config: Config, initial: GameState, steps: Sequence[Step], started_at: str | None = None
) -> Story:
    """The game told from the changes that stand."""
    played = moves(initial, steps)
    final = played[-1].after if played else initial
    game_format = format_named(config.format)
    return Story(
        format=game_format.name,
        title=game_format.title,
        measure="life",
        finished=final.finished,
        winners=final.winners,
        turns=final.turn,
        exits=exits(played, final),
        biggest_hit=biggest_hit(played),
        commander_damage=commander_tallies(final),
        tracks=tracks(initial, played, game_format.owner),
        notes=minion_notes(played, final) + table_notes(final),
        started_at=started_at,
        ended_at=played[-1].recorded_at if played and final.finished else None,
    )


# --- the chart's lines --------------------------------------------------------------------


def tracks(initial: GameState, played: Sequence[Move], owner: Owner) -> tuple[Track, ...]:
    """One line per life total, in the order the game keeps them."""
    end = final_x([move.x for move in played])
    return tuple(_track(initial, played, pool, owner, end) for pool in range(len(initial.pools)))


def _track(
    initial: GameState, played: Sequence[Move], pool: int, owner: Owner, end: float
) -> Track:
    line = Line()
    line.mark(START, initial.pools[pool].life)
    fell: Point | None = None
    for move in played:
        life = move.after.pools[pool].life
        line.move(move.x, life)
        if fell is None and _fell(move, pool, owner):
            fell = Point(move.x, life)
    return Track(
        name=pool_name(initial, pool),
        kind=owner,
        points=line.run_to(end),
        fell=fell,
        colour=_colour(initial, pool, owner),
    )


def _fell(move: Move, pool: int, owner: Owner) -> bool:
    """The life total died here; or, a player's or team's, the last of its players went out
    (conceded, removed, fell with the team). A totem falls only by dying: its players may
    go out with it still standing between them."""
    if move.before.pools[pool].status == "live" and move.after.pools[pool].status == "dead":
        return True
    if owner == "totem":
        return False
    seats = move.after.pools[pool].seats
    return not _all_out(move.before, seats) and _all_out(move.after, seats)


def _all_out(state: GameState, seats: tuple[int, ...]) -> bool:
    return all(is_out(state, seat) for seat in seats)


def _colour(initial: GameState, pool: int, owner: Owner) -> int:
    """A team's life keeps its team's board colour (its index in the setup); others their own."""
    if owner != "team":
        return pool
    first = initial.players[initial.pools[pool].seats[0]].name
    teams = initial.config.teams
    return next((index for index, team in enumerate(teams) if first in team), pool)


# --- statistics ---------------------------------------------------------------------------


def magic_result(
    state: GameState, last_events: Sequence[GameEvent], steps: Sequence[Step] | None = None
) -> GameResult:
    """How each seat did: a winner won; in a draw, those still in or taken out by the request
    that ended it drew, those out before lost; everyone else lost. With the log (`steps`),
    where each finished and who took them out (`finishing`); the deck from the state."""
    ended_now = {event.player for event in last_events if isinstance(event, PlayerLeft)}
    draw = state.finished and not state.winners
    outcomes: list[Outcome] = []
    for player in state.players:
        outcome: Outcome = "loss"
        if player.status == "won":
            outcome = "win"
        elif draw and (player.is_in or player.name in ended_now):
            outcome = "draw"
        outcomes.append(outcome)
    first = {seat for seat, outcome in enumerate(outcomes) if outcome != "loss"}
    finish = finishing(state, steps, first)
    seats: list[SeatResult] = []
    for seat, (player, outcome) in enumerate(zip(state.players, outcomes, strict=True)):
        seats.append(
            SeatResult(
                seat,
                player.name,
                outcome,
                magic_way(state, seat),
                place=finish.places[seat],
                taken_by=finish.takers[seat],
                deck=deck_of(state, seat),
            )
        )
    return GameResult(turns=state.turn, seats=tuple(seats))
