"""Every request of the language, one row each: the whole of a request besides its intent
model (`rules/intents.py`) and its handler (`rules/engine.py`).

A row (`totembot.games.magic.language.row.Row`) gives the verb, how the words after it read
(`read`) and how the intent is written back (`write`, with `read(write(i)) == i`), its help
page, and what the rest of the bot derives from it: the help index, the words a name may not
be, the reply's words for its life change and for a fall to it, the story's hits, the console's
Tab completion, autocomplete's legal choices and the bot's list of structured commands. Tests
check that every intent kind has one row, every row a handler and every part it needs
(tests/test_request_table.py), so adding a request means adding one row here. See
docs/architecture.md, "Adding a verb".
"""

from __future__ import annotations

from totembot.core.help import Example, Topic
from totembot.games.magic.language.errors import PhraseError
from totembot.games.magic.language.row import (
    COMBAT,
    DECKS,
    LEAVING,
    LIFE,
    LOCKS,
    Fall,
    PanelMove,
    Row,
    Tab,
    Told,
)
from totembot.games.magic.language.table_rows import ROWS as TABLE_ROWS
from totembot.games.magic.language.table_rows import counters_after
from totembot.games.magic.language.topic import COMMANDER, CONSENT
from totembot.games.magic.language.words import Words
from totembot.games.magic.rules.amounts import check_life_value
from totembot.games.magic.rules.decks import deck_name_refusal
from totembot.games.magic.rules.intents import (
    UNDO_KEEPING_NUMBERS,
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
    NameDeck,
    NextTurn,
    PayLife,
    Poison,
    Remove,
    SetLife,
    TotemRef,
    Unlock,
    Win,
)

SOURCE_RULE = "The source cannot reach P through a totem P shares with the speaker (help totems)."
OWN_LIFE = (
    "Outside Totem no totem is named: P's own life takes it, or P's team's life in the giant "
    "formats. In Emperor, Teams and Grand Melee a speaker reaches only the players within "
    "their range of influence, counted in seats of players still in (help formats)."
)


def _via(options: dict[str, object], key: str = "via") -> TotemRef | None:
    ref = options.get(key)
    return ref if isinstance(ref, TotemRef) else None


def _clause(keyword: str, ref: TotemRef | None) -> str:
    return f" {keyword} {ref}" if ref is not None else ""


# --- life: deal, lose, gain, pay, poison, set, halve ------------------------------------------


def read_deal(words: Words) -> Intent:
    amount = words.amount("damage")
    words.expect("to")
    if words.take("each"):
        return each_intent(words, "damage", amount, each_who(words))
    target = words.name("the name of the player dealt damage")
    return Damage(target=target, amount=amount, via=_via(words.options({"via"})))


def write_deal(intent: Damage) -> str:
    return f"deal {intent.amount} to {intent.target}{_clause('via', intent.via)}"


DEAL = Row(
    verb="deal",
    kind="damage",
    read=read_deal,
    write=write_deal,
    group=LIFE,
    page=Topic(
        name="deal",
        title="non-combat damage",
        forms=("deal N to P [via T]",),
        text=(
            "A source the speaker controls deals N damage to player P; one of P's totems loses N "
            "life. " + SOURCE_RULE + " The line needs a speaker.",
            OWN_LIFE + " deal N to each player (help each) deals N to everyone still in at once.",
        ),
        examples=(
            Example("Ann: deal 3 to Bob", "Bob-Cid takes the 3: Ann-Bob is Ann's own totem."),
            Example("Bob: deal 2 to Cid via left", "Cid's left totem, Cid-Ann, takes the 2."),
        ),
        aliases=("damage",),
    ),
    tab=Tab(("N", "to", "P/each"), ("via",)),
    reach="target",
    life=Told("damage", "dealt by", hit=True),
    fall=Fall("{by}'s damage", "damage"),
    slash="damage",
    panel=(PanelMove("deal", "Deal damage", "deal {amount} to {target}[ via {totem}]"),),
)


