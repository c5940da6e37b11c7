"""`totembot export` and `/totem export`: a stored game as a script of its phrase language.

The script is the game's setup line, then one line for every row of its log, undo included,
in order: `totembot console --json` plays it back to exactly the stored state. Each line is
written so that the console records the request the table recorded. Where the console cannot
record that very request (Discord's host who also plays records as both the host and a player;
the console's lines are one or the other), the line is the one the console records with the
same result: the speaker's own line when the host's rights changed nothing, else the host's
line. Every line is checked so by playing it as the console would, and a game the language
cannot tell that way is refused with one sentence rather than written to replay differently.

Secret reveals (Totemic) are written in full: the export is the whole record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TextIO

from totembot.console.session import is_setup_line
from totembot.core import GameConfig, GameRequest, GameState, Ruleset
from totembot.core.errors import RuleViolation, shown
from totembot.core.story import LoggedRequest
from totembot.games.registry import format_title, parse_setup, ruleset_of
from totembot.reports.chosen import ReportProblem, chosen_game
from totembot.store import GameStore, StoredGame

STATUS_WORDS = {"active": "still being played", "abandoned": "ended early by the host"}


class CannotExport(RuleViolation):
    """The game cannot be written as a script that plays back the same: one sentence why."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"This game cannot be exported: {reason}.")
        self.reason = reason


def export_script(
    ruleset: Ruleset,
    config: GameConfig,
    log: Sequence[LoggedRequest],
    expected: GameState | None = None,
) -> str:
    """The game as a script: its setup line, then one line per row of `log` (the store's
    rows, in order). With `expected` (the stored state), the script is also checked to end
    there. Raises CannotExport, with one sentence, for a game no script could replay."""
    setup = ruleset.setup_line(config)
    today = _set_up_by(ruleset, setup, config)
    replay = _Replay(ruleset, today)
    lines = [setup, *(replay.line_for(number, row.request) for number, row in enumerate(log, 1))]
    if expected is not None and not _same_end(ruleset, replay.state, expected, today == config):
        raise CannotExport(
            "its record no longer replays to its saved state (it was recorded under other rules)"
        )
    return "".join(f"{line}\n" for line in lines)


def _set_up_by(ruleset: Ruleset, setup: str, config: GameConfig) -> GameConfig:
    """The game the console sets up from the setup line: this very one, or, for a game set up
    under older rules (a setup the line cannot tell apart), the same game under today's rules,
    which the script is then checked against."""
    if not _reads_back(setup, config):
        raise CannotExport(
            f"its setup cannot be written as a setup line ('{shown(setup, 60)}' sets up "
            "another game)"
        )
    return parse_setup(setup)


def _same_end(ruleset: Ruleset, played: GameState, stored: GameState, same_rules: bool) -> bool:
    """Whether the script ends where the game did: the very state, or, under today's rules
    for a game set up under older ones, the state as `totembot console --json` prints it."""
    if same_rules:
        return played == stored
    return ruleset.state_json(played) == ruleset.state_json(stored)


def export_game(stored: StoredGame, log: Sequence[LoggedRequest]) -> str:
    """A stored game's script: the setup line first, then a comment line saying which game it
    is, then the recorded lines."""
    ruleset = ruleset_of(stored.config.format)
    setup, lines = export_script(ruleset, stored.config, log, expected=stored.state).split("\n", 1)
    return f"{setup}\n{export_header(stored, len(log))}\n{lines}"


def export_header(stored: StoredGame, lines: int) -> str:
    """`# totembot game 12 (Totem), set up 2026-11-24 20:15 UTC: 37 lines, finished`"""
    counted = f"{lines} line" + ("" if lines == 1 else "s")
    status = STATUS_WORDS.get(stored.status, stored.status)
    title = format_title(stored.config.format)
    header = (
        f"# totembot game {stored.id} ({title}), set up {_when(stored.created_at)}: "
        f"{counted}, {status}"
    )
    return " ".join(header.split())  # one line, whatever the stored text holds


async def print_export(store: GameStore, game_id: int | None, out: TextIO) -> None:
    """Write a game's script (the latest game by default) to `out`; ReportProblem, with one
    sentence, when there is no such game or it cannot be exported."""
    game_id = await chosen_game(store, game_id)
    stored, log = await store.load_with_log(game_id)
    try:
        text = export_game(stored, log)
    except CannotExport as error:
        raise ReportProblem(f"Game {game_id} cannot be exported: {error.reason}.") from error
    out.write(text)


