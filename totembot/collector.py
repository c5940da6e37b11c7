"""The garbage collector's share of a long-running bot.

What start-up makes (modules, classes, the rules' tables, discord.py's, aiohttp's and
pydantic's own objects: about 66,000 here) lives as long as the process, yet every full
collection walked all of it again: about 12 ms on this machine with nothing else loaded, 30 to
90 ms in the bench's processes, each a pause of every channel. Once start-up is done, it is
moved out of the collector's sight (`gc.freeze`); each full collection then walks only what
came after (games, requests, messages), which is what can become garbage.
"""

from __future__ import annotations

import gc


def settle_start_up() -> None:
    """Freeze what start-up made: called once, before the first game is loaded (a game frozen
    could never be collected if it held a cycle). No collection first: after the imports it
    takes about 30 ms, which every start would wait for, and finds about ten objects."""
    gc.freeze()
