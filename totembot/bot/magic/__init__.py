"""Magic's own part of the bot: the /totem group's setup and lobby, the structured
commands, /totem-admin, and the consent buttons (found through bot/games.py)."""
