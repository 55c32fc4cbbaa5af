"""Each player's final grid as a small picture beside their row on Blanco's end screen; the
winner's, empty by the rules, as a gold frame round the grid's empty places, "Grid cleared!".

Hidden information: the pictures are drawn from the end view of the viewing seat (`end_view`:
an online table's own view, else the view of the only human, else a view nobody's private
cards are in), never from the full state; a face-down card stays a card back (the rules reveal
nothing at the end), so a seat's looked-at cards are not shown either."""

from __future__ import annotations

import pygame

from game.blanco.rules.grid import PlayerState
from game.blanco.rules.state import BlancoState, blanco_state
from game.blanco.rules.views import view_for
from game.core.i18n import t
from game.core.session import Session
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import INK

from ..cardview import CardArt
from .celebration import GOLD

GAP = 2  # px between the small cards
SHAPE = (3, 4)  # the second grid's rows and columns: the cleared picture's empty places


def end_view(session: Session) -> BlancoState:
    """The finished game as the viewing seat may see it (never another seat's hidden cards)."""
    state = blanco_state(session.state)
    if state.is_view:  # an online table's state is already its seat's view
        return view_for(state, state.view_seat if state.view_seat is not None else -1)
    humans = session.humans
    return view_for(state, humans[0] if len(humans) == 1 else -1)


def cell_rects(
    box: pygame.FRect, rows: int, cols: int
) -> tuple[pygame.FRect, dict[tuple[int, int], pygame.FRect]]:
    """A `rows` x `cols` grid of card-shaped cells as large as fits `box`, centred in it: the
    grid's own rectangle and each cell's."""
    h = min((box.h - GAP * (rows - 1)) / rows, (box.w - GAP * (cols - 1)) / cols / 0.72)
    w, h = int(h * 0.72), int(h)  # (rounded down: inside the box)
    gw, gh = cols * w + (cols - 1) * GAP, rows * h + (rows - 1) * GAP
    grid = pygame.FRect(0, 0, gw, gh)
    grid.center = box.center
    cells = {
        (r, c): pygame.FRect(grid.x + c * (w + GAP), grid.y + r * (h + GAP), w, h)
        for r in range(rows)
        for c in range(cols)
    }
    return grid, cells


def draw_grid(
    surface: pygame.Surface, art: CardArt, player: PlayerState, box: pygame.FRect, dx: float
) -> pygame.FRect:
    """One player's grid in `box` (moved `dx` as its row slides in): face-up cards as the
    table's small cards, face-down ones as backs; an empty grid as cleared. Returns where the
    picture was drawn."""
    box = box.move(dx, 0)
    if not player.grid:
        return draw_cleared(surface, art, box)
    grid, cells = cell_rects(box, player.rows, player.cols)
    for (r, c), rect in cells.items():
        up = player.up[r][c]
        card = player.grid[r][c] if up else 0
        surface.blit(art.get(card, (int(rect.w), int(rect.h)), up), rect.topleft)
    return grid


def draw_cleared(surface: pygame.Surface, art: CardArt, box: pygame.FRect) -> pygame.FRect:
    """An empty grid framed in gold: its places faintly outlined, "Grid cleared!" over them."""
    frame = box.inflate(-4, -4)
    _grid, cells = cell_rects(frame.inflate(-10, -10), *SHAPE)
    glow = gfx.Surface((round(frame.w), round(frame.h)), pygame.SRCALPHA)
    gfx.rect(glow, (*GOLD, 60), glow.get_rect(), border_radius=8)
    for rect in cells.values():  # the empty places, faint under the words
        gfx.rect(glow, (*GOLD, 90), rect.move(-frame.x, -frame.y), 1, border_radius=3)
    surface.blit(glow, frame.topleft)
    gfx.rect(surface, GOLD, frame, 3, border_radius=8)
    words = t("blanco.end.grid_cleared", "Grid cleared!")
    text = art.text
    size = text.fit_size(words, 22, frame.w - 10, min_size=11)
    text.blit_centered(surface, words, size, GOLD, frame.center, outline=INK, px=2)
    return frame
