"""Blanco's UI descriptor (see game/core/ui/game_ui/descriptor.py and game/catalog.py)."""

from __future__ import annotations

from game.blanco.entry import BLANCO
from game.blanco.ui.routes import install
from game.blanco.ui.sounds import BLANCO_SOUNDS
from game.blanco.ui.table.kit import BlancoKit
from game.core.ui.game_ui.descriptor import GameUI

GAME_UI: GameUI = GameUI(
    game=BLANCO,
    install=install,
    tour="game.blanco.tour",
    # Blanco's table once kept the memory aid in its own folder, before Settings held it.
    legacy_settings_files=("table.json",),
    table_files=("match.json", "look.json"),  # match.FILE and the table's LOOK
    sounds=BLANCO_SOUNDS,
    table_kit=BlancoKit,  # the core table holds it, here or online
)
