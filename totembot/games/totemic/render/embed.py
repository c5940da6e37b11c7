"""The pinned status of a Totemic game as a Discord embed dict, in the Magic embed's style.

Both animals with their power and the dominance mark, the totem's level and the levels above
it, whose turn it is and what they did, the open challenge, then the match score or the solo
ladder. A reveal stays secret here: while a challenge is open the embed says only who has
revealed, never a strength (the reply that resolves the challenge shows both).
"""

from __future__ import annotations

from typing import Any

from totembot.games.totemic.rules.state import Animal, Challenge, MatchScore, Solo, TotemicState
from totembot.render.embeds import (
    ACTIVE_COLOUR,
    FINISHED_COLOUR,
    MAX_DESCRIPTION,
    MAX_FIELD,
    MAX_TITLE,
    WAITING,
    fitted,
)
from totembot.render.markdown import escape_name

LEVELS_SHOWN = 8  # the levels above the current one, named; more are counted
DOMINANCE = "👑"
ACTIVE = "▶"
TROPHY = "🏆"
DONE = "✅"
TOTEM = "🗿"
ACTIONS = {"draw": "drew", "invoke": "invoked", "challenge": "challenged"}
RIVAL_WORDS = {"ahead": "ahead", "defeated": "defeated", "current": "now", "won": "won"}


def _name(name: str) -> str:
    return escape_name(name)


def _winner(state: TotemicState) -> str:
    return _name(state.winners[0]) if state.winners else "nobody"


def _title(state: TotemicState) -> str:
    if state.finished:
        return _finished_title(state)
    turn = f"Turn {state.turn.number}: {_name(state.turn.active)} to play"
    if state.solo is not None:
        return f"Confrontation {state.solo.confrontation} of {len(state.solo.rivals)} · {turn}"
    if state.match is not None and state.match.games > 1:
        return f"Game {state.match.game} of {state.match.games} · {turn}"
    return turn


def _finished_title(state: TotemicState) -> str:
    winner = _winner(state)
    if state.solo is not None:
        if state.solo.current.status == "won":
            return f"Game over: {winner} won; {_name(state.players[0].name)} was defeated"
        return f"Game over: {winner} defeated every rival"
    match = state.match
    if match is not None and match.games > 1 and state.winners:
        return f"Game over: {winner} won the match {_score_of(match, state.winners[0])}"
    return f"Game over: {winner} won"


def _score_of(match: MatchScore, winner: str) -> str:
    """ "2–1": the winner's games first."""
    theirs = match.wins_of(winner)
    others = sum(n for name, n in match.wins if name != winner)
    return f"{theirs}–{others}"


def _animal_line(state: TotemicState, seat: int, animal: Animal) -> str:
    """ "▶ **Ann** (👑 dominance) · 26 power"; a winner's trophy, a loser struck through."""
    name = _name(animal.name)
    tags = ["rival"] if state.is_rival(seat) else []
    if animal.dominance:
        tags.append(f"{DOMINANCE} dominance")
    if animal.status == "won":
        line = f"{TROPHY} **{name}**"
        tags.append("won")
    elif animal.status == "lost":
        line = f"~~{name}~~"
        tags.append("lost")
    else:
        active = not state.finished and animal.name == state.turn.active
        line = f"{ACTIVE} **{name}**" if active else f"**{name}**"
    if tags:
        line += f" ({', '.join(tags)})"
    return f"{line} · {animal.power} power"


def _totem_line(state: TotemicState) -> str:
    """The level now and the levels above it (the ones a threat climbs)."""
    above = [level for level in state.config.levels if level > state.level]
    line = f"{TOTEM} Totem: level **{state.level}**"
    if not above:
        return f"{line}, its last"
    named = ", ".join(str(level) for level in above[:LEVELS_SHOWN])
    more = f", … {above[-1]}" if len(above) > LEVELS_SHOWN else ""
    count = f"{len(above)} level{'s' if len(above) != 1 else ''} above"
    return f"{line} · {count}: {named}{more}"


