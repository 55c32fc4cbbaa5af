"""Watching a kept Lucky Box game again: the core replay screen (`game.core.ui.screens.replay`)
driving Lucky Box's table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.i18n import t
from game.core.session import Session
from game.core.turns import BOT_PAUSE
from game.core.ui.screens.replay import ReplayScreen, speed_text
from game.core.ui.table import Table
from game.luckybox.rules.state import PLAY
from game.luckybox.ui.scenes.table import lucky_table

if TYPE_CHECKING:
    import pygame

    from game.luckybox.rules.state import GameState


class ReplayScene(ReplayScreen):
    """A Lucky Box table driven by a record; its controls sit over the table's own buttons."""

    game_id = "luckybox"

    def make_table(self, session: Session) -> Table:
        return lucky_table(self.ctx, session, demo=True, driven=True)

    def button_rects(self) -> dict[str, pygame.FRect]:
        region = self.ctx.layout.region
        return {
            "play": region("button_pass"),
            "step": region("button_undo"),
            "speed": region("button_hint"),
            "back": region("button_menu"),
        }

    def pause_after(self, state: GameState) -> float:
        return BOT_PAUSE if state.phase == PLAY else BOT_PAUSE / 2  # a draft's picks go quicker

    def progress_line(self, title: str, done: int, total: int) -> str:
        if self.paused:
            return t(
                "luckybox.replay.status_paused",
                "{title}: move {n} of {total}. Paused.",
                title=title,
                n=done,
                total=total,
            )
        return t(
            "luckybox.replay.status_playing",
            "{title}: move {n} of {total}. Playing at {speed}.",
            title=title,
            n=done,
            total=total,
            speed=speed_text(self.speed),
        )
