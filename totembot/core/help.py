"""The help's pages, in words any game can fill: a page (`Topic`) with forms and examples, and
the `Manual` the shell asks for a page. Shared by the console's `help` and Discord's
`/totem help`; the games write the pages (`games.registry.manual()` finds them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

THREE = "game totem players: Ann, Bob, Cid"


@dataclass(frozen=True)
class Example:
    """A line as a user types it, what it does, and the game it is true in."""

    line: str
    says: str
    setup: str = THREE
    before: tuple[str, ...] = ()


@dataclass(frozen=True)
class Topic:
    """One help page: a name to ask for, the phrase's forms, what it means, examples."""

    name: str
    title: str
    text: tuple[str, ...]
    forms: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()
    aliases: tuple[str, ...] = ()


class Manual(Protocol):
    """The help as the shell reads it; `extra` adds pages of the caller's own."""

    def help_text(
        self, topic: str | None = None, *, extra: Sequence[Topic] = (), ask: str = "help"
    ) -> str: ...

    def topic_names(self, extra: Sequence[Topic] = ()) -> list[str]: ...

    def slash_commands(self) -> list[str]:
        """The structured slash commands the phrases have, as `/name`, in the help's order."""
        ...
