"""`next`: the turn passes, or a game ends, and with it a match game or a solo confrontation.

A game ends only at `next`, when either animal has 0 or less power; level and turn then stay
as they were. A match goes on at once with a fresh game; a solo ladder with the next rival.
"""

from __future__ import annotations

from totembot.core.errors import RuleViolation
from totembot.games.totemic.rules.events import (
    ConfrontationStarted,
    GameEnded,
    MatchFinished,
    MatchGameStarted,
    SoloFinished,
    TotemicEvent,
    TurnPassed,
)
from totembot.games.totemic.rules.intents import Request
from totembot.games.totemic.rules.opening import opening
from totembot.games.totemic.rules.seats import change_power, speaker
from totembot.games.totemic.rules.state import MatchScore, Solo, TotemicState, Turn, other

Applied = tuple[TotemicState, list[TotemicEvent]]


def next_turn(state: TotemicState, request: Request) -> Applied:
    """End the turn (the active player or the host); the game ends if a power is 0 or less."""
    seat = speaker(state, request.actor)
    active = state.turn.active
    if seat is not None and seat != state.active_seat and not request.actor.host:
        raise RuleViolation(f"It is {active}'s turn: only {active} or the host can end it.")
    if state.challenge is not None:
        raise RuleViolation(
            "A challenge is open: the turn ends only after both reveals or a submit."
        )
    if state.turn.action is None:
        raise RuleViolation(
            f"{active} has taken no action this turn: draw, invoke or challenge first."
        )
    if any(animal.power <= 0 for animal in state.players):
        return _end_game(state)
    return _pass_turn(state)


def _pass_turn(state: TotemicState) -> Applied:
    first_level = state.config.levels[0]
    turn = Turn(number=state.turn.number + 1, active=state.name_of(other(state.active_seat)))
    event = TurnPassed(
        number=turn.number, active=turn.active, level_before=state.level, level=first_level
    )
    return state.model_copy(update={"turn": turn, "level": first_level}), [event]


def _end_game(state: TotemicState) -> Applied:
    """Most power wins; a tie goes to dominance."""
    powers = [animal.power for animal in state.players]
    by_dominance = powers[0] == powers[1]
    winner = state.holder if by_dominance else (0 if powers[0] > powers[1] else 1)
    ended = GameEnded(
        winner=state.name_of(winner),
        loser=state.name_of(other(winner)),
        winner_power=powers[winner],
        loser_power=powers[other(winner)],
        by_dominance=by_dominance,
        number=state.solo.confrontation if state.solo else _match(state).game,
        solo=state.config.solo,
    )
    if state.solo is not None:
        return _end_confrontation(state, state.solo, winner, ended)
    return _end_match_game(state, _match(state), winner, ended)


def _match(state: TotemicState) -> MatchScore:
    if state.match is None:  # new_game always sets it for totemic
        raise RuleViolation("This totemic game has no match score.")
    return state.match


def _finish(state: TotemicState, winner: int, **changes: object) -> TotemicState:
    """The whole game is over: the winner won, the other lost."""
    players = tuple(
        animal.model_copy(update={"status": "won" if seat == winner else "lost"})
        for seat, animal in enumerate(state.players)
    )
    update = {"players": players, "status": "finished", "winners": (state.name_of(winner),)}
    return state.model_copy(update={**update, **changes})


def _end_match_game(
    state: TotemicState, match: MatchScore, winner: int, ended: GameEnded
) -> Applied:
    """Count the win; the match ends when a player has won more than half its games."""
    name = state.name_of(winner)
    wins = tuple((who, n + (who == name)) for who, n in match.wins)
    scored = match.model_copy(update={"wins": wins})
    if 2 * scored.wins_of(name) > match.games:
        events: list[TotemicEvent] = [ended]
        if match.games > 1:
            events.append(MatchFinished(winner=name, wins=wins))
        return _finish(state, winner, match=scored), events
    config = state.config
    players, turn = opening(config.players[0], config.power[0], config.players[1], config.power[1])
    fresh = state.model_copy(
        update={
            "players": players,
            "turn": turn,
            "level": config.levels[0],
            "challenge": None,
            "match": scored.model_copy(update={"game": match.game + 1}),
        }
    )
    started = MatchGameStarted(
        game=match.game + 1,
        games=match.games,
        wins=wins,
        dominance=fresh.name_of(fresh.holder),
        first=turn.active,
    )
    return fresh, [ended, started]


def _end_confrontation(state: TotemicState, solo: Solo, winner: int, ended: GameEnded) -> Applied:
    """A rival's win ends the solo game; the player's brings the next rival, or wins it all."""
    index = solo.confrontation - 1
    player_won = not state.is_rival(winner)
    marked = tuple(
        rival.model_copy(update={"status": "defeated" if player_won else "won"})
        if i == index
        else rival
        for i, rival in enumerate(solo.rivals)
    )
    solo = solo.model_copy(update={"rivals": marked})
    if not player_won or index + 1 == len(solo.rivals):
        finished = _finish(state, winner, solo=solo)
        over = SoloFinished(
            winner=state.name_of(winner), player=state.name_of(0), player_won=player_won
        )
        return finished, [ended, over]
    return _next_rival(state, solo, ended)


def _next_rival(state: TotemicState, solo: Solo, ended: GameEnded) -> Applied:
    """The player carries their power plus half the beaten rival's starting power."""
    beaten = solo.rivals[solo.confrontation - 1]
    rival = solo.rivals[solo.confrontation]
    carried = state.players[0].power + beaten.power // 2
    player = state.name_of(0)
    players, turn = opening(player, carried, rival.name, rival.power)
    ladder = tuple(
        r.model_copy(update={"status": "current"}) if r.name == rival.name else r
        for r in solo.rivals
    )
    moved, power = change_power(state, 0, carried - state.players[0].power, "confrontation")
    fresh = moved.model_copy(
        update={
            "players": players,
            "turn": turn,
            "level": state.config.levels[0],
            "challenge": None,
            "solo": Solo(rivals=ladder, confrontation=solo.confrontation + 1),
        }
    )
    started = ConfrontationStarted(
        confrontation=solo.confrontation + 1,
        rival=rival.name,
        rival_power=rival.power,
        player=player,
        player_power=carried,
        dominance=fresh.name_of(fresh.holder),
        first=turn.active,
    )
    return fresh, [ended, power, started]
