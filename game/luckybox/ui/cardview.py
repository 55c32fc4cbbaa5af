"""Drawing Lucky Box cards at any size, and finding which square or icon a point is on.

The card art comes from sprites/ (card_front.png and the geometry in card_geometry.json);
numbers, crosses, icons and circles are composed on top. A composed card is cached by everything
that changes its look, so a steady table costs one blit per card per frame.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from pathlib import Path

import pygame

from game.core.paths import SPRITES_DIR
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.assets import Assets
from game.core.ui.toolkit.text import TextCache
from game.luckybox.rules.cards import FULL, LINES_OF_CELL, CardFace, face_number

SPRITES = SPRITES_DIR
ICON_SPRITES = {
    "number": "icon_number",
    "question": "icon_question",
    "star": "icon_star",
    "moon": "icon_moon",
    "blank": "icon_blank",
}
INK = (40, 24, 60)
DIGIT = (52, 40, 90)
COST_BG = (36, 110, 220)
CROSSED_HALO = (255, 250, 236)  # round a crossed square's number, over the cross
# The glance form of a card (other players' boards).
MINI_FRAME = (214, 40, 128)
MINI_FULL = (255, 196, 24)
MINI_PAPER = (255, 247, 226)
MINI_OPEN = (255, 253, 244)
MINI_EDGE = (150, 130, 160)
MINI_CROSSED = (200, 18, 96)
MINI_DOT = (255, 196, 24)
MINI_DIGITS = 11  # px: the smallest glance square that still shows its number
#: The "LUCKY BOX" name on a card's footer band (x, y, w, h at the card's 240 px design size:
#: sprites/generate.py writes it centred at (118, 243), 17 px high).
NAME_LABEL = (74, 234, 88, 18)

# Highlight kinds for squares.
EXACT = "exact"  # crossable with the revealed number
LIGHTNING = "lightning"  # reachable by spending Lightning: a cost badge is shown
TARGET = "target"  # a legal square for the pending bonus
SELECTED = "selected"  # chosen, waiting for confirmation
MARK_SPRITES = {
    EXACT: "square_highlight",
    TARGET: "square_highlight",
    LIGHTNING: "square_lightning",
    SELECTED: "square_highlight",
}


def load_geometry(path: Path = SPRITES / "card_geometry.json") -> dict:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def icon_sprite(bonus: tuple[str, int]) -> str:
    kind, value = bonus
    if kind == "lightning":
        return "icon_lightning2" if value == 2 else "icon_lightning1"
    return ICON_SPRITES[kind]


CACHE_BYTES = 24 * 1024 * 1024  # composed cards kept for reuse (a 12-player table needs ~8 MB)


def _nbytes(surf: pygame.Surface) -> int:
    pixels = gfx.pixels_of(surf)  # (a large window's cards hold more pixels than their size)
    return pixels.get_width() * pixels.get_height() * pixels.get_bytesize()


class CardView:
    """Renders cards and maps points on them back to cells and icons."""

    def __init__(self, assets: Assets, text: TextCache, geometry: dict | None = None) -> None:
        self.assets = assets
        self.text = text
        self.geometry = geometry or load_geometry()
        self.base_w, self.base_h = self.geometry["size"]
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._cache_bytes = 0

    # ------------------------------------------------------------ geometry

    @property
    def aspect(self) -> float:
        """Width over height."""
        return self.base_w / self.base_h

    def cell_rect(self, card_rect: pygame.FRect, cell: int) -> pygame.FRect:
        k = card_rect.width / self.base_w
        x, y, w, h = self.geometry["cells"][cell]
        return pygame.FRect(card_rect.x + x * k, card_rect.y + y * k, w * k, h * k)

    def icon_center(self, card_rect: pygame.FRect, line: str, index: int) -> tuple[float, float]:
        k = card_rect.width / self.base_w
        cx, cy, _ = self.geometry["row_icons" if line == "row" else "col_icons"][index]
        return card_rect.x + cx * k, card_rect.y + cy * k

    def icon_radius(self, card_rect: pygame.FRect) -> float:
        return self.geometry["row_icons"][0][2] * card_rect.width / self.base_w

    def icon_rects(self, card_rect: pygame.FRect) -> list[pygame.FRect]:
        """The six bonus icons' squares (three row ends, then three column ends), as drawn."""
        side = self.icon_radius(card_rect) * 2.1
        rects = []
        for line in ("row", "col"):
            for index in range(3):
                icon = pygame.FRect(0, 0, side, side)
                icon.center = self.icon_center(card_rect, line, index)
                rects.append(icon)
        return rects

    def name_label_rect(self, card_rect: pygame.FRect) -> pygame.FRect:
        """Where the card's "LUCKY BOX" name is printed on its footer band."""
        k = card_rect.width / self.base_w
        x, y, w, h = NAME_LABEL
        return pygame.FRect(card_rect.x + x * k, card_rect.y + y * k, w * k, h * k)

    def cell_at(self, card_rect: pygame.FRect, pos: tuple[float, float]) -> int | None:
        for cell in range(9):
            if self.cell_rect(card_rect, cell).collidepoint(pos):
                return cell
        return None

    # ------------------------------------------------------------ drawing

    def render(
        self,
        card: int,
        face: CardFace,
        mask: int,
        width: int,
        marks: dict[int, str] | None = None,
        costs: dict[int, int] | None = None,
        hidden: int = 0,
    ) -> pygame.Surface:
        """The card face at `width` px with its crosses, circles and square highlights.

        `hidden` is a mask of crosses not drawn yet (the cascade animates them in)."""
        marks = marks or {}
        costs = costs or {}
        key = (
            card,
            mask,
            width,
            tuple(sorted(marks.items())),
            tuple(sorted(costs.items())),
            hidden,
            gfx.render_scale(),
            self.text.scale,  # (the digits grow with Large text)
        )
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = self._compose(card, face, mask & ~hidden, width, marks, costs)
        self._cache[key] = surf
        self._cache_bytes += _nbytes(surf)
        # Bounded by bytes, not entries: one large card weighs as much as fifty compact ones.
        while self._cache_bytes > CACHE_BYTES and len(self._cache) > 1:
            _old, dropped = self._cache.popitem(last=False)
            self._cache_bytes -= _nbytes(dropped)
        return surf

    def _compose(
        self,
        card: int,
        face: CardFace,
        mask: int,
        width: int,
        marks: dict[int, str],
        costs: dict[int, int],
    ) -> pygame.Surface:
        w, h = int(width), round(width * self.base_h / self.base_w)
        surf = self.assets.get("card_front", (w, h)).copy()
        rect = pygame.FRect(0, 0, w, h)
        small = w < 120
        digit_size = max(8, int(w * 0.17))
        for cell in range(9):
            r = self.cell_rect(rect, cell)
            mark = marks.get(cell)
            sprite = MARK_SPRITES.get(mark) if mark is not None else None
            if sprite:
                surf.blit(self.assets.get(sprite, (round(r.w), round(r.h))), r.topleft)
            if mark == SELECTED:
                gfx.rect(surf, (255, 60, 120), r.inflate(4, 4), 3, border_radius=6)
            number = face.grid[cell]
            self._bold(surf, str(number), digit_size, DIGIT, r.center)
            if mask >> cell & 1:
                surf.blit(self.assets.get("cross", (round(r.w), round(r.h))), r.topleft)
                # The number again over the mark, haloed in paper: a finished card reads back.
                halo = self.text.render_outlined(
                    str(number), digit_size, DIGIT, CROSSED_HALO, max(1, digit_size // 16), True
                )
                surf.blit(halo, halo.get_rect(center=(round(r.centerx), round(r.centery))))
            if cell in costs and not small:
                self._cost_badge(surf, r, costs[cell])
        radius = self.icon_radius(rect)
        for line, bonuses in (("row", face.row_bonus), ("col", face.col_bonus)):
            for index, bonus in enumerate(bonuses):
                cx, cy = self.icon_center(rect, line, index)
                side = round(radius * 2.1)
                icon = self.assets.get(icon_sprite(bonus), (side, side))
                surf.blit(icon, icon.get_rect(center=(round(cx), round(cy))))
                if bonus[0] == "number":
                    self._bold(
                        surf,
                        str(bonus[1]),
                        max(8, int(radius * 1.3)),
                        INK,
                        (cx, cy + 1),
                    )
                if _line_done(mask, line, index):
                    ring = round(radius * 2.5)
                    circle = self.assets.get("circle", (ring, ring))
                    surf.blit(circle, circle.get_rect(center=(round(cx), round(cy))))
        if not small:
            cx, cy = self.geometry["corner_number"]
            k = w / self.base_w
            self._bold(
                surf,
                str(face_number(card)),
                max(8, int(18 * k)),
                INK,
                (cx * k, cy * k),
            )
        if mask == FULL:  # a warm glow on the card itself: its rounded corners stay clear
            surf.fill((215, 215, 215), special_flags=pygame.BLEND_RGB_MULT)
            surf.fill((40, 36, 19), special_flags=pygame.BLEND_RGB_ADD)
        return surf

    def mini_cell_rect(self, card_rect: pygame.FRect, cell: int) -> pygame.FRect:
        """Where `render_mini` draws a square of a card drawn at `card_rect` (its geometry:
        the last-move rings go round it)."""
        w = int(max(8, round(card_rect.w)))
        h = round(w * self.base_h / self.base_w)
        pad = max(2, round(w * 0.05))
        strip = max(4, round(w * 0.14))
        gap = max(1, round(w * 0.02))
        side = min((w - 2 * pad - strip - 3 * gap) / 3, (h - 2 * pad - strip - 3 * gap) / 3)
        row, col = divmod(cell, 3)
        return pygame.FRect(
            card_rect.x + round(pad + gap + col * (side + gap)),
            card_rect.y + round(pad + gap + row * (side + gap)),
            round(side),
            round(side),
        )

    def render_mini(self, card: int, face: CardFace, mask: int, width: int) -> pygame.Surface:
        """A card drawn for a glance at a small size: the nine squares fill it, open ones paper
        with their number, crossed ones filled solid with the number in white; a dot per line,
        filled once the line is done; a gold frame when the card is complete."""
        key = ("mini", card, mask, width, self.text.scale, gfx.render_scale())
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        w, h = int(width), round(width * self.base_h / self.base_w)
        surf = gfx.Surface((w, h), pygame.SRCALPHA)
        full = mask == FULL
        gfx.rect(
            surf, MINI_FULL if full else MINI_FRAME, (0, 0, w, h), border_radius=max(2, w // 10)
        )
        pad = max(2, round(w * 0.05))
        gfx.rect(
            surf, MINI_PAPER, (pad, pad, w - 2 * pad, h - 2 * pad), border_radius=max(2, w // 14)
        )
        strip = max(4, round(w * 0.14))  # room for the line dots at the right and the bottom
        gap = max(1, round(w * 0.02))
        side = min((w - 2 * pad - strip - 3 * gap) / 3, (h - 2 * pad - strip - 3 * gap) / 3)
        digit = max(7, int(side * 0.8))
        dot = max(2, round(strip * 0.32))
        for cell in range(9):
            row, col = divmod(cell, 3)
            r = pygame.Rect(
                round(pad + gap + col * (side + gap)),
                round(pad + gap + row * (side + gap)),
                round(side),
                round(side),
            )
            number = str(face.grid[cell])
            if mask >> cell & 1:
                gfx.rect(surf, MINI_CROSSED, r, border_radius=2)
                if side >= MINI_DIGITS:
                    self._bold(surf, number, digit, (255, 255, 255), r.center)
            else:
                gfx.rect(surf, MINI_OPEN, r, border_radius=2)
                gfx.rect(surf, MINI_EDGE, r, 1, border_radius=2)
                if side >= MINI_DIGITS:  # below that a digit is a smudge: the zoom reads them
                    self._bold(surf, number, digit, DIGIT, r.center)
        grid_right = pad + gap + 3 * (side + gap)
        grid_bottom = pad + gap + 3 * (side + gap)
        for index in range(3):
            mid = pad + gap + index * (side + gap) + side / 2
            for line, centre in (
                ("row", (grid_right + strip / 2 - gap, mid)),
                ("col", (mid, grid_bottom + strip / 2 - gap)),
            ):
                c = (round(centre[0]), round(centre[1]))
                if _line_done(mask, line, index):
                    gfx.circle(surf, MINI_DOT, c, dot)
                    gfx.circle(surf, INK, c, dot, 1)
                else:
                    gfx.circle(surf, MINI_EDGE, c, dot, 1)
        self._cache[key] = surf
        self._cache_bytes += _nbytes(surf)
        return surf

    def _cost_badge(self, surf: pygame.Surface, r: pygame.FRect, cost: int) -> None:
        radius = max(7, int(r.w * 0.2))
        center = (round(r.right - radius * 0.6), round(r.top + radius * 0.6))
        gfx.circle(surf, (255, 255, 255), center, radius + 2)
        gfx.circle(surf, COST_BG, center, radius)
        self._bold(surf, str(cost), int(radius * 1.7), (255, 230, 60), center)

    def _bold(
        self, surf: pygame.Surface, text: str, size: int, colour, center: tuple[float, float]
    ) -> None:
        label = self.text.render(text, size, colour, True)
        surf.blit(label, label.get_rect(center=(round(center[0]), round(center[1]))))


def _line_done(mask: int, line: str, index: int) -> bool:
    line_mask = LINES_OF_CELL[index * 3 if line == "row" else index][0 if line == "row" else 1][2]
    return mask & line_mask == line_mask
