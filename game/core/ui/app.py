"""The application: window, clock, context and the frame loop around the scene stack.

    app = App()
    app.run(TitleScene(app.ctx))

`step()` runs exactly one frame and never sleeps, so tests can drive the app frame by frame with
posted events; `run()` adds the 60 fps clock.

A still screen costs nothing: a frame is drawn and shown only when something may have changed
(input, a change of scenes, toast or window, or a drawn scene's `needs_redraw()`); otherwise the
window keeps its picture, and `run()` sleeps until an event comes or IDLE_WAIT_MS pass.

A test hook: with SMLB_NO_FRAME_WAIT=1 in the environment (read once, at import) the loop never
sleeps between frames, and each frame counts the time it stands for (1/FPS; IDLE_WAIT_MS when
still) instead of the clock's: a headless demo under test plays exactly as at 60 fps, only as
fast as the CPU allows. Only while a computer thinks in its worker do frames keep the real 60
fps (drawing faster would take the worker's CPU). Players never set it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path

import pygame

from game.core.i18n import on_language_change, start_language, t
from game.core.paths import SOUNDS_DIR, SPRITES_DIR
from game.core.ui.context import AudioLike, Context, NullAudio
from game.core.ui.game_ui.descriptor import GameUI, game_caption
from game.core.ui.scene import Scene
from game.core.ui.screens.quitting import ask_to_quit
from game.core.ui.screens.toast import Toast
from game.core.ui.settings import data_dir as default_data_dir, load_settings
from game.core.ui.soundtrack import follow
from game.core.ui.toolkit import focus, gfx, motion, window as window_mode
from game.core.ui.toolkit.assets import Assets
from game.core.ui.toolkit.canvas import Canvas
from game.core.ui.toolkit.focus import FocusRing
from game.core.ui.toolkit.layout import Layout
from game.core.ui.toolkit.native_noise import alsa_lines_to_the_log
from game.core.ui.toolkit.paint import INK
from game.core.ui.toolkit.stack import SceneStack, Stacked
from game.core.ui.toolkit.text import TextCache

log = logging.getLogger(__name__)

CAPTION = "Super Mega Lucky Box"
FPS = 60
MAX_DT = 0.1  # a stall (window drag, breakpoint) must not fast-forward animations
#: Frames keep being drawn this long after input: what a scene does in the frames after an
#: event (a press shown, a follow-up in update) is drawn even if the scene does not say.
AFTER_INPUT = 0.5
PLACING_SECONDS = 3.0  # how long after opening a window move is the window manager's
#: A still app wakes this often to update its scenes (a timer, a computer's move) even
#: without events; an event wakes it at once.
IDLE_WAIT_MS = 100  # a still screen wakes 10 times a second: its idle work costs ~nothing
# While still, the queue is looked at this often (ms): pygame-ce's own event.wait(timeout) looks
# every millisecond, which alone cost a still screen 2.5% of a core. 8 ms is half a frame: the
# first input after a still spell is handled at most that much later, unseen.
IDLE_POLL_MS = 8
#: False under the test hook SMLB_NO_FRAME_WAIT=1 (see the module's docstring).
FRAME_WAITS = os.environ.get("SMLB_NO_FRAME_WAIT") != "1"


def _make_audio(sound_dir: Path, volume: float) -> AudioLike:
    """game.core.ui.toolkit.audio.Audio when it imports and starts, else a silent stand-in."""
    try:
        from game.core.ui.toolkit.audio import (
            Audio,  # written separately; the game must run without it
        )

        return Audio(sound_dir, volume)
    except Exception as e:  # ImportError, mixer errors on machines without sound
        log.info("sound disabled: %s", e)
        return NullAudio(volume)


def wait_for_event(timeout_ms: int) -> pygame.event.Event:
    """The next event, or a NOEVENT once `timeout_ms` pass without one, looking at the queue
    every IDLE_POLL_MS and sleeping between looks."""
    end = time.perf_counter() + timeout_ms / 1000
    while True:
        event = pygame.event.poll()
        left = end - time.perf_counter()
        if event.type != pygame.NOEVENT or left <= 0:
            return event
        time.sleep(min(IDLE_POLL_MS / 1000, left))


def stop_sounds() -> None:
    """Every sound stopped (the GIL let go meanwhile), as before pygame.quit(): that takes the
    audio lock with the GIL held, and a sound ending just then made the audio thread wait for
    the GIL with that lock held. Both waited for ever (seen once in the tests: a window that
    never closed)."""
    if pygame.mixer.get_init() is not None:
        pygame.mixer.stop()
        pygame.mixer.music.stop()


class App:
    """Owns the window and the frame loop; builds the shared `Context` as `app.ctx`."""

    def __init__(
        self,
        data_dir: Path | None = None,
        sprites_dir: Path = SPRITES_DIR,
        sounds_dir: Path = SOUNDS_DIR,
        window: tuple[int, int] | None = None,
        games: Sequence[GameUI] = (),
    ) -> None:
        """`window`: open at this size (--window WxH), else at a size that suits the desktop.
        `games`: the games the app holds (`game.catalog.new_app` passes the catalog's); each
        registers its routes, and `ctx.layout` is the first one's table layout."""
        with alsa_lines_to_the_log():  # (pygame.init() opens the sound device too)
            pygame.init()
        folder = Path(data_dir) if data_dir is not None else default_data_dir()
        # The system's language (or --lang) first, so a settings warning is already readable.
        start_language("")
        legacy = [folder / g.id / name for g in games for name in g.legacy_settings_files]
        settings, warning = load_settings(folder, legacy)
        if settings.language:
            start_language(settings.language)
        pygame.display.set_caption(CAPTION)
        self.caption = CAPTION  # the window's title: the app's, or the game on the table
        icon = sprites_dir / "icon.png"
        if icon.exists():
            # Before set_mode, so the first window already shows it.
            with contextlib.suppress(pygame.error, OSError):
                pygame.display.set_icon(pygame.image.load(icon))
        # The logical 1280x720 surface; SDL scales it to fill any window (see window.py).
        maximised = window is None and window_mode.remembered_maximised(folder)
        display = window_mode.open_window(
            settings.fullscreen, window or window_mode.remembered_size(folder), maximised
        )
        self._maximised = maximised  # (SDL cannot be asked; its events say it)
        #: The picture at the window's resolution; scenes draw on `self.screen` (canvas.py).
        self.canvas = Canvas(display)
        settings.fullscreen = window_mode.is_fullscreen()  # what the screen really does
        self.clock = pygame.time.Clock()
        #: Whether the loop waits for the next frame (False under SMLB_NO_FRAME_WAIT=1).
        self.waits_for_frames = FRAME_WAITS
        self.stack = SceneStack()
        text = TextCache()
        self.ctx = Context(
            settings=settings,
            audio=_make_audio(sounds_dir, settings.volume),
            stack=self.stack,
            assets=Assets(sprites_dir),
            text=text,
            layout=next(
                (
                    Layout.load(g.layout).anchor(g.layout_anchors)
                    for g in games
                    if g.layout is not None
                ),
                Layout.empty(),
            ),
            data_dir=folder,
            set_fullscreen=self.set_fullscreen,
            message=warning or "",
            games=list(games),
        )
        text.set_scale(1.15 if settings.text_size == "large" else 1.0)
        motion.set_reduced(settings.reduced_motion)
        # The music follows the scenes: the menus' loop, a game's, its end piece (soundtrack.py);
        # it starts with the first scene, so a game opened first (a demo, Continue) starts on
        # its own loop, not the menus'.
        self._music_started = False
        self.stack.on_change = self._follow_music
        from game.core.ui.plain_routes import install_plain_routes
        from game.core.ui.routes import install_core_routes

        install_core_routes(self.ctx)
        for game in games:  # core's scenes for each game, then those the game gives itself
            install_plain_routes(self.ctx, game.id)
            if game.install is not None:
                game.install(self.ctx)
        on_language_change(self._relabel, key="app")  # only the newest app relabels
        self.running = True
        #: Tracebacks of exceptions caught while handling events (the loop survives them).
        self.errors: list[str] = []
        self._last = time.perf_counter()
        self._opened_at = self._last  # (the window manager places the window soon after)
        self.toast = Toast(self.ctx)
        #: Frames drawn and shown (tests and bench/idle.py count them).
        self.frames_drawn = 0
        #: Of those, frames drawn only where ambient motion moves (`Scene.marks_ambient`).
        self.frames_partial = 0
        # The top scene and where the last frame drew its ambient motion (and the focus ring's
        # breathing), logical rects: what a frame in which only that moves must draw again.
        self._ambient_drawn: tuple[Stacked, list[pygame.FRect]] | None = None
        self._ambient_before = False  # the last frame moved only ambient motion
        self.drew_last = True  # whether the last step() drew a frame (the first: at once)
        self._drawn_key: tuple[object, ...] | None = None
        self._busy_for = 0.0  # seconds frames are still drawn after input
        self._moving_before = False  # the stack said last frame that its picture moves
        # The last frame moved only ambient motion (a table's pulsing highlights): the loop
        # waits this long for the next (1/the scene's `ambient_fps`), or less if input comes;
        # 0: the next frame at 60 fps, as real animations and the moments after input have.
        self._ambient_wait_ms = 0
        self._key_changed = True  # the last frame's scenes, overlay, toast or window changed
        self._waited: list[pygame.event.Event] = []  # the event an idle wait woke on
        #: Keyboard focus over the top scene (Tab, arrows, Enter/Space, 1-9): see focus.py.
        self.ring = FocusRing(
            lambda: bool(getattr(self.ctx.settings, "reduced_motion", False)), self.ctx.text
        )

    def _follow_music(self) -> None:
        """The piece the scenes name; the first time, the music starts if it is on."""
        follow(self.stack.scenes, self.ctx.audio)
        if self._music_started:
            return
        self._music_started = True
        start_music = getattr(self.ctx.audio, "set_music", None)
        if start_music is not None and self.ctx.settings.music:
            start_music(True, self.ctx.settings.music_volume)

    def _relabel(self, lang: str) -> None:
        """A new language: scenes that made texts once (`relabel`) make them again; the rest
        ask for their texts as they draw."""
        for scene in self.stack.scenes:
            relabel = getattr(scene, "relabel", None)
            if relabel is not None:
                relabel()

    def set_fullscreen(self, on: bool) -> None:
        """Switch fullscreen on/off; the setting then says what the screen really does (so
        F11, the Settings toggle and the window always agree)."""
        was_maximised = window_mode.was_maximised()
        self.ctx.settings.fullscreen = window_mode.set_fullscreen(on, self._maximised)
        if not on and was_maximised:
            self._maximised = True  # put back maximised (its events may come late, or never)
        if on and not self.ctx.settings.fullscreen:  # this system said no: say so
            self.ctx.message = t(
                "window.no_fullscreen", "Fullscreen is not available on this screen."
            )

    @property
    def screen(self) -> pygame.Surface:
        """What scenes draw on: 1280x720 in their coordinates, whatever the window's pixels."""
        return self.canvas.surface

    def settle_window(self) -> None:
        """Draw at the window's current size's resolution now (rather than once a resize has
        held for a moment): for shots and tests right after a resize."""
        if self.canvas.settle_now():
            self._relabel("")

    def window_image(self) -> pygame.Surface:
        """What the window shows now, at the window's size (the tour's and checks' shots)."""
        return self.canvas.window_image()

    # ---------------------------------------------------------------- frame

    def _handle(self, event: pygame.event.Event) -> None:
        event = self.canvas.logical_event(event)  # the system's mouse speaks window pixels
        self.ctx.attention.see(event)  # whether the window is in front
        if event.type == pygame.QUIT:  # (asked first when someone would be left: quitting.py)
            ask_to_quit(self.ctx, self.quit_now)
        elif event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWFOCUSLOST):
            # The system may end a program it has hidden: let the scenes save what matters.
            self.stack.suspend()
            self.stack.handle_event(event)
        elif event.type in (pygame.WINDOWSHOWN, pygame.WINDOWMOVED) and self._placing():
            window_mode.keep_on_screen()  # the window manager placed it: all of it on screen
        elif event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self._maximised = event.type == pygame.WINDOWMAXIMIZED
            self.stack.handle_event(event)
        elif event.type == pygame.VIDEORESIZE:
            # Scenes keep their 1280x720 coordinates whatever the window size; once the resize
            # has settled, the picture's resolution follows the window (sharp when large). The
            # window manager may have left fullscreen by itself: the setting follows.
            self.ctx.settings.fullscreen = window_mode.is_fullscreen()
        elif event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_F11:
            self.set_fullscreen(not window_mode.is_fullscreen())
        else:
            if not self.ring.handle(event, self.stack.top):  # navigation keys first
                self.stack.handle_event(event)

    def quit_now(self) -> None:
        """Stop at the end of this frame (the window closed, its question answered)."""
        self.running = False

    def _retitle(self) -> None:
        """Name the game being played in the window's title (Blanco while Blanco is on the
        table or set up), the app's name elsewhere; set only when it changes."""
        caption = game_caption(self.stack.scenes, self.ctx.games) or CAPTION
        if caption != self.caption:
            self.caption = caption
            pygame.display.set_caption(caption)

    def step(self, dt: float | None = None) -> bool:
        """Run one frame: events, update, draw, flip. Returns False once the app should stop."""
        now = time.perf_counter()
        if dt is None:
            dt = now - self._last
        self._last = now
        elapsed = max(dt, 0.0)  # the player's time, even through slow frames
        dt = min(elapsed, MAX_DT)
        events, self._waited = self._waited + pygame.event.get(), []
        if events:
            self.stack.idle_for = 0.0
            self._busy_for = AFTER_INPUT
        else:
            self.stack.idle_for += elapsed
            self._busy_for -= elapsed
        for event in events:
            try:
                self._handle(event)
            except Exception:
                # One odd event (a synthetic one lacking fields, a device we never heard of)
                # must not take the game down; keep the traceback for logs and tests.
                tb = traceback.format_exc()
                self.errors.append(tb)
                log.error("error handling %s:\n%s", pygame.event.event_name(event.type), tb)
            if not self.running or not len(self.stack):
                break
        if not self.running or not len(self.stack):
            self.running = False
            self.stack.clear()  # every scene still gets its exit() (e.g. settings are saved)
            return False
        rescaled = self.canvas.sync(now)
        if rescaled:
            self._relabel("")  # scenes that made texts once make them at the new scale
        self.stack.update(dt)
        self._retitle()
        self.ring.update(dt)
        self.toast.update(dt)
        self.ctx.audio.update()  # (a piece waiting for a fade-out starts once it is over)
        self.drew_last = self._picture_may_change() or rescaled
        self._ambient_wait_ms = 0
        where: list[pygame.Rect] | None = None  # only ambient motion moves: draw it there
        ambient_only = False
        if self.drew_last and not rescaled:
            rate = getattr(self.stack.top, "ambient_fps", None)
            if rate and self.moves_only_ambiently():
                self._ambient_wait_ms = round(1000 / rate)
                ambient_only = True
                # The first such frame is drawn whole: this frame's update may have ended
                # what moved before (an animation's last step, a highlight appearing with it).
                if self._ambient_before:
                    where = self._ambient_pixels()
        self._ambient_before = ambient_only
        if self.drew_last:
            if where is None or not self._drew_in(where):
                self.draw()
                self.canvas.present()
                pygame.display.flip()
            self.frames_drawn += 1
        return bool(len(self.stack)) and self.running

    def _picture_may_change(self) -> bool:
        """Whether this frame must be drawn: input a moment ago, another scene, toast or
        window, a drawn scene that moves, or the focus ring moving."""
        top = self.stack.top
        key = (
            tuple(map(id, self.stack.scenes)),
            id(self.stack.overlay),
            self.toast.text,
            self.canvas.scale,
            tuple(self.canvas.rect),
            self.canvas.display.get_size(),
            top.redraw_key() if top is not None else None,
        )
        changed, self._drawn_key = key != self._drawn_key, key
        self._key_changed = changed
        # The frame in which a scene stops moving is drawn too: its update took the animation
        # to its end (bars grown whole, a total's last count), which no earlier frame showed.
        moving = self.stack.needs_redraw()
        came_to_rest, self._moving_before = self._moving_before and not moving, moving
        return changed or self._busy_for > 0 or moving or came_to_rest or self._ring_moving()

    def moves_only_ambiently(self) -> bool:
        """Whether this frame is drawn only for endless decorative motion (it would not be
        if that motion had already rested): no input a moment ago, nothing else changed."""
        if self._busy_for > 0 or self._key_changed:
            return False
        with self.stack.ambient_rested():
            return not (self.stack.needs_redraw() or self._ring_moving())

    def _ambient_pixels(self) -> list[pygame.Rect] | None:
        """Where a frame moving only ambient motion must be drawn, in the window's pixels: the
        places the last frame drew it, when the top scene marks all of it and is drawn straight
        into the window. None: draw the whole frame."""
        top = self.stack.top
        drawn = self._ambient_drawn
        if top is None or not top.marks_ambient or self.stack.overlay is not None:
            return None
        if drawn is None or drawn[0] is not top:
            return None
        pixels = gfx.pixels_of(self.canvas.surface)
        if pixels is not self.canvas.display:  # a picture scaled into the window: whole
            return None
        bounds = pixels.get_rect()
        rects = [gfx.pixel_rect(self.canvas.surface, rect).clip(bounds) for rect in drawn[1]]
        return merged([rect for rect in rects if rect.w and rect.h])

    def _drew_in(self, where: list[pygame.Rect]) -> bool:
        """Draw the frame clipped to `where` (pixel rects) and show only those: in a large
        window, showing the whole picture cost ten times its drawing. False when the frame drew
        its ambient motion elsewhere (the focus ring found its target gone and moved on, as it
        learns while drawing): then it must be drawn whole."""
        if where:
            pixels = self.canvas.display
            pixels.set_clip(where[0].unionall(where[1:]))
            try:
                self.draw()
            finally:
                pixels.set_clip(None)
            if self._ambient_pixels() != where:
                return False
            pygame.display.update(where)
        self.frames_partial += 1
        return True

    def _ring_moving(self) -> bool:
        """The focus ring, while shown: it glides, its tip waits or fades in, it breathes
        (ambient motion: it rests with the rest)."""
        ring = self.ring
        if not ring.visible or self.stack.top is None:
            return False
        if getattr(ring, "_glide", 1.0) < 1.0:
            return True
        rest = getattr(ring, "_rest", 0.0)
        if rest < focus.TIP_DELAY + 0.2:  # its tooltip shows, then fades in
            return True
        calm = bool(getattr(self.ctx.settings, "reduced_motion", False))
        return not calm and self.stack.top.ambient_live()

    def _placing(self) -> bool:
        """The first seconds after the window opened, while the window manager places it
        (a move after that is the player's, and is left alone)."""
        return time.perf_counter() - self._opened_at < PLACING_SECONDS

    def redraw(self) -> None:
        """Draw the next frame even if nothing seems to have changed (something outside the
        scenes changed what they show)."""
        self._drawn_key = None

    def finish_frame(self) -> None:
        """After a frame is shown, before waiting for the next: send the computers' moves asked
        for in it (botrunner.send_pending). Waking their worker process can take this CPU
        for a few ms (Linux may start it here); now that costs no frame, only idle time.
        Then the top scene's idle work (`Scene.idle`)."""
        # The runner's module loads with the first table's computers (not at start-up): until
        # then there is nothing to send.
        botrunner = sys.modules.get("game.core.botrunner")
        if botrunner is not None:
            botrunner.send_pending()
        top = self.stack.top
        if top is not None:
            top.idle()

    def draw(self) -> None:
        """Draw the stack and the toast onto the logical screen (no flip)."""
        if not self.stack.fills_screen:
            self.screen.fill(INK)
        self.ctx.layout.fit(gfx.view(self.screen))  # the table's regions: the window's shape
        top = self.stack.top
        for scene in self.stack.scenes:  # (one beneath a menu is drawn, and marks, too)
            scene.ambient_regions = []
        self.stack.draw(self.screen)
        self.ring.draw(self.screen, top)
        self.toast.draw(self.screen, top)
        if top is not None:
            ring = self.ring.breathing_region()
            self._ambient_drawn = (top, [*top.ambient_regions, *([ring] if ring else [])])

    def run(self, first_scene: Scene | None = None) -> None:
        """Loop at 60 fps until the stack empties or the window closes."""
        if first_scene is not None:
            self.stack.push(first_scene)
        self._last = time.perf_counter()
        while self.running:
            if not self.tick():
                break
        self.stack.clear()  # already empty unless step() raised

    def tick(self) -> bool:
        """One turn of the loop: wait (a 60 fps frame while the picture moves; while only
        ambient motion moves, 1/ambient_fps or until an event; while it is still, until an
        event or IDLE_WAIT_MS), run a frame, then the idle work."""
        if not self.waits_for_frames:
            dt = self._frame_time_without_waiting()
        elif self.drew_last and not self._ambient_wait_ms:
            dt = self.clock.tick(FPS) / 1000.0
        else:
            event = wait_for_event(self._ambient_wait_ms or IDLE_WAIT_MS)
            if event.type != pygame.NOEVENT:
                self._waited.append(event)  # handled first in step(), in its order
            dt = self.clock.tick() / 1000.0
        if not self.step(dt):
            return False
        self.finish_frame()
        return True

    def wait_for_frame(self) -> None:
        """After a drawn frame, wait for the next one at 60 fps; under the test hook only while
        a computer thinks in its worker (the frames then come as fast as they would for a
        player, and the worker has the CPU)."""
        if self.waits_for_frames or _computer_thinking():
            self.clock.tick(FPS)

    def _frame_time_without_waiting(self) -> float:
        """The test hook's turn: no sleep, and the time the frame would have taken. A still
        app yields the CPU for a millisecond (a computer's worker may be thinking on it)."""
        if self.drew_last:
            self.wait_for_frame()
            return 1 / FPS
        event = pygame.event.wait(1)
        if event.type != pygame.NOEVENT:
            self._waited.append(event)
        return IDLE_WAIT_MS / 1000

    def close(self) -> None:
        """End every scene (their exit hooks save and stop workers), then release pygame."""
        self.stack.clear()
        for closer in self.ctx.closers:  # (what a part started for the app's life)
            try:
                closer()
            except Exception:
                log.exception("closing the app: a part's closer failed")
        self.ctx.closers.clear()
        if pygame.display.get_init():
            window_mode.remember_size(self.ctx.data_dir, self._maximised)
        stop_sounds()
        pygame.quit()


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rects, those that overlap joined into the rect around both (until none overlap):
    a grid's highlighted cells become the grid, shown in one piece, not a pixel twice."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = pygame.Rect(rect)
        while (i := rect.collidelist(out)) >= 0:
            rect.union_ip(out.pop(i))
        out.append(rect)
    return out


def _computer_thinking() -> bool:
    """Whether a computer's move is being worked out (only once something loaded the bot
    runner: the title does not, so start-up does not pay for it)."""
    botrunner = sys.modules.get("game.core.botrunner")
    return botrunner is not None and bool(botrunner.thinking())
