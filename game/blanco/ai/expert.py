"""Blanco's Expert: Hard's whole-turn look with a deeper plan and every pile card weighed.

Pure: no pygame.
"""

from __future__ import annotations

from .bots import HardBot
from .model import Params


class ExpertBot(HardBot):
    """Hard, planning larger grids in every order and weighing each card the pile may hold."""

    level = "expert"
    params = Params(lookahead=True, full=9, reveal=0.6, k_draw=0.3)
    sample = 0  # every fitting pile card weighed, none standing in for its neighbours
