"""High card's UI descriptor (see game/core/ui/game_ui.py and game/catalog.py): no layout file,
no tour, no how-to pages, no logo: the app's defaults stand in."""

from __future__ import annotations

from game.core.ui.game_ui import GameUI

from ..entry import GAME
from .routes import install
from .scenes import HighCardKit

GAME_UI = GameUI(game=GAME, install=install, table_kit=HighCardKit)
