"""Durable storage of games on SQLite: the only package that writes SQL."""

from totembot.store.backup import BackupReport, backup_database
from totembot.store.store import (
    ChannelBusy,
    EventRecord,
    GameCorrupt,
    GameStore,
    Lobby,
    LobbyOptions,
    NewGame,
    Opened,
    Seat,
    StaleState,
    StoredGame,
    StoreError,
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
    "Seat",
    "StaleState",
    "StoreError",
    "StoredGame",
    "backup_database",
]
