"""The status embed as a plain dict (Discord's embed JSON), readable on a narrow phone screen.

Drawn from the format-neutral view: each player, then the totem to their left (Totem); each
player with their own life on one line (free-for-all and the like); or each team's shared life,
then its players (the giant formats). A format with the same owners needs no new drawing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from totembot.games.magic.render.embed_table import (
    designation_tags,
    table_line,
    table_parts,
    uses_table,
    with_day_night,
)
from totembot.games.magic.render.view import (
    LEFT_THIS_TURN,
    LifeView,
    MarkerView,
    PlayerView,
    TableView,
    TeamView,
    falls,
    rule_words,
    table_view,
)
from totembot.games.magic.rules.state import GameState
from totembot.render.embeds import (
    ACTIVE_COLOUR,
    FINISHED_COLOUR,
    MAX_DESCRIPTION,
    MAX_FIELD,
    MAX_TITLE,
    WAITING,
    fitted,
)
from totembot.render.markdown import MAX_NAME, escape, escape_name

COMMANDERS_SHOWN = 3  # per life total (or player), the highest tallies; the rest are counted
OUT_WORDS = {"lost": "lost", "conceded": "conceded", "removed": "removed", "won": "won"}
GROUP_NAME = 90  # a totem's or a team's name joins several player names
TEAM_SQUARES = ("🟦", "🟥", "🟪", "🟧")  # the board's team colours, team A first
CROWN = "👑"  # an emperor; in Minions & Masters, a master
CHAIN = "⛓"  # Minions & Masters: a minion


@dataclass(frozen=True)
class Fit:
    """How much of each line is shown: the largest tallies, and names and reasons clipped."""

    commanders: int = COMMANDERS_SHOWN
    name: int = MAX_NAME
    reason: int = 60
    minions: int = 4  # a master's minions named; more are counted
    counters: int = 6  # kinds of counters named under a player; more are counted


# Tables with a range of influence seat up to 20 players, and Minions & Masters' lines say
# more: their lines shorten, step by step, until every player fits in the description.
# Counters under sixteen players shorten the same way.
FITS = (
    Fit(),
    Fit(2, 32, 48, 3, 4),
    Fit(1, 24, 32, 2, 2),
    Fit(0, 16, 24, 0, 1),
    Fit(0, 12, 12, 0, 0),
)


def _turns(view: TableView, limit: int) -> str:
    """Grand Melee: every player taking a turn with their marker's number, then the markers
    that wait: "Turns: Ann (1), Eve (2) · ⏳ 3 waits for Ivy"."""
    held = [f"{escape_name(m.player, limit)} ({m.number})" for m in view.markers if not m.waiting]
    waits = [
        f"{WAITING} {m.number} waits for {escape_name(m.player, limit)}"
        for m in view.markers
        if m.waiting
    ]
    return " · ".join([f"Turns: {', '.join(held) or 'none'}", *waits])


def _headline(view: TableView) -> str:
    if view.turn_markers and not view.finished:
        titles = (_turns(view, limit) for limit in (MAX_NAME, 20, 10, 4))
        return next((title for title in titles if len(title) <= MAX_TITLE), "Turns")
    if view.finished:
        won = [team.name for team in view.teams if team.status == "won"]
        if won:
            names = ", ".join(escape_name(name, limit=GROUP_NAME) for name in won)
            return f"Game over: {names} won"
        if view.winners:
            return f"Game over: {', '.join(escape_name(name) for name in view.winners)} won"
        return "Game over: a draw"
    if view.active_team is not None:
        return f"Turn {view.turn}: {escape_name(view.active_team, limit=GROUP_NAME)} to play"
    return f"Turn {view.turn}: {escape_name(view.active)} to play"


def _tallies(damage: dict[str, int], fit: Fit = Fit()) -> list[str]:
    tallies = sorted(damage.items(), key=lambda item: -item[1])
    shown = fit.commanders
    parts = [f"⚔ {escape_name(who, fit.name)} {amount}" for who, amount in tallies[:shown]]
    if len(tallies) > shown:
        parts.append(f"⚔ +{len(tallies) - shown} more")
    return parts


def _sources(poison_from: dict[str, int] | None, fit: Fit) -> str:
    """poison-minions: who gave the counters, the most first: " (Ann 4, Cid 3)"."""
    given = sorted(((k, n) for k, n in (poison_from or {}).items() if n), key=lambda i: -i[1])
    shown = max(fit.commanders, 1) if fit.commanders else 0
    if not given or not shown:
        return ""
    words = [f"{escape_name(name, fit.name)} {count}" for name, count in given[:shown]]
    words += [f"+{len(given) - shown} more"] if len(given) > shown else []
    return f" ({', '.join(words)})"


def _life_parts(
    life: LifeView, fit: Fit = Fit(), poison_from: dict[str, int] | None = None
) -> list[str]:
    parts = [f"♥ {life.life}"]
    if life.poison:
        parts.append(f"☠ {life.poison}{_sources(poison_from, fit)}")
    parts += _tallies(life.commander_damage, fit)
    if life.locked:
        parts.append("🔒")
    return parts


def _marked(view: TableView, player: PlayerView) -> bool:
    """The player taking the turn; in a shared team turn, the team's active player."""
    return player.active and (view.active_team is None or player.name == view.active)


