"""High card: a test-only third game, as small as a game with hidden cards, chance, undo and
records can be, and the example of docs/architecture.md's "Adding a game": its pure rules
(`rules/game.py`) with its bots (`ai.py`) in `entry.py`, and its table's kit (`ui/kit.py`);
core gives the rest. tests/test_third_game.py registers it and plays it through the app."""

from .entry import HIGHCARD

__all__ = ["HIGHCARD"]
