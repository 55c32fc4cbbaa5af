"""How to play's paper labels stay inside the panel framing their picture, shadow and all
(issue 22, item 10: German "Angesehen" crossed the Blanco grid page's bottom edge). Every
page of both games, in en/fr/de, drawn by the real scene; the labels are the panels
`draw_tag` lays."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core import i18n
from game.core.ui import sketch
from game.core.ui.scenes.howto import ART
from tests.ui_helpers import frames

#: Inside the picture's panel (drawn at ART.inflate(24, 20) with a border of 4).
INSIDE = ART.inflate(24 - 8, 20 - 8)
SHADOW = 4  # draw_tag's panel shadow, down and right


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_how_to_play_labels_stay_inside_their_panel(
    app: Any, monkeypatch: pytest.MonkeyPatch, game: str, lang: str
) -> None:
    i18n.set_language(lang)
    scene = app.ctx.nav.make("howto", game=game)
    app.stack.clear_to(scene)
    laid: list[pygame.Rect] = []
    panel = sketch.draw_panel

    def recording(surface: Any, rect: Any, *args: Any, **kw: Any) -> Any:
        laid.append(pygame.Rect(rect))
        return panel(surface, rect, *args, **kw)

    monkeypatch.setattr(sketch, "draw_panel", recording)
    outside = []
    for index in range(len(scene.pages)):
        scene.go(index)
        frames(app, 40, dt=0.1)  # the slide settles; each page's animation comes round
        for t in (0.0, 1.3, 2.9, 4.4):
            laid.clear()
            scene.time = t
            surface = pygame.Surface((1280, 720))
            scene.draw(surface)
            for rect in laid:
                shadowed = rect.union(rect.move(SHADOW, SHADOW))
                if not INSIDE.contains(shadowed):
                    outside.append(f"page {index + 1} at {t}s: {rect} outside {INSIDE}")
    assert outside == [], "\n".join(outside)
