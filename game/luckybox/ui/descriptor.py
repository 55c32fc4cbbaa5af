"""Lucky Box's UI descriptor (see game/core/ui/game_ui/descriptor.py and game/catalog.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.paths import package_data
from game.core.ui.game_ui.descriptor import GameUI
from game.core.ui.toolkit.layout import END, GROW_END, START, STAY, STRETCH, Anchor
from game.luckybox.entry import LUCKYBOX
from game.luckybox.ui.routes import install
from game.luckybox.ui.sounds import LUCKYBOX_SOUNDS

if TYPE_CHECKING:
    from game.core.ui.table import TableKit, TablePort

TABLE_LAYOUT = package_data("luckybox", "data", "table.tmx")  # the table's named regions

_RIGHT_COLUMN = ("lightning_pile", "moon_pile", "button_lightning_minus", "button_lightning_plus")
_CORNER_BUTTONS = ("button_pass", "button_undo", "button_hint", "button_menu")
#: A window wider than 16:9: the banner and bonuses go to the left edge, the piles,
#: scorecard and buttons to the right, the other boards grow rightward and the current
#: player's cards take the width between. Taller: the top row goes up, the message and the
#: buttons down, and the cards take the height between (larger cards).
TABLE_ANCHORS: dict[str, Anchor] = {
    "player_banner": (START, START),
    "pending_queue": (START, START),
    "number_deck": (STAY, START),
    "revealed_card": (STAY, START),
    "other_boards": (GROW_END, START),
    "current_board": (STRETCH, STRETCH),
    "message": (STRETCH, END),
    "scorecard": (END, STAY),
    **{name: (END, STAY) for name in _RIGHT_COLUMN},
    **{name: (END, END) for name in _CORNER_BUTTONS},
}


def table_kit(port: TablePort) -> TableKit:
    """Lucky Box's table kit for the core table (loaded with the first table, not at start-up)."""
    from game.luckybox.ui.table.kit import LuckyBoxKit

    return LuckyBoxKit(port)


GAME_UI: GameUI = GameUI(
    game=LUCKYBOX,
    install=install,
    layout=TABLE_LAYOUT,
    layout_anchors=TABLE_ANCHORS,
    tour="game.luckybox.tour",
    # The one-game version kept Lucky Box's autosave and records at the data folder's top.
    legacy_top_files=True,
    sounds=LUCKYBOX_SOUNDS,
    table_kit=table_kit,
)
