"""Plain-text renderings for the console: the table, and (from `event_text`) what changed.

The table is drawn from the format-neutral view (`games.magic.render.view`), so every format whose
life totals belong to totems, players or teams is drawn without code of its own; under
Minions & Masters it says who serves whom.
"""

from __future__ import annotations

from totembot.games.magic.formats.base import Owner
from totembot.games.magic.render.event_text import (
    describe_event,
    describe_events,
    describe_lines,
    joined,
)
from totembot.games.magic.render.table_text import table_state_lines
from totembot.games.magic.render.view import (
    LEFT_THIS_TURN,
    LifeView,
    PlayerView,
    TableView,
    TeamView,
    falls,
    rule_words,
    table_view,
)
from totembot.games.magic.rules.state import GameState

__all__ = ["describe_event", "describe_events", "describe_lines", "render_ring", "sources"]


def _tallies(damage: dict[str, int]) -> list[str]:
    return [f"{key} {amount} commander damage" for key, amount in damage.items()]


def sources(poison_from: dict[str, int] | None) -> str:
    """poison-minions: who gave the counters, the most first: "Ann 4, Cid 3"."""
    given = sorted((poison_from or {}).items(), key=lambda item: -item[1])
    return ", ".join(f"{name} {count}" for name, count in given if count)


def _life_line(life: LifeView, owner: Owner, poison_from: dict[str, int] | None = None) -> str:
    """A life total's numbers; a dead totem says so (a player or team says it in its status)."""
    parts = [f"{life.life} life"]
    if life.poison:
        given = sources(poison_from)
        parts.append(f"{life.poison} poison" + (f" ({given})" if given else ""))
    parts += _tallies(life.commander_damage)
    if life.locked:
        parts.append("locked")
    if life.dead and owner == "totem":
        parts.append("DEAD")
    return ", ".join(parts)


def _header(view: TableView) -> str:
    """The setup, as the format describes it: "Totem, 40 life, commander, rules: ..."."""
    words = view.setup.split(" · ")
    rules = [word for word in words if word in view.house_rules]
    header = ", ".join(word for word in words if word not in view.house_rules)
    header += f", rules: {', '.join(rules)}" if rules else ""
    return "; ".join([header, *rule_words(view)])


def _turns(view: TableView) -> str:
    """Every player taking a turn, with their marker's number; the markers that wait."""
    held = [f"{m.player} (marker {m.number})" for m in view.markers if not m.waiting]
    text = f"Turns: {', '.join(held) or 'none'}"
    waits = [f"marker {m.number} waits for {m.player}" for m in view.markers if m.waiting]
    return "; ".join([text, *waits])


def _progress(view: TableView) -> str:
    if view.finished:
        won = [team.name for team in view.teams if team.status == "won"] or list(view.winners)
        return f"Finished: {', '.join(won)} won" if won else "Finished: a draw"
    if view.turn_markers:
        return _turns(view)
    if view.active_team is not None:
        return f"Turn {view.turn}: {view.active_team} ({view.active})"
    return f"Turn {view.turn}: {view.active}"


def _marked(view: TableView, player: PlayerView) -> bool:
    """The player taking the turn; in a shared team turn, the team's active player."""
    return player.active and (view.active_team is None or player.name == view.active)


def _player_line(view: TableView, player: PlayerView, in_team_block: bool) -> str:
    """`Ann (in)`, with why they left, their team and role, their poison and their own life or
    commander damage; `<- turn` on the player taking the turn."""
    status = player.status
    if player.reason and player.reason != player.status:
        status += f": {player.reason}"
    words = [status]
    if player.team is not None and not in_team_block:
        words.append(f"team {player.team_tag or player.team}")
    if player.role is not None:
        words.append(player.role)
    if player.is_in and player.reach is not None and view.common_reach() is None:
        words.append(f"reach {player.reach}")
    if player.left_this_turn:
        words.append(LEFT_THIS_TURN)
    if player.poison is not None:
        words.append(f"{player.poison} poison")
    if view.minions and player.is_in:
        words += _minion_words(view, player)
    text = f"{player.name} ({', '.join(words)})"
    if player.life is not None:
        text += f": {_life_line(player.life, view.owner, player.poison_from)}"
    elif player.commander_damage:
        text += f": {', '.join(_tallies(player.commander_damage))}"
    return text + _turn_note(view, player)


