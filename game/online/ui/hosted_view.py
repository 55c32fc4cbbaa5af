"""The links friends need, drawn under the table's code (the table's seats menu; the lobby,
quietly, under its "Invite link — Copy"): one line when there is one; when this computer
serves the table from several network addresses, every one of them, side by side, on up to
two lines and smaller when they need it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import t
from game.core.ui.toolkit.paint import INK, WHITE

if TYPE_CHECKING:
    from game.core.ui.context import Context

MIDDLE = 270  # the line's middle, between the table's code and the seats (logical px)
WIDTH = 1200
SIZES = (26, 22, 18, 16)
SMALL = (18, 16, 14)  # under a Copy button: the links there to read only when there is no clipboard
QUIET = (214, 204, 236)  # their ink, quieter than the words above them


def share_text(links: list[str]) -> str:
    if len(links) == 1:
        return t("online.lobby.share", "Share: {link}", link=links[0])
    return t("online.lobby.share_any", "Share one of: {links}", links="   ·   ".join(links))


def draw_share_links(
    surface: pygame.Surface,
    ctx: Context,
    links: list[str],
    middle: float = MIDDLE,
    quiet: bool = False,
) -> None:
    """One line centred at `middle`, or the links on two lines at most around it. `quiet`:
    small and soft, the bare links under a Copy button (what it copies, and the others)."""
    text = "   ·   ".join(links) if quiet else share_text(links)
    sizes = SMALL if quiet else SIZES
    for size in sizes:  # the largest size at which it takes two lines at most
        lines = ctx.text.wrap_balanced(text, size, WIDTH)
        if len(lines) <= 2:
            break
    step = size + 6
    first = middle - step * (len(lines) - 1) / 2
    colour = QUIET if quiet else WHITE
    for i, line in enumerate(lines):
        ctx.text.blit_centered(
            surface, line, size, colour, (640, first + i * step), outline=INK, px=2
        )
