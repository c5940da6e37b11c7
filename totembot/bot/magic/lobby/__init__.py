"""bot.lobby."""
