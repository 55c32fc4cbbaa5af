"""Computer players: Easy, Normal and Hard, and the hint. No pygame here: usable headless."""

from .bots import LEVELS, Bot, hint, make_bot

__all__ = ["LEVELS", "Bot", "hint", "make_bot"]
