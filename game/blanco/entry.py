"""`BLANCO`: the whole game of Blanco, composed of its parts, one job each (game/core/game.py):
its rules and records (`rules/`, pure), its bots and the hint (`ai/`, loaded when a table first
asks) and its words (`words.py`), as a `game.core.entry.Game`. The catalog lists it
as `<package>.entry.GAME`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.entry import Game

from .rules.game import RULES
from .words import WORDS

if TYPE_CHECKING:
    from game.core.game import GameBots

    from .rules.state import BlancoState


def _bots() -> GameBots:
    from .ai import BOTS

    return BOTS


BLANCO: Game[BlancoState] = Game(RULES, words=WORDS, load_bots=_bots)
GAME = BLANCO  # the catalog's convention: <package>.entry.GAME
