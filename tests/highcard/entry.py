"""`HIGHCARD`: the whole test game, composed as every game is (game/core/game.py's
`GameEntry`): rules and records, bots, words and wire. The catalog reads `entry.GAME`."""

from __future__ import annotations

from game.core.game import GameBots, GameEntry
from game.core.wire import GameWire

from .rules.game import RULES, HighCardState
from .words import WORDS


def _bots() -> GameBots:
    from .ai import BOTS

    return BOTS


def _wire() -> GameWire:
    from .wire import WIRE

    return WIRE


HIGHCARD: GameEntry[HighCardState] = GameEntry(RULES, _bots, WORDS, _wire)
GAME = HIGHCARD
