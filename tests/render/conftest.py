"""Fixtures of the render tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from totembot.render.fonts import forget_fonts


@pytest.fixture
def fresh_fonts() -> Iterator[None]:
    """Fonts loaded anew in the test and after it: the pen keeps each thread's fonts, so a
    test taking FreeType away would otherwise draw with the fonts kept from before, and leave
    its own fallback fonts to the tests after it."""
    forget_fonts()
    yield
    forget_fonts()
