"""The status embed's kept escaping is the same escaping: the cache changes nothing shown."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from totembot.render.markdown import MAX_NAME, escape, escape_name


@given(text=st.text(max_size=120), limit=st.integers(min_value=2, max_value=300))
def test_a_kept_name_is_escaped_exactly_as_escape_does(text: str, limit: int) -> None:
    assert escape_name(text, limit) == escape(text, limit)
    assert escape_name(text, limit) == escape(text, limit)  # the second time, from the cache


def test_a_hostile_name_stays_harmless_when_kept() -> None:
    name = "@everyone <@123> **Bob**"
    for _ in range(2):
        assert escape_name(name) == "@\u200beveryone <\u200b@\u200b123> \\*\\*Bob\\*\\*"
    assert len(escape_name("x" * 100)) == MAX_NAME
