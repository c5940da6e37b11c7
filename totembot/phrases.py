"""The phrase language of RULES.md: one line of text to a setup or a request, and back.

The slash commands build the same intents directly; this module only reads and writes text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from totembot.formats import TOTEM_LANGUAGE, Format, Language, format_named
from totembot.formats.base import TOTEM_WORDS
from totembot.rules.engine import check_amount, check_life_value
from totembot.rules.errors import RuleViolation, shown
from totembot.rules.intents import (
    Actor,
    Approve,
    Attack,
    Concede,
    Damage,
    Deny,
    Each,
    EachEffect,
    Eliminate,
    GainLife,
    Halve,
    Intent,
    Lock,
    LoseLife,
    NextTurn,
    PayLife,
    Poison,
    Remove,
    Request,
    SetLife,
    TotemRef,
    Undo,
    Unlock,
    Win,
)
from totembot.rules.state import HOUSE_RULES, Config

VERBS = [
    "deal",
    "lose",
    "gain",
    "pay",
    "attack",
    "poison",
    "set",
    "halve",
    "lock",
    "unlock",
    "approve",
    "deny",
    "concede",
    "eliminate",
    "win",
    "remove",
    "next",
    "undo",
]
KEYWORDS = frozenset(
    VERBS
    + [
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
    ]
)
NAME = re.compile(r"[\w']+")
DIGITS = re.compile(r"-?[0-9]+", re.ASCII)
SPEAKER = re.compile(r"\s*([\w']+)\s*:(.*)", re.DOTALL)
MAX_DIGITS = 9
MAX_NAME_LENGTH = 32
EXPECTED_START = (
    "a request starts with deal, lose, gain, pay, attack, poison, set, halve, lock, unlock, "
    "approve, deny, concede, eliminate, win, remove, next or undo, or is 'Bob loses 3'"
)
TOTEM_ONLY = ("via", "counting", "hitting")


class PhraseError(RuleViolation):
    """A line that cannot be read; the message says what was expected."""


class SetupError(PhraseError):
    """The setup line is missing or wrong."""


def strip_comment(line: str) -> str:
    return line.split("#", 1)[0].strip()


def is_name(word: str) -> bool:
    return (
        len(word) <= MAX_NAME_LENGTH
        and NAME.fullmatch(word) is not None
        and word.casefold() not in KEYWORDS
    )


def name_problem(word: str) -> str | None:
    """Why a word cannot be a player's or commander's name, or None when it can."""
    if NAME.fullmatch(word) is None or not any(char.isalnum() for char in word):
        return f"'{shown(word)}' cannot be a name: use one word of letters, digits, _ or '"
    if len(word) > MAX_NAME_LENGTH:
        return f"'{shown(word)}' cannot be a name: at most {MAX_NAME_LENGTH} characters"
    if word.casefold() in KEYWORDS:
        return f"'{word}' cannot be a name: it is a word of the phrase language"
    if word.isdigit():
        return f"'{shown(word)}' cannot be a name: it would read as a number"
    return None


class _Words:
    """A cursor over the words of one phrase, with errors that say what was expected."""

    def __init__(self, text: str, language: Language = TOTEM_LANGUAGE) -> None:
        self.words = text.split()
        self.pos = 0
        self.language = language

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
        if word is None or not is_name(word):
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
            if len(parts) != 2 or not all(is_name(part) for part in parts):
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
                found[word] = self.next_raw() if nxt is not None and is_name(nxt) else None
        return found


def _amount(words: _Words, what: str) -> int:
    value = words.number(what, "from 1 to 1,000,000")
    check_amount(value, what)
    return value


def _via(options: dict[str, object], key: str = "via") -> TotemRef | None:
    ref = options.get(key)
    return ref if isinstance(ref, TotemRef) else None


def _read_verb(words: _Words, verb: str) -> Intent:
    if verb in ("approve", "deny", "concede", "win", "next", "undo"):
        simple: dict[str, Intent] = {
            "approve": Approve(),
            "deny": Deny(),
            "concede": Concede(),
            "win": Win(),
            "next": NextTurn(),
            "undo": Undo(),
        }
        return simple[verb]
    if verb in ("eliminate", "remove"):
        target = words.name("a player's name")
        return Eliminate(target=target) if verb == "eliminate" else Remove(target=target)
    if verb in ("lock", "unlock"):
        ref = words.totem() if words.language.totems else None
        return Lock(totem=ref) if verb == "lock" else Unlock(totem=ref)
    if verb == "deal":
        amount = _amount(words, "damage")
        words.expect("to")
        if words.take("each"):
            return _each_intent(words, "damage", amount, _each_who(words))
        target = words.name("the name of the player dealt damage")
        return Damage(target=target, amount=amount, via=_via(words.options({"via"})))
    if verb == "poison":
        amount = _amount(words, "number of poison counters")
        words.expect("to")
        target = words.name("the name of the player who gets the poison counters")
        return Poison(target=target, amount=amount, via=_via(words.options({"via"})))
    if verb in ("lose", "gain", "pay"):
        return _life_verb(words, verb, None)
    if verb == "attack":
        return _attack(words)
    if verb == "set":
        target = words.name("the name of the player whose life is set")
        words.expect("life")
        words.expect("to")
        value = words.number("life total to set", "from -1,000,000 to 1,000,000")
        check_life_value(value)
        options = words.options({"via", "counting"})
        return SetLife(
            target=target, value=value, via=_via(options), counting=_via(options, "counting")
        )
    target = words.name("the name of the player whose life is halved")
    options = words.options({"via", "counting"})
    return Halve(target=target, via=_via(options), counting=_via(options, "counting"))


def _life_verb(words: _Words, verb: str, target: str | None) -> Intent:
    what = {"lose": "life loss", "gain": "life gain", "pay": "payment"}[verb]
    amount = _amount(words, what)
    via = _via(words.options({"via"}))
    if verb == "lose":
        return LoseLife(target=target, amount=amount, via=via)
    if verb == "gain":
        return GainLife(target=target, amount=amount, via=via)
    return PayLife(amount=amount, via=via)


def _each_who(words: _Words) -> bool:
    """`player` or `opponent` after `each`: whether only opponents are meant."""
    who = words.peek()
    if who not in ("player", "opponent"):
        raise words.fail("'player' or 'opponent'")
    words.pos += 1
    return who == "opponent"


def _each_intent(words: _Words, effect: EachEffect, amount: int, opponents: bool) -> Each:
    if words.language.totems:
        raise PhraseError(
            "In Totem each player chooses a totem: record each player's change on its own line."
        )
    return Each(effect=effect, amount=amount, opponents=opponents)


def _each_first(words: _Words) -> Each:
    """`each player loses N`, `each opponent gains N`."""
    words.expect("each")
    opponents = _each_who(words)
    verb = words.peek()
    if verb not in ("loses", "gains"):
        raise words.fail("'loses' or 'gains'")
    words.pos += 1
    amount = _amount(words, "life loss" if verb == "loses" else "life gain")
    return _each_intent(words, "lose" if verb == "loses" else "gain", amount, opponents)


def _attack(words: _Words) -> Attack:
    if not words.language.totems:
        return _attack_player(words)
    totem = words.totem()
    words.expect("for")
    amount = _amount(words, "combat damage")
    options = words.options({"with", "hitting"})
    return _attack_intent(totem, None, amount, options)


def _attack_player(words: _Words) -> Attack:
    """`attack P for N [with commander [NAME]]`: every format but Totem."""
    player = words.name("the name of the player attacked")
    words.expect("for")
    amount = _amount(words, "combat damage")
    return _attack_intent(None, player, amount, words.options({"with"}))


def _attack_intent(
    totem: TotemRef | None, player: str | None, amount: int, options: dict[str, object]
) -> Attack:
    hitting = options.get("hitting")
    name = options.get("with")
    return Attack(
        totem=totem,
        player=player,
        amount=amount,
        commander="with" in options,
        commander_name=name if isinstance(name, str) else None,
        hitting=hitting if isinstance(hitting, str) else None,
    )


def parse_phrase(text: str, language: Language = TOTEM_LANGUAGE) -> Intent:
    """One phrase (no speaker) to its intent, in a format's language (Totem's by default);
    raises PhraseError saying what was expected."""
    words = _Words(text, language)
    first = words.peek()
    if first is None:
        raise PhraseError(f"The request is empty: {EXPECTED_START}.")
    if first == "each":
        intent: Intent = _each_first(words)
    elif first in VERBS:
        words.pos += 1
        intent = _read_verb(words, first)
    elif (
        is_name(first)
        and len(words.words) > 1
        and words.words[1].casefold()
        in (
            "loses",
            "gains",
        )
    ):
        target, third_person = words.next_raw(), words.next_raw()
        verb = "lose" if third_person is not None and third_person.casefold() == "loses" else "gain"
        intent = _life_verb(words, verb, target)
    else:
        raise PhraseError(f"I can't read '{shown(text, limit=60)}': {EXPECTED_START}.")
    if words.peek() is not None:
        raise words.fail("the end of the request")
    return intent


@dataclass(frozen=True)
class ParsedLine:
    speaker: str | None
    intent: Intent

    def request(self, host: bool) -> Request:
        """A request recorded by the speaker, or by the host when the line names no one."""
        actor = Actor(player=self.speaker, host=host and self.speaker is None)
        return Request(actor=actor, intent=self.intent)


def parse_line(line: str, language: Language = TOTEM_LANGUAGE) -> ParsedLine | None:
    """A request line `[Speaker:] phrase`; None for a blank or comment line."""
    text = strip_comment(line)
    if not text:
        return None
    speaker = None
    match = SPEAKER.fullmatch(text)
    if match:
        speaker, text = match.group(1), match.group(2).strip()
        problem = name_problem(speaker)
        if problem:
            raise PhraseError(f"{problem.replace('a name', 'the speaker', 1)}.")
        if not text:
            raise PhraseError(
                f"Nothing follows '{shown(speaker)}:': write a request after the name."
            )
    return ParsedLine(speaker, parse_phrase(text, language))


SETUP_EXAMPLE = "game totem players: Ann, Bob, Cid [life: N] [commander] [rules: R1, R2]"
TEAMS_EXAMPLE = "game totem teams: Ann+Bob, Cid+Dan [life: N] [commander] [rules: R1, R2]"


def _setup_words(line: str) -> list[str]:
    return re.findall(r"[,:]|[^\s,:]+", strip_comment(line))


def _comma_list(words: list[str], start: int) -> tuple[list[str], int]:
    items, pos = [], start
    while True:
        if pos >= len(words) or words[pos] in ",:":
            raise SetupError(f"The setup line has a missing name or rule: write {SETUP_EXAMPLE}.")
        items.append(words[pos])
        pos += 1
        if pos < len(words) and words[pos] == ",":
            pos += 1
            continue
        return items, pos


def _setup_format(words: list[str], lowered: list[str]) -> Format:
    if lowered[:1] != ["game"]:
        raise SetupError(f"The first line must set the game up, like '{SETUP_EXAMPLE}'.")
    if len(words) < 2:
        raise SetupError(f"The setup line needs the format and the players: {SETUP_EXAMPLE}.")
    try:
        return format_named(words[1])
    except RuleViolation as error:
        raise SetupError(str(error)) from error


def _team_list(words: list[str]) -> tuple[tuple[str, ...], ...]:
    teams = []
    for word in words:
        names = tuple(word.split("+"))
        for name in names:
            problem = name_problem(name) if name else f"'{shown(word)}' has an empty name"
            if problem:
                raise SetupError(f"In the team list, {problem}.")
        teams.append(names)
    return tuple(teams)


def parse_setup(line: str) -> Config:
    """`game FORMAT players: Ann, Bob, Cid` or `game FORMAT teams: Ann+Bob, Cid+Dan`, then
    `[life: N] [commander] [rules: ...]`, to a Config (players in seat order)."""
    words = _setup_words(line)
    lowered = [word.casefold() for word in words]
    game_format = _setup_format(words, lowered)
    roster = game_format.roster
    if lowered[2:4] != [roster, ":"]:
        example = SETUP_EXAMPLE if roster == "players" else TEAMS_EXAMPLE
        raise SetupError(
            f"The setup line needs '{roster}:' after the format: "
            f"{example.replace('totem', game_format.name, 1)}."
        )
    listed, pos = _comma_list(words, 4)
    teams: tuple[tuple[str, ...], ...] = ()
    if roster == "teams":
        teams = _team_list(listed)
        players = list(game_format.seat_order(teams))
    else:
        players = listed
        for name in players:
            problem = name_problem(name)
            if problem:
                raise SetupError(f"In the player list, {problem}.")
    options = _setup_options(words, lowered, pos)
    commander = "commander" in options
    life = options.get("life", game_format.default_life(commander))
    rules = options.get("rules", [])
    assert isinstance(life, int) and isinstance(rules, list)
    return Config.model_validate(
        {
            "format": game_format.name,
            "players": tuple(players),
            "teams": teams,
            "life": life,
            "commander": commander,
            "house_rules": tuple(dict.fromkeys(rules)),
        }
    )


def _setup_options(words: list[str], lowered: list[str], pos: int) -> dict[str, object]:
    options: dict[str, object] = {}
    while pos < len(words):
        option = lowered[pos]
        if option in options:
            raise SetupError(f"'{option}' is given twice in the setup line.")
        if option not in ("life", "commander", "rules"):
            raise SetupError(
                f"Unexpected '{shown(words[pos])}' in the setup line: players are separated by "
                "commas, and after them come 'life: N', 'commander' and 'rules: R1, R2'."
            )
        pos += 1
        if option == "commander":
            options[option] = True
            continue
        if pos >= len(words) or words[pos] != ":":
            raise SetupError(f"Expected ':' after '{option}' in the setup line.")
        if option == "life":
            value = words[pos + 1] if pos + 1 < len(words) else ""
            if not re.fullmatch(r"[0-9]{1,9}", value, re.ASCII) or not 1 <= int(value) <= 10**6:
                raise SetupError(
                    "The starting life must be a whole number from 1 to 1,000,000, "
                    f"not '{shown(value)}'."
                )
            options[option], pos = int(value), pos + 2
        else:
            rules, pos = _comma_list(words, pos + 1)
            rules = [rule.casefold() for rule in rules]
            unknown = [rule for rule in rules if rule not in HOUSE_RULES]
            if unknown:
                raise SetupError(
                    f"Unknown house rule '{shown(unknown[0])}': the rules are "
                    f"{', '.join(HOUSE_RULES)}."
                )
            options[option] = rules
    return options


def format_setup(config: Config) -> str:
    """The setup line that sets this game up again: parse_setup(format_setup(c)) == c."""
    game_format = format_named(config.format)
    if config.teams:
        roster = "teams: " + ", ".join("+".join(team) for team in config.teams)
    else:
        roster = "players: " + ", ".join(config.players)
    parts = [f"game {config.format} {roster}"]
    if config.life != game_format.default_life(config.commander):
        parts.append(f"life: {config.life}")
    if config.commander:
        parts.append("commander")
    if config.house_rules:
        parts.append(f"rules: {', '.join(config.house_rules)}")
    return " ".join(parts)


def _clause(keyword: str, ref: TotemRef | None) -> str:
    return f" {keyword} {ref}" if ref is not None else ""


def format_intent(intent: Intent) -> str:
    """The canonical phrase for an intent: parse_phrase(format_intent(i)) == i."""
    match intent:
        case Damage():
            return f"deal {intent.amount} to {intent.target}{_clause('via', intent.via)}"
        case LoseLife() | GainLife():
            verb = "lose" if isinstance(intent, LoseLife) else "gain"
            head = f"{intent.target} {verb}s" if intent.target else verb
            return f"{head} {intent.amount}{_clause('via', intent.via)}"
        case PayLife():
            return f"pay {intent.amount}{_clause('via', intent.via)}"
        case Attack():
            text = f"attack {intent.totem or intent.player} for {intent.amount}"
            if intent.commander or intent.commander_name:
                text += " with commander" + (
                    f" {intent.commander_name}" if intent.commander_name else ""
                )
            return text + (f" hitting {intent.hitting}" if intent.hitting else "")
        case Poison():
            return f"poison {intent.amount} to {intent.target}{_clause('via', intent.via)}"
        case SetLife():
            return (
                f"set {intent.target} life to {intent.value}{_clause('via', intent.via)}"
                f"{_clause('counting', intent.counting)}"
            )
        case Halve():
            return (
                f"halve {intent.target}{_clause('via', intent.via)}"
                f"{_clause('counting', intent.counting)}"
            )
        case Lock() | Unlock():
            return f"{intent.kind} {intent.totem}" if intent.totem else intent.kind
        case Each():
            who = "opponent" if intent.opponents else "player"
            if intent.effect == "damage":
                return f"deal {intent.amount} to each {who}"
            return f"each {who} {intent.effect}s {intent.amount}"
        case Eliminate() | Remove():
            return f"{intent.kind} {intent.target}"
        case _:
            return intent.kind


def format_request(request: Request) -> str:
    """`Speaker: phrase`; a concession recorded by the host for a player names that player."""
    intent = request.intent
    speaker = intent.player if isinstance(intent, Concede) and intent.player else None
    speaker = speaker or request.actor.player
    phrase = format_intent(intent)
    return f"{speaker}: {phrase}" if speaker else phrase


def one_word_name(display_name: str, taken: list[str], fallback: str) -> str:
    """A name the phrase language can read, made from a Discord display name.

    "Big Bob!" becomes "Big_Bob"; a name with nothing usable becomes `fallback`; a clash
    with a name already `taken` (ignoring case) gets a number: "Ann2".
    """
    words = NAME.findall(display_name.replace(" ", "_"))
    base = "_".join(words).strip("_")[:MAX_NAME_LENGTH] or fallback
    if name_problem(base):
        base = fallback
    folded = {name.casefold() for name in taken}
    candidate, number = base, 1
    while candidate.casefold() in folded:
        number += 1
        candidate = f"{base[: MAX_NAME_LENGTH - len(str(number))]}{number}"
    return candidate


def parse_totem(text: str) -> TotemRef:
    """A totem as typed in a slash command option: `left`, `Bob-Cid`, `the left totem`."""
    words = _Words(text)
    ref = words.totem()
    if words.peek() is not None:
        raise words.fail("the end of the totem's name")
    return ref
