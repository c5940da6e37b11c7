"""The panel's move select turns pages when a commander game's moves outgrow one select
(partners, or many commander names): every move the rules offer is on exactly one page, and
every page, and every id, stays within Discord's limits."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_panel_moves import started, with_commanders
from totembot.bot.access import Table
from totembot.bot.magic.panel_ids import MAX_CUSTOM_ID, PanelState
from totembot.bot.magic.panel_view import BACK, MORE, draw
from totembot.games.magic.language.panel import MAX_NAMES, MAX_OPTIONS, offered
from totembot.games.magic.rules.state import GameState
from totembot.store import Seat, StoredGame

SEATS = tuple(Seat(name, user_id=str(n)) for n, name in enumerate(("Ann", "Bob", "Cid", "Dan"), 1))


def table_of(state: GameState) -> Table:
    return Table(
        StoredGame(
            id=10**18 - 1,
            guild_id="g",
            channel_id="c",
            host="1",
            status="active",
            config=state.config,
            version=10**10 - 1,
            state=state,
            seats=SEATS,
            status_message_id=None,
            created_at="now",
        )
    )


def move_select(components: list[dict[str, Any]]) -> dict[str, Any]:
    found = [c for row in components for c in row["components"] if ":mv:" in c["custom_id"]]
    assert len(found) == 1
    return found[0]


def pages_of(table: Table, state: PanelState) -> list[list[str]]:
    """Each page's moves, turned by the select's "More moves..." option as a member would,
    with every component's limits checked on the way."""
    pages: list[list[str]] = []
    while True:
        components = draw(table, state, manager=True).view.to_components()
        assert len(components) <= 5
        for row in components:
            assert len(row["components"]) <= 5
            for item in row["components"]:
                assert len(item["custom_id"]) <= MAX_CUSTOM_ID
                assert len(item.get("options", [])) <= MAX_OPTIONS
        options = move_select(components)["options"]
        labels = [o["label"] for o in options]
        assert (BACK in labels) == bool(pages)  # "Back" on all but the first page
        pages.append([o["value"] for o in options if o["label"] not in (BACK, MORE)])
        more = [o["value"] for o in options if o["label"] == MORE]
        if not more:
            return pages
        assert more == [f"pg{len(pages)}"]
        state = state.but(page=len(pages))


@pytest.mark.parametrize("names", [["Tymna", "Kraum"], [f"Partner{n:02}" for n in range(13)]])
async def test_every_move_offered_is_on_one_page_of_the_move_select(names: list[str]) -> None:
    state = with_commanders(started("free-for-all", 4), "Ann", names)
    table = table_of(state)
    pages = pages_of(table, PanelState(table.game.id, 1, table.game.version, amount=1_000_000))
    expected = [move.key for _row, move in offered(state, "Ann") if not move.button]
    assert [key for page in pages for key in page] == expected
    assert "d20" in expected and "flip" in expected and "cast2" in expected
    assert len(pages) == (2 if len(names) == 2 else 3)


async def test_the_most_names_fit_ten_pages_and_a_page_past_the_last_shows_the_last() -> None:
    names = [f"N{n:03}" for n in range(MAX_NAMES)]
    state = with_commanders(started("free-for-all", 4), "Ann", names)
    table = table_of(state)
    pages = pages_of(table, PanelState(table.game.id, 1, table.game.version))
    assert len(pages) == 10
    assert sum(len(page) for page in pages) == 23 + 2 * MAX_NAMES
    few = table_of(with_commanders(started("free-for-all", 4), "Ann", ["Tymna", "Kraum"]))
    drawn = draw(few, PanelState(few.game.id, 1, few.game.version, page=9), manager=False)
    select = move_select(drawn.view.to_components())
    assert (select["options"][0]["label"], select["options"][0]["value"]) == (BACK, "pg0")
    assert select["options"][-1]["value"] == "flip"  # its last page, the second
    assert select["custom_id"].endswith(":1")  # and its ids say so
