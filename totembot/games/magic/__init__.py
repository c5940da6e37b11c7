"""games.magic."""
