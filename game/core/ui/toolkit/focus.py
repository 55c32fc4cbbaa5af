"""Keyboard focus for every scene: a ring that Tab and the arrows move over the things a mouse
can click (buttons, squares, cards, piles), Enter or Space acting on it as a click would.

A scene says what can take the focus by a `focus_targets()` method returning `Target`s in Tab
order; a scene without one offers its widgets (`scene.widgets`, else `scene.buttons`), so a
button another part adds later gets the focus without any change here. Each target's
`activate` is the very call a click makes (a button's `click()`, the table's `Moves`), so a
refused move is refused with its reason, as for the mouse.

The app owns one `FocusRing`; it sees every event before the top scene:

- Tab / Shift+Tab: next / previous target; the arrows: the nearest target that way.
- Enter or keypad Enter: act at once, whether the mouse or the keys were used last. With the
  ring showing, on the focused target; with it hidden (the player cannot see the focus), only
  on the screen's default action: a shortcut the scene shows for Enter, else Next, Spend, Keep
  or a step's choice. A move on the board (`Target.plays`: a square, a pile, a card) is never
  made on a key the player cannot see: with no default the first press shows the ring, the
  next acts. Space too, where it means nothing else (it still skips an animation, pauses a
  replay, confirms a finished turn: a scene claims it by `focus_claims`). A click moves the
  focus to what it clicked.
- 1-9: the next target showing that number (Lucky Box's gold squares).
- A key a scene's own button already answers (the replay's Right, the replays' Left and
  Right), or that the scene claims (`focus_claims`: the how-to's arrows turn pages), stays the
  scene's: shortcuts keep working.
- Esc is never taken: each scene backs out its own way.

Targets carry a priority: when a more urgent one appears (Next, Spend, a step's choice, the
hinted move, what a guided game points at) the focus goes to it, so Enter follows the play. A
scene with `focus_waits` (the tables) keeps no focus once the focused thing is gone and nothing
is urgent (after Next): Enter then does nothing rather than what happens to lie beside it.
A scene's `focus_moved(key)`, if any, is told where the focus went.
Resting on a thing shows its tooltip, as the mouse would; typing on a text field edits it.

The ring appears with the first navigation key and hides when the mouse is used, as in
polished games. It is drawn by the app over the top scene: a thick dark band with a bright
band inside, so it shows on any background, gliding between targets and breathing gently
(still, with reduced motion).
"""

from __future__ import annotations

import dataclasses
import logging
import math
import weakref
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.focus_targets import (
    ARROWS,
    HIGHLIGHTED,
    HINTED,
    PREFERRED,
    PRIMARY,
    Target,
    claimed_keys,
    closest,
    hint_shown,
    nearest,
    targets_of,
    widget_targets,
)
from game.core.ui.toolkit.tooltip import overlay_words

if TYPE_CHECKING:
    from pygame.typing import Point

    from game.core.ui.toolkit.text import TextCache
    from game.core.ui.toolkit.tooltip import Tip, TooltipLayer

__all__ = [
    "HIGHLIGHTED",
    "HINTED",
    "PREFERRED",
    "PRIMARY",
    "FocusRing",
    "Target",
    "claimed_keys",
    "closest",
    "draw_ring",
    "nearest",
    "targets_of",
    "widget_targets",
]

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]


ACTIVATE_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE})
DIGITS: dict[int, int] = {
    **{getattr(pygame, f"K_{n}"): n for n in range(1, 10)},
    **{getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)},
}
MOUSE_EVENTS = frozenset({pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL})

GLIDE = 0.12  # seconds the ring takes to slide to the next target
TIP_DELAY = 0.8  # seconds the focus rests on a thing before its tooltip shows
LOOK_AGAIN = 0.05  # seconds a drawn ring may follow its target's last known place
RING_REACH = 12  # pixels the ring reaches beyond its target at its widest (see draw_ring)
OUTER: RGB = (12, 4, 30)  # the dark band: shows on light paper and bright slabs
INNER: RGB = (255, 255, 255)
ACCENT: RGB = (255, 222, 40)


# ------------------------------------------------------------------- the ring


@dataclass
class _SceneFocus:
    key: Hashable = None
    rect: pygame.FRect | None = None
    top: frozenset = frozenset()  # keys of the highest-priority targets last seen
    top_level: int = 0


