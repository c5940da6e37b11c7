"""Pure renderers: state and events to JSON, text (and later embeds and pictures)."""
