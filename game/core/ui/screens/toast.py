"""The line of news (`ctx.message`) at the foot of the screen, over every scene, for a few
seconds: a settings warning, a link copied, a friend waiting at the rematch."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.layout import LOGICAL_SIZE
from game.core.ui.toolkit.paint import INK, YELLOW, draw_panel

if TYPE_CHECKING:
    from game.core.ui.context import Context

TOAST_TIME = 4.0  # seconds a ctx.message stays on screen


class Toast:
    """Shows `ctx.message` until it changes or TOAST_TIME passes (then clears it)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.text = ""  # the line shown now ("" for none)
        self.age = 0.0
        self.box: pygame.Rect | None = None  # where it was last drawn

    def update(self, dt: float) -> None:
        msg = self.ctx.message
        if msg != self.text:
            self.text, self.age = msg, 0.0
        elif msg:
            self.age += dt
            if self.age >= TOAST_TIME:
                self.ctx.message = self.text = ""

    def draw(self, screen: pygame.Surface, top: object) -> None:
        """At the foot of the view, above any of the top scene's widgets it would cover (an
        end screen's buttons at the foot of a wide window)."""
        if not self.text:
            return
        says = getattr(top, "says", None)
        if says is not None and says(self.text):  # the scene shows it where it belongs
            self.box = None
            return
        text = self.ctx.text
        view = gfx.view(screen)
        size = text.fit_size(self.text, 28, LOGICAL_SIZE[0] - 120)
        label = text.render_outlined(self.text, size, YELLOW, INK, 2)
        box = label.get_rect(midbottom=(LOGICAL_SIZE[0] // 2, view.bottom - 20)).inflate(36, 20)
        box.bottom = min([box.bottom, *(r.top - 10 for r in covered(top, box))])
        self.box = box
        draw_panel(screen, box, colour=(70, 34, 120), radius=14, border=3, shadow=5)
        screen.blit(label, label.get_rect(center=box.center))


def covered(scene: object, box: pygame.Rect) -> list[pygame.Rect]:
    """The scene's visible widgets that `box` overlaps."""
    widgets = getattr(scene, "widgets", {})
    rects = [pygame.Rect(w.rect) for w in widgets.values() if getattr(w, "visible", True)]
    return [r for r in rects if r.colliderect(box)]
