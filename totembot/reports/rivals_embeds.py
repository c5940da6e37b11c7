"""The Discord embeds of `/totem rivals` and of `/totem stats view:decks` (as dicts, within
Discord's limits). Pure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from totembot.render.embeds import MAX_DESCRIPTION
from totembot.render.markdown import escape
from totembot.reports.decks import DeckStats, deck_line
from totembot.reports.rivals import Rivalry, Versus, rivals_lines, versus_line
from totembot.reports.stats_text import MAX_FOOTER, STATS_COLOUR

SHOWN_RIVALS = 20
SHOWN_DECKS = 20


def _embed(title: str, lines: Sequence[str], note: str | None) -> dict[str, Any]:
    embed: dict[str, Any] = {
        "title": title[:256],
        "description": "\n".join(lines)[:MAX_DESCRIPTION],
        "color": STATS_COLOUR,
    }
    if note is not None:
        embed["footer"] = {"text": note[:MAX_FOOTER]}
    return embed


def rivals_embed(rivalry: Rivalry, note: str | None = None) -> dict[str, Any]:
    """A player's nemesis and victim, then their record against each rival."""
    lines = rivals_lines(rivalry, escape, SHOWN_RIVALS)
    return _embed(f"Rivals: {escape(rivalry.name)}", lines, note)


def versus_embed(rivalry: Rivalry, versus: Versus, note: str | None = None) -> dict[str, Any]:
    """The head-to-head of two players, seen from the first."""
    title = f"Head to head: {escape(rivalry.name)} vs {escape(versus.name)}"
    return _embed(title, [f"{escape(rivalry.name)} " + versus_line(versus, escape)], note)


def decks_embed(name: str, decks: Sequence[DeckStats], note: str | None = None) -> dict[str, Any]:
    """A player's decks: games, wins, win rate, average place and rating."""
    lines = [deck_line(deck, escape) for deck in decks[:SHOWN_DECKS]]
    if not decks:
        lines = ["No deck named in a finished game yet: /totem deck names one."]
    elif len(decks) > SHOWN_DECKS:
        lines.append(f"... and {len(decks) - SHOWN_DECKS} more")
    return _embed(f"Decks: {escape(name)}", lines, note)
