"""The table's smaller parts: each owns a region of the layout and draws it from the shown
board (`port.seen`). A part may take events (`handle_event` returns True when it used one)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.i18n import language, lt, t, tn
from game.core.ui.table.part import Part
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.animator import Flip
from game.core.ui.toolkit.layout import LOGICAL_SIZE
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW, draw_panel
from game.core.ui.toolkit.snapshot import Snapshot
from game.luckybox.rules.state import NUMBERS_PER_ROUND, OVER, ROUNDS

from .port import Cover, LuckyBoxView

PANEL = (48, 26, 92)
EMPTY_PILE_ALPHA = 110  # an empty token pile's faded icon
STAR_SLOTS = 3  # the scorecard's star slots per round
STAR_SLOT_X, STAR_SLOT_DX = 70, 34  # a slot's centre: x + STAR_SLOT_X + slot * STAR_SLOT_DX
ROW_Y, ROW_DY = 44, 30  # a round's row centre: y + ROW_Y + round * ROW_DY
#: The banner's two lines' centres, as shares of its height (22 and 48 px of the design's 64).
NAME_AT, STATUS_AT = 22 / 64, 48 / 64


class NumberDeck(Part):
    """The Number cards: the face-down pile with its count, the revealed card, this round's
    numbers so far as chips."""

    region = "number_deck"
    port: LuckyBoxView

    def __init__(self, port: LuckyBoxView) -> None:
        super().__init__(port)
        self._faces: dict[tuple[int, float, tuple[float, float]], pygame.Surface] = {}
        self._snap = Snapshot()

    def forget_kept(self) -> None:
        """Draw afresh next frame, nothing kept blitted back: the same picture, for a reader
        of what a frame draws (a test recording its texts)."""
        self._snap.forget()

    def number_face(self, number: int, rect: pygame.FRect) -> pygame.Surface:
        face = self.ctx.assets.get("number_card_front", rect.size).copy()
        self.ctx.text.blit_centered(
            face, str(number), int(rect.h * 0.55), (52, 40, 90), (rect.w / 2, rect.h / 2 + 4)
        )
        return face

    def _face_cached(self, number: int, rect: pygame.FRect) -> pygame.Surface:
        key = (number, gfx.render_scale(), (rect.w, rect.h))  # (smaller beside a big hand)
        if key not in self._faces:
            self._faces[key] = self.number_face(number, rect)
        return self._faces[key]

    def draw(self, surface: pygame.Surface) -> None:
        ctx, seen = self.ctx, self.port.seen
        deck = self.rect
        card = ctx.layout.region("revealed_card")
        flipping = any(isinstance(e, Flip) for e in self.port.animator.effects)
        # Drawn first, over the static layer alone: kept and blitted back until a number shows.
        key = (
            tuple(seen.revealed),
            seen.number,
            flipping,
            tuple(deck),
            tuple(card),
            language(),
            ctx.text.scale,
            surface.get_size(),
        )
        if self._snap.reuse(surface, key):
            return
        drawn: list[pygame.Rect] = []
        left = NUMBERS_PER_ROUND - len(seen.revealed)
        back = ctx.assets.get("number_card_back", (deck.w - 8, deck.h - 8))
        for i in range(min(left, 4)):
            drawn.append(surface.blit(back, (deck.x + 4 + i * 2, deck.y + 4 - i * 2)))
        if left:
            drawn.append(
                ctx.text.blit_centered(
                    surface,
                    tn("luckybox.table.numbers_left", left, "{count} left", "{count} left"),
                    22,
                    WHITE,
                    (deck.centerx, deck.bottom + 12),
                    outline=INK,
                    px=2,
                )
            )
        if seen.number and not flipping:
            drawn.append(surface.blit(self._face_cached(seen.number, card), card.topleft))
        for i, n in enumerate(seen.revealed[:-1] if seen.number else seen.revealed):
            x = deck.x + 2 + (i % 8) * 32
            y = card.bottom + 10
            drawn.append(gfx.circle(surface, (250, 244, 230), (x + 14, y + 14), 14))
            gfx.circle(surface, INK, (x + 14, y + 14), 14, 2)
            ctx.text.blit_centered(surface, str(n), 22, INK, (x + 14, y + 15))
        if drawn:
            self._snap.keep(surface, key, drawn[0].unionall(drawn[1:]).inflate(4, 4))


class Banner(Part):
    """Whose board this is, and how far the game has come: two lines at the same share of the
    banner's height however tall the layout has it (shorter beside a big hand)."""

    region = "player_banner"
    port: LuckyBoxView

    def draw(self, surface: pygame.Surface) -> None:
        ctx, port = self.ctx, self.port
        area = self.rect
        name = port.banner_name(port.focus)
        ctx.text.blit_centered(
            surface,
            name,
            ctx.text.fit_size(name, 32, area.w - 8),
            YELLOW,
            (area.centerx, area.y + area.h * NAME_AT),
            outline=INK,
            px=2,
        )
        seen = port.seen
        if port.state.phase == OVER:
            status = t("luckybox.table.game_over", "Game over")
        elif seen.number:
            status = t(
                "luckybox.table.round_number",
                "Round {round} of {rounds}  ·  number {n} of {numbers}",
                round=seen.round,
                rounds=ROUNDS,
                n=len(seen.revealed),
                numbers=NUMBERS_PER_ROUND,
            )
        else:
            status = t(
                "luckybox.table.round", "Round {round} of {rounds}", round=seen.round, rounds=ROUNDS
            )
        ctx.text.blit_centered(
            surface, status, 24, WHITE, (area.centerx, area.y + area.h * STATUS_AT)
        )