def _minion_words(view: TableView, player: PlayerView) -> list[str]:
    """Minions & Masters: whom the player serves or who serves them, and how often they fell."""
    words = [f"serves {player.master}"] if player.master is not None else []
    minions = view.minions_of(player.name)
    if minions:
        words.append(f"master of {joined(minions)}")
    if player.minion_times:
        words.append(falls(player.minion_times))
    return words


def _turn_note(view: TableView, player: PlayerView) -> str:
    """`<- turn` on the player taking the turn; with turn markers, which one, or which waits."""
    marker = view.marker_of(player.name) if view.turn_markers and not view.finished else None
    if marker is None:
        return " <- turn" if _marked(view, player) else ""
    if marker.waiting:
        return f" <- marker {marker.number} waiting"
    due = ", removed when this turn ends" if marker.due else ""
    return f" <- turn, marker {marker.number}{due}"


def _team_legend(view: TableView) -> str:
    """Each team's letter, players and status, where players sit by seat, not by team."""
    teams = [f"{team.tag} {team.name} ({team.status})" for team in view.teams]
    return f"Teams: {', '.join(teams)}"


def _team_block(view: TableView, team: TeamView) -> list[str]:
    numbers = f": {_life_line(team.life, view.owner)}" if team.life is not None else ""
    marker = " <- turn" if team.active else ""
    lines = [f"  {team.name} ({team.status}){numbers}{marker}"]
    players = {player.name: player for player in view.players}
    lines += [f"    {_player_line(view, players[name], True)}" for name in team.players]
    return lines


def render_ring(state: GameState) -> str:
    """The table as it sits: each player with what is theirs and the totem to their left, or
    each team with its shared life and then its players."""
    view = table_view(state)
    lines = [_header(view), _progress(view)]
    if any(team.life is not None for team in view.teams):
        for team in view.teams:
            lines += _team_block(view, team)
    else:
        lines += [_team_legend(view)] if view.teams else []
        for player in view.players:
            lines.append(f"  {_player_line(view, player, False)}")
            lines += [
                f"    {totem.name}: {_life_line(totem, view.owner)}"
                for totem in view.totems
                if totem.seats[0] == player.name
            ]
    for pending in view.pending:
        lines.append(
            f"  waiting: {pending.payer} pays {pending.amount} from "
            f"{pending.totem.name}, if {pending.awaiting} approves"
        )
    return "\n".join(lines + table_state_lines(state) + deck_lines(state))


def own_lines(state: GameState, name: str) -> list[str]:
    """One player's own state, for their panel: whose turn it is, their line (status, poison,
    their life and commander damage taken), their totems in Totem, and TABLE.md's counters and
    designations on them."""
    view = table_view(state)
    player = next((p for p in view.players if p.name == name), None)
    if player is None:
        return [_progress(view)]
    lines = [_progress(view), _player_line(view, player, False)]
    lines += [
        f"{life.name}: {_life_line(life, view.owner)}" for life in view.totems if name in life.seats
    ]
    if table := _table_words(player):
        lines.append("Yours: " + ", ".join(table))
    return lines


def _table_words(player: PlayerView) -> list[str]:
    """TABLE.md's state on the player, in words (the caller escapes them once)."""
    table = player.table
    words = [
        f"the {word}"
        for word, held in (
            ("monarch", table.monarch),
            ("initiative", table.initiative),
            ("city's blessing", table.city_blessing),
        )
        if held
    ]
    words += [f"{kind} {count}" for kind, count in table.counters.items()]
    if table.ring:
        words.append(f"tempted by the Ring {table.ring} times")
    for key, casts in table.commander_casts.items():
        named = key.split(":", 1)[1] + " " if ":" in key else ""
        words.append(f"{named}commander tax {2 * casts}")
    return words


def deck_lines(state: GameState) -> list[str]:
    """ "  decks: Ann Atraxa; Bob Tymna and Kraum", once any player named one."""
    named = [f"{player.name} {player.deck}" for player in state.players if player.deck]
    return [f"  decks: {'; '.join(named)}"] if named else []
