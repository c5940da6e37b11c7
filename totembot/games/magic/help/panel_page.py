"""The help's page on `/totem panel`, with the moves it offers read from the request table's
rows (a new row's panel move is listed here without an edit)."""

from __future__ import annotations

from totembot.core.help import Example, Topic
from totembot.games.magic.language.requests import TABLE

MOVES = ", ".join(move.label for row in TABLE for move in row.panel if not move.button)

PANEL = Topic(
    name="panel",
    title="/totem panel, your own buttons for your moves (Discord)",
    forms=("/totem panel",),
    text=(
        "Only you see it: your state (life or totems, poison, commander damage taken, counters, "
        "designations, whose turn it is) and your moves. Choosing only redraws it; nothing is "
        "recorded until you press Say.",
        "Choose a move: " + MOVES + ". Whom it is for: the players (in Totem, a player and "
        "totem, or the totem attacked) the rules let you reach, as autocomplete offers them. "
        "Amount: 5 less, 1 less, 1 more, 5 more, or Other amount (1 to 1,000,000). When the "
        "moves outgrow one list (partners named), choose More moves... or Back in it.",
        "Say: LINE records LINE as /do LINE would: the same reply in the channel, the same "
        "status, a refusal in the same sentence, shown in your panel only. Pass the turn (on "
        "your turn), Undo my last change (only a change you recorded) and Refresh are buttons. "
        "The host or an admin also "
        "has Act as: whom the panel records for, as /do Name: LINE does.",
        "Worked example, Ann in Totem with Bob and Cid: /totem panel; Choose a move: Deal "
        "damage; Choose whom it is for: Bob via Bob-Cid (left): 20 life; 1 more, twice "
        "(amount 3); the button now reads Say: deal 3 to Bob via Bob-Cid. Pressing it posts "
        "the reply that Bob-Cid went from 20 to 17, dealt by Ann, in the channel, the pinned "
        "status follows, and the panel redraws with Bob-Cid at 17.",
        "It works after a restart; a panel whose game is over, or whose changes were undone, "
        "answers with one sentence and a fresh panel. It is for Magic games only.",
    ),
    examples=(
        Example(
            "Ann: deal 3 to Bob via Bob-Cid",
            "What Say records in the worked example: Bob-Cid goes from 20 to 17.",
        ),
    ),
    aliases=("buttons",),
)
