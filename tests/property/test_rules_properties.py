"""Random Totem games, written as phrase lines: the rules' invariants hold after every line.

A game is set up from a random setup line (3 to 8 players, life 1 to 60, commander or not, any
house rules), then plays random lines of every verb of the phrase language, spoken by the host,
by players still in, by players who are out and by strangers. After every line the state is
checked against RULES.md with a small independent model of what each request may change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, product
from math import lcm
from typing import Any, TypeVar

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.depth import examples
from totembot.games.magic.language.phrases import format_request, parse_line, parse_setup
from totembot.games.magic.rules import (
    Actor,
    Config,
    Game,
    GameState,
    Request,
    RuleViolation,
    TotemRef,
    new_game,
    replay,
)
from totembot.games.magic.rules.events import PendingOpened
from totembot.games.magic.rules.intents import (
    UNDO_KEEPING_NUMBERS,
    Approve,
    Attack,
    Concede,
    Damage,
    Deny,
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
    SetLife,
    Unlock,
    Win,
)
from totembot.games.magic.rules.state import Pending

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Åsa", "O'Neil", "x_9", "Zoë")
STRANGER = "Zed"
COMMANDERS = ("Tymna", "Thrasios", "kraum")
HOUSE_RULES = ("half-life-consent", "player-poison", "sorcery-concede")
MAX_AMOUNT = 1_000_000
OUT = ("lost", "conceded", "removed")
# Every verb form of the language, the ones that end a player's game less often.
VERB_FORMS = (
    *("deal",) * 4,
    *("lose", "gain", "gains", "set", "halve", "lock", "unlock", "approve", "next") * 2,
    *("loses", "poison", "undo") * 3,
    *("pay",) * 4,
    *("attack",) * 5,
    "deny",
    "concede",
    "eliminate",
    "win",
    "remove",
)
# Verbs the host cannot record without a speaker (docs/decisions.md, "Who may record what").
NEEDS_SPEAKER = {"damage", "poison", "attack", "pay", "lock", "unlock", "approve", "deny", "win"}
NEEDS_SPEAKER |= {"concede"}

SMALL = st.integers(1, 9)
# The kinds of amount, each as likely (SMALL was once given three times to st.one_of, which
# keeps one branch for a strategy given more than once: it never weighed more than the others).
AMOUNT_KINDS = (
    SMALL,
    st.integers(1, 60),
    st.sampled_from([9, 10, 20, 21]),  # just below and at the lethal poison and commander damage
    st.sampled_from([0, -1, -7, 1_000_000, 1_000_001, 999_999_999, 10**12]),
)
LIFE_VALUE_KINDS = (
    st.integers(-5, 60),
    st.integers(-5, 60),
    st.sampled_from([0, -1_000_000, 1_000_000, 1_000_001, -1_000_001, 10**10]),
)
LIVES = st.none() | st.integers(1, 60)  # none: the format's own 20 or 40
SEPARATOR_CHOICES = (" ", " ", " ", "  ", "\t")
SEPARATORS = st.sampled_from(SEPARATOR_CHOICES)
COLON_CHOICES = (":", ": ", " : ", ":  ")
NOTES = (True, *(False,) * 9)  # one line in ten ends with a comment
CASES = (0, 1, 2)  # which of keyword_cases or name_cases
COIN = st.booleans()
ONE_IN_THREE = st.integers(0, 2)
VERBS = st.sampled_from(VERB_FORMS)
ANSWER_OR_NOT = st.sampled_from((None, None, "approve", "deny"))
NO_COMMANDER = (False,)
PLAYER_LISTS = {
    most: st.lists(st.sampled_from(NAMES), min_size=3, max_size=most, unique=True)
    for most in range(3, len(NAMES) + 1)
}
RULE_LISTS = st.lists(st.sampled_from(HOUSE_RULES), max_size=4)
# Which totem a line names: a side (half the time, in any case) or two names, of neighbours or
# of anyone; as an option (via, counting), none at all one time in four.
TOTEM_FORMS = (
    ("anyone",) * 3 + ("neighbours",) * 3 + ("left", "LEFT", "Left", "right", "RIGHT", "Right")
)
OPTION_FORMS = (None,) * 4 + TOTEM_FORMS

# Strategies are built once for each set of inputs and reused by every line of every game:
# building a new one for each draw costs far more than drawing from it (validation, emptiness
# and label checks). And as each draw costs about as much as any other, choices that do not
# depend on each other are drawn together: Hypothesis draws an index below 257 uniformly, so
# one draw from a table with every combination once gives each choice the distribution it
# would have alone (a value given twice weighs twice).
UNIFORM = 256
T = TypeVar("T")


def keyword_cases(word: str) -> tuple[str, str, str]:
    """Keywords are case-insensitive."""
    return word, word.upper(), word.capitalize()


def name_cases(name: str) -> tuple[str, str, str]:
    """Names match case-insensitively."""
    return name, name.upper(), name.lower()


@cache
def together(*choices: tuple[Any, ...]) -> st.SearchStrategy[tuple[Any, ...]]:
    """Independent choices, each uniform over its values, in one draw."""
    table = tuple(product(*choices))
    assert len(table) <= UNIFORM, f"{len(table)} combinations cannot be drawn uniformly"
    return st.sampled_from(table)


@cache
def one_of_these(values: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    return st.sampled_from(values)


@cache
def union_table(pools: tuple[tuple[Any, ...], ...]) -> st.SearchStrategy[Any] | None:
    each = lcm(*(len(pool) for pool in pools))
    if each * len(pools) > UNIFORM:
        return None
    return st.sampled_from(
        tuple(value for pool in pools for value in pool for _ in range(each // len(pool)))
    )


def pick(draw: st.DrawFn, *pools: tuple[Any, ...]) -> Any:
    """What st.one_of(*map(st.sampled_from, pools)) draws (a pool, each as likely, then a value
    in it, each as likely): in one draw from a table weighing every value so, when it is small
    enough to be drawn uniformly, else in two."""
    table = union_table(pools)
    if table is not None:
        return draw(table)
    return draw(one_of_these(draw(one_of_these(pools))))


@cache
def one_in(odds: int, values: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    """One of the values one time in `odds` (each as likely), else None."""
    return st.sampled_from((None,) * ((odds - 1) * len(values)) + values)


@cache
def pays_from(
    pairs: tuple[tuple[str, str], ...], low: tuple[int, ...]
) -> tuple[tuple[int, str], ...]:
    """(a totem, one of its two players), each as likely."""
    return tuple((index, name) for index in low for name in pairs[index])


@cache
def both_ways(pairs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    return tuple(way for first, second in pairs for way in ((first, second), (second, first)))


@cache
def between(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(low, high)


@cache
def shuffles(size: int) -> st.SearchStrategy[list[int]]:
    """The same swaps st.permutations draws for any `size` values, as indices."""
    return st.permutations(range(size))


def shuffled(draw: st.DrawFn, values: Sequence[T]) -> list[T]:
    if len(values) < 2:  # nothing to draw
        return list(values)
    return [values[index] for index in draw(shuffles(len(values)))]


def spaced_keyword(word: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return SEPARATOR_CHOICES, keyword_cases(word)


CASE_PAIRS = together(CASES, CASES)
THE_CHOICES = together(
    (None, None, None, *keyword_cases("the")), SEPARATOR_CHOICES, SEPARATOR_CHOICES
)
TOTEM_CHOICES = together((None, None, None, *keyword_cases("totem")), SEPARATOR_CHOICES)
HITTING_CHOICES = together(*spaced_keyword("hitting"), SEPARATOR_CHOICES, CASES)


@cache
def cased(word: str) -> st.SearchStrategy[str]:
    return st.sampled_from(keyword_cases(word))


def keyword(draw: st.DrawFn, word: str) -> str:
    return draw(cased(word))


# ----------------------------------------------------------------------------------- setup


@st.composite
def setups(
    draw: st.DrawFn,
    most: int = 8,
    commander: bool | None = None,
    rule: str | None = None,
    lives: st.SearchStrategy[int | None] = LIVES,
) -> tuple[str, Config]:
    """A setup line and the Config it must read into (a `rule` is always among its rules)."""
    players = draw(PLAYER_LISTS[most])
    commander = draw(COIN) if commander is None else commander
    life = draw(lives)
    rules = draw(RULE_LISTS)
    if rule is not None:
        rules = shuffled(draw, [*rules, rule])
    options = []
    if life is not None:
        options.append(f"{keyword(draw, 'life')}: {life}")
    if commander:
        options.append(keyword(draw, "commander"))
    if rules:
        written = ", ".join(keyword(draw, rule) for rule in rules)
        options.append(f"{keyword(draw, 'rules')}: {written}")
    options = shuffled(draw, options)
    head = f"{keyword(draw, 'game')} {keyword(draw, 'totem')} {keyword(draw, 'players')}:"
    line = " ".join([head, ", ".join(players), *options])
    config = Config(
        players=tuple(players),
        life=life if life is not None else (40 if commander else 20),
        commander=commander,
        house_rules=tuple(dict.fromkeys(rules)),
    )
    return line, config


# ----------------------------------------------------------------------------------- lines


@dataclass(frozen=True)
class Line:
    """One request line, the intent it means, and whether the phrase reader must accept it."""

    text: str
    speaker: str | None
    intent: Intent
    readable: bool

    def request(self) -> Request:
        return Request(
            actor=Actor(player=self.speaker, host=self.speaker is None), intent=self.intent
        )


def in_range(amount: int) -> bool:
    return 1 <= amount <= MAX_AMOUNT


Word = tuple[str, str]  # a word of a line and the separator before it


@st.composite
def lines(draw: st.DrawFn, state: GameState) -> Line:
    """A random line for this game: any verb, any speaker, any target, any totem.

    Choices that do not depend on each other are drawn together (see `together` and `pick`):
    each keeps the distribution it would have alone, in half the draws.
    """
    everyone = tuple(player.name for player in state.players)
    still_in = tuple(player.name for player in state.players if player.is_in) or everyone
    awaited = tuple(pending.awaiting for pending in state.pending) or still_in
    pairs = tuple((everyone[pool.seats[0]], everyone[pool.seats[1]]) for pool in state.pools)
    people = ((*everyone, STRANGER), still_in)  # anyone named, or as often a player still in
    targets: tuple[tuple[str, ...], ...] = people
    neighbours: tuple[tuple[str, str], ...] = pairs
    speaker_name = pick(draw, (None,), *people, still_in, awaited, still_in)
    verb = draw(VERBS)
    amounts: tuple[st.SearchStrategy[int], ...] = (*AMOUNT_KINDS, between(1, state.config.life))
    # Now and then, a line that leads somewhere random lines seldom reach.
    low = [
        index
        for index, pool in enumerate(state.pools)
        if state.config.uses("half-life-consent")
        and 0 < pool.life * 2 <= state.config.life  # at half, too: no consent needed there
        and len(state.pool_players_in(index)) == 2
    ]
    lockers = tuple(everyone[s] for pool in state.pools if pool.locked for s in pool.seats)
    shared = [index for index in range(len(pairs)) if len(state.pool_players_in(index)) == 2]
    if state.pending and (answer := draw(ANSWER_OR_NOT)):  # answer a waiting payment
        verb = answer
        speaker_name = pick(draw, awaited, still_in, awaited, still_in)
    elif lockers and (locker := draw(one_in(4, lockers))):  # unlock a locked totem
        verb, speaker_name = "unlock", locker
    elif low and (payer := draw(one_in(2, pays_from(pairs, tuple(low))))):
        # pay from a totem at or below half life
        index, speaker_name = payer
        verb, neighbours = "pay", (pairs[index],)
        amounts = (between(1, state.pools[index].life), *amounts)
    elif len(state.players_in()) == 2 and shared and draw(ONE_IN_THREE) == 0:
        lethal = max(1, state.pools[shared[0]].life)  # the last two lose at once: a draw
        verb, speaker_name, amounts = "loses", None, (between(lethal, lethal + 2),)
        neighbours = (pairs[shared[0]],)
        targets = (neighbours[0],)
    speaker, colon = None, ""
    if speaker_name is not None:
        speaker, colon = draw(together(name_cases(speaker_name), COLON_CHOICES))
    verb_separator, verb_word, note = draw(together(SEPARATOR_CHOICES, keyword_cases(verb), NOTES))
    verb_words: list[Word] = [(verb_separator, verb_word)]

    def keywords(*names: str) -> list[Word]:
        """One to two keywords, each in any case after any separator, in one draw."""
        drawn = draw(together(*(part for name in names for part in spaced_keyword(name))))
        return [(drawn[at], drawn[at + 1]) for at in range(0, len(drawn), 2)]

    def who() -> tuple[str, Word]:
        name = pick(draw, *targets)
        separator, case = draw(together(SEPARATOR_CHOICES, CASES))
        written = name_cases(name)[case]
        return written, (separator, written)

    def number(kinds: tuple[st.SearchStrategy[int], ...]) -> tuple[int, Word]:
        kind, separator = draw(together(kinds, SEPARATOR_CHOICES))
        value = draw(kind)
        return value, (separator, str(value))

    def totem(option: str | None = None) -> tuple[TotemRef | None, list[Word]]:
        """[option] [the] (left | right | Ann-Bob) [totem]; no option one time in four."""
        if option is None:
            form, separator = draw(together(TOTEM_FORMS, SEPARATOR_CHOICES))
        else:
            form, separator, option_case = draw(together(OPTION_FORMS, SEPARATOR_CHOICES, CASES))
            if form is None:
                return None, []
        if form in ("anyone", "neighbours"):
            if form == "neighbours":
                (first, second), case, other = draw(together(both_ways(neighbours), CASES, CASES))
            else:
                first, second = pick(draw, *people), pick(draw, *people)
                case, other = draw(CASE_PAIRS)
            first, second = name_cases(first)[case], name_cases(second)[other]
            ref, core = TotemRef(names=(first, second)), f"{first}-{second}"
        else:
            ref, core = TotemRef(side=form.lower()), form
        the, the_separator, option_separator = draw(THE_CHOICES)
        words = [] if option is None else [(option_separator, keyword_cases(option)[option_case])]
        if the is not None:
            words.append((the_separator, the))
        words.append((separator, core))
        totem_word, totem_separator = draw(TOTEM_CHOICES)
        if totem_word is not None:
            words.append((totem_separator, totem_word))
        return ref, words

    readable = True
    words: list[Word]
    intent: Intent
    if verb in ("deal", "poison"):
        amount, amount_word = number(amounts)
        target, target_word = who()
        via, via_words = totem("via")
        words = [*verb_words, amount_word, *keywords("to"), target_word, *via_words]
        kind = Damage if verb == "deal" else Poison
        intent = kind(target=target, amount=amount, via=via)
        readable = in_range(amount)
    elif verb in ("lose", "gain", "loses", "gains", "pay"):
        amount, amount_word = number(amounts)
        via, via_words = totem("via")
        target = None
        if verb.endswith("s"):
            target, target_word = who()
            verb_words.insert(0, target_word)
        words = [*verb_words, amount_word, *via_words]
        if verb == "pay":
            intent = PayLife(amount=amount, via=via)
        elif verb.startswith("lose"):
            intent = LoseLife(target=target, amount=amount, via=via)
        else:
            intent = GainLife(target=target, amount=amount, via=via)
        readable = in_range(amount)
    elif verb == "attack":
        amount, amount_word = number(amounts)
        ref, totem_words = totem()
        clauses = []
        commander_name = pick(draw, *(NO_COMMANDER,) * 4, (None,), COMMANDERS, *people)
        commander = commander_name is not False
        if commander_name is False:
            commander_name = None
        else:
            clause = keywords("with", "commander")
            if commander_name:
                clause.append((draw(SEPARATORS), commander_name))
            clauses.append(clause)
        hitting = pick(draw, (None,), *people)
        if hitting is not None:
            separator, hitting_word, name_separator, case = draw(HITTING_CHOICES)
            hitting = name_cases(hitting)[case]
            clauses.append([(separator, hitting_word), (name_separator, hitting)])
        clauses = shuffled(draw, clauses)
        words = [*verb_words, *totem_words, *keywords("for"), amount_word]
        words += [word for clause in clauses for word in clause]
        intent = Attack(
            totem=ref,
            amount=amount,
            commander=commander,
            commander_name=commander_name,
            hitting=hitting,
        )
        readable = in_range(amount)
    elif verb in ("set", "halve"):
        target, target_word = who()
        via, via_words = totem("via")
        counting, counting_words = totem("counting")
        clauses = shuffled(draw, [clause for clause in (via_words, counting_words) if clause])
        if verb == "set":
            value, value_word = number(LIFE_VALUE_KINDS)
            head = [*verb_words, target_word, *keywords("life", "to"), value_word]
            intent = SetLife(target=target, value=value, via=via, counting=counting)
            readable = -MAX_AMOUNT <= value <= MAX_AMOUNT
        else:
            head = [*verb_words, target_word]
            intent = Halve(target=target, via=via, counting=counting)
        words = head + [word for clause in clauses for word in clause]
    elif verb in ("lock", "unlock"):
        ref, totem_words = totem()
        words = [*verb_words, *totem_words]
        intent = Lock(totem=ref) if verb == "lock" else Unlock(totem=ref)
    elif verb in ("eliminate", "remove"):
        target, target_word = who()
        words = [*verb_words, target_word]
        intent = Eliminate(target=target) if verb == "eliminate" else Remove(target=target)
    else:
        words = verb_words
        simple: dict[str, Intent] = {
            "approve": Approve(),
            "deny": Deny(),
            "concede": Concede(),
            "win": Win(),
            "next": NextTurn(),
            "undo": UNDO_KEEPING_NUMBERS,
        }
        intent = simple[verb]
    text = words[0][1] + "".join(separator + word for separator, word in words[1:])
    if speaker is not None:
        text = f"{speaker}{colon}{text}"
    if note:
        text += " # a note"
    return Line(text, speaker, intent, readable)


# ------------------------------------------------------------------- an independent model


def seat(state: GameState, name: str | None) -> int | None:
    if name is None:
        return None
    folded = [player.name.casefold() for player in state.players]
    return folded.index(name.casefold()) if name.casefold() in folded else None


def is_in(state: GameState, name: str | None) -> bool:
    found = seat(state, name)
    return found is not None and state.players[found].is_in


def totems_of(state: GameState, player: int) -> tuple[int, int]:
    """(left, right): totem i joins seat i and seat i+1."""
    return player, (player - 1) % len(state.players)


def resolve(state: GameState, ref: TotemRef, seen_from: int | None) -> int:
    if ref.side is not None:
        assert seen_from is not None, f"a side was read with no player to see it from: {ref}"
        left, right = totems_of(state, seen_from)
        return left if ref.side == "left" else right
    assert ref.names is not None
    first, second = seat(state, ref.names[0]), seat(state, ref.names[1])
    pools = [i for i, pool in enumerate(state.pools) if set(pool.seats) == {first, second}]
    assert len(pools) == 1, f"{ref} names no totem, yet the request was accepted"
    return pools[0]


def applied_totem(
    state: GameState, target: int, controller: int | None, via: TotemRef | None
) -> int:
    """The one totem that must take an accepted event (the source rule of RULES.md)."""
    legal = [
        pool
        for pool in totems_of(state, target)
        if controller is None or controller == target or pool not in totems_of(state, controller)
    ]
    if via is None:
        assert len(legal) == 1, f"an ambiguous totem was accepted: legal {legal}"
        return legal[0]
    pool = resolve(state, via, target)
    assert pool in legal, f"totem {pool} breaks the source rule (legal {legal})"
    return pool


@dataclass
class Effects:
    """What an accepted request may change, besides waiting payments settled on the way."""

    life: dict[int, int] = field(default_factory=dict)
    pool_poison: dict[int, int] = field(default_factory=dict)
    player_poison: dict[int, int] = field(default_factory=dict)
    commander: tuple[int, str, int] | None = None
    opens: Pending | None = None
    closes: int | None = None


def add(changes: dict[int, int], key: int, delta: int) -> None:
    changes[key] = changes.get(key, 0) + delta
    if changes[key] == 0:
        del changes[key]


def expected_effects(before: GameState, request: Request) -> Effects:
    intent = request.intent
    speaker = seat(before, request.actor.player)
    effects = Effects()
    match intent:
        case Damage() | LoseLife() | GainLife():
            target = seat(before, intent.target) if intent.target else speaker
            assert target is not None
            pool = applied_totem(before, target, speaker, intent.via)
            add(
                effects.life,
                pool,
                intent.amount if isinstance(intent, GainLife) else -intent.amount,
            )
        case PayLife():
            assert speaker is not None
            pool = applied_totem(before, speaker, speaker, intent.via)
            assert before.pools[pool].life >= intent.amount, "paid more life than the totem had"
            other = [
                s for s in before.pools[pool].seats if s != speaker and before.players[s].is_in
            ]
            below_half = before.pools[pool].life * 2 < before.config.life
            if before.config.uses("half-life-consent") and below_half and other:
                effects.opens = Pending(
                    id=before.next_pending_id,
                    payer=before.players[speaker].name,
                    amount=intent.amount,
                    pool=pool,
                    awaiting=before.players[other[0]].name,
                )
            else:
                add(effects.life, pool, -intent.amount)
        case Attack():
            assert speaker is not None
            pool = resolve(before, intent.totem, seat(before, intent.hitting))
            assert pool not in totems_of(before, speaker), "a player attacked their own totem"
            assert before.pool_players_in(pool), "a totem with nobody in was attacked"
            by_commander = intent.commander or intent.commander_name is not None
            if not (by_commander and before.pools[pool].locked):
                add(effects.life, pool, -intent.amount)
            if by_commander:
                name = before.players[speaker].name
                key = name + (f":{intent.commander_name}" if intent.commander_name else "")
                effects.commander = (pool, key.casefold(), intent.amount)
        case Poison():
            target = seat(before, intent.target)
            assert target is not None
            if before.config.uses("player-poison"):
                add(effects.player_poison, target, intent.amount)
            else:
                pool = applied_totem(before, target, speaker, intent.via)
                add(effects.pool_poison, pool, intent.amount)
        case SetLife() | Halve():
            target = seat(before, intent.target)
            assert target is not None
            pool = applied_totem(before, target, speaker, intent.via)
            counted = pool if intent.counting is None else resolve(before, intent.counting, target)
            assert counted in totems_of(before, target), "counted a totem not the player's"
            life = before.pools[counted].life
            delta = intent.value - life if isinstance(intent, SetLife) else -max(0, life // 2)
            add(effects.life, pool, delta)
        case Approve() | Deny():
            assert speaker is not None
            name = before.players[speaker].name
            mine = [pending for pending in before.pending if pending.awaiting == name]
            assert mine, "an answer was accepted with no payment waiting for it"
            effects.closes = mine[0].id
            if isinstance(intent, Approve):
                add(effects.life, mine[0].pool, -mine[0].amount)
        case _:
            pass
    return effects


def diff(before: list[int], after: list[int]) -> dict[int, int]:
    return {i: b - a for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b}


def check_effects(before: GameState, after: GameState, request: Request) -> None:
    """Life, poison, commander damage and waiting payments change only as the request says."""
    effects = expected_effects(before, request)
    life = diff([p.life for p in before.pools], [p.life for p in after.pools])
    kept = {pending.id for pending in after.pending}
    gone = [p for p in before.pending if p.id not in kept and p.id != effects.closes]
    if effects.closes is not None:
        assert effects.closes not in kept, "the answered payment is still waiting"
    explained = False
    for size in range(len(gone) + 1):  # each settled payment was either made or dropped
        for made in combinations(gone, size):
            expected = dict(effects.life)
            for pending in made:
                add(expected, pending.pool, -pending.amount)
            explained = explained or expected == life
    assert explained, f"life changed by {life}, but {request.intent} means {effects.life}"
    pool_poison = diff([p.poison for p in before.pools], [p.poison for p in after.pools])
    assert pool_poison == effects.pool_poison
    poison = diff([p.poison for p in before.players], [p.poison for p in after.players])
    assert poison == effects.player_poison
    tallies = [
        (i, key, value - before.pools[i].commander_damage.get(key, 0))
        for i, pool in enumerate(after.pools)
        for key, value in pool.commander_damage.items()
        if value != before.pools[i].commander_damage.get(key, 0)
    ]
    if effects.commander is None:
        assert tallies == []
    else:
        [(pool, key, added)] = tallies
        assert (pool, key.casefold(), added) == effects.commander
        assert key in after.commanders
    opened = [
        pending for pending in after.pending if pending.id not in {p.id for p in before.pending}
    ]
    assert opened == ([effects.opens] if effects.opens else [])
    for index, pool in enumerate(before.pools):
        if pool.locked:
            assert after.pools[index].life == pool.life, "a locked totem's life changed"
    for old, new in zip(before.players, after.players, strict=True):
        if not old.is_in:
            assert new == old, f"{old.name} was out, yet changed"


def check_who_left(before: GameState, after: GameState, request: Request) -> None:
    intent = request.intent
    speaker = seat(before, request.actor.player)
    match intent:
        case Eliminate() | Remove():
            target = seat(before, intent.target)
            assert target is not None
            expected = "lost" if isinstance(intent, Eliminate) else "removed"
            assert after.players[target].status == expected
        case Concede():
            assert speaker is not None
            assert after.players[speaker].status == "conceded"
        case Win():
            assert speaker is not None
            assert after.players[speaker].status == "won"
            assert after.winners == (after.players[speaker].name,)
            for old, new in zip(before.players, after.players, strict=True):
                if old.is_in and new.name != after.players[speaker].name:
                    assert new.status == "lost"
        case NextTurn():
            count = len(before.players)
            seats = [(before.active + step) % count for step in range(1, count + 1)]
            following = next(s for s in seats if before.players[s].is_in)
            assert (after.turn, after.active) == (before.turn + 1, following)
        case _:
            pass


def check_state(state: GameState) -> None:
    """What must hold in every state of every game."""
    count = len(state.players)
    commanders: set[str] = set()
    for index, pool in enumerate(state.pools):
        assert pool.seats == (index, (index + 1) % count)
        lethal = (
            pool.life <= 0
            or pool.poison >= 10
            or any(damage >= 21 for damage in pool.commander_damage.values())
        )
        assert (pool.status == "dead") == lethal, f"totem {index}: {pool}"
        if pool.status == "dead":
            for player in pool.seats:
                assert state.players[player].status in OUT, f"a dead totem's player: {state}"
        commanders |= set(pool.commander_damage)
        if not state.config.commander:
            assert pool.commander_damage == {}
    assert commanders <= set(state.commanders)
    for player in state.players:
        if state.config.uses("player-poison"):
            assert player.poison < 10 or player.status in OUT
        else:
            assert player.poison == 0
    still_in = [player for player in state.players if player.is_in]
    won = tuple(player.name for player in state.players if player.status == "won")
    assert state.winners == won
    if state.finished:
        assert still_in == [] and len(won) <= 1
    else:
        assert len(still_in) >= 2 and won == ()
    for pending in state.pending:
        assert is_in(state, pending.payer) and is_in(state, pending.awaiting)
    assert 0 <= state.active < count and state.turn >= 1


def must_refuse(before: GameState, request: Request, readable: bool, undoable: int) -> str | None:
    """Why RULES.md (and docs/decisions.md) refuse this request, when it is plain to see."""
    intent, actor = request.intent, request.actor
    if intent.kind == "undo":
        return "there is nothing to undo" if undoable == 0 else None
    if before.finished:
        return "the game is over"
    if not readable:
        return "an amount is out of range"
    if actor.player is not None and not is_in(before, actor.player):
        return "the speaker is not in the game"
    if actor.player is None and intent.kind in NEEDS_SPEAKER:
        return "the host cannot do this without a speaker"
    if actor.player is None and intent.kind in ("lose", "gain") and intent.target is None:
        return "a bare lose or gain needs a speaker"
    target = getattr(intent, "target", None) or getattr(intent, "hitting", None)
    if target is not None and not is_in(before, target):
        return "the target is not in the game"
    if intent.kind == "remove" and not actor.host:
        return "only the host removes a player"
    return None


# ------------------------------------------------------------------------------- the test


SETTINGS = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def with_numbers_of(previous: GameState, undone: GameState) -> GameState:
    """What undo restores: the state before the change, its payment numbers never going back
    (a number handed out by the change taken back stays used)."""
    kept = max(previous.next_pending_id, undone.next_pending_id)
    return previous.model_copy(update={"next_pending_id": kept})


def check_numbers_never_repeat(
    before: GameState, after: GameState, events: Sequence[object], opened: set[int]
) -> None:
    """A waiting payment's number is handed out once in a game, undo or not."""
    assert after.next_pending_id >= before.next_pending_id, "the payment numbers went back"
    for change in events:
        if isinstance(change, PendingOpened):
            assert change.id not in opened, f"payment number {change.id} handed out twice"
            assert change.id < after.next_pending_id
            opened.add(change.id)


