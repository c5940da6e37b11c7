"""Plain text for a Totemic game: the console's table, and one line for each event.

No Markdown, so it reads the same in a terminal and in a Discord code block. With
`secret=True` a strength stays hidden until the challenge is resolved (Discord shows both
totals only once both are in).
"""

from __future__ import annotations

from collections.abc import Sequence

from totembot.games.totemic.language.phrases import format_request
from totembot.games.totemic.rules.events import (
    Accepted,
    ActionTaken,
    ChallengeOpened,
    ChallengeResolved,
    ConfrontationStarted,
    DominanceKept,
    DominanceMoved,
    GameEnded,
    MatchFinished,
    MatchGameStarted,
    PowerChanged,
    Revealed,
    SoloFinished,
    Submitted,
    Threatened,
    TotemicEvent,
    TurnPassed,
    Undone,
)
from totembot.games.totemic.rules.intents import Reveal
from totembot.games.totemic.rules.state import Challenge, TotemicState

DONE = {"draw": "drew", "invoke": "invoked", "challenge": "challenged"}
CAUSES = {
    "submit": "submitted",
    "dominance": "lost dominance",
    "reshuffle": "the deck was reshuffled",
}
NOTHING = "Nothing changed."


def _score(wins: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{name} {n}" for name, n in wins)


def _header(state: TotemicState) -> str:
    if state.solo is not None:
        total = len(state.solo.rivals)
        return f"Totemic solo: confrontation {state.solo.confrontation} of {total}"
    match = state.match
    if match is None or match.games == 1:
        return "Totemic: one game"
    return f"Totemic, best of {match.games}: game {match.game} ({_score(match.wins)})"


def _animal_lines(state: TotemicState) -> list[str]:
    width = max(len(animal.name) for animal in state.players)
    lines = []
    for seat, animal in enumerate(state.players):
        marks = ["dominance"] if animal.dominance else []
        if state.is_rival(seat):
            marks.append("rival")
        if animal.status != "in":
            marks.append(animal.status)
        line = f"  {animal.name.ljust(width)}  {animal.power:>4} power"
        lines.append(f"{line}  {', '.join(marks)}".rstrip())
    return lines


def _challenge_line(state: TotemicState, challenge: Challenge, secret: bool) -> str:
    against = next(animal.name for animal in state.players if animal.name != challenge.by)
    text = f"Challenge: {challenge.by} challenged {against}"
    if challenge.awaiting is not None:
        return f"{text}; {challenge.awaiting} to accept, threaten or submit"
    shown = [name if secret else f"{name} {strength}" for name, strength in challenge.revealed]
    waiting = [a.name for a in state.players if challenge.strength_of(a.name) is None]
    revealed = f"; revealed: {', '.join(shown)}" if shown else ""
    return f"{text}; accepted{revealed}; {' and '.join(waiting)} to reveal"


def _finish_line(state: TotemicState) -> str:
    winner = state.winners[0] if state.winners else "nobody"
    if state.solo is not None:
        if state.solo.current.status == "won":
            return f"Finished: {winner} won; {state.players[0].name} was defeated."
        return f"Finished: {winner} defeated every rival and won the solo game."
    match = state.match
    if match is not None and match.games > 1:
        loser = next(name for name, _ in match.wins if name != winner)
        return (
            f"Finished: {winner} won the match, {match.wins_of(winner)} games to "
            f"{match.wins_of(loser)}."
        )
    return f"Finished: {winner} won."


def render_totemic(state: TotemicState, secret: bool = False) -> str:
    """A short table: both animals, the totem, the turn, the challenge, the score or ladder."""
    levels = ", ".join(str(level) for level in state.config.levels)
    action = DONE[state.turn.action] if state.turn.action else "no action yet"
    lines = [
        _header(state),
        *_animal_lines(state),
        f"Totem: level {state.level} (levels {levels})",
        f"Turn {state.turn.number}: {state.turn.active}, {action}",
    ]
    if state.challenge is not None:
        lines.append(_challenge_line(state, state.challenge, secret))
    if state.solo is not None:
        ladder = ", ".join(f"{rival.name} {rival.status}" for rival in state.solo.rivals)
        lines.append(f"Rivals: {ladder}")
    if state.finished:
        lines.append(_finish_line(state))
    return "\n".join(lines)


def _power_line(event: PowerChanged) -> str:
    change = event.after - event.before
    verb = "gains" if change >= 0 else "loses"
    if event.cause == "confrontation":
        return (
            f"{event.player} starts the next confrontation with {event.after} power "
            f"({event.before} left plus {change}, half the beaten rival's starting power)."
        )
    if event.cause == "challenge":
        why = f" (lost the challenge at level {-change})"
    elif event.cause in CAUSES:
        why = f" ({CAUSES[event.cause]})"
    else:
        why = ""
    return f"{event.player} {verb} {abs(change)} power{why}: {event.before} → {event.after}."


def _resolved_line(event: ChallengeResolved) -> str:
    if event.tie:
        return (
            f"{event.winner} and {event.loser} tie at {event.winner_strength}: {event.winner} "
            f"wins the challenge at level {event.level} with dominance."
        )
    return (
        f"{event.winner} wins the challenge at level {event.level}, "
        f"{event.winner_strength} to {event.loser_strength}."
    )


def _threat_line(event: Threatened) -> str:
    text = f"{event.player} threatens: the totem rises from {event.before} to {event.after}"
    if event.accepted:
        return f"{text}, its last level, so the challenge is accepted."
    return f"{text}; {event.awaiting} answers."


def _ended_line(event: GameEnded) -> str:
    what = f"confrontation {event.number}" if event.solo else f"game {event.number}"
    if event.by_dominance:
        return (
            f"{event.winner} and {event.loser} are tied at {event.winner_power} power: "
            f"{event.winner} wins {what} with dominance."
        )
    return (
        f"{event.winner} wins {what}, {event.winner_power} power to "
        f"{event.loser}'s {event.loser_power}."
    )


def _undone_line(event: Undone, secret: bool) -> str:
    request = event.request
    if secret and isinstance(request.intent, Reveal):
        return f"Undone: {request.actor.player or 'the host'}'s reveal."
    return f"Undone: {format_request(request)}."


def _started_line(event: MatchGameStarted | ConfrontationStarted) -> str:
    if isinstance(event, MatchGameStarted):
        opening = f"Game {event.game} of {event.games} starts ({_score(event.wins)})"
    else:
        opening = (
            f"Confrontation {event.confrontation}: {event.player} ({event.player_power} power) "
            f"against {event.rival} ({event.rival_power} power)"
        )
    return f"{opening}; {event.dominance} holds dominance and {event.first} plays first."


def _finished_line(event: MatchFinished | SoloFinished) -> str:
    if isinstance(event, MatchFinished):
        return f"{event.winner} wins the match ({_score(event.wins)})."
    if event.player_won:
        return f"{event.winner} has defeated every rival and wins the solo game."
    return f"{event.winner} wins: {event.player} is defeated and the solo game is over."


def describe_totemic_event(event: TotemicEvent, secret: bool = False) -> str | None:
    """One line for one event; None for an action the next event tells (a challenge)."""
    match event:
        case ActionTaken(action="challenge"):
            return None
        case ActionTaken():
            return f"{event.player} {event.action}s."
        case ChallengeOpened():
            return f"{event.by} challenges {event.against}."
        case Threatened():
            return _threat_line(event)
        case Accepted(automatic=True):
            return f"{event.player} accepts, as a rival always does: both reveal."
        case Accepted():
            return f"{event.player} accepts the challenge: both reveal."
        case Submitted():
            return f"{event.player} submits."
        case Revealed():
            return (
                f"{event.player} has revealed."
                if secret
                else (f"{event.player} reveals {event.strength}.")
            )
        case ChallengeResolved():
            return _resolved_line(event)
        case PowerChanged():
            return _power_line(event)
        case DominanceMoved(cause="tie"):
            return f"Dominance passes from {event.previous} to {event.player} (the tie)."
        case DominanceMoved():
            return f"{event.player} takes dominance from {event.previous}."
        case DominanceKept():
            return f"{event.player} already holds dominance: nothing changes."
        case TurnPassed():
            if event.level != event.level_before:
                return (
                    f"Turn {event.number}: {event.active}'s turn; the totem is back at "
                    f"level {event.level}."
                )
            return f"Turn {event.number}: {event.active}'s turn, level {event.level}."
        case GameEnded():
            return _ended_line(event)
        case MatchGameStarted() | ConfrontationStarted():
            return _started_line(event)
        case MatchFinished() | SoloFinished():
            return _finished_line(event)
        case Undone():
            return _undone_line(event, secret)
    return None


def describe_totemic_lines(events: Sequence[TotemicEvent], secret: bool = False) -> list[str]:
    """One line per event; a reveal stays secret unless these events resolve the challenge."""
    resolved = any(isinstance(event, ChallengeResolved) for event in events)
    lines = [describe_totemic_event(event, secret and not resolved) for event in events]
    return [line for line in lines if line is not None]


def describe_totemic_events(events: Sequence[TotemicEvent], secret: bool = False) -> str:
    """The events as lines of text, or "Nothing changed." when there are none."""
    return "\n".join(describe_totemic_lines(events, secret)) or NOTHING
