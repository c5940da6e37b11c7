"""What Tab offers in Magic's lines: the words that may come next, from the game itself.

Pure, so it is tested without a terminal: the players' names and totems come from the state,
and the format decides whether totems are named at all. The console asks through the ruleset
(`setup_words`, `line_words`) and adds its own commands.
"""

from __future__ import annotations

from totembot.games.magic.formats import format_named
from totembot.games.magic.language.phrases import TOTEM_ONLY, VERBS
from totembot.games.magic.rules import GameState
from totembot.games.magic.rules.errors import RuleViolation
from totembot.games.magic.rules.lookup import pool_name

SETUP_OPTIONS = ("life:", "commander", "rules:")
SIDES = ("left", "right")
TOTEM_BEFORE = frozenset({"via", "counting", "lock", "unlock", "attack", "the"})
NAME_BEFORE = frozenset({"to", "hitting", "eliminate", "remove", "halve", "set"})
NUMBER_BEFORE = frozenset({"deal", "poison", "lose", "gain", "pay", "loses", "gains", "for"})
REQUIRED = {"deal": ("to",), "poison": ("to",), "set": ("life", "to"), "attack": ("for",)}
OPTIONAL = {
    "deal": ("via",),
    "poison": ("via",),
    "lose": ("via",),
    "gain": ("via",),
    "pay": ("via",),
    "set": ("via", "counting"),
    "halve": ("via", "counting"),
    "attack": ("with", "hitting"),
}


def line_words(words: list[str], state: GameState) -> list[str]:
    """The words that may follow a request line's whole words (none yet: its openers)."""
    names = [player.name for player in state.players]
    first = words[0].casefold() if words else None
    if first is not None and first.endswith(":"):
        each = [] if _names_totems(state) else ["each"]
        return _phrase_words(words[1:], state) if len(words) > 1 else [*VERBS, *each, *names]
    if not words:
        speakers = [f"{name}:" for name in names]
        each = [] if _names_totems(state) else ["each"]
        return [*speakers, *VERBS, *each, *names]
    return _phrase_words(words, state)


def _names_totems(state: GameState) -> bool:
    return format_named(state.config.format).language.totems


def setup_words(words: list[str]) -> list[str]:
    """`game totem players: A, B, C [life: N] [commander] [rules: R1, R2]`, from the format on
    (`words` casefolded, `game` and the format first)."""
    try:
        game_format = format_named(words[1])
    except RuleViolation:
        return []
    if len(words) == 2:
        return [f"{game_format.roster}:"]
    last = words[-1]
    listed = words[words.index("rules:") + 1 :] if "rules:" in words else [""]
    in_rules = all(word.endswith(",") for word in listed)
    if last == "rules:" or (in_rules and last.endswith(",")):
        return list(game_format.house_rules)
    if last in ("players:", "teams:", "life:") or last.endswith(","):
        return []
    return [option for option in SETUP_OPTIONS if option not in words]


def _phrase_words(words: list[str], state: GameState) -> list[str]:
    folded = [word.casefold() for word in words]
    verb = folded[1] if len(folded) > 1 and folded[1] in ("loses", "gains") else folded[0]
    verb = {"loses": "lose", "gains": "gain"}.get(verb, verb)
    last = folded[-1]
    if not _names_totems(state):
        return _player_phrase_words(words, folded, verb, state)
    if last in TOTEM_BEFORE:
        totems = [pool_name(state, index) for index in range(len(state.pools))]
        return [*SIDES, *totems, *(["the"] * (last != "the"))]
    if last in NUMBER_BEFORE or (last == "to" and verb == "set"):
        return []
    if last in NAME_BEFORE:
        return [player.name for player in state.players]
    if last == "with":
        return ["commander"]
    if len(words) == 1:
        return ["loses", "gains"] if state.seat_of(words[0]) is not None else []
    missing = [word for word in REQUIRED.get(verb, ()) if word not in folded]
    if missing:
        return missing[:1]
    return [word for word in OPTIONAL.get(verb, ()) if word not in folded]


def _player_phrase_words(
    words: list[str], folded: list[str], verb: str, state: GameState
) -> list[str]:
    """The same, in a format where requests name players and never totems."""
    last = folded[-1]
    names = [player.name for player in state.players]
    if last == "each":
        return ["player", "opponent"]
    if folded[0] == "each" and len(folded) == 2:
        return ["loses", "gains"]
    if last in ("attack", *NAME_BEFORE) or (last == "to" and verb != "set"):
        return [*names, *(["each"] * (last == "to" and verb == "deal"))]
    if last in ("lock", "unlock") or last in NUMBER_BEFORE or (last == "to" and verb == "set"):
        return []
    if last == "with":
        return ["commander"]
    if len(words) == 1:
        return ["loses", "gains"] if state.seat_of(words[0]) is not None else []
    missing = [word for word in REQUIRED.get(verb, ()) if word not in folded]
    if missing:
        return missing[:1]
    return [
        word for word in OPTIONAL.get(verb, ()) if word not in folded and word not in TOTEM_ONLY
    ]
