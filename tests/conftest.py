"""Shared test setup: headless SDL, a private data folder per test, and an `app` fixture."""

from __future__ import annotations

import os

# Before anything imports pygame: no window, no sound device, no banner.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own SMLB_DATA_DIR, so no test reads or writes the real settings."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("SMLB_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app(data_dir: Path) -> Iterator:
    """A real App on the dummy video driver, torn down with pygame.quit()."""
    import pygame

    from game.core.ui.app import App

    application = App()
    try:
        yield application
    finally:
        pygame.quit()