class Piles(Part):
    """The focused player's Lightning and Moon tokens."""

    PILES = (
        (
            "lightning_pile",
            "token_lightning",
            "lightning",
            lt("luckybox.table.lightning", "Lightning"),
        ),
        ("moon_pile", "token_moon", "moons", lt("luckybox.table.moons", "Moons")),
    )

    port: LuckyBoxView

    def __init__(self, port: LuckyBoxView) -> None:
        super().__init__(port)
        self._empty: dict[tuple[str, float], pygame.Surface] = {}

    def _faded(self, sprite: str, token: pygame.Surface) -> pygame.Surface:
        key = (sprite, gfx.render_scale())
        if key not in self._empty:
            faded = token.copy()
            faded.set_alpha(EMPTY_PILE_ALPHA)
            self._empty[key] = faded
        return self._empty[key]

    def center(self, token: str) -> tuple[float, float]:
        region = "lightning_pile" if token == "lightning" else "moon_pile"
        return self.ctx.layout.region(region).center

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        p = self.port.seen.players[self.port.focus]
        for region, sprite, attr, label in self.PILES:
            count = getattr(p, attr)
            area = ctx.layout.region(region)
            token = ctx.assets.get(sprite, (44, 44))
            if count == 0:  # an empty pile still shows what it holds, faded
                surface.blit(self._faded(sprite, token), (area.x + 10, area.y + 30))
            for i in range(min(count, 5)):
                surface.blit(token, (area.x + 10 + i * 6, area.y + 30 - i * 4))
            ctx.text.blit_centered(
                surface, str(count), 40, YELLOW, (area.right - 28, area.y + 48), outline=INK, px=2
            )
            ctx.text.blit_centered(surface, label(), 20, WHITE, (area.centerx, area.bottom - 12))


