"""Numbered SQL migrations, applied in order at start-up (see `totembot.store.migrate`)."""
