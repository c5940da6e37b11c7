"""A Totemic game's history: setting up, recording requests, and undo of the last change."""

from __future__ import annotations

from collections.abc import Iterable

from totembot.core.errors import RuleViolation, shown
from totembot.core.history import History, Recorded
from totembot.core.intents import Actor
from totembot.games.totemic.rules.engine import apply
from totembot.games.totemic.rules.events import TotemicEvent, Undone
from totembot.games.totemic.rules.intents import Request
from totembot.games.totemic.rules.opening import opening
from totembot.games.totemic.rules.seats import seat_named
from totembot.games.totemic.rules.state import (
    MAX_START,
    MatchScore,
    Solo,
    SoloRival,
    TotemicConfig,
    TotemicState,
)


class TotemicSetupError(RuleViolation):
    """The game cannot be set up as asked (also raised for a setup line that cannot be read)."""


def _check_counts(config: TotemicConfig) -> None:
    if config.solo:
        if len(config.players) != 1:
            raise TotemicSetupError(
                "A totemic-solo game has one player against its rivals, like 'players: Ann'."
            )
        if not config.rivals:
            raise TotemicSetupError(
                "A totemic-solo game needs at least one rival, like 'rivals: Badger 28, Bat 20'."
            )
        if config.match != 1:
            raise TotemicSetupError(
                "A match is played only in totemic; totemic-solo climbs its rivals once."
            )
        return
    if len(config.players) != 2:
        raise TotemicSetupError("A totemic game has exactly two players, like 'players: Ann, Bob'.")
    if config.rivals:
        raise TotemicSetupError("Rivals are only for totemic-solo; totemic has two players.")


def _check_names(config: TotemicConfig) -> None:
    names = [*config.players, *(rival.name for rival in config.rivals)]
    if any(not name.strip() for name in names):
        raise TotemicSetupError("Every player and rival needs a name.")
    folded = [name.casefold() for name in names]
    for name in names:
        if folded.count(name.casefold()) > 1:
            raise TotemicSetupError(
                f"Each animal needs a different name, but {shown(name)} is there twice."
            )


def _check_powers(config: TotemicConfig) -> None:
    if len(config.power) != len(config.players):
        raise TotemicSetupError(
            f"Give one starting power for each player: {len(config.players)} "
            f"player{'s' if len(config.players) != 1 else ''} but {len(config.power)} "
            f"power{'s' if len(config.power) != 1 else ''}."
        )
    for name, power in [
        *zip(config.players, config.power, strict=True),
        *((rival.name, rival.power) for rival in config.rivals),
    ]:
        if not 1 <= power <= MAX_START:
            raise TotemicSetupError(
                f"{shown(name)}'s starting power must be a whole number from 1 to 1,000, "
                f"not {power:,}."
            )


def _check_levels(levels: tuple[int, ...]) -> None:
    if len(levels) < 2:
        raise TotemicSetupError("The totem needs two or more levels, like 'levels: 5, 10, 15'.")
    for level in levels:
        if not 1 <= level <= MAX_START:
            raise TotemicSetupError(
                f"A totem level must be a whole number from 1 to 1,000, not {level:,}."
            )
    for low, high in zip(levels, levels[1:], strict=False):
        if high <= low:
            raise TotemicSetupError(
                f"The totem's levels must rise, like 'levels: 5, 10, 15', but {high} follows {low}."
            )


def check_config(config: TotemicConfig) -> None:
    """Refuse a setup TOTEMIC.md does not allow, with one sentence saying what is expected."""
    _check_counts(config)
    _check_names(config)
    _check_powers(config)
    _check_levels(config.levels)
    if not (1 <= config.match <= 9 and config.match % 2 == 1):
        raise TotemicSetupError(
            f"A match is an odd number of games from 1 to 9, not {config.match:,}."
        )


def new_game(config: TotemicConfig) -> TotemicState:
    """The opening state: starting powers, dominance to more power, the other plays first."""
    check_config(config)
    level = config.levels[0]
    if config.solo:
        first = config.rivals[0]
        players, turn = opening(config.players[0], config.power[0], first.name, first.power)
        ladder = tuple(
            SoloRival(name=rival.name, power=rival.power, status="current" if i == 0 else "ahead")
            for i, rival in enumerate(config.rivals)
        )
        return TotemicState(
            config=config, players=players, level=level, turn=turn, solo=Solo(rivals=ladder)
        )
    players, turn = opening(config.players[0], config.power[0], config.players[1], config.power[1])
    match = MatchScore(games=config.match, wins=tuple((name, 0) for name in config.players))
    return TotemicState(config=config, players=players, level=level, turn=turn, match=match)


class TotemicGame(History[TotemicState, Request, TotemicEvent]):
    """A Totemic game's history (`core.history`): the host, or either animal at the table (a
    solo rival too) may undo, even once it is over."""

    def apply(
        self, state: TotemicState, request: Request
    ) -> tuple[TotemicState, list[TotemicEvent]]:
        return apply(state, request)

    def undo_refusal(self, state: TotemicState, actor: Actor) -> str | None:
        if actor.host:
            return None
        if actor.player is None:
            return "Only a player or the host can undo."
        seat_named(state, actor.player)  # a name not at the table is refused in its words
        return None

    def undone(self, request: Request) -> TotemicEvent:
        return Undone(request=request)


Outcome = Recorded[TotemicState, TotemicEvent]


def replay(initial: TotemicState, requests: Iterable[Request]) -> TotemicGame:
    """Rebuild a game from its accepted requests alone (undo included)."""
    game = TotemicGame(initial)
    game.replayed(requests)
    return game
