"""How to play: a game's illustrated pages, one at a time, with page dots.

Each game gives its pages through the route "<game>.howto_pages" (a list of `Page`): a short
title, one or two sentences, and a drawing made with that game's own card renderer. Pages turn
by the arrow buttons, a click on a dot, the arrow keys (and Page Up / Page Down) or the mouse
wheel; Esc (or Back) goes back to where the player came from. When the game offers a guided
first game (route "<game>.guided"), a button starts it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import lt, t
from game.core.ui.scene import UIScene
from game.core.ui.toolkit import gfx, motion
from game.core.ui.toolkit.paint import (
    CYAN,
    GREEN,
    INK,
    ORANGE,
    PURPLE,
    WHITE,
    YELLOW,
    draw_backdrop,
    draw_panel,
)
from game.core.ui.toolkit.tween import Tween, ease_out_back
from game.core.ui.toolkit.widgets import Button

if TYPE_CHECKING:
    from game.core.ui.context import Context
    from game.core.ui.toolkit.sketch import Pictures
    from game.core.ui.toolkit.text import TextCache

#: Where a page's drawing goes; its title sits above, its sentences below.
ART = pygame.FRect(150, 118, 980, 400)
TEXT_TOP = 538
TEXT_WIDTH = 1000
DOTS_Y = 628
ARROW_W, ARROW_H = 84, 120


@dataclass(frozen=True)
class Page:
    """One page: `title()` and `body()` are called when drawn (so the language can change),
    `draw(surface, rect, ctx, time)` paints the illustration inside `rect`."""

    key: str
    title: Callable[[], str]
    body: Callable[[], str]
    draw: Callable[[pygame.Surface, pygame.FRect, Pictures, float], None]


def body_lines(text: TextCache, words: str) -> tuple[int, list[str]]:
    """A page's sentences in at most three lines: at 30 px, or smaller for longer languages."""
    for size in (30, 28, 26, 24):
        lines = text.wrap(words, size, TEXT_WIDTH)
        if len(lines) <= 3:
            return size, lines
    return 24, text.wrap(words, 24, TEXT_WIDTH)[:4]


