"""Durable storage of games on SQLite or PostgreSQL: the only package that writes SQL."""

from totembot.store.backlog import Progress
from totembot.store.backup import BackupReport, backup_database
from totembot.store.base import GameStore
from totembot.store.errors import ChannelBusy, DatabaseGone, GameCorrupt, StaleState, StoreError
from totembot.store.model import (
    Clock,
    EventRecord,
    Lobby,
    LobbyOptions,
    NewGame,
    Opened,
    Seat,
    StoredGame,
    is_postgres_url,
)
from totembot.store.opening import open_store
from totembot.store.placings import PlacedRow
from totembot.store.results import ResultRow

__all__ = [
    "BackupReport",
    "ChannelBusy",
    "Clock",
    "DatabaseGone",
    "EventRecord",
    "GameCorrupt",
    "GameStore",
    "Lobby",
    "LobbyOptions",
    "NewGame",
    "Opened",
    "PlacedRow",
    "Progress",
    "ResultRow",
    "Seat",
    "StaleState",
    "StoreError",
    "StoredGame",
    "backup_database",
    "is_postgres_url",
    "open_store",
]
