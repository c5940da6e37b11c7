"""The colours every picture shares, whatever the game: the board's and the chart's.

A chart of a Totemic match and a Magic board use the same palette, so this module imports
nothing of either game.
"""

from totembot.render.pen import RGB

TEXT: RGB = (236, 238, 243)
MUTED: RGB = (150, 156, 170)
FAINT: RGB = (104, 110, 126)
DARK_TEXT: RGB = (22, 26, 32)
LINK: RGB = (84, 92, 112)
ARROW: RGB = (150, 160, 184)
SEAT_FILL: RGB = (48, 53, 66)
SEAT_EDGE: RGB = (112, 120, 140)
OUT_FILL: RGB = (37, 40, 49)
OUT_EDGE: RGB = (70, 75, 88)
ACTIVE: RGB = (46, 204, 113)
GOLD: RGB = (241, 196, 15)
CARD_FILL: RGB = (56, 62, 78)
CARD_EDGE: RGB = (126, 136, 160)
LABEL: RGB = (178, 186, 204)
DEAD_FILL: RGB = (44, 33, 37)
DEAD_EDGE: RGB = (192, 57, 43)
DEAD_LINK: RGB = (92, 52, 56)
DEAD_ARROW: RGB = (140, 78, 82)
HEART: RGB = (231, 76, 60)
POISON: RGB = (126, 214, 84)
COMMANDER: RGB = (243, 156, 18)
LOCK: RGB = (241, 196, 15)
PENDING: RGB = (243, 156, 18)
# The teams' colours, team A first (the status message's squares match them).
TEAM_COLOURS: tuple[RGB, ...] = ((66, 135, 245), (235, 87, 87), (165, 105, 230), (245, 145, 50))
