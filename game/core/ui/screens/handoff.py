"""Pass-and-play: "pass to NAME", so nobody sees the next player's choices before they do."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import lt, t
from game.core.ui.scene import UIScene
from game.core.ui.toolkit.paint import GREEN, INK, PURPLE, WHITE, YELLOW, draw_backdrop
from game.core.ui.toolkit.widgets import Button

if TYPE_CHECKING:
    from game.core.ui.context import Context

GO = pygame.FRect(490, 430, 300, 80)
MENU = pygame.FRect(1096, 644, 160, 52)  # where the table keeps its own Menu button


NAME_AT = (640, 320)  # the name's centre at rest
BOB = 6  # px it rises and falls


class HandoffScene(UIScene):
    """Opaque: hides the table until the named player is ready. Widgets: "go" (or Enter/Space)
    and "menu" (or Esc): the pause menu, a way out (quit to the title, settings, the rules)
    that shows nothing of the table."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    ambient_motion = True  # the name bobs ...
    marks_ambient = True  # ... and is all that moves by itself: such frames are drawn there

    def __init__(self, ctx: Context, name: str) -> None:
        super().__init__(ctx)
        self.name = name
        self.add(
            "go",
            Button(
                GO,
                lt("handoff.ready", "I'm ready!"),
                self.go,
                key=(pygame.K_RETURN, pygame.K_SPACE),
                colour=GREEN,
                text_size=40,
            ),
        )
        self.add(
            "menu",
            Button(
                MENU,
                lt("handoff.menu", "Menu"),
                self.open_menu,
                key=pygame.K_ESCAPE,
                colour=PURPLE,
                text_size=28,
            ),
        )

    def go(self) -> None:
        self.ctx.stack.pop()

    def open_menu(self) -> None:
        self.ctx.nav.push("pause")

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.assets)
        bob = BOB * abs(((self.time * 1.5) % 2) - 1)
        self.ctx.text.blit_centered(
            surface,
            t("handoff.pass_to", "Pass the screen to"),
            48,
            WHITE,
            (640, 230),
            outline=INK,
            px=3,
        )
        drawn = self.ctx.text.blit_centered(
            surface,
            self.name,
            110,
            YELLOW,
            (NAME_AT[0], NAME_AT[1] - bob),
            outline=INK,
            px=5,
            shadow=6,
        )
        # All the bob may cover (the same place every frame: the app redraws last frame's).
        top = NAME_AT[1] - BOB - drawn.h / 2 - 2
        self.mark_ambient((drawn.x - 2, top, drawn.w + 4, drawn.h + BOB + 4))
        self.draw_widgets(surface)
