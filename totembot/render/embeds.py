"""What every embed the bot sends shares, whatever the game: Discord's limits on an embed's
parts, the status colours, and fitting lines into a limit."""

from __future__ import annotations

from typing import Any

ACTIVE_COLOUR = 0x2ECC71
FINISHED_COLOUR = 0x95A5A6
MAX_TITLE = 255
MAX_DESCRIPTION = 4096
MAX_FIELD = 1024
WAITING = "⏳"  # a request waiting for an answer


def fitted(lines: list[str], limit: int) -> str:
    """As many whole lines as fit in Discord's limit, then how many were left out."""
    kept: list[str] = []
    used = 0
    for index, line in enumerate(lines):
        reserve = 0 if index == len(lines) - 1 else 24  # room for the "… N more lines" note
        if used + len(line) + 1 + reserve > limit:
            kept.append(f"… {len(lines) - index} more lines")
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join(kept)


MAX_FIELDS = 25
MAX_EMBED = 6000  # every title, description, field name and value, and the footer, together


def with_turn_began(embed: dict[str, Any], unix: int) -> dict[str, Any]:
    """The status embed with when the current turn began, as a Discord timestamp that every
    client keeps ticking ("5 minutes ago") without the message being edited; unchanged when
    Discord's limits leave no room for it."""
    fields = list(embed.get("fields", []))
    name, value = "Turn began", f"<t:{unix}:R>"
    used = len(embed.get("title", "")) + len(embed.get("description", ""))
    used += len((embed.get("footer") or {}).get("text", ""))
    used += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in fields)
    if len(fields) >= MAX_FIELDS or used + len(name) + len(value) > MAX_EMBED:
        return embed
    field = {"name": name, "value": value, "inline": False}
    return embed | {"fields": [*fields, field]}
