"""How the bot and its drawing process talk over the worker's stdin and stdout: each message a
pickle after its length (4 bytes, big-endian). Both ends are totembot's own code, started by
the bot itself, so pickle carries a story or a game's state as it is.

The bot sends a picture (`pictures.Picture`); the worker answers one of
- ("png", the picture's bytes),
- ("refused", a RuleViolation's sentence: the ruleset refuses, e.g. a game with no board),
- ("raised", the traceback of anything else the drawing raised: a bug, logged as one).
"""

from __future__ import annotations

import pickle
import struct
from typing import BinaryIO, Literal

HEADER = struct.Struct(">I")
Kind = Literal["png", "refused", "raised"]
Answer = tuple[Kind, bytes | str]


def framed(value: object) -> bytes:
    """The message for `value`: its length, then its pickle."""
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def read_frame(source: BinaryIO) -> bytes | None:
    """The next message's pickle from a blocking stream; None at its end (the bot closed it,
    or its process is gone)."""
    header = source.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    (size,) = HEADER.unpack(header)
    data = source.read(size)
    return data if len(data) == size else None
