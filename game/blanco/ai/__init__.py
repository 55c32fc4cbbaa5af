"""Blanco's computer players (Easy, Normal, Hard, Expert) and the hint. No pygame here: headless."""

from game.blanco.ai.bots import LEVELS, BaseBot, EasyBot, HardBot, NormalBot, hint
from game.blanco.ai.levels import make_bot

__all__ = ["LEVELS", "BaseBot", "EasyBot", "HardBot", "NormalBot", "hint", "make_bot"]
