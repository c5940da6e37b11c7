"""bot.totemic."""
