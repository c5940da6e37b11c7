"""Start-up imports only what the command needs: each check runs in a fresh interpreter, where
`sys.modules` tells what a command's imports (and a request) really loaded."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from totembot.games.registry import format_names, rulesets

ROOT = Path(__file__).resolve().parents[1]

# Drawing, the console's prompt, the test tools, the reports: never what `totembot run` needs
# to start. The Totemic rules load with the first Totemic game.
NOT_AT_BOT_START = (
    "matplotlib",
    "PIL",
    "prompt_toolkit",
    "hypothesis",
    "numpy",
    "asyncpg",
    "totembot.console.session",
    "totembot.console.main",
    "totembot.games.magic.help.pages",
    "totembot.reports.export",
    "totembot.reports.commands",
    "totembot.reports.stats",
    "totembot.games.magic.render.board",
    "totembot.render.chart",
    "totembot.render.summary",
    "totembot.reports.stats_text",
    "totembot.games.magic.render.embed",
    "totembot.games.totemic.rules",
    "totembot.games.totemic.ruleset",
)


def loaded_after(code: str, names: tuple[str, ...]) -> list[str]:
    """Which of `names` (or their submodules) are in sys.modules after running `code`."""
    script = textwrap.dedent(code) + textwrap.dedent(
        f"""
        import sys
        names = {names!r}
        print(sorted(n for n in names if any(m == n or m.startswith(n + ".") for m in sys.modules)))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return list(eval(result.stdout.strip().splitlines()[-1]))


def test_the_bot_starts_without_drawing_the_console_the_reports_or_totemic() -> None:
    code = "import totembot.cli, totembot.bot.runner, totembot.bot.client\n"
    assert loaded_after(code, NOT_AT_BOT_START) == []


def test_the_version_loads_neither_pydantic_nor_discord_nor_the_store() -> None:
    code = "import totembot.cli\n"
    names = (
        "pydantic",
        "discord",
        "aiohttp",
        "totembot.store",
        "totembot.games.magic.rules",
        "totembot.bot",
    )
    assert loaded_after(code, names) == []


def test_a_magic_request_and_its_reply_load_no_totemic_rules() -> None:
    code = """
        import asyncio
        import totembot.bot.runner
        from totembot.bot.games import reply_view
        from totembot.bot.replies import changes_text
        from totembot.games.magic.language.phrases import parse_line, parse_setup
        from totembot.games.magic.rules import new_game
        from totembot.service import GameService
        from totembot.store import NewGame, Seat, open_store

        async def main() -> None:
            store = await open_store(":memory:")
            config = parse_setup("game totem players: Ann, Bob, Cid")
            seats = tuple(Seat(display_name=name) for name in config.players)
            game = NewGame("1", "host", config, new_game(config), seats, "2026-01-01T00:00:00")
            await store.create_games([game])
            request = parse_line("Ann: deal 3 to Bob via Bob-Cid").request(host=True)
            recorded = await GameService(store).record("1", request, "host")
            assert "17" in changes_text(recorded.state.config.format, recorded.events)
            reply_view(recorded)
            await store.close()

        asyncio.run(main())
    """
    assert (
        loaded_after(code, ("totembot.games.totemic.rules", "totembot.games.totemic.ruleset")) == []
    )


def test_the_format_names_known_without_importing_totemic_are_every_rulesets() -> None:
    assert format_names() == tuple(name for ruleset in rulesets() for name in ruleset.formats)


def test_a_totemic_games_summary_and_chart_load_nothing_of_magic() -> None:
    code = """
        from totembot.games.registry import parse_setup, ruleset_of
        from totembot.render.chart import chart_png
        from totembot.render.summary import summary_text

        config = parse_setup("game totemic players: Ann, Bob power: 26, 30")
        ruleset = ruleset_of(config.format)
        story = ruleset.story(config, ruleset.new_game(config), [])
        assert summary_text(story) and chart_png(story).startswith(b"\\x89PNG")
    """
    assert loaded_after(code, ("totembot.games.magic",)) == []


def test_the_bot_draws_its_chart_and_board_without_loading_matplotlib_or_pillow_itself() -> None:
    code = """
        import asyncio
        import totembot.bot.client
        from totembot.bot.pictures import board_file, chart_file
        from totembot.drawing.drawer import Drawer
        from totembot.games.registry import parse_setup, ruleset_of

        async def main() -> None:
            config = parse_setup("game totem players: Ann, Bob, Cid")
            ruleset = ruleset_of(config.format)
            state = ruleset.new_game(config)
            drawer = Drawer()
            try:
                chart = await chart_file(drawer, ruleset.story(config, state, []))
                board = await board_file(drawer, config.format, state)
            finally:
                await drawer.close()
            for drawn in (chart, board):
                assert drawn.fp.read().startswith(b"\\x89PNG")

        asyncio.run(main())
    """
    assert loaded_after(code, ("matplotlib", "PIL", "numpy")) == []
