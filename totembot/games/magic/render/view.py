"""One format-neutral view of a game, which every renderer draws from (JSON, text, embed, board).

The format says who owns each life total (a totem between two seats, a player, a team); the
view puts each total where people look for it: on the player, on the team, or between seats.
A new format that keeps to these three owners needs no new drawing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from totembot.games.magic.formats import format_named
from totembot.games.magic.formats.base import Attacks, Format, Owner
from totembot.games.magic.formats.seating import departed_seats
from totembot.games.magic.rules.lookup import pool_name
from totembot.games.magic.rules.state import GameState, Player

ATTACK_WORDS = {"neighbours": "attack an adjacent opponent", "left": "attack left"}


@dataclass(frozen=True)
class LifeView:
    """One life total: a totem, a player's own life or a team's."""

    name: str
    seats: tuple[str, ...]
    life: int
    poison: int
    commander_damage: dict[str, int]
    locked: bool
    dead: bool


@dataclass(frozen=True)
class PlayerTable:
    """What TABLE.md puts on a player: counters, designations, the city's blessing, the Ring's
    count and the commander casts (commander key to casts). Empty in a game that never used
    them, which is then drawn exactly as before."""

    counters: dict[str, int] = field(default_factory=dict)
    monarch: bool = False
    initiative: bool = False
    city_blessing: bool = False
    ring: int = 0
    commander_casts: dict[str, int] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(
            self.counters
            or self.monarch
            or self.initiative
            or self.city_blessing
            or self.ring
            or self.commander_casts
        )


@dataclass(frozen=True)
class PlayerView:
    name: str
    status: str
    reason: str | None
    active: bool  # takes the current turn
    team: str | None
    role: str | None
    poison: int | None  # counted on the player (Totem's player-poison), else None
    commander_damage: dict[str, int]  # tallied on the player (the giant formats)
    life: LifeView | None  # the player's own life total (free-for-all and the like)
    reach: int | None = None  # range of influence in seats (Emperor, Teams, Grand Melee)
    team_tag: str | None = None  # the team's letter, "A" for the first team listed
    master: str | None = None  # Minions & Masters: whom this player serves
    minion_times: int = 0
    poison_from: dict[str, int] | None = None  # poison-minions: counters by source
    crowned: bool = False  # leads their side (an emperor): drawn with a crown
    left_this_turn: bool = False  # their seat counts for range until the next turn begins
    table: PlayerTable = field(default_factory=PlayerTable)  # TABLE.md's

    @property
    def is_in(self) -> bool:
        return self.status == "in"


@dataclass(frozen=True)
class TeamView:
    name: str
    players: tuple[str, ...]
    status: str  # in, won or lost
    active: bool
    life: LifeView | None  # the team's shared life total (the giant formats)
    tag: str = ""  # its letter, in listed order: "A", "B", ...


@dataclass(frozen=True)
class MarkerView:
    """A turn marker: held by `player`, or waiting to reach them."""

    number: int
    player: str
    waiting: bool
    due: bool = False  # held, and removed when its holder's turn ends


@dataclass(frozen=True)
class PendingView:
    id: int
    payer: str
    amount: int
    totem: LifeView
    awaiting: str


@dataclass(frozen=True)
class TableView:
    format: str
    title: str  # "Totem", "Two-Headed Giant"
    owner: Owner
    setup: str  # "Totem · 20 life · commander"
    finished: bool
    winners: tuple[str, ...]
    turn: int
    active: str
    active_team: str | None
    players: tuple[PlayerView, ...]
    teams: tuple[TeamView, ...]
    totems: tuple[LifeView, ...]  # only where life totals sit between seats (Totem)
    pending: tuple[PendingView, ...]
    house_rules: tuple[str, ...]
    turn_markers: bool = False  # several players take turns at once: see `markers`
    minions: bool = False  # Minions & Masters: players' masters and falls
    markers: tuple[MarkerView, ...] = ()
    attacks: Attacks = "any"  # whom a player may attack
    empty_seats: int = 0  # of players who left this turn, which range counts until the next
    day_night: str | None = None  # "day" or "night" once a line said so (TABLE.md)

    def marker_of(self, name: str) -> MarkerView | None:
        """The turn marker held by the player or waiting for them, if any."""
        return next((m for m in self.markers if m.player == name), None)

    def minions_of(self, name: str) -> tuple[str, ...]:
        """Minions & Masters: the players still in who serve `name`, in seat order."""
        return tuple(p.name for p in self.players if p.master == name and p.is_in)

    def common_reach(self) -> int | None:
        """The range of influence when every player has the same one, else None."""
        reaches = {player.reach for player in self.players}
        return reaches.pop() if len(reaches) == 1 else None


def falls(times: int) -> str:
    """Minions & Masters: '1 fall', '2 falls', how often a player became a minion."""
    return f"{times} fall" + ("" if times == 1 else "s")


def team_tag(index: int) -> str:
    return chr(ord("A") + index)


def rule_words(view: TableView) -> tuple[str, ...]:
    """The limits on whom players reach and attack: ("reach 2", "attack an adjacent opponent"),
    and the empty seats of players who left this turn, which ranges count until the next.

    Empty for the formats without them, so their footers stay as they were."""
    words: list[str] = []
    common = view.common_reach()
    if common is not None:
        words.append(f"reach {common}")
    elif any(player.reach is not None for player in view.players):
        by_role: dict[str, int] = {}
        for player in view.players:
            if player.role is not None and player.reach is not None:
                by_role.setdefault(player.role, player.reach)
        ranked = sorted(by_role.items(), key=lambda item: -item[1])  # the widest first
        words.append("reach: " + ", ".join(f"{role} {reach}" for role, reach in ranked))
    if view.attacks != "any":
        words.append(ATTACK_WORDS[view.attacks])
    if view.empty_seats:
        words.append(empty_seat_words(view.empty_seats))
    return tuple(words)


def empty_seat_words(count: int) -> str:
    """ "1 empty seat counts until the next turn": seats of players who left this turn."""
    seats = "empty seat counts" if count == 1 else "empty seats count"
    return f"{count} {seats} until the next turn"


LEFT_THIS_TURN = "seat counts until the next turn"  # on the line of a player who left this turn


def _life(state: GameState, index: int) -> LifeView:
    pool = state.pools[index]
    return LifeView(
        name=pool_name(state, index),
        seats=tuple(state.players[seat].name for seat in pool.seats),
        life=pool.life,
        poison=pool.poison,
        commander_damage=dict(pool.commander_damage),
        locked=pool.locked,
        dead=pool.status == "dead",
    )


def _team_status(state: GameState, side: tuple[int, ...]) -> str:
    statuses = {state.players[seat].status for seat in side}
    if "won" in statuses:
        return "won"
    return "in" if "in" in statuses else "lost"


def _teams(state: GameState, game_format: Format, lives: list[LifeView]) -> tuple[TeamView, ...]:
    if game_format.roster != "teams":
        return ()
    active_side = game_format.side_of(state, state.active)
    return tuple(
        TeamView(
            name="+".join(team),
            players=team,
            status=_team_status(state, side),
            active=side == active_side and not state.finished,
            life=lives[index] if game_format.owner == "team" else None,
            tag=team_tag(index),
        )
        for index, (team, side) in enumerate(
            zip(state.config.teams, game_format.sides(state), strict=True)
        )
    )


def _players(state: GameState, game_format: Format, lives: list[LifeView]) -> list[PlayerView]:
    player_poison = state.config.uses("player-poison")
    poison_from = state.config.uses("poison-minions")
    empty = set() if state.finished else set(departed_seats(state))
    return [
        PlayerView(
            name=player.name,
            status=player.status,
            reason=player.reason,
            active=game_format.is_own_turn(state, seat) and not state.finished,
            team=game_format.team_name(state, seat),
            role=game_format.role(state, seat),
            crowned=game_format.crowned(state, seat),
            poison=player.poison if player_poison else None,
            commander_damage=dict(player.commander_damage),
            life=lives[game_format.pools_of(state, seat)[0]]
            if game_format.owner == "player"
            else None,
            reach=game_format.reach(state, seat),
            team_tag=_team_tag(state, game_format, seat),
            master=player.master,
            minion_times=player.minion_times,
            poison_from=dict(player.poison_from) if poison_from else None,
            left_this_turn=seat in empty,
            table=player_table(state, player),
        )
        for seat, player in enumerate(state.players)
    ]


def player_table(state: GameState, player: Player) -> PlayerTable:
    """What TABLE.md keeps on `player` (Totem's ring board reads it from the state too)."""
    return PlayerTable(
        counters=dict(sorted(player.counters.items())),
        monarch=state.monarch == player.name,
        initiative=state.initiative == player.name,
        city_blessing=player.city_blessing,
        ring=player.ring,
        commander_casts=dict(player.commander_casts),
    )


def _team_tag(state: GameState, game_format: Format, seat: int) -> str | None:
    if game_format.roster != "teams":
        return None
    name = state.players[seat].name
    return team_tag(next(k for k, team in enumerate(state.config.teams) if name in team))


def table_view(state: GameState) -> TableView:
    """The game as people see the table, whatever its format."""
    game_format = format_named(state.config.format)
    lives = [_life(state, index) for index in range(len(state.pools))]
    active_team = (
        game_format.team_name(state, state.active) if game_format.owner == "team" else None
    )
    return TableView(
        format=game_format.name,
        title=game_format.title,
        owner=game_format.owner,
        setup=game_format.describe(state.config),
        finished=state.finished,
        winners=state.winners,
        turn=state.turn,
        active=state.players[state.active].name,
        active_team=active_team,
        players=tuple(_players(state, game_format, lives)),
        teams=_teams(state, game_format, lives),
        totems=tuple(lives) if game_format.owner == "totem" else (),
        pending=tuple(
            PendingView(p.id, p.payer, p.amount, lives[p.pool], p.awaiting) for p in state.pending
        ),
        house_rules=state.config.house_rules,
        turn_markers=game_format.turn_markers,
        minions=state.config.uses("minions"),
        markers=tuple(
            MarkerView(m.number, state.players[m.seat].name, m.waiting, m.due)
            for m in sorted(state.markers, key=lambda m: m.number)
        ),
        attacks=game_format.attacks,
        empty_seats=0 if state.finished else len(departed_seats(state)),
        day_night=state.day_night,
    )
