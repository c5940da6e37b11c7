"""The status embed's kept escaping is the same escaping: the cache changes nothing shown."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from totembot.render.markdown import (
    LINE_START,
    MARKDOWN,
    MAX_NAME,
    escape,
    escape_name,
    printable,
)


@given(text=st.text(max_size=120), limit=st.integers(min_value=2, max_value=300))
def test_a_kept_name_is_escaped_exactly_as_escape_does(text: str, limit: int) -> None:
    assert escape_name(text, limit) == escape(text, limit)
    assert escape_name(text, limit) == escape(text, limit)  # the second time, from the cache


def test_a_hostile_name_stays_harmless_when_kept() -> None:
    name = "@everyone <@123> **Bob**"
    for _ in range(2):
        assert escape_name(name) == "@\u200beveryone <\u200b@\u200b123> \\*\\*Bob\\*\\*"
    assert len(escape_name("x" * 100)) == MAX_NAME


def every_pass(text: str, limit: int) -> str:
    """The escaping with no quick check: each pattern and guard applied, needed or not."""
    text = "".join(printable(char) for char in text) or "?"
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    text = LINE_START.sub(r"\\\1", MARKDOWN.sub(r"\\\1", text))
    return text.replace("@", "@\u200b").replace("<", "<\u200b")


@given(
    text=st.text(alphabet=st.sampled_from("\\*_~`|[]@<>#-\n ab\u00e9"), max_size=40),
    limit=st.integers(min_value=2, max_value=300),
)
def test_the_quick_check_changes_nothing_escaped(text: str, limit: int) -> None:
    """Text the quick check lets through is text every pass would have left as it is."""
    assert escape(text, limit) == every_pass(text, limit)
