"""The test helpers' own shortcuts keep what the tests see: a screenshot saved quickly holds the
same pixels, and a frame skipped because nobody could see it is drawn as soon as anybody could."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.ui.screens.title import TitleScene
from tests.ui_helpers import (
    SCREENSHOTS_ENV,
    UNREAD_WRITTEN,
    click_widget,
    forget_unread_screenshots,
    frames,
    frames_computers_answered,
    save_png_quickly,
    wait,
)


def test_a_quickly_saved_png_holds_the_same_pixels(tmp_path: Path) -> None:
    pygame.init()
    try:
        plain = pygame.Surface((37, 11))
        clear = pygame.Surface((5, 9), pygame.SRCALPHA)
        for x in range(37):
            for y in range(11):
                plain.set_at((x, y), (x * 7 % 256, y * 23 % 256, (x * y) % 256))
        for x in range(5):
            for y in range(9):
                clear.set_at((x, y), (x * 50, y * 30, 90, (x + y) * 20))
        for name, surface, fmt in (("plain.png", plain, "RGB"), ("clear.PNG", clear, "RGBA")):
            pygame.image.save(surface, tmp_path / name)  # (the quick writer: conftest)
            back = pygame.image.load(tmp_path / name)
            assert back.get_size() == surface.get_size()
            assert pygame.image.tobytes(back, fmt) == pygame.image.tobytes(surface, fmt)
        pygame.image.save(plain, str(tmp_path / "plain.bmp"))  # other formats: pygame's own
        assert (tmp_path / "plain.bmp").read_bytes()[:2] == b"BM"
    finally:
        pygame.quit()


def test_the_same_picture_saved_again_keeps_its_file_and_another_replaces_it(
    tmp_path: Path,
) -> None:
    pygame.init()
    try:
        path = tmp_path / "shot.png"
        picture = pygame.Surface((64, 40))
        picture.fill((200, 30, 60))
        pygame.image.save(picture, path)
        first = path.read_bytes()
        path.write_bytes(first[:-12] + b"\0" * 12)  # the same start, a damaged end: a marker
        pygame.image.save(picture.copy(), path)  # the same pixels: left as it is
        assert path.read_bytes()[-12:] == b"\0" * 12
        picture.set_at((63, 39), (1, 2, 3))  # one pixel changed: written again, whole
        pygame.image.save(picture, path)
        assert path.read_bytes() != first and pygame.image.load(path).get_at((63, 39)) == (1, 2, 3)
        path.write_bytes(b"\x89PNG\r\n\x1a\n")  # an older or broken file: replaced
        pygame.image.save(picture, path)
        assert pygame.image.load(path).get_at((63, 39)) == (1, 2, 3)
        # A write cut short leaves the last whole picture, and the next save writes the new one
        # (a file cut short in place would keep the new digest, and never be written again).
        picture.set_at((0, 0), (4, 5, 6))
        write_bytes = Path.write_bytes

        def cut_short(self: Path, data: bytes) -> int:
            write_bytes(self, data[: len(data) // 2])
            raise OSError("disk full")

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(Path, "write_bytes", cut_short)
            with pytest.raises(OSError):
                pygame.image.save(picture, path)
        assert pygame.image.load(path).get_at((0, 0)) == (200, 30, 60)
        pygame.image.save(picture, path)
        assert pygame.image.load(path).get_at((0, 0)) == (4, 5, 6)
        assert [p.name for p in tmp_path.iterdir()] == ["shot.png"]
    finally:
        pygame.quit()


def test_an_unread_screenshot_is_stored_whole_and_deleted_at_the_tests_end(
    tmp_path: Path,
) -> None:
    """Under the folder nobody looks at, a picture is a PNG that is not compressed (the same
    pixels, loaded as any PNG), deleted by the clean-up at a test's end; elsewhere, compressed.
    Either way the save makes the picture's folder (the unread one is not made beforehand)."""
    unread, kept = tmp_path / "unread", tmp_path / "kept"
    save = save_png_quickly(lambda *args: None, unread)
    pygame.init()
    try:
        picture = pygame.Surface((200, 100))
        picture.fill((10, 20, 30))
        picture.fill((250, 240, 230), (40, 20, 60, 30))
        for folder in (unread / "online", kept):
            save(picture, folder / "shot.png")
            back = pygame.image.load(folder / "shot.png")
            assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(picture, "RGB")
        raw = 200 * 100 * 3
        assert (unread / "online" / "shot.png").stat().st_size > raw
        assert (kept / "shot.png").stat().st_size < raw // 20
        written = list(UNREAD_WRITTEN)
        assert written == [unread / "online" / "shot.png"]
        forget_unread_screenshots()
        assert not written[0].exists() and not UNREAD_WRITTEN
        assert (kept / "shot.png").exists()
    finally:
        pygame.quit()


def test_importing_the_helpers_makes_no_screenshots_folder() -> None:
    """The temporary screenshots folder is made by a first picture, not on import: a process
    that saves none (a crash guard's worker, killed on purpose) leaves nothing in the
    temporary folder."""
    env = {k: v for k, v in os.environ.items() if k != SCREENSHOTS_ENV}
    said = subprocess.run(
        [sys.executable, "-c", "import tests.ui_helpers as h; print(h.SCREENSHOTS.exists())"],
        cwd=Path(__file__).resolve().parent.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert said.stdout.split()[-1] == "False", said.stdout


def _draws(app: Any) -> list[int]:
    """Counts the frames really drawn (App.draw as the lazy frames call it)."""
    drawn = [0]
    real = app.stack.draw

    def counted(surface: Any) -> None:
        drawn[0] += 1
        real(surface)

    app.stack.draw = counted
    return drawn


def test_a_frame_nobody_could_see_is_not_drawn_and_one_somebody_could_is(app: Any) -> None:
    title = TitleScene(app.ctx)
    app.stack.push(title)
    drawn = _draws(app)
    frames(app, 30)
    assert drawn == [2]  # a new scene's first frame, and the last, which the test may read
    before = app.frames_drawn
    wait(app, 10)
    assert drawn == [2] and app.frames_drawn == before + 10  # counted, not drawn yet
    app.screen.get_at((0, 0))  # looked at: drawn now
    assert drawn == [3]
    frames_computers_answered(app, 5)
    assert drawn == [3]
    motion = {"pos": (5, 5), "rel": (0, 0), "buttons": (0, 0, 0)}
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, motion))
    app.step(1 / 60)  # the frame owed is drawn before the event is handled
    assert drawn == [4]
    wait(app, 5)
    app.stack.push(TitleScene(app.ctx))
    wait(app, 5)
    assert drawn == [5]  # the new scene's first frame (the old scene's owed one dropped)
    app.stack.pop()
    click_widget(app, title, "settings", 2)
    assert type(app.stack.top).__name__ == "SettingsScene"
