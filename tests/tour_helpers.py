"""What the tour tests share: the moments each game's tour must show, and running one game's
tour in one language with every check on its pictures."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.catalog import game_uis
from game.tour import run_tour
from tests.support import image_stats, load_rgb

#: A tour is checked in two parts of about the same cost (a whole tour is a few CPU-seconds:
#: one test of it sat near the suite's 15 s limit on a busy machine). "play": the title, a
#: seeded game played to its end and the closing screens (settings, statistics and replays with
#: that game in them); "guides": the How to play pages, the guided game, tooltips and the
#: scoring moments, each step putting up the scenes it needs.
PLAY_STEPS = ("title", "setup", "play", "closing", "statistics", "replays")
PARTS = ("play", "guides")

#: What each part of each game's tour must show.
EXPECTED = {
    ("luckybox", "play"): [
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
    ("luckybox", "guides"): [
        "howto-01-goal",
        "howto-12-solo_rating",
        "guided-draft",
        "guided-cascade",
        "tooltip-bonus",
        "tooltip-button",
        "scoring-reference",
        "round-end-scoring",
        "game-end-solo",
    ],
    ("blanco", "play"): [
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
    ("blanco", "guides"): [
        "howto-01-grid",
        "howto-07-second_grid",
        "guided-setup",
        "guided-chain",
        "tooltip-pile",
        "tooltip-swap",
    ],
}


def steps_of(game: str, part: str) -> set[str]:
    """The names of the tour steps that make `part` of `game`'s tour."""
    from game.tour import steps_for

    (toured,) = [ui for ui in game_uis() if ui.id == game]
    every = {step.name for step in steps_for(toured)}
    return every & set(PLAY_STEPS) if part == "play" else every - set(PLAY_STEPS) | {"title"}


def check_tour(
    folder: Path, lang: str, game: str, window: tuple[int, int] | None, part: str
) -> None:
    """Run one part of one game's tour in `lang` (at `window`) and check what it wrote."""
    from game.core import i18n

    before = i18n.language()
    only = steps_of(game, part)
    written = run_tour(folder, game_uis(), game=game, lang=lang, window=window, only=only)
    names = [p.stem for p in written]
    for moment in EXPECTED[game, part]:
        assert f"{game}-{moment}" in names, f"no {moment} picture in {names}"
    (other,) = set(PARTS) - {part}
    taken_twice = set(EXPECTED[game, other]) - {"title"} & {
        n.removeprefix(f"{game}-") for n in names
    }
    assert not taken_twice, f"the {part} part took the {other} part's {taken_twice}"
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
