"""Blanco's facts the game's descriptor shows before any game is dealt (the title, the command
line): kept apart from state.py and record.py so that reading them loads no engine."""

FORMAT = "blanco/record@1"  # the records' "format" (BLANCO-RECORD.md)
MIN_PLAYERS = 1
MAX_PLAYERS = 5
