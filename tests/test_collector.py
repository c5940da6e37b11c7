"""Start-up's objects are set aside from the garbage collector once, by the bot's start: each
full collection then walks only what came after, and what comes after is still collected.
Each check runs in a fresh interpreter (freezing pytest's own would change every later test)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path


def run(script: str, tmp_path: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_after_settling_a_full_collection_walks_only_what_came_after(tmp_path: Path) -> None:
    out = run(
        """
        import gc, weakref
        import totembot.bot.runner
        from totembot.collector import settle_start_up
        before = len(gc.get_objects())
        settle_start_up()
        after = len(gc.get_objects())
        class Node:
            pass
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle made after start-up: garbage once let go
        gone = weakref.ref(a)
        del a, b
        gc.collect()
        print(before, after, gc.get_freeze_count(), gone() is None)
        """,
        tmp_path,
    )
    before, after, frozen, collected = out.split()
    assert int(before) > 20_000  # discord.py, aiohttp, pydantic and the rules' tables
    assert int(after) < int(before) // 20
    assert int(frozen) >= int(before) // 2
    assert collected == "True"


def test_the_bots_start_up_settles_before_any_game_is_loaded(tmp_path: Path) -> None:
    out = run(
        f"""
        import asyncio, gc
        from totembot.bot.runner import close_bot, open_bot
        from totembot.settings import Settings

        async def main():
            settings = Settings(
                DISCORD_TOKEN="MTAwMDAwMDAwMDAwMDAwMDAw.GabCdE.test-token-not-a-secret-0123456",
                TOTEMBOT_DATABASE={str(tmp_path / "games.sqlite3")!r},
            )
            bot = await open_bot(settings)
            try:
                unsettled = gc.get_freeze_count()
                await bot.setup_hook()
                print(unsettled, gc.get_freeze_count())
            finally:
                await close_bot(bot)

        asyncio.run(main())
        """,
        tmp_path,
    )
    unsettled, settled = (int(count) for count in out.split())
    assert unsettled == 0
    assert settled > 20_000
