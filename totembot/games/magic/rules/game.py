"""A game's history: setting up, recording requests, and undo of the last change."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from totembot.games.magic.rules.amounts import check_amount
from totembot.games.magic.rules.engine import apply
from totembot.games.magic.rules.errors import RuleViolation, capital, shown
from totembot.games.magic.rules.events import Event, Undone
from totembot.games.magic.rules.formats import format_named
from totembot.games.magic.rules.intents import Request
from totembot.games.magic.rules.lookup import seat_named
from totembot.games.magic.rules.state import Config, GameState, Player


def _check_names(config: Config) -> None:
    folded = [name.casefold() for name in config.players]
    duplicates = sorted({name for name in config.players if folded.count(name.casefold()) > 1})
    if duplicates:
        raise RuleViolation(
            f"Each player needs a different name, but {shown(duplicates[0])} is twice."
        )
    listed = [name for team in config.teams for name in team]
    if config.teams and sorted(listed) != sorted(config.players):
        raise RuleViolation("Every player sits in exactly one team.")


def _check_rules(config: Config, allowed: tuple[str, ...], title: str) -> None:
    for rule in config.house_rules:
        if rule not in allowed:
            known = ", ".join(allowed) or "none"
            raise RuleViolation(
                f"The house rule {rule} is not played in {title} (its rules: {known})."
            )


def new_game(config: Config) -> GameState:
    """The opening state the format sets up: every life total at its start, turn 1."""
    game_format = format_named(config.format)
    if (game_format.roster == "teams") != bool(config.teams):
        raise RuleViolation(
            f"{capital(game_format.a_title)} game is set up with '{game_format.roster}:', "
            f"like 'game {game_format.name} {game_format.roster}: ...'."
        )
    game_format.check_roster(config)
    _check_names(config)
    _check_rules(config, game_format.house_rules, game_format.title)
    check_amount(config.life, "starting life")
    return GameState(
        config=config,
        players=tuple(Player(name=name) for name in config.players),
        pools=game_format.opening_pools(config),
        active=game_format.opening_active(config),
        markers=game_format.opening_markers(config),
    )


@dataclass(frozen=True)
class Step:
    """One accepted change: the request, the state it produced and what it changed."""

    request: Request
    state: GameState
    events: tuple[Event, ...]


@dataclass
class Outcome:
    state: GameState
    events: list[Event]
    changed: bool


@dataclass
class Game:
    """The states a game went through; undo steps back to the one before the last change."""

    initial: GameState
    steps: list[Step] = field(default_factory=list)

    @property
    def state(self) -> GameState:
        return self.steps[-1].state if self.steps else self.initial

    def record(self, request: Request) -> Outcome:
        """Apply a request (or undo); raises RuleViolation and changes nothing when refused."""
        if request.intent.kind == "undo":
            return self._undo(request)
        state, events = apply(self.state, request)
        changed = state != self.state
        if changed:
            self.steps.append(Step(request, state, tuple(events)))
        return Outcome(state, events, changed)

    def _require_may_undo(self, player: str | None) -> None:
        refusal = _undo_refusal(self.state, player)
        if refusal is not None:
            raise RuleViolation(refusal)

    def _undo(self, request: Request) -> Outcome:
        actor = request.actor
        if not actor.host:
            self._require_may_undo(actor.player)
        if not self.steps:
            raise RuleViolation("There is nothing to undo.")
        last = self.steps.pop()
        return Outcome(self.state, [Undone(request=last.request)], True)


def _undo_refusal(state: GameState, player: str | None) -> str | None:
    """Players still in may undo; once the game is over, so may those who lost or conceded
    (to correct what ended it); a removed player never may."""
    if player is None:
        return "Only a player or the host can undo."
    seat = seat_named(state, player)
    status = state.players[seat].status
    if status == "in" or (state.finished and status != "removed"):
        return None
    return f"{state.players[seat].name} is out of the game ({status}) and cannot undo."


def replay(initial: GameState, requests: Iterable[Request]) -> Game:
    """Rebuild a game from its accepted requests alone (undo included)."""
    game = Game(initial)
    for request in requests:
        game.record(request)
    return game
