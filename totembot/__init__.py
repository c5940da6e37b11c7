"""totembot: keeps score for Totem games of Magic: The Gathering."""

__version__ = "0.1.0"
