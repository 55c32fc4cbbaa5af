"""The table layout: named regions read from a Tiled map, plus pure box-fitting helpers.

A game's table map (named by its UI descriptor, `GameUI.layout`) is an orthogonal 80x45 map of
16 px tiles (1280x720) with no tilesets, just an object layer "regions" of named rectangles.
Edit it in Tiled or by hand; `Layout.load` checks every required region is there, so a typo
fails at start-up with the region's name, not mid-game.

A map may also hold variants: an object layer "regions:NAME" moves some of the regions (a table
whose player holds many cards tightens its top band so the cards get more height). A table
picks one with `Layout.use(NAME)`, or None for the plain regions; the others stay as they are.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.ui.toolkit import gfx

if TYPE_CHECKING:
    from game.core.ui.toolkit.text import TextCache

LOGICAL_SIZE = (1280, 720)
LAYER_NAME = "regions"
VARIANT_PREFIX = "regions:"  # an object layer "regions:NAME": the variant NAME's regions

BUTTON_REGIONS = (
    "button_pass",
    "button_undo",
    "button_hint",
    "button_menu",
    "button_lightning_minus",
    "button_lightning_plus",
)
REQUIRED_REGIONS = (
    "number_deck",
    "revealed_card",
    "current_board",
    "other_boards",
    "lightning_pile",
    "moon_pile",
    "scorecard",
    "pending_queue",
    "message",
    "player_banner",
    *BUTTON_REGIONS,
)


#: How a region's two edges along one axis follow a window wider (or taller) than 16:9: each
#: edge moves by -1, 0 or +1 times the extra room on each side (see `Layout.fit`).
Edges = tuple[int, int]
STAY: Edges = (0, 0)  # centred with the design
START: Edges = (-1, -1)  # to the left (top) edge of the window
END: Edges = (1, 1)  # to the right (bottom) edge
STRETCH: Edges = (-1, 1)  # from edge to edge: wider (taller)
GROW_END: Edges = (0, 1)  # stays put, grows toward the right (bottom) edge
#: A region's anchors: (horizontal, vertical).
Anchor = tuple[Edges, Edges]


class LayoutError(Exception):
    """The layout file is missing, unreadable, or lacks a required region."""


class Layout:
    """Named rectangles in logical (1280x720) coordinates."""

    def __init__(
        self,
        regions: Mapping[str, pygame.FRect],
        source: str = "<memory>",
        required: Iterable[str] = REQUIRED_REGIONS,
    ) -> None:
        missing = [name for name in required if name not in regions]
        if missing:
            raise LayoutError(f"{source}: missing region(s): {', '.join(missing)}")
        self._regions = {name: pygame.FRect(rect) for name, rect in regions.items()}
        self.source = source
        self.anchors: dict[str, Anchor] = {}
        self.view = pygame.Rect((0, 0), LOGICAL_SIZE)  # all the window shows (see `fit`)
        #: Variants: per name, the regions it moves (see `use`); `variant` is the one in use.
        self.variants: dict[str, dict[str, pygame.FRect]] = {}
        self.variant: str | None = None
        self._fitted: dict[tuple[str | None, str], pygame.FRect] = {}

    def add_variant(self, variant: str, regions: Mapping[str, pygame.FRect]) -> Layout:
        """Say where the variant `variant` puts the regions it moves (each must exist)."""
        unknown = [name for name in regions if name not in self._regions]
        if unknown:
            raise LayoutError(f"{self.source}: {variant}: unknown region(s): {', '.join(unknown)}")
        self.variants[variant] = {name: pygame.FRect(r) for name, r in regions.items()}
        self._fitted.clear()
        return self

    def use(self, variant: str | None) -> bool:
        """Lay the regions out as the variant says (None: the plain regions). Returns whether
        that changed anything (a table then draws its static layer again)."""
        if variant is not None and variant not in self.variants:
            raise LayoutError(f"{self.source}: no layout variant named {variant!r}")
        changed = variant != self.variant
        self.variant = variant
        return changed

    def anchor(self, anchors: Mapping[str, Anchor]) -> Layout:
        """Say how regions follow a window of another shape (a game's side panels to its
        edges, its hand to the bottom); the others stay centred with the design."""
        self.anchors.update(anchors)
        self._fitted.clear()
        return self

    def fit(self, view: pygame.Rect | pygame.FRect) -> None:
        """Lay the regions out for a window showing `view` (gfx.view of the screen): the
        1280x720 design centred in it, each anchored edge moved by the extra room on its
        side, so side panels reach the window's edges and the middle takes the rest."""
        view = pygame.Rect(view)
        if view != self.view:
            self.view = view
            self._fitted.clear()

    @classmethod
    def empty(cls) -> Layout:
        """No regions: the app's layout when none of its games has a table map."""
        return cls({}, required=())

    @classmethod
    def load(cls, path: Path | str) -> Layout:
        """Read the "regions" object layer of a Tiled map with pytmx (no images are loaded)."""
        import pytmx  # imported here: only the app needs it, not tools that import this module

        try:
            tmx = pytmx.TiledMap(str(path))
        except Exception as e:  # pytmx raises bare Exceptions and XML errors alike
            raise LayoutError(f"{path}: cannot read the layout ({e})") from e
        try:
            layer = tmx.get_layer_by_name(LAYER_NAME)
        except ValueError as e:
            raise LayoutError(f"{path}: no object layer named {LAYER_NAME!r}") from e
        layout = cls(_rects(layer), source=str(path))
        for group in tmx.objectgroups:
            name = getattr(group, "name", "") or ""
            if name.startswith(VARIANT_PREFIX):
                layout.add_variant(name[len(VARIANT_PREFIX) :], _rects(group))
        return layout

    def region(self, name: str) -> pygame.FRect:
        """A copy of the named rectangle (callers may move or shrink it freely)."""
        return self.region_in(name, self.variant)

    def region_in(self, name: str, variant: str | None) -> pygame.FRect:
        """The named rectangle as the variant (None: the plain layout) has it at the window's
        shape now, whichever is in use: to weigh one against the other."""
        fitted = self._fitted.get((variant, name))
        if fitted is None:
            moved = self.variants.get(variant, {}) if variant is not None else {}
            try:
                rect = moved.get(name) or self._regions[name]
            except KeyError:
                raise LayoutError(f"{self.source}: no region named {name!r}") from None
            fitted = self._fitted[variant, name] = self._anchored(rect, self.anchors.get(name))
        return pygame.FRect(fitted)

    def _anchored(self, rect: pygame.FRect, anchor: Anchor | None) -> pygame.FRect:
        if anchor is None:
            return pygame.FRect(rect)
        extra_x = max(0.0, -float(self.view.left))  # room beside the design, each side
        extra_y = max(0.0, -float(self.view.top))
        (left, right), (top, bottom) = anchor
        x0, x1 = rect.left + left * extra_x, rect.right + right * extra_x
        y0, y1 = rect.top + top * extra_y, rect.bottom + bottom * extra_y
        return pygame.FRect(x0, y0, x1 - x0, y1 - y0)

    def names(self) -> list[str]:
        return list(self._regions)

    def draw_debug(self, surface: pygame.Surface, text: TextCache | None = None) -> None:
        """Outline every region with its name (for tuning the layout)."""
        for i, name in enumerate(self._regions):
            rect = self.region(name)
            hue = (i * 47) % 360
            colour = pygame.Color(0)
            colour.hsva = (hue, 70, 100, 100)
            gfx.rect(surface, colour, rect, 2, border_radius=6)
            if text is not None:
                label = text.render(name, 18, (colour.r, colour.g, colour.b))
                surface.blit(label, (rect.x + 4, rect.y + 4))


