"""Blanco's part of the tour: the set-up screen, then a seeded game of three computers watched at
the table, shot at a turn, a row or column being cleared, a chain reaction and the game end.
The game is kept like a played one, so statistics and replays show it afterwards."""

from __future__ import annotations

from typing import Any

import pygame

from game.tour import DT, Step, Tour, TourError

SPEED = 6.0
FAST = 0.1  # a frame's time once every moment is shot (the app's longest frame)
LIMIT = 40000  # frames; the seeded game ends well within this
TURN_SHOT = 6  # the table is shot at the start of this turn (the grids have filled a little)


def _setup(tour: Tour) -> None:
    tour.title("blanco")
    scene = tour.nav("blanco.setup")
    seed = scene.widgets.get("seed")
    if seed is not None and hasattr(seed, "text"):  # its seed is random: the tour's is fixed
        seed.text = str(tour.seed)
    tour.frames(20)
    tour.shot("blanco-setup")


def _play(tour: Tour) -> None:
    from game.core.session import Seat

    ctx = tour.ctx
    ctx.settings.animation_speed = SPEED
    seats = [Seat("Alex", "normal"), Seat("Sam", "normal"), Seat("Kim", "normal")]
    table = ctx.nav.make("blanco.start_game", seats=seats, seed=tour.seed)
    tour.no_autosave(table)
    try:
        Watcher(tour, table).watch()
    finally:
        ctx.settings.animation_speed = 1.0


class Watcher:
    """Watches the computers play, shooting each moment the first time it comes."""

    def __init__(self, tour: Tour, table: Any) -> None:
        self.tour = tour
        self.table = table
        self.taken: set[str] = set()
        self.turns = 0

    def shot_once(self, name: str) -> None:
        if name not in self.taken:
            self.taken.add(name)
            self.tour.shot(f"blanco-{name}")

    def watch(self) -> None:
        tour, table = self.tour, self.table
        for _ in range(LIMIT):
            top = tour.top
            kind = type(top).__name__
            if kind in ("GameEndScene", "MatchScoreScene"):
                tour.frames(90)
                self.shot_once("game-end")
                return
            if top is not table:  # a pass screen or a notice: go on
                tour.press(pygame.K_RETURN, 2)
                continue
            current = table.animator.current
            name = type(current).__name__ if current is not None else ""
            if name == "TurnStarted":
                self.turns += 1
                if self.turns == TURN_SHOT:
                    tour.frames(8)
                    self.shot_once("table")
                    continue
            elif name == "LineCleared" and "clear" not in self.taken:
                tour.frames(6)
                self.shot_once("clear")
                continue
            elif name == "ChainLink" and "chain" not in self.taken:
                tour.frames(6)
                self.shot_once("chain")
                continue
            done = self.taken >= {"table", "clear", "chain"}
            if done and table.animator.busy:
                tour.press(pygame.K_SPACE)  # every moment is taken: skip to the end
            else:
                tour.frames(1, FAST if done else DT)
        raise TourError("blanco/play: the game did not end")


def steps() -> list[Step]:
    return [Step("setup", _setup), Step("play", _play)]
