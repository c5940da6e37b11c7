"""What `help` teaches besides the requests: the game, its formats, totems, death, house rules.

Each request's own page is part of its row in the request table
(`totembot.games.magic.language.requests`). Pure data, shared by the console and Discord. Each
example is played in the tests on a fresh game (its `setup`, then its `before` lines), so an
example that the rules refuse fails a test. The other formats (free-for-all, Grand Melee, the
giant formats, Emperor, Teams) are taught in the text of their pages.
"""

from __future__ import annotations

from totembot.core.help import THREE, Example, Topic
from totembot.games.magic.language.topic import COMMANDER, CONSENT

SEATS = "With Ann, Bob, Cid the totems are Ann-Bob, Bob-Cid and Cid-Ann."

GAME = Topic(
    name="game",
    title="set a game up",
    forms=("game totem players: P1, P2, P3 [life: N] [commander] [rules: R1, R2]",),
    text=(
        "The first line of a script, or the first line at the console, sets the game up "
        "(in Discord, /totem new does). Players are listed in seat order, which is turn "
        "order: the first takes turn 1. A game has 3 to 8 players, each a different one-word "
        "name.",
        "Every totem starts at the format's life: 20, or 40 with commander. After the players, "
        "in any order: life: N for another starting life (1 to 1,000,000), commander for a "
        "commander game, rules: to turn house rules on (see help rules).",
        "Other formats: free-for-all and grand-melee list players, like game free-for-all "
        "players: Ann, Bob, Cid; two-headed-giant, emperor and teams list teams, like game "
        "two-headed-giant teams: Ann+Bob, Cid+Dan (see help formats).",
    ),
    examples=(
        Example(THREE, "Three players, 20 life on each of Ann-Bob, Bob-Cid and Cid-Ann."),
        Example(
            "game totem players: Ann, Bob, Cid, Dan commander rules: half-life-consent",
            "A commander game: 40 life per totem, with the half-life-consent house rule.",
        ),
        Example("game totem players: Ann, Bob, Cid, Dan, Eve life: 30", "Five players at 30."),
    ),
    aliases=("setup", "set-up", "new", "start", "players"),
)

REQUESTS = Topic(
    name="requests",
    title="how a request line reads",
    forms=("Speaker: phrase", "phrase"),
    text=(
        "Every line after the setup is one request. The speaker, before the colon, is the "
        "player who records it and, unless the phrase says otherwise, controls its source. A "
        "line without a speaker is recorded by the host, the game's creator (in Discord /do, "
        "by you). A comment starts with # and runs to the end of the line.",
        "A name is one word of letters, digits, underscores or apostrophes. Names and keywords "
        "match whatever their case. Amounts are whole numbers from 1 to 1,000,000; a life total "
        "to set, from -1,000,000 to 1,000,000.",
        "The words the and totem around a totem are optional; any other word a phrase does not "
        "expect makes the line unreadable. A refused line says why in one sentence and changes "
        "nothing.",
        "Besides life, every Magic format keeps player counters (help get), the monarch and the "
        "initiative (help become), day and night (help it), the city's blessing, the Ring (help "
        "ring), commander tax (help cast), and dice, coins and random players (help roll).",
    ),
    examples=(
        Example("Ann: deal 3 to Bob", "Ann records 3 damage from a source she controls."),
        Example("Bob loses 4 via left", "No speaker: the host records it; Bob-Cid loses 4."),
        Example(
            "ann: DEAL 3 to bob via the Bob-Cid totem",
            "The same as Ann: deal 3 to Bob via Bob-Cid.",
        ),
    ),
    aliases=("request", "line", "lines", "speaker", "host", "names", "name", "language"),
)

TOTEMS = Topic(
    name="totems",
    title="naming a totem, and which totem takes a change",
    forms=("left", "right", "Bob-Cid", "the left totem"),
    text=(
        "There is one totem between each pair of neighbours; its two players share its life. "
        + SEATS,
        "left is the player's totem shared with the next player in turn order (the turn passes "
        "to the left); right is the one shared with the previous player. So Bob's left is "
        "Bob-Cid and his right is Ann-Bob; Ann's left is Ann-Bob and her right is Cid-Ann.",
        "Left and right are seen from the player whose totem changes: P in deal 3 to P via "
        "left, the speaker for pay, lock and unlock, the player named after hitting in an "
        "attack. Bob-Cid names a totem by its two players, in either order (Cid-Bob too).",
        "Which totem takes it: a player may take a change on either of their totems, except "
        "one they share with the player who controls the source (the speaker); a player who is "
        "the source's controller may use both. When only one is legal it is used without being "
        "named; when two are legal and none is named, the request is refused (in Discord, "
        "buttons ask).",
    ),
    examples=(
        Example(
            "Ann: deal 3 to Bob", "Ann-Bob is Ann's own totem, so Bob-Cid takes the 3 unnamed."
        ),
        Example("Cid: gain 2 via the left totem", "Cid's left totem, Cid-Ann, gains 2."),
        Example("Bob: poison 1 to Ann via Ann-Cid", "Cid-Ann gets 1 poison counter."),
    ),
    aliases=("totem", "left", "right", "sides", "via"),
)

