"""Blanco's title logo is whole (issue 22, item 10: its right-hand tilted card ran off the
logo's picture and was cut): nothing of it touches the picture's edges, at the title's
sizes."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.ui.toolkit import gfx


@pytest.mark.parametrize("width", [720, 760, 540])
def test_the_blanco_logo_keeps_its_cards_inside(app: Any, width: int) -> None:
    logo = gfx.pixels_of(app.ctx.nav.make("blanco.logo", width=width))
    w, h = logo.get_size()
    edges = {
        "left": [(0, y) for y in range(h)],
        "right": [(w - 1, y) for y in range(h)],
        "top": [(x, 0) for x in range(w)],
        "bottom": [(x, h - 1) for x in range(w)],
    }
    cut = {side: sum(logo.get_at(p).a > 0 for p in points) for side, points in edges.items()}
    assert cut == dict.fromkeys(edges, 0), f"drawn up to the edge (pixels per side): {cut}"
