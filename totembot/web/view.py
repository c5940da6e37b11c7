"""What the live page shows: the game's own JSON (as `totembot console --json` prints it) and
its latest changes, with what the table must not see yet taken out.

A Totemic strength revealed by one player stays on the server until the other's is in
(`Ruleset.keeps_secret`); the changes are told as the channel reads them (`secret=True`).
"""

from __future__ import annotations

from collections.abc import Sequence
from json.encoder import encode_basestring
from typing import Any

from totembot.core import GameEvent
from totembot.games.registry import format_title, ruleset_of
from totembot.store import EventRecord, StoredGame

CHANGES_SHOWN = 10  # the latest changes under the table
HIDDEN = "hidden"
NOTHING = "Nothing changed."  # a change that changed nothing, as the page lists it


def change_text(described: Sequence[str]) -> str:
    """A change's lines, as the channel reads them (secret=True), on one line of the page."""
    return "; ".join(described) or NOTHING


def change_json(game_format: str, seq: int, at: str, events: Sequence[GameEvent]) -> dict[str, Any]:
    """One recorded change as the page lists it."""
    described = ruleset_of(game_format).describe_lines(events, secret=True)
    return {"seq": seq, "at": at, "text": change_text(described)}


def change_fragment(seq: int, at: str, text: str) -> str:
    """One change as the JSON a message carries, made once and kept as text (a message is
    then put together without encoding its changes again): the standard library's own string
    encoder, a fraction of what `json.dumps` of the same object costs on every request."""
    return f'{{"seq":{int(seq)},"at":{encode_basestring(at)},"text":{encode_basestring(text)}}}'


def fragments(changes: Sequence[dict[str, Any]]) -> list[str]:
    """Changes read from the log, as the texts a message is put together from."""
    return [change_fragment(c["seq"], c["at"], c["text"]) for c in changes]


def records_json(stored: StoredGame, records: Sequence[EventRecord]) -> list[dict[str, Any]]:
    game_format = stored.config.format
    return [
        change_json(game_format, record.seq, record.recorded_at, record.changes)
        for record in records
    ]


def state_json(stored: StoredGame) -> dict[str, Any]:
    """The state as the console's --json prints it, secrets hidden."""
    ruleset = ruleset_of(stored.config.format)
    state = ruleset.state_json(stored.state)
    state.pop("rejected", None)  # the console's own refused lines: nothing of the game's
    if ruleset.keeps_secret(stored.state) and isinstance(state.get("challenge"), dict):
        revealed = state["challenge"].get("revealed") or {}
        state["challenge"]["revealed"] = dict.fromkeys(revealed, HIDDEN)
    return state


def page_json(stored: StoredGame | None, records: Sequence[EventRecord]) -> dict[str, Any]:
    """One message to the page: the whole table and its changes `records` (oldest first)."""
    if stored is None:
        return table_json(None)
    return table_json(stored) | {"changes": records_json(stored, records)}


def table_json(stored: StoredGame | None) -> dict[str, Any]:
    """The whole table without its changes (a message adds them already told)."""
    if stored is None:
        return {"game": None}
    return {
        "game": stored.id,
        "version": stored.version,
        "title": format_title(stored.config.format),
        "game_status": stored.status,
        "state": state_json(stored),
    }
