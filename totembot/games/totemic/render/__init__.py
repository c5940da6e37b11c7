"""games.totemic.render."""
