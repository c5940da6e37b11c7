"""Pictures drawn in a process of their own, so that drawing never slows the event loop.

matplotlib (the chart) and Pillow (the board) hold the GIL for most of a picture, so a thread
does not keep the loop free: every channel's replies wait while a picture is drawn. The bot
hands each picture to one worker process instead (`drawer.Drawer`), started the first time a
picture is asked for, reused after, stopped with the bot, and started again if it dies.

`pictures.py` says what may be drawn (a chart, a board), `frames.py` how the two processes talk,
and `worker.py` is the worker's whole program: none of them imports Discord, asyncio or the
store (a contract in pyproject.toml), so the worker loads only what drawing needs.
"""
