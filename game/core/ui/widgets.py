"""Widgets (buttons, toggles, sliders, text inputs), the drawing style they share, and `UIScene`.

Everything is in logical coordinates: the window is created with pygame.SCALED, so SDL already
maps mouse positions onto the 1280x720 surface. Each widget has:

    handle_event(event) -> bool   True when it used the event
    update(dt)                    animations (button shake, text cursor blink)
    draw(surface, text)           `text` is the shared TextCache

A `UIScene` keeps its widgets in a name -> widget dict, routes events to them and exposes them
(`scene.widget(name)`, `scene.buttons`) so tests and the lead's scenes can find their rects.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from game.core.ui.scene import Scene
from game.core.ui.text import TextCache

if TYPE_CHECKING:
    from game.core.ui.context import Context

RGB = tuple[int, int, int]

# The sprite generator's palette, so drawn widgets match the generated art.
INK: RGB = (38, 16, 66)  # outlines and text on paper
SHADOW: RGB = (12, 4, 30)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (255, 247, 226)
PINK: RGB = (255, 62, 156)
ORANGE: RGB = (255, 146, 28)
YELLOW: RGB = (255, 222, 40)
GOLD: RGB = (255, 196, 24)
CYAN: RGB = (48, 214, 255)
BLUE: RGB = (64, 92, 250)
PURPLE: RGB = (150, 80, 250)
GREEN: RGB = (60, 206, 90)
RED: RGB = (240, 56, 72)
GREY: RGB = (150, 140, 172)
TABLE_CENTER: RGB = (92, 40, 160)
TABLE_EDGE: RGB = (14, 6, 34)

#: One colour per seat, in seat order (badges on the setup screen, banners at the table).
PLAYER_COLOURS: tuple[RGB, ...] = (
    PINK, CYAN, YELLOW, GREEN, ORANGE, PURPLE,
    (255, 120, 200), BLUE, (170, 240, 60), (255, 100, 60), (120, 230, 220), (200, 140, 255),
)

CLICK_SOUND = "click"
REFUSE_SOUND = "refuse"

SHAKE_TIME = 0.35  # seconds a refused button wobbles

KEYBOARD_EVENTS = frozenset({pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING})


# ------------------------------------------------------------------- drawing helpers


def mix(a: Sequence[int], b: Sequence[int], k: float) -> RGB:
    """Blend colour a toward b by k (0..1)."""
    return tuple(round(x + (y - x) * k) for x, y in zip(a[:3], b[:3], strict=True))  # type: ignore[return-value]


def lighten(c: Sequence[int], k: float) -> RGB:
    return mix(c, WHITE, k)


def darken(c: Sequence[int], k: float) -> RGB:
    return mix(c, (0, 0, 0), k)


def event_pos(event: pygame.event.Event) -> tuple[float, float] | None:
    """The event's position if it has a sane one (posted or odd events may lack it)."""
    pos = getattr(event, "pos", None)
    try:
        x, y = pos  # type: ignore[misc]
        return float(x), float(y)
    except (TypeError, ValueError):
        return None


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.FRect | pygame.Rect,
    colour: Sequence[int] = PAPER,
    radius: int = 18,
    border: int = 4,
    shadow: int = 8,
) -> None:
    """A rounded panel with a thick ink outline and a hard drop shadow."""
    r = pygame.Rect(rect)
    if shadow:
        pygame.draw.rect(surface, SHADOW, r.move(shadow // 2, shadow), border_radius=radius)
    pygame.draw.rect(surface, INK, r, border_radius=radius)
    pygame.draw.rect(surface, colour, r.inflate(-2 * border, -2 * border),
                     border_radius=max(0, radius - border))


def draw_glossy(
    surface: pygame.Surface,
    rect: pygame.FRect | pygame.Rect,
    colour: Sequence[int],
    radius: int = 14,
    depth: int = 6,
    border: int = 3,
) -> pygame.Rect:
    """A glossy arcade slab: shadow, ink outline, darker side, face, white shine on top.

    `depth` is how far the slab stands up (smaller = pressed). Returns the face rect (for labels).
    """
    r = pygame.Rect(rect)
    body = r.move(0, 6 - depth)  # pressed buttons sink toward their shadow
    body.height -= 6 - depth
    pygame.draw.rect(surface, SHADOW, r.move(0, 6), border_radius=radius)
    pygame.draw.rect(surface, INK, body, border_radius=radius)
    inner = body.inflate(-2 * border, -2 * border)
    rin = max(0, radius - border)
    pygame.draw.rect(surface, darken(colour, 0.28), inner, border_radius=rin)
    face = pygame.Rect(inner.x, inner.y, inner.width, max(1, inner.height - max(2, depth - 1)))
    pygame.draw.rect(surface, colour, face, border_radius=rin)
    shine = pygame.Rect(face.x + 5, face.y + 3, face.width - 10, max(1, face.height * 0.42))
    if shine.width > 4:
        pygame.draw.rect(surface, lighten(colour, 0.45), shine, border_radius=max(0, rin - 3))
    return face


def dim(surface: pygame.Surface, alpha: int = 150, colour: Sequence[int] = SHADOW) -> None:
    """Darken the whole surface (under overlays and dialogs)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*colour[:3], alpha))
    surface.blit(veil, (0, 0))


def draw_backdrop(surface: pygame.Surface, assets: Any | None = None) -> None:
    """The table felt: sprites/table.png when present, else a drawn vertical gradient."""
    if assets is not None and assets.has("table"):
        surface.blit(assets.get("table", surface.get_size()), (0, 0))
        return
    w, h = surface.get_size()
    for y in range(0, h, 4):
        k = abs(y - h / 2) / (h / 2)
        pygame.draw.rect(surface, mix(TABLE_CENTER, TABLE_EDGE, k * 0.9), (0, y, w, 4))


# ------------------------------------------------------------------- widgets


class Widget:
    """Base widget: a rect that can be hidden or disabled."""

    def __init__(self, rect: pygame.FRect | Sequence[float]) -> None:
        self.rect = pygame.FRect(rect)
        self.visible = True
        self.enabled = True
        #: Called with a sound name ("click", "refuse"); UIScene points it at ctx.play.
        self.on_feedback: Callable[[str], None] | None = None

    def feedback(self, sound: str) -> None:
        if self.on_feedback is not None:
            self.on_feedback(sound)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        pass

    def reset(self) -> None:
        """Forget hover/press/drag state (the scene lost input, e.g. an overlay opened)."""


class Button(Widget):
    """A glossy rounded button. A click is a left press *and* release inside it.

    `key` is an optional keyboard shortcut (a pygame key constant or a tuple of them). A disabled
    button refuses clicks and shortcuts with a short shake. `colour` picks the slab colour.
    """

    def __init__(
        self,
        rect: pygame.FRect | Sequence[float],
        label: str,
        on_click: Callable[[], None],
        enabled: bool = True,
        key: int | tuple[int, ...] | None = None,
        *,
        colour: Sequence[int] = PINK,
        text_size: int = 34,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.keys: tuple[int, ...] = () if key is None else (key,) if isinstance(key, int) else key
        self.colour = tuple(colour)
        self.text_size = text_size
        self.hovered = False
        self.pressed = False
        self.shake = 0.0  # seconds of wobble left
        self.clicks = 0  # how many times it fired (handy in tests)

    def click(self) -> None:
        """Fire as if clicked (respects `enabled`)."""
        if not self.enabled:
            self.refuse()
            return
        self.clicks += 1
        self.feedback(CLICK_SOUND)
        self.on_click()

    def refuse(self) -> None:
        self.shake = SHAKE_TIME
        self.feedback(REFUSE_SOUND)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) in self.keys:
            self.click()
            return True
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        pos = event_pos(event)
        if pos is None:
            return False
        inside = self.rect.collidepoint(pos)
        self.hovered = inside
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and inside:
            if self.enabled:
                self.pressed = True
            else:
                self.refuse()
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and inside:
                self.click()
                return True
        return False

    def update(self, dt: float) -> None:
        self.shake = max(0.0, self.shake - dt)

    def reset(self) -> None:
        self.hovered = self.pressed = False

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        dx = 0
        if self.shake > 0:
            dx = round(math.sin(self.shake * 60) * 7 * self.shake / SHAKE_TIME)
        rect = self.rect.move(dx, 0)
        if not self.enabled:
            colour: Sequence[int] = GREY
        elif self.pressed:
            colour = darken(self.colour, 0.08)
        elif self.hovered:
            colour = lighten(self.colour, 0.18)
        else:
            colour = self.colour
        radius = min(16, int(rect.height) // 3)
        face = draw_glossy(surface, rect, colour, radius=radius, depth=2 if self.pressed else 6)
        size = text.fit_size(self.label, self.text_size, face.width - 16)
        fg = WHITE if self.enabled else (224, 220, 232)
        text.blit_centered(surface, self.label, size, fg, face.center, outline=INK, px=2)


class ButtonRow:
    """Lays out buttons side by side (or stacked) in a rect; `buttons` maps name -> Button.

    `items` are (name, label, on_click) or (name, label, on_click, extra-kwargs) tuples.
    """

    def __init__(
        self,
        rect: pygame.FRect | Sequence[float],
        items: Iterable[tuple],
        gap: float = 16,
        vertical: bool = False,
        **button_kwargs: Any,
    ) -> None:
        from game.core.ui.layout import row_in

        items = list(items)
        self.rect = pygame.FRect(rect)
        self.buttons: dict[str, Button] = {}
        for box, item in zip(row_in(self.rect, len(items), gap, vertical), items, strict=True):
            name, label, on_click, *rest = item
            kwargs = {**button_kwargs, **(rest[0] if rest else {})}
            self.buttons[name] = Button(box, label, on_click, **kwargs)

    def __getitem__(self, name: str) -> Button:
        return self.buttons[name]


class Toggle(Widget):
    """An on/off pill switch; `labels` are the (off, on) captions shown inside it."""

    def __init__(
        self,
        rect: pygame.FRect | Sequence[float],
        value: bool,
        on_change: Callable[[bool], None] | None = None,
        labels: tuple[str, str] = ("Off", "On"),
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

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        r = pygame.Rect(self.rect)
        radius = r.height // 2
        colour = self.colours[1] if self.value else self.colours[0]
        if not self.enabled:
            colour = GREY
        elif self.hovered:
            colour = lighten(colour, 0.15)
        pygame.draw.rect(surface, SHADOW, r.move(0, 4), border_radius=radius)
        pygame.draw.rect(surface, INK, r, border_radius=radius)
        inner = r.inflate(-6, -6)
        pygame.draw.rect(surface, darken(colour, 0.25), inner, border_radius=inner.height // 2)
        face = inner.copy()
        face.height -= 3
        pygame.draw.rect(surface, colour, face, border_radius=face.height // 2)
        knob_r = inner.height // 2 - 2
        kx = inner.right - knob_r - 3 if self.value else inner.left + knob_r + 3
        pygame.draw.circle(surface, INK, (kx, inner.centery), knob_r + 2)
        pygame.draw.circle(surface, PAPER, (kx, inner.centery), knob_r)
        pygame.draw.circle(surface, WHITE, (kx - knob_r // 3, inner.centery - knob_r // 3),
                           max(2, knob_r // 3))
        label = self.labels[1] if self.value else self.labels[0]
        # The caption sits in the half the knob isn't covering.
        span = inner.width - 2 * knob_r - 10
        cx = inner.left + 8 + span / 2 if self.value else inner.right - 8 - span / 2
        size = text.fit_size(label, max(18, int(r.height * 0.62)), span)
        text.blit_centered(surface, label, size, WHITE, (cx, inner.centery), outline=INK, px=2)


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
        pygame.draw.rect(surface, SHADOW, t.inflate(8, 8).move(0, 4), border_radius=11)
        pygame.draw.rect(surface, INK, t.inflate(8, 8), border_radius=11)
        pygame.draw.rect(surface, (70, 48, 110), t, border_radius=7)
        kx = self.x_for(self.value)
        filled = pygame.Rect(t.x, t.y, max(0, round(kx - t.x)), t.height)
        if filled.width:
            pygame.draw.rect(surface, self.colour, filled, border_radius=7)
            shine = pygame.Rect(filled.x + 3, filled.y + 2, max(0, filled.width - 6), 4)
            pygame.draw.rect(surface, lighten(self.colour, 0.5), shine, border_radius=2)
        r = round(self.knob_radius)
        cy = round(self.rect.centery)
        knob = lighten(YELLOW, 0.2) if (self.hovered or self.dragging) else YELLOW
        pygame.draw.circle(surface, SHADOW, (round(kx), cy + 4), r)
        pygame.draw.circle(surface, INK, (round(kx), cy), r)
        pygame.draw.circle(surface, darken(knob, 0.2), (round(kx), cy), r - 3)
        pygame.draw.circle(surface, knob, (round(kx), cy - 2), r - 5)
        pygame.draw.circle(surface, lighten(knob, 0.6), (round(kx) - r // 3, cy - r // 3 - 1),
                           max(2, r // 4))
        if self.fmt is not None:
            label = self.fmt(self.value)
            surf = text.render_outlined(label, 32, WHITE, INK, 2)
            surface.blit(surf, surf.get_rect(midleft=(self.rect.right + 18, self.rect.centery)))


class TextInput(Widget):
    """A one-line text field: click to focus, type (TEXTINPUT events), Backspace to delete.

    Enter, Tab or Esc ends editing (and are swallowed, so they don't trigger scene shortcuts).
    `allowed` limits the characters (e.g. digits for the seed); `max_len` the length.
    """

    def __init__(
        self,
        rect: pygame.FRect | Sequence[float],
        text: str = "",
        max_len: int = 16,
        on_change: Callable[[str], None] | None = None,
        allowed: str | None = None,
        placeholder: str = "",
        text_size: int = 32,
    ) -> None:
        super().__init__(rect)
        self.max_len = max_len
        self.allowed = allowed
        self.text = self._clean(text)
        self.on_change = on_change
        self.placeholder = placeholder
        self.text_size = text_size
        self.focused = False
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
            self._blink = 0.0
            try:  # IME / on-screen keyboards: tell SDL where the text goes
                pygame.key.start_text_input()
                pygame.key.set_text_input_rect(pygame.Rect(self.rect))
            except pygame.error:
                pass

    def blur(self) -> None:
        self.focused = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            pos = event_pos(event)
            if pos is None:
                return False
            if self.rect.collidepoint(pos) and self.enabled:
                self.focus()
                return True
            self.blur()
            return False
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.set_text(self.text + self._clean(getattr(event, "text", "")))
            self._blink = 0.0
            return True
        if event.type == pygame.KEYDOWN:
            key = getattr(event, "key", None)
            if key == pygame.K_BACKSPACE:
                self.set_text(self.text[:-1])
                self._blink = 0.0
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.blur()
            return True  # typing never leaks into scene shortcuts
        return event.type in (pygame.KEYUP, pygame.TEXTEDITING)

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def reset(self) -> None:
        self.blur()

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        r = pygame.Rect(self.rect)
        radius = min(12, r.height // 3)
        pygame.draw.rect(surface, SHADOW, r.move(0, 4), border_radius=radius)
        pygame.draw.rect(surface, YELLOW if self.focused else INK, r.inflate(4, 4) if self.focused
                         else r, border_radius=radius + 2)
        inner = r.inflate(-6, -6)
        pygame.draw.rect(surface, WHITE if self.focused else PAPER, inner,
                         border_radius=max(0, radius - 3))
        pygame.draw.rect(surface, (232, 220, 196), (inner.x + 4, inner.y + 2, inner.width - 8, 4),
                         border_radius=2)  # a sunken lip along the top edge
        shown = self.text or self.placeholder
        colour = INK if self.text else GREY
        size = text.fit_size(shown, self.text_size, inner.width - 22) if shown else self.text_size
        surf = text.render(shown, size, colour) if shown else None
        x = inner.x + 10
        cy = inner.centery + 1
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        if surf is not None:
            surface.blit(surf, surf.get_rect(midleft=(x, cy)))
        if self.focused and self._blink < 0.55:
            cx = x + (surf.get_width() if (surf is not None and self.text) else 0) + 2
            pygame.draw.rect(surface, PINK, (cx, cy - size * 0.35, 3, size * 0.7))
        surface.set_clip(clip)


# ------------------------------------------------------------------- scenes with widgets

W = TypeVar("W", bound=Widget)


class UIScene(Scene):
    """A scene made of named widgets: routes events to them, updates and draws them.

    Subclasses add widgets in `__init__` with `self.add(name, widget)` and override
    `handle_event` as `if self.dispatch(event): return` followed by their own keys.
    Keyboard events go to the focused text field first, then to the widgets in order (button
    shortcuts); mouse events go to every visible widget so hover and focus stay right.
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.widgets: dict[str, Widget] = {}
        self.time = 0.0  # seconds since enter, for idle animations

    def add(self, name: str, widget: W) -> W:
        widget.on_feedback = self._feedback
        self.widgets[name] = widget
        return widget

    def add_row(self, row: ButtonRow) -> ButtonRow:
        for name, button in row.buttons.items():
            self.add(name, button)
        return row

    def widget(self, name: str) -> Widget:
        """The named widget (KeyError names it)."""
        return self.widgets[name]

    @property
    def buttons(self) -> dict[str, Button]:
        return {n: w for n, w in self.widgets.items() if isinstance(w, Button)}

    def _feedback(self, sound: str) -> None:
        self.ctx.play(sound)

    def focused(self) -> TextInput | None:
        for w in self.widgets.values():
            if isinstance(w, TextInput) and w.focused and w.visible:
                return w
        return None

    def dispatch(self, event: pygame.event.Event) -> bool:
        """Offer the event to the widgets; True when one used it."""
        live = [w for w in self.widgets.values() if w.visible]
        if event.type in KEYBOARD_EVENTS:
            field_ = self.focused()
            if field_ is not None and field_.handle_event(event):
                return True
            return any(w.handle_event(event) for w in live if w is not field_)
        used = False
        for w in live:  # a snapshot: callbacks may hide, show or add widgets
            used = w.handle_event(event) or used
        return used

    def handle_event(self, event: pygame.event.Event) -> None:
        self.dispatch(event)

    def update(self, dt: float) -> None:
        self.time += dt
        for w in list(self.widgets.values()):
            w.update(dt)

    def draw_widgets(self, surface: pygame.Surface) -> None:
        for w in self.widgets.values():
            if w.visible:
                w.draw(surface, self.ctx.text)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_widgets(surface)

    def pause(self) -> None:
        # The overlay takes the mouse: don't leave a button stuck hovered or pressed beneath it.
        for w in self.widgets.values():
            w.reset()

    def exit(self) -> None:
        for w in self.widgets.values():
            w.reset()
