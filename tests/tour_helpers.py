"""What the tour tests share: the moments each game's tour must show, and running one game's
tour in one language with every check on its pictures."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.catalog import game_uis
from game.tour import run_tour
from tests.support import image_stats, load_rgb

#: What each game's tour must show (other helpers' steps add more: How to play, tooltips).
EXPECTED = {
    "luckybox": [
        "title",
        "setup",
        "draft",
        "table-turn",
        "lightning",
        "bonus",
        "cascade",
        "round-end",
        "game-end",
        "settings",
        "statistics",
        "replays",
    ],
    "blanco": [
        "title",
        "setup",
        "table",
        "clear",
        "chain",
        "game-end",
        "settings",
        "statistics",
        "replays",
    ],
}


def check_tour(folder: Path, lang: str, game: str, window: tuple[int, int] | None) -> None:
    """Run one game's tour in `lang` (at `window`) and check what it wrote."""
    from game.core import i18n

    before = i18n.language()
    written = run_tour(folder, game_uis(), game=game, lang=lang, window=window)
    names = [p.stem for p in written]
    for moment in EXPECTED[game]:
        assert f"{game}-{moment}" in names, f"no {moment} picture in {names}"
    manifest = json.loads((folder / "tour.json").read_text(encoding="utf-8"))
    assert manifest["language"] == lang  # the pictures were taken in that language
    assert manifest["shots"] == [p.name for p in written]
    assert i18n.language() == before  # the tour leaves the language as it found it
    size = window or (1280, 720)
    pictures: set[bytes] = set()  # each file read once: decoding a PNG costs more than a check
    for path in written:
        assert path.exists() and path.parent == folder
        image = load_rgb(path)
        assert image.get_size() == size, path.name
        colours, unlike_background = image_stats(image)
        assert colours > 20 and unlike_background > 0.2, f"{path.name} looks blank"
        pictures.add(pygame.image.tobytes(image, "RGB"))
    # Each moment is its own picture, not the same frame saved twice.
    assert len(pictures) == len(written)
