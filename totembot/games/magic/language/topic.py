"""The games the help's examples are played in (a request's own page is part of its row in
the request table; the page's shape, `Topic` and `Example`, is the neutral `core.help`)."""

from __future__ import annotations

from totembot.core.help import THREE

COMMANDER = f"{THREE} commander"
CONSENT = f"{THREE} rules: half-life-consent"
