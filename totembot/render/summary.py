"""The summary of a game, told from its story: an embed for Discord (with the chart as its
image) and plain text for the console and `totembot summary`.

It says who won (or that it was a draw, or the turn a game still going is on), how many turns
and how long it took, who went out when and why, the biggest hit, the commander damage dealt,
and the game's own notes (a match's score, a solo ladder). The embed keeps within Discord's
limits: long lists are cut with "… N more lines", after names and reasons have been shortened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from typing import Any

from totembot.core.story import CommanderTally, Exit, Hit, Story, TurnTime
from totembot.core.turns import span_words
from totembot.render.embeds import (
    ACTIVE_COLOUR,
    FINISHED_COLOUR,
    MAX_DESCRIPTION,
    MAX_FIELD,
    MAX_TITLE,
    fitted,
)
from totembot.render.markdown import MAX_NAME, escape

CHART_FILENAME = "totem-chart.png"  # the chart's attachment, which the embed shows as its image
WON_COLOUR = 0xF1C40F  # the board's gold
MAX_TOTAL = 6000  # every title, description, field name and value of an embed together
MAX_NOTE = 300
# How long names and reasons may be in a list, tried in turn until the whole list fits.
LIST_FITS = ((MAX_NAME, 80), (24, 48), (16, 32), (12, 20))

Escape = Callable[[str, int], str]


def _plain(text: str, limit: int) -> str:
    return text


def _joined(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _headline(story: Story, name: Callable[[str], str]) -> str:
    if not story.finished:
        return f"{story.title} · turn {story.turns}, still going"
    if not story.winners:
        return f"{story.title} · a draw"
    return f"{story.title} · {_joined([name(winner) for winner in story.winners])} won"


def duration_words(started_at: str | None, ended_at: str | None) -> str | None:
    """'1 h 12 min', '8 min', 'under 1 min'; None when either time is unknown or unreadable."""
    if started_at is None or ended_at is None:
        return None
    try:
        seconds = (
            datetime.fromisoformat(ended_at) - datetime.fromisoformat(started_at)
        ).total_seconds()
    except (ValueError, TypeError):  # unreadable, or one time with a zone and one without
        return None
    if seconds < 0:
        return None
    minutes = round(seconds / 60)
    if minutes < 1:
        return "under 1 min"
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


def _length(story: Story) -> str | None:
    """'5 turns, 31 min'; for a game still going, only how long it has taken so far."""
    duration = duration_words(story.started_at, story.ended_at)
    if not story.finished:
        return f"{duration} so far" if duration else None
    turns = f"{story.turns} turn" + ("" if story.turns == 1 else "s")
    return f"{turns}, {duration}" if duration else turns


def exit_line(out: Exit, escaped: Escape = _plain, name: int = MAX_NAME, reason: int = 80) -> str:
    """'Turn 5: Bob lost: Bob-Cid died'; a reason that only repeats the status is left out."""
    who = escaped(out.player, name)
    why = out.reason.strip()
    if not why or why == out.status:
        return f"Turn {out.turn}: {who} {out.status}"
    if why.startswith(out.status):
        return f"Turn {out.turn}: {who} {escaped(why, reason)}"
    return f"Turn {out.turn}: {who} {out.status}: {escaped(why, reason)}"


def hit_line(hit: Hit, escaped: Escape = _plain, name: int = MAX_NAME) -> str:
    """'Cid dealt 9 to Ann-Bob on turn 4', or 'Ann-Bob lost 9 on turn 4' when nobody dealt it."""
    target = escaped(hit.target, name)
    if hit.by is None or hit.by == hit.target:
        return f"{target} lost {hit.amount} on turn {hit.turn}"
    return f"{escaped(hit.by, name)} dealt {hit.amount} to {target} on turn {hit.turn}"


def commander_line(tally: CommanderTally, escaped: Escape = _plain, name: int = MAX_NAME) -> str:
    """'Zur dealt 21 to Bob'."""
    return f"{escaped(tally.commander, name)} dealt {tally.damage} to {escaped(tally.target, name)}"


def turn_time_line(time: TurnTime, escaped: Escape = _plain, name: int = MAX_NAME) -> str:
    """'Ann: 2 turns, 2m 50s (avg 1m 25s)': a player's finished turns, from the log."""
    turns = f"{time.turns} turn" + ("" if time.turns == 1 else "s")
    average = time.average or 0.0
    return (
        f"{escaped(time.player, name)}: {turns}, {span_words(time.seconds)} "
        f"(avg {span_words(average)})"
    )


