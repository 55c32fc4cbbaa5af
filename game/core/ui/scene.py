"""Scenes (after Tuxemon's states).

A `Scene` is one screen or overlay: the title, the setup form, the table, a pause menu, a dialog.
Scenes live on a `SceneStack` (stack.py); only the top one receives input and time, and drawing
starts at the highest opaque scene so overlays (opaque = False) show over the scene beneath them.

A `UIScene` is a scene made of named widgets: it keeps them in a name -> widget dict,
routes events to them and exposes them (`scene.widget(name)`, `scene.buttons`) so tests
and the scenes built on it can find their rects.

Lifecycle hooks are symmetric, and every scene sees them in this order:

    enter  (pause  resume)*  exit

`enter` when it is pushed, `pause` when another scene is pushed over it, `resume` when it becomes
the top again, `exit` when it is removed. There is no global session: each scene gets the `ctx`
(a `game.core.ui.context.Context`) it was built with and reaches everything through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from game.core.ui.toolkit.stack import SceneStack
from game.core.ui.toolkit.tooltip import overlay_words
from game.core.ui.toolkit.widgets import KEYBOARD_EVENTS, Button, ButtonRow, Widget

if TYPE_CHECKING:  # only for annotations (the context holds the stack, not the scenes)
    from game.core.ui.context import Context


#: Frames a second for decorative motion alone (a pulse, a drift, a bobbing arrow) while
#: nothing else moves: as smooth to the eye as 60 at half the drawing (see `ambient_fps`).
DECORATIVE_FPS = 30.0


class Scene:
    """One screen of the game. Override what you need; every hook is a no-op by default."""

    #: False for overlays (pause menu, dialogs): the scene beneath is drawn first.
    opaque: bool = True
    #: True when draw() paints every pixel, so the app need not clear the screen first.
    fills_screen: bool = False
    #: Frames a second this scene's ambient motion needs when nothing else moves (the app
    #: paces such frames; see app.py); None: every frame at 60 fps.
    ambient_fps: float | None = None
    #: True when the scene marks every ambient motion it draws (`mark_ambient`): a frame in
    #: which only that moves is then drawn in those places only (App), not whole.
    marks_ambient: bool = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        #: Where the last frame drew ambient motion (the app empties it before each frame).
        self.ambient_regions: list[pygame.FRect] = []

    def mark_ambient(self, rect: Any) -> None:
        """Say, while drawing, that `rect` (logical; all the motion may cover) shows ambient
        motion: a pulse, a ring of marching dashes."""
        self.ambient_regions.append(pygame.FRect(rect))

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
    return tips_moving(getattr(scene, "tooltips", None))


def tips_moving(tips: Any) -> bool:
    """True while a tooltip layer (`tooltip.TooltipLayer`, or None) has a tip on its way (the
    mouse rests on something) or fading in, until it has been drawn at full strength."""
    if tips is None:
        return False
    if tips.tip is not None:  # until it has been drawn at full strength (its fade's end)
        return bool(tips.drawn_alpha < 255)
    return bool(tips.pos is not None and not (tips.suppressed or tips.looked))


W = TypeVar("W", bound=Widget)


class UIScene(Scene):
    """A scene made of named widgets: routes events to them, updates and draws them.

    Subclasses add widgets in `__init__` with `self.add(name, widget)` and override
    `handle_event` as `if self.dispatch(event): return` followed by their own keys.
    Keyboard events go to the focused text field first, then to the widgets in order (button
    shortcuts); mouse events go to every visible widget so hover and focus stay right.
    """

    def __init__(self, ctx: Context) -> None:
        from game.core.ui.toolkit.tooltip import TooltipLayer, widget_tips

        super().__init__(ctx)
        self.widgets: dict[str, Widget] = {}
        self.time = 0.0  # seconds since enter, for idle animations
        # Hover help: the widgets' `tooltip`s; a scene may add providers of its own.
        self.tooltips = TooltipLayer()
        self.tooltips.add(widget_tips(lambda: self.widgets))

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

    def focused(self) -> Widget | None:
        """The text input that has the keyboard, if any."""
        for w in self.widgets.values():
            if w.takes_text and getattr(w, "focused", False) and w.visible:
                return w
        return None

    def dispatch(self, event: pygame.event.Event) -> bool:
        """Offer the event to the widgets; True when one used it."""
        self.tooltips.handle_event(event)
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

    #: Whether the scene draws idle motion of its own from `time` (a bobbing arrow, a pulse):
    #: drawn while ambient motion lives, then it rests with the rest.
    ambient_motion = False
    # That motion (and the focus ring's breathing) alone: at the decorative rate.
    ambient_fps: float | None = DECORATIVE_FPS

    def needs_redraw(self) -> bool:
        """A page of widgets is still unless they move by themselves (a shake, a caret, a
        tooltip on its way) or its own idle motion lives; a scene with more (a timeline, news
        from elsewhere) says so itself, or by its `redraw_key`."""
        return parts_moving(self) or (self.ambient_motion and self.ambient_live())

    def handle_event(self, event: pygame.event.Event) -> None:
        self.dispatch(event)

    def update(self, dt: float) -> None:
        self.time += dt
        for w in list(self.widgets.values()):
            w.update(dt)
        if self.tooltips.tip is None:  # a tip to come goes beside the other buttons if it can
            self.tooltips.avoid = (
                [w.rect for w in self.widgets.values() if getattr(w, "visible", True)]
                + self.keep_clear()
                + overlay_words(self.ctx)
            )
        self.tooltips.update(dt)

    def keep_clear(self) -> list[pygame.FRect]:
        """What a tooltip (the mouse's or the focus ring's) should not cover besides the
        buttons: a scene's headline, a row it means to be read (the solo rating)."""
        return []

    def draw_widgets(self, surface: pygame.Surface) -> None:
        for w in self.widgets.values():
            if w.visible:
                w.draw(surface, self.ctx.text)
        self.tooltips.draw(surface, self.ctx.text)  # over everything the scene drew

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_widgets(surface)

    def pause(self) -> None:
        # The overlay takes the mouse: don't leave a button stuck hovered or pressed beneath it.
        for w in self.widgets.values():
            w.reset()
        self.tooltips.reset()

    def exit(self) -> None:
        for w in self.widgets.values():
            w.reset()
        self.tooltips.reset()
