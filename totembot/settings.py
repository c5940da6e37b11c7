"""Settings from the environment or a `.env` file, read when the program starts (not on import)."""

from __future__ import annotations

import logging
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

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
        description="Seconds between two edits of a game's status message (edits are coalesced).",
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

    @field_validator("log_level", mode="before")
    @classmethod
    def _any_case(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @property
    def logging_level(self) -> int:
        return int(logging.getLevelName(self.log_level))


def load_settings() -> Settings:
    return Settings()