def _timed(story: Story) -> list[TurnTime]:
    return [time for time in story.turn_times if time.turns]


# --- plain text -----------------------------------------------------------------------------


def summary_text(story: Story, turn_times: bool = False) -> str:
    """The summary as plain lines, for the console and `totembot summary`; with `turn_times`,
    each player's turn times too (the reports' output is pinned as it was: they leave them)."""
    lines = [_headline(story, lambda name: name)]
    length = _length(story)
    lines += [length] if length else []
    if story.exits:
        lines.append("Out:")
        lines += [f"  {exit_line(out)}" for out in story.exits]
    if story.biggest_hit is not None:
        lines.append(f"Biggest hit: {hit_line(story.biggest_hit)}")
    if story.commander_damage:
        lines.append("Commander damage:")
        lines += [f"  {commander_line(tally)}" for tally in story.commander_damage]
    if turn_times and _timed(story):
        lines.append("Turn times:")
        lines += [f"  {turn_time_line(time)}" for time in _timed(story)]
    lines += list(story.notes)
    return "\n".join(lines)


# --- the embed ------------------------------------------------------------------------------


def _embed_title(story: Story) -> tuple[str, bool]:
    """The title, names shortened until it fits; with too many winners for that, their
    number (and False: the winners are not named in it)."""
    for limit in (MAX_NAME, 20, 12):
        title = _headline(story, partial(escape, limit=limit))
        if len(title) <= MAX_TITLE:
            return title, True
    return f"{story.title} · {len(story.winners)} players won", False


def _list_value(make: Callable[[int, int], list[str]], limit: int = MAX_FIELD) -> str:
    """A list's lines, names and reasons shortened step by step until all fit, else cut."""
    for name, reason in LIST_FITS:
        lines = make(name, reason)
        if sum(len(line) + 1 for line in lines) - 1 <= limit:
            return "\n".join(lines)
    return fitted(lines, limit)


def _fields(story: Story) -> list[dict[str, Any]]:
    fields: list[dict[str, Any]] = []
    if story.exits:
        value = _list_value(
            lambda name, reason: [exit_line(out, escape, name, reason) for out in story.exits]
        )
        fields.append({"name": "Out", "value": value, "inline": False})
    if story.commander_damage:
        value = _list_value(
            lambda name, _reason: [
                commander_line(tally, escape, name) for tally in story.commander_damage
            ]
        )
        fields.append({"name": "Commander damage", "value": value, "inline": False})
    if _timed(story):
        value = _list_value(
            lambda name, _reason: [turn_time_line(time, escape, name) for time in _timed(story)]
        )
        fields.append({"name": "Turn times", "value": value, "inline": False})
    return fields


def _colour(story: Story) -> int:
    if not story.finished:
        return ACTIVE_COLOUR
    return WON_COLOUR if story.winners else FINISHED_COLOUR


def summary_embed(story: Story) -> dict[str, Any]:
    """The summary as a Discord embed dict, with the chart (sent as CHART_FILENAME) below it."""
    title, named = _embed_title(story)
    fields = _fields(story)
    lines: list[str] = []
    if not named:
        lines.append(f"Won: {', '.join(escape(name, 20) for name in story.winners)}")
    length = _length(story)
    lines += [length.capitalize()] if length else []
    if story.biggest_hit is not None:
        lines.append(f"**Biggest hit:** {hit_line(story.biggest_hit, escape)}")
    lines += [escape(note, MAX_NOTE) for note in story.notes]
    used = len(title) + sum(len(field["name"]) + len(field["value"]) for field in fields)
    room = min(MAX_DESCRIPTION, MAX_TOTAL - used)
    embed: dict[str, Any] = {
        "title": title,
        "color": _colour(story),
        "image": {"url": f"attachment://{CHART_FILENAME}"},
    }
    if lines:  # Discord refuses an empty description
        embed["description"] = fitted(lines, room)
    if fields:
        embed["fields"] = fields
    return embed
