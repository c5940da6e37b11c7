"""The store's errors: each carries a sentence fit to show the user."""

from __future__ import annotations


class StoreError(Exception):
    """A storage problem, with a sentence fit to show the user."""


class ChannelBusy(StoreError):
    """The channel already has an active game."""


class StaleState(StoreError):
    """The write was based on a version that is no longer the latest."""


class DatabaseGone(StoreError):
    """The database file is no longer at its path (moved or deleted while totembot ran): a
    write would go to a file nobody will ever open again."""


class GameCorrupt(StoreError):
    """One game's rows cannot be read; other games are unaffected."""


__all__ = ["ChannelBusy", "DatabaseGone", "GameCorrupt", "StaleState", "StoreError"]
