"""games.totemic.story."""
