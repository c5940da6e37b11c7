"""What a player's panel has chosen, kept in its components' custom ids (at most 100
characters), so that a press works after a restart and nothing is kept in memory.

An id is `totem:panel:ACT:GAME:OWNER:VERSION:ACTOR:MOVE:TARGET:AMOUNT:PAGE`: what the
component does, the game the panel was drawn for, the member it belongs to, the game's version
when it was drawn, the seat it acts as (empty: the owner's own), the chosen move's key, the
chosen target's token, the amount, and the page of the move select shown (one digit; ids made
before pages existed have none and read as the first page).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

MAX_CUSTOM_ID = 100  # Discord's limit
PREFIX = "totem:panel:"
PATTERN = (
    r"totem:panel:(?P<act>[a-z0-9]{1,6}):(?P<game>[0-9]{1,18}):(?P<owner>[0-9]{1,20})"
    r":(?P<version>[0-9]{1,10}):(?P<actor>[0-9]{0,3}):(?P<move>[a-z0-9]{0,6})"
    r":(?P<target>[0-9t]{0,9}):(?P<amount>[0-9]{1,7})(?::(?P<page>[0-9]))?"
)
ID = re.compile(PATTERN)
BUTTON_ACTS = r"m5|m1|p1|p5|amt|do|new|x[a-z0-9]{1,5}"
SELECT_ACTS = r"mv|tg|as"
MODAL_ACT = "mdl"
STEPS = {"m5": -5, "m1": -1, "p1": 1, "p5": 5}


@dataclass(frozen=True)
class PanelState:
    """A panel's choices; `actor` is a seat (the host acting for a player), None for the
    owner's own."""

    game: int
    owner: int
    version: int
    actor: int | None = None
    move: str = ""
    target: str = ""
    amount: int = 1
    page: int = 0

    def custom_id(self, act: str) -> str:
        actor = "" if self.actor is None else str(self.actor)
        made = (
            f"{PREFIX}{act}:{self.game}:{self.owner}:{self.version}:{actor}:{self.move}"
            f":{self.target}:{self.amount}:{self.page}"
        )
        assert len(made) <= MAX_CUSTOM_ID and ID.fullmatch(made), made
        return made

    def but(self, **changes: object) -> PanelState:
        return replace(self, **changes)  # type: ignore[arg-type]

    @classmethod
    def read(cls, custom_id: str) -> tuple[str, PanelState] | None:
        """The act and the choices an id names; None when the bot never makes such an id."""
        found = ID.fullmatch(custom_id)
        if found is None:
            return None
        actor = found["actor"]
        state = cls(
            game=int(found["game"]),
            owner=int(found["owner"]),
            version=int(found["version"]),
            actor=int(actor) if actor else None,
            move=found["move"],
            target=found["target"],
            amount=int(found["amount"]),
            page=int(found["page"] or 0),
        )
        return found["act"], state
