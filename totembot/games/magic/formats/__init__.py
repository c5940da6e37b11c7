"""Every format on the seam, by name: one small module each (see `base.Format`)."""

from __future__ import annotations

from totembot.games.magic.formats.base import TOTEM_LANGUAGE, Format
from totembot.games.magic.formats.emperor import EmperorFormat
from totembot.games.magic.formats.free_for_all import FreeForAllFormat
from totembot.games.magic.formats.giant import GiantFormat
from totembot.games.magic.formats.grand_melee import GrandMeleeFormat
from totembot.games.magic.formats.teams import TeamsFormat
from totembot.games.magic.formats.totem import TotemFormat
from totembot.games.magic.rules.errors import RuleViolation, shown
from totembot.games.magic.rules.formats import Language, register

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


register(FORMATS.values())  # the rules find each format by its name from now on
