"""bot.magic.lobby."""
