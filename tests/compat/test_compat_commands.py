"""The application commands `totembot sync` sends to Discord are those 660d3e7 sent.

commands.json holds the old bot's payload of Discord's bulk-overwrite calls, globally and with
--guild (see goldens.synced_commands: the bot is set up as `sync` sets it up and only the HTTP
calls are replaced), commands sorted by name and keys sorted; option order is kept, as Discord
shows it.

Issue 28 added ten commands (/counter, /monarch, /initiative, /blessing, /ring, /day-night,
/cast-commander, /roll, /flip, /random-player): the golden was made again with --any-code, and
the 19 commands of 660d3e7 in it are byte for byte the ones before.
"""

from __future__ import annotations

import json

from tests.compat.goldens import COMMANDS, canonical, synced_commands


async def test_the_commands_synced_to_discord_are_the_ones_660d3e7_synced() -> None:
    today = json.loads(canonical(await synced_commands()))
    pinned = json.loads(COMMANDS.read_text(encoding="utf-8"))
    assert [command["name"] for command in today["global"]] == [
        command["name"] for command in pinned["global"]
    ]
    for scope in ("global", "guild"):
        for now, then in zip(today[scope], pinned[scope], strict=True):
            assert now == then, f"/{then['name']} ({scope})"
    assert today == pinned


def test_the_golden_holds_every_command_once_in_both_scopes() -> None:
    pinned = json.loads(COMMANDS.read_text(encoding="utf-8"))
    names = [command["name"] for command in pinned["global"]]
    assert len(names) == len(set(names)) == 29
    assert pinned["guild"] == pinned["global"]
    assert all("dm_permission" not in command for command in pinned["global"])
