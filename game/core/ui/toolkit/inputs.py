"""Input widgets: a toggle, a slider, a choice of a few and a one-line text input (see
`widgets` for the style they share and for `Button`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.core.i18n import lt
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.clipboard import clipboard_text
from game.core.ui.toolkit.paint import (
    CYAN,
    GREEN,
    GREY,
    INK,
    PAPER,
    PINK,
    SHADOW,
    WHITE,
    YELLOW,
    darken,
    lighten,
)
from game.core.ui.toolkit.text import TextCache
from game.core.ui.toolkit.widgets import CLICK_SOUND, REFUSE_SOUND, Widget, event_pos

SELECTION = (164, 214, 255)  # behind selected text: the usual light blue of a text selection


class Toggle(Widget):
    """An on/off pill switch; `labels` are the (off, on) captions shown inside it (texts, or
    callables asked when drawn so a change of language shows at once)."""

    def __init__(
        self,
        rect: pygame.FRect | Sequence[float],
        value: bool,
        on_change: Callable[[bool], None] | None = None,
        labels: tuple[str | Callable[[], str], str | Callable[[], str]] = (
            lt("common.off", "Off"),
            lt("common.on", "On"),
        ),
        colours: tuple[Sequence[int], Sequence[int]] = (GREY, GREEN),
    ) -> None:
        super().__init__(rect)
        self.value = value
        self.on_change = on_change
        self.labels = labels
        self.colours = colours
        self.hovered = False
        self._armed = False

    def set(self, value: bool) -> None:
        if value != self.value:
            self.value = value
            self.feedback(CLICK_SOUND)
            if self.on_change is not None:
                self.on_change(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        pos = event_pos(event)
        if pos is None:
            return False
        inside = self.rect.collidepoint(pos)
        self.hovered = inside
        if getattr(event, "button", 1) != 1:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and inside:
            self._armed = self.enabled
            if not self.enabled:
                self.feedback(REFUSE_SOUND)
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            armed, self._armed = self._armed, False
            if armed and inside:
                self.set(not self.value)
                return True
        return False

    def reset(self) -> None:
        self.hovered = self._armed = False

    #: px between the caption and the knob (its ink), so a long word never runs into it.
    CAPTION_GAP = 6

    def knob(self) -> tuple[tuple[int, int], int]:
        """The knob's centre and radius (its ink ring is 2 px wider)."""
        inner = pygame.Rect(self.rect).inflate(-6, -6)
        knob_r = inner.height // 2 - 2
        kx = inner.right - knob_r - 3 if self.value else inner.left + knob_r + 3
        return (kx, inner.centery), knob_r

    def knob_rect(self) -> pygame.Rect:
        """The knob with its ink ring."""
        (kx, ky), knob_r = self.knob()
        ring = knob_r + 2
        return pygame.Rect(kx - ring, ky - ring, 2 * ring, 2 * ring)

    def caption_box(self) -> pygame.Rect:
        """Where the caption fits: the half of the pill the knob isn't covering, kept
        `CAPTION_GAP` clear of the knob."""
        inner = pygame.Rect(self.rect).inflate(-6, -6)
        knob = self.knob_rect()
        if self.value:  # the knob on the right
            left, right = inner.left + 8, knob.left - self.CAPTION_GAP
        else:
            left, right = knob.right + self.CAPTION_GAP, inner.right - 8
        return pygame.Rect(left, inner.top, max(0, right - left), inner.height)

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        r = pygame.Rect(self.rect)
        radius = r.height // 2
        colour = self.colours[1] if self.value else self.colours[0]
        if not self.enabled:
            colour = GREY
        elif self.hovered:
            colour = lighten(colour, 0.15)
        gfx.rect(surface, SHADOW, r.move(0, 4), border_radius=radius)
        gfx.rect(surface, INK, r, border_radius=radius)
        inner = r.inflate(-6, -6)
        gfx.rect(surface, darken(colour, 0.25), inner, border_radius=inner.height // 2)
        face = inner.copy()
        face.height -= 3
        gfx.rect(surface, colour, face, border_radius=face.height // 2)
        (kx, ky), knob_r = self.knob()
        gfx.circle(surface, INK, (kx, ky), knob_r + 2)
        gfx.circle(surface, PAPER, (kx, ky), knob_r)
        gfx.circle(surface, WHITE, (kx - knob_r // 3, ky - knob_r // 3), max(2, knob_r // 3))
        label = self.labels[1] if self.value else self.labels[0]
        label = label() if callable(label) else label
        box = self.caption_box()
        # Fitted to the box less the outline's 2 px each side: the ink stays inside it.
        size = text.fit_size(label, max(18, int(r.height * 0.62)), box.width - 4)
        text.blit_centered(surface, label, size, WHITE, box.center, outline=INK, px=2)


class Slider(Widget):
    """A horizontal slider from `lo` to `hi` (snapped to `step` if given). Click or drag."""

    def __init__(
        self,
        rect: pygame.FRect | Sequence[float],
        value: float,
        on_change: Callable[[float], None] | None = None,
        lo: float = 0.0,
        hi: float = 1.0,
        step: float | None = None,
        fmt: Callable[[float], str] | None = None,
        colour: Sequence[int] = CYAN,
    ) -> None:
        super().__init__(rect)
        self.lo, self.hi, self.step = lo, hi, step
        self.value = self._snap(value)
        self.on_change = on_change
        self.fmt = fmt
        self.colour = colour
        self.dragging = False
        self.hovered = False

    @property
    def knob_radius(self) -> float:
        return self.rect.height / 2

    @property
    def track(self) -> pygame.FRect:
        """The line the knob's centre runs along (inset so the knob stays inside the rect)."""
        r = self.knob_radius
        return pygame.FRect(self.rect.x + r, self.rect.centery - 7, self.rect.width - 2 * r, 14)

    def _snap(self, value: float) -> float:
        value = min(max(value, self.lo), self.hi)
        if self.step:
            value = self.lo + round((value - self.lo) / self.step) * self.step
            value = min(max(round(value, 6), self.lo), self.hi)
        return value

    def x_for(self, value: float) -> float:
        """Logical x of the knob for `value` (tests click here)."""
        t = self.track
        span = self.hi - self.lo or 1.0
        return t.x + (value - self.lo) / span * t.width

    def value_at(self, x: float) -> float:
        t = self.track
        k = (x - t.x) / t.width if t.width else 0.0
        return self._snap(self.lo + k * (self.hi - self.lo))

    def set(self, value: float) -> None:
        value = self._snap(value)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.hovered and self.enabled:
            nudge = self.step or (self.hi - self.lo) / 20
            key = getattr(event, "key", None)
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.set(self.value + (nudge if key == pygame.K_RIGHT else -nudge))
                return True
            return False
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        pos = event_pos(event)
        if pos is None:
            return False
        grab = self.rect.inflate(8, 12)  # a little forgiving: the knob is small
        self.hovered = grab.collidepoint(pos)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if self.hovered and self.enabled:
                self.dragging = True
                self.set(self.value_at(pos[0]))
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.set(self.value_at(pos[0]))
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            self.set(self.value_at(pos[0]))
            self.feedback(CLICK_SOUND)
            return True
        return False

    def reset(self) -> None:
        self.dragging = self.hovered = False

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        t = pygame.Rect(self.track)
        gfx.rect(surface, SHADOW, t.inflate(8, 8).move(0, 4), border_radius=11)
        gfx.rect(surface, INK, t.inflate(8, 8), border_radius=11)
        gfx.rect(surface, (70, 48, 110), t, border_radius=7)
        kx = self.x_for(self.value)
        filled = pygame.Rect(t.x, t.y, max(0, round(kx - t.x)), t.height)
        if filled.width:
            gfx.rect(surface, self.colour, filled, border_radius=7)
            shine = pygame.Rect(filled.x + 3, filled.y + 2, max(0, filled.width - 6), 4)
            gfx.rect(surface, lighten(self.colour, 0.5), shine, border_radius=2)
        r = round(self.knob_radius)
        cy = round(self.rect.centery)
        knob = lighten(YELLOW, 0.2) if (self.hovered or self.dragging) else YELLOW
        gfx.circle(surface, SHADOW, (round(kx), cy + 4), r)
        gfx.circle(surface, INK, (round(kx), cy), r)
        gfx.circle(surface, darken(knob, 0.2), (round(kx), cy), r - 3)
        gfx.circle(surface, knob, (round(kx), cy - 2), r - 5)
        gfx.circle(
            surface, lighten(knob, 0.6), (round(kx) - r // 3, cy - r // 3 - 1), max(2, r // 4)
        )
        if self.fmt is not None:
            label = self.fmt(self.value)
            surf = text.render_outlined(label, 32, WHITE, INK, 2)
            surface.blit(surf, surf.get_rect(midleft=(self.rect.right + 18, self.rect.centery)))


class Choice(Widget):
    """A segmented control: one of `options` (value, caption) is chosen; click another to pick it.

    Captions are callables so a change of language shows at once.
    """

    def __init__(
        self,
        rect: pygame.FRect | Sequence[float],
        options: Sequence[tuple[str, Callable[[], str]]],
        value: str,
        on_change: Callable[[str], None] | None = None,
        colour: Sequence[int] = GREEN,
    ) -> None:
        super().__init__(rect)
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.colour = colour
        self.hovered: int | None = None

    def segment(self, index: int) -> pygame.FRect:
        """The rect of option `index` (tests click its centre)."""
        w = self.rect.width / max(1, len(self.options))
        return pygame.FRect(self.rect.x + index * w, self.rect.y, w, self.rect.height)

    def index_at(self, pos: Sequence[float]) -> int | None:
        for i in range(len(self.options)):
            if self.segment(i).collidepoint(pos):
                return i
        return None

    def set(self, value: str) -> None:
        if value != self.value and value in (v for v, _ in self.options):
            self.value = value
            self.feedback(CLICK_SOUND)
            if self.on_change is not None:
                self.on_change(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            return False
        pos = event_pos(event)
        if pos is None:
            return False
        self.hovered = self.index_at(pos)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if self.hovered is None:
                return False
            if not self.enabled:
                self.feedback(REFUSE_SOUND)
            else:
                self.set(self.options[self.hovered][0])
            return True
        return False

    def reset(self) -> None:
        self.hovered = None

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        r = pygame.Rect(self.rect)
        gfx.rect(surface, SHADOW, r.move(0, 4), border_radius=14)
        gfx.rect(surface, INK, r, border_radius=14)
        for i, (value, caption) in enumerate(self.options):
            seg = pygame.Rect(self.segment(i)).inflate(-6, -6)
            chosen = value == self.value
            colour = self.colour if chosen else (70, 48, 110)
            if self.hovered == i and not chosen:
                colour = lighten(colour, 0.2)
            gfx.rect(surface, colour, seg, border_radius=10)
            label = caption()
            size = text.fit_size(label, max(16, int(r.height * 0.5)), seg.width - 10)
            text.blit_centered(
                surface, label, size, WHITE if chosen else PAPER, seg.center, outline=INK, px=2
            )


class TextInput(Widget):
    """A one-line text field: click to focus, type (TEXTINPUT events), Backspace to delete.

    Focusing selects the whole text (shown highlighted), so typing replaces a default name as
    players expect; a second click, or Left/Right/Home/End, keeps it and puts the caret at the
    end; Ctrl+A selects all again.
    Ctrl+V (Cmd+V, Shift+Insert) pastes the clipboard's first line, as if typed.
    Enter, Tab or Esc ends editing (and are swallowed, so they don't trigger scene shortcuts);
    with `on_enter`, Enter also calls it (a form whose fields are all it asks: Join a table).
    `allowed` limits the characters (e.g. digits for the seed); `max_len` the length.
    """

    takes_text = True

    def __init__(
        self,
        rect: pygame.FRect | Sequence[float],
        text: str = "",
        max_len: int = 16,
        on_change: Callable[[str], None] | None = None,
        allowed: str | None = None,
        placeholder: str | Callable[[], str] = "",
        text_size: int = 32,
        on_enter: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(rect)
        self.on_enter = on_enter
        self.max_len = max_len
        self.allowed = allowed
        self.text = self._clean(text)
        self.on_change = on_change
        self.placeholder = placeholder
        self.text_size = text_size
        self.focused = False
        self.selected = False  # the whole text is selected: typing replaces it
        self._blink = 0.0

    def _clean(self, s: str) -> str:
        s = "".join(ch for ch in s if ch.isprintable())
        if self.allowed is not None:
            s = "".join(ch for ch in s if ch in self.allowed)
        return s

    def set_text(self, value: str) -> None:
        value = self._clean(value)[: self.max_len]
        if value != self.text:
            self.text = value
            if self.on_change is not None:
                self.on_change(value)

    def focus(self) -> None:
        if not self.focused:
            self.focused = True
            self.selected = bool(self.text)
            self._blink = 0.0
            try:  # IME / on-screen keyboards: tell SDL where the text goes
                pygame.key.start_text_input()
                pygame.key.set_text_input_rect(pygame.Rect(self.rect))
            except pygame.error:
                pass

    def blur(self) -> None:
        self.focused = False
        self.selected = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            pos = event_pos(event)
            if pos is None:
                return False
            if self.rect.collidepoint(pos) and self.enabled:
                if self.focused:
                    self.selected = False  # a second click: edit the end of the text
                self.focus()
                return True
            self.blur()
            return False
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self._type(getattr(event, "text", ""))
            return True
        if event.type == pygame.KEYDOWN:
            key = getattr(event, "key", None)
            mod = getattr(event, "mod", 0) or 0
            if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                if self.selected:
                    self.set_text("")
                elif key == pygame.K_BACKSPACE:
                    self.set_text(self.text[:-1])
                self.selected = False
                self._blink = 0.0
            elif key == pygame.K_a and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.selected = bool(self.text)
            elif (key == pygame.K_v and mod & (pygame.KMOD_CTRL | pygame.KMOD_META)) or (
                key == pygame.K_INSERT and mod & pygame.KMOD_SHIFT
            ):
                pasted = clipboard_text().strip().splitlines()
                self._type(pasted[0] if pasted else "")
            elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.selected = False
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.blur()
                if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_enter is not None:
                    self.on_enter()
            return True  # typing never leaks into scene shortcuts
        return event.type in (pygame.KEYUP, pygame.TEXTEDITING)

    def _type(self, text: str) -> None:
        """Typed (or pasted) text: in place of the selected text, else after the text."""
        typed = self._clean(text)
        if typed:
            self.set_text(("" if self.selected else self.text) + typed)
            self.selected = False
        self._blink = 0.0

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def reset(self) -> None:
        self.blur()

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        r = pygame.Rect(self.rect)
        radius = min(12, r.height // 3)
        gfx.rect(surface, SHADOW, r.move(0, 4), border_radius=radius)
        gfx.rect(
            surface,
            YELLOW if self.focused else INK,
            r.inflate(4, 4) if self.focused else r,
            border_radius=radius + 2,
        )
        inner = r.inflate(-6, -6)
        gfx.rect(surface, WHITE if self.focused else PAPER, inner, border_radius=max(0, radius - 3))
        gfx.rect(
            surface,
            (232, 220, 196),
            (inner.x + 4, inner.y + 2, inner.width - 8, 4),
            border_radius=2,
        )  # a sunken lip along the top edge
        placeholder = self.placeholder() if callable(self.placeholder) else self.placeholder
        shown = self.text or placeholder
        colour = INK if self.text else GREY
        size = text.fit_size(shown, self.text_size, inner.width - 22) if shown else self.text_size
        surf = text.render(shown, size, colour) if shown else None
        x = inner.x + 10
        cy = inner.centery + 1
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        if surf is not None:
            where = surf.get_rect(midleft=(x, cy))
            if self.focused and self.selected and self.text:
                gfx.rect(surface, SELECTION, where.inflate(6, 2), border_radius=4)
            surface.blit(surf, where)
        if self.focused and not self.selected and self._blink < 0.55:
            cx = x + (surf.get_width() if (surf is not None and self.text) else 0) + 2
            gfx.rect(surface, PINK, (cx, cy - size * 0.35, 3, size * 0.7))
        surface.set_clip(clip)
