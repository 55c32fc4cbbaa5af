"""Scenes and the scene stack (after Tuxemon's state stack).

A `Scene` is one screen or overlay: the title, the setup form, the table, a pause menu, a dialog.
Scenes live on a `SceneStack`; only the top one receives input and time, and drawing starts at the
highest opaque scene so overlays (opaque = False) show over the scene beneath them.

Lifecycle hooks are symmetric, and every scene sees them in this order:

    enter  (pause  resume)*  exit

`enter` when it is pushed, `pause` when another scene is pushed over it, `resume` when it becomes
the top again, `exit` when it is removed. There is no global session: each scene gets the `ctx`
(a `game.core.ui.context.Context`) it was built with and reaches everything through it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.ui import gfx

if TYPE_CHECKING:  # only for annotations: context.py imports this module
    from game.core.ui.context import Context

#: Seconds without input after which endless decorative motion (drifting cards, a pulsing logo,
#: the focus ring's breathing, a caret's blinking) rests, so an unattended game costs no CPU;
#: any input brings it back (as desktops stop a caret blinking after a while).
AMBIENT_SECONDS = 20.0
#: A left press this soon (frame time, seconds) and this near (pixels) after the one before it is
#: that press's double-click half. Desktops' default double-click time is 0.4-0.5 s.
DOUBLE_CLICK_SECONDS = 0.4
DOUBLE_CLICK_PX = 6


class Scene:
    """One screen of the game. Override what you need; every hook is a no-op by default."""

    #: False for overlays (pause menu, dialogs): the scene beneath is drawn first.
    opaque: bool = True
    #: True when draw() paints every pixel, so the app need not clear the screen first.
    fills_screen: bool = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def enter(self) -> None:
        """Called once when the scene is pushed (or replaces another)."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack for good."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene over this one was popped; this is the top again."""

    def suspend(self) -> None:
        """The window was minimized or lost focus: save anything that must not be lost."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance `dt` seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the 1280x720 logical surface."""

    def idle(self) -> None:
        """After a frame is shown (top scene only): a little work made ahead (about a
        millisecond at most), done in the wait for the next frame instead of in one."""

    def needs_redraw(self) -> bool:
        """True while this scene's picture may change with no input: it animates, a tween or a
        timer runs. The app draws a frame when a drawn scene says so, after input, and when the
        stack, the toast or the window changes; else the window keeps its picture and the app
        sleeps. True by default: a scene that does not say is drawn every frame."""
        return True

    def redraw_key(self) -> object:
        """What the picture shows that may change with neither input nor motion (a value set
        from outside the scene): the app draws a frame when it differs from the last one's."""
        return None

    def ambient_live(self) -> bool:
        """Whether endless decorative motion should still move (and so be drawn): False once
        the player has given no input for `SceneStack.ambient_seconds`."""
        stack = getattr(getattr(self, "ctx", None), "stack", None)
        if not isinstance(stack, SceneStack):
            return True
        return stack.idle_for < stack.ambient_seconds


def game_kept(ctx: Any) -> bool:
    """Whether the game on the stack is saved so that Continue brings it back (a table's
    `kept`); a guided game, a demo, a replay or an online table is not."""
    return any(getattr(scene, "kept", False) for scene in ctx.stack.scenes)


def parts_moving(scene: Any) -> bool:
    """True while the usual parts of a scene move by themselves (read by duck typing, for
    `needs_redraw`): a running (non-repeating) tween of `scene.tweens`, a busy `animator`, a
    button's refusal shake, a tooltip waiting for its delay or fading in, and a focused text
    field's blinking caret (while ambient motion lives)."""
    tweens = getattr(scene, "tweens", None)
    if tweens is not None and getattr(tweens, "busy", False):
        return True
    if getattr(getattr(scene, "animator", None), "busy", False):
        return True
    for widget in getattr(scene, "widgets", {}).values():
        if not getattr(widget, "visible", True):
            continue
        if getattr(widget, "shake", 0.0) > 0 or getattr(widget, "dragging", False):
            return True
        if getattr(widget, "focused", False) is True and scene.ambient_live():
            return True  # the caret blinks
    tips = getattr(scene, "tooltips", None)
    if tips is not None:
        if tips.tip is not None:  # until it has been drawn at full strength (its fade's end)
            return bool(tips.drawn_alpha < 255)
        if tips.pos is not None and not (tips.suppressed or tips.looked):
            return True  # the mouse rests: a tip is on its way
    return False


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
        self._scenes: list[Scene] = []
        self._busy = False  # inside a lifecycle hook
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
        self._last_press: tuple[float, tuple[int, int], Scene | None] | None = None
        self._dropping_release = False

    # ---------------------------------------------------------------- queries

    @property
    def top(self) -> Scene | None:
        """The scene receiving input, or None when the stack is empty."""
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """All scenes, bottom first (a copy)."""
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def __bool__(self) -> bool:
        # An empty stack is still a stack object; don't let `if ctx.stack:` mislead.
        return True

    # ---------------------------------------------------------------- changes

    def push(self, scene: Scene) -> None:
        """Pause the current top and enter `scene` over it."""
        self._run(lambda: self._push(scene))

    def pop(self) -> None:
        """Exit the top scene and resume the one beneath (if any)."""
        self._run(self._pop)

    def replace(self, scene: Scene) -> None:
        """Exit the top scene and enter `scene` in its place (the one beneath is not resumed)."""
        self._run(lambda: self._replace(scene))

    def clear_to(self, scene: Scene) -> None:
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

    def _push(self, scene: Scene) -> None:
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

    def _replace(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        scene.enter()

    def _clear(self) -> None:
        while self._scenes:
            self._scenes.pop().exit()

    def _clear_to(self, scene: Scene) -> None:
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
