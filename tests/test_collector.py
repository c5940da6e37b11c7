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


def test_totembot_run_settles_once_its_imports_are_done_before_any_game_is_loaded(
    tmp_path: Path,
) -> None:
    """`totembot run`'s own start: Discord's login is replaced by a check of the collector
    (made to fail, so the run ends there with its one sentence)."""
    out = run(
        f"""
        import asyncio, gc
        import discord
        from totembot.bot import client
        from totembot.bot.runner import SetupProblem, run
        from totembot.settings import Settings

        async def login(bot, token):
            cached = len(bot.service._current._games)
            print(gc.get_freeze_count(), cached)
            raise discord.LoginFailure("stop here")

        client.TotemBot.login = login
        settings = Settings(
            DISCORD_TOKEN="MTAwMDAwMDAwMDAwMDAwMDAw.GabCdE.test-token-not-a-secret-0123456",
            TOTEMBOT_DATABASE={str(tmp_path / "games.sqlite3")!r},
        )
        try:
            asyncio.run(run(settings))
        except SetupProblem:
            pass
        """,
        tmp_path,
    )
    frozen, cached = (int(count) for count in out.split())
    assert frozen > 20_000
    assert cached == 0
