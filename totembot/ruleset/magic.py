"""Magic as a ruleset: Totem and every format of `totembot.formats`, for the shared shell."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from pydantic import TypeAdapter

from totembot.formats import FORMATS, format_named
from totembot.phrases import SETUP_EXAMPLE, format_request, parse_line, parse_setup
from totembot.render.state_json import state_json
from totembot.render.text import describe_events, describe_lines, render_ring
from totembot.rules import Config, Game, GameState, Request, new_game, replay
from totembot.rules.events import Event
from totembot.rules.intents import Actor
from totembot.ruleset.base import GameConfig, GameEvent, GameRequest, Outcome, ParsedLine
from totembot.ruleset.base import GameState as AnyState

EVENTS = TypeAdapter(list[Event])


def magic_state(state: AnyState) -> GameState:
    """The Magic state behind the interface (the shell hands a ruleset only its own games)."""
    assert isinstance(state, GameState), f"not a Magic game: {type(state).__name__}"
    return state


def magic_request(request: GameRequest) -> Request:
    assert isinstance(request, Request), f"not a Magic request: {type(request).__name__}"
    return request


def magic_config(config: GameConfig) -> Config:
    assert isinstance(config, Config), f"not a Magic setup: {type(config).__name__}"
    return config


def magic_events(events: Sequence[GameEvent]) -> list[Event]:
    """A Magic game's events (the store and service pass a ruleset only its own)."""
    return cast(list[Event], list(events))


class MagicLine:
    """A Magic phrase line, recorded as whoever the shell decides."""

    def __init__(self, speaker: str | None, intent: Any) -> None:
        self.speaker = speaker
        self.intent = intent

    @property
    def kind(self) -> str:
        return str(self.intent.kind)

    def request_as(self, player: str | None, host: bool) -> Request:
        return Request(actor=Actor(player=player, host=host), intent=self.intent)


class MagicRuleset:
    """The Magic formats: life pools on seats, turns, commanders and the rest."""

    name = "magic"
    setup_example = SETUP_EXAMPLE

    def __init__(self) -> None:
        self.formats = tuple(FORMATS)

    def dump(self, model: Any) -> str:
        return str(model.model_dump_json())

    def dump_events(self, events: Sequence[GameEvent]) -> str:
        return EVENTS.dump_json(magic_events(events)).decode()

    def load_config(self, text: str) -> Config:
        return Config.model_validate_json(text)

    def load_state(self, text: str) -> GameState:
        return GameState.model_validate_json(text)

    def load_request(self, text: str) -> Request:
        return Request.model_validate_json(text)

    def load_events(self, text: str) -> list[GameEvent]:
        return list(EVENTS.validate_json(text))

    def new_game(self, config: GameConfig) -> GameState:
        return new_game(magic_config(config))

    def record(self, state: AnyState, request: GameRequest) -> Outcome:
        outcome = Game(magic_state(state)).record(magic_request(request))
        return Outcome(outcome.state, outcome.events, outcome.changed)

    def _replayed(self, config: GameConfig, history: Sequence[GameRequest]) -> Game:
        return replay(new_game(magic_config(config)), [magic_request(r) for r in history])

    def undo(
        self, config: GameConfig, history: Sequence[GameRequest], request: GameRequest
    ) -> Outcome:
        outcome = self._replayed(config, history).record(magic_request(request))
        return Outcome(outcome.state, outcome.events, outcome.changed)

    def rebuild(self, config: GameConfig, history: Sequence[GameRequest]) -> GameState:
        return self._replayed(config, history).state

    def parse_setup(self, line: str) -> Config:
        return parse_setup(line)

    def parse_line(self, line: str, state: AnyState) -> ParsedLine | None:
        language = format_named(magic_state(state).config.format).language
        parsed = parse_line(line, language)
        return None if parsed is None else MagicLine(parsed.speaker, parsed.intent)

    def format_request(self, request: GameRequest, secret: bool = False) -> str:
        return format_request(magic_request(request))

    def state_json(
        self, state: AnyState, rejected: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        return state_json(magic_state(state), rejected)

    def state_text(self, state: AnyState) -> str:
        return render_ring(magic_state(state))

    def started_line(self, state: AnyState) -> str:
        config = magic_state(state).config
        return (
            f"New game: {', '.join(config.players)}, {config.life} life; "
            f"turn 1: {config.players[0]}"
        )

    def describe_events(self, events: Sequence[GameEvent], secret: bool = False) -> str:
        return describe_events(magic_events(events))

    def describe_lines(self, events: Sequence[GameEvent], secret: bool = False) -> list[str]:
        return describe_lines(magic_events(events))

    def status_embed(self, state: AnyState) -> dict[str, Any]:
        from totembot.render.embed import status_embed  # Discord's only: the console skips it

        return status_embed(magic_state(state))

    def board_png(self, state: AnyState) -> bytes:
        from totembot.render.board import board_png  # drawing imports Pillow: only when asked

        return board_png(magic_state(state))


MAGIC = MagicRuleset()
