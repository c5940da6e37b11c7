"""The live page in a real browser (Debian's chromium): it shows what `totembot console --json`
says, names stay text, Totemic's secret stays hidden, and the overlay is transparent and sized
by its address."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.console_page import console_json, console_page

pytestmark = pytest.mark.asyncio(loop_scope="session")

TOTEM = """\
game totem players: Ann, Bob, Cid, Dee
Ann: deal 3 to Bob via left
Bob: poison 2 to Cid via Cid-Dee
Ann: next
Bob: gain 4 via Ann-Bob
Cid: deck Tymna and Kraum
"""
GRAND_MELEE = """\
game grand-melee players: Ann, Bob, Cid, Dan, Eve, Fay, Gus
Ann: deal 4 to Bob
Ann: next
Bob: deal 25 to Cid
Bob: each opponent loses 1
"""
TOTEMIC_SECRET = """\
game totemic players: Ann, Bob power: 26, 30
Ann: challenge
Bob: accept
Ann: reveal 9
"""


def written(tmp_path: Path, text: str) -> Path:
    script = tmp_path / "game.totem"
    script.write_text(text, encoding="utf-8")
    return script


async def shown_text(page: Any, selector: str) -> str:
    return str(await page.locator(selector).first.text_content()).strip()


async def check_players(page: Any, state: dict[str, Any]) -> None:
    """Each player's card says their status, and their life where they own one."""
    for player in state["players"]:
        card = f'#cards [data-player="{player["name"]}"]'
        assert await shown_text(page, f"{card} .name") == player["name"]
        assert await shown_text(page, f"{card} .status") == player["status"]
        if "life" in player:
            assert await shown_text(page, f"{card} .life") == str(player["life"])
        if player.get("deck"):
            assert await shown_text(page, f"{card} .deck") == player["deck"]
        else:
            assert await page.locator(f"{card} .deck").count() == 0


async def test_a_totem_game_shows_what_the_console_json_says(page: Any, tmp_path: Path) -> None:
    script = written(tmp_path, TOTEM)
    state = await console_json(script)
    async with console_page(script) as address:
        await page.goto(address)
        await page.wait_for_selector("body[data-version='5']")
        assert [p.get("deck") for p in state["players"]] == [None, None, "Tymna and Kraum", None]
        await check_players(page, state)
        for totem in state["totems"]:
            key = "|".join(totem["seats"])
            assert await shown_text(page, f'#extra [data-totem="{key}"] .life') == str(
                totem["life"]
            )
            assert await shown_text(page, f'#board [data-totem="{key}"] text') == str(totem["life"])
        turn = state["turn"]
        assert await shown_text(page, "#turn") == f"Turn {turn['number']}: {turn['active']}"
        assert await page.locator("#changes li").count() == 5
        assert await page.get_attribute("body", "data-link") == "live"


async def test_a_grand_melee_game_shows_what_the_console_json_says(
    page: Any, tmp_path: Path
) -> None:
    script = written(tmp_path, GRAND_MELEE)
    state = await console_json(script)
    async with console_page(script) as address:
        await page.goto(address)
        await page.wait_for_selector("body[data-version='4']")
        await check_players(page, state)
        assert [p["status"] for p in state["players"]].count("in") == 6  # Cid is out
        markers = [m for m in state["markers"] if not m["waiting"]]
        assert await shown_text(page, "#turn") == " · ".join(
            f"Turn {m['number']}: {m['player']}" for m in markers
        )


async def test_a_totemic_strength_revealed_by_one_player_stays_hidden(
    page: Any, tmp_path: Path
) -> None:
    script = written(tmp_path, TOTEMIC_SECRET)
    assert (await console_json(script))["challenge"]["revealed"] == {"Ann": 9}  # the console's
    async with console_page(script) as address:
        await page.goto(address)
        await page.wait_for_selector("body[data-version='3']")
        assert await shown_text(page, '.revealed[data-player="Ann"] .strength') == "hidden"
        assert "9" not in await page.inner_text("#extra")
        assert "9" not in await page.inner_text("#changes")
        assert await shown_text(page, '#cards [data-player="Bob"] .power') == "30"


HOSTILE = ["<script>window.pwned=1</script>", '"><img src=x onerror="window.pwned=1">']


async def test_hostile_names_show_as_typed_and_run_nothing(page: Any, tmp_path: Path) -> None:
    """The page's drawing given names no setup line accepts, as a future source might send:
    the stream is answered by the test itself, with these names."""
    async with console_page(written(tmp_path, TOTEM)) as address:
        state = await console_json(written(tmp_path, TOTEM))
        for player, name in zip(state["players"], HOSTILE * 2, strict=True):
            player["name"] = name + player["name"]
        state["totems"][0]["seats"] = [state["players"][0]["name"], state["players"][1]["name"]]
        message = {"game": 1, "version": 9, "title": HOSTILE[1], "state": state, "changes": [
            {"seq": 9, "at": "", "text": HOSTILE[0]}
        ]}  # fmt: skip
        body = f"event: table\ndata: {__import__('json').dumps(message)}\n\n"
        await page.route(
            "**/events",
            lambda route: route.fulfill(
                status=200, headers={"Content-Type": "text/event-stream"}, body=body
            ),
        )
        await page.goto(address)
        await page.wait_for_selector("body[data-version='9']")
        for player in state["players"]:
            assert await shown_text(page, f"#cards .card:has-text('{player['name'][-3:]}') .name")
        names = await page.locator("#cards .name").all_text_contents()
        assert names == [player["name"] for player in state["players"]]
        assert await shown_text(page, "#title") == HOSTILE[1]
        assert await shown_text(page, "#changes li") == HOSTILE[0]
        assert await page.locator("#page img, #page script").count() == 0
        assert await page.evaluate("window.pwned") is None


async def test_the_overlay_is_transparent_chrome_free_and_sized_by_its_address(
    page: Any, tmp_path: Path
) -> None:
    async with console_page(written(tmp_path, TOTEM)) as address:
        await page.goto(f"{address}?overlay&width=800&height=450")
        await page.wait_for_selector("body.overlay[data-version='5']")
        size = await page.evaluate(
            "(() => { const r = document.getElementById('page').getBoundingClientRect();"
            " return [r.width, r.height]; })()"
        )
        assert size == [800, 450]
        background = await page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgba(0, 0, 0, 0)"
        assert not await page.is_visible("#changes-box")
        assert not await page.is_visible("#link")


async def test_the_console_refuses_a_web_address_that_cannot_work_in_one_sentence(
    tmp_path: Path,
) -> None:
    import asyncio
    import subprocess
    import sys

    from tests.web.console_page import environment

    script = written(tmp_path, TOTEM)
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "totembot", "console", str(script), "--web", "8080"],
        capture_output=True, text=True, env=environment(), timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == (
        "totembot: --web: '8080' is not HOST:PORT (for example 127.0.0.1:8080).\n"
    )
    assert done.stdout == ""
