"""What one row of the request table holds: everything a request is in the language.

A request is its intent model (`rules/intents.py`), its handler (`rules/engine.py`) and one row
of `totembot.games.magic.language.requests.TABLE`. The row says how the phrase reads and is
written, and carries what the rest of the bot derives from it: the help page and its place in
the help index, how its life change and a fall to it are told, what the console's Tab offers,
which players or totems autocomplete offers, and the structured slash command that builds the
same intent, if the bot has one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from totembot.core.help import Topic
from totembot.games.magic.language.words import Words
from totembot.games.magic.rules.intents import Intent, LifeCause

# The groups of the help index, in the order it lists them (after "The game").
LIFE = "Life"
COMBAT = "Combat and counters"
LOCKS = "Locks and consent"
LEAVING = "Leaving, turns, undo"
TABLE_GROUP = "Counters, designations, dice"
DECKS = "Decks"
GROUPS = (LIFE, COMBAT, LOCKS, LEAVING, TABLE_GROUP, DECKS)

# Whom a request may name, for autocomplete (`totembot.games.magic.language.options`):
# "target", the players a source the speaker controls may reach and their legal totems;
# "own", the speaker's own totems ("own-unlocked" and "own-locked" only those unlocked or
# locked); "attack", the players and totems the speaker may attack; "turn", the players taking
# a turn; "anyone", every player still in and no totem.
Reach = Literal["target", "own", "own-unlocked", "own-locked", "attack", "turn", "anyone"]

# The slots of `Tab.words`: a number, a player, a totem (in Totem; nothing elsewhere), a totem
# in Totem and a player elsewhere, a player or (outside Totem) `each`.
NUMBER, PLAYER, TOTEM, TOTEM_OR_PLAYER, PLAYER_OR_EACH = "N", "P", "T", "T/P", "P/each"
SLOTS = (NUMBER, PLAYER, TOTEM, TOTEM_OR_PLAYER, PLAYER_OR_EACH)


@dataclass(frozen=True)
class Tab:
    """What the console's Tab offers after the verb: the words the phrase needs, in order
    (slots and the keywords between them, like `("N", "to", "P")`), then its optional clauses.
    A request whose words are left out offers nothing after its verb."""

    words: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ()

    @property
    def keywords(self) -> tuple[str, ...]:
        """The keywords the phrase needs, which Tab offers until they are typed."""
        return tuple(word for word in self.words if word not in SLOTS)

    def after(self, word: str) -> str | None:
        """The slot or keyword that follows `word` in the phrase, if any."""
        if word not in self.words:
            return None
        index = self.words.index(word) + 1
        return self.words[index] if index < len(self.words) else None


@dataclass(frozen=True)
class Told:
    """A life change this request makes: its cause (the event's), the words that come before
    whoever's source it was ("halved by"), and whether the story counts it as a hit."""

    cause: LifeCause
    by: str
    hit: bool = False


@dataclass(frozen=True)
class PanelMove:
    """How a request is offered on a player's panel (`/totem panel`): the panel is drawn from
    these, so a row with one appears there without panel code of its own.

    `phrase` is the line the panel says, a form of the row with placeholders: `{amount}` (the
    panel's amount, so it shows steppers), `{target}` (a player, or in Totem a totem, chosen in
    the target select from the row's `reach`), and `[ via {totem}]`, a clause kept only when the
    chosen target names a totem (Totem's `target` and own reaches). `key` names the move in the
    panel's component ids (a few letters, never reused for another move); `label` is its name
    in words; `commander`, offered only in commander games; `button`, shown as a button of
    its own rather than in the select of moves; `when`, "own turn" for a move offered only on
    the speaker's own turn; `named`, offered again for each commander the speaker has named
    (partners), its phrase followed by the name."""

    key: str
    label: str
    phrase: str
    commander: bool = False
    button: bool = False
    when: str = ""
    named: bool = False

    @property
    def amount(self) -> bool:
        """Whether the move takes the panel's amount."""
        return "{amount}" in self.phrase

    @property
    def target(self) -> bool:
        """Whether the move names a player (or a totem) chosen in the target select."""
        return "{target}" in self.phrase

    @property
    def totem(self) -> bool:
        """Whether the move may name a totem (in Totem, chosen in the target select)."""
        return "{totem}" in self.phrase


class Fall(NamedTuple):
    """Minions & Masters: what a player fell to, told with the controller ("{by}'s damage")
    and without one ("damage")."""

    by: str
    alone: str


@dataclass(frozen=True)
class Row:
    """One request of the language.

    `read` takes the words after the verb and returns the intent; `write` gives the canonical
    phrase back (`read(write(i)) == i`); `page` is its help page (two rows may share one, as
    `lock` and `unlock` do), listed in the help index under `group`. `totem` is False for a
    request refused in Totem and left out of the lists of verbs there (`each`). `panel`: the
    moves the player's panel offers for it (none: the panel does not offer it).
    """

    verb: str
    kind: str
    read: Callable[[Words], Intent]
    write: Callable[[Any], str]
    page: Topic
    group: str
    tab: Tab = Tab()
    reach: Reach = "anyone"
    life: Told | None = None
    fall: Fall | None = None
    slash: str | None = None
    totem: bool = True
    panel: tuple[PanelMove, ...] = ()

    @property
    def topic(self) -> str:
        """The name of its help page."""
        return self.page.name
