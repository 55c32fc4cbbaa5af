"""No text is clipped or covered, at 1024x768, in every language, Large text included (issue
22, item 9).

Every scene a player reads is drawn for real in a 1024x768 window (the picture 1280x960
logical, the design centred), in English, French and German, at Normal and Large text. Every
text image the shared text cache made and the screen received is recorded with where its ink
landed; in the last frame of each scene (its entrance over):

* it lies inside the window, and inside the clip its box set (nothing cut off);
* no two texts of one frame overlap (ink on ink), nor stand side by side on one line closer
  than a space (two headings read as one word);
* a text is either inside a button or other widget (its label) or clear of every widget (a
  row's label running into its toggle);
* a switch's caption ("Computer" in a set-up's seat row) keeps 4 px clear of its knob.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core import i18n
from game.core.ui.app import App
from game.core.ui.table import Table
from game.core.ui.toolkit import gfx, window as window_mode
from game.core.ui.toolkit.inputs import Toggle
from game.core.ui.toolkit.text import TextCache
from tests import test_text_fits as fits
from tests.sweep import sampled
from tests.ui_helpers import frames

SLACK = 2  # px of antialiasing and rounding allowed where two rects meet
KNOB_GAP = 4  # px at least between a switch's caption and its knob
WORD_GAP = 4  # px at least between two texts side by side on one line
#: Scenes drawn over another (the veil and a panel over whatever was below), checked alone.
ALONE = {"pause", "dialog"}


class Frames:
    """The texts each frame put on the screen: (text, ink rect) in logical coordinates."""

    def __init__(self) -> None:
        self.made: dict[int, tuple[str, Any]] = {}  # id(image) -> (text, image)
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self.clipped: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # (text, ink, clip)
        self.problems: list[str] = []
        self.scene = ""
        self.watch: Any = None  # the walk's own record: it names the table scenes
        self.frames = 0
        self.last_app: Any = None
        #: (scene, on) of every switch whose caption was checked against its knob.
        self.switches: set[tuple[str, bool]] = set()

    def settled(self) -> None:
        """Check the last frame drawn: the scene as it stands once its entrance is over."""
        if self.last_app is not None and self.drawn:
            self.check(self.last_app)

    def check(self, app: Any) -> None:
        """One frame's texts against each other, the window and the scene's widgets."""
        self.frames += 1
        view = gfx.view(app.screen)
        top = app.stack.top
        widgets = [
            pygame.Rect(w.rect)
            for w in getattr(top, "widgets", {}).values()
            if getattr(w, "visible", True)
        ]
        texts = [(t, r) for t, r in self.drawn if any(ch.isalpha() for ch in t)]
        scene = self.watch.scene if self.watch is not None else self.scene
        large = "+large" if app.ctx.settings.text_size == "large" else ""
        where = f"[{i18n.language()}{large}] {scene}"
        for text, rect in texts:
            if not view.inflate(2 * SLACK, 2 * SLACK).contains(rect):
                self.bad(f"{where}: {text!r} at {tuple(rect)} leaves the window {tuple(view)}")
            holders = [w for w in widgets if w.collidepoint(rect.center)]
            if holders:
                if not any(w.inflate(2 * SLACK, 2 * SLACK).contains(rect) for w in holders):
                    self.bad(f"{where}: {text!r} at {tuple(rect)} spills out of its widget")
            else:
                for w in widgets:
                    if rect.inflate(-2 * SLACK, -2 * SLACK).colliderect(w):
                        self.bad(f"{where}: {text!r} at {tuple(rect)} runs into {tuple(w)}")
        for switch in getattr(top, "widgets", {}).values():
            if not isinstance(switch, Toggle) or not switch.visible:
                continue
            knob = switch.knob_rect()
            for text, rect in texts:
                if not pygame.Rect(switch.rect).collidepoint(rect.center):
                    continue
                self.switches.add((scene, switch.value))
                gap = max(knob.left - rect.right, rect.left - knob.right)
                if gap < KNOB_GAP:
                    self.bad(f"{where}: {text!r} at {tuple(rect)} is {gap} px from its knob")
        for text, rect, clip in self.clipped:
            if any(ch.isalpha() for ch in text):
                self.bad(f"{where}: {text!r} at {tuple(rect)} is cut by its box {tuple(clip)}")
        for i, (a, ra) in enumerate(texts):
            for b, rb in texts[i + 1 :]:
                if a == b:
                    continue
                if ra.inflate(-2 * SLACK, -2 * SLACK).colliderect(rb):
                    self.bad(f"{where}: {a!r} {tuple(ra)} overlaps {b!r} {tuple(rb)}")
                    continue
                # Side by side on one line, closer than a space: read as one word
                # ("victoiresparties").
                shared = min(ra.bottom, rb.bottom) - max(ra.top, rb.top)
                gap = max(rb.left - ra.right, ra.left - rb.right)
                if shared > min(ra.h, rb.h) // 2 and gap < WORD_GAP:
                    self.bad(f"{where}: {a!r} {tuple(ra)} runs into {b!r} {tuple(rb)}")

    def bad(self, line: str) -> None:
        if line not in self.problems:
            self.problems.append(line)


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[Frames]:
    yield from watched_frames(monkeypatch)


def watched_frames(monkeypatch: pytest.MonkeyPatch) -> Iterator[Frames]:
    """The texts each frame draws, recorded (`Frames`) while the generator is open."""
    record = Frames()
    render, outlined = TextCache.render, TextCache.render_outlined
    blit, draw = gfx.HiSurface.blit, App.draw

    def tagged_render(self: TextCache, text: str, *args: Any, **kwargs: Any) -> Any:
        image = render(self, text, *args, **kwargs)
        record.made[id(image)] = (text, image)
        return image

    def tagged_outlined(self: TextCache, text: str, *args: Any, **kwargs: Any) -> Any:
        image = outlined(self, text, *args, **kwargs)
        record.made[id(image)] = (text, image)
        return image

    def watched_blit(self: gfx.HiSurface, source: Any, dest: Any = (0, 0), *a: Any) -> Any:
        done = blit(self, source, dest, *a)
        known = record.made.get(id(source))
        if known is not None and known[1] is source and self is _screen[0] and not a:
            ink = source.get_bounding_rect()
            if ink.w and ink.h:
                x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else dest[:2]
                ink = ink.move(round(x), round(y))
                record.drawn.append((known[0], ink))
                clip = self.get_clip()
                if not clip.inflate(2 * SLACK, 2 * SLACK).contains(ink):
                    record.clipped.append((known[0], ink, clip))
        return done

    def watched_draw(self: App) -> None:
        _screen[0] = self.screen
        record.drawn, record.clipped = [], []
        for scene in self.stack.scenes:  # parts that keep what they drew draw every text again
            if isinstance(scene, Table):
                scene.draw_anew()
        draw(self)
        record.last_app = self

    _screen: list[Any] = [None]
    monkeypatch.setattr(TextCache, "render", tagged_render)
    monkeypatch.setattr(TextCache, "render_outlined", tagged_outlined)
    monkeypatch.setattr(gfx.HiSurface, "blit", watched_blit)
    monkeypatch.setattr(App, "draw", watched_draw)
    monkeypatch.setenv("SMLB_NO_FIRST_TIME", "1")
    yield record
    i18n.set_language("en")


def _walk(app: Any, seen: Frames) -> None:
    show = fits.show

    def named(app_: Any, watch: Any, name: str, scene: Any, n: int = 3, shot: bool = False) -> Any:
        seen.settled()  # the scene before, as it was left
        seen.scene = name
        seats = getattr(scene, "widgets", {})
        if "computer_0" in seats and "computer_1" in seats:  # a set-up: a seat of each kind
            seats["computer_0"].set(False)
            seats["computer_1"].set(True)
        return show(app_, watch, name, scene, n)

    def at_shot(app_: Any, name: str) -> None:  # the walk's tables and draft, once settled
        seen.settled()

    def settled_press(app_: Any, key: int, steps: int = 1) -> bool:  # each How to play page
        frames(app_, 8, dt=0.1)  # the page has turned
        app_.redraw()
        frames(app_, 1)
        seen.settled()
        return press(app_, key, steps)

    fits.show = named  # type: ignore[assignment]  # the walk's own steps, named for the report
    shot, fits.screenshot = fits.screenshot, at_shot  # type: ignore[assignment]  # swapped in for this walk
    press, fits.press = fits.press, settled_press  # type: ignore[assignment]  # swapped in for this walk
    seen.scene = "start"
    try:
        watch = seen.watch = fits.Watch()
        fits.walk(app, watch, shots=True)
        fits.walk_ends(app, watch, shots=False)
    finally:
        fits.show = show  # type: ignore[assignment]  # (restored for other tests)
        fits.screenshot = shot  # type: ignore[assignment]  # (restored)
        fits.press = press  # type: ignore[assignment]  # (restored)


@sampled(lang=["en", "fr", "de"], large=[False, True])  # each size drawn anew each run (sweep.py)
def test_no_text_is_clipped_or_covered_at_1024x768(
    app: Any, seen: Frames, lang: str, large: bool
) -> None:
    window_mode.the_window().size = (1024, 768)
    app.settle_window()
    if large:
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
    i18n.set_language(lang)
    _walk(app, seen)
    frames(app, 1)
    seen.settled()
    assert seen.frames > 15  # the scenes were really drawn and checked
    # Both games' seat rows were checked with the switch on "Human" and on "Computer".
    seat_rows = {(scene, on) for scene in ("setup", "blanco_setup") for on in (False, True)}
    assert seat_rows <= seen.switches, seen.switches
    assert not app.errors, app.errors[0]
    assert seen.problems == [], "\n".join(seen.problems)


def test_the_check_catches_text_on_text_and_text_running_into_a_widget(
    app: Any, seen: Frames
) -> None:
    """The instrument itself: two labels drawn on each other, and a label drawn across a
    button, are both reported."""
    from game.core.ui.scene import UIScene
    from game.core.ui.toolkit.widgets import Button

    window_mode.the_window().size = (1024, 768)
    app.settle_window()
    scene = UIScene(app.ctx)
    scene.add("ok", Button((600, 300, 200, 60), "OK", lambda: None))
    base_draw = scene.draw

    def draw(surface: Any) -> None:
        base_draw(surface)
        text = app.ctx.text
        surface.blit(text.render("Alpha beta", 30, (255, 255, 255)), (100, 100))
        surface.blit(text.render("Gamma delta", 30, (255, 255, 255)), (120, 110))
        surface.blit(text.render("Across the button", 30, (255, 255, 255)), (500, 310))

    scene.draw = draw  # type: ignore[method-assign]  # a probe scene drawing planted overlaps
    app.stack.clear_to(scene)
    seen.scene = "probe"
    frames(app, 2)
    seen.settled()
    assert any("'Alpha beta'" in p and "overlaps" in p for p in seen.problems), seen.problems
    assert any("'Across the button'" in p and "runs into" in p for p in seen.problems)
