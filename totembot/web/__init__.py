"""The live page of a table (issue 31): a read-only web view of a channel's game, drawn in the
browser from the game's JSON and kept current by server-sent events.

It reads games through the service, the store and the registry only (an import contract in
pyproject.toml), so the bot and the console serve the same page.
"""
