"""The `totembot` command: the offline console now, the Discord bot to come."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence

from totembot.console import EXIT_BAD_SETUP, EXIT_OK, SetupFailed, run_interactive, run_script


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="totembot", description="Keeps score for Totem games of Magic: The Gathering."
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
        "--json", action="store_true", help="print only the final state as JSON (RULES.md)"
    )
    return parser


def _console(script: str | None, as_json: bool) -> int:
    if script is None and sys.stdin.isatty() and not as_json:
        run_interactive(input, sys.stdout)
        return EXIT_OK
    try:
        if script is None:
            stream = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
            run_script(stream, sys.stdout, as_json)
        else:
            with open(script, encoding="utf-8", errors="replace") as handle:
                run_script(handle, sys.stdout, as_json)
    except OSError as error:
        print(f"totembot: cannot read {script}: {error.strerror}.", file=sys.stderr)
        return EXIT_BAD_SETUP
    except SetupFailed as error:
        print(f"totembot: {error}", file=sys.stderr)
        return EXIT_BAD_SETUP
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "console":
        return _console(args.script, args.json)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
