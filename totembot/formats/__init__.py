"""Every format on the seam, by name: one small module each (see `base.Format`)."""

from __future__ import annotations

from totembot.formats.base import TOTEM_LANGUAGE, Format, Language
from totembot.formats.emperor import EmperorFormat
from totembot.formats.free_for_all import FreeForAllFormat
from totembot.formats.giant import GiantFormat
from totembot.formats.grand_melee import GrandMeleeFormat
from totembot.formats.teams import TeamsFormat
from totembot.formats.totem import TotemFormat
from totembot.rules.errors import RuleViolation, shown

FORMATS: dict[str, Format] = {
    fmt.name: fmt
    for fmt in (
        TotemFormat(),
        FreeForAllFormat(),
        GiantFormat(),
        EmperorFormat(),
        TeamsFormat(),
        GrandMeleeFormat(),
    )
}
ALIASES: dict[str, str] = {alias: fmt.name for fmt in FORMATS.values() for alias in fmt.aliases}
FORMAT_NAMES: tuple[str, ...] = tuple(FORMATS)


def format_named(name: str) -> Format:
    """The format of this name or alias (any case); RuleViolation names the known ones."""
    folded = name.casefold()
    found = FORMATS.get(ALIASES.get(folded, folded))
    if found is None:
        known = ", ".join(f"'{known}'" for known in FORMATS)
        raise RuleViolation(f"The format must be {known}, not '{shown(name)}'.")
    return found


__all__ = ["FORMATS", "FORMAT_NAMES", "TOTEM_LANGUAGE", "Format", "Language", "format_named"]
