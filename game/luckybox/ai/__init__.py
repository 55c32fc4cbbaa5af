"""Computer players: Easy, Normal, Hard and Expert, and the hint. No pygame: usable headless."""

from game.luckybox.ai.bots import LEVELS, Bot, hint
from game.luckybox.ai.levels import make_bot

__all__ = ["LEVELS", "Bot", "hint", "make_bot"]
