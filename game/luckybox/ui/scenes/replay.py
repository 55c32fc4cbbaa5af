"""Watching a kept game again: a table driven by the record's actions, with every animation,
under Pause / Step / Speed controls. Nothing is saved; the record is only read. The replay
composes a table (it does not inherit one): the table shows, this scene drives it."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import pygame

from game.core import i18n
from game.core.i18n import lt, t
from game.core.session import Session
from game.core.turns import BOT_PAUSE
from game.core.ui.scene import Scene
from game.core.ui.widgets import Button
from game.luckybox.rules.game import LUCKYBOX
from game.luckybox.rules.state import OVER, PLAY
from game.luckybox.ui.refusal_words import say_refusal
from game.luckybox.ui.scenes.table import TableScene

SPEEDS = (0.5, 1.0, 2.0, 4.0)


class ReplayScene(Scene):
    """A table driven by a record. Keys: Space pause/play, Right step, +/- speed, Esc back;
    a click skips the step being animated, as at the table."""

    fills_screen = True

    def __init__(self, ctx: Any, record: dict[str, Any], title: str = "",
                 on_back: Callable[[], None] | None = None) -> None:
        super().__init__(ctx)
        session, actions = Session.from_record(record, LUCKYBOX)
        for seat in session.bots:  # nobody thinks here: the record says what happened
            session.bots[seat] = None
        self.table = TableScene(ctx, session, demo=True, driven=True)
        self.table.end_scene = self.end_scene
        self.table.status_line = self._status
        self.session = session
        self.state = session.state
        self.animator = self.table.animator
        self.record = record
        self.title = title  # "" says "Replay" in the player's language
        self.on_back = on_back
        self.script: deque = deque(actions)
        self.paused = False
        self.stepping = False  # play one more step, then pause again
        self.stepped = False
        self.speed_index = SPEEDS.index(1.0)
        self.wait = 0.0
        self.problem = ""  # a record whose actions stop being legal says so and stops
        layout = ctx.layout
        self.buttons = {
            "play": Button(layout.region("button_pass"), lt("replay.pause", "Pause"),
                           self.toggle_pause,
                           key=pygame.K_SPACE, colour=(60, 190, 90), text_size=28),
            "step": Button(layout.region("button_undo"), lt("replay.step", "Step"), self.step,
                           key=(pygame.K_RIGHT, pygame.K_PERIOD), colour=(90, 120, 230),
                           text_size=28),
            "speed": Button(layout.region("button_hint"),
                            lt("replay.speed", "Speed {speed}x", speed=1), self.faster,
                            key=(pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS),
                            colour=(230, 140, 40), text_size=26),
            "back": Button(layout.region("button_menu"), lt("replay.back", "Back"), self.back,
                           key=pygame.K_ESCAPE, colour=(120, 90, 170), text_size=28),
        }
        for button in self.buttons.values():
            button.on_feedback = ctx.play

    def exit(self) -> None:
        self.table.exit()

    @property
    def focus(self) -> int:
        return self.table.focus

    # ------------------------------------------------------------ controls

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.stepping = False
        self.buttons["play"].label = (lt("replay.play", "Play") if self.paused
                                      else lt("replay.pause", "Pause"))

    def step(self) -> None:
        """While paused: play the next step (a move or a reveal) and pause again."""
        if not self.paused:
            self.toggle_pause()
        self.stepping, self.stepped = True, False

    def faster(self) -> None:
        self.set_speed((self.speed_index + 1) % len(SPEEDS))

    def slower(self) -> None:
        self.set_speed(max(0, self.speed_index - 1))

    def set_speed(self, index: int) -> None:
        self.speed_index = index
        speed = self.speed
        self.buttons["speed"].label = lt("replay.speed", "Speed {speed}x", speed=i18n.short(speed))

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()
        else:
            self.ctx.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.slower()
            return
        for button in self.buttons.values():
            if button.handle_event(event):
                return
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                and self.animator.busy):
            self.animator.skip(self.focus)

    # ------------------------------------------------------------ playing

    @property
    def frozen(self) -> bool:
        return self.paused and not self.stepping

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
        if self.state.phase == OVER or self.problem:
            return
        if self.session.chance_due():
            self.session.advance()
            self.stepped = True
            return
        if not self.script:
            self.problem = t("replay.ends", "The record ends here: the game was not finished.")
            return
        self.wait -= adt
        if self.wait > 0 and not self.stepping:
            return
        action = self.script.popleft()
        self.table.focus = action[0]
        outcome = self.session.apply(action)
        if not outcome.ok:
            self.problem = t("replay.broken", "The record stops making sense here: {why}",
                             why=say_refusal(outcome.refusal or "", self.session.state.names))
            return
        self.stepped = True
        self.wait = BOT_PAUSE if self.state.phase == PLAY else BOT_PAUSE / 2

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        over = self.state.phase == OVER or bool(self.problem)
        self.buttons["play"].enabled = not over
        self.buttons["step"].enabled = not over
        self.table.draw(surface)
        for button in self.buttons.values():
            button.draw(surface, self.ctx.text)

    def _status(self) -> str:
        if self.problem:
            return self.problem
        done = len(self.state.actions)
        total = done + len(self.script)
        title = self.title or t("replay.title", "Replay")
        if self.paused:
            return t("luckybox.replay.status_paused", "{title}: move {n} of {total}. Paused.",
                     title=title, n=done, total=total)
        return t("luckybox.replay.status_playing",
                 "{title}: move {n} of {total}. Playing at {speed}x.", title=title, n=done,
                 total=total, speed=i18n.short(self.speed))

    def end_scene(self) -> Any:
        def again() -> None:
            self.ctx.stack.replace(ReplayScene(self.ctx, self.record, self.title, self.on_back))

        return self.ctx.nav.make("luckybox.game_end", session=self.session,
                                 again=(lt("replay.watch_again", "Watch again"), again),
                                 back=(lt("replay.back", "Back"), self.back))
