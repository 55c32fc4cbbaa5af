"""How to play's paper labels stay inside the panel framing their picture, shadow and all
(issue 22, item 10: German "Angesehen" crossed the Blanco grid page's bottom edge). Every
page of both games, in en/fr/de, drawn by the real scene; the labels are the panels
`draw_tag` lays."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core import i18n
from game.core.ui.screens.howto import ART
from game.core.ui.toolkit import sketch
from tests.ui_helpers import frames

#: Inside the picture's panel (drawn at ART.inflate(24, 20) with a border of 4).
INSIDE = ART.inflate(24 - 8, 20 - 8)
SHADOW = 4  # draw_tag's panel shadow, down and right


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_labels_stay_inside_their_panel_and_no_arrow_crosses_a_caption(
    app: Any, monkeypatch: pytest.MonkeyPatch, game: str, lang: str
) -> None:
    """Every page of the game, at moments through its animation, drawn by the real scene:

    * each paper label (the panels `draw_tag` lays), its shadow too, stays inside the panel
      framing the picture (German "Angesehen" crossed the Blanco grid page's bottom edge);
    * a picture's arrows pass by its captions, never through them (Blanco's "1. Draw" had the
      draw arrow's curve across its top, in every language). Each arrow is also drawn alone on
      a layer of its own; no caption's box holds any of it.

    (One walk through the pages for both checks: each page settled once, each moment drawn
    once.)"""
    from game.blanco.ui.learn import pages as blanco_pages
    from game.luckybox.ui.learn import examples as luckybox_pages

    module = blanco_pages if game == "blanco" else luckybox_pages
    i18n.set_language(lang)
    scene = app.ctx.nav.make("howto", game=game)
    app.stack.clear_to(scene)
    laid: list[pygame.Rect] = []
    panel = sketch.draw_panel

    def recording(surface: Any, rect: Any, *args: Any, **kw: Any) -> Any:
        laid.append(pygame.Rect(rect))
        return panel(surface, rect, *args, **kw)

    arrows = pygame.Surface((1280, 720), pygame.SRCALPHA)
    captions: list[tuple[str, pygame.Rect]] = []
    arrow, caption = module.draw_arrow, module.draw_caption

    def arrow_too(surface: Any, *args: Any, **kw: Any) -> None:
        arrow(arrows, *args, **kw)
        arrow(surface, *args, **kw)

    def caption_noted(surface: Any, text: Any, label: str, *args: Any, **kw: Any) -> Any:
        rect = caption(surface, text, label, *args, **kw)
        captions.append((label, pygame.Rect(rect)))
        return rect

    monkeypatch.setattr(sketch, "draw_panel", recording)
    monkeypatch.setattr(module, "draw_arrow", arrow_too)
    monkeypatch.setattr(module, "draw_caption", caption_noted)
    outside: list[str] = []
    crossed, arrows_drawn = [], 0
    for index in range(len(scene.pages)):
        scene.go(index)
        frames(app, 40, dt=0.1)  # the slide settles; each page's animation comes round
        for t in (0.0, 0.9, 1.3, 2.0, 2.9, 4.4):
            laid.clear()
            arrows.fill((0, 0, 0, 0))
            captions.clear()
            scene.time = t
            scene.draw(pygame.Surface((1280, 720)))
            for rect in laid:
                shadowed = rect.union(rect.move(SHADOW, SHADOW))
                if not INSIDE.contains(shadowed):
                    outside.append(f"page {index + 1} at {t}s: {rect} outside {INSIDE}")
            ink = pygame.mask.from_surface(arrows)
            arrows_drawn += ink.count() > 0
            for label, rect in captions:
                box = pygame.mask.Mask(rect.size, fill=True)
                if ink.overlap(box, rect.topleft) is not None:
                    crossed.append(f"page {index + 1} at {t}s: an arrow crosses {label!r} {rect}")
    assert outside == [], "\n".join(outside)
    assert arrows_drawn > 0, "the pictures draw arrows: this would test nothing"
    assert crossed == [], "\n".join(crossed)


def test_a_caption_wider_than_its_column_takes_a_second_line_at_its_own_size() -> None:
    """German "auf deine Wertungskarte" under the star on the token bonuses page: two lines
    at the caption's size, not one line shrunk to a whisper (nor one running into the next
    column's caption)."""
    from game.core.ui.toolkit.text import TextCache

    cache = TextCache()
    surface = pygame.Surface((1280, 720))
    label = "auf deine Wertungskarte"
    line = cache.render_outlined(label, 26, (255, 255, 255), (0, 0, 0), 2)
    column = line.get_width() * 0.7
    rect = sketch.draw_caption(surface, cache, label, (640, 300), 26, max_width=column)
    assert rect.width <= column + 4  # (the outline's 2 px each side)
    assert rect.height > 1.8 * line.get_height()  # two lines, each at size 26
    assert rect.top == line.get_rect(center=(640, 300)).top  # it grows downward
    # A caption that fits keeps its one line; one that needs three lines gets smaller.
    fits = sketch.draw_caption(surface, cache, "nichts", (640, 300), 26, max_width=column)
    assert fits.height == cache.render_outlined("nichts", 26, (0, 0, 0), (0, 0, 0), 2).get_height()
    long = "auf deine sehr sehr lange Wertungskarte"
    small = sketch.draw_caption(surface, cache, long, (640, 300), 26, max_width=column / 2)
    assert small.height < line.get_height()  # one line, at a smaller size (14 at least)
