"""The celebration at the end of a Blanco game: confetti in the cards' ten colours falling over
the results, the players' rows coming in one by one (the winner's first, in gold), as Lucky
Box's end grows its bars. Time-driven (the end scene's clock); with reduced motion no confetti
falls and every row is there at once. The scene rests once `SETTLED` seconds have passed."""

from __future__ import annotations

import math
import random

import pygame

from game.core.ui.toolkit import gfx, motion

from ..cardview import COLOURS

CONFETTI = 140  # flakes
FALL = 3.2  # seconds a flake takes to fall the screen's height (at most)
ROW_START, ROW_EVERY, ROW_SLIDE = 0.25, 0.22, 0.35  # s: the rows' entrance
GOLD = (255, 206, 60)


class Confetti:
    """Flakes falling from above the screen, each swaying and turning (a fixed pattern)."""

    def __init__(self, seed: int, width: float = 1280.0) -> None:
        rng = random.Random(seed)
        self.flakes = [
            (
                rng.uniform(0, width),  # x
                rng.uniform(-260, -10),  # start y (above the screen)
                rng.uniform(200, 330),  # speed, px/s
                rng.uniform(10, 34),  # sway, px
                rng.uniform(0, math.tau),  # phase
                COLOURS[rng.randrange(len(COLOURS))],
                rng.choice(((14, 8), (11, 11), (16, 7))),
            )
            for _ in range(CONFETTI)
        ]

    @staticmethod
    def lasts() -> float:
        return 0.0 if motion.reduced() else FALL + 0.8

    def draw(self, surface: pygame.Surface, time: float, view: pygame.Rect) -> None:
        if time >= self.lasts():
            return
        for x, y0, speed, sway, phase, colour, (w, h) in self.flakes:
            y = y0 + speed * time
            if y > view.bottom + 10:
                continue
            turn = abs(math.sin(phase + time * 5.0))
            fx = view.x + x * view.w / 1280.0 + sway * math.sin(phase + time * 2.4)
            gfx.rect(surface, colour, (fx, y, w, max(1.0, h * turn)), border_radius=2)


def row_shown(index: int, time: float) -> float:
    """How far row `index` (0: the winner's) has come in, 0..1."""
    if motion.reduced():
        return 1.0
    k = (time - ROW_START - ROW_EVERY * index) / ROW_SLIDE
    return max(0.0, min(1.0, k))


def settled(rows: int) -> float:
    """Seconds after which nothing moves any more."""
    if motion.reduced():
        return 0.0
    return max(Confetti.lasts(), ROW_START + ROW_EVERY * rows + ROW_SLIDE)
