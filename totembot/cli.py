"""The `totembot` command: the offline console, and the Discord bot (`run`, `sync`)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from totembot import __version__

if TYPE_CHECKING:
    from pydantic import ValidationError

# Each command imports what it needs when it runs: `run` never loads the console, and --version
# loads nothing.
IN_MEMORY = ":memory:"
EXIT_OK = 0
EXIT_SETTINGS = 2  # a setting to fix: restarting will not help
EXIT_UNREACHABLE = 75  # EX_TEMPFAIL: Discord could not be reached; try again later


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="totembot", description="Keeps score for Totem games of Magic: The Gathering."
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}", help="print the version"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    console = commands.add_parser(
        "console",
        help="play a game offline from a script or at a prompt",
        description=(
            "Play a Totem game without Discord. The first line sets the game up "
            "('game totem players: Ann, Bob, Cid'); every other line is one request "
            "('Ann: deal 3 to Bob via left'). With a terminal on standard input and no file, "
            "a prompt answers each line."
        ),
    )
    console.add_argument(
        "script", nargs="?", help="a script file to read (default: standard input)"
    )
    console.add_argument(
        "--json", action="store_true", help="print only the final state as JSON (see RULES.md)"
    )
    console.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="draw dice, coins and random players from a generator seeded with N (repeatable)",
    )
    console.add_argument(
        "--db",
        metavar="PATH",
        default=IN_MEMORY,
        help=(
            "keep the game in this SQLite file (or a postgresql:// URL), so the table can stop "
            "and resume: when the database holds the console's game, leave out the setup line "
            "to continue it (default: in memory, gone at exit)"
        ),
    )
    console.add_argument(
        "--web",
        metavar="HOST:PORT",
        help=(
            "also serve the game's live web page on HOST:PORT (e.g. 127.0.0.1:8080; its address "
            "is printed on standard error); after a script, keep serving until Ctrl-C"
        ),
    )
    run = commands.add_parser(
        "run",
        help="run the Discord bot (settings from the environment or .env)",
        description=(
            "Run the Discord bot until SIGTERM or Ctrl-C. Settings: see .env.example. "
            "A bot in more than 2,500 servers runs in shards: each process runs some of them "
            "(--shards with --shard-count), all sharing one database (see docs/deploying.md)."
        ),
    )
    run.add_argument(
        "--shards",
        metavar="IDS",
        help=(
            "run only these shards, as 0-3, 5 or 0,2,4-6 (default: TOTEMBOT_SHARDS; "
            "unset: the whole bot, unsharded)"
        ),
    )
    run.add_argument(
        "--shard-count",
        type=int,
        metavar="N",
        help=(
            "how many shards the whole bot has, the same in every process "
            "(default: TOTEMBOT_SHARD_COUNT)"
        ),
    )
    sync = commands.add_parser(
        "sync",
        help="register the slash commands with Discord, then exit",
        description=(
            "Register the slash commands: with --guild (or TOTEMBOT_SYNC_GUILD) in one guild at "
            "once, for development; otherwise globally (Discord may take a while to show them)."
        ),
    )
    sync.add_argument("--guild", type=int, metavar="ID", help="the guild to sync to")
    bench = commands.add_parser(
        "bench",
        help="measure a request against one durable commit (prints figures)",
        description=(
            "Measure, on fresh temporary databases: the floor (one event committed), a request "
            "through the service with 1, 100 and 1,000 games, their ratio, Discord API calls "
            "per request and per panel move through the tests' local Discord stand-in, and "
            "start-up time and "
            "memory with 11,000 stored games, and statistics over 10,000 finished games. "
            "With --db, the same on PostgreSQL (but the Discord calls, which do not depend on "
            "the database)."
        ),
    )
    bench.add_argument(
        "--quick", action="store_true", help="fewer samples: about a minute and a half"
    )
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument(
        "--db",
        metavar="URL",
        help=(
            "measure on this PostgreSQL server (postgresql://...): the benchmark makes its own "
            "databases there, totembot_bench_<pid>_*, and drops them after (the user needs "
            "CREATEDB); default: SQLite files in a temporary folder"
        ),
    )
    backup = commands.add_parser(
        "backup",
        help="copy the live database safely, even while the bot runs",
        description=(
            "Write a consistent copy of the database with SQLite's online backup (a plain file "
            "copy of a database in use is not safe). DEST is a file, or a folder for a dated file."
        ),
    )
    backup.add_argument("dest", metavar="DEST", help="the backup file, or a folder to put it in")
    backup.add_argument(
        "--db", metavar="PATH", help="the database to copy (default: TOTEMBOT_DATABASE)"
    )
    backup.add_argument(
        "--overwrite", action="store_true", help="replace DEST when it already exists"
    )
    _add_story_commands(commands)
    _add_migrate_db(commands)
    return parser


def _add_migrate_db(commands: Any) -> None:
    """`migrate-db`: a SQLite database's games into PostgreSQL, for several processes."""
    migrate_db = commands.add_parser(
        "migrate-db",
        help="copy every game, event and lobby of a SQLite file into PostgreSQL",
        description=(
            "Copy every game (ids kept), seat, event and lobby of a SQLite database into an "
            "empty PostgreSQL database, in one transaction, checked row by row before it "
            "commits. Stop the bot first. The SQLite file is upgraded first if it is older, "
            "keeping <database>.v<N>.bak; statistics are made again on PostgreSQL when first "
            "asked for. See docs/deploying.md."
        ),
    )
    migrate_db.add_argument(
        "--from",
        dest="source",
        required=True,
        metavar="SQLITE_PATH",
        help="the SQLite database to copy (only read, once upgraded if it is older)",
    )
    migrate_db.add_argument(
        "--to",
        dest="target",
        required=True,
        metavar="URL",
        help="the PostgreSQL database to fill, postgresql://user:password@host:5432/name "
        "(it must hold no games)",
    )