def _rects(layer: Iterable[object]) -> dict[str, pygame.FRect]:
    """The named rectangles of a Tiled object layer."""
    return {
        str(obj.name): pygame.FRect(obj.x, obj.y, obj.width, obj.height)  # type: ignore[attr-defined]
        for obj in layer
        if getattr(obj, "name", None)
    }


# ------------------------------------------------------------------- box fitting


def grid_in(
    rect: pygame.FRect | pygame.Rect | Sequence[float],
    count: int,
    aspect: float,
    gap: float = 8.0,
) -> list[pygame.FRect]:
    """Fit `count` equal boxes of width/height ratio `aspect` into `rect`, as large as possible.

    Tries every column count and keeps the one giving the biggest boxes; the grid is centred in
    `rect` and a short last row is centred too. Boxes are returned row by row. Used for the current
    player's cards (3..N) and for the other players' compact boards (0..11).
    """
    area = pygame.FRect(rect)
    if count <= 0 or area.width <= 0 or area.height <= 0 or aspect <= 0:
        return []
    best_w, best_cols = -1.0, 1
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        w = min(
            (area.width - gap * (cols - 1)) / cols,
            aspect * (area.height - gap * (rows - 1)) / rows,
        )
        if w > best_w:
            best_w, best_cols = w, cols
    if best_w <= 0 and gap > 0:
        return grid_in(area, count, aspect, 0.0)  # gaps wider than the room: let boxes touch
    w = max(0.0, best_w)
    h = w / aspect
    cols = best_cols
    rows = math.ceil(count / cols)
    grid_h = rows * h + (rows - 1) * gap
    top = area.y + (area.height - grid_h) / 2
    boxes = []
    for i in range(count):
        r, c = divmod(i, cols)
        in_row = min(cols, count - r * cols)
        row_w = in_row * w + (in_row - 1) * gap
        left = area.x + (area.width - row_w) / 2
        boxes.append(pygame.FRect(left + c * (w + gap), top + r * (h + gap), w, h))
    return boxes


def row_in(
    rect: pygame.FRect | pygame.Rect | Sequence[float],
    count: int,
    gap: float = 8.0,
    vertical: bool = False,
) -> list[pygame.FRect]:
    """Split `rect` into `count` equal boxes side by side (or stacked when `vertical`)."""
    area = pygame.FRect(rect)
    if count <= 0:
        return []
    if vertical:
        h = max(0.0, (area.height - gap * (count - 1)) / count)
        return [pygame.FRect(area.x, area.y + i * (h + gap), area.width, h) for i in range(count)]
    w = max(0.0, (area.width - gap * (count - 1)) / count)
    return [pygame.FRect(area.x + i * (w + gap), area.y, w, area.height) for i in range(count)]
