"""games.totemic."""
