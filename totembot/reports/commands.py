"""`totembot export`, `stats` and `summary`: what a database holds, told for people.

Each opens the database through the store (a file that is not there is refused, not created),
prints, and exits 0; a game that does not exist or a database that cannot be read is one
sentence on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from totembot.core.errors import RuleViolation
from totembot.games.registry import format_names
from totembot.reports.chosen import ReportProblem, chosen_game
from totembot.reports.stats import by_name, count_games, player_stats, stats_json
from totembot.reports.stats_text import stats_text
from totembot.service import GameService
from totembot.store import GameStore, Progress, StoreError, open_store

if TYPE_CHECKING:
    from totembot.reports.ratings import PlayerRating
    from totembot.store import ResultRow

EXIT_OK = 0
EXIT_PROBLEM = 2


async def run(command: str, database: str, args: argparse.Namespace) -> int:
    try:
        store = await open_store(database, create=False)
    except StoreError as error:
        print(f"totembot: {error}", file=sys.stderr)
        return EXIT_PROBLEM
    opened = store.opened
    if 0 < opened.version_before < opened.version:
        kept = f"; the old one is kept as {opened.backup}" if opened.backup else ""
        print(
            f"totembot: the database was upgraded from schema {opened.version_before} to "
            f"{opened.version}{kept}.",
            file=sys.stderr,
        )
    try:
        await _report(command, store, args)
    except (ReportProblem, RuleViolation, StoreError) as error:
        print(f"totembot: {error}", file=sys.stderr)
        return EXIT_PROBLEM
    finally:
        await store.close()
    return EXIT_OK


async def _report(command: str, store: GameStore, args: argparse.Namespace) -> None:
    if command == "export":
        from totembot.reports.export import print_export

        await print_export(store, args.game, sys.stdout)
    elif command == "stats" and getattr(args, "ratings", False):
        from totembot.reports.rated import ratings_report

        known_format(args.format)
        print(await ratings_report(store, args.format, args.json))
    elif command == "stats" and (args.rivals or args.decks):
        from totembot.reports.views import decks_report, rivals_report

        await work_off_backlog(store)
        rows = await store.results(game_format=known_format(args.format))
        if args.rivals:
            print(rivals_report(rows, args.player, args.against, args.json))
        else:
            print(
                decks_report(rows, args.player, args.json, await _deck_ratings(store, rows, args))
            )
    elif command == "stats":
        print(await stats_report(store, args.format, args.json))
    else:
        print(await summary_report(store, args.game, args.chart))


async def _deck_ratings(
    store: GameStore, rows: list[ResultRow], args: argparse.Namespace
) -> dict[str, PlayerRating]:
    """Every deck's rating, folded over the database's Magic games in the order they ended
    (every server's: a deck is its name, wherever it was played, as its other figures)."""
    from totembot.reports.deck_ratings import by_deck, deck_key
    from totembot.reports.rated import server_ratings
    from totembot.reports.views import played_by

    key = deck_key(rows, played_by(args.player))
    return by_deck(await server_ratings(store, None, "magic", args.format, key))


def known_format(game_format: str | None) -> str | None:
    """The format asked for; one a game has not is refused in one sentence."""
    if game_format is not None and game_format not in format_names():
        known = ", ".join(format_names())
        raise ReportProblem(f"There is no format {game_format!r}: the formats are {known}.")
    return game_format


async def stats_report(store: GameStore, game_format: str | None, as_json: bool) -> str:
    """Every player's tally over the database's finished games (of one format)."""
    known_format(game_format)
    await work_off_backlog(store)
    rows = await store.results(game_format=game_format)
    players = player_stats(rows, by_name)
    games = count_games(rows)
    if as_json:
        return json.dumps(stats_json(games, players), indent=2, ensure_ascii=False)
    return stats_text(games, players, game_format)


async def work_off_backlog(store: GameStore) -> None:
    """Games that ended without their results (an older database, a `migrate-db` copy) are
    made first: the command line counts every game, and nobody else would make them when no bot
    runs. Once that takes REPORT_EVERY seconds, it says how far along it is on standard error;
    a short backlog is made without a word. A bot running on the same database goes on
    answering meanwhile (each batch is one short transaction)."""
    await store.backlog.start()
    progress = store.results_progress()
    if progress is None:
        return
    lines = ProgressLines(progress.total)
    await store.backlog.wait(lines.report, every=REPORT_EVERY)
    lines.end()


REPORT_EVERY = 1.0  # seconds between two progress lines, and before the first


class ProgressLines:
    """The backlog's progress on standard error: a first line when it is first told, one line
    each time, and a last line if anything was said."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.said = False

    def report(self, progress: Progress) -> None:
        if not self.said:
            self.said = True
            print(
                f"totembot: making the statistics of {self.total} finished games that have "
                "none yet (an older database)...",
                file=sys.stderr,
            )
        print(f"totembot: {progress.done} of {progress.total} done.", file=sys.stderr)

    def end(self) -> None:
        if self.said:
            print("totembot: statistics made.", file=sys.stderr)


async def summary_report(store: GameStore, game_id: int | None, chart: str | None) -> str:
    """A game's summary as text; with `chart`, its life chart is written to that file."""
    from totembot.render.summary import summary_text

    chosen = await chosen_game(store, game_id)
    story = await GameService(store).story(chosen)
    text = f"Game {chosen}: " + summary_text(story)
    if chart is not None:
        from totembot.render.chart import chart_png

        try:
            Path(chart).write_bytes(chart_png(story))
        except OSError as error:
            problem = f"The chart cannot be written to {chart} ({error.strerror})."
            raise ReportProblem(problem) from error
        text += f"\nChart written to {chart}."
    return text
