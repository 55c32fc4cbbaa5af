"""Computer players: Easy, Normal and Hard, and the hint. No pygame here: usable headless."""

from game.luckybox.ai.bots import LEVELS, Bot, hint, make_bot

__all__ = ["LEVELS", "Bot", "hint", "make_bot"]
