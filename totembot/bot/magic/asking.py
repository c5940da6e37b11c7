"""Magic's structured commands and buttons build a request from options, not words; here it
becomes a line of the language (`games.magic.language.phrases.line_of`) and takes the one path every
request takes (`Recorder.record`). In a channel playing another game, /undo and /next say the
game's own phrase; every other Magic command is refused in one sentence."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from totembot.bot.access import Caller
from totembot.bot.recording import Recorder, Said
from totembot.core import GameRequest, ParsedLine
from totembot.core.errors import RuleViolation
from totembot.games.magic.language.phrases import drawing_among, line_of
from totembot.games.magic.rules.intents import Intent
from totembot.games.magic.ruleset import MAGIC, magic_state
from totembot.games.registry import ruleset_of
from totembot.service import Recorded
from totembot.store import StoredGame

SAID_IN_ANY_GAME = ("undo", "next")  # the slash commands every game's language has


def plays_magic(game: StoredGame) -> bool:
    """Whether the channel's game is Magic's (Magic's commands are refused elsewhere)."""
    return game.config.format in MAGIC.formats


def not_magic(game: StoredGame) -> str:
    """The refusal of a Magic command in a channel that plays another game."""
    return f"This channel plays {game.config.format}: record it with /do (see /totem help totemic)."


def players_in(game: StoredGame) -> tuple[str, ...]:
    """The players still in, among whom `choose a player at random` draws (as `/do` does)."""
    state = magic_state(game.state)
    return tuple(state.players[seat].name for seat in state.players_in())


@dataclass(frozen=True)
class Asked:
    """A Magic request as a command's options made it, before the game decides as whom it is
    recorded."""

    caller: Caller
    intent: Intent
    speaker: str | None = None

    def line_for(self, game: StoredGame) -> ParsedLine:
        if plays_magic(game):
            return drawing_among(line_of(self.intent, self.speaker), players_in(game))
        kind = self.intent.kind
        ruleset = ruleset_of(game.config.format)
        line = ruleset.parse_line(kind, game.state) if kind in SAID_IN_ANY_GAME else None
        if line is None or getattr(self.intent, "player", None):
            raise RuleViolation(not_magic(game))
        return line

    def request_for(self, game: StoredGame) -> GameRequest:
        return Said(self.caller, self.line_for(game), self.speaker).request_for(game)

    def chosen(self, choice: str) -> Asked:
        return Asked(self.caller, line_of(self.intent).chosen(choice).intent, self.speaker)


async def ask(
    recorder: Recorder,
    interaction: discord.Interaction,
    intent: Intent,
    speaker: str | None = None,
    on_message: bool = False,
) -> Recorded | None:
    """Record `intent` for the caller (or for `speaker`); answer with what changed."""
    return await recorder.record(
        interaction, Asked(Caller.of(interaction), intent, speaker), on_message
    )
