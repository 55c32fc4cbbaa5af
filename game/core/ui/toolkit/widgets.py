"""Widgets (buttons, toggles, sliders, text inputs); their style is paint.py's.

Everything is in logical coordinates: the window is created with pygame.SCALED, so SDL already
maps mouse positions onto the 1280x720 surface. Each widget has:

    handle_event(event) -> bool   True when it used the event
    update(dt)                    animations (button shake, text cursor blink)
    draw(surface, text)           `text` is the shared TextCache

A scene made of them is a `game.core.ui.scene.UIScene`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame

from game.core.ui.toolkit import gfx, motion
from game.core.ui.toolkit.paint import GREY, INK, PINK, RGB, WHITE, darken, draw_glossy, lighten
from game.core.ui.toolkit.text import Colour, TextCache

CLICK_SOUND = "click"
REFUSE_SOUND = "refuse"

SHAKE_TIME = 0.35  # seconds a refused button wobbles
DISABLED_LABEL: tuple[RGB, RGB] = ((92, 84, 116), (206, 200, 222))  # a disabled label, its rim

KEYBOARD_EVENTS = frozenset({pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING})


# ------------------------------------------------------------------- event positions


def event_pos(event: pygame.event.Event) -> tuple[float, float] | None:
    """The event's position if it has a sane one (posted or odd events may lack it)."""
    pos: Any = getattr(event, "pos", None)  # whatever was posted: checked by unpacking
    try:
        x, y = pos
        return float(x), float(y)
    except (TypeError, ValueError):
        return None


# ------------------------------------------------------------------- widgets


class Widget:
    """Base widget: a rect that can be hidden or disabled."""

    #: A text field (inputs.TextInput): while `focused`, it gets the keyboard before the rest.
    takes_text = False

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
    `label` may be a callable (`i18n.lt(key, english)`): it is asked each time, so the button
    speaks the language of the moment; a label too wide for the button shrinks to fit.
    """

    def __init__(
        self,
        rect: pygame.FRect | Sequence[float],
        label: str | Callable[[], str],
        on_click: Callable[[], None],
        enabled: bool = True,
        key: int | tuple[int, ...] | None = None,
        *,
        colour: Sequence[int] = PINK,
        text_size: int = 34,
        tooltip: str | Callable[[], str] | None = None,
    ) -> None:
        super().__init__(rect)
        self.label = label
        # What holding the mouse on it tells (game.core.ui.toolkit.tooltip): a string, or a callable
        # asked when shown (the language of the moment). Any scene can set it.
        self.tooltip = tooltip
        self.on_click = on_click
        self.enabled = enabled
        self.keys: tuple[int, ...] = () if key is None else (key,) if isinstance(key, int) else key
        self.colour = tuple(colour)
        self.text_size = text_size
        self.hovered = False
        self.pressed = False
        self.shake = 0.0  # seconds of wobble left
        self.clicks = 0  # how many times it fired (handy in tests)

    @property
    def label(self) -> str:
        """The text shown now (a callable label is asked, in the current language)."""
        label = self._label
        return label() if callable(label) else label

    @label.setter
    def label(self, value: str | Callable[[], str]) -> None:
        self._label = value

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
        if self.shake > 0 and not motion.reduced():  # reduced motion: a red rim, no shake
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
        label = self.label
        # A disabled label is engraved (dark on a light rim), not white on ink: off reads as off
        # by its look, not only as grey against colour.
        fg, edge = (WHITE, INK) if self.enabled else DISABLED_LABEL
        lip = max(2, (2 if self.pressed else 6) - 1)  # the slab's darker lower edge
        draw_label(
            surface, text, label, self.text_size, fg, face.inflate(0, lip).move(0, lip / 2), edge
        )
        if self.shake > 0 and motion.reduced():
            gfx.rect(surface, (230, 40, 60), rect.inflate(6, 6), 4, border_radius=radius)


def draw_label(
    surface: pygame.Surface,
    text: TextCache,
    label: str,
    size: int,
    colour: Colour,
    face: pygame.Rect,
    outline: Colour = INK,
) -> pygame.Rect:
    """A button's label, as large as fits `face` (up to `size`), its capitals centred on the
    face (for a slab, its top and lower edge together): the font's box holds room for accents
    and descenders, so centring the box would leave "Pass" or "Menu" sitting high. Returns where
    the label was drawn."""
    size, mid = text.measure(
        ("label", label, size, face.width, face.height), lambda: _label_fit(text, label, size, face)
    )
    image = text.render_outlined(label, size, colour, outline, 2)
    where = image.get_rect(centerx=round(face.centerx), top=round(face.centery - mid))
    surface.blit(image, where)
    return where


def _label_fit(
    text: TextCache, label: str, size: int, face: pygame.Rect | pygame.FRect
) -> tuple[int, float]:
    """A label's size on this face, and where its capitals' middle lies in its image."""
    margin = max(6, min(16, round(face.width * 0.1)))  # narrow buttons keep more of their width
    size = text.fit_size(label, size, face.width - margin)
    while size > 12 and _cap_height(text.font(size)) > face.height * 0.62:
        size -= 2  # a short button: the capitals stay inside its face
    font = text.font(size)
    # Where the capitals' middle lies in the image: outline (2 px), down to the baseline, up half
    # a capital.
    return size, 2 + font.get_ascent() - _cap_height(font) / 2


def _cap_height(font: pygame.font.Font) -> int:
    metrics = font.metrics("H")[0]
    return metrics[3] if metrics else font.get_ascent()


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
        from game.core.ui.toolkit.layout import row_in

        items = list(items)
        self.rect = pygame.FRect(rect)
        self.buttons: dict[str, Button] = {}
        for box, item in zip(row_in(self.rect, len(items), gap, vertical), items, strict=True):
            name, label, on_click, *rest = item
            kwargs = {**button_kwargs, **(rest[0] if rest else {})}
            self.buttons[name] = Button(box, label, on_click, **kwargs)

    def __getitem__(self, name: str) -> Button:
        return self.buttons[name]


# ------------------------------------------------------------------- scenes with widgets
