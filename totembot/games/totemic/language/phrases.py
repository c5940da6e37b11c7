"""The Totemic phrase language: a request line to a request, and back (TOTEMIC.md).

`Ann: reveal 7`, `Bob: threaten`, `Bob loses 3`, `next`... One phrase per line, an optional
speaker before a colon, `#` comments. Every line that cannot be read is refused with one
sentence naming what was expected. The setup line lives in `totembot.games.totemic.language.setup`.
"""

from __future__ import annotations

import re

from totembot.core.errors import shown
from totembot.core.models import PhraseLine
from totembot.core.names import split_speaker, strip_comment
from totembot.games.totemic.language.setup import (
    KEYWORDS,
    SETUP_EXAMPLES,
    TotemicPhraseError,
    format_setup,
    is_name,
    name_problem,
    parse_setup,
)
from totembot.games.totemic.rules.intents import (
    Accept,
    Actor,
    ChallengeAction,
    Draw,
    Gain,
    Intent,
    Invoke,
    Lose,
    Next,
    Request,
    Reshuffle,
    Reveal,
    Submit,
    TakeDominance,
    Threaten,
    Undo,
)

__all__ = [
    "KEYWORDS",
    "SETUP_EXAMPLES",
    "VERBS",
    "ParsedLine",
    "TotemicPhraseError",
    "format_intent",
    "format_request",
    "format_setup",
    "is_name",
    "name_problem",
    "parse_line",
    "parse_phrase",
    "parse_setup",
    "strip_comment",
]

VERBS: tuple[str, ...] = (
    "draw",
    "invoke",
    "challenge",
    "accept",
    "threaten",
    "submit",
    "reveal",
    "next",
    "gain",
    "lose",
    "dominance",
    "reshuffle",
    "undo",
)
BARE: dict[str, Intent] = {
    "draw": Draw(),
    "invoke": Invoke(),
    "challenge": ChallengeAction(),
    "accept": Accept(),
    "threaten": Threaten(),
    "submit": Submit(),
    "next": Next(),
    "dominance": TakeDominance(),
    "reshuffle": Reshuffle(),
    "undo": Undo(),
}
THIRD_PERSON = {"gains": "gain", "loses": "lose"}
EXPECTED_START = (
    "a request is draw, invoke, challenge, accept, threaten, submit, reveal N, next, gain N, "
    "lose N, dominance, reshuffle or undo, or 'Bob loses 3'"
)
NUMBER = re.compile(r"-?[0-9]{1,9}", re.ASCII)
# TABLE.md's lines (Magic's counters, designations, day and night, commander tax, dice): their
# first words, and the second word after a player's name. Totemic has none of them.
TABLE_STARTS = ("get", "become", "take", "it", "ring", "cast", "roll", "flip", "choose", "pay")
TABLE_SECOND = ("gets", "becomes", "takes", "ring")
NOT_IN_TOTEMIC = (
    "Totemic has no counters, monarch, initiative, day and night, city's blessing, Ring, "
    "commander tax or dice: those lines belong to the Magic formats."
)
NO_DECKS = "Totemic has no decks to name: 'deck' belongs to the Magic formats."


def _number(words: list[str], pos: int, what: str, low: int, high: int) -> int:
    """The whole number at `pos`, from `low` to `high`, or one sentence saying so."""
    word = words[pos] if pos < len(words) else None
    allowed = f"from {low:,} to {high:,}"
    if word is None:
        raise TotemicPhraseError(
            f"Expected {what} after '{shown(' '.join(words))}', a whole number {allowed}."
        )
    if NUMBER.fullmatch(word) is None or not low <= int(word) <= high:
        raise TotemicPhraseError(
            f"{what.capitalize()} must be a whole number {allowed}, not '{shown(word)}'."
        )
    return int(word)


def _end(words: list[str], pos: int) -> None:
    if pos < len(words):
        raise TotemicPhraseError(
            f"Expected the end of the request after '{shown(' '.join(words[:pos]), 60)}', "
            f"not '{shown(words[pos])}'."
        )


def _amount(words: list[str], pos: int) -> int:
    return _number(words, pos, "the amount", 1, 1_000_000)


def parse_phrase(text: str) -> Intent:
    """One phrase (no speaker) to its intent; raises TotemicPhraseError saying what was expected."""
    words = text.split()
    if not words:
        raise TotemicPhraseError(f"The request is empty: {EXPECTED_START}.")
    first = words[0].casefold()
    second = words[1].casefold() if len(words) > 1 else None
    table = first in TABLE_STARTS or (second in TABLE_SECOND and first not in BARE)
    if table and second not in THIRD_PERSON:  # `Roll loses 3` names a player called Roll
        raise TotemicPhraseError(NOT_IN_TOTEMIC)
    if first == "deck" and second not in THIRD_PERSON:
        raise TotemicPhraseError(NO_DECKS)
    intent: Intent
    if first in BARE:
        intent, used = BARE[first], 1
    elif first == "reveal":
        intent, used = Reveal(strength=_number(words, 1, "the strength", 0, 1_000)), 2
    elif first in ("gain", "lose"):
        amount = _amount(words, 1)
        intent, used = (Gain(amount=amount) if first == "gain" else Lose(amount=amount)), 2
    elif len(words) > 1 and words[1].casefold() in THIRD_PERSON and is_name(words[0]):
        amount = _amount(words, 2)
        verb = THIRD_PERSON[words[1].casefold()]
        target = words[0]
        intent = (
            Gain(target=target, amount=amount)
            if verb == "gain"
            else Lose(target=target, amount=amount)
        )
        used = 3
    elif first in THIRD_PERSON:
        example = shown(words[1]) if len(words) > 1 else "3"
        raise TotemicPhraseError(
            f"Expected a name before '{first}': write '{THIRD_PERSON[first]} {example}' for "
            f"the speaker, or 'Bob {first} {example}'."
        )
    else:
        raise TotemicPhraseError(f"I can't read '{shown(text, limit=60)}': {EXPECTED_START}.")
    _end(words, used)
    return intent


def format_intent(intent: Intent) -> str:
    """The canonical phrase for an intent: parse_phrase(format_intent(i)) == i."""
    if isinstance(intent, Reveal):
        return f"reveal {intent.strength}"
    if isinstance(intent, Gain | Lose):
        if intent.target is None:
            return f"{intent.kind} {intent.amount}"
        return f"{intent.target} {intent.kind}s {intent.amount}"
    return intent.kind


ParsedLine = PhraseLine[Intent, Request]


def _request(player: str | None, host: bool, intent: Intent) -> Request:
    return Request(actor=Actor(player=player, host=host), intent=intent)


def parse_line(line: str) -> ParsedLine | None:
    """A request line `[Speaker:] phrase`; None for a blank or comment line."""
    text = strip_comment(line)
    if not text:
        return None
    speaker, text = split_speaker(text, KEYWORDS, TotemicPhraseError)
    return PhraseLine(speaker, parse_phrase(text), _request)


def format_request(request: Request) -> str:
    """`Speaker: phrase`, or the bare phrase for the host's line."""
    phrase = format_intent(request.intent)
    speaker = request.actor.player
    return f"{speaker}: {phrase}" if speaker else phrase


def parse_request(line: str, host: bool = True) -> Request:
    """One line that must be a request (not blank): the console's and the tests' shortcut."""
    parsed = parse_line(line)
    if parsed is None:
        raise TotemicPhraseError(f"The request is empty: {EXPECTED_START}.")
    return parsed.request(host)
