"""The scene stack (after Tuxemon's state stack): scenes pushed, paused, resumed and popped
in a fixed hook order, input and time for the top one only, drawing from the highest opaque
scene up.

The stack knows a scene only by the hooks it calls (`Stacked`); `scene.Scene` is the base class
that gives every hook a default. Kept apart from it so that the context (which holds the stack)
and the scenes (which are given the context) do not import each other.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable, Iterator
from typing import Protocol

import pygame

from game.core.ui.toolkit import gfx

#: Seconds without input after which endless decorative motion (drifting cards, a pulsing logo,
#: the focus ring's breathing, a caret's blinking) rests, so an unattended game costs no CPU;
#: any input brings it back (as desktops stop a caret blinking after a while).
AMBIENT_SECONDS = 20.0
#: A left press this soon (frame time, seconds) and this near (pixels) after the one before it is
#: that press's double-click half. Desktops' default double-click time is 0.4-0.5 s.
DOUBLE_CLICK_SECONDS = 0.4
DOUBLE_CLICK_PX = 6


class Stacked(Protocol):
    """What the stack asks of a scene (`scene.Scene` has every hook, each a no-op)."""

    opaque: bool
    fills_screen: bool
    marks_ambient: bool
    ambient_regions: list[pygame.FRect]

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def suspend(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def idle(self) -> None: ...

    def needs_redraw(self) -> bool: ...

    def redraw_key(self) -> object: ...

    def ambient_live(self) -> bool: ...


class Overlay(Protocol):
    """What `SceneStack.overlay` holds: it sees events before the top scene (True: used)."""

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class SceneStack:
    """A stack of scenes. The app stops when it becomes empty.

    Changes are applied at once when called from outside the stack's own hooks, e.g. from a
    button's on_click during `handle_event`: the very next event already goes to the new top.
    A change requested *inside* a lifecycle hook (say `enter` pushing a tutorial) is queued and
    applied right after the current change finishes, so hooks never interleave and none is
    skipped or called twice.
    """

    def __init__(self) -> None:
        self._scenes: list[Stacked] = []
        self._busy = False  # inside a lifecycle hook
        #: Called after each change (push, pop, replace, clear) has settled, with the queued
        #: changes it made: the app's music follows the scenes (game.core.ui.soundtrack).
        self.on_change: Callable[[], None] | None = None
        self._queue: deque[Callable[[], None]] = deque()
        #: A layer over whichever scene is on top (the guided first game's pointer): offered
        #: every event first, updated and drawn after the scenes. None when there is none.
        self.overlay: Overlay | None = None
        #: Seconds of frame time since the last input (the app keeps it; `ambient_live`).
        self.idle_for = 0.0
        self.ambient_seconds = AMBIENT_SECONDS
        # The picture of the scenes under an overlay (a pause menu, a dialog, a round's end),
        # with what it was drawn from: they are frozen while it is up (see `draw`).
        self._under: pygame.Surface | None = None
        self._under_key: tuple[object, ...] | None = None
        #: Seconds of frame time the stack has been updated for: the double-click guard's clock.
        #: Frame time, not the wall clock: a screen that took long to open held the loop, and
        #: a second press queued meanwhile is handled late by the clock yet was quick.
        self.frame_time = 0.0
        self._last_press: tuple[float, tuple[int, int], Stacked | None] | None = None
        self._dropping_release = False

    # ---------------------------------------------------------------- queries

    @property
    def top(self) -> Stacked | None:
        """The scene receiving input, or None when the stack is empty."""
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Stacked, ...]:
        """All scenes, bottom first (a copy)."""
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def __bool__(self) -> bool:
        # An empty stack is still a stack object; don't let `if ctx.stack:` mislead.
        return True

    # ---------------------------------------------------------------- changes

    def push(self, scene: Stacked) -> None:
        """Pause the current top and enter `scene` over it."""
        self._run(lambda: self._push(scene))

    def pop(self) -> None:
        """Exit the top scene and resume the one beneath (if any)."""
        self._run(self._pop)

    def replace(self, scene: Stacked) -> None:
        """Exit the top scene and enter `scene` in its place (the one beneath is not resumed)."""
        self._run(lambda: self._replace(scene))

    def clear_to(self, scene: Stacked) -> None:
        """Exit every scene (top first) and enter `scene` as the only one."""
        self._run(lambda: self._clear_to(scene))

    def clear(self) -> None:
        """Exit every scene, top first. The app quits once the stack is empty."""
        self._run(self._clear)

    def _run(self, change: Callable[[], None]) -> None:
        if self._busy:
            self._queue.append(change)
            return
        self._busy = True
        try:
            change()
            while self._queue:
                self._queue.popleft()()
        finally:
            self._busy = False
            self._queue.clear()
        if self.on_change is not None:
            self.on_change()

    def _push(self, scene: Stacked) -> None:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()

    def _pop(self) -> None:
        if not self._scenes:
            return
        self._scenes.pop().exit()
        if self._scenes:
            self._scenes[-1].resume()

    def _replace(self, scene: Stacked) -> None:
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        scene.enter()

    def _clear(self) -> None:
        while self._scenes:
            self._scenes.pop().exit()

    def _clear_to(self, scene: Stacked) -> None:
        self._clear()
        self._scenes.append(scene)
        scene.enter()

    # ---------------------------------------------------------------- frame

    def handle_event(self, event: pygame.event.Event) -> None:
        """Give the event to the top scene only (a modal overlay takes every event).

        A double-click's second half (its press and release) is dropped when the first press
        changed the top scene: double-clicking "Daily deal" opens the table, and must not also
        pick the card that lies under the pointer there."""
        if self._second_half(event):
            return
        if self.overlay is not None and self.overlay.handle_event(event):
            return
        if self._scenes:
            self._scenes[-1].handle_event(event)

    def _second_half(self, event: pygame.event.Event) -> bool:
        if getattr(event, "button", None) != 1:
            return False
        if event.type == pygame.MOUSEBUTTONUP and self._dropping_release:
            self._dropping_release = False
            return True
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        pos = tuple(event.pos)
        last, self._last_press = self._last_press, (self.frame_time, pos, self.top)
        if last is None:
            return False
        at, (x, y), pressed_on = last
        near = abs(pos[0] - x) <= DOUBLE_CLICK_PX and abs(pos[1] - y) <= DOUBLE_CLICK_PX
        if self.frame_time - at > DOUBLE_CLICK_SECONDS or not near or pressed_on is self.top:
            return False
        self._last_press = None  # a third press is a click of its own
        self._dropping_release = True
        return True

    def suspend(self) -> None:
        """Tell every scene (not only the top one) that the window went away."""
        for scene in list(self._scenes):
            scene.suspend()

    def update(self, dt: float) -> None:
        """Advance the top scene only: scenes beneath an overlay are paused, so they freeze."""
        self.frame_time += dt
        if self._scenes:
            self._scenes[-1].update(dt)
        if self.overlay is not None:
            self.overlay.update(dt)

    def _base(self) -> int:
        """The index of the highest opaque scene (0 if none is)."""
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                return i
        return 0

    @contextlib.contextmanager
    def ambient_rested(self) -> Iterator[None]:
        """Within it, every scene's ambient motion counts as rested (`Scene.ambient_live` is
        False): what still moves then moves for real."""
        seconds, self.ambient_seconds = self.ambient_seconds, 0.0
        try:
            yield
        finally:
            self.ambient_seconds = seconds

    def needs_redraw(self) -> bool:
        """True when the top scene (the only one updated: those beneath are frozen) or the
        overlay says its picture may change."""
        if self.overlay is not None and self._scenes:
            moving = getattr(self.overlay, "needs_redraw", None)
            if moving is None or moving():
                return True
        return bool(self._scenes) and self._scenes[-1].needs_redraw()

    @property
    def fills_screen(self) -> bool:
        """True when the scenes drawn will paint every pixel."""
        return bool(self._scenes) and self._scenes[self._base()].fills_screen

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the highest opaque scene upward; scenes under an opaque one are skipped.

        Only the top scene is updated, so those under an overlay are frozen: their picture is
        drawn once, kept, and laid back under the overlay's each frame while the same scenes
        are up on a screen of the same shape and resolution (a frame drawn otherwise, say of
        Settings opened from the pause menu, forgets it: what changed there is drawn anew)."""
        shown = self._scenes[self._base() :]
        if len(shown) > 1:
            pixels = gfx.pixels_of(surface)
            key = (*shown, tuple(gfx.view(surface)), pixels.get_size(), gfx.render_scale())
            if self._under is not None and key == self._under_key:
                pixels.blit(self._under, (0, 0))
            else:
                for scene in shown[:-1]:
                    scene.draw(surface)
                self._under, self._under_key = pixels.copy(), key
            shown[-1].draw(surface)
        else:
            self._under = self._under_key = None
            for scene in shown:
                scene.draw(surface)
        if self.overlay is not None and self._scenes:
            self.overlay.draw(surface)
