"""Reduced motion (a Settings choice): calmer, shorter animations, no shaking, pulsing or flashing.

A display preference like the text size: widgets and effects deep in the table read it here
instead of each being handed the settings. The app sets it at start and Settings when changed.
"""

from __future__ import annotations

import math

_reduced = False
#: Animations run this much faster under reduced motion (shorter, so calmer to watch).
REDUCED_SPEED_UP = 1.6


def reduced() -> bool:
    """True when the player asked for reduced motion."""
    return _reduced


def set_reduced(on: bool) -> None:
    global _reduced
    _reduced = bool(on)


def pulse(time: float, speed: float = 3.0) -> float:
    """0..1 breathing for highlights; a steady 1.0 under reduced motion (no pulsing)."""
    if _reduced:
        return 1.0
    return 0.5 + 0.5 * math.sin(time * speed)
