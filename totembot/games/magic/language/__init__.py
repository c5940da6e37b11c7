"""The phrase language of RULES.md and FORMATS.md: words, the request table, the setup line."""