def read_life(words: Words, verb: str, target: str | None) -> Intent:
    """`lose N`, `gain N`, `pay N` (and `P loses N`, `P gains N` with a target)."""
    what = {"lose": "life loss", "gain": "life gain", "pay": "payment"}[verb]
    amount = words.amount(what)
    if verb != "gain" and words.peek() not in (None, "via"):  # `lose 2 rad`, `pay 2 energy`
        return counters_after(words, amount, "lose" if verb == "lose" else "pay", target)
    via = _via(words.options({"via"}))
    if verb == "lose":
        return LoseLife(target=target, amount=amount, via=via)
    if verb == "gain":
        return GainLife(target=target, amount=amount, via=via)
    return PayLife(amount=amount, via=via)


def write_life(intent: LoseLife | GainLife | PayLife) -> str:
    if isinstance(intent, PayLife):
        return f"pay {intent.amount}{_clause('via', intent.via)}"
    head = f"{intent.target} {intent.kind}s" if intent.target else intent.kind
    return f"{head} {intent.amount}{_clause('via', intent.via)}"


LOSE = Row(
    verb="lose",
    kind="lose",
    read=lambda words: read_life(words, "lose", None),
    write=write_life,
    group=LIFE,
    page=Topic(
        name="lose",
        title="life loss",
        forms=("P loses N [via T]", "lose N [via T]"),
        text=(
            "Player P, or with the bare form the speaker, loses N life from one totem. With a "
            "speaker, the speaker controls the source: " + SOURCE_RULE + " A line without a "
            "speaker has no source, so either of P's totems may be named.",
            OWN_LIFE,
        ),
        examples=(
            Example("Cid: Bob loses 2", "Bob-Cid is Cid's own totem, so Ann-Bob loses 2."),
            Example("Ann: lose 1 via right", "Ann loses 1 from her right totem, Cid-Ann."),
            Example("Bob loses 4 via left", "Recorded by the host: Bob-Cid loses 4."),
        ),
        aliases=("loses", "loss"),
    ),
    tab=Tab(("N",), ("via",)),
    reach="target",
    life=Told("loss", "lost to", hit=True),
    fall=Fall("life loss from {by}", "life loss"),
    slash="lose",
    panel=(PanelMove("lose", "Lose life", "{target} loses {amount}[ via {totem}]"),),
)

GAIN = Row(
    verb="gain",
    kind="gain",
    read=lambda words: read_life(words, "gain", None),
    write=write_life,
    group=LIFE,
    page=Topic(
        name="gain",
        title="life gain",
        forms=("P gains N [via T]", "gain N [via T]"),
        text=(
            "Player P, or with the bare form the speaker, gains N life on one totem, chosen as "
            "for lose: " + SOURCE_RULE,
            OWN_LIFE,
        ),
        examples=(
            Example("Cid: gain 2 via left", "Cid-Ann gains 2."),
            Example("Ann: Bob gains 3", "Ann-Bob is Ann's own totem, so Bob-Cid gains 3."),
        ),
        aliases=("gains",),
    ),
    tab=Tab(("N",), ("via",)),
    reach="target",
    life=Told("gain", "gained from"),
    slash="gain",
    panel=(PanelMove("gain", "Gain life", "{target} gains {amount}[ via {totem}]"),),
)

PAY = Row(
    verb="pay",
    kind="pay",
    read=lambda words: read_life(words, "pay", None),
    write=write_life,
    group=LIFE,
    page=Topic(
        name="pay",
        title="paying life as a cost",
        forms=("pay N [via T]",),
        text=(
            "The speaker pays N life from one of their own totems, which must have at least N "
            "life; the whole amount comes from that one totem. Both totems are open to the payer, "
            "so name one. Under half-life-consent, paying from a totem below half the starting "
            "life waits for its other player's approve or deny (help approve).",
            "Outside Totem the speaker pays from their own life (in the giant formats, their "
            "team's), which must have at least N.",
        ),
        examples=(
            Example("Ann: pay 2 via left", "Ann-Bob pays 2."),
            Example("Cid: pay 3 via Bob-Cid", "Bob-Cid pays 3 (it is Cid's right totem)."),
        ),
        aliases=("payment",),
    ),
    tab=Tab(("N",), ("via",)),
    reach="own",
    life=Told("payment", "paid by"),
    slash="pay",
    panel=(PanelMove("pay", "Pay life", "pay {amount}[ via {totem}]"),),
)


