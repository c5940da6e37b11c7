"""A Magic game's story: its own reading of the changes that stand, for every Magic format.

`totembot.core.story` holds the neutral model (tracks, exits, hits, results) and
`totembot.core.axis` the chart's turn axis every game shares; the modules here fill the model:
`telling` (the story and the statistics' results), `facts` (who went out when, the biggest hit,
commander tallies) and `ways` (a player's going out in the categories of `core.ways`). Totemic
tells its own in `games/totemic/story/`. Pure: no Discord, database, clock or drawing; the
ruleset imports them only when a story is asked for.
"""
