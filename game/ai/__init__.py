"""Computer players (no pygame: usable headless)."""

from .bots import Bot, make_bot

__all__ = ["Bot", "make_bot"]