def read_poison(words: Words) -> Intent:
    amount = words.amount("number of poison counters")
    words.expect("to")
    target = words.name("the name of the player who gets the poison counters")
    return Poison(target=target, amount=amount, via=_via(words.options({"via"})))


def write_poison(intent: Poison) -> str:
    return f"poison {intent.amount} to {intent.target}{_clause('via', intent.via)}"


POISON = Row(
    verb="poison",
    kind="poison",
    read=read_poison,
    write=write_poison,
    group=COMBAT,
    page=Topic(
        name="poison",
        title="poison counters",
        forms=("poison N to P [via T]",),
        text=(
            "A source the speaker controls gives player P N poison counters, on one of P's "
            "totems, chosen as for deal: " + SOURCE_RULE + " A totem with 10 or more dies. Under "
            "player-poison the counters go on P and no totem is named.",
            "Outside Totem they go on P (10 is lethal), or on P's team in the giant formats (15 is "
            "lethal for two players). Range limits poison as it does deal.",
        ),
        examples=(
            Example("Bob: poison 2 to Cid", "Bob-Cid is Bob's own totem, so Cid-Ann gets 2."),
            Example("Bob: poison 2 to Ann via the Cid-Ann totem", "Cid-Ann, Ann's right, gets 2."),
        ),
    ),
    tab=Tab(("N", "to", "P"), ("via",)),
    reach="target",
    fall=Fall("{by}'s poison", "poison"),
    slash="poison",
    panel=(PanelMove("psn", "Poison counters", "poison {amount} to {target}[ via {totem}]"),),
)


def read_set(words: Words) -> Intent:
    target = words.name("the name of the player whose life is set")
    words.expect("life")
    words.expect("to")
    value = words.number("life total to set", "from -1,000,000 to 1,000,000")
    check_life_value(value)
    options = words.options({"via", "counting"})
    return SetLife(
        target=target, value=value, via=_via(options), counting=_via(options, "counting")
    )


def write_set(intent: SetLife) -> str:
    return (
        f"set {intent.target} life to {intent.value}{_clause('via', intent.via)}"
        f"{_clause('counting', intent.counting)}"
    )


SET = Row(
    verb="set",
    kind="set",
    read=read_set,
    write=write_set,
    group=LIFE,
    page=Topic(
        name="set",
        title="setting a life total (Magister Sphinx)",
        forms=("set P life to N [via T] [counting T2]",),
        text=(
            "P's life becomes N: the change, N minus the life of the counted totem T2, is applied "
            "to totem T as a gain or a loss. T2 may be any of P's totems (default: T); T obeys the "
            "source rule, as for deal. A change of 0 changes nothing and is accepted.",
            "Outside Totem no totem is named and P's own life changes. In the giant formats the "
            "team's life changes by N minus P's own life, the team's divided by its players, "
            "rounded up: at 25, set Bob life to 20 counts Bob as 13, so the team gains 7.",
        ),
        examples=(
            Example(
                "Ann: set Bob life to 10",
                "Bob-Cid, the one totem Ann's source can reach, goes to 10.",
            ),
            Example(
                "Ann: set Bob life to 30 counting right",
                "With Bob's right, Ann-Bob, at 15: the change is 30 - 15 = 15, so Bob-Cid "
                "gains 15.",
                before=("Cid: deal 5 to Bob via right",),
            ),
        ),
        aliases=("sphinx", "set-life"),
    ),
    tab=Tab(("P", "life", "to", "N"), ("via", "counting")),
    reach="target",
    life=Told("set", "set by"),
    fall=Fall("a life total set by {by}", "a life total set"),
    slash="set-life",
)


def read_halve(words: Words) -> Intent:
    target = words.name("the name of the player whose life is halved")
    options = words.options({"via", "counting"})
    return Halve(target=target, via=_via(options), counting=_via(options, "counting"))


