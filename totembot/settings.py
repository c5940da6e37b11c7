"""Settings from the environment or a `.env` file, read when the program starts (not on import)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    database: str = Field(
        default="totembot.sqlite3",
        validation_alias="TOTEMBOT_DATABASE",
        description="Path of the SQLite database file.",
    )


def load_settings() -> Settings:
    return Settings()
