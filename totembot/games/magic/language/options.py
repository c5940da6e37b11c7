"""What a player may choose right now: the legal totems (Totem) or players (every other
format) for a request, for autocomplete and choice buttons. Never raises: unknown names simply
give no choices.

Whom a request may name is its row's `reach` in the request table; a kind with no row reaches
anyone still in and no totem.
"""

from __future__ import annotations

from dataclasses import dataclass

from totembot.games.magic.formats.totem import legal_pools, side_word
from totembot.games.magic.language.requests import BY_KIND, TABLE
from totembot.games.magic.language.row import Reach
from totembot.games.magic.language.table_tab import kinds
from totembot.games.magic.rules.formats import format_of
from totembot.games.magic.rules.lookup import pool_name, pools_of
from totembot.games.magic.rules.state import GameState

OWN_REACHES: tuple[Reach, ...] = ("own", "own-unlocked", "own-locked")
# The kinds that reach a target through a source the speaker controls, in the table's order.
REACHED_KINDS = tuple(row.kind for row in TABLE if row.reach == "target")


def reach_of(kind: str) -> Reach:
    """Whom a request of this kind may name (its row's `reach`)."""
    row = BY_KIND.get(kind)
    return row.reach if row is not None else "anyone"


@dataclass(frozen=True)
class TotemChoice:
    name: str
    side: str | None
    life: int
    locked: bool

    @property
    def label(self) -> str:
        side = f" ({self.side})" if self.side else ""
        lock = ", locked" if self.locked else ""
        return f"{self.name}{side}: {self.life} life{lock}"


def _seat_in(state: GameState, name: str | None) -> int | None:
    seat = state.seat_of(name) if name else None
    return seat if seat is not None and state.players[seat].is_in else None


def _choice(state: GameState, pool: int, seen_from: int | None) -> TotemChoice:
    side = side_word(state, seen_from, pool) if seen_from is not None else None
    current = state.pools[pool]
    return TotemChoice(pool_name(state, pool), side, current.life, current.locked)


def totem_choices(
    state: GameState,
    kind: str,
    speaker: str | None,
    target: str | None = None,
    counting: bool = False,
) -> list[TotemChoice]:
    """Totems legal for a request of this kind by `speaker` (the source's controller).

    With `counting`, the totems the target may count from (any of theirs). A format that
    names no totems offers none.
    """
    if state.finished or not format_of(state).language.totems:
        return []
    speaker_seat = _seat_in(state, speaker)
    reach = reach_of(kind)
    if reach in OWN_REACHES:
        if speaker_seat is None:
            return []
        own = pools_of(state, speaker_seat)
        if reach != "own":  # lock offers the unlocked totems, unlock the locked ones
            locked = reach == "own-locked"
            own = tuple(pool for pool in own if state.pools[pool].locked == locked)
        return [_choice(state, pool, speaker_seat) for pool in own]
    if reach == "attack":
        if speaker_seat is None:
            return []
        own = pools_of(state, speaker_seat)
        return [
            _choice(state, pool, None)
            for pool in range(len(state.pools))
            if pool not in own and state.pool_players_in(pool)
        ]
    if reach != "target":
        return []
    target_seat = _seat_in(state, target) if target else speaker_seat
    if target_seat is None:
        return []
    if counting:
        pools = list(pools_of(state, target_seat))
    else:
        pools = legal_pools(state, target_seat, speaker_seat)
    return [_choice(state, pool, target_seat) for pool in pools]


# --- players, in the formats whose requests name players (every format but Totem) ---------


@dataclass(frozen=True)
class PlayerChoice:
    """A player a request may reach, with the life total they would take it on."""

    name: str
    team: str | None
    life: int | None  # None in Totem, where a player has two totems
    locked: bool = False
    role: str | None = None  # Emperor's emperor or general

    def label_as(self, shown: str) -> str:
        """ "Bob: 17 life", "Bob (Ann+Bob): 35 life", "Bob (Ann+Bob+Cid, emperor): 20 life",
        with `shown` in place of the name."""
        about = ", ".join(part for part in (self.team, self.role) if part)
        team = f" ({about})" if about else ""
        if self.life is None:
            return f"{shown}{team}"
        lock = ", locked" if self.locked else ""
        return f"{shown}{team}: {self.life} life{lock}"

    @property
    def label(self) -> str:
        return self.label_as(self.name)


def player_choices(state: GameState, kind: str, speaker: str | None) -> list[PlayerChoice]:
    """The players still in that a request of this kind by `speaker` may name, in seat order.

    By the row's `reach`: "attack" (`attack`), the players the speaker may attack (the format's
    attack rule; nobody without a speaker still in); "target" (`damage`, `poison`, `lose`,
    `gain`, `set`, `halve`...), the players a source the speaker controls may reach (the
    format's range; anyone, without a speaker); "turn" (`next`), the players taking a turn,
    whose turn the host may end (only where several players take turns at once, as `next P`
    says). Any other (`eliminate`, `remove`, `concede`): every player still in.
    """
    if state.finished:
        return []
    game_format = format_of(state)
    speaker_seat = _seat_in(state, speaker)
    seats = state.players_in()
    reach = reach_of(kind)
    if reach == "attack":
        if speaker_seat is None:
            return []
        seats = [s for s in seats if game_format.attack_refusal(state, speaker_seat, s) is None]
    elif reach == "turn":
        if not game_format.language.next_player:
            return []
        seats = [s for s in seats if game_format.is_own_turn(state, s)]
    elif reach == "target" and speaker_seat is not None:
        seats = [s for s in seats if game_format.reach_refusal(state, speaker_seat, s) is None]
    return [_player_choice(state, seat) for seat in seats]


def _player_choice(state: GameState, seat: int) -> PlayerChoice:
    game_format = format_of(state)
    name = state.players[seat].name
    team = game_format.team_name(state, seat)
    if game_format.language.totems:
        return PlayerChoice(name, team, None)
    pool = state.pools[game_format.pools_of(state, seat)[0]]
    return PlayerChoice(name, team, pool.life, pool.locked, game_format.role(state, seat))


def counter_kinds(state: GameState, player: str | None, removing: bool) -> list[str]:
    """The kinds of counters to offer for a player: the kinds they hold when removing (lose,
    pay), else the known kinds and every kind anyone in this game holds. Unknown: none."""
    seat = state.seat_of(player) if player else None
    if removing:
        return sorted(state.players[seat].counters) if seat is not None else []
    return kinds(state)
