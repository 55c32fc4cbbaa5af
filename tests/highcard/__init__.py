"""High card: a test-only third game, as small as a game with hidden cards, chance, undo and
records can be. It exists to prove the seam (game/core/game.py) fits a game the app was not
written for: tests/test_conformance.py runs it beside the real ones."""

from .rules import HIGHCARD

__all__ = ["HIGHCARD"]
