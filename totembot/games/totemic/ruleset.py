"""Totemic as a ruleset: the two-player card game and its solo ladder, for the shared shell."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from totembot.core.errors import RuleViolation
from totembot.core.game import GameConfig, GameEvent, GameRequest, GameState
from totembot.core.models import ModelRuleset, Models
from totembot.core.ruleset import TurnOf
from totembot.core.story import Placing
from totembot.games.totemic import FORMATS, TITLES
from totembot.games.totemic.language.phrases import (
    SETUP_EXAMPLES,
    ParsedLine,
    format_request,
    format_setup,
    parse_line,
    parse_setup,
)
from totembot.games.totemic.render.state_json import totemic_json
from totembot.games.totemic.render.text import describe_totemic_lines, render_totemic
from totembot.games.totemic.rules.events import EVENTS, TotemicEvent
from totembot.games.totemic.rules.game import TotemicGame, new_game, replay
from totembot.games.totemic.rules.intents import Request
from totembot.games.totemic.rules.state import TotemicConfig, TotemicState

if TYPE_CHECKING:
    from totembot.core.story import GameResult, Step, Story

MODELS = Models(
    name="Totemic",
    config=TotemicConfig,
    state=TotemicState,
    request=Request,
    events=EVENTS,
    new_game=new_game,
    history=TotemicGame,
    replay=replay,
)


class TotemicRuleset(ModelRuleset[TotemicConfig, TotemicState, Request, TotemicEvent]):
    """Power, the totem's level, dominance and challenges; a match or the solo ladder."""

    name = "totemic"
    formats: tuple[str, ...] = FORMATS
    setup_example = SETUP_EXAMPLES[0]

    def __init__(self) -> None:
        super().__init__(MODELS)

    def format_title(self, format_name: str) -> str:
        return TITLES.get(format_name, format_name)

    def parse_setup(self, line: str) -> TotemicConfig:
        return parse_setup(line)

    def setup_line(self, config: GameConfig) -> str:
        return format_setup(self.own_config(config))

    def parse_line(self, line: str, state: GameState) -> ParsedLine | None:
        return parse_line(line)

    def setup_words(self, words: list[str]) -> list[str]:
        from totembot.games.totemic.language import tab  # only at a prompt

        return tab.setup_words(words)

    def line_words(self, words: list[str], state: GameState) -> list[str]:
        from totembot.games.totemic.language import tab

        return tab.line_words(words, self.own_state(state))

    def empty_phrase(self, state: GameState) -> str:
        return "The phrase is empty: try 'draw' or 'challenge'."

    def refusal_in_public(self, kind: str, seats: int) -> str | None:
        if kind == "reveal" and seats > 1:  # a match: the rival must not read the strength
            return "Reveal with /totemic reveal, which only you see, so your strength stays secret."
        return None

    def format_request(self, request: GameRequest, secret: bool = False) -> str:
        """A reveal's strength stays out of what the table reads (the resolution shows both)."""
        plain = self.own_request(request)
        if secret and plain.intent.kind == "reveal":
            speaker = plain.actor.player
            return f"{speaker}: reveal" if speaker else "reveal"
        return format_request(plain)

    def state_json(
        self, state: GameState, rejected: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        return totemic_json(self.own_state(state), rejected)

    def state_text(self, state: GameState) -> str:
        return render_totemic(self.own_state(state))

    def started_line(self, state: GameState) -> str:
        current = self.own_state(state)
        animals = ", ".join(f"{animal.name} {animal.power} power" for animal in current.players)
        return f"New game: {animals}; turn 1: {current.turn.active}"

    def describe_events(self, events: Sequence[GameEvent], secret: bool = False) -> str:
        lines = self.describe_lines(events, secret)
        return "; ".join(line.removesuffix(".") for line in lines) or "Nothing changed"

    def describe_lines(self, events: Sequence[GameEvent], secret: bool = False) -> list[str]:
        return describe_totemic_lines(self.own_events(events), secret=secret)

    def status_embed(self, state: GameState) -> dict[str, Any]:
        from totembot.games.totemic.render.embed import totemic_embed  # Discord's only

        return totemic_embed(self.own_state(state))

    def turn_of(self, state: GameState) -> TurnOf:
        """The active animal's turn, marked by the match's game (or the solo ladder's
        confrontation) and the turn's number: each of them starts again from turn 1."""
        own = self.own_state(state)
        game = 1 if own.match is None else own.match.game
        confrontation = 1 if own.solo is None else own.solo.confrontation
        return TurnOf(((own.turn.active, (game, confrontation, own.turn.number)),))

    def board_png(self, state: GameState) -> bytes:
        raise RuleViolation("A Totemic game has no board picture: /totem status shows it.")

    def story(
        self,
        config: GameConfig,
        initial: GameState,
        steps: Sequence[Step],
        started_at: str | None = None,
    ) -> Story:
        from totembot.games.totemic.story.telling import totemic_story  # only when a game is told

        return totemic_story(self.own_config(config), self.own_state(initial), steps, started_at)

    def result(
        self,
        state: GameState,
        last_events: Sequence[GameEvent],
        steps: Sequence[Step] | None = None,
    ) -> GameResult:
        from totembot.games.totemic.story.telling import totemic_result

        return totemic_result(self.own_state(state), last_events, steps)

    def placing(self, config: GameConfig, initial: GameState, steps: Sequence[Step]) -> Placing:
        """A match is one result: its winner first, the other second (a solo run has one
        human, so nobody to be rated against)."""
        final = self.own_state(steps[-1].state if steps else initial)
        humans = self.own_config(config).players
        places = tuple(1 if name in final.winners else 2 for name in humans)
        return Placing(places=places, sides=tuple(range(len(humans))))

    def keeps_secret(self, state: GameState) -> bool:
        """One strength is in and the other is awaited: the table has not seen it yet (solo:
        the one player records both, so nothing is hidden from anyone)."""
        current = self.own_state(state)
        challenge = current.challenge
        return not current.config.solo and challenge is not None and len(challenge.revealed) == 1


TOTEMIC = TotemicRuleset()
