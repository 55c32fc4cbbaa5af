"""Generated art and sound: files, sizes, geometry, silhouettes, WAV format, Audio."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import array  # noqa: E402
import itertools  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import wave  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.ui.toolkit.audio import Audio, NullSound  # noqa: E402

SPRITE_DIR = ROOT / "sprites"
SOUND_DIR = ROOT / "sounds"

CARD_SIZE = pygame.image.load(str(SPRITE_DIR / "card_front.png")).get_size()

SPRITES: dict[str, tuple[int, int]] = {
    "card_front.png": CARD_SIZE,
    "card_back.png": CARD_SIZE,
    "number_card_front.png": (140, 200),
    "number_card_back.png": (140, 200),
    "square.png": (50, 50),
    "square_highlight.png": (50, 50),
    "square_lightning.png": (50, 50),
    "cross.png": (50, 50),
    "circle.png": (48, 48),
    "icon_number.png": (48, 48),
    "icon_question.png": (48, 48),
    "icon_lightning1.png": (48, 48),
    "icon_lightning2.png": (48, 48),
    "icon_star.png": (48, 48),
    "icon_moon.png": (48, 48),
    "icon_blank.png": (48, 48),
    "token_lightning.png": (40, 40),
    "token_moon.png": (40, 40),
    "star_slot_empty.png": (32, 32),
    "star_slot_filled.png": (32, 32),
    "table.png": (1280, 720),
    "panel.png": (64, 64),
    "button.png": (64, 64),
    "button_hover.png": (64, 64),
    "button_pressed.png": (64, 64),
    "logo.png": (900, 220),
    "icon.png": (64, 64),
}

# sprites that are not full rectangles must have a transparent background
TRANSPARENT = [
    name
    for name in SPRITES
    if name.startswith(("icon_", "token_", "star_slot", "cross", "circle", "card", "number"))
    or name in {"logo.png", "panel.png", "button.png"}
]

ICONS = [
    "icon_number",
    "icon_question",
    "icon_lightning1",
    "icon_lightning2",
    "icon_star",
    "icon_moon",
    "icon_blank",
]

SOUNDS = [
    "reveal",
    "cross",
    "line",
    "bonus_number",
    "bonus_question",
    "bonus_lightning",
    "bonus_star",
    "bonus_moon",
    "card_complete",
    "round_end",
    "victory",
    "click",
    "refuse",
    "token",
    # Blanco's own (cards on felt, mallets)
    "blanco_flip",
    "blanco_draw",
    "blanco_place",
    *(
        f"{name}.{take}"
        for name in ("blanco_flip", "blanco_draw", "blanco_place")
        for take in (2, 3)
    ),
    "blanco_slide",
    "blanco_deal",
    "blanco_shuffle",
    "blanco_line",
    "blanco_sweep",
    "blanco_chain",
    "blanco_grid",
    "blanco_win",
]


def load(name: str) -> pygame.Surface:
    return pygame.image.load(str(SPRITE_DIR / name))


# --------------------------------------------------------------------------- sprites


def test_generator_exists() -> None:
    assert (SPRITE_DIR / "generate.py").is_file()
    assert (SOUND_DIR / "generate.py").is_file()


def test_card_is_at_least_the_briefed_size() -> None:
    w, h = CARD_SIZE
    assert 200 <= w <= 260 and 240 <= h <= 280


@pytest.mark.parametrize("name", sorted(SPRITES))
def test_sprite_loads_with_expected_size(name: str) -> None:
    path = SPRITE_DIR / name
    assert path.is_file(), f"missing {name}"
    assert load(name).get_size() == SPRITES[name]


@pytest.mark.parametrize("name", sorted(TRANSPARENT))
def test_sprite_has_transparent_corner(name: str) -> None:
    img = load(name)
    assert img.get_flags() & pygame.SRCALPHA or img.get_alpha() is not None
    assert img.get_at((0, 0)).a == 0


def test_table_is_opaque_and_not_flat() -> None:
    img = load("table.png")
    w, h = img.get_size()
    centre, corner = img.get_at((w // 2, h // 2)), img.get_at((2, 2))
    assert centre.a == 255
    assert sum(centre[:3]) > sum(corner[:3])  # lit centre, vignetted corner


def test_no_extra_pngs() -> None:
    found = {p.name for p in SPRITE_DIR.glob("*.png")}
    assert found == set(SPRITES)


# --------------------------------------------------------------------------- geometry


@pytest.fixture(scope="module")
def geometry() -> dict:
    return json.loads((SPRITE_DIR / "card_geometry.json").read_text(encoding="utf-8"))


def test_geometry_keys_and_size(geometry: dict) -> None:
    assert set(geometry) >= {"size", "cells", "row_icons", "col_icons", "corner_number"}
    assert tuple(geometry["size"]) == CARD_SIZE


def test_geometry_cells_inside_card_and_disjoint(geometry: dict) -> None:
    w, h = geometry["size"]
    cells = [pygame.Rect(c) for c in geometry["cells"]]
    assert len(cells) == 9
    for r in cells:
        assert r.size == (50, 50)
        assert pygame.Rect(0, 0, w, h).contains(r)
    for a, b in itertools.combinations(cells, 2):
        assert not a.colliderect(b)
    # row-major: x grows along a row, y grows down the rows
    for i in range(3):
        row = cells[3 * i : 3 * i + 3]
        assert row[0].x < row[1].x < row[2].x
        assert row[0].y == row[1].y == row[2].y
    assert cells[0].y < cells[3].y < cells[6].y


def test_geometry_icons_beside_rows_and_under_columns(geometry: dict) -> None:
    w, h = geometry["size"]
    cells = [pygame.Rect(c) for c in geometry["cells"]]
    rows, cols = geometry["row_icons"], geometry["col_icons"]
    assert len(rows) == 3 and len(cols) == 3
    card = pygame.Rect(0, 0, w, h)
    grid = cells[0].unionall(cells[1:])
    for i, (cx, cy, r) in enumerate(rows):
        assert r > 0 and card.contains(pygame.Rect(cx - r, cy - r, 2 * r, 2 * r))
        assert cx - r >= grid.right
        assert cy == cells[3 * i].centery
    for j, (cx, cy, r) in enumerate(cols):
        assert r > 0 and card.contains(pygame.Rect(cx - r, cy - r, 2 * r, 2 * r))
        assert cy - r >= grid.bottom
        assert cx == cells[j].centerx
    x, y = geometry["corner_number"]
    assert card.collidepoint(x, y) and not grid.collidepoint(x, y)


def test_card_front_cells_are_drawn_where_the_geometry_says(geometry: dict) -> None:
    img = load("card_front.png")
    square = load("square.png")
    for x, y, cw, ch in geometry["cells"]:
        a = img.get_at((x + cw // 2, y + ch // 2))
        b = square.get_at((cw // 2, ch // 2))
        assert max(abs(p - q) for p, q in zip(a[:3], b[:3], strict=True)) <= 12


# --------------------------------------------------------------------------- icon shapes


def silhouette(name: str) -> pygame.mask.Mask:
    return pygame.mask.from_surface(load(f"{name}.png"))


def test_icons_have_visible_silhouettes() -> None:
    for name in ICONS:
        count = silhouette(name).count()
        assert count > 60, name
        assert count < 48 * 48 * 0.9, name  # not a filled square


@pytest.mark.parametrize("a,b", list(itertools.combinations(ICONS, 2)))
def test_icon_silhouettes_differ(a: str, b: str) -> None:
    ma, mb = silhouette(a), silhouette(b)
    overlap = ma.overlap_area(mb, (0, 0))
    union = ma.count() + mb.count() - overlap
    iou = overlap / union
    assert iou < 0.8, f"{a} and {b} share {iou:.0%} of their silhouette"


def test_tokens_and_slots_differ() -> None:
    for a, b in (("token_lightning", "token_moon"), ("star_slot_empty", "star_slot_filled")):
        sa, sb = load(f"{a}.png"), load(f"{b}.png")
        w, h = sa.get_size()
        diff = sum(
            1
            for x in range(w)
            for y in range(h)
            if max(abs(p - q) for p, q in zip(sa.get_at((x, y)), sb.get_at((x, y)), strict=True))
            > 40
        )
        assert diff > w * h * 0.1, (a, b)


def test_button_states_differ() -> None:
    base = pygame.image.tobytes(load("button.png"), "RGBA")
    for other in ("button_hover.png", "button_pressed.png"):
        assert pygame.image.tobytes(load(other), "RGBA") != base


# --------------------------------------------------------------------------- sounds


def read_wav(name: str) -> tuple[wave._wave_params, array.array]:
    with wave.open(str(SOUND_DIR / f"{name}.wav"), "rb") as w:
        params = w.getparams()
        frames = array.array("h", w.readframes(params.nframes))
    if sys.byteorder == "big":
        frames.byteswap()
    return params, frames


@pytest.mark.parametrize("name", SOUNDS)
def test_sound_is_valid_wav(name: str) -> None:
    params, frames = read_wav(name)
    assert params.nchannels == 1
    assert params.sampwidth == 2
    assert params.framerate == 44100
    duration = params.nframes / params.framerate
    assert 0.05 <= duration <= 1.5
    peak = max(abs(v) for v in frames)
    assert 0.5 * 32767 < peak <= 32767  # about -3 dBFS, no clipping
    assert abs(frames[0]) < 500 and abs(frames[-1]) < 500  # faded ends: no clicks


def test_sound_lengths_match_their_role() -> None:
    def dur(name: str) -> float:
        params, _ = read_wav(name)
        return params.nframes / params.framerate

    assert dur("click") < 0.15
    assert 0.8 <= dur("card_complete") <= 1.3
    assert dur("victory") >= 1.3


def test_no_extra_sounds_and_small_total() -> None:
    wavs = list(SOUND_DIR.glob("*.wav"))
    assert {p.stem for p in wavs} == set(SOUNDS)
    assert sum(p.stat().st_size for p in wavs) < 2 * 1024 * 1024


def test_sound_generator_is_deterministic(tmp_path: Path, sweep_rng: Any) -> None:
    """The generator renders the committed effects again, each sample within one step. A run
    renders a third of them as generate.main does (rendered, finished, written), drawn anew
    each run from the run's seed (tests/sweep.py): rendering all took 5 CPU-seconds, and the
    team's runs of a day render each many times. SMLB_SWEEP=all renders every one."""
    import importlib.util

    from tests import sweep

    spec = importlib.util.spec_from_file_location("sound_gen", SOUND_DIR / "generate.py")
    assert spec and spec.loader
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert sorted(gen.SOUNDS) == sorted(SOUNDS)  # generate.main renders exactly these
    names = list(SOUNDS)
    if not sweep.every_combination():
        names = sweep_rng.sample(names, -(-len(names) // 3))
    for name in names:
        gen.write_wav(tmp_path / f"{name}.wav", gen.finish(gen.SOUNDS[name]()))
    for name in names:
        with wave.open(str(tmp_path / f"{name}.wav"), "rb") as w:
            fresh = array.array("h", w.readframes(w.getnframes()))
        if sys.byteorder == "big":
            fresh.byteswap()
        _, committed = read_wav(name)
        assert len(fresh) == len(committed), name
        assert max(abs(a - b) for a, b in zip(fresh, committed, strict=True)) <= 1, name


# --------------------------------------------------------------------------- Audio


def test_audio_plays_every_sound_with_dummy_driver() -> None:
    audio = Audio(SOUND_DIR)
    assert audio.volume == pytest.approx(0.8)
    if audio.available:
        assert set(audio.names) == set(SOUNDS)
    for name in SOUNDS:
        audio.play(name)
    audio.play("no_such_sound")
    audio.play("")


def test_closing_the_app_stops_every_sound_before_pygame_quits(
    make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pygame.quit() takes the audio lock holding the GIL; a sound ending at that moment made
    the audio thread wait for the GIL holding that lock, and the app never closed (seen once
    in the tests). Closing stops every sound first, so none can end during the quit."""
    app = make_app((1280, 720))
    if not app.ctx.audio.available:
        pytest.skip("no mixer here: nothing plays, nothing to stop")
    for name in SOUNDS:  # a few sounds playing, as after a cascade
        app.ctx.audio.play(name)
    assert pygame.mixer.get_busy()
    busy_at_quit: list[bool] = []
    quit_pygame = pygame.quit
    monkeypatch.setattr(
        pygame, "quit", lambda: (busy_at_quit.append(pygame.mixer.get_busy()), quit_pygame())
    )
    app.close()
    assert busy_at_quit == [False]


def test_audio_silent_when_mixer_init_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", boom)
    audio = Audio(SOUND_DIR, volume=0.5)
    assert audio.available is False
    for name in SOUNDS:
        audio.play(name)
    audio.play("nope")
    audio.set_volume(0.3)
    assert audio.volume == pytest.approx(0.3)


def test_audio_survives_missing_dir_and_corrupt_files(tmp_path: Path) -> None:
    Audio(tmp_path / "does_not_exist").play("click")
    (tmp_path / "broken.wav").write_bytes(b"RIFF\x00\x00not really a wave file")
    (tmp_path / "empty.wav").write_bytes(b"")
    audio = Audio(tmp_path)
    assert set(audio.names) == {"broken", "empty"}
    audio.play("broken")
    audio.play("empty")
    audio.set_volume(1.0)


def test_audio_volume_clamps(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Audio(SOUND_DIR, volume=5).volume == 1.0
    assert Audio(SOUND_DIR, volume=-2).volume == 0.0
    audio = Audio(SOUND_DIR)
    for given, expected in ((-1.0, 0.0), (0.0, 0.0), (0.25, 0.25), (1.0, 1.0), (7.0, 1.0)):
        audio.set_volume(given)
        assert audio.volume == pytest.approx(expected)
    audio.set_volume(float("nan"))
    assert audio.volume == 0.0
    audio.play("click")  # muted: still fine


def _played_something() -> bool:
    """Whether the mixer is playing anything now (then stops it, for the next check)."""
    busy = pygame.mixer.get_busy()
    pygame.mixer.stop()
    return busy


def test_a_sound_that_failed_to_load_is_a_silent_null_sound(tmp_path: Path) -> None:
    """With a working mixer (the dummy driver), a good file makes the mixer play and a corrupt
    one, loaded as a NullSound, plays nothing and raises nothing, at any volume."""
    (tmp_path / "click.wav").write_bytes((SOUND_DIR / "click.wav").read_bytes())
    (tmp_path / "broken.wav").write_bytes(b"RIFF\x00\x00not really a wave file")
    audio = Audio(tmp_path, volume=1.0)
    if not audio.available:
        pytest.skip("no mixer here, not even the dummy one")
    pygame.mixer.stop()
    audio.play("click")
    assert _played_something(), "a real sound makes the mixer busy (so the checks below bite)"
    for volume in (1.0, 0.3, 7.0):
        audio.set_volume(volume)
        audio.play("broken")
        assert not _played_something(), "the corrupt file plays nothing"
    assert audio.volume == 1.0 and set(audio.names) == {"click", "broken"}
    sound = NullSound()
    assert sound.play() is None and sound.set_volume(0.5) is None
    assert not _played_something()


def test_without_a_device_the_app_uses_null_audio_that_remembers_its_volume(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the sound module cannot start at all the app falls back to NullAudio: it says it
    is unavailable, plays every named sound silently, remembers the volume set on the Settings
    screen, and the game runs on."""
    import game.core.ui.toolkit.audio as audio_module
    from game.catalog import new_app
    from game.core.ui.context import NullAudio
    from game.core.ui.screens.settings import SettingsScene
    from tests.ui_helpers import click, frames

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("the sound module is broken")

    monkeypatch.setattr(audio_module, "Audio", broken)
    app = new_app()
    try:
        audio = app.ctx.audio
        assert isinstance(audio, NullAudio) and audio.available is False
        assert audio.volume == pytest.approx(app.ctx.settings.volume)
        for name in [*SOUNDS, "no_such_sound", ""]:
            assert audio.play(name) is None
            app.ctx.play(name)
        if pygame.mixer.get_init():
            assert not _played_something()
        scene = SettingsScene(app.ctx)
        app.stack.push(scene)
        frames(app, 2)
        volume = scene.widget("volume")
        click(app, (volume.x_for(0.3), volume.rect.centery))
        assert audio.volume == pytest.approx(0.3) and app.ctx.settings.volume == pytest.approx(0.3)
        click(app, (volume.x_for(0.0), volume.rect.centery))
        assert audio.volume == pytest.approx(0.0)
        assert frames(app, 30) and app.errors == []
    finally:
        pygame.quit()


def test_a_picture_with_no_transparency_stays_opaque_in_the_display_format(tmp_path):
    """The table's felt has no alpha channel: loaded for a display it keeps none (with one
    added, every full-screen blit of it was blended pixel by pixel instead of copied), while a
    sprite with transparency keeps its alpha."""
    from game.core.ui.toolkit import gfx
    from game.core.ui.toolkit.assets import Assets

    pygame.display.init()
    pygame.display.set_mode((64, 48))
    opaque = pygame.Surface((8, 8))
    opaque.fill((10, 120, 40))
    pygame.image.save(opaque, str(tmp_path / "felt.png"))
    clear = pygame.Surface((8, 8), pygame.SRCALPHA)
    clear.fill((200, 0, 0, 100))
    pygame.image.save(clear, str(tmp_path / "glass.png"))
    try:
        assets = Assets(tmp_path)
        felt, glass = assets.get("felt", (16, 16)), assets.get("glass", (16, 16))
    finally:
        pygame.display.quit()
    assert not gfx.pixels_of(felt).get_flags() & pygame.SRCALPHA
    assert gfx.pixels_of(felt).get_at((3, 3))[:3] == (10, 120, 40)
    assert gfx.pixels_of(glass).get_flags() & pygame.SRCALPHA
    assert gfx.pixels_of(glass).get_at((3, 3)).a == 100
