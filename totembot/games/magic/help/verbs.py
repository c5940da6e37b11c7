"""Help pages for the request phrases, one per verb (pure data, like help_topics)."""

from __future__ import annotations

from totembot.core.help import Example, Topic
from totembot.games.magic.help.topics import COMMANDER, CONSENT

SOURCE_RULE = "The source cannot reach P through a totem P shares with the speaker (help totems)."
OWN_LIFE = (
    "Outside Totem no totem is named: P's own life takes it, or P's team's life in the giant "
    "formats. In Emperor, Teams and Grand Melee a speaker reaches only the players within "
    "their range of influence, counted in seats of players still in (help formats)."
)

DEAL = Topic(
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
)

LOSE = Topic(
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
)

GAIN = Topic(
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
)

PAY = Topic(
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
)

ATTACK = Topic(
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
        "attack Bob for 5 takes 5 from Bob's life (in the giant formats, his team's). Commander "
        "damage is tallied on the player hit: 21 from one commander makes that player lose.",
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
)

POISON = Topic(
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
)

SET = Topic(
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
            "Ann: set Bob life to 10", "Bob-Cid, the one totem Ann's source can reach, goes to 10."
        ),
        Example(
            "Ann: set Bob life to 30 counting right",
            "With Bob's right, Ann-Bob, at 15: the change is 30 - 15 = 15, so Bob-Cid gains 15.",
            before=("Cid: deal 5 to Bob via right",),
        ),
    ),
    aliases=("sphinx", "set-life"),
)

HALVE = Topic(
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
)

LOCK = Topic(
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
)

APPROVE = Topic(
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
)

CONCEDE = Topic(
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
)

ELIMINATE = Topic(
    name="eliminate",
    title="losing by another effect",
    forms=("eliminate P", "eliminate P by Q"),
    text=(
        "P loses by an effect other than a dead totem (an empty library, a card that says so). "
        "Any player still in, or the host, may record it.",
        "In the giant formats P's whole team loses with them, and in Emperor an emperor's "
        "team. No range of influence limits eliminate.",
        "eliminate P by Q needs the house rule madness-minions (help rules): P had to draw from "
        "an empty library, Q is the last opponent who made them draw or mill, and P becomes "
        "Q's minion instead of losing, keeping their life (if Q is a minion, P serves Q's "
        "master; P loses if already twice a minion). Q must be another player still in. A "
        "plain eliminate P still makes P lose.",
    ),
    examples=(Example("Ann: eliminate Cid", "Cid loses; the game goes on with Ann and Bob."),),
)

WIN = Topic(
    name="win",
    title="winning by an effect",
    forms=("win",),
    text=(
        "The speaker wins at once by an effect, and everyone else loses.",
        "In the team formats (giant, Emperor, Teams) the speaker's whole team wins: its "
        "players still in. Under the house rule minions a minion can win this way too.",
    ),
    examples=(Example("Cid: win", "Cid wins and the game is over."),),
)

REMOVE = Topic(
    name="remove",
    title="taking a player out (host only)",
    forms=("remove P",),
    text=(
        "The host (or a Discord admin) takes P out of the game, at any time; the line has no "
        "speaker. Their totems stay, as when a player concedes.",
        "In the giant formats P's whole team loses, and in Emperor an emperor's team.",
    ),
    examples=(Example("remove Cid", "Cid is out, removed by the host."),),
)

NEXT = Topic(
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
)

UNDO = Topic(
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
)

EACH = Topic(
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
)

VERB_TOPICS = (
    DEAL,
    LOSE,
    GAIN,
    PAY,
    SET,
    HALVE,
    EACH,
    ATTACK,
    POISON,
    LOCK,
    APPROVE,
    CONCEDE,
    ELIMINATE,
    WIN,
    REMOVE,
    NEXT,
    UNDO,
)