def _add_story_commands(commands: Any) -> None:
    """`export`, `stats` and `summary`: what a database holds, told for people."""
    export = commands.add_parser(
        "export",
        help="print a stored game as a script that `totembot console` plays back",
        description=(
            "Print a game (the latest by default) as a script in the phrase language, its setup "
            "line first and every recorded line after it, undo included: "
            "`totembot console --json` plays it back to exactly the stored state."
        ),
    )
    export.add_argument(
        "--game", type=int, metavar="ID", help="the game's number (default: latest)"
    )
    stats = commands.add_parser(
        "stats",
        help="print each player's games, wins, draws and losses in a database",
        description=(
            "Statistics of every finished game in the database: for each player (named as in "
            "their games) games, wins, draws, losses and win rate per format, average length "
            "and most common way of going out. A draw counts for the players still in when it "
            "ended; a player who went out before counts a loss. With --decks, each deck's games, "
            "wins, win rate, average place and rating; with --rivals --player NAME, their nemesis, "
            "victim and record against each other player (Magic games)."
        ),
    )
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.add_argument("--format", metavar="NAME", help="only games of this format")
    view = stats.add_mutually_exclusive_group()
    view.add_argument(
        "--ratings",
        action="store_true",
        help=(
            "print each server's ratings instead (openskill's Plackett-Luce over the finished "
            "games in the order they ended; Magic and Totemic apart), recomputed from the "
            "database"
        ),
    )
    view.add_argument(
        "--decks",
        action="store_true",
        help="per deck: games, wins, win rate, average place, rating (with --player, their decks)",
    )
    view.add_argument(
        "--rivals",
        action="store_true",
        help="a player's record against each other player, nemesis and victim (needs --player)",
    )
    stats.add_argument("--player", metavar="NAME", help="the player whose rivals or decks to show")
    stats.add_argument(
        "--against",
        metavar="NAME",
        help="with --rivals: only the head-to-head between --player and this player",
    )
    summary = commands.add_parser(
        "summary",
        help="print a game's summary, and draw its life chart",
        description=(
            "The end-of-game summary of a stored game (the latest by default): winners, turns, "
            "duration, who went out when and why, the biggest hit, commander damage; with "
            "--chart, the chart of every life total over the game as a PNG file."
        ),
    )
    summary.add_argument(
        "--game", type=int, metavar="ID", help="the game's number (default: latest)"
    )
    summary.add_argument("--chart", metavar="PNG", help="also write the life chart to this file")
    for command in (export, stats, summary):
        command.add_argument(
            "--db",
            metavar="PATH",
            help="the database to read, a file or a postgresql:// URL (default: TOTEMBOT_DATABASE)",
        )


def _database(db: str | None) -> str:
    """The database a report reads: --db, else the bot's setting."""
    if db is not None:
        return db
    from totembot.settings import load_settings

    return load_settings().database


