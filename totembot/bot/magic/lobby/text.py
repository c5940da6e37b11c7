"""What a lobby and a started game say: the seats, the teams, and how the format seats them.

Pure functions of the stored lobby or game. The format decides the seating (together or apart,
who takes which role); these texts only ask it, by setting the game up as it would start.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

from totembot.bot.magic.lobby.seats import arranged, format_of_options, listed_teams, shown_teams
from totembot.games.magic.formats import Format, format_named
from totembot.games.magic.render.view import table_view
from totembot.games.magic.rules import Config, GameState, RuleViolation
from totembot.games.magic.rules.errors import capital
from totembot.games.magic.rules.game import new_game
from totembot.games.magic.ruleset import magic_state
from totembot.render.markdown import escape
from totembot.store import Lobby, Seat, StoredGame

MAX_TEXT = 2000  # Discord's limit on a message's content


def _seat_text(seat: Seat, role: str | None = None) -> str:
    """ "Ann", "Gus (guest)", "Bob (emperor)", "Fay (emperor, guest)"."""
    about = [role] if role else []
    about += ["guest"] if seat.user_id is None else []
    return escape(seat.display_name) + (f" ({', '.join(about)})" if about else "")


def _clipped(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def distinguished(state: GameState) -> dict[str, list[int]]:
    """Roles fewer players hold than the most common one (Emperor's emperors), with the
    seats holding them; empty where every player has the same role, or none."""
    game_format = format_named(state.config.format)
    roles = [game_format.role(state, seat) for seat in range(len(state.players))]
    counts = Counter(role for role in roles if role is not None)
    most = max(counts.values(), default=0)
    return {
        role: [seat for seat, held in enumerate(roles) if held == role]
        for role, count in counts.items()
        if count < most
    }


def seats_apart(game_format: Format) -> bool:
    """Whether a team format seats its teams apart rather than together, in listed order."""
    size = min(game_format.team_sizes, default=0)
    sample = tuple(tuple(f"T{team}P{index}" for index in range(size)) for team in range(2))
    return game_format.seat_order(sample) != tuple(name for team in sample for name in team)


@functools.cache
def middle_role(name: str) -> str | None:
    """The role the middle player of each team takes (Emperor's emperor), when the format
    gives the middle seat of every team size it plays a role of its own; else None."""
    game_format = format_named(name)
    found: set[str | None] = set()
    for size in game_format.team_sizes:
        teams = tuple(tuple(f"T{team}P{index}" for index in range(size)) for team in range(2))
        players = game_format.seat_order(teams)
        try:
            state = new_game(Config(format=name, players=players, teams=teams))
        except RuleViolation:
            return None
        roles = distinguished(state)
        middle = state.seat_of(teams[0][size // 2])
        found |= {role for role, seats in roles.items() if seats[:1] == [middle]} or {None}
    return found.pop() if len(found) == 1 else None


def _preview(lobby: Lobby) -> GameState | None:
    """The game the lobby would start now, or None while the format cannot play its seats."""
    try:
        return new_game(arranged(lobby.options, lobby.seats)[0])
    except (RuleViolation, ValueError):
        return None


def _team_lines(lobby: Lobby, game_format: Format, preview: GameState | None) -> list[str]:
    """ "Team 1: Ann, Bob (emperor), Cid": each team's players, in the order they will sit."""
    listed, teams = listed_teams(game_format, lobby.seats)
    named = list(zip(listed, [name for team in teams for name in team], strict=True))
    marks: dict[str, str] = {}
    if preview is not None:
        for role, seats in distinguished(preview).items():
            marks |= {preview.players[seat].name: role for seat in seats}
    elif (middle := middle_role(game_format.name)) is not None:  # the teams ready so far
        ready = [team for team in teams if len(team) in game_format.team_sizes]
        marks = {team[len(team) // 2]: middle for team in ready}
    lines = []
    for team in range(1, shown_teams(game_format, lobby.seats) + 1):
        players = [_seat_text(s, marks.get(name)) for s, name in named if s.team == team]
        lines.append(f"Team {team}: {', '.join(players) or 'nobody yet'}")
    return lines


def _seating_line(lobby: Lobby, game_format: Format, preview: GameState | None) -> str:
    """How the format will seat the teams: apart (with the seats), or together (in order)."""
    if seats_apart(game_format):
        if preview is None:
            return (
                "Teams are seated apart, no one next to a teammate: the seats show once the "
                "teams are even."
            )
        ordered = arranged(lobby.options, lobby.seats)[1]
        names = ", ".join(escape(seat.display_name) for seat in ordered)
        return f"Teams are seated apart: {names} (turn order)."
    role = middle_role(game_format.name)
    middle = f"; the middle player of each team is its {role}" if role else ""
    return (
        f"Teams sit together in team order{middle}. The host orders the players within a team "
        "with /totem seats."
    )


DECK_OFFER = "/totem deck"  # kept for the game the lobby starts (`bot/magic/decks.py`)


def lobby_text(lobby: Lobby) -> str:
    options = lobby.options
    game_format = format_of_options(options)
    life = options.life or game_format.default_life(options.commander)
    setup = [f"{life} life" + (" per head" if game_format.owner == "team" else "")]
    setup += (["commander"] if options.commander else []) + list(options.house_rules)
    gathering = f"**{capital(game_format.a_title)} game is gathering**"
    if game_format.roster == "teams":
        low, high = game_format.team_counts
        sizes = game_format.team_sizes
        size_text = ", ".join(str(n) for n in sizes[:-1]) + (" or " if len(sizes) > 1 else "")
        preview = _preview(lobby)
        teams = "\n".join(_team_lines(lobby, game_format, preview))
        return _clipped(
            f"{gathering} ({', '.join(setup)}): press a Join team button to take a seat, "
            f"then name your deck with {DECK_OFFER}.\n"
            f"{teams}\n"
            f"{_seating_line(lobby, game_format, preview)}\n"
            f"The host starts the game with {low} to {high} teams of {size_text}{sizes[-1]} "
            "players, every team the same size."
        )
    seats = "\n".join(f"{index + 1}. {_seat_text(seat)}" for index, seat in enumerate(lobby.seats))
    return _clipped(
        f"{gathering} ({', '.join(setup)}): press Join to take a seat, then name your deck "
        f"with {DECK_OFFER}.\n"
        f"{seats or 'No one is seated yet.'}\n"
        f"The host starts the game with {game_format.min_players} to {game_format.max_players} "
        "players (seat order is turn order)."
    )


def _names(names: Sequence[str]) -> str:
    return ", ".join(escape(name) for name in names)


def started_text(game: StoredGame) -> str:
    """ "**The game has started**: the players or teams, how they sit, whose turn it is."""
    state = magic_state(game.state)  # a lobby sets up a Magic format
    config = state.config
    game_format = format_named(config.format)
    view = table_view(state)
    seating = ""
    if config.teams:
        names = " vs ".join("+".join(escape(name) for name in team) for team in config.teams)
        if seats_apart(game_format):
            seating = f", seated apart: {_names(config.players)}"
        for role, seats in distinguished(state).items():
            holders = _names([state.players[seat].name for seat in seats])
            seating += f", each team seated together with its {role} in the middle: {holders}"
    else:
        names = _names(config.players)
    if view.turn_markers:
        first = "first turns at once: " + _names([marker.player for marker in view.markers])
    elif view.active_team is not None:
        first = f"turn 1: team {escape(view.active_team)}"
    else:
        first = f"turn 1: {escape(view.active)}"
    return _clipped(f"**The game has started**: {names}{seating} ({first}). The status is pinned.")
