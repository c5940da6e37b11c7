"""The live page's pictures in docs/ (shown in the README), taken in Debian's chromium:

    PYTHONPATH=. .venv/bin/python tests/web/screenshots.py

Each game is played by `totembot console --web` from a short script, as a table would."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from playwright.async_api import async_playwright

from tests.browser import ARGS, chromium_path
from tests.web.console_page import ROOT, console_page

SHOTS = {
    "live-totem.png": (
        "game totem players: Ann, Bob, Cid, Dee, Eve\n"
        "Ann: deal 3 to Bob via left\nBob: poison 2 to Cid via Cid-Dee\nAnn: next\n"
        "Bob: gain 4 via Ann-Bob\nEve: deal 6 to Dee via Dee-Eve\nBob: get 2 energy\n",
        "",
        (1280, 860),
        5,
    ),
    "live-giant.png": (
        "game two-headed-giant teams: Ann+Bob, Cid+Dan commander\n"
        "Ann: deal 7 to Cid\nAnn: next\nCid: deal 4 to Ann\n"
        "Dan: attack Bob for 5 with commander\nCid: become the monarch\n",
        "",
        (1280, 860),
        5,
    ),
    "live-overlay.png": (
        "game free-for-all players: Ann, Bob, Cid, Dee\n"
        "Ann: deal 6 to Bob\nAnn: next\nBob: deal 15 to Cid\nCid: poison 3 to Dee\n",
        "?overlay&width=960&height=540",
        (960, 540),
        4,
    ),
}


async def main() -> None:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
        with tempfile.TemporaryDirectory() as folder:
            for name, (script, query, (width, height), version) in SHOTS.items():
                path = Path(folder) / "game.totem"
                path.write_text(script, encoding="utf-8")
                async with console_page(path) as address:
                    page = await browser.new_page(viewport={"width": width, "height": height})
                    await page.goto(address + query)
                    shown = f"body[data-link='live'][data-version='{version}']"
                    await page.wait_for_selector(shown)
                    overlay = "overlay" in query
                    await page.screenshot(
                        path=str(ROOT / "docs" / name),
                        omit_background=overlay,
                        full_page=not overlay,
                    )
                    await page.close()
                print(f"docs/{name}")
        await browser.close()


if __name__ == "__main__":
    asyncio.run(main())
