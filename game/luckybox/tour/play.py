"""Lucky Box's part of the tour: a seeded game of one human (played by the normal computer's
choices, through clicks where the layout puts things) against two computers, shot at the draft,
a turn, a Lightning choice, a pending bonus, a step of a cascade, the round end and the game end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.luckybox.ui.table.kit import kit_of
from game.tour import DT, Step, Tour, TourError

if TYPE_CHECKING:
    from game.core.game import Bot
    from game.luckybox.ui.scenes.draft import DraftScene

#: A game is long; a faster animation speed keeps the tour short (every step is still drawn).
SPEED = 6.0
FAST = 0.1  # a frame's time once every moment is shot (the app's longest frame)
LIMIT = 40000  # frames; the seeded game ends well within this
#: A cascade step worth a picture: a token or a star flying from a completed line's icon (the
#: step after the glow and the circled icon), for the seat the tour plays.
CASCADE = ("TokenGained", "StarGained")

#: The moments shot during play; once all are taken, animations are skipped to the end.
MOMENTS = {"draft", "table-turn", "lightning", "bonus", "cascade", "round-end"}


def _setup(tour: Tour) -> None:
    tour.title("luckybox")
    tour.nav("luckybox.setup", seed=tour.seed)
    tour.frames(20)
    tour.shot("luckybox-setup")


def _play(tour: Tour) -> None:
    from game.core.session import Seat

    ctx = tour.ctx
    ctx.settings.animation_speed = SPEED
    ctx.settings.pass_screen = False
    seats = [Seat("Alex"), Seat("Sam", "normal"), Seat("Kim", "normal")]
    table = ctx.nav.make("luckybox.start_game", seats=seats, seed=tour.seed)
    tour.no_autosave(table)
    session = table.session
    chooser = session.game.bots.make_bot("normal", tour.seed, 0)
    try:
        Player(tour, table, chooser).play()
    finally:
        ctx.settings.animation_speed = 1.0  # the settings shot shows the usual speed


class Player:
    """Plays seat 0 by clicks, taking each shot the first time its moment comes."""

    def __init__(self, tour: Tour, table: Any, chooser: Bot) -> None:
        self.tour = tour
        self.table = table
        self.chooser = chooser
        self.taken: set[str] = set()
        self.watch_cascade = False

    def shot_once(self, name: str, settle: int = 0) -> None:
        if name not in self.taken:
            self.taken.add(name)
            self.tour.frames(settle) if settle else None
            self.tour.shot(f"luckybox-{name}")

    def play(self) -> None:
        tour, table = self.tour, self.table
        for _ in range(LIMIT):
            top = tour.top
            kind = type(top).__name__
            if kind == "GameEndScene":
                tour.frames(90)  # bars grow in
                self.shot_once("game-end")
                return
            if kind == "HandoffScene":
                tour.press(pygame.K_RETURN, 2)
            elif kind == "DraftScene":
                self.draft(top)
            elif kind == "RoundEndScene":
                self.shot_once("round-end", settle=120)
                tour.press(pygame.K_RETURN, 2)
            elif top is table:
                self.at_table()
            else:  # a scene we do not know (a tip, a dialog): Escape backs out of it
                tour.press(pygame.K_ESCAPE, 2)
        raise TourError("luckybox/play: the game did not end")

    def draft(self, scene: DraftScene) -> None:
        tour = self.tour
        state = self.table.state
        action = self.chooser.choose(state.view_for(scene.seat), scene.seat)
        keep = list(getattr(action, "cards", ())) or [getattr(action, "card", scene.hand[0])]
        for card in keep[: scene.need]:
            tour.click(scene.card_center(card))
        tour.frames(10)
        self.shot_once("draft")
        tour.click_widget("confirm", 2, scene)

    def at_table(self) -> None:
        tour, table = self.tour, self.table
        kit = kit_of(table)
        current = table.animator.current
        if (
            self.watch_cascade
            and current is not None
            and type(current).__name__ in CASCADE
            and getattr(current, "player", None) == table.focus
        ):
            tour.frames(2)  # in flight
            self.shot_once("cascade")
            self.watch_cascade = False
            return
        if table.confirming is not None and not table.animator.busy:
            tour.click(kit.buttons["next"].rect.center)
        elif table.human_turn():
            self.turn()
        elif self.taken >= MOMENTS and table.animator.busy:
            tour.press(pygame.K_SPACE)  # every moment is taken: skip on to the end
        else:
            tour.frames(1, FAST if self.taken >= MOMENTS else DT)

    def turn(self) -> None:
        from game.luckybox.rules import Cross, Pass, Resolve

        tour, table = self.tour, self.table
        kit = kit_of(table)
        state = table.state
        seat = table.focus
        legal = state.legal_actions(seat)
        if "table-turn" not in self.taken and any(
            isinstance(a, Cross) and not a.lightning for a in legal
        ):
            tour.hover(kit.board.rect.center, 10)
            self.shot_once("table-turn")
        lightning = [a for a in legal if isinstance(a, Cross) and a.lightning]
        if "lightning" not in self.taken and lightning:
            choice = lightning[0]
            tour.click(kit.square_center(choice.card, choice.cell), 10)
            if kit.selected_square is not None:
                self.shot_once("lightning")
            tour.press(pygame.K_ESCAPE, 2)  # put it back: the chosen move follows
        action = self.chooser.choose(state.view_for(seat), seat)
        before = len(state.actions)
        if isinstance(action, Resolve):
            tour.frames(10)
            self.shot_once("bonus")
            for key, rect in kit.pending_rects():
                if key == (action.card, action.line, action.index):
                    tour.click(rect.center)
            tour.click(kit.square_center(action.target_card, action.cell))
        elif isinstance(action, Pass):
            tour.click(kit.buttons["pass"].rect.center)
        else:
            tour.click(kit.square_center(action.card, action.cell))
            if action.lightning:
                tour.click(kit.buttons["spend"].rect.center)
        if len(state.actions) == before:  # the clicks missed (a layout change): say so plainly
            raise TourError(f"luckybox/play: {action} was not taken ({table.message})")
        self.watch_cascade = "cascade" not in self.taken


def steps() -> list[Step]:
    return [Step("setup", _setup), Step("play", _play)]
