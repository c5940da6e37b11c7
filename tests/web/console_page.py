"""`totembot console SCRIPT --web 127.0.0.1:0` as a user starts it: the page's address is read
from standard error, and the process stops when the test is done."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "totembot: the live page is at "


def environment() -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "TOTEMBOT"))}
    return {**clean, "PYTHONPATH": str(ROOT)}


@asynccontextmanager
async def console_page(script: Path, *flags: str) -> AsyncIterator[str]:
    """The address of the console's live page while it serves the script's game."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "totembot", "console", str(script), "--web", "127.0.0.1:0", *flags,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, env=environment(),
    )  # fmt: skip
    assert process.stderr is not None
    try:
        line = (await asyncio.wait_for(process.stderr.readline(), 60)).decode()
        assert line.startswith(PREFIX), line
        yield line.removeprefix(PREFIX).strip()
    finally:
        process.terminate()
        await process.wait()


async def console_json(script: Path) -> dict[str, Any]:
    """What `totembot console SCRIPT --json` prints."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "totembot", "console", str(script), "--json",
        stdout=asyncio.subprocess.PIPE, env=environment(),
    )  # fmt: skip
    out, _ = await process.communicate()
    assert process.returncode == 0
    return dict(json.loads(out))