def play(setup: tuple[str, Config], data: st.DataObject, shortest: int = 1) -> GameState:
    """Play random lines, checking every invariant after each; returns the final state."""
    setup_line, config = setup
    assert parse_setup(setup_line) == config
    initial = new_game(config)
    game = Game(initial)
    check_state(initial)
    accepted: list[Request] = []
    undoable: list[GameState] = []  # the state before each change that undo may take back
    opened: set[int] = set()  # every waiting payment's number handed out so far
    for _ in range(data.draw(between(shortest, 60), label="length")):
        before = game.state
        line = data.draw(lines(before), label="line")
        request = line.request()
        try:
            parsed = parse_line(line.text)
        except RuleViolation:
            assert not line.readable, f"{line.text!r} should read"
        else:
            assert line.readable, f"{line.text!r} should not read"
            assert parsed is not None and parsed.request(host=True) == request
        refusal = must_refuse(before, request, line.readable, len(undoable))
        try:
            outcome = game.record(request)
        except RuleViolation as refused:
            assert str(refused) and "\n" not in str(refused), f"refusal {str(refused)!r}"
            assert game.state == before, f"{line.text!r} was refused but changed the game"
            if request.intent.kind == "undo":
                assert request.actor.player is not None or not undoable, "the host could not undo"
        else:
            assert refusal is None, f"{line.text!r} was accepted, but {refusal}"
            accepted.append(request)
            event(f"accepted: {request.intent.kind}")
            if len(game.state.pending) > len(before.pending):
                event("a payment waits for consent")
            check_numbers_never_repeat(before, game.state, outcome.events, opened)
            if request.intent.kind == "undo":
                assert game.state == with_numbers_of(undoable.pop(), before), (
                    "undo did not restore the previous state (keeping the payment numbers)"
                )
            else:
                assert outcome.state == game.state
                assert outcome.changed == (game.state != before)
                if outcome.changed:
                    undoable.append(before)
                check_effects(before, game.state, request)
                check_who_left(before, game.state, request)
            if request.actor.player is not None:
                again = parse_line(format_request(request))
                assert again is not None and again.intent == request.intent
        check_state(game.state)
        assert GameState.model_validate_json(game.state.model_dump_json()) == game.state
    assert replay(initial, accepted).state == game.state
    draw = game.state.finished and not game.state.winners
    event(f"the game ends {game.state.status}" + (" in a draw" if draw else ""))
    event(f"totems dead at the end: {sum(pool.status == 'dead' for pool in game.state.pools)}")
    return game.state


@settings(SETTINGS, max_examples=examples(250))
@given(setup=setups(), data=st.data())
def test_random_games_keep_the_rules_invariants_after_every_line(setup, data) -> None:
    play(setup, data)


@settings(SETTINGS, max_examples=examples(150))
@given(setup=setups(most=4, rule="half-life-consent", lives=st.integers(4, 16)), data=st.data())
def test_random_games_with_waiting_payments_keep_the_invariants(setup, data) -> None:
    play(setup, data, shortest=20)


@settings(SETTINGS, max_examples=examples(100))
@given(setup=setups(most=5, commander=True), data=st.data())
def test_random_commander_games_keep_the_invariants(setup, data) -> None:
    play(setup, data)


@settings(SETTINGS, max_examples=examples(100))
@given(setup=setups(most=4, lives=st.integers(1, 12)), data=st.data())
def test_random_games_of_little_life_keep_the_invariants_through_deaths_and_draws(
    setup, data
) -> None:
    play(setup, data)
