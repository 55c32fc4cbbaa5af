"""`HIGHCARD`: the whole test game (game/core/entry.py's `Game`): its rules, its own bots
(loaded on first use), core's words. The catalog reads `entry.GAME`."""

from __future__ import annotations

from game.core.entry import Game
from game.core.game import GameBots

from .rules.game import RULES, HighCardState


def _bots() -> GameBots:
    from .ai import BOTS

    return BOTS


HIGHCARD: Game[HighCardState] = Game(RULES, load_bots=_bots)
GAME = HIGHCARD