class HowToScene(UIScene):
    """The pages of one game. Widgets: "prev", "next", "back" and, when offered, "guided"."""

    ambient_motion = True  # the pages' illustrations move (drawn from `time`) ...
    marks_ambient = True  # ... inside the art's panel only: such frames are drawn there

    fills_screen = True
    #: The arrows turn pages here, not the keyboard focus (which Tab and Up/Down still move).
    focus_claims = frozenset({pygame.K_LEFT, pygame.K_RIGHT})

    def __init__(self, ctx: Context, game: str | None = None, page: int = 0) -> None:
        super().__init__(ctx)
        game = game or ctx.games[0].id  # the default game's pages
        self.game = game
        self.pages: list[Page] = list(ctx.nav.make(f"{game}.howto_pages"))
        self.index = max(0, min(page, len(self.pages) - 1))
        self.slide = Tween(0.0, 0.0, 0.0)  # the page's sideways offset as it turns
        mid = ART.centery
        self.add(
            "prev",
            Button(
                (ART.x - ARROW_W - 26, mid - ARROW_H / 2, ARROW_W, ARROW_H),
                "<",
                self.previous,
                colour=PURPLE,
                text_size=64,
            ),
        )
        self.add(
            "next",
            Button(
                (ART.right + 26, mid - ARROW_H / 2, ARROW_W, ARROW_H),
                ">",
                self.next,
                colour=PURPLE,
                text_size=64,
            ),
        )
        self.add(
            "back",
            Button(
                (40, 652, 220, 52), "", self.back, key=pygame.K_ESCAPE, colour=ORANGE, text_size=30
            ),
        )
        if ctx.nav.has(f"{game}.guided"):
            self.add(
                "guided",
                Button(
                    (1280 - 40 - 330, 652, 330, 52),
                    "",
                    self.start_guided,
                    colour=GREEN,
                    text_size=30,
                ),
            )
        self._sync()

    # ---------------------------------------------------------------- turning pages

    def go(self, index: int) -> None:
        """Show page `index` (clamped); a turn slides in from the side it comes from."""
        index = max(0, min(index, len(self.pages) - 1))
        if index == self.index:
            self.ctx.play("refuse")
            return
        direction = 1 if index > self.index else -1
        self.index = index
        if motion.reduced():  # the page is simply there
            self.slide = Tween(0.0, 0.0, 0.0)
        else:
            self.slide = Tween(0.28, 140.0 * direction, 0.0, ease_out_back)
        self.ctx.play("click")
        self._sync()

    def next(self) -> None:
        self.go(self.index + 1)

    def previous(self) -> None:
        self.go(self.index - 1)

    def back(self) -> None:
        self.ctx.stack.pop()

    def start_guided(self) -> None:
        """Start the guided game; from the middle of a game, ask first (that game stays saved:
        Continue brings it back, as a guided game is never saved over it)."""
        route = f"{self.game}.guided"
        if not any(getattr(s, "session", None) is not None for s in self.ctx.stack.scenes):
            self.ctx.nav.make(route)
            return
        from game.core.ui.scene import game_kept
        from game.core.ui.screens.dialog import ConfirmDialog

        self.ctx.stack.push(
            ConfirmDialog(
                self.ctx,
                lt(
                    "howto.leave",
                    "Leave this game for a guided game? It is saved: Continue brings it back.",
                )
                if game_kept(self.ctx)
                else lt(
                    "howto.leave_unsaved",
                    "Leave this game for a guided game? It is not saved: Continue will not "
                    "bring it back.",
                ),
                lambda: self.ctx.nav.make(route),
                yes_label=lt("guide.offer_yes", "Guided game"),
                no_label=lt("dialog.no", "No"),
                danger=not game_kept(self.ctx),
            )
        )

    def _sync(self) -> None:
        self.widgets["prev"].enabled = self.index > 0
        self.widgets["next"].enabled = self.index < len(self.pages) - 1

    def dot_rects(self) -> list[pygame.FRect]:
        """The page dots, left to right (a click on one opens that page)."""
        n = len(self.pages)
        gap = 30
        left = 640 - (n - 1) * gap / 2
        return [pygame.FRect(left + i * gap - 11, DOTS_Y - 11, 22, 22) for i in range(n)]

    @property
    def page(self) -> Page:
        return self.pages[self.index]

    # ---------------------------------------------------------------- input

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            key = getattr(event, "key", None)
            if key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_d):
                self.next()
                return
            if key in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_a):
                self.previous()
                return
            if key == pygame.K_HOME:
                self.go(0)
                return
            if key == pygame.K_END:
                self.go(len(self.pages) - 1)
                return
        if event.type == pygame.MOUSEWHEEL:
            # Wheel down (or right, on a touchpad) is the next page, like scrolling a document.
            y, x = getattr(event, "y", 0), getattr(event, "x", 0)
            if y < 0 or x > 0:
                self.next()
            elif y > 0 or x < 0:
                self.previous()
            return
        if self.dispatch(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            pos = getattr(event, "pos", None)
            for i, rect in enumerate(self.dot_rects()):
                if pos is not None and rect.inflate(8, 8).collidepoint(pos):
                    self.go(i)
                    return

    # ---------------------------------------------------------------- frame

    def update(self, dt: float) -> None:
        super().update(dt)
        self.slide.update(self.ctx.anim_dt(dt))

    def needs_redraw(self) -> bool:
        return not self.slide.done or super().needs_redraw()  # a page turning, or as a page

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        text = ctx.text
        draw_backdrop(surface, ctx.assets)
        self.widgets["back"].label = t("howto.back", "Back")  # type: ignore[attr-defined]  # a Button
        if "guided" in self.widgets:
            self.widgets["guided"].label = t(  # type: ignore[attr-defined]  # a Button
                "howto.guided", "Play a guided game"
            )
        heading = t("howto.heading", "How to play")
        text.blit_centered(surface, heading, 26, CYAN, (640, 22), outline=INK, px=2)
        if not self.pages:  # a game with no pages (yet): say so; Back still goes back
            title = ctx.game_ui(self.game).title
            line = t("howto.no_pages", "{game} has no pages here yet.", game=title)
            size = text.fit_size(line, 40, 1100)
            text.blit_centered(surface, line, size, WHITE, (640, 300), outline=INK, px=2)
            self.draw_widgets(surface)
            return
        page = self.page
        dx = self.slide.number
        title = page.title()
        size = text.fit_size(title, 52, 1100)
        text.blit_centered(
            surface, title, size, YELLOW, (640 + dx, 72), outline=INK, px=4, shadow=4
        )
        panel = ART.move(dx, 0)
        draw_panel(
            surface, panel.inflate(24, 20), colour=(60, 28, 108), radius=24, border=4, shadow=8
        )
        clip = surface.get_clip()
        surface.set_clip(panel.inflate(20, 16))
        page.draw(surface, panel, ctx, self.time)
        self.mark_ambient(panel.inflate(20, 16))
        surface.set_clip(clip)
        y = TEXT_TOP + 12
        size, lines = body_lines(text, page.body())
        for line in lines:
            text.blit_centered(surface, line, size, WHITE, (640 + dx, y), outline=INK, px=2)
            y += size + 2
        for i, rect in enumerate(self.dot_rects()):
            current = i == self.index
            gfx.circle(surface, INK, rect.center, 11 if current else 8)
            gfx.circle(
                surface, YELLOW if current else (150, 130, 190), rect.center, 8 if current else 5
            )
        count = t("howto.page_of", "Page {n} of {total}", n=self.index + 1, total=len(self.pages))
        text.blit_centered(surface, count, 22, (206, 190, 240), (640, DOTS_Y + 28))
        self.draw_widgets(surface)
