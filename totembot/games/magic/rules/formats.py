"""Where the rules find a game's format. The formats themselves live in `totembot.games.magic.formats`
and build on the rules' helpers, so the registry is imported when first asked, not before."""

from __future__ import annotations

from typing import TYPE_CHECKING

from totembot.games.magic.rules.state import GameState

if TYPE_CHECKING:
    from totembot.games.magic.formats.base import Format


# By a game's own (canonical) format name: the rules ask a dozen times a request.
_FOUND: dict[str, Format] = {}


def format_named(name: str) -> Format:
    """The format of this name (or alias); RuleViolation names the known ones."""
    found = _FOUND.get(name)
    if found is None:
        from totembot.games.magic.formats import format_named as named

        found = named(name)
        if found.name == name:  # only the few canonical names are kept
            _FOUND[name] = found
    return found


def format_of(state: GameState) -> Format:
    return format_named(state.config.format)
