"""`HIGHCARD`: the whole test game, composed as every game is (game/core/game.py's
`GameEntry`): rules and records, bots and words. The catalog reads `entry.GAME`."""

from __future__ import annotations

from game.core.game import GameBots, GameEntry

from .rules.game import RULES, HighCardState
from .words import WORDS


def _bots() -> GameBots:
    from .ai import BOTS

    return BOTS


HIGHCARD: GameEntry[HighCardState] = GameEntry(RULES, _bots, WORDS)
GAME = HIGHCARD
