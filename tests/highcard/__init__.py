"""High card: a test-only third game, as small as a game with hidden cards, chance, undo and
records can be. It exists to prove the seam fits a game the app was not written for: its pure
rules (`rules/game.py`, `RULES`, composed with its bots and words in `entry.py`) run beside the
real ones in tests/test_conformance.py, and its UI (`ui/`, the core shells filled in a few
hundred lines) is registered by tests/test_third_game.py (`catalog.register("tests.highcard")`)
and played through the app."""

from .entry import HIGHCARD

__all__ = ["HIGHCARD"]
