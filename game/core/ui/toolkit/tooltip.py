"""Tooltips: hold the mouse still on a thing (about half a second) to read what it does and what
it is worth.

A scene keeps one `TooltipLayer` and gives it providers: functions from a mouse position to a
`Tip` (the rect pointed at and its text) or None. The layer watches the mouse through
`handle_event` (it never uses an event up), counts the stillness in `update`, and `draw`s the
tip on top: inside the screen, never over the thing pointed at. A move off that thing, a click,
a key or the wheel puts it away. Every `UIScene` has one that knows its buttons' `tooltip`s;
other scenes (the tables) make their own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.text import TextCache

DELAY = 0.5  # seconds the mouse stays still before a tip shows
FADE = 0.12  # seconds a tip takes to fade in
WIDTH = 330  # px: the widest a tip grows before its text wraps
GAP = 10  # px between the thing pointed at and its tip
MARGIN = 4  # px kept clear at the screen's edges
SCREEN = pygame.Rect(0, 0, 1280, 720)
BODY, TITLE = 20, 23  # text sizes
BACK, EDGE, INK_TEXT, TITLE_TEXT = (28, 12, 56), (255, 222, 40), (240, 236, 250), (255, 222, 40)


@dataclass(frozen=True)
class Tip:
    """A tip for the thing at `rect`: an optional title line, then the text."""

    rect: pygame.FRect
    text: str
    title: str = ""


Provider = Callable[[tuple[float, float]], "Tip | None"]


class Tipped(Protocol):
    """A widget as `widget_tips` reads it (its `tooltip`, when it has one, by getattr)."""

    visible: bool
    rect: pygame.FRect


Text = str | Callable[[], str]


def text_of(value: Text | None) -> str:
    """A tooltip text given as a string or as a callable asked now (the current language)."""
    if value is None:
        return ""
    return value() if callable(value) else value


class TooltipLayer:
    """Finds, times, places and draws one tip at a time for a scene."""

    def __init__(self, delay: float = DELAY) -> None:
        self.delay = delay
        self.providers: list[Provider] = []
        self.pos: tuple[float, float] | None = None
        self.still = 0.0  # seconds the mouse has not moved
        self.tip: Tip | None = None
        self.looked = False  # the providers were asked at this resting place
        self.suppressed = False  # a click or key put the tip away: wait for the next move
        self.age = 0.0  # seconds the tip has shown (it fades in)
        # How strongly the tip was last drawn: its scene draws until this is full (the frame
        # that ends the fade must be drawn too, or the tip would stay half see-through).
        self.drawn_alpha = 0
        # Other things the tip should rather not cover (the focus ring's tip: the neighbouring
        # buttons of a menu, whose labels a tip below the focused one hid).
        self.avoid: list[pygame.FRect] = []
        # What a tip must never cover while any other place is left (an end screen's line
        # to share): tried after `avoid` gives no free place.
        self.keep: list[pygame.FRect] = []
        self.placed: pygame.Rect | None = None  # where the tip was last drawn (for tests)
        # (tip, (text scale, render scale, screen), where, image)
        self._image: tuple[Tip, tuple[object, ...], pygame.Rect, pygame.Surface] | None = None

    def add(self, provider: Provider) -> Provider:
        self.providers.append(provider)
        return provider

    # ------------------------------------------------------------ input and time

    def handle_event(self, event: pygame.event.Event) -> None:
        """Watch the mouse (never uses the event up)."""
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            pos: Any = getattr(event, "pos", None)  # whatever was posted: checked by unpacking
            try:
                x, y = pos
            except (TypeError, ValueError):
                return
            self.pos = (float(x), float(y))
            self.still = 0.0
            self.looked = False
            self.suppressed = False
            if self.tip is not None and not self.tip.rect.collidepoint(self.pos):
                self.tip = None
        elif kind in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEWHEEL):
            self.hide()
            self.suppressed = True
        elif kind in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.hide()
            self.pos = None

    def update(self, dt: float) -> None:
        if self.tip is not None:
            self.age += dt
            return
        if self.pos is None or self.suppressed or self.looked:
            return
        self.still += dt
        if self.still >= self.delay:
            self.looked = True  # ask once per resting place, not every frame
            self.tip = self.find(self.pos)
            self.age = 0.0
            self.drawn_alpha = 0

    def find(self, pos: tuple[float, float]) -> Tip | None:
        """The first provider's tip for `pos` (an empty text is no tip)."""
        for provider in self.providers:
            tip = provider(pos)
            if tip is not None and (tip.text or tip.title):
                return tip
        return None

    def hide(self) -> None:
        self.tip = None
        self.still = 0.0

    def reset(self) -> None:
        """Forget the mouse (the scene lost input)."""
        self.hide()
        self.pos = None

    # ------------------------------------------------------------ drawing

    def box(
        self, tip: Tip, text: TextCache, screen: pygame.Rect = SCREEN
    ) -> tuple[pygame.Rect, list[str]]:
        """Where the tip goes and its body's lines: below the thing, else above, right, left
        (clear of `avoid` if one is); always inside `screen` (all the window shows) and never
        over the thing pointed at."""
        lines = text.wrap(tip.text, BODY, WIDTH - 24) if tip.text else []
        widths = [text.font(BODY).size(line)[0] for line in lines]
        if tip.title:
            widths.append(text.font(TITLE).size(tip.title)[0])
        w = min(screen.w - 2 * MARGIN, max(widths, default=40) + 24)
        body_h, title_h = text.font(BODY).get_linesize(), text.font(TITLE).get_linesize()
        h = 16 + len(lines) * body_h + (title_h + 2 if tip.title else 0)
        target = pygame.Rect(tip.rect)
        area = screen.inflate(-2 * MARGIN, -2 * MARGIN)
        below = pygame.Rect(0, 0, w, h)
        below.midtop = (target.centerx, target.bottom + GAP)
        above = below.copy()
        above.midbottom = (target.centerx, target.top - GAP)
        right = pygame.Rect(0, 0, w, h)
        right.midleft = (target.right + GAP, target.centery)
        left = right.copy()
        left.midright = (target.left - GAP, target.centery)
        places = [place.clamp(area) for place in (below, above, right, left)]
        for fitted in places:
            if not fitted.colliderect(target) and not any(
                fitted.colliderect(other) for other in self.avoid
            ):
                return fitted, lines
        if self.keep:  # no free place: above what must stay readable, then anywhere beside it
            lifted = above.copy()
            lifted.bottom = min(k.top for k in self.keep) - GAP
            places.insert(0, lifted.clamp(area))
        for fitted in places:
            if not fitted.colliderect(target) and not any(fitted.colliderect(k) for k in self.keep):
                return fitted, lines
        for fitted in places:
            if not fitted.colliderect(target):
                return fitted, lines
        # A thing too big to go round: the screen corner farthest from it.
        corner = below.clamp(area)
        corner.bottom = area.bottom if target.centery < area.centery else area.top + h
        corner.right = area.right if target.centerx < area.centerx else area.left + w
        return corner, lines

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        tip = self.tip
        if tip is None:
            return
        cached = self._image
        screen = gfx.view(surface)  # a wide or tall window shows more than 1280x720
        scale = (getattr(text, "scale", 1.0), gfx.render_scale(), tuple(screen))
        if cached is None or cached[0] is not tip or cached[1] != scale:
            rect, image = self._compose(tip, text, screen)
            self._image = (tip, scale, rect, image)
        else:
            rect, image = cached[2], cached[3]
        self.drawn_alpha = round(255 * min(1.0, self.age / FADE))
        image.set_alpha(self.drawn_alpha)
        surface.blit(image, rect.topleft)
        self.placed = rect

    def _compose(
        self, tip: Tip, text: TextCache, screen: pygame.Rect
    ) -> tuple[pygame.Rect, pygame.Surface]:
        """The tip drawn once, shadow and all: (where it goes, its picture)."""
        box, lines = self.box(tip, text, screen)
        image = gfx.Surface((box.w + 3, box.h + 4), pygame.SRCALPHA)
        rect = pygame.Rect(0, 0, box.w, box.h)
        gfx.rect(image, (8, 2, 20), rect.move(3, 4), border_radius=10)
        gfx.rect(image, EDGE, rect, border_radius=10)
        gfx.rect(image, BACK, rect.inflate(-4, -4), border_radius=8)
        y = 8
        if tip.title:
            image.blit(text.render(tip.title, TITLE, TITLE_TEXT), (12, y))
            y += text.font(TITLE).get_linesize() + 2
        for line in lines:
            image.blit(text.render(line, BODY, INK_TEXT), (12, y))
            y += text.font(BODY).get_linesize()
        return box, image


def widget_tips(widgets: Callable[[], Mapping[str, Tipped]]) -> Provider:
    """A provider for a scene's visible widgets that carry a `tooltip` (a string or a callable):
    `widgets()` gives the name -> widget mapping."""

    def provide(pos: tuple[float, float]) -> Tip | None:
        for widget in list(widgets().values()):
            tooltip = getattr(widget, "tooltip", None)
            if tooltip and widget.visible and widget.rect.collidepoint(pos):
                return Tip(pygame.FRect(widget.rect), text_of(tooltip))
        return None

    return provide


def overlay_words(ctx: Any) -> list[pygame.FRect]:
    """What the layer over the scenes writes (a guided game's sentence): a tooltip of the
    scene beneath goes elsewhere, as it does for the scene's own headline."""
    overlay = getattr(getattr(ctx, "stack", None), "overlay", None)
    words = getattr(overlay, "words", None)
    return list(words()) if callable(words) else []
