"""Reading one phrase word by word: keywords, names, amounts, totems and optional clauses.

The words a name may not be (the verbs of the request table and `LANGUAGE_WORDS`) are handed to
each `Words`: the table's readers take a `Words`, so this module cannot import the table
(`totembot.games.magic.language.keywords` joins the two).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from totembot.core.names import MAX_NAME_LENGTH, NAME
from totembot.games.magic.formats import TOTEM_LANGUAGE, Language
from totembot.games.magic.formats.base import TOTEM_WORDS
from totembot.games.magic.language.errors import PhraseError
from totembot.games.magic.rules.amounts import check_amount
from totembot.games.magic.rules.errors import shown
from totembot.games.magic.rules.intents import TotemRef

LANGUAGE_WORDS = (
    "loses",
    "gains",
    "left",
    "right",
    "via",
    "the",
    "totem",
    "to",
    "for",
    "with",
    "commander",
    "hitting",
    "counting",
    "life",
    "rules",
    "players",
    "game",
    "each",
    "player",
    "opponent",
    "by",
    "teams",
    "gets",  # TABLE.md: `Bob gets 2 energy`, `Bob becomes the monarch`, `the ring tempts you`
    "becomes",
    "takes",
    "you",
)
DIGITS = re.compile(r"-?[0-9]+", re.ASCII)
MAX_DIGITS = 9
TOTEM_ONLY = ("via", "counting", "hitting")


def is_name_word(word: str, keywords: Collection[str]) -> bool:
    """Whether the word reads as a name: a name's letters, and none of the `keywords`."""
    return (
        len(word) <= MAX_NAME_LENGTH
        and NAME.fullmatch(word) is not None
        and word.casefold() not in keywords
    )


class Words:
    """A cursor over the words of one phrase, with errors that say what was expected; a name
    is any word that reads as one and is none of the `keywords`."""

    def __init__(
        self, text: str, keywords: Collection[str], language: Language = TOTEM_LANGUAGE
    ) -> None:
        self.words = text.split()
        self.pos = 0
        self.keywords = keywords
        self.language = language

    def is_name(self, word: str) -> bool:
        return is_name_word(word, self.keywords)

    def peek(self) -> str | None:
        return self.words[self.pos].casefold() if self.pos < len(self.words) else None

    def next_raw(self) -> str | None:
        word = self.words[self.pos] if self.pos < len(self.words) else None
        self.pos += word is not None
        return word

    def read_so_far(self) -> str:
        return shown(" ".join(self.words[: self.pos]), limit=60)

    def fail(self, expected: str) -> PhraseError:
        found = self.words[self.pos] if self.pos < len(self.words) else None
        after = self.read_so_far()
        where = f" after '{after}'" if after else ""
        got = f", not '{shown(found)}'" if found is not None else ", but the line ends there"
        return PhraseError(f"Expected {expected}{where}{got}.")

    def take(self, keyword: str) -> bool:
        if self.peek() == keyword:
            self.pos += 1
            return True
        return False

    def expect(self, keyword: str) -> None:
        if not self.take(keyword):
            raise self.fail(f"'{keyword}'")

    def number(self, what: str, allowed: str) -> int:
        """A whole number as written; one far outside `allowed` is refused as written."""
        word = self.peek()
        if word is None or DIGITS.fullmatch(word) is None:
            raise self.fail(f"the {what} as a whole number")
        if len(word.lstrip("-")) > MAX_DIGITS:
            raise PhraseError(f"The {what} must be a whole number {allowed}, not {shown(word)}.")
        self.pos += 1
        return int(word)

    def name(self, what: str) -> str:
        word = self.peek()
        if word is None or not self.is_name(word):
            raise self.fail(what)
        raw = self.next_raw()
        assert raw is not None
        return raw

    def totem(self) -> TotemRef:
        """[the] (left | right | Ann-Bob) [totem]"""
        self.take("the")
        word = self.peek()
        if word in ("left", "right"):
            self.pos += 1
            ref = TotemRef(side="left" if word == "left" else "right")
        else:
            raw = self.words[self.pos] if word is not None else ""
            parts = raw.split("-")
            if len(parts) != 2 or not all(self.is_name(part) for part in parts):
                raise self.fail("a totem: left, right or its two players like Bob-Cid")
            self.pos += 1
            ref = TotemRef(names=(parts[0], parts[1]))
        self.take("totem")
        return ref

    def options(self, allowed: set[str]) -> dict[str, object]:
        """Optional clauses, each at most once, in any order."""
        found: dict[str, object] = {}
        if not self.language.totems:
            allowed = allowed - set(TOTEM_ONLY)
        while (word := self.peek()) is not None:
            if word in TOTEM_ONLY and word not in allowed and not self.language.totems:
                raise PhraseError(f"There are no totems here: {TOTEM_WORDS}.")
            if word in found:
                raise PhraseError(f"'{word}' is given twice after '{self.read_so_far()}'.")
            if word not in allowed:
                listed = ", ".join(f"'{option}'" for option in sorted(allowed - set(found)))
                raise self.fail(f"the end of the request{' or ' + listed if listed else ''}")
            self.pos += 1
            if word in ("via", "counting"):
                found[word] = self.totem()
            elif word == "hitting":
                found[word] = self.name("the name of the defending player")
            elif word == "with":
                self.expect("commander")
                nxt = self.peek()
                found[word] = self.next_raw() if nxt is not None and self.is_name(nxt) else None
        return found

    def amount(self, what: str) -> int:
        """An amount from 1 to 1,000,000."""
        value = self.number(what, "from 1 to 1,000,000")
        check_amount(value, what)
        return value
