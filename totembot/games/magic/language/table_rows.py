"""TABLE.md's requests in the language: counters, the monarch and the initiative, day and
night, the city's blessing, the Ring, commander casts, dice, coins and random players.

Their rows join `requests.TABLE`; `lose N KIND`, `pay N KIND` and `each player gets N KIND`
are read by the `lose`, `pay` and `each` rows' readers, which hand over to `counters_after`.
What a line leaves to chance is drawn by the shell (`draw`), never here.
"""

from __future__ import annotations

import re

from totembot.core.game import Chance
from totembot.core.help import Example, Topic
from totembot.games.magic.language.errors import PhraseError
from totembot.games.magic.language.row import TABLE_GROUP, PanelMove, Row, Tab
from totembot.games.magic.language.topic import COMMANDER
from totembot.games.magic.language.words import Words
from totembot.games.magic.rules.errors import shown
from totembot.games.magic.rules.intents import (
    CastCommander,
    ChooseAtRandom,
    CounterWay,
    DayNightIs,
    EachWho,
    Flip,
    Get,
    Initiative,
    Intent,
    Monarch,
    Ring,
    Roll,
)

KNOWN_KINDS = ("energy", "experience", "rad")
KIND = re.compile(r"[a-z]+(-[a-z]+)*", re.ASCII)
COUNTER_WORDS = ("counter", "counters")
BLESSING = ("city's", "city’s")
GIVING = "giving"
DIE = re.compile(r"([0-9]{1,3})?d([0-9]{1,4})", re.ASCII)
LANGUAGE_WORDS = ("gets", "becomes", "takes", "you")
FORMS_KIND = "KIND is energy, experience, rad, or any one word followed by counter(s)"


def read_kind(words: Words) -> str:
    """A kind of counter: a known one, or any word of letters and `-` with `counter(s)` after
    it, so that a typo makes no new kind; kept in lower case."""
    word = words.peek()
    if word is None:
        raise words.fail("a kind of counter (energy, experience, rad, or a word and 'counters')")
    if word == "poison":
        raise PhraseError("Poison counters keep their own rules: write 'poison 2 to Bob'.")
    if KIND.fullmatch(word) is None or word in words.keywords or word in COUNTER_WORDS:
        raise words.fail("a kind of counter (energy, experience, rad, or a word and 'counters')")
    words.pos += 1
    named = any(words.take(counter) for counter in COUNTER_WORDS)
    if not named and word not in KNOWN_KINDS:
        raise PhraseError(
            f"'{shown(word)}' is no known kind of counter ({', '.join(KNOWN_KINDS)}): "
            f"write '{shown(word)} counters' for a kind of your own."
        )
    return word


def counters_after(
    words: Words, amount: int, way: CounterWay, target: str | None, each: EachWho | None = None
) -> Get:
    """The rest of a counters line, after its amount: the kind."""
    return Get(target=target, amount=amount, counter=read_kind(words), way=way, each=each)


def read_get(words: Words, target: str | None = None) -> Intent:
    """`get N KIND`, `get the city's blessing` (and `P gets ...` with a target)."""
    if words.take("the"):
        if words.peek() not in BLESSING:
            raise words.fail("'city's blessing'")
        words.pos += 1
        words.expect("blessing")
        return Get(target=target)
    amount = words.amount("number of counters")
    return counters_after(words, amount, "get", target)


def write_get(intent: Get) -> str:
    if intent.counter is None:
        head = f"{intent.target} gets" if intent.target else "get"
        return f"{head} the city's blessing"
    what = f"{intent.amount} {_kind_words(intent.counter)}"
    if intent.each is not None:
        return f"each {intent.each} gets {what}"
    if intent.way == "pay":
        return f"pay {what}"
    verb = {"get": "gets", "lose": "loses"}[intent.way]
    return f"{intent.target} {verb} {what}" if intent.target else f"{intent.way} {what}"


def _kind_words(counter: str) -> str:
    return counter if counter in KNOWN_KINDS else f"{counter} counters"


