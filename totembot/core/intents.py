"""What every game's requests share: who records one (`Actor`) and the request every game's
language has, `undo`, which the shell answers from the game's history."""

from __future__ import annotations

from typing import Literal

from totembot.core.frozen import Frozen


class Actor(Frozen):
    """Who records a request: a seated player (the speaker; in Totemic also a solo rival), the
    host or an admin, or both."""

    player: str | None = None
    host: bool = False


class Undo(Frozen):
    kind: Literal["undo"] = "undo"
