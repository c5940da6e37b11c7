"""Durable storage of games on SQLite: the only package that writes SQL."""

from totembot.store.backup import BackupReport, backup_database
from totembot.store.errors import ChannelBusy, GameCorrupt, StaleState, StoreError
from totembot.store.results import ResultRow
from totembot.store.store import (
    EventRecord,
    GameStore,
    Lobby,
    LobbyOptions,
    NewGame,
    Opened,
    Seat,
    StoredGame,
)

__all__ = [
    "BackupReport",
    "ChannelBusy",
    "EventRecord",
    "GameCorrupt",
    "GameStore",
    "Lobby",
    "LobbyOptions",
    "NewGame",
    "Opened",
    "ResultRow",
    "Seat",
    "StaleState",
    "StoreError",
    "StoredGame",
    "backup_database",
]