def write_halve(intent: Halve) -> str:
    return (
        f"halve {intent.target}{_clause('via', intent.via)}{_clause('counting', intent.counting)}"
    )


HALVE = Row(
    verb="halve",
    kind="halve",
    read=read_halve,
    write=write_halve,
    group=LIFE,
    page=Topic(
        name="halve",
        title="losing half (Heartless Hidetsugu)",
        forms=("halve P [via T] [counting T2]",),
        text=(
            "P loses half the counted totem's life, rounded down, from totem T. T2 may be any of "
            "P's totems (default: T); T obeys the source rule, as for deal.",
            "Outside Totem P loses half their own life. In the giant formats P's own life is the "
            "team's divided by its players, rounded up: at 17, halve Bob counts Bob as 9 and the "
            "team loses 4.",
        ),
        examples=(
            Example("Ann: halve Bob", "Bob-Cid loses 10 of its 20."),
            Example(
                "Ann: halve Cid via right counting left",
                "With Cid's left, Cid-Ann, at 14: Cid's right, Bob-Cid, loses 7.",
                before=("Bob: deal 6 to Cid via left",),
            ),
        ),
        aliases=("half", "hidetsugu"),
    ),
    tab=Tab(("P",), ("via", "counting")),
    reach="target",
    life=Told("halve", "halved by", hit=True),
    fall=Fall("{by} halving their life", "a halved life"),
    slash="halve",
)


# --- effects on each player -------------------------------------------------------------------


def each_who(words: Words) -> bool:
    """`player` or `opponent` after `each`: whether only opponents are meant."""
    who = words.peek()
    if who not in ("player", "opponent"):
        raise words.fail("'player' or 'opponent'")
    words.pos += 1
    return who == "opponent"


def each_intent(words: Words, effect: EachEffect, amount: int, opponents: bool) -> Each:
    if words.language.totems:
        raise PhraseError(
            "In Totem each player chooses a totem: record each player's change on its own line."
        )
    return Each(effect=effect, amount=amount, opponents=opponents)


def read_each(words: Words) -> Intent:
    """`each player loses N`, `each opponent gains N` (after `each`)."""
    opponents = each_who(words)
    verb = words.peek()
    if verb not in ("loses", "gains", "gets"):
        raise words.fail("'loses', 'gains' or 'gets'")
    words.pos += 1
    if verb == "gets":  # `each opponent gets 1 rad`: counters, in every format
        amount = words.amount("number of counters")
        return counters_after(words, amount, "get", None, "opponent" if opponents else "player")
    amount = words.amount("life loss" if verb == "loses" else "life gain")
    return each_intent(words, "lose" if verb == "loses" else "gain", amount, opponents)


def write_each(intent: Each) -> str:
    who = "opponent" if intent.opponents else "player"
    if intent.effect == "damage":
        return f"deal {intent.amount} to each {who}"
    return f"each {who} {intent.effect}s {intent.amount}"


EACH = Row(
    verb="each",
    kind="each",
    read=read_each,
    write=write_each,
    group=LIFE,
    page=Topic(
        name="each",
        title="an effect on each player at once (Earthquake, Flame Rift)",
        forms=(
            "deal N to each player",
            "each player loses N",
            "each player gains N",
            "deal N to each opponent",
            "each opponent loses N",
            "each opponent gains N",
        ),
        text=(
            "In every format but Totem one line changes every player still in at once, so the "
            "last players can lose together (a draw). each opponent leaves out the speaker and "
            "the speaker's teammates. A locked life total is skipped; the others change.",
            "For example, in a free-for-all: Cid: deal 2 to each player. In the giant formats "
            "each player is dealt the damage, so a team of two loses twice the amount. In Emperor, "
            "Teams and Grand Melee each means each player within the speaker's range.",
            "A line without a speaker may say each player loses N or each player gains N; each "
            "opponent needs a speaker (opponent of whom?), and so does deal.",
            "In Totem these lines are refused: each player chooses a totem, so record each "
            "player's change on its own line.",
        ),
        aliases=("opponent", "opponents", "everyone", "earthquake"),
    ),
    fall=Fall("{by}'s effect", "an effect"),
    totem=False,
)


