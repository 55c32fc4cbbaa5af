"""Lucky Box's UI descriptor (see game/core/ui/game_ui.py and game/catalog.py)."""

from __future__ import annotations

from game.core.paths import package_data
from game.core.ui.game_ui import GameUI
from game.luckybox.rules.game import LUCKYBOX
from game.luckybox.ui.routes import install

TABLE_LAYOUT = package_data("luckybox", "data", "table.tmx")  # the table's named regions

GAME_UI: GameUI = GameUI(
    game=LUCKYBOX,
    install=install,
    layout=TABLE_LAYOUT,
    tour="game.luckybox.tour",
    # The one-game version kept Lucky Box's autosave and records at the data folder's top.
    legacy_top_files=True,
)
