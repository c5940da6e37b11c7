"""`help`: the Totem language taught topic by topic, without the README.

Shared by the offline console and Discord's `/totem help`: plain text with no markdown
characters (no asterisks, underscores, backticks, tildes or pipes), so it reads the same in a
terminal and in a Discord message, and each page fits in one message.
"""

from __future__ import annotations

from collections.abc import Sequence

from totembot.core.help import Example, Topic
from totembot.games.magic.help.panel_page import PANEL
from totembot.games.magic.help.topics import (
    DEATH,
    FORMATS,
    GAME,
    REQUESTS,
    RULES,
    TOTEMIC,
    TOTEMS,
)
from totembot.games.magic.language.requests import TABLE
from totembot.games.magic.language.row import GROUPS as VERB_GROUPS
from totembot.games.magic.rules.errors import shown

__all__ = [
    "TOPICS",
    "Example",
    "Topic",
    "all_examples",
    "find_topic",
    "help_text",
    "slash_commands",
    "topic_names",
]

# The requests in the index's order: group by group, in the table's order within a group.
VERB_ROWS = tuple(row for group in VERB_GROUPS for row in TABLE if row.group == group)
VERB_TOPICS = tuple({row.page.name: row.page for row in VERB_ROWS}.values())
TOPICS: tuple[Topic, ...] = (
    GAME,
    FORMATS,
    REQUESTS,
    TOTEMS,
    DEATH,
    RULES,
    *VERB_TOPICS,
    TOTEMIC,
    PANEL,
)
GROUPS = (
    ("The game", ("game", "formats", "totemic", "requests", "totems", "death", "rules", "panel")),
    *((group, tuple(row.verb for row in VERB_ROWS if row.group == group)) for group in VERB_GROUPS),
)
LEGEND = "In the forms, N is a number, P a player, T a totem; words in [ ] may be left out."
UNSAFE = str.maketrans("", "", "*_~`|<>@#\\")


def _folded(name: str) -> str:
    return name.strip().lstrip("/").casefold()


def topic_names(extra: Sequence[Topic] = ()) -> list[str]:
    """The names the index lists (a few, like unlock and deny, share a page)."""
    return [name for _group, names in GROUPS for name in names] + [t.name for t in extra]


def slash_commands() -> list[str]:
    """The structured slash commands that build a request, in the index's order."""
    return [f"/{row.slash}" for row in VERB_ROWS if row.slash is not None]


def find_topic(name: str, extra: Sequence[Topic] = ()) -> Topic | None:
    """The page for a topic name or alias, matched whatever the case."""
    wanted = _folded(name)
    for topic in (*TOPICS, *extra):
        if wanted == topic.name or wanted in topic.aliases:
            return topic
    return None


def all_examples() -> list[tuple[Topic, Example]]:
    """Every example the help shows, with its page (the tests play each one)."""
    return [(topic, example) for topic in TOPICS for example in topic.examples]


def _index(extra: Sequence[Topic], ask: str) -> str:
    lines = [
        "A Totem game is recorded one request per line, like: Ann: deal 3 to Bob via left",
        f"Ask {ask} TOPIC for one of these, with its forms and examples:",
    ]
    lines += [f"  {group}: {', '.join(names)}" for group, names in GROUPS]
    lines += [f"  {topic.name}: {topic.title}" for topic in extra]
    lines.append(LEGEND)
    return "\n".join(lines)


def _page(topic: Topic) -> str:
    lines = [f"{topic.name}: {topic.title}"]
    if len(topic.forms) == 1:
        lines.append(f"Form: {topic.forms[0]}")
    elif topic.forms:
        lines.append("Forms:")
        lines += [f"  {form}" for form in topic.forms]
    lines += topic.text
    if topic.examples:
        lines.append("Examples:" if len(topic.examples) > 1 else "Example:")
        for example in topic.examples:
            lines += [f"  {example.line}", f"      {example.says}"]
    return "\n".join(lines)


def help_text(topic: str | None = None, *, extra: Sequence[Topic] = (), ask: str = "help") -> str:
    """The index (no topic), one topic's page, or one sentence listing the topics.

    `extra` adds pages of the caller's own (the console's commands); `ask` is how the caller's
    users ask for a topic ("help" at the console, "/totem help" in Discord).
    """
    if topic is None or _folded(topic) in ("", "help", "topics", "index"):
        return _index(extra, ask)
    page = find_topic(topic, extra)
    if page is not None:
        return _page(page)
    asked = shown(topic.strip(), limit=30).translate(UNSAFE)
    names = ", ".join(topic_names(extra))
    return f"There is no help on '{asked}': ask {ask} and one of {names}."
