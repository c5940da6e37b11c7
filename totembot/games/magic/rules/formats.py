"""What the rules ask of a format, and where they find it.

The rules are written once for every format: whenever an answer differs (which life total a
request lands on, what a lethal total does, how the turn passes), they ask the game's format
through `FormatRules`. The formats (`games/magic/formats/`) build on the rules' helpers and
register themselves here when `games.magic` is imported, so the arrows point one way: formats
import the rules, the rules import no format.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, Protocol

from totembot.games.magic.rules.errors import RuleViolation, shown
from totembot.games.magic.rules.events import Event
from totembot.games.magic.rules.intents import Actor, Attack, TotemRef
from totembot.games.magic.rules.state import Config, GameState, Marker, Pool

Change = tuple[GameState, list[Event]]
Loss = tuple[int, str]  # a seat that loses, and why
Roster = Literal["players", "teams"]


@dataclass(frozen=True)
class Blame:
    """The source's controller for what a request did (None: the host's line) and its kind."""

    controller: int | None = None
    kind: str = ""


@dataclass(frozen=True)
class Lethal:
    """Why a life total is lethal: life, poison, commander damage (any may be true)."""

    life: bool
    poison: bool
    commander: bool


@dataclass(frozen=True)
class Language:
    """What the phrase language reads for a format: totems (`via`, `lock left`) or players,
    and whether `next P` names whose turn ends (several turns at once)."""

    totems: bool
    next_player: bool = False


class FormatRules(Protocol):
    """The questions the rules ask a format (`formats.base.Format` answers every one)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def roster(self) -> Roster: ...
    @property
    def language(self) -> Language: ...
    @property
    def house_rules(self) -> tuple[str, ...]: ...
    @property
    def announces_pool_deaths(self) -> bool: ...
    @property
    def a_title(self) -> str: ...
    def check_roster(self, config: Config) -> None: ...
    def opening_pools(self, config: Config) -> tuple[Pool, ...]: ...
    def opening_active(self, config: Config) -> int: ...
    def opening_markers(self, config: Config) -> tuple[Marker, ...]: ...
    def pool_name(self, state: GameState, pool: int) -> str: ...
    def life_label(self, state: GameState, pool: int) -> str: ...
    def cannot_pay(self, state: GameState, pool: int, payer: str, amount: int) -> str: ...
    def locked_refusal(self, state: GameState, pool: int) -> str: ...
    def team_name(self, state: GameState, seat: int) -> str | None: ...
    def role(self, state: GameState, seat: int) -> str | None: ...
    def pools_of(self, state: GameState, seat: int) -> tuple[int, ...]: ...
    def pool_for(
        self, state: GameState, seat: int, controller: int | None, ref: TotemRef | None
    ) -> int: ...
    def counted_pool(
        self, state: GameState, seat: int, ref: TotemRef | None, applied: int
    ) -> int: ...
    def own_life(self, state: GameState, seat: int, pool: int) -> int: ...
    def lock_pool(self, state: GameState, seat: int, ref: TotemRef | None) -> int: ...
    def lethal_poison(self, state: GameState, pool: int) -> int: ...
    def reach_refusal(self, state: GameState, controller: int, target: int) -> str | None: ...
    def attack_refusal(self, state: GameState, attacker: int, target: int) -> str | None: ...
    def attacked(
        self, state: GameState, attacker: int, intent: Attack
    ) -> tuple[int, int | None]: ...
    def tallies_on_player(self) -> bool: ...
    def each_targets(
        self, state: GameState, controller: int | None, opponents: bool
    ) -> list[int]: ...
    def spare(self, state: GameState, pool: int, lethal: Lethal, blame: Blame) -> Change | None: ...
    def after_losses(self, state: GameState) -> Change: ...
    def poisoned(
        self, state: GameState, pool: int, seat: int, amount: int, source: int | None
    ) -> Change: ...
    def eliminated_by(self, state: GameState, seat: int, by: str) -> Change: ...
    def falls_with(self, state: GameState) -> list[Loss]: ...
    def is_own_turn(self, state: GameState, seat: int) -> bool: ...
    def whose_turn(self, state: GameState) -> str: ...
    def pass_turn(self, state: GameState, actor: Actor, player: str | None) -> Change: ...
    def after_request(self, before: GameState, after: GameState) -> Change: ...
    def winners_if_over(self, state: GameState) -> list[int] | None: ...
    def winners_by_effect(self, state: GameState, seat: int) -> list[int]: ...


_FORMATS: dict[str, FormatRules] = {}


def register(formats: Iterable[FormatRules]) -> None:
    """Make formats known to the rules by their own (canonical) names."""
    for found in formats:
        _FORMATS[found.name] = found


def format_named(name: str) -> FormatRules:
    """The format of a game's own (canonical) name; RuleViolation names the known ones."""
    found = _FORMATS.get(name)
    if found is None:
        known = ", ".join(f"'{known}'" for known in _FORMATS)
        raise RuleViolation(f"The format must be {known}, not '{shown(name)}'.")
    return found


def format_of(state: GameState) -> FormatRules:
    return format_named(state.config.format)
