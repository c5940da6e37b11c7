"""Durable storage of games on SQLite: the only package that writes SQL."""

from totembot.store.store import (
    ChannelBusy,
    EventRecord,
    GameCorrupt,
    GameStore,
    Lobby,
    LobbyOptions,
    NewGame,
    Seat,
    StaleState,
    StoredGame,
    StoreError,
)

__all__ = [
    "ChannelBusy",
    "EventRecord",
    "GameCorrupt",
    "GameStore",
    "Lobby",
    "LobbyOptions",
    "NewGame",
    "Seat",
    "StaleState",
    "StoreError",
    "StoredGame",
]
