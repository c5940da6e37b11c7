"""A lobby's seats before the game: teams, seat order, the game they set up, their text.

Pure functions over the stored lobby, so they are tested without Discord.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from totembot.games.magic.formats import FORMATS, Format, format_named
from totembot.games.magic.language.phrases import one_word_name
from totembot.games.magic.rules import Config, RuleViolation
from totembot.games.magic.rules.errors import capital, shown
from totembot.games.magic.rules.game import new_game
from totembot.store import Lobby, LobbyOptions, Seat

MAX_TEAMS = max(game_format.team_counts[1] for game_format in FORMATS.values())


def game_names(seats: Sequence[Seat]) -> list[str]:
    """One-word names the phrase language can read, unique in the game."""
    names: list[str] = []
    for index, seat in enumerate(seats):
        names.append(one_word_name(seat.display_name, names, f"Player{index + 1}"))
    return names


def format_of_options(options: LobbyOptions) -> Format:
    return format_named(options.format)


def check_house_rules(game_format: Format, rules: Sequence[str]) -> None:
    """A house rule the format does not play is refused, before anything happens."""
    for rule in rules:
        if rule not in game_format.house_rules:
            known = ", ".join(game_format.house_rules) or "none"
            raise RuleViolation(
                f"The house rule {rule} is not played in {game_format.title} (its rules: {known})."
            )


def check_setup(options: LobbyOptions) -> None:
    """Options no game could start with are refused before a lobby opens or changes: a house
    rule the format does not play, or one that goes with another (the rules' sentences). The
    rules judge a game of the fewest stand-in seats the format takes."""
    game_format = format_of_options(options)
    check_house_rules(game_format, options.house_rules)
    if game_format.roster == "teams":
        teams, size = game_format.team_counts[0], min(game_format.team_sizes)
        seats = [Seat(f"P{i}", team=1 + i // size) for i in range(teams * size)]
    else:
        seats = [Seat(f"P{i}") for i in range(game_format.min_players)]
    check_roster(options, seats)


def _team_counts(seats: Sequence[Seat]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for seat in seats:
        if seat.team is not None:
            counts[seat.team] = counts.get(seat.team, 0) + 1
    return counts


def shown_teams(game_format: Format, seats: Sequence[Seat]) -> int:
    """How many teams a lobby shows: the format's fewest, or up to the highest joined."""
    return max(game_format.team_counts[0], max(_team_counts(seats), default=0))


def open_team(game_format: Format, seats: Sequence[Seat]) -> int:
    """The team a seat joins when none is chosen: the smallest shown (the first, on a tie),
    or a new team once every shown team is full."""
    counts = _team_counts(seats)
    biggest = max(game_format.team_sizes)
    shown = shown_teams(game_format, seats)
    candidates = [team for team in range(1, shown + 1) if counts.get(team, 0) < biggest]
    candidates = candidates or list(range(shown + 1, game_format.team_counts[1] + 1))
    if not candidates:
        raise RuleViolation(f"The lobby is full: every {game_format.title} team is full.")
    return min(candidates, key=lambda team: (counts.get(team, 0), team))


def with_teams_filled(game_format: Format, seats: Sequence[Seat]) -> tuple[Seat, ...]:
    """In a team format, every seat without a team joins the open team, in seat order."""
    if game_format.roster != "teams":
        return tuple(seats)
    filled: list[Seat] = []
    for index, seat in enumerate(seats):
        if seat.team is None or seat.team > game_format.team_counts[1]:
            seat = replace(seat, team=open_team(game_format, [*filled, *seats[index + 1 :]]))
        filled.append(seat)
    return tuple(filled)


def team_groups(game_format: Format, seats: Sequence[Seat]) -> list[tuple[Seat, ...]]:
    """The teams with a player, in team order; each team's players in seat order."""
    filled = with_teams_filled(game_format, seats)
    teams = sorted({seat.team for seat in filled if seat.team is not None})
    return [tuple(seat for seat in filled if seat.team == team) for team in teams]


def listed_teams(
    game_format: Format, seats: Sequence[Seat]
) -> tuple[list[Seat], tuple[tuple[str, ...], ...]]:
    """A team format's seats in listed order (team by team) and the teams' game names."""
    groups = team_groups(game_format, seats)
    listed = [seat for team in groups for seat in team]
    named = iter(game_names(listed))
    return listed, tuple(tuple(next(named) for _seat in team) for team in groups)


def arranged(options: LobbyOptions, seats: Sequence[Seat]) -> tuple[Config, tuple[Seat, ...]]:
    """The game's Config, and the seats in the game's seat order (a team format seats its
    teams its own way: together for the giant formats and Emperor, apart for Teams).

    A team format's own sentence refuses teams it cannot seat (unequal, too few) first."""
    game_format = format_of_options(options)
    base = {
        "format": game_format.name,
        "life": options.life or game_format.default_life(options.commander),
        "commander": options.commander,
        "house_rules": options.house_rules,
    }
    teams: tuple[tuple[str, ...], ...] = ()
    if game_format.roster == "teams":
        listed, teams = listed_teams(game_format, seats)
        names = [name for team in teams for name in team]
        game_format.check_roster(
            Config.model_validate({**base, "players": tuple(names), "teams": teams})
        )
        players = game_format.seat_order(teams)
        ordered = tuple(listed[names.index(name)] for name in players)
    else:
        players = tuple(game_names(seats))
        ordered = tuple(seats)
    config = Config.model_validate({**base, "players": players, "teams": teams})
    return config, tuple(replace(seat, team=None) for seat in ordered)


def build_config(options: LobbyOptions, seats: Sequence[Seat]) -> Config:
    return arranged(options, seats)[0]


def check_roster(options: LobbyOptions, seats: Sequence[Seat]) -> None:
    """The format's sentence when the players or teams cannot make a game (counts, unequal
    teams), checked on stand-in names before anyone is looked up."""
    stand_ins = [replace(seat, display_name=f"Player{i + 1}") for i, seat in enumerate(seats)]
    new_game(arranged(options, stand_ins)[0])


def with_seat(lobby: Lobby, seat: Seat) -> Lobby:
    if seat.user_id is not None and any(s.user_id == seat.user_id for s in lobby.seats):
        raise RuleViolation("You are already seated in this lobby.")
    game_format = format_of_options(lobby.options)
    if len(lobby.seats) >= game_format.max_players:
        raise RuleViolation(
            f"The lobby is full: {game_format.a_title} game seats at most "
            f"{game_format.max_players}."
        )
    if game_format.roster == "teams":
        team = seat.team or open_team(game_format, lobby.seats)
        _require_room(game_format, lobby.seats, team)
        seat = replace(seat, team=team)
    return replace(lobby, seats=(*lobby.seats, seat))


def with_guest(lobby: Lobby, seat: Seat) -> Lobby:
    """The host seats a guest: on the team asked for (team formats), or the open team."""
    game_format = format_of_options(lobby.options)
    if seat.team is not None and game_format.roster != "teams":
        raise RuleViolation(f"{game_format.title} has no teams: seat the guest without a team.")
    return with_seat(lobby, seat)


def _require_room(game_format: Format, seats: Sequence[Seat], team: int) -> None:
    if not 1 <= team <= game_format.team_counts[1]:
        raise RuleViolation(
            f"{capital(game_format.a_title)} game has at most {game_format.team_counts[1]} teams."
        )
    biggest = max(game_format.team_sizes)
    if _team_counts(seats).get(team, 0) >= biggest:
        raise RuleViolation(
            f"Team {team} is full: {game_format.a_title} team has at most {biggest} players."
        )


def with_team(lobby: Lobby, seat: Seat, team: int) -> Lobby:
    """A member joins a team: seated now, or moved from another team (last in the new one)."""
    assert seat.user_id is not None
    game_format = format_of_options(lobby.options)
    if game_format.roster != "teams":
        raise RuleViolation(f"{game_format.title} has no teams: press Join to take a seat.")
    current = next((s for s in lobby.seats if s.user_id == seat.user_id), None)
    if current is None:
        return with_seat(lobby, replace(seat, team=team))
    if current.team == team:
        raise RuleViolation(f"You are already in team {team}.")
    others = tuple(s for s in lobby.seats if s is not current)
    _require_room(game_format, others, team)
    return replace(lobby, seats=(*others, replace(current, team=team)))


def with_format(lobby: Lobby, name: str) -> Lobby:
    """The host chooses the format; in a team format every seat is on a team at once."""
    game_format = format_named(name)
    options = lobby.options.model_copy(update={"format": game_format.name})
    check_setup(options)
    return replace(lobby, options=options, seats=with_teams_filled(game_format, lobby.seats))


def without_user(lobby: Lobby, user_id: str) -> Lobby:
    seats = tuple(seat for seat in lobby.seats if seat.user_id != user_id)
    if len(seats) == len(lobby.seats):
        raise RuleViolation("You are not seated in this lobby.")
    return replace(lobby, seats=seats)


def reordered(lobby: Lobby, wanted: Sequence[str]) -> Lobby:
    """Seats in the order given by display names, game names or user ids (each seat once).

    In a team format this orders the players within each team."""
    remaining = list(lobby.seats)
    names = dict(zip(lobby.seats, game_names(lobby.seats), strict=True))
    order: list[Seat] = []
    for token in wanted:
        folded = token.casefold()
        match = next(
            (
                seat
                for seat in remaining
                if folded
                in (seat.display_name.casefold(), str(seat.user_id), names[seat].casefold())
            ),
            None,
        )
        if match is None:
            raise RuleViolation(f"Nobody called {shown(token)} is seated in this lobby.")
        remaining.remove(match)
        order.append(match)
    if remaining:
        missing = ", ".join(shown(seat.display_name) for seat in remaining)
        raise RuleViolation(f"The new order must name every seat once; missing: {missing[:200]}.")
    return replace(lobby, seats=tuple(order))


def shuffled(lobby: Lobby, chance: random.Random) -> Lobby:
    seats = list(lobby.seats)
    chance.shuffle(seats)
    return replace(lobby, seats=tuple(seats))
