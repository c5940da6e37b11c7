"""`totembot stats --rivals` and `--decks`: the rivalry and deck views for the command line
(text, or one JSON object). Pure: the rows are the store's. A bad choice is one sentence
(`ReportProblem`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence

from totembot.reports.chosen import ReportProblem
from totembot.reports.decks import deck_line, deck_stats, decks_json
from totembot.reports.ratings import PlayerRating
from totembot.reports.rivals import (
    find_player,
    head_to_head,
    rivalries,
    rivalry_json,
    rivals_lines,
    versus_json,
    versus_line,
)
from totembot.reports.stats import Row, by_name


def rivals_report(
    rows: Sequence[Row], player: str | None, against: str | None, as_json: bool
) -> str:
    """A player's rivals (their record, nemesis and victim), or one head-to-head."""
    if player is None:
        raise ReportProblem("Name the player whose rivals to show: --rivals --player NAME.")
    found = rivalries(rows, by_name)
    rivalry = find_player(found, player)
    if rivalry is None:
        raise ReportProblem(f"{player!r} has finished no Magic game in this database.")
    if against is not None:
        versus = head_to_head(found, player, against)
        if versus is None:
            raise ReportProblem(f"{player!r} and {against!r} have finished no game together.")
        if as_json:
            entry = {"player": rivalry.name, **versus_json(versus)}
            return json.dumps(entry, indent=2, ensure_ascii=False)
        return f"{rivalry.name} " + versus_line(versus)
    if as_json:
        return json.dumps(rivalry_json(rivalry), indent=2, ensure_ascii=False)
    return "\n".join([f"Rivals of {rivalry.name}:", *rivals_lines(rivalry, limit=1000)])


def played_by(player: str | None) -> Callable[[Row], bool] | None:
    """The command line's choice of one player's seats: by name in any case (None: all)."""
    if player is None:
        return None
    folded = player.casefold()
    return lambda row: row.name.casefold() == folded


def decks_report(
    rows: Sequence[Row],
    player: str | None,
    as_json: bool,
    ratings: Mapping[str, PlayerRating] | None = None,
) -> str:
    """Every deck's games, wins, win rate, average place and rating (one player's decks, if
    named); `ratings` by deck name in any case (`deck_ratings.by_deck`)."""
    decks = deck_stats(rows, played_by(player), ratings)
    if as_json:
        return json.dumps(decks_json(decks), indent=2, ensure_ascii=False)
    if not decks:
        whose = f" by {player}" if player else ""
        return f"No deck was named in a finished game{whose} yet: 'Ann: deck Atraxa' names one."
    return "\n".join(["Decks:", *(deck_line(deck) for deck in decks)])