# --- combat and locks -------------------------------------------------------------------------


def read_attack(words: Words) -> Intent:
    """`attack T for N [with commander [NAME]] [hitting P]` in Totem, else `attack P for N ...`."""
    totem = words.totem() if words.language.totems else None
    player = None if totem else words.name("the name of the player attacked")
    words.expect("for")
    amount = words.amount("combat damage")
    options = words.options({"with", "hitting"} if totem else {"with"})
    hitting, name = options.get("hitting"), options.get("with")
    return Attack(
        totem=totem,
        player=player,
        amount=amount,
        commander="with" in options,
        commander_name=name if isinstance(name, str) else None,
        hitting=hitting if isinstance(hitting, str) else None,
    )


def write_attack(intent: Attack) -> str:
    text = f"attack {intent.totem or intent.player} for {intent.amount}"
    if intent.commander or intent.commander_name:
        text += " with commander" + (f" {intent.commander_name}" if intent.commander_name else "")
    return text + (f" hitting {intent.hitting}" if intent.hitting else "")


ATTACK = Row(
    verb="attack",
    kind="attack",
    read=read_attack,
    write=write_attack,
    group=COMBAT,
    page=Topic(
        name="attack",
        title="combat damage",
        forms=(
            "attack T for N [with commander [NAME]] [hitting P]",
            "attack P for N [with commander [NAME]]",
        ),
        text=(
            "The speaker's creatures deal N combat damage to totem T, which must not be one of "
            "the speaker's own and must still have a player in the game. hitting P names the "
            "defending player hit (a player of T still in the game); left and right are seen "
            "from that player. Anyone in the game may record combat, on any turn.",
            "with commander (commander games only) also adds the damage to that totem's tally for "
            "the speaker's commander; 21 or more from one commander kills the totem. NAME tells "
            "partners apart: the tally is kept as Ann, or Ann:Tymna. A locked totem refuses "
            "combat damage, except a commander's: then it keeps its life and the tally counts.",
            "In every format but Totem a player attacks a player, still in and not a teammate: "
            "attack Bob for 5 takes 5 from Bob's life (in the giant formats, his team's). "
            "Commander damage is tallied on the player hit: 21 from one commander makes that "
            "player lose.",
            "In Emperor and Teams a player may attack only an opponent seated immediately next to "
            "them; in Grand Melee, only the next player to their left (attack left). Seats count "
            "only players still in, so a new neighbour can be attacked once the player between is "
            "out.",
        ),
        examples=(
            Example("Ann: attack Bob-Cid for 5", "Bob-Cid loses 5."),
            Example("Bob: attack left for 4 hitting Cid", "Cid's left totem, Cid-Ann, loses 4."),
            Example(
                "Ann: attack Bob-Cid for 6 with commander Tymna hitting Cid",
                "In a commander game: Bob-Cid loses 6 and its Ann:Tymna tally becomes 6.",
                setup=COMMANDER,
            ),
        ),
        aliases=("combat", "commander", "hitting"),
    ),
    tab=Tab(("T/P", "for", "N"), ("with", "hitting")),
    reach="attack",
    life=Told("combat", "combat damage from", hit=True),
    fall=Fall("{by}'s attack", "an attack"),
    slash="attack",
    panel=(
        PanelMove("atk", "Attack", "attack {target} for {amount}"),
        PanelMove(
            "cmd",
            "Commander damage",
            "attack {target} for {amount} with commander",
            commander=True,
            named=True,
        ),
    ),
)


def read_lock(words: Words, locking: bool) -> Intent:
    ref = words.totem() if words.language.totems else None
    return Lock(totem=ref) if locking else Unlock(totem=ref)


def write_lock(intent: Lock | Unlock) -> str:
    return f"{intent.kind} {intent.totem}" if intent.totem else intent.kind


