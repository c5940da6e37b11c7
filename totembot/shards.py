"""Which shard a guild belongs to, and which shards one bot process runs.

Discord splits a big bot's guilds between gateway sessions (shards) by the guild's id:
`(guild_id >> 22) % shard_count`; direct messages, which have no guild, go to shard 0
(https://discord.com/developers/docs/events/gateway#sharding). Several processes may each run
some shards; each then looks after only its own guilds' games. Pure: no discord import, so the
settings, the store's callers and the tests' stand-in can all use it.
"""

from __future__ import annotations

from dataclasses import dataclass

EXAMPLE = "write them as 0-3 or 0,2,4-6"


def shard_of(guild_id: int | str | None, count: int) -> int:
    """The shard that receives a guild's events (a DM, with no guild, is shard 0's)."""
    if count < 1:
        raise ValueError(f"the shard count must be at least 1, not {count}")
    if guild_id is None:
        return 0
    snowflake = int(guild_id)
    if snowflake < 0:
        raise ValueError(f"a guild id is never negative, and {snowflake} is")
    return (snowflake >> 22) % count


def describe_ids(ids: tuple[int, ...]) -> str:
    """Ids as the user would write them, runs shortened: (0, 1, 2, 5) -> "0-2,5"."""
    parts: list[str] = []
    start = previous = ids[0] if ids else 0
    for shard in ids[1:]:
        if shard != previous + 1:
            parts.append(_run(start, previous))
            start = shard
        previous = shard
    if ids:
        parts.append(_run(start, previous))
    return ",".join(parts)


def _run(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"


@dataclass(frozen=True)
class ShardSet:
    """The shards one process runs, out of `count` shards in all (ids sorted, each once)."""

    ids: tuple[int, ...]
    count: int

    def __post_init__(self) -> None:
        """Every ShardSet is one Discord would accept, however it was made."""
        _check(self.ids, self.count)

    def owns(self, guild_id: str | None) -> bool:
        """Whether this process receives the guild's events (None: a DM, shard 0's)."""
        return shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        """As the log says it: "0-3 of 8"."""
        return f"{describe_ids(self.ids)} of {self.count}"


def _check(ids: tuple[int, ...], count: int) -> None:
    if count < 1:
        raise ValueError(f"the shard count must be at least 1, not {count}")
    if not ids:
        raise ValueError(f"no shard ids are given: {EXAMPLE}")
    seen: set[int] = set()
    for shard in ids:
        if shard in seen:
            raise ValueError(f"shard {shard} is given twice")
        seen.add(shard)
        if not 0 <= shard < count:
            raise ValueError(
                f"shard {shard} does not exist with a shard count of {count} "
                f"(ids go from 0 to {count - 1})"
            )


def parse_shards(text: str, count: int) -> ShardSet:
    """Read "0-3", "5" or "0,2,4-6"; a ValueError says in one sentence what is wrong."""
    if count < 1:
        raise ValueError(f"the shard count must be at least 1, not {count}")
    ids: list[int] = []
    for part in text.split(","):
        ids.extend(_read_part(part.strip(), text, count))
    if not ids:
        raise ValueError(f"no shard ids are given: {EXAMPLE}")
    _check(tuple(ids), count)
    return ShardSet(tuple(sorted(ids)), count)


def _read_part(part: str, text: str, count: int) -> range:
    """One id ("5") or one range ("4-6") of the list, checked before it is spread out."""
    if not part:
        if text.strip():
            raise ValueError(f"{text.strip()!r} has an empty place between commas: {EXAMPLE}")
        return range(0)
    first, dash, last = (word.strip() for word in part.partition("-"))
    if not _is_id(first) or (dash and not _is_id(last)):
        raise ValueError(f"{part!r} is not a shard id or a range of them: {EXAMPLE}")
    low = int(first)
    high = int(last) if dash else low
    if high < low:
        raise ValueError(f"the range {part} goes backwards: write {high}-{low}")
    _check((high,), count)
    return range(low, high + 1)


def _is_id(word: str) -> bool:
    """ASCII digits only (int() would also take "٣" or " 3")."""
    return word.isascii() and word.isdigit()
