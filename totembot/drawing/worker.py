"""The drawing process's program: read a picture, draw it, answer; until its input ends.

The bot starts it with `python -c` (`drawer.py`), so it runs the same totembot as the bot, in a
fresh interpreter: nothing of the bot's threads or locks is copied into it. It ends when its
input ends, which is also what happens when the bot's process dies, however it dies: it never
outlives the bot by more than the picture it is drawing.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import sys
import traceback
from typing import BinaryIO

from totembot.core.errors import RuleViolation
from totembot.drawing.frames import Answer, framed, read_frame

NICENESS = 10  # added to the bot's: the scheduler favours the bot's replies over pictures


def answer(data: bytes) -> Answer:
    """The answer to one message: the picture drawn, the ruleset's refusal, or what broke."""
    try:
        picture = pickle.loads(data)
        return ("png", picture.draw())
    except RuleViolation as refusal:
        return ("refused", str(refusal))
    except Exception:
        return ("raised", traceback.format_exc())


def serve(source: BinaryIO, sink: BinaryIO) -> None:
    """Answer every message from `source` on `sink`, in order, until `source` ends."""
    while (data := read_frame(source)) is not None:
        sink.write(framed(answer(data)))
        sink.flush()


def main() -> None:
    """Serve on stdin and stdout, at a lower priority than the bot: on a machine with few
    cores, a reply wins the processor over a picture. Whatever a library prints goes to stderr
    (the bot's log), never into the answers; Ctrl-C in the bot's terminal reaches this process
    too, and is left to the bot, which closes the input when it shuts down."""
    with contextlib.suppress(AttributeError, OSError):  # no os.nice on Windows
        os.nice(NICENESS)
    with contextlib.suppress(AttributeError, OSError):  # Linux only
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sink = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    serve(sys.stdin.buffer, sink)