def _turn_marker(view: TableView, player: PlayerView) -> MarkerView | None:
    """The turn marker the player holds or that waits for them, while the game goes on."""
    if not view.turn_markers or view.finished or not player.is_in:
        return None
    return view.marker_of(player.name)


def _seat_tags(
    view: TableView, player: PlayerView, in_team_block: bool, fit: Fit = Fit()
) -> tuple[str, list[str]]:
    """What goes before a player's name (a team's colour, a crown, a master's crown or a
    minion's chain) and in brackets after it (their team, role, reach, turn marker, whom they
    serve and how often they fell)."""
    before, tags = "", []
    if player.team_tag is not None and not in_team_block:
        square = TEAM_SQUARES[(ord(player.team_tag) - ord("A")) % len(TEAM_SQUARES)]
        before, tags = f"{square} ", [f"team {player.team_tag}"]
    elif player.team is not None and not in_team_block:
        tags = [escape_name(player.team, GROUP_NAME)]
    if player.crowned:
        before += f"{CROWN} "
    tags += [player.role] if player.role is not None else []
    if player.is_in and player.reach is not None and view.common_reach() is None:
        tags.append(f"reach {player.reach}")
    tags += designation_tags(player)
    marker = _turn_marker(view, player)
    if marker is not None:
        state = " waits" if marker.waiting else (", goes when this turn ends" if marker.due else "")
        tags.append(f"marker {marker.number}{state}")
    if view.minions and player.is_in:
        if player.master is not None:
            before += f"{CHAIN} "
            tags.append(f"serves {escape_name(player.master, fit.name)}")
        elif view.minions_of(player.name):
            before += f"{CROWN} "
        if player.minion_times:
            tags.append(falls(player.minion_times))
    return before, tags


def _minions_part(view: TableView, player: PlayerView, fit: Fit) -> list[str]:
    """A master's minions, named after the life (as many as the fit names), else counted."""
    minions = view.minions_of(player.name) if view.minions and player.is_in else ()
    if not minions:
        return []
    if len(minions) > fit.minions:
        return [f"{len(minions)} minions"]
    return [f"minions: {', '.join(escape_name(name, fit.name) for name in minions)}"]


def _player_line(view: TableView, player: PlayerView, in_team_block: bool, fit: Fit = Fit()) -> str:
    """The player's name and status, then what is theirs: poison, own life, commander damage."""
    name = escape_name(player.name, fit.name)
    before, tags = _seat_tags(view, player, in_team_block, fit)
    if player.status == "in":
        marker = "▶ " if _marked(view, player) else ""
        waiting = _turn_marker(view, player)
        marker = f"{WAITING} " if waiting is not None and waiting.waiting else marker
        line = f"{marker}{before}**{name}**" + (f" ({', '.join(tags)})" if tags else "")
    elif player.status == "won":
        line = f"🏆 {before}**{name}** ({', '.join([*tags, 'won'])})"
    else:
        why = OUT_WORDS[player.status]
        if player.reason:
            reason = escape_name(player.reason, limit=fit.reason)
            why = reason if player.reason.startswith(why) else f"{why}: {reason}"
        seat = [LEFT_THIS_TURN] if player.left_this_turn else []  # range counts it still
        line = f"{before}~~{name}~~ ({', '.join([*tags, why, *seat])})"
    parts = [f"☠ {player.poison}"] if player.poison is not None else []
    if player.life is not None:
        parts += _life_parts(player.life, fit, player.poison_from)
    else:
        parts += _tallies(player.commander_damage, fit)
    return " · ".join([line, *parts, *_minions_part(view, player, fit)])


