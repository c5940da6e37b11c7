"""The phrase language of RULES.md and FORMATS.md: one line of text to a request, and back.

The words and the request table live in `totembot.games.magic.language`; this module reads and
writes whole lines. The slash commands build the same intents directly.
"""

from __future__ import annotations

from functools import lru_cache

from totembot.core.models import PhraseLine
from totembot.core.names import MAX_NAME_LENGTH, NAME, split_speaker, strip_comment
from totembot.games.magic.formats import TOTEM_LANGUAGE, Language
from totembot.games.magic.language.errors import PhraseError, SetupError
from totembot.games.magic.language.keywords import KEYWORDS, is_name, name_problem, one_word_name
from totembot.games.magic.language.requests import BY_VERB, VERBS, read_life, write
from totembot.games.magic.language.setup import (
    SETUP_EXAMPLE,
    TEAMS_EXAMPLE,
    format_setup,
    parse_setup,
)
from totembot.games.magic.language.table_rows import THIRD_PERSON as TABLE_THIRD_PERSON
from totembot.games.magic.language.table_rows import draw
from totembot.games.magic.language.words import TOTEM_ONLY, Words
from totembot.games.magic.rules.errors import shown
from totembot.games.magic.rules.intents import Actor, Intent, Request, TotemRef

__all__ = [
    "KEYWORDS",
    "MAX_NAME_LENGTH",
    "NAME",
    "SETUP_EXAMPLE",
    "TEAMS_EXAMPLE",
    "TOTEM_ONLY",
    "VERBS",
    "ParsedLine",
    "PhraseError",
    "SetupError",
    "format_intent",
    "format_request",
    "format_setup",
    "is_name",
    "name_problem",
    "one_word_name",
    "parse_line",
    "parse_phrase",
    "parse_setup",
    "parse_totem",
    "strip_comment",
]

EXPECTED_START = (
    f"a request starts with {', '.join(VERBS[:-1])} or {VERBS[-1]}, or is 'Bob loses 3'"
)
THIRD_PERSON = {
    "loses": "lose",
    "gains": "gain",
    "gets": "get",
    "becomes": "become",
    "takes": "take",
}
LINES_KEPT = 4096  # request lines read lately, with their answers


def parse_phrase(text: str, language: Language = TOTEM_LANGUAGE) -> Intent:
    """One phrase (no speaker) to its intent, in a format's language (Totem's by default);
    raises PhraseError saying what was expected."""
    words = Words(text, KEYWORDS, language)
    first = words.peek()
    if first is None:
        raise PhraseError(f"The request is empty: {EXPECTED_START}.")
    if first == "the" and len(words.words) > 1 and words.words[1].casefold() == "ring":
        words.pos += 1  # `the ring tempts you`: `the` is the language's optional word
        first = "ring"
    if first in BY_VERB:
        words.pos += 1
        intent = BY_VERB[first].read(words)
    elif is_name(first) and len(words.words) > 1 and words.words[1].casefold() in THIRD_PERSON:
        target = words.next_raw()
        said = (words.next_raw() or "").casefold()
        if said in TABLE_THIRD_PERSON:
            intent = TABLE_THIRD_PERSON[said](words, target)
        else:
            intent = read_life(words, THIRD_PERSON[said], target)
    else:
        raise PhraseError(f"I can't read '{shown(text, limit=60)}': {EXPECTED_START}.")
    if words.peek() is not None:
        raise words.fail("the end of the request")
    return intent


def format_intent(intent: Intent) -> str:
    """The canonical phrase for an intent: parse_phrase(format_intent(i)) == i."""
    return write(intent)


ParsedLine = PhraseLine[Intent, Request]


def _request(player: str | None, host: bool, intent: Intent) -> Request:
    return Request.trusted(actor=Actor.trusted(player=player, host=host), intent=intent)


def _on_totem(intent: Intent, totem: str) -> Intent:
    """The request taken on the chosen totem (`Ann-Bob`), when two were legal."""
    first, second = totem.split("-")
    return intent.model_copy(update={"via": TotemRef(names=(first, second))})


def line_of(intent: Intent, speaker: str | None = None) -> ParsedLine:
    """A request as a line of the language: read from words, or built from a slash command's
    options. What it leaves to chance is drawn when the shell records it with a `chance`."""
    return PhraseLine(speaker, intent, _request, _on_totem, draw)


def drawing_among(line: ParsedLine, players_in: tuple[str, ...]) -> ParsedLine:
    """The line, choosing a random player among `players_in` (the players still in as it is
    read) when it asks for one."""
    if line.kind != "choose":
        return line
    return line.drawing(lambda intent, chance: draw(intent, chance, players_in))


def parse_line(line: str, language: Language = TOTEM_LANGUAGE) -> ParsedLine | None:
    """A request line `[Speaker:] phrase`; None for a blank or comment line."""
    return _parsed(line, language)


@lru_cache(maxsize=LINES_KEPT)
def _parsed(line: str, language: Language) -> ParsedLine | None:
    """Kept: a table says the same few lines again and again, and the answer (immutable) only
    depends on the line and the language. Refused lines raise, so they are never kept."""
    text = strip_comment(line)
    if not text:
        return None
    speaker, text = split_speaker(text, KEYWORDS, PhraseError)
    return line_of(parse_phrase(text, language), speaker)


def format_request(request: Request) -> str:
    """`Speaker: phrase`, or the bare phrase of a line the host records with no speaker."""
    speaker = request.actor.player
    phrase = format_intent(request.intent)
    return f"{speaker}: {phrase}" if speaker else phrase


def parse_totem(text: str) -> TotemRef:
    """A totem as typed in a slash command option: `left`, `Bob-Cid`, `the left totem`."""
    words = Words(text, KEYWORDS)
    ref = words.totem()
    if words.peek() is not None:
        raise words.fail("the end of the totem's name")
    return ref
