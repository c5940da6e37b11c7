"""Neutral drawing, shared by every game: the chart and summary of a story (`core.story`), the
pen, fonts and palette of every picture, embed limits and markdown escaping. Each game's own
renderers (JSON, text, status embed, board) live in its folder (`games/<game>/render/`)."""
