"""The tour: `python main.py --tour DIR [--lang LANG] [--game ID] [--window WxH]`
saves a PNG of every scene and key moment to DIR and exits (for checking by eye, and for the
README).

The tour is a list of named steps. A step is a function that drives a real `App` through posted
events (or a seeded demo session) to a moment and calls `tour.shot(name)` once or more; every
step starts from whatever the previous one left, so it should first put the scenes it needs on
the stack (`tour.title(game)`, `tour.nav(...)`). Everything is seeded: the same tour gives the
same pictures.

A game's own steps live with the game: the module its UI descriptor names (`GameUI.tour`, e.g.
`game/<id>/tour/`) has `steps() -> list[Step]` (and `GUIDED_MOMENTS`, the guided game's moments
the How to play step pictures); they come where `GAME_STEPS` stands in `MODULES`. Steps for
every game (How to play, settings, ...): write a module `game/tour/<topic>.py` with

    from game.tour import Step, Tour

    def _pages(tour: Tour) -> None:
        ...
        tour.shot(f"{tour.game}-howto-1")

    def steps(game: str) -> list[Step]:
        return [Step("howto", _pages, after="setup")]

and name the module in `MODULES` below (modules not written yet are skipped). `after` places a
step after the named one (else the step goes before the common closing steps).
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import tempfile
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

if TYPE_CHECKING:
    from types import ModuleType

    from pygame.typing import Point

    from game.core.ui.app import App
    from game.core.ui.game_ui.descriptor import GameUI

log = logging.getLogger(__name__)

#: Where, in `MODULES`, the toured game's own steps come (its UI descriptor's `tour` module).
GAME_STEPS = "<the game's own>"
#: The modules that give steps, in order; each has `steps(game) -> list[Step]`.
MODULES = (
    "game.tour.common",
    GAME_STEPS,
    "game.tour.howto",
    "game.tour.closing",
)
DT = 1 / 60  # one frame, as the game runs
SEED = 7  # the tour's games are dealt from this seed (the same tour, the same pictures)


@dataclass(frozen=True)
class Step:
    """One named part of the tour: `run(tour)` drives the app and takes its shots."""

    name: str
    run: Callable[[Tour], None]
    #: Put this step right after the step of that name (None: in module order).
    after: str | None = None


class TourError(RuntimeError):
    """A step could not reach its moment (the message says which and why)."""


class Tour:
    """Drives one app for the steps: posted events, frames, and saving what the window shows."""

    def __init__(
        self, app: App, folder: Path, game: str, seed: int = SEED, own: ModuleType | None = None
    ) -> None:
        self.app = app
        self.ctx = app.ctx
        self.folder = Path(folder)
        self.game = game
        self.seed = seed
        #: The game's own tour module (`GameUI.tour`), or None.
        self.own = own
        self.shots: list[Path] = []
        self.step_name = ""

    # ------------------------------------------------------------------ driving

    @property
    def top(self) -> Any:  # the game's own scene: steps read its attributes
        return self.app.stack.top if len(self.app.stack) else None

    def top_is(self, *names: str) -> bool:
        """Whether the top scene's class is one of these names (scenes are not imported here:
        other games' modules stay unloaded)."""
        return self.top is not None and type(self.top).__name__ in names

    def frames(self, n: int = 1, dt: float = DT) -> None:
        for _ in range(n):
            if not self.app.step(dt):
                raise TourError(f"{self.step_name}: the app stopped")
            self.app.finish_frame()  # as the app's own loop: computers' moves go out now
            self._computers_answer()

    def _computers_answer(self) -> None:
        """Wait for a computer's move being thought about. The tour runs frames as fast as it
        can, with no 60 fps wait: without this, a game's frame budget (LIMIT) could run out
        while the worker process, starved of CPU, was still thinking."""
        wait = getattr(getattr(self.top, "turns", None), "wait_for_computer", None)
        if wait is not None:
            wait()

    def click(self, pos: Point, frames: int = 1) -> None:
        """Move to `pos` (logical coordinates), press and release the left button there."""
        p = (round(pos[0]), round(pos[1]))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
        self.frames(frames)

    def hover(self, pos: Point, frames: int = 1) -> None:
        """Move the mouse to `pos` and keep it there for `frames` frames."""
        p = (round(pos[0]), round(pos[1]))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
        )
        self.frames(frames)

    def click_widget(self, name: str, frames: int = 1, scene: Any = None) -> None:
        scene = scene or self.top
        self.click(scene.widget(name).rect.center, frames)

    def press(self, key: int, frames: int = 1, unicode: str = "") -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)
        )
        pygame.event.post(
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0)
        )
        self.frames(frames)

    def until(
        self,
        done: Callable[[], bool],
        limit: int = 3000,
        what: str = "",
        each: Callable[[], None] | None = None,
    ) -> None:
        """Run frames until `done()`; `each()` runs before every frame (e.g. press Next)."""
        for _ in range(limit):
            if done():
                return
            if each is not None:
                each()
                if done():
                    return
            self.frames(1)
        raise TourError(f"{self.step_name}: never reached {what or 'its moment'}")

    def nav(self, route: str, **kw: object) -> Any:
        """Push the scene of a route (ctx.nav) and let it draw."""
        scene = self.ctx.nav.push(route, **kw)
        self.frames(2)
        return scene

    def title(self, game: str | None = None, settle: float = 1.0) -> Any:
        """A fresh title screen on the game's tab, its entrance animation finished."""
        scene = self.ctx.nav.make("title")
        self.app.stack.clear_to(scene)
        self.frames(1)
        if game is not None:
            scene.choose_game(game)
        self.frames(max(1, round(settle / DT)))
        return scene

    def no_autosave(self, table: object) -> None:
        """The tour's tables keep no autosave (it plays in a scratch folder and each write
        waits for the disk); a finished game is still filed for Statistics and Replays."""
        keeper = getattr(table, "keeper", None)
        if keeper is not None:
            keeper.save = lambda *_args: None

    # ------------------------------------------------------------------ shots

    def shot(self, name: str) -> Path:
        """Save what the window shows now to DIR/NAME.png (at the window's size)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{name}.png"
        image = window_image(self.app)
        pygame.image.save(image, str(path))
        self.shots.append(path)
        log.info("tour: %s", path.name)
        return path


def window_image(app: App) -> pygame.Surface:
    """What the window shows: the app's own picture at the window's size when it has one."""
    shown = getattr(app, "window_image", None)
    if shown is not None:
        return shown()
    return app.screen.copy()


# ---------------------------------------------------------------------- the list of steps


def own_steps(game: GameUI) -> ModuleType | None:
    """A game's own tour module (its UI descriptor's `tour`), or None when it has none."""
    return importlib.import_module(game.tour) if game.tour else None


def steps_for(game: GameUI) -> list[Step]:
    """Every step of one game's tour (`game`: its UI descriptor), in order: each module's
    steps, the game's own where `GAME_STEPS` stands, then those placed `after` another step."""
    ordered: list[Step] = []
    placed: list[Step] = []
    for name in MODULES:
        if name == GAME_STEPS:
            own = own_steps(game)
            found = own.steps() if own is not None else []
        else:
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as e:
                if e.name != name:  # the module exists but something it imports does not
                    raise
                continue
            found = module.steps(game.id)
        for step in found:
            (placed if step.after else ordered).append(step)
    for step in placed:
        names = [s.name for s in ordered]
        at = names.index(step.after) + 1 if step.after in names else _closing_index(ordered)
        ordered.insert(at, step)
    return ordered


