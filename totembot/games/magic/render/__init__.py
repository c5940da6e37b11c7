"""games.magic.render."""
