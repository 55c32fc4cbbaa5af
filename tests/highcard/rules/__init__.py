"""High card's pure rules (no pygame): `game.GAME` is what the catalog reads."""

from .game import GAME, HIGHCARD, HighCardBot, HighCardGame, HighCardState, Keep, Swap

__all__ = ["GAME", "HIGHCARD", "HighCardBot", "HighCardGame", "HighCardState", "Keep", "Swap"]
