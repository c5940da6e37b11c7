"""A game's history: setting up, recording requests, and undo of the last change."""

from __future__ import annotations

from collections.abc import Iterable

from totembot.core.history import History, Recorded
from totembot.core.intents import Actor
from totembot.games.magic.rules.amounts import check_amount
from totembot.games.magic.rules.engine import apply
from totembot.games.magic.rules.errors import RuleViolation, capital, shown
from totembot.games.magic.rules.events import Event, Undone
from totembot.games.magic.rules.formats import format_named
from totembot.games.magic.rules.intents import Request, Undo
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
    opening = GameState(
        config=config,
        players=tuple(Player(name=name) for name in config.players),
        pools=game_format.opening_pools(config),
        active=game_format.opening_active(config),
        markers=game_format.opening_markers(config),
    )
    return game_format.turn_began(opening)  # turn 1 begins (ranges are set from here)


class Game(History[GameState, Request, Event]):
    """A Magic game's history (`core.history`): the engine applies, undo is the players'."""

    def apply(self, state: GameState, request: Request) -> tuple[GameState, list[Event]]:
        return apply(state, request)

    def undo_refusal(self, state: GameState, actor: Actor) -> str | None:
        return None if actor.host else _undo_refusal(state, actor.player)

    def undone(self, request: Request) -> Event:
        return Undone(request=request)

    def restored(self, previous: GameState, undone: GameState, request: Request) -> GameState:
        """An undo that keeps numbers (`Undo.keeps_numbers`) never hands a waiting payment's
        number out again: a button or an `approve` naming it cannot reach a later request."""
        return numbers_kept(previous, undone) if _keeps_numbers(request) else previous


Outcome = Recorded[GameState, Event]


def _keeps_numbers(request: Request) -> bool:
    return isinstance(request.intent, Undo) and request.intent.keeps_numbers


def numbers_kept(previous: GameState, undone: GameState) -> GameState:
    """The state before a change, with the numbers that change handed out still used up."""
    if undone.next_pending_id <= previous.next_pending_id:
        return previous
    return previous.model_copy(update={"next_pending_id": undone.next_pending_id})


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
    game.replayed(requests)
    return game