def _when(created_at: str) -> str:
    """A stored moment as `2026-11-24 20:15 UTC` (as stored when it cannot be read)."""
    try:
        moment = datetime.fromisoformat(created_at)
    except ValueError:
        return created_at
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def _reads_back(setup: str, config: GameConfig) -> bool:
    """Whether the console sets this game up from the setup line: this very setup, or one
    that differs only in what no setup line says (the rules' edition of an older game)."""
    try:
        if not (_one_line(setup) and is_setup_line(setup)):
            return False
        read = parse_setup(setup)
        return read == config or ruleset_of(read.format).setup_line(read) == setup
    except RuleViolation:
        return False


def _one_line(text: str) -> bool:
    """The console reads a script line by line: "\\n" ends a line, "\\r" is dropped."""
    return "\n" not in text and "\r" not in text


def _actor(request: GameRequest) -> tuple[str | None, bool]:
    """Who recorded a request: every ruleset's request has an actor (a player, the host)."""
    actor = getattr(request, "actor", None)
    player = getattr(actor, "player", None)
    return (player if isinstance(player, str) else None), getattr(actor, "host", False) is True


@dataclass
class _Played:
    """A line as the console would record it, and the state it would make."""

    line: str
    request: GameRequest
    state: GameState


class _Replay:
    """The game replayed twice over: from its log, and from the lines as the console records
    them. Both must pass through the same states."""

    def __init__(self, ruleset: Ruleset, config: GameConfig) -> None:
        self.ruleset = ruleset
        self.config = config
        self.state = ruleset.new_game(config)
        self.logged: list[GameRequest] = []  # the log's requests so far
        self.played: list[GameRequest] = []  # the console's, the same unless an actor differs
        self.same_history = True

    def _apply(self, history: Sequence[GameRequest], request: GameRequest) -> GameState:
        """What recording the request does now, as the service does it (undo replays)."""
        if request.is_undo:
            return self.ruleset.undo(self.config, history, request).state
        return self.ruleset.record(self.state, request).state

    def line_for(self, number: int, request: GameRequest) -> str:
        """The line for the log's `number`th row, which the console plays to the same state."""
        written = self.ruleset.format_request(request)
        try:
            after = self._apply(self.logged, request)
        except RuleViolation as error:
            raise CannotExport(
                f"line {number} of its record, '{shown(written, 60)}', is refused by the rules "
                f"now ({str(error).rstrip('.')})"
            ) from error
        for line in _candidates(request, written):
            played = self._play(line, request, after)
            if played is not None:
                self.logged.append(request)
                self.played.append(played.request)
                self.same_history = self.same_history and played.request == request
                self.state = after
                return line
        raise CannotExport(
            f"line {number} of its record, '{shown(written, 60)}', cannot be written as a line "
            "the console records the same way"
        )

    def _play(self, line: str, request: GameRequest, after: GameState) -> _Played | None:
        """The line as the console records it, if that comes to the same state."""
        if not _one_line(line) or is_setup_line(line):
            return None
        try:
            parsed = self.ruleset.parse_line(line, self.state)
            if parsed is None:
                return None
            played = parsed.request_as(parsed.speaker, host=parsed.speaker is None)
            if played == request and (self.same_history or not request.is_undo):
                return _Played(line, played, after)  # the very request: the same state
            state = self._apply(self.played, played)
        except RuleViolation:
            return None
        return _Played(line, played, state) if state == after else None


def _candidates(request: GameRequest, written: str) -> list[str]:
    """The lines that might say the request: the speaker's own, then the host's (no speaker).

    The console records `Ann: ...` as Ann and a line without a speaker as the host. Discord's
    host who also plays records as both, so the speaker's line is tried first, then the
    host's, then the host's naming the player, as the host says what they do for a player
    (`concede Ann`: Ann, the host, conceding out of her turn under sorcery-concede).
    """
    player, host = _actor(request)
    phrase = written
    if player is not None and written.startswith(f"{player}:"):
        phrase = written[len(player) + 1 :].strip()
    if player is None:
        return [phrase]
    own = f"{player}: {phrase}"
    return [own, phrase, f"{phrase} {player}"] if host else [own]