LOCK = Row(
    verb="lock",
    kind="lock",
    read=lambda words: read_lock(words, True),
    write=write_lock,
    group=LOCKS,
    page=Topic(
        name="lock",
        title="locking a totem's life (Platinum Emperion)",
        forms=("lock T", "unlock T", "lock", "unlock"),
        text=(
            "The speaker locks one of their own totems: its life cannot change, and a request that "
            "would change it is refused. Poison and commander damage still count. unlock lifts it.",
            "Outside Totem, lock and unlock take no totem: they lock the speaker's own life, or "
            "in the giant formats the team's, which either player of the team may unlock.",
        ),
        examples=(
            Example("Ann: lock left", "Ann-Bob is locked."),
            Example("Ann: unlock Ann-Bob", "The lock is lifted.", before=("Ann: lock left",)),
        ),
        aliases=("unlock", "emperion"),
    ),
    tab=Tab(("T",)),
    reach="own-unlocked",
    slash="lock",
    panel=(PanelMove("lock", "Lock my life", "lock[ {totem}]"),),
)

UNLOCK = Row(
    verb="unlock",
    kind="unlock",
    read=lambda words: read_lock(words, False),
    write=write_lock,
    group=LOCKS,
    page=LOCK.page,
    tab=Tab(("T",)),
    reach="own-locked",
    slash="unlock",
    panel=(PanelMove("unlk", "Unlock my life", "unlock[ {totem}]"),),
)


# --- the game: answers, leaving, turns --------------------------------------------------------


def read_answer(words: Words, kind: type[Approve] | type[Deny]) -> Intent:
    """`approve`, `deny`, or with the number of the waiting request (`approve 2`), when
    several wait for the speaker's answer (the number its message shows)."""
    if words.peek() is None:
        return kind()
    return kind(request_id=words.number("number of the waiting request", "from 1 up"))


def write_answer(intent: Approve | Deny) -> str:
    return intent.kind if intent.request_id is None else f"{intent.kind} {intent.request_id}"


APPROVE = Row(
    verb="approve",
    kind="approve",
    read=lambda words: read_answer(words, Approve),
    write=write_answer,
    group=LOCKS,
    page=Topic(
        name="approve",
        title="answering a payment that waits for consent (half-life-consent)",
        forms=("approve", "deny", "approve N", "deny N"),
        text=(
            "Under half-life-consent, a payment from a totem below half the starting life waits "
            "for the other player of that totem, who answers: approve pays it, deny drops it. "
            "Only the player asked can answer.",
            "When several payments wait for the same player, approve and deny answer the oldest; "
            "approve N and deny N answer request N, the number the waiting payment shows.",
        ),
        examples=(
            Example(
                "Bob: approve",
                "After Ann asked to pay 2 from Ann-Bob at 9: Ann-Bob pays 2.",
                setup=CONSENT,
                before=("Cid: deal 11 to Ann via Ann-Bob", "Ann: pay 2 via left"),
            ),
            Example(
                "Bob: deny",
                "The same payment is dropped.",
                setup=CONSENT,
                before=("Cid: deal 11 to Ann via Ann-Bob", "Ann: pay 2 via left"),
            ),
        ),
        aliases=("deny", "consent"),
    ),
)

DENY = Row(
    verb="deny",
    kind="deny",
    read=lambda words: read_answer(words, Deny),
    write=write_answer,
    group=LOCKS,
    page=APPROVE.page,
)


def read_concede(words: Words) -> Intent:
    """`concede`, or `concede P`: the host (or an admin) concedes for P, at any time."""
    if words.peek() is not None:
        return Concede(player=words.name("the name of the player who concedes"))
    return Concede()


def write_concede(intent: Concede) -> str:
    return f"concede {intent.player}" if intent.player else "concede"


