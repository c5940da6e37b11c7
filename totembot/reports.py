"""`totembot export`, `stats` and `summary`: what a database holds, told for people.

Each opens the database through the store (a file that is not there is refused, not created),
prints, and exits 0; a game that does not exist or a database that cannot be read is one
sentence on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from totembot.store import GameStore, StoreError

EXIT_OK = 0
EXIT_PROBLEM = 2


class ReportProblem(Exception):
    """A report cannot be made (no such game, say): one sentence for the person asking."""


async def run(command: str, database: str, args: argparse.Namespace) -> int:
    if not Path(database).is_file():
        print(f"totembot: there is no database at {database}.", file=sys.stderr)
        return EXIT_PROBLEM
    try:
        store = await GameStore.open(database)
    except StoreError as error:
        print(f"totembot: {error}", file=sys.stderr)
        return EXIT_PROBLEM
    try:
        await _report(command, store, args)
    except (ReportProblem, StoreError) as error:
        print(f"totembot: {error}", file=sys.stderr)
        return EXIT_PROBLEM
    finally:
        await store.close()
    return EXIT_OK


async def _report(command: str, store: GameStore, args: argparse.Namespace) -> None:
    if command == "export":
        from totembot.export import print_export

        await print_export(store, args.game, sys.stdout)
    elif command == "stats":
        raise ReportProblem("stats: not yet")
    else:
        raise ReportProblem("summary: not yet")
