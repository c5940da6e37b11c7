"""What Tab offers in a Magic line at the console: the words that may come next (the console
asks through the ruleset: `setup_words`, `line_words`, and adds its own commands).

Pure, so it is tested without a terminal. What a request's verb is followed by, the keywords it
needs and its optional clauses come from its row in the request table (`Row.tab`); the players'
names and totems come from the state, and the format decides whether totems are named at all.
"""

from __future__ import annotations

from totembot.games.magic.formats import format_named
from totembot.games.magic.language.requests import BY_VERB, TABLE
from totembot.games.magic.language.row import (
    NUMBER,
    PLAYER,
    PLAYER_OR_EACH,
    TOTEM,
    TOTEM_OR_PLAYER,
)
from totembot.games.magic.language.table_tab import table_words
from totembot.games.magic.language.words import TOTEM_ONLY
from totembot.games.magic.rules.errors import RuleViolation
from totembot.games.magic.rules.lookup import pool_name
from totembot.games.magic.rules.state import GameState

SIDES = ("left", "right")
SETUP_OPTIONS = ("life:", "commander", "rules:")
THIRD_PERSON = {"loses": "lose", "gains": "gain"}
THIRD_PERSON_WORDS = ("loses", "gains", "gets", "becomes", "takes")  # after a player's name


def _verbs_followed_by(*slots: str) -> frozenset[str]:
    return frozenset(row.verb for row in TABLE if row.tab.words[:1] in [(slot,) for slot in slots])


TOTEM_VERBS = _verbs_followed_by(TOTEM)  # a totem in Totem, nothing elsewhere
ATTACK_VERBS = _verbs_followed_by(TOTEM_OR_PLAYER)  # a totem in Totem, a player elsewhere
TOTEM_BEFORE = frozenset({"via", "counting", "the", *TOTEM_VERBS, *ATTACK_VERBS})
NAME_BEFORE = frozenset({"to", "hitting", *_verbs_followed_by(PLAYER, PLAYER_OR_EACH)})
NUMBER_BEFORE = frozenset({"loses", "gains", "for", *_verbs_followed_by(NUMBER)})
REQUIRED = {row.verb: row.tab.keywords for row in TABLE if row.tab.keywords}
OPTIONAL = {row.verb: row.tab.clauses for row in TABLE if row.tab.clauses}


def _after_to(verb: str) -> str | None:
    """What follows `to` in the verb's phrase (a number after `set P life to`)."""
    row = BY_VERB.get(verb)
    return row.tab.after("to") if row is not None else None


def names_totems(state: GameState) -> bool:
    return format_named(state.config.format).language.totems


def request_starts(state: GameState) -> list[str]:
    """What a request may start with: a verb (`each` only where totems are not named), or the
    name of the player who loses or gains."""
    totems = names_totems(state)
    verbs = [row.verb for row in TABLE if row.totem or not totems]
    return [*verbs, *(player.name for player in state.players)]


def phrase_words(words: list[str], state: GameState) -> list[str]:
    """The words that may follow `words`, the phrase typed so far (without its speaker)."""
    folded = [word.casefold() for word in words]
    table = table_words(words, folded, state)
    if table is not None:
        return table
    verb = folded[1] if len(folded) > 1 and folded[1] in THIRD_PERSON else folded[0]
    verb = THIRD_PERSON.get(verb, verb)
    last = folded[-1]
    if not names_totems(state):
        return _player_phrase_words(words, folded, verb, state)
    if last in TOTEM_BEFORE:
        totems = [pool_name(state, index) for index in range(len(state.pools))]
        return [*SIDES, *totems, *(["the"] * (last != "the"))]
    if last in NUMBER_BEFORE or (last == "to" and _after_to(verb) == NUMBER):
        return []
    if last in NAME_BEFORE:
        return [player.name for player in state.players]
    if last == "with":
        return ["commander"]
    if len(words) == 1:
        return [*THIRD_PERSON_WORDS] if state.seat_of(words[0]) is not None else []
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
    after_to = _after_to(verb) if last == "to" else None
    if last == "each":
        return ["player", "opponent"]
    if folded[0] == "each" and len(folded) == 2:
        return ["loses", "gains", "gets"]
    if last in (*ATTACK_VERBS, *NAME_BEFORE):  # `to` included, even where a number follows it
        return [*names, *(["each"] * (after_to == PLAYER_OR_EACH))]
    if last in TOTEM_VERBS or last in NUMBER_BEFORE:
        return []
    if last == "with":
        return ["commander"]
    if len(words) == 1:
        return [*THIRD_PERSON_WORDS] if state.seat_of(words[0]) is not None else []
    missing = [word for word in REQUIRED.get(verb, ()) if word not in folded]
    if missing:
        return missing[:1]
    return [
        word for word in OPTIONAL.get(verb, ()) if word not in folded and word not in TOTEM_ONLY
    ]


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


def line_words(words: list[str], state: GameState) -> list[str]:
    """The words that may follow a request line's whole words (none yet: its openers)."""
    first = words[0].casefold() if words else None
    if first is not None and first.endswith(":"):
        return phrase_words(words[1:], state) if len(words) > 1 else request_starts(state)
    if not words:
        return [*(f"{player.name}:" for player in state.players), *request_starts(state)]
    return phrase_words(words, state)