GET = Row(
    verb="get",
    kind="get",
    read=read_get,
    write=write_get,
    group=TABLE_GROUP,
    page=Topic(
        name="get",
        title="player counters and the city's blessing",
        forms=(
            "get N KIND",
            "P gets N KIND",
            "lose N KIND",
            "P loses N KIND",
            "pay N KIND",
            "each player gets N KIND",
            "each opponent gets N KIND",
            "get the city's blessing",
            "P gets the city's blessing",
        ),
        text=(
            "Counters on a player (never a totem or a team), in every format: " + FORMS_KIND + " "
            "(get 2 ticket counters), so that a typo makes no new kind. N is 1 to 1,000,000; a "
            "total above 1,000,000 is refused, and so is removing more than a player has. A kind "
            "at 0 disappears. Poison keeps its own rules (help poison).",
            "pay N KIND removes the speaker's own counters (energy is paid). Any player still in "
            "may record counters on any player still in, the host on anyone still in; a range of "
            "influence limits them as it limits deal. each player gets N KIND and each opponent "
            "gets N KIND work in every format, Totem included. Counters stay on a player who "
            "leaves, and no longer change.",
            "get the city's blessing: the player keeps it for the rest of the game.",
        ),
        examples=(
            Example("Ann: get 3 energy", "Ann has 3 energy counters."),
            Example("Bob: Cid gets 2 ticket counters", "Cid has 2 ticket counters."),
            Example("Ann: pay 2 energy", "Ann has 1 energy left.", before=("Ann: get 3 energy",)),
            Example("Cid: get the city's blessing", "Cid has the city's blessing for good."),
        ),
        aliases=("counter", "counters", "energy", "experience", "rad", "blessing", "city"),
    ),
    tab=Tab(("N",)),
    reach="target",
    panel=(
        PanelMove("nrg", "Energy counters", "{target} gets {amount} energy"),
        PanelMove("exp", "Experience counters", "{target} gets {amount} experience"),
        PanelMove("rad", "Rad counters", "{target} gets {amount} rad"),
        PanelMove("pnrg", "Pay energy", "pay {amount} energy"),
        PanelMove("bls", "The city's blessing", "get the city's blessing"),
    ),
)


def _designation(words: Words, what: str) -> None:
    words.expect("the")
    words.expect(what)


MONARCH = Row(
    verb="become",
    kind="monarch",
    read=lambda words: read_monarch(words, None),
    write=lambda intent: (
        f"{intent.target} becomes the monarch" if intent.target else "become the monarch"
    ),
    group=TABLE_GROUP,
    page=Topic(
        name="become",
        title="the monarch and the initiative",
        forms=(
            "become the monarch",
            "P becomes the monarch",
            "take the initiative",
            "P takes the initiative",
        ),
        text=(
            "Each is held by at most one player, and by none until a line gives it. Any player "
            "still in, or the host, records it for any player still in; no range limits it. "
            "Becoming the monarch again is refused; taking the initiative again is accepted (the "
            "player ventures again).",
            "Combat damage moves them: an attack dealing damage to the holder gives it to the "
            "attacker (in Totem, to the player named with hitting, or the only player of the "
            "totem still in). When the holder leaves the game, the active player takes it (or "
            "the next player still in after them); in Grand Melee, the first player to the left "
            "taking a turn. A request that ends the game moves nothing. next reminds the player "
            "whose turn begins: the monarch draws at the end step, the initiative ventures at "
            "the upkeep.",
        ),
        examples=(
            Example("Ann: become the monarch", "Ann is the monarch."),
            Example("Bob takes the initiative", "Recorded by the host: Bob has the initiative."),
        ),
        aliases=("monarch", "initiative", "crown", "undercity", "take"),
    ),
    tab=Tab(("the", "monarch")),
    panel=(PanelMove("mon", "Become the monarch", "become the monarch"),),
)


def read_monarch(words: Words, target: str | None) -> Intent:
    _designation(words, "monarch")
    return Monarch(target=target)


def read_initiative(words: Words, target: str | None) -> Intent:
    _designation(words, "initiative")
    return Initiative(target=target)


INITIATIVE = Row(
    verb="take",
    kind="initiative",
    read=lambda words: read_initiative(words, None),
    write=lambda intent: (
        f"{intent.target} takes the initiative" if intent.target else "take the initiative"
    ),
    group=TABLE_GROUP,
    page=MONARCH.page,
    tab=Tab(("the", "initiative")),
    panel=(PanelMove("ini", "Take the initiative", "take the initiative"),),
)


