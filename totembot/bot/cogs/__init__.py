"""Slash commands, grouped by what they are for."""
