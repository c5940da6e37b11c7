"""What the store keeps and hands back, whichever database holds it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, TypeAdapter

from totembot.core import GameConfig, GameEvent, GameRequest, GameState


@dataclass(frozen=True)
class Seat:
    display_name: str
    user_id: str | None = None
    guest_name: str | None = None
    team: int | None = None  # in a lobby of a team format: the team joined (1, 2, ...)


SEATS = TypeAdapter(tuple[Seat, ...])


@dataclass(frozen=True)
class Clock:
    """A channel's turn clock as stored: its limit, its pause, and what it already did.

    A turn is named `game_id@began_at`; `credit_seconds` is the paused time that does not count
    against the turn `credit_turn`, and `reminded_turn` the last turn reminded."""

    channel_id: str
    minutes: int
    guild_id: str | None = None
    paused_at: str | None = None
    credit_seconds: float = 0.0
    credit_turn: str | None = None
    reminded_turn: str | None = None


class LobbyOptions(BaseModel):
    """How a lobby's game will be set up, before its seats are final."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    format: str = "totem"  # a name of `totembot.games.magic.formats.FORMATS`
    life: int | None = None  # per totem, per player or per head, as the format counts it
    commander: bool = False
    house_rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lobby:
    channel_id: str
    host: str
    options: LobbyOptions
    seats: tuple[Seat, ...]
    created_at: str
    guild_id: str | None = None
    message_id: str | None = None


@dataclass(frozen=True)
class NewGame:
    channel_id: str
    host: str
    config: GameConfig
    initial: GameState
    seats: tuple[Seat, ...]
    created_at: str
    guild_id: str | None = None
    status_message_id: str | None = None  # only when importing a game already on show


@dataclass(frozen=True)
class StoredGame:
    id: int
    guild_id: str | None
    channel_id: str
    host: str
    status: str
    config: GameConfig
    version: int
    state: GameState
    seats: tuple[Seat, ...]
    status_message_id: str | None
    created_at: str


@dataclass(frozen=True)
class EventRecord:
    """One row of a game's append-only log."""

    seq: int
    recorded_at: str
    recorded_by: str
    request: GameRequest
    changes: Sequence[GameEvent]


@dataclass(frozen=True)
class Opened:
    """What opening a database did: the log tells a self-hoster which database and what changed.

    `path` is the SQLite file, or the PostgreSQL URL without its password.
    """

    path: str
    version_before: int
    version: int
    backup: Path | None = None

    @property
    def where(self) -> str:
        """The database as a log line names it: a file's full path, or the URL."""
        if is_postgres_url(self.path) or self.path == ":memory:":
            return self.path
        return str(Path(self.path).resolve())


def is_postgres_url(database: str | Path) -> bool:
    """TOTEMBOT_DATABASE (or --db) names a PostgreSQL server rather than a SQLite file."""
    return str(database).startswith(("postgresql://", "postgres://"))
