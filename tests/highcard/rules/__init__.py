"""High card's pure rules (no pygame, no bots, no words): `game.RULES` is what the catalog
composes the game from (`entry.py`)."""

from .game import RULES, HighCardRules, HighCardState, Keep, Swap

__all__ = ["RULES", "HighCardRules", "HighCardState", "Keep", "Swap"]
