"""Shard ids as a process is given them, and which shard a guild's events go to."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totembot.shards import ShardSet, describe_ids, parse_shards, shard_of


@pytest.mark.parametrize(
    ("text", "count", "ids"),
    [
        ("0-3", 8, (0, 1, 2, 3)),
        ("5", 8, (5,)),
        ("0,2,4-6", 8, (0, 2, 4, 5, 6)),
        (" 4-6 , 0 ", 8, (0, 4, 5, 6)),  # spaces are fine; the ids come out sorted
        ("0 - 1", 2, (0, 1)),
        ("0-0", 1, (0,)),
    ],
)
def test_ids_ranges_and_lists_are_read(text: str, count: int, ids: tuple[int, ...]) -> None:
    assert parse_shards(text, count) == ShardSet(ids, count)


@pytest.mark.parametrize(
    ("text", "count", "message"),
    [
        ("", 8, "no shard ids are given: write them as 0-3 or 0,2,4-6"),
        ("  ", 8, "no shard ids are given"),
        ("3-1", 8, "the range 3-1 goes backwards: write 1-3"),
        ("8", 8, "shard 8 does not exist with a shard count of 8 (ids go from 0 to 7)"),
        ("0-9", 8, "shard 9 does not exist with a shard count of 8"),
        ("0-3", 0, "the shard count must be at least 1, not 0"),
        ("0-3", -2, "the shard count must be at least 1, not -2"),
        ("0-3,2", 8, "shard 2 is given twice"),
        ("1,1", 8, "shard 1 is given twice"),
        ("a", 8, "'a' is not a shard id or a range of them"),
        ("-1", 8, "'-1' is not a shard id or a range of them"),
        ("1-", 8, "'1-' is not a shard id or a range of them"),
        ("1-2-3", 8, "'1-2-3' is not a shard id"),
        ("٣", 8, "is not a shard id"),  # an Arabic-Indic three: digits are ASCII digits
        ("0,,1", 8, "'0,,1' has an empty place between commas"),
    ],
)
def test_bad_shards_are_refused_in_one_sentence(text: str, count: int, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_shards(text, count)

    assert message in str(refused.value)
    assert str(refused.value).count(". ") == 0  # one sentence


def test_a_huge_range_is_refused_before_it_is_spread_out() -> None:
    with pytest.raises(ValueError, match="shard 99999999999 does not exist"):
        parse_shards("0-99999999999", 8)


def test_a_shard_set_made_directly_is_checked_too() -> None:
    with pytest.raises(ValueError, match="shard 2 does not exist"):
        ShardSet((0, 2), 2)
    with pytest.raises(ValueError, match="no shard ids"):
        ShardSet((), 2)


# Worked by hand: a snowflake's top bits are milliseconds since Discord's epoch, and
# `id >> 22` keeps them. Discord's own example snowflake 175928847299117063 >> 22 is
# 41944705796 (2016-04-30 11:18:25.796 UTC): 41944705796 = 8 * 5243088224 + 4, it is even, and
# its digits add up to 56 = 3 * 18 + 2. 81384788765712384 >> 22 is 19403645698: its last four
# digits 5698 = 16 * 356 + 2 (10,000 is a multiple of 16), and it ends in 8 (5 + 3).
@pytest.mark.parametrize(
    ("guild_id", "count", "shard"),
    [
        (175928847299117063, 8, 4),
        (175928847299117063, 2, 0),
        (175928847299117063, 3, 2),
        ("175928847299117063", 8, 4),  # as the store keeps it
        (81384788765712384, 16, 2),
        (81384788765712384, 5, 3),
        (10, 2, 0),  # the tests' guild: 10 >> 22 is 0
        ((1 << 22) + 10, 2, 1),  # the next millisecond's guild
        ((3 << 22) + 10, 2, 1),
        ((2 << 22) + 10, 2, 0),
        (175928847299117063, 1, 0),  # one shard has everything
    ],
)
def test_a_guild_goes_to_discords_shard(guild_id: int | str, count: int, shard: int) -> None:
    assert shard_of(guild_id, count) == shard


def test_a_direct_message_has_no_guild_and_goes_to_shard_0() -> None:
    assert shard_of(None, 8) == 0
    assert ShardSet((0,), 2).owns(None)
    assert not ShardSet((1,), 2).owns(None)


def test_a_shard_set_owns_the_guilds_of_its_shards() -> None:
    shards = parse_shards("0,2", 4)

    assert shards.owns("175928847299117063")  # shard 0 of 4 (41944705796 is a multiple of 4)
    assert shards.owns(str((2 << 22) + 10))
    assert not shards.owns(str((1 << 22) + 10))
    assert not shards.owns(str((3 << 22) + 10))


def test_shard_of_refuses_a_count_below_one_and_a_negative_id() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        shard_of(10, 0)
    with pytest.raises(ValueError, match="never negative"):
        shard_of(-5, 2)


@pytest.mark.parametrize(
    ("ids", "text"),
    [((0, 1, 2, 3), "0-3"), ((5,), "5"), ((0, 2, 4, 5, 6), "0,2,4-6"), ((1, 3), "1,3")],
)
def test_ids_are_described_as_they_would_be_written(ids: tuple[int, ...], text: str) -> None:
    assert describe_ids(ids) == text
    assert str(ShardSet(ids, 8)) == f"{text} of 8"


@st.composite
def shard_sets(draw: st.DrawFn) -> ShardSet:
    count = draw(st.integers(min_value=1, max_value=64))
    ids = draw(st.sets(st.integers(min_value=0, max_value=count - 1), min_size=1))
    return ShardSet(tuple(sorted(ids)), count)


@given(shard_sets())
def test_a_shard_set_reads_back_from_its_own_description(shards: ShardSet) -> None:
    assert parse_shards(describe_ids(shards.ids), shards.count) == shards


@given(st.integers(min_value=0, max_value=(1 << 64) - 1), st.integers(1, 64))
def test_every_guild_has_exactly_one_shard_and_its_owner_owns_it(guild: int, count: int) -> None:
    shard = shard_of(guild, count)
    every = ShardSet(tuple(range(count)), count)
    owners = [s for s in range(count) if ShardSet((s,), count).owns(str(guild))]

    assert 0 <= shard < count
    assert owners == [shard]
    assert every.owns(str(guild))