DEATH = Topic(
    name="death",
    title="when a totem dies and the game ends",
    text=(
        "A totem dies when it has 0 or less life, 10 or more poison counters, or 21 or more "
        "combat damage from one single commander (20 is not lethal). Both of its players still "
        "in the game then lose at once. Life is never clamped: -5 stays -5. A lock does not "
        "stop poison or commander damage.",
        "A player who is out (lost, conceded or removed) cannot act or be chosen; their totems "
        "stay, each attached only to the other neighbour. A totem with no player left in the "
        "game can no longer be chosen or attacked.",
        "The game ends when at most one player is still in: that player wins, and if the last "
        "players all lose at once it is a draw. After the end only undo can be recorded.",
        "Outside Totem the same limits make a player lose on their own life total (in the "
        "giant formats the whole team loses on its life, and its poison is lethal at 15 for "
        "two players; in Emperor a team loses with its emperor): see help formats.",
        "Under the house rule minions (free-for-all and Grand Melee), a player brought to 0 "
        "life or less by another player's line serves that player as a minion instead of "
        "losing, and the game ends when at most one player still in is not a minion: see help "
        "rules.",
    ),
    examples=(
        Example("Ann: deal 20 to Bob", "Bob-Cid falls to 0 and dies: Bob and Cid lose; Ann wins."),
        Example(
            "Ann: attack Bob-Cid for 21 with commander",
            "In a commander game Bob-Cid keeps 19 life but dies of 21 commander damage.",
            setup=COMMANDER,
        ),
    ),
    aliases=("dead", "dying", "lethal", "end", "ending", "winning"),
)

RULES = Topic(
    name="rules",
    title="the house rules, off unless the setup line turns them on with rules:",
    text=(
        "half-life-consent: in Totem, paying from a totem below half the starting life (before "
        "paying) needs its other player's approval, if still in: the payment waits for their "
        "approve (paid) or deny (dropped).",
        "player-poison: in Totem, poison counters go on players, not totems, and a poison "
        "request names no totem. A player with 10 loses alone.",
        "sorcery-concede: in every format, a player may concede only during their own turn (in "
        "the giant formats their team's, in Grand Melee while they hold a turn marker). The "
        "host or an admin may still concede for (concede P) or remove anyone.",
        "minions: in free-for-all and grand-melee, a player brought to 0 life or less by "
        "another player's line becomes that player's minion, at 10 life (a second time at 5; "
        "a third time they lose). Killing yourself, a host line, 21 commander damage or poison "
        "(without poison-minions) still make a player lose. A minion's kill goes to their "
        "master; a minion who kills their master is freed and the master becomes theirs. "
        "Minions pass to their master's new master, and are freed when their master leaves. "
        "When at most one player still in is not a minion, that player wins and the minions "
        "lose; a minion can still win by win.",
        "poison-minions: with minions, poison counts per giver. At 10, a player becomes the "
        "minion of whoever gave the most (a tie: the latest), whose counters come off; a "
        "minion at 10 loses.",
        "madness-minions: with minions, eliminate P by Q (P had to draw from an empty library, "
        "Q made them draw or mill last) makes P Q's minion, life unchanged.",
    ),
    examples=(
        Example(
            "game totem players: Ann, Bob, Cid rules: player-poison, sorcery-concede",
            "Both rules on, at 20 life.",
        ),
        Example(
            "Ann: pay 2 via left",
            "Ann-Bob at 9, below half of 20: the payment waits for Bob's answer.",
            setup=CONSENT,
            before=("Cid: deal 11 to Ann via Ann-Bob",),
        ),
        Example(
            "Bob: poison 3 to Cid",
            "Under player-poison, Cid gets 3 poison counters.",
            setup="game totem players: Ann, Bob, Cid rules: player-poison",
        ),
        Example(
            "Ann: concede",
            "Under sorcery-concede, accepted on Ann's turn; Bob: concede would be refused now.",
            setup="game totem players: Ann, Bob, Cid rules: sorcery-concede",
        ),
    ),
    aliases=(
        "house",
        "house-rules",
        "half-life-consent",
        "player-poison",
        "sorcery-concede",
        "minions",
        "minion",
        "masters",
        "poison-minions",
        "madness-minions",
    ),
)

