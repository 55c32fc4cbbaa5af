"""The core scene screens (game/core/ui/screens): both games' scenes are built in them, the
replay's speed labels speak the player's language, and the screens import no game."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame

from game.blanco.ui.descriptor import GAME_UI as BLANCO_UI
from game.blanco.ui.scenes.gameend import GameEndScene as BlancoEnd
from game.blanco.ui.scenes.replay import ReplayScene as BlancoReplay
from game.blanco.ui.scenes.setup import SetupScene as BlancoSetup
from game.blanco.ui.table.kit import BlancoKit
from game.core import i18n
from game.core.ui.screens.gameend import GameEndScreen
from game.core.ui.screens.replay import ReplayScreen, speed_text
from game.core.ui.screens.setup import SetupScreen
from game.core.ui.table import TableKit
from game.core.ui.table.part import Part
from game.luckybox.ui.descriptor import GAME_UI as LUCKY_UI
from game.luckybox.ui.scenes.gameend import GameEndScene as LuckyEnd
from game.luckybox.ui.scenes.replay import ReplayScene as LuckyReplay
from game.luckybox.ui.scenes.setup import SetupScene as LuckySetup
from game.luckybox.ui.table.kit import LuckyBoxKit
from tests.test_blanco_replays import bot_game
from tests.ui_helpers import frames, press

ROOT = Path(__file__).resolve().parent.parent


def test_each_kind_of_scene_is_one_screen_filled_by_each_game():
    # Each game's table is the core table holding its kit, handed through its UI descriptor.
    assert BLANCO_UI.table_kit is BlancoKit and TableKit in BlancoKit.__mro__
    assert LUCKY_UI.table_kit is not None and TableKit in LuckyBoxKit.__mro__
    for screen, scenes in (
        (SetupScreen, (LuckySetup, BlancoSetup)),
        (GameEndScreen, (LuckyEnd, BlancoEnd)),
        (ReplayScreen, (LuckyReplay, BlancoReplay)),
    ):
        for scene in scenes:
            assert issubclass(scene, screen), (scene, screen)
    # One Part base: every table part of either game is a core Part.
    from game.blanco.ui.table import controls as blanco_controls, parts as blanco_parts
    from game.luckybox.ui.table import boards, controls, parts

    for module in (parts, boards, controls, blanco_parts, blanco_controls):
        assert getattr(module, "Part", Part) is Part


def test_the_screens_import_no_game():
    core_ui = ROOT / "game" / "core" / "ui"
    folders = ("screens", "table", "game_ui")
    for path in [p for folder in folders for p in (core_ui / folder).rglob("*.py")]:
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                assert not name.startswith(("game.luckybox", "game.blanco", "game.catalog")), (
                    f"{path} imports {name}"
                )


def test_speed_labels_are_translated():
    try:
        assert speed_text(0.5) == "0.5x"
        i18n.set_language("fr")
        assert speed_text(0.5) == "×0,5"
        i18n.set_language("de")
        assert speed_text(0.5) == "0,5×"
    finally:
        i18n.set_language("en")


def test_a_blanco_replays_speed_button_and_status_speak_french(app):
    session = bot_game(["Ann", "Bo"], ["easy", "easy"], 5)
    record = session.record({})
    replay = BlancoReplay(app.ctx, record)
    app.stack.clear_to(replay)
    press(app, pygame.K_MINUS)  # 1x -> 0.5x
    assert replay.speed == 0.5
    try:
        i18n.set_language("fr")
        assert replay.buttons["speed"].label == "Vitesse ×0,5"
        assert replay.status().endswith("Lecture à ×0,5.")
        i18n.set_language("en")
        assert replay.buttons["speed"].label == "Speed 0.5x"
        assert replay.status() == f"Replay: step 0 of {replay.total}. Playing at 0.5x."
    finally:
        i18n.set_language("en")
    frames(app, 2)
    assert app.errors == []
