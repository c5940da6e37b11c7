"""Totemic's Accept / Threaten / Submit buttons: the challenged player's answer in one press.

Whenever a reply leaves a challenge waiting for an answer, it carries one button per answer.
A press records the phrase for the player whose answer is awaited, so anyone else is refused
privately (the access rules: only the asked player, or the host for a guest) and nothing
changes. Each button names the game and the moment it asks about (the match game or solo
confrontation, the turn, the level and the awaited seat), so a button left on an older message
never answers a later question. A solo rival never answers: the rules accept for it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import discord

from totembot.bot.access import Table
from totembot.bot.replies import answer_failures
from totembot.core import GameState, ParsedLine
from totembot.core.errors import RuleViolation
from totembot.games.registry import ruleset_of
from totembot.games.totemic import FORMATS as TOTEMIC_FORMATS
from totembot.service import Recorded

if TYPE_CHECKING:
    from totembot.games.totemic.rules.state import TotemicState

# The Totemic rules are imported once a Totemic game is played: a Magic reply never loads them.

ANSWERS = ("accept", "threaten", "submit")
STYLES = {
    "accept": discord.ButtonStyle.success,
    "threaten": discord.ButtonStyle.primary,
    "submit": discord.ButtonStyle.danger,
}
MAX_CUSTOM_ID = 100
MAX_LABEL = 80


@runtime_checkable
class Answering(Protocol):
    """What a button needs of the bot's recorder (`totembot.bot.recording.Recorder`)."""

    async def table_for(self, interaction: discord.Interaction) -> Table: ...

    async def say_line(
        self,
        interaction: discord.Interaction,
        line: ParsedLine,
        speaker: str | None = None,
        on_message: bool = False,
    ) -> Recorded | None: ...


def totemic_state(state: GameState) -> TotemicState:
    """A Totemic game's own state (the rules are imported once a Totemic game is played)."""
    from totembot.games.totemic.ruleset import TOTEMIC

    return TOTEMIC.own_state(state)


def asked(state: TotemicState) -> str | None:
    """What the awaited answer is about, as "game.turn.level.seat"; None when no answer is
    awaited (no challenge, an accepted one, or a finished game)."""
    challenge = state.challenge
    if state.finished or challenge is None or challenge.awaiting is None:
        return None
    seat = state.seat_of(challenge.awaiting)
    if state.solo is not None:
        round_number = state.solo.confrontation
    else:
        round_number = state.match.game if state.match is not None else 1
    return f"{round_number}.{state.turn.number}.{state.level}.{seat}"


def answer_labels(state: TotemicState) -> dict[str, str]:
    """Each answer the awaited player may give now, with its label (no threat at the top)."""
    from totembot.games.totemic.rules.state import SUBMIT_COST

    levels = state.config.levels
    labels = {"accept": "Accept"}
    if state.level in levels[:-1]:
        labels["threaten"] = f"Threaten: totem to {levels[levels.index(state.level) + 1]}"
    labels["submit"] = f"Submit: lose {SUBMIT_COST} power"
    return labels


def add_answer_buttons(view: discord.ui.View, recorded: Recorded) -> None:
    """The answer buttons for a reply whose new state awaits an answer to a challenge."""
    if recorded.state.config.format not in TOTEMIC_FORMATS:
        return
    state = totemic_state(recorded.state)
    key = asked(state)
    if key is None:
        return
    for answer, label in answer_labels(state).items():
        view.add_item(AnswerButton(recorded.game_id, key, answer, label))


def _recorder(interaction: discord.Interaction) -> Answering:
    recorder = getattr(interaction.client, "recorder", None)
    assert isinstance(recorder, Answering), "the client has no recorder"
    return recorder


class AnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"totemic:answer:(?P<game>\d+):(?P<key>[0-9.]+):(?P<answer>accept|threaten|submit)",
):
    """Accept, Threaten or Submit: only the player whose answer is awaited may press it."""

    def __init__(self, game_id: int, key: str, answer: str, label: str = "") -> None:
        custom_id = f"totemic:answer:{game_id}:{key}:{answer}"
        assert len(custom_id) <= MAX_CUSTOM_ID, custom_id
        super().__init__(
            discord.ui.Button(
                label=(label or answer.capitalize())[:MAX_LABEL],
                style=STYLES[answer],
                custom_id=custom_id,
            )
        )
        self.game_id = game_id
        self.key = key
        self.answer = answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AnswerButton:
        return cls(int(match["game"]), match["key"], match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_failures(interaction, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction) -> None:
        recorder = _recorder(interaction)
        table = await recorder.table_for(interaction)
        game = table.game
        if game.id != self.game_id or game.config.format not in TOTEMIC_FORMATS:
            raise RuleViolation("This challenge belongs to a game that is over.")
        state = totemic_state(game.state)
        if state.finished:
            raise RuleViolation("The game is over: nothing more can be recorded except undo.")
        challenge = state.challenge
        if challenge is None or challenge.awaiting is None or asked(state) != self.key:
            raise RuleViolation("This challenge has already been answered.")
        line = ruleset_of(game.config.format).parse_line(self.answer, state)
        assert line is not None
        await recorder.say_line(interaction, line, speaker=challenge.awaiting, on_message=True)