class FocusRing:
    """Keyboard focus over the top scene (one per app)."""

    def __init__(
        self, reduced_motion: Callable[[], bool] = lambda: False, text: TextCache | None = None
    ) -> None:
        self.visible = False
        self.reduced_motion = reduced_motion
        self.text = text  # the app's TextCache, to draw the focused thing's tooltip
        self._rest = 0.0  # seconds the focus has stayed on one target
        self._tip: TooltipLayer | None = None  # showing the focused target's tip, if any
        self._scenes: weakref.WeakKeyDictionary[object, _SceneFocus] = weakref.WeakKeyDictionary()
        self._shown: pygame.FRect | None = None  # where the ring is drawn (it glides)
        self._drawn_for = 0  # id() of the scene the ring was last drawn on
        # The targets drawn are looked up again every LOOK_AGAIN seconds (and after every key):
        # a 12-player table has dozens, and most frames nothing changes.
        self._looked = -1.0
        self._drawn_target: Target | None = None
        self._error = ""  # the last error looking up targets (said once)
        self._from: pygame.FRect | None = None
        self._glide = 1.0
        self.time = 0.0

    # ---------------------------------------------------------------- queries

    def _state(self, scene: object) -> _SceneFocus:
        state = self._scenes.get(scene)
        if state is None:
            state = self._scenes[scene] = _SceneFocus()
        return state

    def current(self, scene: object) -> Target | None:
        """The focused target of `scene` now (following its key, else a sensible fallback)."""
        targets = targets_of(scene)
        return self._settle(scene, targets)

    @property
    def tip(self) -> Tip | None:
        """The tooltip shown for the focused thing now (a tooltip.Tip), if any."""
        return self._tip.tip if self._tip is not None else None

    @property
    def tip_rect(self) -> pygame.Rect | None:
        """Where the focused thing's tooltip was last drawn, if it shows."""
        return self._tip.placed if self._tip is not None and self._tip.tip is not None else None

    def current_key(self, scene: object) -> Hashable:
        target = self.current(scene)
        return target.key if target is not None else None

    # ---------------------------------------------------------------- focus bookkeeping

    def _settle(self, scene: object, targets: list[Target]) -> Target | None:
        """Keep the focus on its key; move it where it belongs when the scene changed."""
        state = self._state(scene)
        if not targets:
            return None
        by_key = {t.key: t for t in targets}
        level = max(t.priority for t in targets)
        top = [t for t in targets if level and t.priority == level]
        top_keys = frozenset(t.key for t in top)
        changed = top_keys != state.top or level != state.top_level
        state.top, state.top_level = top_keys, level
        here = by_key.get(state.key)
        if here is not None and not (changed and top and here.priority < level):
            state.rect = pygame.FRect(here.rect)
            return here
        if not top and state.key is not None and getattr(scene, "focus_waits", False):
            # A table after a step (Next pressed, a move made): nothing is to be done now, and
            # a neighbour (the memory aid beside Next) is not what Enter should do; the focus
            # waits for the next thing to do (or Tab).
            return None
        # The focused thing went away, or something more urgent appeared: go to the nearest
        # urgent target (else the nearest of all; the first when there is nothing to go by).
        pool = top or targets
        chosen = closest(state.rect, pool) if state.rect is not None else pool[0]
        assert chosen is not None
        self._focus(scene, chosen)
        return chosen

    def _focus(self, scene: object, target: Target) -> None:
        state = self._state(scene)
        if state.key != target.key and self._shown is not None:
            self._from = pygame.FRect(self._shown)
            self._glide = 0.0
        if state.key != target.key:
            self._rest, self._tip = 0.0, None
        state.key = target.key
        state.rect = pygame.FRect(target.rect)
        _tell_scene(scene, target.key)

    def focus(self, scene: object, key: Hashable) -> bool:
        """Put the focus on the target named `key` (True when there is one)."""
        for t in targets_of(scene):
            if t.key == key:
                self._focus(scene, t)
                return True
        return False

    # ---------------------------------------------------------------- events

    def handle(self, event: pygame.event.Event, scene: object) -> bool:
        """Take a navigation key for `scene` (True when used); a mouse event hides the ring."""
        if event.type in MOUSE_EVENTS or (
            event.type == pygame.MOUSEMOTION and tuple(getattr(event, "rel", (1, 1))) != (0, 0)
        ):
            self.visible = False  # the mouse is in use: the ring would only be in the way
            self._tip = None
            if event.type == pygame.MOUSEBUTTONDOWN and scene is not None:
                self._follow_click(scene, getattr(event, "pos", None))
            return False
        if event.type == pygame.TEXTINPUT and self.visible and scene is not None:
            # Typing while the ring is on a text field starts editing it: the field (now
            # listening) takes the text as the scene hands the event on.
            target = self.current(scene)
            if target is not None and target.is_text and _editing(scene) is None:
                target.activate()
            return False
        if event.type != pygame.KEYDOWN or scene is None:
            return False
        self._drawn_target = None  # a key may change anything: look again when drawing
        self._rest, self._tip = 0.0, None  # and puts a tip away, as for the mouse
        key = getattr(event, "key", None)
        mod = getattr(event, "mod", 0) or 0
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        editing = _editing(scene)
        if editing is not None:
            # Typing stays in the field; Tab and Up/Down leave it and move on.
            if key not in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
                return False
            editing.blur()
        if key == pygame.K_TAB:
            return self._step(scene, -1 if mod & pygame.KMOD_SHIFT else 1)
        if key in ARROWS:
            return self._arrow(scene, key)
        if key in DIGITS:
            return self._digit(scene, DIGITS[key])
        if key in ACTIVATE_KEYS:
            return self._activate(scene, key)
        return False

    def _follow_click(self, scene: object, pos: Point | None) -> None:
        """The focus goes to what the mouse clicks (hidden): Enter then follows on from there,
        whichever the player used last."""
        if pos is None:
            return
        try:
            targets = targets_of(scene)
            hits = [t for t in targets if t.rect.collidepoint(pos)]
        except Exception:  # a scene half-way through a change: the focus stays
            log.exception("focus targets of %s", type(scene).__name__)
            return
        if hits:  # the smallest: a square, not the card under it
            self._settle(scene, targets)  # what is urgent now is known: the click stays
            self._focus(scene, min(hits, key=lambda t: t.rect.w * t.rect.h))

    def _show(self, scene: object) -> Target | None:
        """Make the ring visible; the first press only shows where the focus is."""
        target = self.current(scene)
        if not self.visible:
            self.visible = True
            self._shown = None
            if target is not None:
                _tell_scene(scene, target.key)
            return None
        return target

    def _step(self, scene: object, direction: int) -> bool:
        targets = targets_of(scene)
        if not targets:
            return False
        shown = self.visible
        here = self._show(scene)
        if here is None:
            if shown or self.current(scene) is None:  # the focus waited: Tab takes it up
                self._focus(scene, targets[0] if direction > 0 else targets[-1])
            return True
        keys = [t.key for t in targets]
        i = keys.index(here.key) if here.key in keys else -1
        self._focus(scene, targets[(i + direction) % len(targets)])
        return True

    def _arrow(self, scene: object, key: int) -> bool:
        targets = targets_of(scene)
        if not targets:
            return False
        state = self._state(scene)
        here = self._settle(scene, targets) if state.key is not None else None
        if here is not None and here.adjust is not None and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.visible = True
            here.adjust(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in claimed_keys(scene):
            return False  # the scene's own shortcut (a replay's Right steps)
        shown = self.visible
        here = self._show(scene)
        if here is None:
            if shown or self.current(scene) is None:  # the focus waited: take it up
                self._focus(scene, targets[0])
            return True
        step = nearest(here.rect, [t for t in targets if t.key != here.key], ARROWS[key])
        if step is not None:
            self._focus(scene, step)
        return True

    def _digit(self, scene: object, number: int) -> bool:
        targets = targets_of(scene)
        matching = [t for t in targets if t.number == number]
        if not matching:
            if not any(t.number is not None for t in targets):
                return False  # digits mean nothing to this scene's targets
            ctx = getattr(scene, "ctx", None)
            if ctx is not None:
                ctx.play("refuse")  # no gold square shows it: say so, gently
            return True
        self.visible = True
        here = self._settle(scene, targets)
        keys = [t.key for t in matching]
        i = keys.index(here.key) if here is not None and here.key in keys else -1
        self._focus(scene, matching[(i + 1) % len(matching)])
        return True

    def _default(self, scene: object) -> Target | None:
        """What Enter acts on while the ring is hidden (the player does not see the focus):
        the step a hint (H) or the guide shows, marked on the screen by its own ring or
        pointer, so H then Enter plays the hint whether the mouse was used last or not; else
        the screen's default action (Next, Spend, Keep, a step's choice) if one shows; never
        another move on the board (`Target.plays`), which only a visible ring may make."""
        targets = targets_of(scene)
        self._settle(scene, targets)  # the focus follows the play, seen or not
        shown = [t for t in targets if t.priority >= HINTED]
        defaults = shown or [t for t in targets if t.priority >= PRIMARY and not t.plays]
        if not defaults:
            return None
        rect = self._state(scene).rect
        chosen = (closest(rect, defaults) if rect is not None else None) or defaults[0]
        self._focus(scene, chosen)
        return chosen

    def _activate(self, scene: object, key: int) -> bool:
        """Enter or Space acts at once, whether the mouse or the keyboard was used last: on the
        focus while the ring shows; while it is hidden, on the screen's default action (a
        shortcut the scene shows for the key stays its own: the title's Enter, Continue; but
        while a hint shows a step, Enter takes it), and where there is none the first press
        shows the ring and the next one acts."""
        claimed = claimed_keys(scene)
        if key == pygame.K_SPACE:
            # Space acts on the focus only where it means nothing else: it still skips an
            # animation, pauses a replay, confirms a finished turn.
            animator = getattr(scene, "animator", None)
            if getattr(animator, "busy", False) or key in claimed:
                return False
        if not self.visible and key in claimed and not hint_shown(scene):
            return False  # (after H, Enter follows the hint before a shortcut: Keep's Enter)
        if self.visible:
            target = self.current(scene)
        else:
            target = self._default(scene)
            if target is None:
                if self.current(scene) is None:
                    return False  # nothing to show (a table waiting for the next step)
                self._show(scene)  # the first press shows where the focus is
                return True
        if target is None:
            return False
        if target.is_text and key == pygame.K_SPACE:
            return False
        target.activate()
        return True

    # ---------------------------------------------------------------- drawing

    def update(self, dt: float) -> None:
        self.time += dt
        self._rest += dt
        self._glide = min(1.0, self._glide + dt / GLIDE)
        if self._tip is not None:
            self._tip.age += dt

    def draw(self, surface: pygame.Surface, scene: object) -> None:
        """The ring around the focused target of the top scene, when the keyboard is in use."""
        if not self.visible or scene is None:
            return
        fresh = (
            self._drawn_for == id(scene)
            and self.time - self._looked < LOOK_AGAIN
            and self._drawn_target is not None
        )
        try:
            target = self._drawn_target if fresh else self.current(scene)
        except Exception as e:  # a scene half-way through a change must not take the frame down
            if repr(e) != self._error:
                self._error = repr(e)
                log.exception("focus targets of %s", type(scene).__name__)
            target = None
        if not fresh:
            self._looked, self._drawn_target = self.time, target
        if target is None:
            self._shown = None
            return
        goal = pygame.FRect(target.rect)
        calm = self.reduced_motion()
        if id(scene) != self._drawn_for:  # another scene: the ring appears in place
            self._drawn_for, self._from = id(scene), None
            self._rest, self._tip = 0.0, None
        if self._shown is None or self._from is None or calm or self._glide >= 1.0:
            rect = goal
        else:
            k = 1 - (1 - self._glide) ** 3  # ease out
            a = self._from
            rect = pygame.FRect(
                a.x + (goal.x - a.x) * k,
                a.y + (goal.y - a.y) * k,
                a.w + (goal.w - a.w) * k,
                a.h + (goal.h - a.h) * k,
            )
        self._shown = pygame.FRect(goal)
        breathe = 0.0 if calm else (math.sin(self.time * 5) + 1) / 2
        draw_ring(surface, rect, breathe)
        self._draw_tip(surface, scene, target)

    def breathing_region(self) -> pygame.FRect | None:
        """Where the ring drawn last breathes (ambient motion: its bands swell and shrink by
        a few pixels), or None when no breathing ring is shown."""
        if not self.visible or self._shown is None or self.reduced_motion():
            return None
        reach = RING_REACH + 4  # and a margin for the rounding of its corners
        return self._shown.inflate(2 * reach, 2 * reach)

    def _draw_tip(self, surface: pygame.Surface, scene: object, target: Target) -> None:
        """The focused thing's tooltip once the focus has rested on it, as the mouse's would:
        the scene's own tooltip layer says what it is (the same providers, at its centre)."""
        if self.text is None or self._rest < TIP_DELAY:
            return
        if self._tip is None:
            from game.core.ui.toolkit.tooltip import TooltipLayer

            layer = _tooltip_layer(scene)
            tip = layer.find(target.rect.center) if layer is not None else None
            if tip is not None:  # placed clear of the ring around the thing, not only of it
                tip = dataclasses.replace(tip, rect=pygame.FRect(tip.rect).inflate(26, 26))
            self._tip = TooltipLayer()
            self._tip.tip = tip  # None: nothing to say (asked once per resting place)
            self._tip.avoid = [  # rather beside than over the next button of a menu
                t.rect for t in targets_of(scene) if t.key != target.key
            ]
            keep_clear = getattr(scene, "keep_clear", None)
            if callable(keep_clear):  # nor over the scene's headline ("Paused"), a rating row
                self._tip.avoid += list(keep_clear())
            self._tip.avoid += overlay_words(getattr(scene, "ctx", None))  # nor a guide's words
            if layer is not None:  # and never over what the scene's own tips keep readable
                self._tip.keep = list(getattr(layer, "keep", []))
        if self._tip.tip is not None:
            self._tip.draw(surface, self.text)


def draw_ring(surface: pygame.Surface, rect: pygame.FRect, breathe: float = 0.0) -> None:
    """A focus ring visible on any background: dark band, bright band, yellow corners."""
    pad = 6 + round(2 * breathe)  # RING_REACH, with the outer band's 4, at the most
    r = pygame.Rect(rect).inflate(2 * pad, 2 * pad)
    radius = max(6, min(18, r.height // 3))
    gfx.rect(surface, OUTER, r.inflate(8, 8), 9, border_radius=radius + 4)
    gfx.rect(surface, INNER, r, 5, border_radius=radius)
    # Corner ticks in yellow: the ring reads as "selected" even on a white card.
    tick = max(8, min(22, min(r.width, r.height) // 3))
    for cx, cy, sx, sy in (
        (r.left, r.top, 1, 1),
        (r.right - 1, r.top, -1, 1),
        (r.left, r.bottom - 1, 1, -1),
        (r.right - 1, r.bottom - 1, -1, -1),
    ):
        gfx.line(surface, ACCENT, (cx + sx * 2, cy + sy * 2), (cx + sx * tick, cy + sy * 2), 5)
        gfx.line(surface, ACCENT, (cx + sx * 2, cy + sy * 2), (cx + sx * 2, cy + sy * tick), 5)


class _TipFinder(Protocol):
    """A scene's tooltip layer, as the ring asks it what the focused thing is."""

    keep: list[pygame.FRect]

    def find(self, pos: tuple[float, float]) -> Tip | None: ...


class _Editing(Protocol):
    """A text field being typed into, as the ring takes the keyboard back from it."""

    def blur(self) -> None: ...


def _tell_scene(scene: object, key: Hashable) -> None:
    """A scene that marks what the focus rests on itself (the draft's raised card) is told."""
    moved = getattr(scene, "focus_moved", None)
    if callable(moved):
        moved(key)


def _tooltip_layer(scene: object) -> _TipFinder | None:
    """The scene's tooltip layer: a UIScene's `tooltips`, a table's `help.layer`."""
    for layer in (
        getattr(scene, "tooltips", None),
        getattr(getattr(scene, "help", None), "layer", None),
    ):
        if callable(getattr(layer, "find", None)):
            return layer
    return None


def _editing(scene: object) -> _Editing | None:
    """The scene's text field being typed into, if any."""
    finder = getattr(scene, "focused", None)
    if not callable(finder):
        return None
    try:
        field_ = finder()
    except Exception:  # a scene's own focused() with another meaning
        return None
    return field_ if hasattr(field_, "blur") else None
