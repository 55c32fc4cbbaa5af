"""A finished turn that goes on by itself: the Confirm turn setting (`CONFIRM_DELAYS`).

"Always" keeps today's Next; "After 2 s" counts two seconds once the turn's steps have been
shown, with a bar along the Next button emptying, and Next or Undo still work till then;
"Never" goes on as soon as the steps have been shown. Online tables have no Next to wait for,
and a demo, a replay or a guided game (whose guide asks for Next) never goes on by itself.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.ui.settings import CONFIRM_DELAYS
from game.core.ui.toolkit import gfx

BAR = (255, 255, 255)


class AutoNext:
    """The countdown of one table: `due(confirming, dt)` each frame the table could go on."""

    def __init__(self, settings: Any, on: bool) -> None:
        self.settings = settings
        self.on = on
        self.left: float | None = None  # seconds before the finished turn goes on

    @property
    def delay(self) -> float | None:
        return CONFIRM_DELAYS.get(getattr(self.settings, "confirm", "always"))

    def due(self, confirming: int | None, dt: float) -> bool:
        """Whether the turn waiting for Next (`confirming`) goes on now."""
        delay = self.delay
        if delay is None or not self.on or confirming is None:
            self.left = None
            return False
        if self.left is None:
            self.left = delay
        self.left -= dt
        if self.left > 0:
            return False
        self.left = None
        return True

    @property
    def counting(self) -> bool:
        """Whether the bar is emptying (a frame to draw)."""
        return bool(self.left)

    def draw(self, surface: pygame.Surface, button: Any) -> None:
        """The time left as a bar along the foot of the Next button (`button`, if shown)."""
        delay = self.delay
        if not self.left or not delay or button is None:
            return
        r = button.rect
        width = (r.w - 28) * min(1.0, self.left / delay)
        gfx.rect(surface, BAR, (r.x + 14, r.bottom - 11, width, 5), border_radius=2)
