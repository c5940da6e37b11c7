"""Magic: The Gathering, every format of it: Totem, free-for-all (with Minions & Masters),
Two-Headed Giant, Emperor, Teams and Grand Melee.

`rules/` is the engine, `formats/` the answers each format gives to the engine's questions
(`rules.formats.FormatRules`), `language/` the phrases, `story/`, `render/` and `help/` what
people read, and `ruleset.py` the adapter the shell talks to. Importing this package registers
every format with the rules.
"""

from totembot.games.magic import formats as _formats  # noqa: F401  (registers the formats)