def _turn_line(state: TotemicState) -> str:
    """ "Turn 3: Ann drew", or "Turn 3: Ann, no action yet"."""
    name = _name(state.turn.active)
    action = state.turn.action
    if action is None:
        return f"Turn {state.turn.number}: {name}, no action yet"
    return f"Turn {state.turn.number}: {name} {ACTIONS[action]}"


def _challenged(state: TotemicState, challenge: Challenge) -> str:
    """The other animal than the challenger (the challenge is always between the two)."""
    return next(
        (animal.name for animal in state.players if animal.name != challenge.by),
        challenge.by,
    )


def _challenge_field(state: TotemicState, challenge: Challenge) -> dict[str, Any]:
    """Who challenged whom, whose answer is awaited, or who has revealed: never a strength."""
    lines = [f"{_name(challenge.by)} challenged {_name(_challenged(state, challenge))}."]
    if challenge.awaiting is not None:
        lines.append(f"{WAITING} {_name(challenge.awaiting)} answers: accept, threaten or submit.")
    else:
        lines.append("Accepted: both reveal their strength.")
        revealed = {name for name, _strength in challenge.revealed}
        lines.append(
            " · ".join(
                f"{DONE} {_name(animal.name)} has revealed"
                if animal.name in revealed
                else f"{WAITING} {_name(animal.name)} has not revealed"
                for animal in state.players
            )
        )
    return {"name": "Challenge", "value": fitted(lines, MAX_FIELD), "inline": False}


def _match_field(match: MatchScore) -> dict[str, Any]:
    score = " · ".join(f"{_name(name)} {wins}" for name, wins in match.wins)
    return {
        "name": f"Match: best of {match.games}",
        "value": f"Game {match.game} · wins: {score}",
        "inline": False,
    }


def _rival_line(index: int, name: str, power: int, status: str) -> str:
    shown = _name(name)
    if status == "defeated":
        shown = f"~~{shown}~~"
    elif status == "current":
        shown = f"{ACTIVE} **{shown}**"
    elif status == "won":
        shown = f"{TROPHY} **{shown}**"
    return f"{index}. {shown} ({power} power) {RIVAL_WORDS[status]}"


def _solo_field(solo: Solo) -> dict[str, Any]:
    """The Hierarchy of Spirits from the bottom up: who is beaten, faced now, still ahead."""
    lines = [
        _rival_line(index, rival.name, rival.power, rival.status)
        for index, rival in enumerate(solo.rivals, start=1)
    ]
    return {
        "name": f"Rivals: confrontation {solo.confrontation} of {len(solo.rivals)}",
        "value": fitted(lines, MAX_FIELD),
        "inline": False,
    }


def _footer(state: TotemicState) -> str:
    levels = state.config.levels
    totem = f"totem {levels[0]} to {levels[-1]} ({len(levels)} levels)"
    if state.solo is not None:
        count = len(state.solo.rivals)
        return f"Totemic solo · {count} rival{'s' if count != 1 else ''} · {totem}"
    games = state.match.games if state.match is not None else 1
    match = f"best of {games}" if games > 1 else "one game"
    return f"Totemic · {match} · {totem}"


def totemic_embed(state: TotemicState) -> dict[str, Any]:
    """The table: both animals, the totem, the turn, the challenge, the match or the ladder."""
    lines = [_animal_line(state, seat, animal) for seat, animal in enumerate(state.players)]
    lines += [_totem_line(state), _turn_line(state)]
    fields: list[dict[str, Any]] = []
    if state.challenge is not None and not state.finished:
        fields.append(_challenge_field(state, state.challenge))
    if state.match is not None and state.match.games > 1:
        fields.append(_match_field(state.match))
    if state.solo is not None:
        fields.append(_solo_field(state.solo))
    embed: dict[str, Any] = {
        "title": _title(state)[:MAX_TITLE],
        "description": fitted(lines, MAX_DESCRIPTION),
        "color": FINISHED_COLOUR if state.finished else ACTIVE_COLOUR,
        "footer": {"text": _footer(state)},
    }
    if fields:
        embed["fields"] = fields
    return embed
