"""The title's notice button (online play's "A table waits for you: Blanco with Anna — Reopen"):
beside Play online, as wide as the window leaves on its right, its line in up to two balanced
lines. One line in a fixed 400 px shrank a German line to half the size of the buttons' words."""

from __future__ import annotations

import pygame

from game.core.ui.toolkit.paint import INK, WHITE
from game.core.ui.toolkit.text import TextCache
from game.core.ui.toolkit.widgets import Button

NOTICE_GAP = 20  # px between Play online and the notice
EDGE = 16  # px kept from the window's right edge
MAX_W = 640  # a wide window's notice stops here: one line of it is read at a glance
SIZES = range(26, 15, -2)  # the line's text, as large as fits (one line, else two)
PAD_X, PAD_Y = 14, 7  # inside the slab: the rounded ends and the glossy lip keep clear
OUTLINE = 2  # px of ink around each letter: two lines are this much apart more, each side


class NoticeButton(Button):
    """A button whose label may take two lines (see the module's docstring)."""

    def place(self, beside: pygame.FRect, view: pygame.Rect) -> None:
        """Right of `beside` (Play online), as tall, to the view's right edge (at most MAX_W)."""
        left = beside.right + NOTICE_GAP
        width = max(beside.width, min(MAX_W, view.right - EDGE - left))
        self.rect.update(left, beside.y, width, beside.height)

    def lines(self, text: TextCache) -> tuple[list[str], int]:
        """The label's lines and their size: one line at the largest size it fits, unless two
        balanced lines fit at a larger one."""
        label, width = self.label, self.rect.width - 2 * PAD_X
        height = self.rect.height - 2 * PAD_Y
        one = text.fit_size(label, SIZES[0], width, SIZES[-1])
        for size in SIZES:
            if size <= one:
                return [label], one
            wrapped = text.wrap_balanced(label, size, width)
            tall = len(wrapped) * line_step(text, size)
            if (
                len(wrapped) <= 2
                and tall <= height
                and all(text.font(size).size(line)[0] <= width for line in wrapped)
            ):
                return wrapped, size
        return [label], one

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        """The slab as any button's, then the lines over it."""
        label = self._label
        self._label = ""  # (the slab alone: its label is drawn here, in lines)
        try:
            super().draw(surface, text)
        finally:
            self._label = label
        lines, size = self.lines(text)
        step = line_step(text, size)
        top = self.rect.centery - step * len(lines) / 2 - 2  # (the lip lies under the face)
        for i, line in enumerate(lines):
            centre = (self.rect.centerx, top + step * (i + 0.5))
            text.blit_centered(surface, line, size, WHITE, centre, outline=INK, px=OUTLINE)


def line_step(text: TextCache, size: int) -> int:
    """From one line of the label to the next: the font's line and both lines' outlines."""
    return int(text.font(size).get_linesize()) + 2 * OUTLINE