CONCEDE = Row(
    verb="concede",
    kind="concede",
    read=read_concede,
    write=write_concede,
    group=LEAVING,
    page=Topic(
        name="concede",
        title="leaving the game",
        forms=("concede", "concede P"),
        text=(
            "The speaker concedes and is out; their totems stay in play, attached to the other "
            "neighbour. Under sorcery-concede, only during the speaker's own turn.",
            "concede P, a line without a speaker, is the host (or a Discord admin) conceding for "
            "P, at any time; a player may name only themselves.",
            "In the giant formats the speaker's whole team loses with them; in Emperor, the "
            "emperor's team does.",
        ),
        examples=(Example("Bob: concede", "Bob is out; Ann-Bob and Bob-Cid stay."),),
    ),
    slash="concede",
    panel=(PanelMove("cncd", "Concede", "concede"),),
)


def read_player(words: Words, kind: type[Eliminate] | type[Remove]) -> Intent:
    target = words.name("a player's name")
    if kind is Eliminate and words.take("by"):
        return Eliminate(target=target, by=words.name("the name of the player it is by"))
    return kind(target=target)


def write_player(intent: Eliminate | Remove) -> str:
    by = f" by {intent.by}" if isinstance(intent, Eliminate) and intent.by else ""
    return f"{intent.kind} {intent.target}{by}"


def write_verb(intent: Intent) -> str:
    return intent.kind


ELIMINATE = Row(
    verb="eliminate",
    kind="eliminate",
    read=lambda words: read_player(words, Eliminate),
    write=write_player,
    group=LEAVING,
    page=Topic(
        name="eliminate",
        title="losing by another effect",
        forms=("eliminate P", "eliminate P by Q"),
        text=(
            "P loses by an effect other than a dead totem (an empty library, a card that says so). "
            "Any player still in, or the host, may record it.",
            "In the giant formats P's whole team loses with them, and in Emperor an emperor's "
            "team. No range of influence limits eliminate.",
            "eliminate P by Q needs the house rule madness-minions (help rules): P had to draw "
            "from an empty library, Q is the last opponent who made them draw or mill, and P "
            "becomes Q's minion instead of losing, keeping their life (if Q is a minion, P serves "
            "Q's master; P loses if already twice a minion). Q must be another player still in. "
            "A plain eliminate P still makes P lose.",
        ),
        examples=(Example("Ann: eliminate Cid", "Cid loses; the game goes on with Ann and Bob."),),
    ),
    tab=Tab(("P",)),
    slash="eliminate",
)

WIN = Row(
    verb="win",
    kind="win",
    read=lambda words: Win(),
    write=write_verb,
    group=LEAVING,
    page=Topic(
        name="win",
        title="winning by an effect",
        forms=("win",),
        text=(
            "The speaker wins at once by an effect, and everyone else loses.",
            "In Two-Headed Giant the speaker's whole team wins: its players still in. Under the "
            "house rule minions a minion can win this way too.",
            "In Emperor, Teams and Grand Melee (a range of influence) the opponents within the "
            "speaker's range lose instead, and the game goes on until one team, or one player, "
            "is left; with no opponent in range, win is refused.",
        ),
        examples=(Example("Cid: win", "Cid wins and the game is over."),),
    ),
    slash="win",
)

REMOVE = Row(
    verb="remove",
    kind="remove",
    read=lambda words: read_player(words, Remove),
    write=write_player,
    group=LEAVING,
    page=Topic(
        name="remove",
        title="taking a player out (host only)",
        forms=("remove P",),
        text=(
            "The host (or a Discord admin) takes P out of the game, at any time; the line has no "
            "speaker. Their totems stay, as when a player concedes.",
            "In the giant formats P's whole team loses, and in Emperor an emperor's team.",
        ),
        examples=(Example("remove Cid", "Cid is out, removed by the host."),),
    ),
    tab=Tab(("P",)),
)


def read_next(words: Words) -> Intent:
    """`next`, or (several turns at once) `next P`: the host ends P's turn."""
    if words.language.next_player and words.peek() is not None:
        return NextTurn(player=words.name("the name of the player whose turn ends"))
    return NextTurn()


def write_next(intent: NextTurn) -> str:
    return f"next {intent.player}" if intent.player else "next"


