"""The start-up figure times a bot whose bytecode is written, as pip writes it when it installs
the wheel: a checkout whose shell sets PYTHONDONTWRITEBYTECODE would otherwise compile every
module from source at each start, and the figure would time the compiler."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import totembot
from totembot.bench.main import compiled_as_installed


def test_every_module_of_the_package_has_its_bytecode_before_the_bot_is_timed() -> None:
    compiled_as_installed()
    package = Path(totembot.__file__).parent
    sources = sorted(package.rglob("*.py"))
    assert len(sources) > 100
    missing = [
        source
        for source in sources
        if not Path(importlib.util.cache_from_source(str(source))).is_file()
    ]
    assert missing == []
