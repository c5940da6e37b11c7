"""A real browser for the live page's tests: Debian's chromium, driven by Playwright (never a
downloaded browser). Without it the tests are skipped with one line saying how to get it, or
fail when TOTEMBOT_REQUIRE_BROWSER=1 (CI sets it, having installed it)."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

REQUIRE = "TOTEMBOT_REQUIRE_BROWSER"
HOW = (
    "the live page's browser tests need Debian's chromium and Playwright: "
    "apt-get install -y chromium && pip install -e '.[test]'"
)
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    for candidate in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def unavailable(why: str) -> None:
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{why}: {HOW}", pytrace=False)
    pytest.skip(f"{why}: {HOW}")


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def browser() -> AsyncIterator[Any]:
    """One headless chromium for a test module."""
    path = chromium_path()
    if path is None:
        unavailable("no chromium at /usr/bin/chromium")
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        unavailable("Playwright is not installed")
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield launched
        finally:
            await launched.close()


@pytest_asyncio.fixture(loop_scope="session")
async def page(browser: Any) -> AsyncIterator[Any]:
    """A fresh page; a script error or a dialog on it fails the test."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    opened = await context.new_page()
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    opened.on("dialog", lambda dialog: problems.append(f"a dialog opened: {dialog.message}"))
    try:
        yield opened
    finally:
        await context.close()
    assert not problems, problems
