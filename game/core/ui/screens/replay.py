"""The replay screen: watching a kept game again, its table driven by the record's actions with
every animation, under Pause / Step / Speed controls. Nothing is saved; the record is only read.

For a new game's author: subclass `ReplayScreen` in your `ui/scenes/replay.py`, say which table
shows the game (`make_table`, the core `Table` around your kit, built with `driven=True`) and
the route of your game id (`game_id`: its routes, its record's rules and its refusal words
follow from it); the rest is shared. Optional: `button_rects` (where the four
controls sit, by default over the table's own bottom-right buttons), `pause_after` (the beat
between two actions) and `progress_line` (the status line's wording)::

    class ReplayScene(ReplayScreen):
        game_id = "mygame"

        def make_table(self, session):
            return Table(self.ctx, session, MyKit, demo=True, driven=True)

(A game with a table kit and no replay of its own gets core's, `screens/plain.py`.)

Keys: Space pause/play, Right (or .) step, + / - speed, Esc back; a click skips the step being
animated, as at the table.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import pygame

from game.core import i18n
from game.core.i18n import lt, t
from game.core.session import Session
from game.core.turns import BOT_PAUSE
from game.core.ui import soundtrack
from game.core.ui.scene import Scene
from game.core.ui.table.refusals import refusal_words
from game.core.ui.toolkit.widgets import Button

if TYPE_CHECKING:
    from game.core.ui.context import Context

SPEEDS = (0.5, 1.0, 2.0, 4.0)
FASTER_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
#: Where the controls sit unless a game says otherwise: a 2x2 block in the bottom-right corner.
DEFAULT_BUTTONS = {
    "play": (1008, 608, 124, 40),
    "step": (1140, 608, 124, 40),
    "speed": (1008, 656, 124, 40),
    "back": (1140, 656, 124, 40),
}


def speed_text(speed: float) -> str:
    """A speed as a factor ("0.5x", "2x") in the language of the moment."""
    return t("replay.speed_factor", "{speed}x", speed=i18n.short(speed))


class _NoThinking:
    """A replay's computer seat: the record says what it did, so asking it is a bug."""

    def choose(self, view: object, player: int) -> NoReturn:
        raise RuntimeError("a replay's seats do not think: the record says what happened")


