"""Per-frame waste stays out of the tables, and the caches that keep it out draw the same picture.

The tables redraw every part every frame; what does not change between frames comes from
caches (text fits and wraps, panels and slabs, parts kept with `Snapshot`). These tests count
what a repeated frame still does (texts measured or rendered, rounded rects drawn) and compare
pictures drawn with the caches against pictures drawn without them, pixel for pixel.
"""

from __future__ import annotations

import cProfile
import pstats
from typing import Any

import pygame
import pytest

from game.core.session import Seat
from game.core.ui.toolkit import paint
from game.core.ui.toolkit.snapshot import Snapshot
from game.core.ui.toolkit.text import TextCache
from tests.ui_helpers import frames


def calls(fn: Any) -> dict[str, int]:
    """How many times each built-in (C) function or method ran during fn()."""
    profile = cProfile.Profile()
    profile.enable()
    fn()
    profile.disable()
    counted: dict[str, int] = {}
    for (_file, _line, name), row in pstats.Stats(profile).stats.items():  # type: ignore[attr-defined]  # pstats keeps its table undeclared
        counted[name] = counted.get(name, 0) + row[1]
    return counted


def demo_table(app: Any, game: str, players: int) -> Any:
    """A demo table of computers thinking in this process (the same frames every run), some
    way into its game."""
    route = f"{game}.start_game"
    seats = [Seat(f"Bot {i + 1}", "normal") for i in range(players)]
    table = app.ctx.nav.make(route, seats=seats, seed=100, demo=True)
    table.runner._broken = True  # think inline: no worker, deterministic frames
    app.ctx.settings.animation_speed = 8.0
    frames(app, 400)
    return table


def picture(app: Any) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


def without_caches(app: Any, table: Any) -> bytes:
    """The same frame drawn with every kept part and shape thrown away first."""
    real = Snapshot.reuse
    Snapshot.reuse = lambda self, surface, key: False  # type: ignore[method-assign]  # never reuse, to compare
    others = getattr(table.kit, "others", None)  # Lucky Box's other players' boards
    kept = dict(getattr(others, "_cache", {}))
    if kept:
        others._cache.clear()
    paint._SHAPES.clear()
    paint._shape_pixels = 0
    try:
        return picture(app)
    finally:
        Snapshot.reuse = real  # type: ignore[method-assign]  # put back
        if kept:
            others._cache.update(kept)


@pytest.mark.parametrize(("game", "players"), [("blanco", 5), ("luckybox", 4)])
def test_a_repeated_table_frame_renders_and_measures_no_text(
    app: Any, game: str, players: int
) -> None:
    table = demo_table(app, game, players)
    assert app.stack.top is table
    app.draw()  # anything new this frame is made once
    counted = calls(app.draw)
    assert counted.get("<method 'render' of 'pygame.font.Font' objects>", 0) == 0
    assert counted.get("<method 'size' of 'pygame.font.Font' objects>", 0) == 0, (
        "text fitted or wrapped again every frame: TextCache.fit_size/wrap remember answers"
    )
    # Panels, slabs and kept parts are blitted: what is still drawn as rounded rects is the odd
    # ring or outline (a table of today draws no more than a handful), not a dozen panels.
    assert counted.get("<built-in method pygame.draw.rect>", 0) <= 6, counted


@pytest.mark.parametrize(("game", "players"), [("blanco", 5), ("luckybox", 4)])
def test_caches_draw_the_same_picture(app: Any, game: str, players: int) -> None:
    table = demo_table(app, game, players)
    if game == "luckybox":  # its other players' boards are kept: without_caches drops them
        assert table.kit.others._cache
    for _ in range(5):  # a few moments of the demo, animations and all
        frames(app, 37)
        if app.stack.top is not table:
            break
        cached = picture(app)
        assert cached == without_caches(app, table), "a cache changed the picture"


