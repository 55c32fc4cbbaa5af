"""The player's options in Settings: music, reduced motion and text size (issue 14), by clicks."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.core.ui.screens.settings import SettingsScene
from game.core.ui.screens.title import TitleScene
from game.core.ui.settings import Settings, load_settings
from game.core.ui.toolkit import motion
from game.core.ui.toolkit.widgets import Button
from tests.sound_helpers import read_mulaw
from tests.ui_helpers import click, click_widget, frames, screenshot

MUSIC = Path(__file__).resolve().parents[1] / "sounds" / "music" / "calm_loop.wav"


@pytest.fixture(autouse=True)
def _motion_back() -> None:
    yield
    motion.set_reduced(False)


def start(app, scene):
    app.stack.push(scene)
    frames(app, 2)
    return scene


def top(app):
    assert app.stack.top is not None
    return app.stack.top


def open_settings(app) -> SettingsScene:
    title = start(app, TitleScene(app.ctx))
    click_widget(app, title, "settings")
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    return scene


def test_defaults_music_on_gently_motion_full_text_normal() -> None:
    s = Settings()
    assert (s.music, s.reduced_motion, s.text_size) == (True, False, "normal")
    assert 0.2 <= s.music_volume <= 0.4 < s.volume  # gentle: well under the effects


def test_every_setting_row_has_its_widget_inside_the_panel(app) -> None:
    scene = open_settings(app)
    from game.core.ui.screens.settings import PANEL

    for row in scene.rows:
        assert PANEL.contains(scene.widget(row.name).rect), row.name
    screenshot(app, "settings_rows")


def test_music_toggle_plays_the_loop_and_is_saved(app, data_dir: Path) -> None:
    scene = open_settings(app)
    click_widget(app, scene, "music")  # on by default: off
    assert app.ctx.settings.music is False and not app.ctx.audio.music_playing
    click_widget(app, scene, "music")
    assert app.ctx.settings.music is True
    if app.ctx.audio.available:  # the dummy driver has a mixer: the loop really streams
        assert app.ctx.audio.music_playing
    volume = scene.widget("music_volume")
    click(app, (volume.x_for(0.2), volume.rect.centery))
    assert app.ctx.settings.music_volume == pytest.approx(0.2)
    click_widget(app, scene, "music")
    assert app.ctx.settings.music is False
    assert not app.ctx.audio.music_playing
    click_widget(app, scene, "back")
    saved = json.loads((data_dir / "settings.json").read_text())
    assert saved["music"] is False and saved["music_volume"] == pytest.approx(0.2)


def test_the_music_loop_is_a_real_calm_loop() -> None:
    rate, samples = read_mulaw(MUSIC)  # 8-bit mu-law: half the bytes of 16-bit PCM
    seconds = len(samples) / rate
    assert 15 <= seconds <= 60
    peak = max(abs(v) for v in samples[::7])
    assert 8000 < peak < 32767  # audible, not clipped
    # seamless: the last and first samples are close (no click at the seam)
    assert abs(samples[-1] - samples[0]) < 2000


def test_reduced_motion_shortens_animations_and_stops_the_shake(app) -> None:
    scene = open_settings(app)
    normal_dt = app.ctx.anim_dt(0.1)
    click_widget(app, scene, "reduced_motion")
    assert app.ctx.settings.reduced_motion is True and motion.reduced()
    assert app.ctx.anim_dt(0.1) > normal_dt  # every tween runs its course sooner
    assert motion.pulse(0.3) == motion.pulse(1.7) == 1.0  # highlights stop breathing

    button = Button((100, 100, 200, 60), "Go", lambda: None)
    button.enabled = False
    surface = pygame.Surface((400, 300))
    calm = []
    for _ in range(2):
        button.refuse()
        button.update(0.03)
        surface.fill((0, 0, 0))
        button.draw(surface, app.ctx.text)
        calm.append(pygame.image.tobytes(surface, "RGB"))
    motion.set_reduced(False)
    shaken = []
    for step in (0.0, 0.05):
        button.refuse()
        button.update(step)
        surface.fill((0, 0, 0))
        button.draw(surface, app.ctx.text)
        shaken.append(pygame.image.tobytes(surface, "RGB"))
    assert calm[0] == calm[1]  # refused with a steady red rim: nothing moves
    assert shaken[0] != shaken[1]  # full motion still shakes


def test_large_text_makes_every_label_bigger_and_is_kept(app, data_dir: Path) -> None:
    scene = open_settings(app)
    before = app.ctx.text.render("Settings", 40, (255, 255, 255)).get_height()
    choice = scene.widget("text_size")
    click(app, choice.segment(1).center)
    assert app.ctx.settings.text_size == "large"
    after = app.ctx.text.render("Settings", 40, (255, 255, 255)).get_height()
    assert after > before
    frames(app, 2)
    screenshot(app, "settings_large_text")
    click_widget(app, scene, "back")
    assert load_settings(data_dir)[0].text_size == "large"


def test_a_foreign_text_size_in_the_file_is_ignored(data_dir: Path) -> None:
    (data_dir / "settings.json").write_text(json.dumps({"text_size": "huge", "music": True}))
    settings, warning = load_settings(data_dir)
    assert settings.text_size == "normal" and settings.music is True
    assert warning and "text_size" in warning


def test_reduced_motion_calms_the_table_effects() -> None:
    from game.core.ui.toolkit.animator import Burst, Fly

    star = pygame.Surface((10, 10))
    star.fill((255, 255, 0))

    def picture(effect) -> bytes:
        surface = pygame.Surface((300, 300))
        effect.update(effect.duration * 0.5)
        effect.draw(surface)
        return pygame.image.tobytes(surface, "RGB")

    def midpoint_y(reduced: bool) -> int:
        motion.set_reduced(reduced)
        surface = pygame.Surface((300, 300))
        fly = Fly(star, (50, 200), (250, 200), 1.0)
        fly.update(0.5)
        fly.draw(surface)
        mask = pygame.mask.from_threshold(surface, (255, 255, 0), (1, 1, 1))
        return mask.get_bounding_rects()[0].y

    assert midpoint_y(False) < midpoint_y(True) == 195  # no hop: straight along y = 200
    rect = pygame.FRect(100, 100, 60, 80)
    motion.set_reduced(True)
    calm = picture(Burst(star, rect, 1.0))
    motion.set_reduced(False)
    full = picture(Burst(star, rect, 1.0))
    yellow = (255, 255, 0)
    assert bytes(yellow) in full and bytes(yellow) not in calm  # no stars spraying out
