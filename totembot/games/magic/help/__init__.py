"""games.magic.help."""
