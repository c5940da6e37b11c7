"""games.totemic.language."""
