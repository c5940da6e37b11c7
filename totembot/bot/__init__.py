"""The Discord shell: thin commands that build intents and hand them to the service."""
