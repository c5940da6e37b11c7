"""The stories of games: each ruleset's own reading of the changes that stand.

`totembot.core.story` holds the neutral model (tracks, exits, hits, results); the modules
here fill it: `magic` (with `magic_facts` and `magic_ways`) for every Magic format, `totemic`
(with `totemic_facts`) for a Totemic match or solo ladder, `axis` for the chart's turn axis
both share, and `ways` for the categories statistics count a player's going out in. Pure: no
Discord, database, clock or drawing; the rulesets import them only when a story is asked for.
"""