def _closing_index(ordered: list[Step]) -> int:
    names = [s.name for s in ordered]
    return names.index("closing") if "closing" in names else len(ordered)


def run_tour(
    folder: str | Path,
    games: Sequence[GameUI],
    game: str | None = None,
    lang: str | None = None,
    window: tuple[int, int] | None = None,
    seed: int = SEED,
    only: Collection[str] | None = None,
) -> list[Path]:
    """Run the tour of one game (or each of `games`, the catalog's UI descriptors) into
    `folder`; returns the PNGs written, in order. `only`: the names of the steps to take (the
    others are left out; each step puts up the scenes it needs), so that a tour can be checked
    in parts.

    The tour plays in a fresh data folder of its own, so the player's settings, saved game and
    statistics are neither used nor changed."""
    from game.core import i18n
    from game.core.ui.app import App

    previous = i18n.language()
    if lang:
        force = getattr(i18n, "force_language", None)  # --lang wins over the settings
        if force is not None:
            force(lang)
        i18n.set_language(lang)
    folder = Path(folder)
    written: list[Path] = []
    failed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="smlb-tour-") as data:
        app = App(data_dir=Path(data), games=games, window=window)
        try:
            if lang:
                i18n.set_language(lang)
            app.ctx.settings.music = False
            stop_music = getattr(app.ctx.audio, "set_music", None)  # (on by default: it started)
            if stop_music is not None:
                stop_music(False, app.ctx.settings.music_volume)
            for toured in [g for g in games if game in (None, g.id)]:
                game_id = toured.id
                tour = Tour(app, folder, game_id, seed, own=own_steps(toured))
                for step in steps_for(toured):
                    if only is not None and step.name not in only:
                        continue
                    tour.step_name = f"{game_id}/{step.name}"
                    try:
                        step.run(tour)
                    except TourError as e:  # one broken step must not cost the other pictures
                        log.error("tour: %s", e)
                        failed.append(str(e))
                        app.running = True
                        app.ctx.settings.animation_speed = 1.0
                written.extend(tour.shots)
            shown_in = i18n.language()  # the language the pictures were taken in
        finally:
            app.close()
            if lang:  # as it was (the command line exits anyway; tests go on)
                force = getattr(i18n, "force_language", None)
                if force is not None:
                    force(None)
                i18n.set_language(previous)
    manifest = {
        "language": shown_in,
        "window": list(window) if window else None,
        "shots": [p.name for p in written],
        "failed": failed,
    }
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tour.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    if failed:
        raise TourError("; ".join(failed))
    return written
