"""Names and lines as every game's phrase language reads them: one word a name, `#` a comment,
`Speaker: phrase` a line. Shared so that a name is the same thing in Magic and in Totemic."""

from __future__ import annotations

import re
from collections.abc import Collection

from totembot.core.errors import RuleViolation, shown

NAME = re.compile(r"[\w']+")
SPEAKER = re.compile(r"\s*([\w']+)\s*:(.*)", re.DOTALL)
MAX_NAME_LENGTH = 32


def strip_comment(line: str) -> str:
    return line.split("#", 1)[0].strip()


def name_problem(word: str, keywords: Collection[str]) -> str | None:
    """Why a word cannot be a name in a language with these keywords, or None when it can."""
    if NAME.fullmatch(word) is None or not any(char.isalnum() for char in word):
        return f"'{shown(word)}' cannot be a name: use one word of letters, digits, _ or '"
    if len(word) > MAX_NAME_LENGTH:
        return f"'{shown(word)}' cannot be a name: at most {MAX_NAME_LENGTH} characters"
    if word.casefold() in keywords:
        return f"'{word}' cannot be a name: it is a word of the phrase language"
    if word.isdigit():
        return f"'{shown(word)}' cannot be a name: it would read as a number"
    return None


def split_speaker(
    text: str, keywords: Collection[str], error: type[RuleViolation]
) -> tuple[str | None, str]:
    """`Speaker: phrase` to its speaker and phrase (no colon: no speaker); `error` says why
    the speaker cannot be a name, or that nothing follows it."""
    match = SPEAKER.fullmatch(text)
    if not match:
        return None, text
    speaker, phrase = match.group(1), match.group(2).strip()
    problem = name_problem(speaker, keywords)
    if problem:
        raise error(f"{problem.replace('a name', 'the speaker', 1)}.")
    if not phrase:
        raise error(f"Nothing follows '{shown(speaker)}:': write a request after the name.")
    return speaker, phrase


def one_word_name(
    display_name: str, taken: list[str], fallback: str, keywords: Collection[str]
) -> str:
    """A name a language with these keywords can read, made from a Discord display name.

    "Big Bob!" becomes "Big_Bob"; a name with nothing usable (or a keyword) becomes
    `fallback`; a clash with a name already `taken` (ignoring case) gets a number: "Ann2".
    """
    words = NAME.findall(display_name.replace(" ", "_"))
    base = "_".join(words).strip("_")[:MAX_NAME_LENGTH] or fallback
    if name_problem(base, keywords):
        base = fallback
    folded = {name.casefold() for name in taken}
    candidate, number = base, 1
    while candidate.casefold() in folded:
        number += 1
        candidate = f"{base[: MAX_NAME_LENGTH - len(str(number))]}{number}"
    return candidate