class ScoreCard(Part):
    """The focused player's scorecard: stars per round and the points so far."""

    region = "scorecard"
    port: LuckyBoxView

    def star_slot(self, round_index: int, slot: int) -> tuple[float, float]:
        area = self.rect
        return (area.x + STAR_SLOT_X + slot * STAR_SLOT_DX, area.y + ROW_Y + round_index * ROW_DY)

    def __init__(self, port: LuckyBoxView) -> None:
        super().__init__(port)
        self._snap = Snapshot()

    def forget_kept(self) -> None:
        """Draw afresh next frame, nothing kept blitted back: the same picture, for a reader
        of what a frame draws (a test recording its texts)."""
        self._snap.forget()

    def draw(self, surface: pygame.Surface) -> None:
        ctx, port = self.ctx, self.port
        area = self.rect
        p = port.seen.players[port.focus]
        # Over the static layer's scorecard panel alone: kept and blitted back until it changes.
        key = (
            tuple(area),
            tuple(p.stars),
            tuple(p.card_points),
            tuple(p.star_points),
            port.seen.round,
            port.state.phase == OVER,
            language(),
            ctx.text.scale,
            surface.get_size(),
        )
        if self._snap.reuse(surface, key):
            return
        self._draw(surface)
        self._snap.keep(surface, key, pygame.Rect(area))

    def _draw(self, surface: pygame.Surface) -> None:
        ctx, port = self.ctx, self.port
        area = self.rect
        p = port.seen.players[port.focus]
        ctx.text.blit_centered(
            surface,
            t("luckybox.table.scorecard", "SCORECARD"),
            22,
            INK,
            (area.centerx, area.y + 14),
        )
        empty = ctx.assets.get("star_slot_empty", (26, 26))
        full = ctx.assets.get("star_slot_filled", (26, 26))
        for r in range(ROUNDS):
            y = area.y + ROW_Y + r * ROW_DY
            current = r == port.seen.round - 1
            colour = (200, 40, 110) if current else INK
            ctx.text.blit_centered(
                surface,
                t("luckybox.table.round_short", "R{n}", n=r + 1),
                22,
                colour,
                (area.x + 24, y),
            )
            for slot in range(STAR_SLOTS):
                img = full if p.stars[r] > slot else empty
                surface.blit(img, img.get_rect(center=self.star_slot(r, slot)))
            done = r < port.seen.round - 1 or port.state.phase == OVER
            text = f"{p.card_points[r]}+{p.star_points[r]}" if done else "-"
            ctx.text.blit_centered(surface, text, 22, colour, (area.x + 200, y))
        total = sum(p.card_points) + sum(p.star_points)
        ctx.text.blit_centered(
            surface,
            t("luckybox.table.so_far", "So far: {total}", total=total),
            22,
            INK,
            (area.centerx, area.bottom - 14),
        )


class Message(Part):
    """The last refusal, question or hint, in one line; while the chosen Lightning square
    is hidden (`spend_hidden`: under the open move log, or another player's cards kept large),
    how to reach its Spend instead."""

    region = "message"
    port: LuckyBoxView

    def __init__(
        self, port: LuckyBoxView, spend_hidden: Callable[[], Cover | None] = lambda: None
    ) -> None:
        super().__init__(port)
        self.spend_hidden = spend_hidden

    def line(self) -> str:
        under = self.spend_hidden()
        if under == "log":
            return t(
                "luckybox.table.spend_under_log",
                "Your chosen square is under the move log: press M to close it, then Spend.",
            )
        if under == "zoom":
            return t(
                "luckybox.table.spend_under_zoom",
                "Your chosen square is under the cards shown large: click them to put them "
                "away, then Spend.",
            )
        return self.port.message

    def draw(self, surface: pygame.Surface) -> None:
        text = self.line()
        if not text:
            return
        ctx = self.ctx
        area = self.rect
        size = ctx.text.fit_size(text, 26, area.w - 24)
        draw_panel(surface, area, colour=(90, 30, 70), radius=12, border=2, shadow=3)
        ctx.text.blit_centered(surface, text, size, WHITE, area.center)


def static_layer(ctx: Any, view: pygame.Rect) -> pygame.Surface:
    """The background and the fixed panels' frames, drawn once: most of each frame. It covers
    `view` (all the window shows), to be blitted at its top-left."""
    # Opaque, in the screen's format: the table picture has no transparent pixel, and a layer
    # with per-pixel alpha would make each frame's blit a blend of the whole screen.
    layer = gfx.layer(view, LOGICAL_SIZE)
    layer.blit(ctx.assets.get("table", view.size), view.topleft)
    layout = ctx.layout
    for region in ("player_banner", "pending_queue"):
        draw_panel(layer, layout.region(region), colour=PANEL, radius=14, border=3, shadow=4)
    for region in ("lightning_pile", "moon_pile"):
        draw_panel(layer, layout.region(region), colour=PANEL, radius=12, border=2, shadow=3)
    draw_panel(
        layer, layout.region("scorecard"), colour=(250, 244, 230), radius=12, border=3, shadow=4
    )
    return layer