NEXT = Row(
    verb="next",
    kind="next",
    read=read_next,
    write=write_next,
    group=LEAVING,
    page=Topic(
        name="next",
        title="passing the turn",
        forms=("next", "P: next", "next P"),
        text=(
            "The turn passes to the next player in seat order who is still in, and the turn number "
            "goes up by one. When the active player leaves, the turn stays theirs until next. Any "
            "player still in, or the host, may record it.",
            "In the giant formats the turn passes team by team: the next team still in takes it, "
            "its first listed player active. In Emperor turn 1 is the first team's emperor's.",
            "In Grand Melee several players take turns at once, each holding a turn marker (one "
            "per full four players). P: next ends P's turn: P's marker passes to the next player "
            "still in to the left, unless that player or one of the three still in to their left "
            "holds a marker; then it waits for them and moves on as soon as it may. The host ends "
            "a given player's turn with next P; a bare next works only while one player holds a "
            "marker. When players leave, markers are removed to keep one per full four players.",
        ),
        examples=(Example("next", "Turn 2 is Bob's."),),
        aliases=("turn", "pass"),
    ),
    reach="turn",
    slash="next",
    panel=(PanelMove("next", "Pass the turn", "next", button=True, when="own turn"),),
)

UNDO = Row(
    verb="undo",
    kind="undo",
    read=lambda words: UNDO_KEEPING_NUMBERS,
    write=write_verb,
    group=LEAVING,
    page=Topic(
        name="undo",
        title="taking back the last change",
        forms=("undo",),
        text=(
            "Takes back the last recorded change not yet undone, with everything it caused "
            "(deaths, the end of the game). An undo cannot itself be undone, and with nothing left "
            "it is refused. Players still in and the host may undo; once the game is over, so may "
            "those who lost or conceded.",
        ),
        examples=(
            Example("undo", "Bob-Cid is back at 20.", before=("Ann: deal 3 to Bob",)),
            Example("Bob: undo", "After Ann won, the game is on again.", before=("Ann: win",)),
        ),
    ),
    slash="undo",
    panel=(PanelMove("undo", "Undo my last change", "undo", button=True),),
)


# --- decks ----------------------------------------------------------------------------------


def read_deck(words: Words) -> Intent:
    """`deck NAME`: every word after the verb, as written (`Tymna and Kraum`)."""
    found = []
    while (word := words.next_raw()) is not None:
        found.append(word)
    name = " ".join(found)
    refusal = deck_name_refusal(name)
    if refusal is not None:
        raise PhraseError(refusal)
    return NameDeck(name=name)


DECK = Row(
    verb="deck",
    kind="deck",
    read=read_deck,
    write=lambda intent: f"deck {intent.name}",
    group=DECKS,
    page=Topic(
        name="deck",
        title="naming the deck you play",
        forms=("deck NAME",),
        text=(
            "The speaker plays the deck NAME in this game (every word after deck, up to 60 "
            "characters), for the statistics per deck (totembot stats --decks, /totem stats "
            "view:decks). Any seated player may say it at any time while the game goes on, "
            "even after going out; saying it again replaces it. It changes nothing else.",
            "A player who names no deck plays their commanders: the names given in attack ... "
            "with commander NAME or cast commander NAME, joined by 'and'.",
        ),
        examples=(Example("Ann: deck Atraxa", "Ann plays Atraxa."),),
        aliases=("decks",),
    ),
)


# --- the table --------------------------------------------------------------------------------

TABLE: tuple[Row, ...] = (
    DEAL,
    LOSE,
    GAIN,
    PAY,
    ATTACK,
    POISON,
    SET,
    HALVE,
    LOCK,
    UNLOCK,
    APPROVE,
    DENY,
    CONCEDE,
    ELIMINATE,
    WIN,
    REMOVE,
    NEXT,
    UNDO,
    EACH,
    *TABLE_ROWS,
    DECK,
)
BY_VERB: dict[str, Row] = {row.verb: row for row in TABLE}
BY_KIND: dict[str, Row] = {row.kind: row for row in TABLE}
VERBS: tuple[str, ...] = tuple(row.verb for row in TABLE if row.totem)


def write(intent: Intent) -> str:
    """The canonical phrase for an intent: reading it back gives the same intent."""
    return BY_KIND[intent.kind].write(intent)