class ReplayScreen(Scene):
    """A game's table driven by a record (see the module's docstring for what a game gives).

    `title` names the record in the status line ("" says "Replay"); `on_back` is what Back does
    (None: pop this scene)."""

    fills_screen = True
    #: The game's id: its end scene is the route `{game_id}.game_end`, made with `session`,
    #: `again` and `back`.
    game_id = ""

    @property
    def music(self) -> soundtrack.Piece:
        """The game's own loop, as at its table."""
        return soundtrack.Piece(soundtrack.game_sounds(self.ctx, self.game_id).music)

    def __init__(
        self,
        ctx: Context,
        record: dict[str, object],
        title: str = "",
        on_back: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(ctx)
        game = ctx.game_ui(self.game_id).game
        session, actions = Session.from_record(record, game)  # RecordError (one line) if bad
        for seat in session.bots:  # nobody thinks here: the record says what happened
            session.bots[seat] = _NoThinking()
        self.session = session
        self.state = session.state
        self.table = self.make_table(session)
        self.table.end_scene = self.end_scene
        self.table.status_line = self.status
        self.animator = self.table.animator
        self.record = record
        self.title = title
        self.on_back = on_back
        self.script: deque[object] = deque(actions)
        self.total = len(actions)
        self.paused = False
        self.stepping = False  # play one more step, then pause again
        self.stepped = False
        self.speed_index = SPEEDS.index(1.0)
        self.wait = 0.0
        self.problem = ""  # a record whose actions stop being legal says so and stops
        rects = self.button_rects()
        self.buttons = {
            "play": Button(
                rects["play"],
                self._play_label,
                self.toggle_pause,
                key=pygame.K_SPACE,
                colour=(60, 190, 90),
                text_size=28,
            ),
            "step": Button(
                rects["step"],
                lt("replay.step", "Step"),
                self.step,
                key=(pygame.K_RIGHT, pygame.K_PERIOD),
                colour=(90, 120, 230),
                text_size=28,
            ),
            "speed": Button(
                rects["speed"],
                self._speed_label,
                self.cycle_speed,
                colour=(230, 140, 40),
                text_size=26,
            ),
            "back": Button(
                rects["back"],
                lt("replay.back", "Back"),
                self.back,
                key=pygame.K_ESCAPE,
                colour=(120, 90, 170),
                text_size=28,
            ),
        }
        for button in self.buttons.values():
            button.on_feedback = ctx.play

    # ------------------------------------------------------------ what a game gives

    def make_table(self, session: Session) -> Any:
        """The game's table for this session, built with `demo=True, driven=True`."""
        raise NotImplementedError

    def button_rects(self) -> Mapping[str, pygame.FRect | Sequence[float]]:
        """Where "play", "step", "speed" and "back" sit (1280x720 coordinates)."""
        return dict(DEFAULT_BUTTONS)

    def pause_after(self, state: Any) -> float:
        """Seconds (at speed 1) between one action and the next, as a computer would take."""
        return BOT_PAUSE

    def progress_line(self, title: str, done: int, total: int) -> str:
        """The status line while the record plays: how far along, and paused or how fast."""
        if self.paused:
            return t(
                "replay.status_paused",
                "{title}: step {done} of {total}. Paused.",
                title=title,
                done=done,
                total=total,
            )
        return t(
            "replay.status_playing",
            "{title}: step {done} of {total}. Playing at {speed}.",
            title=title,
            done=done,
            total=total,
            speed=speed_text(self.speed),
        )

    # ------------------------------------------------------------ controls

    def exit(self) -> None:
        self.table.exit()

    @property
    def focus(self) -> int:
        return int(self.table.focus)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def _play_label(self) -> str:
        return t("replay.play", "Play") if self.paused else t("replay.pause", "Pause")

    def _speed_label(self) -> str:
        return t("replay.speed", "Speed {speed}", speed=speed_text(self.speed))

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.stepping = False

    def step(self) -> None:
        """While paused: play the next step (an action or a chance step) and pause again."""
        if not self.paused:
            self.toggle_pause()
        self.stepping, self.stepped = True, False

    def faster(self) -> None:
        """ "+": one speed up, staying at the top speed (a key that wrapped to the slowest
        would surprise whoever pressed it to go faster)."""
        self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)

    def cycle_speed(self) -> None:
        """The Speed button: the next speed, round to the slowest after the top one (the mouse
        has no "-"; the keys + and - go one way each)."""
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)

    def slower(self) -> None:
        self.speed_index = max(0, self.speed_index - 1)

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()
        else:
            self.ctx.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.slower()
            return
        if event.type == pygame.KEYDOWN and event.key in FASTER_KEYS:
            if self.speed_index == len(SPEEDS) - 1:
                self.buttons["speed"].refuse()  # already the top speed: it says so by a shake
            else:
                self.faster()
            return
        for button in self.buttons.values():
            if button.handle_event(event):
                return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", 1) == 1
            and self.animator.busy
        ):
            self.animator.skip(self.focus)

    # ------------------------------------------------------------ playing

    @property
    def frozen(self) -> bool:
        return self.paused and not self.stepping

    def needs_redraw(self) -> bool:
        """A playing record moves; paused it is still (its animation stops where it is), and
        at its end once the last step is shown; a refused button still shakes."""
        if any(button.shake > 0 for button in self.buttons.values()):
            return True
        if self.frozen:
            return False
        over = self.state.is_terminal() or bool(self.problem)
        return not over or self.animator.busy or bool(self.animator.held)

    def update(self, dt: float) -> None:
        for button in self.buttons.values():
            button.update(dt)
        if self.frozen:
            return
        adt = self.ctx.anim_dt(dt) * self.speed
        self.table.time += dt
        self.animator.update(adt, self.focus)
        if self.animator.busy or self.animator.held:
            return
        if self.stepping and self.stepped:  # the step has played out: pause again
            self.stepping = self.stepped = False
            return
        if self.state.is_terminal() or self.problem:
            return
        if self.session.chance_due():
            self.session.advance()
            self.stepped = True
            return
        if not self.script:
            self.problem = t(
                "replay.unfinished", "The record ends here: the game was not finished."
            )
            return
        self.wait -= adt
        if self.wait > 0 and not self.stepping:
            return
        action = self.script.popleft()
        self.table.focus = getattr(action, "player", self.focus)  # follow whoever plays
        outcome = self.session.apply(action)
        if not outcome.ok:
            why = refusal_words(self.game_id, outcome.refusal or "", self.state.names)
            self.problem = t("replay.broken", "The record stops making sense here: {why}", why=why)
            return
        self.stepped = True
        self.wait = self.pause_after(self.state)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        over = self.state.is_terminal() or bool(self.problem)
        self.buttons["play"].enabled = not over
        self.buttons["step"].enabled = not over
        self.table.draw(surface)
        for name, rect in self.button_rects().items():  # they follow the window's shape
            self.buttons[name].rect = pygame.FRect(rect)
        for button in self.buttons.values():
            button.draw(surface, self.ctx.text)

    def status(self) -> str:
        """The table's status line while it is driven: the problem, or the progress."""
        if self.problem:
            return self.problem
        title = self.title or t("replay.title", "Replay")
        return self.progress_line(title, self.total - len(self.script), self.total)

    def end_scene(self) -> Scene:
        """The game's end scene, its buttons "Watch again" and "Back"."""

        def again() -> None:
            self.ctx.stack.replace(type(self)(self.ctx, self.record, self.title, self.on_back))

        return self.ctx.nav.make(
            f"{self.game_id}.game_end",
            session=self.session,
            again=(lt("replay.watch_again", "Watch again"), again),
            back=(lt("replay.back", "Back"), self.back),
        )
