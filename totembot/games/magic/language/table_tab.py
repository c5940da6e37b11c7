"""What Tab offers in TABLE.md's phrases: the kinds of counters (the known ones and those the
game already holds), the designations' words, day or night, whom the Ring tempts.

Pure, like the rest of Tab; `tab.phrase_words` asks here first.
"""

from __future__ import annotations

from totembot.games.magic.language.table_rows import BLESSING, KNOWN_KINDS, ROWS
from totembot.games.magic.rules.state import GameState

SEQUENCES = {row.verb: row.tab.words for row in ROWS if row.tab.words and row.verb != "get"}
THIRD_PERSON = {"gets": "get", "becomes": "become", "takes": "take"}
THEN = {"it": ("day", "night")}  # after a verb's fixed words


def kinds(state: GameState) -> list[str]:
    """The known kinds, then every other kind a player of this game holds."""
    held = sorted({kind for player in state.players for kind in player.counters})
    return [*KNOWN_KINDS, *(kind for kind in held if kind not in KNOWN_KINDS)]


def _phrase(words: list[str], folded: list[str], state: GameState) -> tuple[str, list[str]] | None:
    """The TABLE.md verb of the phrase and the words typed after it; None for other phrases."""
    first = folded[0]
    if len(folded) > 1 and folded[1] in THIRD_PERSON and state.seat_of(words[0]) is not None:
        return THIRD_PERSON[folded[1]], folded[2:]
    if first == "each" and len(folded) > 2 and folded[2] == "gets":
        return "get", folded[3:]
    if first == "the" and len(folded) > 1 and folded[1] == "ring":
        return "ring", folded[2:]
    if first in SEQUENCES or first == "get":
        return first, folded[1:]
    return None


def _get(rest: list[str], state: GameState) -> list[str]:
    """`get N KIND [counters]`, `get the city's blessing`."""
    if not rest:
        return ["the"]
    if rest[0] == "the":
        order = ["the", "city's", "blessing"]
        return order[len(rest) : len(rest) + 1] if rest[1:2] in ([], [BLESSING[0]]) else []
    if len(rest) == 1 and rest[0].isdigit():
        return kinds(state)
    if len(rest) == 2 and rest[1] not in KNOWN_KINDS:
        return ["counters"]
    return []


def table_words(words: list[str], folded: list[str], state: GameState) -> list[str] | None:
    """The words that may follow a TABLE.md phrase typed so far; None for any other phrase."""
    found = _phrase(words, folded, state)
    if found is None:
        return None
    verb, rest = found
    if verb == "get":
        return _get(rest, state)
    sequence = SEQUENCES[verb]
    if len(rest) < len(sequence):
        return [sequence[len(rest)]] if list(sequence[: len(rest)]) == rest else []
    if len(rest) == len(sequence):
        if verb == "ring":
            return ["you", *(player.name for player in state.players if player.is_in)]
        return list(THEN.get(verb, ()))
    return []
