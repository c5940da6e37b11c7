"""Totemic as a ruleset: the two-player card game and its solo ladder, for the shared shell."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from totembot.render.totemic_json import totemic_json
from totembot.render.totemic_text import (
    describe_totemic_lines,
    render_totemic,
)
from totembot.ruleset.base import GameConfig, GameEvent, GameRequest, GameState, Outcome
from totembot.ruleset.errors import RuleViolation
from totembot.ruleset.registry import TOTEMIC_FORMATS
from totembot.totemic.events import EVENTS, TotemicEvent
from totembot.totemic.game import TotemicGame, new_game, replay
from totembot.totemic.intents import Actor, Intent, Request
from totembot.totemic.language import (
    SETUP_EXAMPLES,
    format_request,
    parse_line,
    parse_setup,
)
from totembot.totemic.state import TotemicConfig, TotemicState


def totemic_state(state: GameState) -> TotemicState:
    """The Totemic state behind the interface (the shell hands a ruleset only its own games)."""
    assert isinstance(state, TotemicState), f"not a Totemic game: {type(state).__name__}"
    return state


def totemic_request(request: GameRequest) -> Request:
    assert isinstance(request, Request), f"not a Totemic request: {type(request).__name__}"
    return request


def totemic_config(config: GameConfig) -> TotemicConfig:
    assert isinstance(config, TotemicConfig), f"not a Totemic setup: {type(config).__name__}"
    return config


def totemic_events(events: Sequence[GameEvent]) -> list[TotemicEvent]:
    """A Totemic game's events (the store and service pass a ruleset only its own)."""
    return cast(list[TotemicEvent], list(events))


class TotemicLine:
    """A Totemic phrase line, recorded as whoever the shell decides."""

    def __init__(self, speaker: str | None, intent: Intent) -> None:
        self.speaker = speaker
        self.intent = intent

    @property
    def kind(self) -> str:
        return str(self.intent.kind)

    def request_as(self, player: str | None, host: bool) -> Request:
        return Request(actor=Actor(player=player, host=host), intent=self.intent)


class TotemicRuleset:
    """Power, the totem's level, dominance and challenges; a match or the solo ladder."""

    name = "totemic"
    formats: tuple[str, ...] = TOTEMIC_FORMATS
    setup_example = SETUP_EXAMPLES[0]

    def dump(self, model: Any) -> str:
        return str(model.model_dump_json())

    def dump_events(self, events: Sequence[GameEvent]) -> str:
        return EVENTS.dump_json(totemic_events(events)).decode()

    def load_config(self, text: str) -> TotemicConfig:
        return TotemicConfig.model_validate_json(text)

    def load_state(self, text: str) -> TotemicState:
        return TotemicState.model_validate_json(text)

    def load_request(self, text: str) -> Request:
        return Request.model_validate_json(text)

    def load_events(self, text: str) -> list[GameEvent]:
        return list(EVENTS.validate_json(text))

    def new_game(self, config: GameConfig) -> TotemicState:
        return new_game(totemic_config(config))

    def record(self, state: GameState, request: GameRequest) -> Outcome:
        outcome = TotemicGame(totemic_state(state)).record(totemic_request(request))
        return Outcome(outcome.state, outcome.events, outcome.changed)

    def _replayed(self, config: GameConfig, history: Sequence[GameRequest]) -> TotemicGame:
        initial = new_game(totemic_config(config))
        return replay(initial, [totemic_request(request) for request in history])

    def undo(
        self, config: GameConfig, history: Sequence[GameRequest], request: GameRequest
    ) -> Outcome:
        outcome = self._replayed(config, history).record(totemic_request(request))
        return Outcome(outcome.state, outcome.events, outcome.changed)

    def rebuild(self, config: GameConfig, history: Sequence[GameRequest]) -> TotemicState:
        return self._replayed(config, history).state

    def parse_setup(self, line: str) -> TotemicConfig:
        return parse_setup(line)

    def parse_line(self, line: str, state: GameState) -> TotemicLine | None:
        parsed = parse_line(line)
        return None if parsed is None else TotemicLine(parsed.speaker, parsed.intent)

    def format_request(self, request: GameRequest, secret: bool = False) -> str:
        """A reveal's strength stays out of what the table reads (the resolution shows both)."""
        plain = totemic_request(request)
        if secret and plain.intent.kind == "reveal":
            speaker = plain.actor.player
            return f"{speaker}: reveal" if speaker else "reveal"
        return format_request(plain)

    def state_json(
        self, state: GameState, rejected: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        return totemic_json(totemic_state(state), rejected)

    def state_text(self, state: GameState) -> str:
        return render_totemic(totemic_state(state))

    def started_line(self, state: GameState) -> str:
        current = totemic_state(state)
        animals = ", ".join(f"{animal.name} {animal.power} power" for animal in current.players)
        return f"New game: {animals}; turn 1: {current.turn.active}"

    def describe_events(self, events: Sequence[GameEvent], secret: bool = False) -> str:
        lines = describe_totemic_lines(totemic_events(events), secret=secret)
        return "; ".join(line.removesuffix(".") for line in lines) or "Nothing changed"

    def describe_lines(self, events: Sequence[GameEvent], secret: bool = False) -> list[str]:
        return describe_totemic_lines(totemic_events(events), secret=secret)

    def status_embed(self, state: GameState) -> dict[str, Any]:
        from totembot.render.totemic_embed import totemic_embed  # Discord's only

        return totemic_embed(totemic_state(state))

    def board_png(self, state: GameState) -> bytes:
        raise RuleViolation("A Totemic game has no board picture: /totem status shows it.")


TOTEMIC = TotemicRuleset()
