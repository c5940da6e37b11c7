"""The frozen game state: players in seat order and life pools attached to seats.

Every format is "life pools attached to seats": Totem has one pool between each pair of
neighbours, free-for-all one per seat, the giant formats one per team. Which is which, and
every rule that differs, is the format's (see `totembot.games.magic.formats`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, ValidationInfo, model_validator

from totembot.core.frozen import Frozen

HouseRule = Literal[
    "half-life-consent",
    "player-poison",
    "sorcery-concede",
    "minions",
    "poison-minions",
    "madness-minions",
]
HOUSE_RULES: tuple[str, ...] = (
    "half-life-consent",
    "player-poison",
    "sorcery-concede",
    "minions",
    "poison-minions",
    "madness-minions",
)
DayNight = Literal["day", "night"]
Designation = Literal["monarch", "initiative"]
DESIGNATIONS: tuple[Designation, ...] = ("monarch", "initiative")
PlayerStatus = Literal["in", "won", "lost", "conceded", "removed"]

MAX_AMOUNT = 1_000_000
MIN_PLAYERS = 3  # Totem's; each format states its own counts
MAX_PLAYERS = 8
STANDARD_LIFE = 20
COMMANDER_LIFE = 40
LETHAL_POISON = 10
LETHAL_COMMANDER_DAMAGE = 21

# The rules a game is played by, kept in its setup so that a stored game replays as it was
# recorded. 1: before FORMATS.md's amendment of 2026-11-27 (ranges measured over the players
# still in after every request; `win` makes the speaker's side win in every format). 2: since
# ("Range of influence as the rules have it": ranges set as each turn begins, `win` within range).
EDITION = 2
RANGES_AS_TURNS_BEGIN = 2  # the first edition with that amendment
STORED: dict[str, bool] = {"stored": True}  # the validation context of a game read back


def default_life(commander: bool) -> int:
    """Totem's starting life: 20, or 40 in a commander game (formats state their own)."""
    return COMMANDER_LIFE if commander else STANDARD_LIFE


class Config(Frozen):
    """How the game was set up; never changes during play."""

    format: str = "totem"  # a name of `totembot.games.magic.formats.FORMATS`
    players: tuple[str, ...]  # in seat order
    teams: tuple[tuple[str, ...], ...] = ()  # team formats: each team as listed
    life: int = STANDARD_LIFE
    commander: bool = False
    house_rules: tuple[HouseRule, ...] = ()
    # Written only from edition 2 on, so a game stored before reads back, and is stored again,
    # exactly as it was.
    edition: int = Field(default=EDITION, exclude_if=lambda edition: edition == 1)

    @model_validator(mode="before")
    @classmethod
    def _stored_before_editions(cls, data: Any, info: ValidationInfo) -> Any:
        """A stored setup without an edition was made before editions were kept: edition 1."""
        if info.context == STORED and isinstance(data, dict) and "edition" not in data:
            return {**data, "edition": 1}
        return data

    def uses(self, rule: HouseRule) -> bool:
        return rule in self.house_rules


class Player(Frozen):
    name: str
    status: PlayerStatus = "in"
    poison: int = 0
    reason: str | None = None  # why a player who is out left: "Bob-Cid died", "conceded", ...
    commander_damage: dict[str, int] = {}  # on the player, where the format tallies it there
    master: str | None = None  # Minions & Masters: whom this player serves
    minion_times: int = 0  # how often they became a minion (never reset)
    poison_from: dict[str, int] = {}  # poison-minions: counters by source, the latest last
    # TABLE.md: kept only when set, so a player stored before reads back and is stored again as
    # it was. Counters: kind to count, only kinds above 0; commander casts: key to casts.
    counters: dict[str, int] = Field(default={}, exclude_if=lambda counters: not counters)
    city_blessing: bool = Field(default=False, exclude_if=lambda blessed: not blessed)
    ring: int = Field(default=0, exclude_if=lambda times: times == 0)
    commander_casts: dict[str, int] = Field(default={}, exclude_if=lambda casts: not casts)
    # The deck they play (`Ann: deck Atraxa`): kept only when named, so a game without decks
    # is stored exactly as before.
    deck: str | None = Field(default=None, exclude_if=lambda deck: deck is None)

    @property
    def is_in(self) -> bool:
        return self.status == "in"


class Pool(Frozen):
    """A shared life total (a totem) attached to one or more seats."""

    seats: tuple[int, ...]
    life: int
    poison: int = 0
    commander_damage: dict[str, int] = {}
    locked: bool = False
    status: Literal["live", "dead"] = "live"


class Pending(Frozen):
    """A payment waiting for the consent of the pool's other player."""

    id: int
    payer: str
    amount: int
    pool: int
    awaiting: str


class Marker(Frozen):
    """A turn marker (Grand Melee): held by the player at `seat`, or waiting to reach them."""

    number: int
    seat: int
    waiting: bool = False
    due: bool = False  # held, and to be removed when its holder's turn ends (608.4d)


class GameState(Frozen):
    config: Config
    players: tuple[Player, ...]
    pools: tuple[Pool, ...]
    turn: int = 1
    active: int = 0
    status: Literal["active", "finished"] = "active"
    winners: tuple[str, ...] = ()
    pending: tuple[Pending, ...] = ()
    commanders: tuple[str, ...] = ()
    next_pending_id: int = 1
    markers: tuple[Marker, ...] = ()  # formats with several turns at once
    # Range of influence (edition 2): the seats of the players still in when the latest turn
    # began (801.2c). None where nothing counts them: no range, or a game of edition 1, whose
    # ranges count the players still in now. Not written when None.
    turn_seats: tuple[int, ...] | None = Field(default=None, exclude_if=lambda seats: seats is None)
    # TABLE.md's designations (a player's name, or None) and the game's day or night; not
    # written while unset, so a game stored before reads back and is stored again as it was.
    monarch: str | None = Field(default=None, exclude_if=lambda name: name is None)
    initiative: str | None = Field(default=None, exclude_if=lambda name: name is None)
    day_night: DayNight | None = Field(default=None, exclude_if=lambda time: time is None)
    # How many of TABLE.md's lines the game accepted: every one is a change for undo, even one
    # that changes no figure (a roll, taking the initiative again), and once there is one the
    # JSON shows the table's fields (docs/decisions.md). Not written while 0.
    table_lines: int = Field(default=0, exclude_if=lambda lines: lines == 0)

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    def seat_of(self, name: str) -> int | None:
        """The seat of a player, matching names case-insensitively."""
        folded = name.casefold()
        for seat, player in enumerate(self.players):
            if player.name.casefold() == folded:
                return seat
        return None

    def players_in(self) -> list[int]:
        return [seat for seat, player in enumerate(self.players) if player.is_in]

    def pool_players_in(self, pool: int) -> list[int]:
        return [seat for seat in self.pools[pool].seats if self.players[seat].is_in]
