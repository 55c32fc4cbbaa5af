"""The pause menu: an overlay dimming the game beneath it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.i18n import lt
from game.core.ui.context import Context
from game.core.ui.scene import UIScene, game_kept, parts_moving
from game.core.ui.screens.dialog import ConfirmDialog
from game.core.ui.toolkit.paint import CYAN, GREEN, INK, ORANGE, PURPLE, YELLOW, dim, draw_panel
from game.core.ui.toolkit.widgets import Button

PANEL = pygame.FRect(430, 130, 420, 470)


class PauseScene(UIScene):
    """Resume (Esc), How to play (H), Settings, Quit to title (asks first). Widgets: "resume",
    "howto", "settings", "quit".

    Not opaque: the paused scene stays visible, dimmed. It is paused by the stack, so it does not
    update (animations freeze) until Resume pops this overlay.
    """

    opaque = False

    def __init__(
        self,
        ctx: Context,
        heading: Callable[[], str] | None = None,
        quit_question: Callable[[], str] | None = None,
        quit_tip: Callable[[], str] | None = None,
    ) -> None:
        """`heading`, `quit_question` and `quit_tip` in place of "Paused" and what Quit asks
        and tells: a game that goes on without this screen (online) is not paused, and is
        not lost either."""
        super().__init__(ctx)
        self.heading = heading or lt("pause.title", "Paused")
        self.quit_question = quit_question
        x, w, h = PANEL.x + 50, PANEL.width - 100, 66
        self.add(
            "resume",
            Button(
                (x, 240, w, h),
                lt("pause.resume", "Resume"),
                self.resume_game,
                key=pygame.K_ESCAPE,
                colour=GREEN,
                text_size=40,
            ),
        )
        self.add(
            "howto",
            Button(
                (x, 322, w, h),
                lt("pause.howto", "How to play"),
                self.open_howto,
                key=pygame.K_h,
                colour=PURPLE,
                text_size=40,
            ),
        )
        self.add(
            "settings",
            Button(
                (x, 404, w, h),
                lt("pause.settings", "Settings"),
                self.open_settings,
                colour=CYAN,
                text_size=40,
            ),
        )
        self.add(
            "quit",
            Button(
                (x, 486, w, h),
                lt("pause.quit", "Quit to title"),
                self.ask_quit,
                colour=ORANGE,
                text_size=40,
            ),
        )
        from game.core.ui.screens.scene_tips import apply_tips, pause_tips

        tips = pause_tips(lambda: game_kept(ctx))
        if quit_tip is not None:
            tips["quit"] = quit_tip
        apply_tips(self.widgets, tips)  # what each button does, on hover

    def resume_game(self) -> None:
        self.ctx.stack.pop()

    def open_howto(self) -> None:
        """The rules of the game being played (the scene beneath says which)."""
        self.ctx.nav.push("howto", game=self.game_id())

    def game_id(self) -> str:
        for scene in reversed(self.ctx.stack.scenes):
            game = getattr(getattr(getattr(scene, "session", None), "game", None), "id", None)
            if isinstance(game, str):
                return game
        return self.ctx.games[0].id  # no game beneath (a test's lone pause): the default

    def open_settings(self) -> None:
        self.ctx.nav.push("settings")

    def ask_quit(self) -> None:
        question = self.quit_question or (
            lt(
                "pause.confirm_quit",
                "Quit to the title?\nThe game is saved: Continue brings it back.",
            )
            if game_kept(self.ctx)
            else lt(
                "pause.confirm_quit_unsaved",
                "Quit to the title?\nThis game is not saved: Continue will not bring it back.",
            )
        )
        # Leaving a game nothing keeps is the one Quit that loses something.
        danger = self.quit_question is None and not game_kept(self.ctx)
        self.ctx.stack.push(ConfirmDialog(self.ctx, question, self.quit, danger=danger))

    def quit(self) -> None:
        self.ctx.nav.clear_to("title")

    def needs_redraw(self) -> bool:  # a still menu: only its widgets move by themselves
        return parts_moving(self)

    def keep_clear(self) -> list[pygame.FRect]:
        """The "Paused" headline: a tip for Resume goes beside it, not over it."""
        return [pygame.FRect(PANEL.x, PANEL.y + 18, PANEL.w, 80)]

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        draw_panel(surface, PANEL, colour=(72, 36, 128), radius=26, border=5, shadow=10)
        self.ctx.text.blit_centered(
            surface,
            self.heading(),
            64,
            YELLOW,
            (PANEL.centerx, PANEL.y + 58),
            outline=INK,
            px=4,
            shadow=5,
        )
        self.draw_widgets(surface)
