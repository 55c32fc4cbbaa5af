"""Blanco's memory aid is a setting: on by default, switched in Settings (from the table's
menu) with the table following at once, kept in the settings file, and read once from the old
`blanco/table.json` where the table used to keep it."""

from __future__ import annotations

import json
from typing import Any

import pygame

from game import catalog
from game.core.session import Seat
from game.core.ui.screens.pause import PauseScene
from game.core.ui.screens.settings import SettingsScene
from game.core.ui.settings import FILE_NAME, Settings, load_settings
from tests.ui_helpers import click, click_widget, frames, press, screenshot, wait


def _setup_with_a_look(app: Any) -> Any:
    """A Blanco table (Ann and a bot) after Ann's set-up: (1, 1) looked at, face down."""
    app.ctx.settings.animation_speed = 4.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bot", "easy")], seed=21)
    for _ in range(3000):
        if table.human_turn():
            break
        press(app, pygame.K_SPACE) if table.animator.busy else wait(app)
    click(app, table.kit.grid.rects()[(0, 0)].center)
    click(app, table.kit.grid.rects()[(1, 1)].center)
    for _ in range(3000):
        if not table.animator.busy:
            break
        press(app, pygame.K_SPACE)
    assert table.state.players[0].known[1][1] and not table.state.players[0].up[1][1]
    return table


def test_memory_aid_is_on_by_default() -> None:
    assert Settings().memory_aid is True


def test_memory_aid_switched_in_settings_changes_the_table(app, data_dir) -> None:
    table = _setup_with_a_look(app)
    card = table.state.grid(0)[1][1]
    frames(app, 1)
    assert table.kit.cell_face(0, (1, 1)) == (card, True)  # on: Ann sees the card she looked at
    press(app, pygame.K_ESCAPE, 2)  # the table's menu
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click_widget(app, pause, "settings", 2)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    toggle = settings.widget("memory_aid")
    assert toggle.value is True
    click(app, toggle.rect.center, 2)
    assert toggle.value is False and app.ctx.settings.memory_aid is False
    screenshot(app, "settings_memory_aid")
    press(app, pygame.K_ESCAPE, 2)  # Settings saved on leaving
    assert json.loads((data_dir / FILE_NAME).read_text())["memory_aid"] is False
    press(app, pygame.K_ESCAPE, 2)  # back to the table
    assert app.stack.top is table
    frames(app, 1)
    assert table.kit.cell_face(0, (1, 1)) == (0, False)  # off: only its back (and the eye)
    screenshot(app, "blanco_memory_aid_off")
    # The table's own switch is the same setting.
    click(app, table.controls.buttons["aid"].rect.center, 2)
    assert app.ctx.settings.memory_aid is True
    assert table.kit.cell_face(0, (1, 1)) == (card, True)
    assert json.loads((data_dir / FILE_NAME).read_text())["memory_aid"] is True


def legacy_files(folder):
    """The old settings files the games' UI descriptors name (the app passes the same)."""
    return [folder / g.id / name for g in catalog.game_uis() for name in g.legacy_settings_files]


def test_the_old_table_file_is_read_once(tmp_path) -> None:
    assert legacy_files(tmp_path) == [tmp_path / "blanco" / "table.json"]
    old = tmp_path / "blanco" / "table.json"
    old.parent.mkdir()
    old.write_text(json.dumps({"memory_aid": False}))
    settings, warning = load_settings(tmp_path, legacy_files(tmp_path))
    assert warning is None and settings.memory_aid is False
    assert not old.exists(), "read once: the old file goes"
    assert json.loads((tmp_path / FILE_NAME).read_text())["memory_aid"] is False
    settings.memory_aid = True  # a later change is not undone by the old file
    (tmp_path / FILE_NAME).write_text(json.dumps({"memory_aid": True}))
    assert load_settings(tmp_path, legacy_files(tmp_path))[0].memory_aid is True


def test_a_damaged_old_table_file_keeps_the_default(tmp_path) -> None:
    old = tmp_path / "blanco" / "table.json"
    old.parent.mkdir()
    old.write_text("{ not json")
    settings, warning = load_settings(tmp_path, legacy_files(tmp_path))
    assert warning is None and settings.memory_aid is True
