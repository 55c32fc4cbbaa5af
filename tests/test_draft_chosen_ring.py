"""In the guided draft, the card the guide points at (a yellow frame) must not look like a card
already chosen: a chosen card's ring is cyan with a tick, never the pointer's yellow."""

from __future__ import annotations

from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import YELLOW
from game.luckybox.ui.scenes.draft import CHOSEN, DraftScene
from tests.ui_helpers import click, frames, seen


def near(colour, wanted, slack: int = 40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour[:3], wanted, strict=True))


def test_a_chosen_card_is_ringed_unlike_the_card_pointed_at(app) -> None:
    app.ctx.settings.animation_speed = 8.0
    app.ctx.nav.make("luckybox.guided")
    frames(app, 10, dt=0.1)
    draft = app.stack.top
    assert isinstance(draft, DraftScene)
    guide = app.stack.overlay
    click(app, guide.advice.target)  # choose the card pointed at
    frames(app, 5, dt=0.1)
    [chosen] = draft.selected
    pointed = next(c for c in draft.hand if draft.card_center(c) == guide.advice.target)
    assert pointed != chosen, "the guide now points at another card"
    seen(app)
    screen = app.screen
    pixels = gfx.pixels_of(screen)
    scale = gfx.scale_of(screen)

    def at(x: float, y: float):
        return pixels.get_at((round(x * scale), round(y * scale)))

    rects = dict(zip(draft.hand, draft.card_rects(), strict=True))
    ring = rects[chosen].move(0, draft.lift(chosen)).inflate(12, 12)
    left_edge = at(ring.left + 2, ring.centery)
    assert near(left_edge, CHOSEN), f"the chosen card's ring is {left_edge}"
    assert not near(left_edge, YELLOW, 60), "not the pointer's yellow"
