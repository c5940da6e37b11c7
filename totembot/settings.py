"""Settings from the environment or a `.env` file, read when the program starts (not on import)."""

from __future__ import annotations

import logging
from typing import Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from totembot.channel_cache import DEFAULT_GAME_CACHE
from totembot.shards import ShardSet, parse_shards

DISCORD_API_BASE = "https://discord.com/api/v10"
DISCORD_GATEWAY_URL = "wss://gateway.discord.gg/"
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    discord_token: SecretStr | None = Field(
        default=None,
        validation_alias="DISCORD_TOKEN",
        description="The bot's token from the Discord developer portal (secret, never logged).",
    )
    database: str = Field(
        default="totembot.sqlite3",
        validation_alias="TOTEMBOT_DATABASE",
        description=(
            "Path of the SQLite database file, or a postgresql:// URL to share one PostgreSQL "
            "database between several bot processes."
        ),
    )
    log_level: LogLevel = Field(
        default="INFO",
        validation_alias="TOTEMBOT_LOG_LEVEL",
        description="How much the bot logs: DEBUG, INFO, WARNING or ERROR.",
    )
    sync_guild: int | None = Field(
        default=None,
        validation_alias="TOTEMBOT_SYNC_GUILD",
        description="Sync commands to this one guild (instant, for development), not globally.",
    )
    api_base: str = Field(
        default=DISCORD_API_BASE,
        validation_alias="DISCORD_API_BASE",
        description="Discord's REST base; point it at a rate-limit proxy or a local stand-in.",
    )
    gateway_url: str = Field(
        default=DISCORD_GATEWAY_URL,
        validation_alias="DISCORD_GATEWAY_URL",
        description="Discord's gateway URL; point it at a local stand-in for tests.",
    )
    status_interval: float = Field(
        default=2.0,
        ge=0.0,
        validation_alias="TOTEMBOT_STATUS_INTERVAL",
        description=(
            "Seconds a game stays quiet before its status message is edited (at least this "
            "long between two edits): a burst costs one edit showing the latest state."
        ),
    )
    clock_minute: float = Field(
        default=60.0,
        gt=0.0,
        validation_alias="TOTEMBOT_CLOCK_MINUTE",
        description=(
            "Seconds in one minute of the turn clock (/totem clock): 60, but for tests, which "
            "shorten it so as to see reminders without waiting minutes."
        ),
    )
    shards: str | None = Field(
        default=None,
        validation_alias="TOTEMBOT_SHARDS",
        description=(
            "The shards this process runs (0-3, 5 or 0,2,4-6), with TOTEMBOT_SHARD_COUNT; "
            "unset: one process runs the whole bot."
        ),
    )
    shard_count: int | None = Field(
        default=None,
        ge=1,
        validation_alias="TOTEMBOT_SHARD_COUNT",
        description="How many shards the whole bot has, the same in every process.",
    )
    game_cache: int = Field(
        default=DEFAULT_GAME_CACHE,
        ge=1,
        validation_alias="TOTEMBOT_GAME_CACHE",
        description=(
            "How many games the bot keeps in memory, those of the channels played most "
            "recently (about 13 KB each); another is loaded from the database when next used."
        ),
    )
    web: str | None = Field(
        default=None,
        validation_alias="TOTEMBOT_WEB",
        description=(
            "HOST:PORT the live pages are served on (e.g. 127.0.0.1:8080, behind a reverse "
            "proxy); unset: no live pages, and /totem link says so."
        ),
    )
    public_url: str | None = Field(
        default=None,
        validation_alias="TOTEMBOT_PUBLIC_URL",
        description=(
            "The address people reach the live pages by (https://totembot.example.org); "
            "unset: http://HOST:PORT of TOTEMBOT_WEB."
        ),
    )
    shuffle_seed: int | None = Field(
        default=None,
        validation_alias="TOTEMBOT_SHUFFLE_SEED",
        description="Fix the seat shuffle (tests only); unset means truly random.",
    )

    @field_validator("database")
    @classmethod
    def _a_real_file(cls, value: str) -> str:
        """An empty path would open a temporary database and lose every game at exit."""
        if not value.strip():
            raise ValueError(
                "it is empty; set it to the path of the SQLite file (totembot.sqlite3)"
            )
        if value.strip() == ":memory:":
            raise ValueError("an in-memory database loses every game at exit; give a file path")
        return value.strip()

    @field_validator("web")
    @classmethod
    def _host_and_port(cls, value: str | None) -> str | None:
        if value is not None:
            parse_host_port(value)
        return value

    @field_validator("public_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("http://", "https://")):
            raise ValueError(f"{value!r} is not an http:// or https:// address")
        return value

    @field_validator("shards", "shard_count", "web", "public_url", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        """`TOTEMBOT_SHARDS=` in .env reads as not set, as a commented-out line would."""
        return None if isinstance(value, str) and not value.strip() else value

    @model_validator(mode="after")
    def _shards_with_their_count(self) -> Settings:
        """Shard ids that cannot exist with the count are refused at once; one of the two
        alone waits for `shard_set`, since `run --shards`/`--shard-count` may give the other."""
        if self.shards is None or self.shard_count is None:
            return self
        try:
            self.shard_set()
        except ValueError as error:
            raise ValueError(f"the setting TOTEMBOT_SHARDS is invalid: {error}") from None
        return self

    def shard_set(self, shards: str | None = None, count: int | None = None) -> ShardSet | None:
        """The shards to run: `shards` and `count` (the command's options) win over the
        settings, each on its own; None runs the whole bot unsharded."""
        text = shards if shards is not None else self.shards
        total = count if count is not None else self.shard_count
        if text is None and total is None:
            return None
        if text is None:
            raise ValueError(
                "a shard count needs the shards this process runs: "
                "give --shards (or TOTEMBOT_SHARDS) too"
            )
        if total is None:
            raise ValueError(
                "shard ids need the shard count of the whole bot: "
                "give --shard-count (or TOTEMBOT_SHARD_COUNT) too"
            )
        return parse_shards(text, total)

    @field_validator("log_level", mode="before")
    @classmethod
    def _any_case(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @property
    def logging_level(self) -> int:
        return int(logging.getLevelName(self.log_level))


def parse_host_port(text: str) -> tuple[str, int]:
    """HOST:PORT (an IPv6 host in brackets); a ValueError saying what is wrong otherwise."""
    host, sep, port = text.strip().rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) < 65536:
        raise ValueError(f"{text!r} is not HOST:PORT (for example 127.0.0.1:8080)")
    return host, int(port)


def load_settings() -> Settings:
    return Settings()