def read_day_night(words: Words) -> Intent:
    words.expect("becomes")
    time = words.peek()
    if time not in ("day", "night"):
        raise words.fail("'day' or 'night'")
    words.pos += 1
    return DayNightIs(time="day" if time == "day" else "night")


DAY_NIGHT = Row(
    verb="it",
    kind="day-night",
    read=read_day_night,
    write=lambda intent: f"it becomes {intent.time}",
    group=TABLE_GROUP,
    page=Topic(
        name="it",
        title="day and night",
        forms=("it becomes day", "it becomes night"),
        text=(
            "The game's day or night: none until a line says so. Saying what it already is is "
            "refused. Any player still in, or the host, records it. next reminds the table that "
            "it may change: if the player whose turn ended cast no spells, it becomes night; "
            "two or more, it becomes day.",
        ),
        examples=(Example("it becomes day", "It is day."),),
        aliases=("day", "night", "daybound", "nightbound"),
    ),
    tab=Tab(("becomes",)),
    panel=(
        PanelMove("day", "It becomes day", "it becomes day"),
        PanelMove("ngt", "It becomes night", "it becomes night"),
    ),
)


def read_ring(words: Words) -> Intent:
    """`ring tempts you` or `ring tempts P` (the line's `the` is taken before the verb)."""
    words.expect("tempts")
    if words.take("you"):
        return Ring()
    return Ring(target=words.name("'you' or the name of the player the Ring tempts"))


RING = Row(
    verb="ring",
    kind="ring",
    read=read_ring,
    write=lambda intent: f"the ring tempts {intent.target or 'you'}",
    group=TABLE_GROUP,
    page=Topic(
        name="ring",
        title="the Ring tempts you",
        forms=("the ring tempts you", "the ring tempts P"),
        text=(
            "Counts how many times the Ring has tempted a player (the speaker, with you), with no "
            "upper limit; the reply names the abilities of the first four. Recorded as the "
            "monarch is: by any player still in or the host, for any player still in.",
        ),
        examples=(Example("Ann: the ring tempts you", "The Ring has tempted Ann once."),),
        aliases=("tempt", "tempts", "ring-bearer"),
    ),
    tab=Tab(("tempts",)),
    panel=(PanelMove("ring", "The Ring tempts you", "the ring tempts you"),),
)


def read_cast(words: Words) -> Intent:
    words.expect("commander")
    name = words.peek()
    if name is not None and words.is_name(name):
        return CastCommander(name=words.next_raw())
    return CastCommander()


CAST = Row(
    verb="cast",
    kind="cast",
    read=read_cast,
    write=lambda intent: "cast commander" + (f" {intent.name}" if intent.name else ""),
    group=TABLE_GROUP,
    page=Topic(
        name="cast",
        title="commander tax",
        forms=("cast commander", "cast commander NAME"),
        text=(
            "In a commander game, the speaker cast their commander (or the partner NAME) from the "
            "command zone. Each commander counts its casts, keyed as for commander damage (Ann, "
            "or Ann:Tymna); the tax on the next cast is 2 more per earlier cast. Refused in a "
            "game without commander, and in a line without a speaker.",
        ),
        examples=(
            Example(
                "Ann: cast commander",
                "Ann's commander: cast once, the next costs 2 more.",
                setup=COMMANDER,
            ),
        ),
        aliases=("tax", "commander-tax"),
    ),
    tab=Tab(("commander",)),
    panel=(PanelMove("cast", "Cast my commander", "cast commander", commander=True, named=True),),
)


def _results(words: Words) -> list[str]:
    """The words after `giving`: a result drawn before (an export, or the table's own die)."""
    if not words.take(GIVING):
        return []
    found = []
    while (word := words.next_raw()) is not None:
        found.append(word)
    if not found:
        raise words.fail("the result after 'giving'")
    return found


def read_roll(words: Words) -> Intent:
    word = words.peek()
    matched = DIE.fullmatch(word or "")
    if matched is None:
        raise words.fail("dice like d20 or 2d6")
    words.pos += 1
    dice = int(matched.group(1) or 1)
    results = _results(words)
    if not all(result.isdigit() and len(result) < 5 for result in results):
        raise PhraseError("A roll gives whole numbers, like 'roll 2d6 giving 3 5'.")
    return Roll(dice=dice, sides=int(matched.group(2)), results=tuple(map(int, results)))