def _report(args: argparse.Namespace) -> int:
    """`export`, `stats` and `summary`; a missing or unreadable database is one sentence."""
    from pydantic import ValidationError

    from totembot.reports import commands as reports

    try:
        database = _database(args.db)
    except ValidationError as error:
        print(f"totembot: {_setting_problem(error)}", file=sys.stderr)
        return EXIT_SETTINGS
    try:
        return asyncio.run(reports.run(args.command, database, args))
    except BrokenPipeError:  # `totembot stats ... | head`: the reader has all it wanted
        from totembot.console.main import silence_stdout

        silence_stdout()
        return EXIT_OK


def _setting_problem(error: ValidationError) -> str:
    problem = error.errors()[0]
    where = ".".join(str(part) for part in problem["loc"])
    message = str(problem["msg"]).removeprefix("Value error, ")
    if not where:  # a check of several settings together names them itself
        return f"{message}."
    return f"the setting {where} is invalid: {message}."


def _bot_command(args: argparse.Namespace) -> int:
    """Run or sync the bot; a setting problem is one sentence on standard error."""
    from pydantic import ValidationError

    from totembot.bot import runner
    from totembot.settings import load_settings
    from totembot.store import StoreError

    try:
        settings = load_settings()
        logging.basicConfig(
            level=settings.logging_level,
            format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        )
        if args.command == "run":
            shards = runner.shards_to_run(settings, args.shards, args.shard_count)
            asyncio.run(runner.run(settings, shards))
            return EXIT_OK
        count = asyncio.run(runner.sync(settings, args.guild or settings.sync_guild))
        print(f"Synced {count} commands.")
        return EXIT_OK
    except ValidationError as error:
        print(f"totembot: {_setting_problem(error)}", file=sys.stderr)
    except runner.DiscordUnreachable as error:
        print(f"totembot: {error}", file=sys.stderr)
        return EXIT_UNREACHABLE
    except (runner.SetupProblem, StoreError) as error:
        print(f"totembot: {error}", file=sys.stderr)
    except KeyboardInterrupt:
        return EXIT_OK
    return EXIT_SETTINGS


def _backup(dest: str, db: str | None, overwrite: bool) -> int:
    """`totembot backup`: the copy, then one line saying what it holds."""
    from pydantic import ValidationError

    from totembot.settings import load_settings
    from totembot.store import StoreError, backup_database

    try:
        source = db if db is not None else load_settings().database
        report = backup_database(source, Path(dest), overwrite)
    except ValidationError as error:
        print(f"totembot: {_setting_problem(error)}", file=sys.stderr)
        return EXIT_SETTINGS
    except StoreError as error:
        print(f"totembot: {error}", file=sys.stderr)
        return EXIT_SETTINGS
    games = f"{report.games} game" + ("" if report.games == 1 else "s")
    print(f"Backed up {games} (schema version {report.schema_version}) to {report.path}.")
    return EXIT_OK


def _migrate_db(source: str, target: str) -> int:
    """`totembot migrate-db`: the copy, then one line saying what it copied."""
    from totembot.store import StoreError
    from totembot.store.copy import copied_line, copy_to_postgres

    try:
        report = asyncio.run(copy_to_postgres(source, target))
    except StoreError as error:
        print(f"totembot: {error}", file=sys.stderr)
        return EXIT_SETTINGS
    opened = report.source
    if 0 < opened.version_before < opened.version:
        print(
            f"totembot: {source} was upgraded from schema {opened.version_before} to "
            f"{opened.version} first; the old one is kept as {opened.backup}.",
            file=sys.stderr,
        )
    print(copied_line(report, source, target))
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "console":
        from totembot.console.main import play_console

        try:
            return asyncio.run(
                play_console(args.script, args.json, args.db, args.seed, web=args.web)
            )
        except KeyboardInterrupt:
            return EXIT_OK
    if args.command == "bench":
        from totembot.bench import main as bench

        return bench.main(args.quick, args.json, args.db)
    if args.command == "backup":
        return _backup(args.dest, args.db, args.overwrite)
    if args.command in ("export", "stats", "summary"):
        return _report(args)
    if args.command == "migrate-db":
        return _migrate_db(args.source, args.target)
    return _bot_command(args)


if __name__ == "__main__":
    sys.exit(main())