def _totem_line(totem: LifeView) -> str:
    parts = " · ".join(_life_parts(totem))
    name = escape_name(totem.name, limit=GROUP_NAME)
    if totem.dead:
        return f"└ ~~{name}~~ ✖ dead ({parts})"
    return f"└ {name}: {parts}"


def _team_lines(view: TableView, team: TeamView, fit: Fit = Fit()) -> list[str]:
    """The team's shared life and status, then each of its players under it (with what
    TABLE.md keeps on them at the end of their line)."""
    name = escape_name(team.name, limit=GROUP_NAME)
    if team.status == "won":
        line = f"🏆 **{name}** (won)"
    elif team.status == "lost":
        line = f"~~{name}~~ (lost)"
    else:
        line = ("▶ " if team.active else "") + f"**{name}**"
    parts = _life_parts(team.life) if team.life is not None else []
    players = {player.name: player for player in view.players}
    members = [players[member] for member in team.players]
    return [
        " · ".join([line, *parts]),
        *(
            " · ".join(
                [f"└ {_player_line(view, member, True, fit)}"]
                + table_parts(member, fit.counters, fit.name)
            )
            for member in members
        ),
    ]


def _player_lines(view: TableView, player: PlayerView, fit: Fit) -> list[str]:
    """The player's line, and under it what TABLE.md keeps on them, if anything."""
    return [_player_line(view, player, False, fit), *table_line(player, fit.counters, fit.name)]


def _built(view: TableView, fit: Fit) -> list[str]:
    """Every line of the description, at one fit."""
    if any(team.life is not None for team in view.teams):
        return [line for team in view.teams for line in _team_lines(view, team, fit)]
    if rule_words(view) or view.minions:
        return [line for player in view.players for line in _player_lines(view, player, fit)]
    if not view.totems:
        return [line for player in view.players for line in _player_lines(view, player, fit)]
    lines: list[str] = []
    for player in view.players:  # Totem: the player's own things on their line, not a totem's
        kept = table_parts(player, fit.counters, fit.name)
        lines.append(" · ".join([_player_line(view, player, False, fit), *kept]))
        lines += [_totem_line(totem) for totem in view.totems if totem.seats[0] == player.name]
    return lines


def _lines(view: TableView) -> list[str]:
    """The description's lines, shortened step by step until they fit where they may need to
    (tables of up to 20 players, Minions & Masters' longer lines, TABLE.md's counters)."""
    teams = any(team.life is not None for team in view.teams)
    if not uses_table(view) and (teams or not (rule_words(view) or view.minions)):
        return _built(view, Fit())
    for fit in FITS:
        lines = _built(view, fit)
        if sum(len(line) + 1 for line in lines) <= MAX_DESCRIPTION:
            break
    return lines


def status_embed(state: GameState) -> dict[str, Any]:
    """The table: each player with what is theirs (a totem, their own life) or each team."""
    view = table_view(state)
    embed: dict[str, Any] = {
        "title": with_day_night(view, _headline(view), MAX_TITLE),
        "description": fitted(_lines(view), MAX_DESCRIPTION),
        "color": FINISHED_COLOUR if view.finished else ACTIVE_COLOUR,
        "footer": {"text": " · ".join([view.setup, *rule_words(view)])},
    }
    if view.pending:
        waiting = [
            f"#{p.id}: {escape_name(p.payer)} pays {p.amount} from "
            f"{escape_name(p.totem.name, limit=GROUP_NAME)}, if {escape_name(p.awaiting)} approves"
            for p in view.pending
        ]
        embed["fields"] = [
            {"name": "Waiting for consent", "value": fitted(waiting, MAX_FIELD), "inline": False}
        ]
    decks = [f"{escape_name(p.name)}: {escape(p.deck)}" for p in state.players if p.deck]
    if decks:  # once a player named one: a game without decks shows as before
        field = {"name": "Decks", "value": fitted(decks, MAX_FIELD), "inline": False}
        embed["fields"] = [*embed.get("fields", []), field]
    return embed