def write_roll(intent: Roll) -> str:
    given = f" {GIVING} " + " ".join(map(str, intent.results)) if intent.results else ""
    dice = intent.dice if intent.dice != 1 else ""  # `roll d20`, as people say it
    return f"roll {dice}d{intent.sides}{given}"


ROLL = Row(
    verb="roll",
    kind="roll",
    read=read_roll,
    write=write_roll,
    group=TABLE_GROUP,
    page=Topic(
        name="roll",
        title="dice, coins and a random player",
        forms=("roll dN", "roll KdN", "flip a coin", "choose a player at random"),
        text=(
            "K from 1 to 100 dice of N from 2 to 1,000 sides; a random player is chosen among "
            "those still in. Any player still in, or the host. The result is drawn as the line "
            "is recorded, kept in the game's log and shown in the reply; undo takes it back, and "
            "it changes nothing else. totembot console --seed N makes the console's draws "
            "repeatable.",
            "A line may give its result (roll 2d6 giving 3 5, flip a coin giving heads, choose a "
            "player at random giving Bob): the table rolled its own die, or an export replays.",
        ),
        examples=(
            Example("Ann: roll 2d6 giving 3 5", "Ann rolled 2d6: 3, 5 (total 8)."),
            Example("flip a coin giving tails", "Recorded by the host: tails."),
            Example("Bob: choose a player at random giving Cid", "Cid is chosen."),
        ),
        aliases=("dice", "die", "d20", "coin", "flip", "random", "choose"),
    ),
    panel=(PanelMove("d20", "Roll a d20", "roll d20"),),
)


def read_flip(words: Words) -> Intent:
    words.expect("a")
    words.expect("coin")
    results = _results(words)
    if not results:
        return Flip()
    side = results[0].casefold()
    if len(results) != 1 or side not in ("heads", "tails"):
        raise PhraseError("A coin gives heads or tails, like 'flip a coin giving heads'.")
    return Flip(result="heads" if side == "heads" else "tails")


FLIP = Row(
    verb="flip",
    kind="flip",
    read=read_flip,
    write=lambda intent: "flip a coin" + (f" {GIVING} {intent.result}" if intent.result else ""),
    group=TABLE_GROUP,
    page=ROLL.page,
    tab=Tab(("a", "coin")),
    panel=(PanelMove("flip", "Flip a coin", "flip a coin"),),
)


def read_choose(words: Words) -> Intent:
    for word in ("a", "player", "at", "random"):
        words.expect(word)
    if words.take(GIVING):
        return ChooseAtRandom(result=words.name("the name of the player chosen"))
    return ChooseAtRandom()


CHOOSE = Row(
    verb="choose",
    kind="choose",
    read=read_choose,
    write=lambda intent: (
        "choose a player at random" + (f" {GIVING} {intent.result}" if intent.result else "")
    ),
    group=TABLE_GROUP,
    page=ROLL.page,
    tab=Tab(("a", "player", "at", "random")),
)

ROWS = (GET, MONARCH, INITIATIVE, DAY_NIGHT, RING, CAST, ROLL, FLIP, CHOOSE)
THIRD_PERSON = {"gets": read_get, "becomes": read_monarch, "takes": read_initiative}


def draw(intent: Intent, chance: Chance, players_in: tuple[str, ...] = ()) -> Intent:
    """What a line leaves to chance, drawn from the shell's `chance`: a roll's results, a
    coin's side, a player among `players_in`. A line that gave its result keeps it."""
    if isinstance(intent, Roll) and not intent.results:
        results = tuple(chance(1, intent.sides) for _ in range(min(intent.dice, 100)))
        return intent.model_copy(update={"results": results})
    if isinstance(intent, Flip) and intent.result is None:
        return intent.model_copy(update={"result": "heads" if chance(0, 1) else "tails"})
    if isinstance(intent, ChooseAtRandom) and intent.result is None and players_in:
        chosen = players_in[chance(0, len(players_in) - 1)]
        return intent.model_copy(update={"result": chosen})
    return intent