FORMATS = Topic(
    name="formats",
    title="the six formats, and how each is set up",
    forms=(
        "game totem players: Ann, Bob, Cid",
        "game free-for-all players: Ann, Bob, Cid",
        "game grand-melee players: Ann, Bob, Cid, Dan, Eve, Fay, Gus, Hal",
        "game two-headed-giant teams: Ann+Bob, Cid+Dan",
        "game emperor teams: Ann+Bob+Cid, Dan+Eve+Fay",
        "game teams teams: Ann+Bob, Cid+Dan",
    ),
    text=(
        "Then, in any order: life: N, commander, rules: (help game). Teams are their players "
        "joined by +, all of one size.",
        "totem, 3 to 8 players: neighbours share a life total, a totem (help totems).",
        "free-for-all or ffa, 2 to 12: each player has their own life (20, or 40 with "
        "commander), poison (10 is lethal) and commander damage.",
        "grand-melee or melee, 4 to 16: a free-for-all where a player's spells reach only their "
        "neighbours, and they attack only the next player to their left. One turn marker per full "
        "four players lets several players take turns at once (help next).",
        "two-headed-giant, 2hg or giant, 2 to 4 teams of 2 to 4: one life total per team, 20 "
        "per player (30 with commander), and team poison, lethal at 15 for two players and 5 "
        "more per further player. For halve and set, a player's life is the team's divided by "
        "its players, rounded up. Teams sit together and take turns together; one player out "
        "and the whole team loses.",
        "emperor, 2 to 4 teams of 3 or 5: teams sit together, the middle player the emperor, "
        "who takes turn 1 in the first team. An emperor's spells reach 2 seats (3 in teams of "
        "five), a general's 1. The team loses when its emperor does.",
        "teams, 2 to 4 teams of 2 to 4: seated apart (Ann+Bob, Cid+Dan sit Ann, Cid, Bob, Dan), "
        "spells reaching 2 seats. Players lose one by one; a team wins when every "
        "opponent is out.",
        "Ranges count the seats as the turn began, attacks the players still in. In Emperor "
        "and Teams a player attacks only an opponent seated next to them. Outside Totem there "
        "are no totems (via, counting and hitting are refused), lock takes no totem, and help "
        "each covers effects on each player.",
    ),
    aliases=(
        "format",
        "free-for-all",
        "ffa",
        "two-headed-giant",
        "2hg",
        "giant",
        "emperor",
        "grand-melee",
        "melee",
        "teams",
        "team",
        "range",
    ),
)

TOTEMIC = Topic(
    name="totemic",
    title="Totemic, the card game of animal spirits (docs/totemic.md)",
    forms=(
        "game totemic players: Ann, Bob power: 26, 30 [levels: 5, 10, 15, 20, 25, 30] [match: 3]",
        "game totemic-solo players: Ann power: 26 rivals: Badger 28, Bat 20, Wolf 25 [levels: ...]",
    ),
    text=(
        "The bot keeps power, the totem's level, dominance, the turn and the challenge; the "
        "cards stay in your hands. Powers and levels are 1 to 1,000, levels rising; match: is "
        "1, 3, 5, 7 or 9. Solo rivals go from the bottom of the Hierarchy of Spirits up. More "
        "power holds dominance (a tie: the second animal), and the other plays first.",
        "draw, invoke, challenge: the active player's one action a turn (challenge may follow "
        "invoke).",
        "accept, threaten, submit: the challenged player's answer. threaten raises the totem one "
        "level and passes the answer back (at the last level it is accepted); submit costs 5.",
        "reveal N: after accept, each player's total strength, 0 to 1,000. Higher wins, a tie "
        "goes to dominance (which then passes, for 1 power); the loser loses the level.",
        "gain N, lose N (the speaker), Bob gains N, Bob loses N: a card's effect on power, N "
        "from 1 to 1,000,000 (a line with no speaker names who).",
        "dominance: the speaker takes it; whoever loses it loses 1 power.",
        "reshuffle: the deck ran out, each player loses 1 power.",
        "next: the turn ends (after an action, no challenge open) and the totem goes back to its "
        "first level; at 0 power or less the game ends: more power wins, a tie dominance.",
        "undo: the last change is taken back (the host or either animal, even after the end).",
        "Solo: you say the rival's lines by its name (Badger: challenge, Badger: reveal 9, its "
        "challenge card included); it accepts every challenge and threat itself. Beat it and "
        "the next comes: your power plus half its starting power.",
        "On Discord: /totemic new or solo, /do, /next, /undo; answers are buttons for the "
        "challenged player; reveal in secret with /totemic reveal.",
    ),
    aliases=("totemic-solo", "solo", "challenge", "reveal", "threaten", "dominance", "rival"),
)
