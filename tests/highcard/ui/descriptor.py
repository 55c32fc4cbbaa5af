"""High card's UI descriptor, as the catalog reads it: its game and its table's kit; every
scene around the table is core's (game/core/ui/screens/plain.py)."""

from __future__ import annotations

from game.core.ui.game_ui.descriptor import GameUI

from ..entry import GAME
from .kit import HighCardKit

GAME_UI = GameUI(game=GAME, table_kit=HighCardKit)