def test_panels_and_slabs_from_the_cache_match_drawing_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def scene() -> tuple[bytes, list[pygame.Rect]]:
        screen = pygame.Surface((400, 300))
        screen.fill((20, 90, 80))
        faces = []
        for y in (30, 160):  # the second of each is blitted from the cache
            paint.draw_panel(
                screen,
                pygame.Rect(40, y, 200, 90),
                colour=(30, 58, 64),
                radius=12,
                border=2,
                shadow=3,
            )
            faces.append(paint.draw_glossy(screen, pygame.Rect(260, y, 120, 48), (255, 146, 28)))
            faces.append(
                paint.draw_glossy(
                    screen, pygame.Rect(260, y + 60, 120, 48), (255, 146, 28), depth=2
                )
            )  # pressed
        return pygame.image.tobytes(screen, "RGB"), faces

    paint._SHAPES.clear()
    cached = scene()
    monkeypatch.setattr(paint, "SHAPE_MAX_PIXELS", 0)  # every shape drawn straight on
    assert cached == scene()


def test_text_fits_and_wraps_are_remembered_until_the_text_size_changes() -> None:
    text = TextCache()
    long = "A rather long player name that will not fit"
    fitted = text.fit_size(long, 32, 200)
    assert fitted < 32 and text.fit_size(long, 32, 200) == fitted
    lines = text.wrap("one two three four five six seven", 20, 80)
    assert len(lines) > 1 and text.wrap("one two three four five six seven", 20, 80) == lines
    lines.append("changed by the caller")  # a caller's list is its own
    assert "changed by the caller" not in text.wrap("one two three four five six seven", 20, 80)
    text.set_scale(1.15)  # larger text: the answers are worked out again
    assert text.fit_size(long, 32, 200) <= fitted


def test_snapshot_gives_back_what_was_kept_while_the_key_holds() -> None:
    screen = pygame.Surface((100, 100))
    screen.fill((0, 0, 0))
    snap = Snapshot()
    assert not snap.reuse(screen, "a")
    pygame.draw.circle(screen, (200, 40, 40), (50, 50), 20)
    snap.keep(screen, "a", pygame.Rect(30, 30, 41, 41))
    drawn = pygame.image.tobytes(screen, "RGB")
    screen.fill((0, 0, 0))
    assert snap.reuse(screen, "a")
    assert pygame.image.tobytes(screen, "RGB") == drawn
    assert not snap.reuse(screen, "b"), "another key: the part draws again"
    snap.forget()
    assert not snap.reuse(screen, "a")


@pytest.mark.parametrize(("game", "players"), [("blanco", 3), ("luckybox", 2)])
def test_scenes_under_an_overlay_are_drawn_once_and_the_picture_is_the_same(
    app: Any, monkeypatch: pytest.MonkeyPatch, game: str, players: int
) -> None:
    table = demo_table(app, game, players)
    assert app.stack.top is table
    drawn: list[Any] = []
    real_draw = type(table).draw

    def counted(self: Any, surface: Any) -> None:
        drawn.append(self)
        real_draw(self, surface)

    monkeypatch.setattr(type(table), "draw", counted)
    app.ctx.nav.push("pause")
    pause = app.stack.top
    for _ in range(5):
        frames(app, 1)
        kept = picture(app)
        app.stack._under = None  # drawn anew: the same pixels
        assert picture(app) == kept
    count = len(drawn)
    for _ in range(3):
        picture(app)
    assert len(drawn) == count, "the table under the pause menu drawn again"
    # Settings opened over the pause menu, the text made larger there: back at the pause
    # menu, the table under it is drawn anew, at the new size.
    app.ctx.nav.push("settings")
    frames(app, 1)
    app.ctx.settings.text_size = "large"
    app.ctx.text.set_scale(1.15)
    app.stack.pop()
    assert app.stack.top is pause
    kept = picture(app)
    assert len(drawn) == count + 1
    app.stack._under = None
    assert picture(app) == kept
    app.stack.pop()  # the pause menu closed: the table is drawn every frame again
    picture(app)
    picture(app)
    assert len(drawn) == count + 4 and app.stack._under is None
