"""Magic as a ruleset: Totem and every format of `games.magic.formats`, for the shared shell."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from totembot.core.game import GameConfig, GameEvent, GameRequest
from totembot.core.game import GameState as AnyState
from totembot.core.models import ModelRuleset, Models
from totembot.core.ruleset import TurnOf
from totembot.games.magic.formats import FORMATS, format_named
from totembot.games.magic.language.phrases import (
    SETUP_EXAMPLE,
    ParsedLine,
    drawing_among,
    format_request,
    format_setup,
    parse_line,
    parse_setup,
)
from totembot.games.magic.render.state_json import state_json
from totembot.games.magic.render.text import describe_events, describe_lines, render_ring
from totembot.games.magic.rules import Config, Game, GameState, Request, new_game, replay
from totembot.games.magic.rules.events import Event
from totembot.games.magic.rules.formats import format_of
from totembot.games.magic.rules.state import STORED

if TYPE_CHECKING:
    from totembot.core.story import GameResult, Placing, Step, Story

MODELS = Models(
    name="Magic",
    config=Config,
    state=GameState,
    request=Request,
    events=TypeAdapter(list[Event]),
    new_game=new_game,
    history=Game,
    replay=replay,
)


class MagicRuleset(ModelRuleset[Config, GameState, Request, Event]):
    """The Magic formats: life pools on seats, turns, commanders and the rest."""

    name = "magic"
    setup_example = SETUP_EXAMPLE

    def __init__(self) -> None:
        super().__init__(MODELS)
        self.formats = tuple(FORMATS)

    def format_title(self, format_name: str) -> str:
        known = FORMATS.get(format_name)
        return known.title if known is not None else format_name

    def load_config(self, text: str) -> Config:
        """A stored setup: one stored before editions were kept reads as edition 1, so the game
        replays as it was recorded."""
        return Config.model_validate_json(text, context=STORED)

    def load_state(self, text: str) -> GameState:
        """A stored state, its setup read as `load_config` reads one."""
        return GameState.model_validate_json(text, context=STORED)

    def parse_setup(self, line: str) -> Config:
        return parse_setup(line)

    def setup_line(self, config: GameConfig) -> str:
        return format_setup(self.own_config(config))

    def parse_line(self, line: str, state: AnyState) -> ParsedLine | None:
        """The line read in the game's language; a random player, if it asks for one, is
        drawn among the players still in now."""
        own = self.own_state(state)
        parsed = parse_line(line, format_named(own.config.format).language)
        if parsed is None:
            return None
        return drawing_among(parsed, tuple(own.players[seat].name for seat in own.players_in()))

    def setup_words(self, words: list[str]) -> list[str]:
        from totembot.games.magic.language import tab  # only at a prompt

        return tab.setup_words(words)

    def line_words(self, words: list[str], state: AnyState) -> list[str]:
        from totembot.games.magic.language import tab

        return tab.line_words(words, self.own_state(state))

    def empty_phrase(self, state: AnyState) -> str:
        language = format_named(self.own_state(state).config.format).language
        example = "deal 3 to Bob via left" if language.totems else "deal 3 to Bob"
        return f"The phrase is empty: try '{example}'."

    def refusal_in_public(self, kind: str, seats: int) -> str | None:
        return None  # every Magic request is said in the open

    def format_request(self, request: GameRequest, secret: bool = False) -> str:
        return format_request(self.own_request(request))

    def state_json(
        self, state: AnyState, rejected: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        return state_json(self.own_state(state), rejected)

    def state_text(self, state: AnyState) -> str:
        return render_ring(self.own_state(state))

    def started_line(self, state: AnyState) -> str:
        config = self.own_state(state).config
        return (
            f"New game: {', '.join(config.players)}, {config.life} life; "
            f"turn 1: {config.players[0]}"
        )

    def describe_events(self, events: Sequence[GameEvent], secret: bool = False) -> str:
        return describe_events(self.own_events(events))

    def describe_lines(self, events: Sequence[GameEvent], secret: bool = False) -> list[str]:
        return describe_lines(self.own_events(events))

    def status_embed(self, state: AnyState) -> dict[str, Any]:
        from totembot.games.magic.render.embed import status_embed

        return status_embed(self.own_state(state))

    def turn_of(self, state: AnyState) -> TurnOf:
        own = self.own_state(state)
        takers = format_of(own).turn_takers(own)
        return TurnOf(tuple((own.players[seat].name, mark) for seat, mark in takers))

    def board_png(self, state: AnyState) -> bytes:
        from totembot.games.magic.render.board import (
            board_png,  # drawing imports Pillow: only when asked
        )

        return board_png(self.own_state(state))

    def story(
        self,
        config: GameConfig,
        initial: AnyState,
        steps: Sequence[Step],
        started_at: str | None = None,
    ) -> Story:
        from totembot.games.magic.story.telling import magic_story  # only when a game is told

        return magic_story(self.own_config(config), self.own_state(initial), steps, started_at)

    def result(
        self,
        state: AnyState,
        last_events: Sequence[GameEvent],
        steps: Sequence[Step] | None = None,
    ) -> GameResult:
        from totembot.games.magic.story.telling import magic_result

        return magic_result(self.own_state(state), last_events, steps)

    def placing(self, config: GameConfig, initial: AnyState, steps: Sequence[Step]) -> Placing:
        from totembot.games.magic.story.places import magic_placing

        return magic_placing(self.own_state(initial), steps)

    def keeps_secret(self, state: AnyState) -> bool:
        return False  # every Magic request is said in the open


MAGIC = MagicRuleset()
magic_state = MAGIC.own_state
