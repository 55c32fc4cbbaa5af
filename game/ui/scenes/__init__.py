"""The menu scenes: title, game setup, settings, pause overlay and the confirm dialog.

The game-table scenes (draft, round table, game end, demo) build on the same pieces:
`game.ui.scene.Scene` / `game.ui.widgets.UIScene`, a `ctx` passed in, widgets by name.
"""

from .dialog import ConfirmDialog
from .pause import PauseScene
from .settings import SettingsScene
from .setup import SetupScene
from .title import TitleScene

__all__ = ["ConfirmDialog", "PauseScene", "SettingsScene", "SetupScene", "TitleScene"]
