"""Scenes (after Tuxemon's states).

A `Scene` is one screen or overlay: the title, the setup form, the table, a pause menu, a dialog.
Scenes live on a `SceneStack` (stack.py); only the top one receives input and time, and drawing
starts at the highest opaque scene so overlays (opaque = False) show over the scene beneath them.

Lifecycle hooks are symmetric, and every scene sees them in this order:

    enter  (pause  resume)*  exit

`enter` when it is pushed, `pause` when another scene is pushed over it, `resume` when it becomes
the top again, `exit` when it is removed. There is no global session: each scene gets the `ctx`
(a `game.core.ui.context.Context`) it was built with and reaches everything through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.ui.stack import SceneStack

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


def overlay_words(ctx: Any) -> list[pygame.FRect]:
    """What the layer over the scenes writes (a guided game's sentence): a tooltip of the
    scene beneath goes elsewhere, as it does for the scene's own headline."""
    overlay = getattr(getattr(ctx, "stack", None), "overlay", None)
    words = getattr(overlay, "words", None)
    return list(words()) if callable(words) else []


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
