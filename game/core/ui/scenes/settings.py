"""Settings: volume, animation speed, fullscreen, pass screen. Saved when the scene is left."""

from __future__ import annotations

import pygame

from game.core.ui.context import Context
from game.core.ui.inputs import Slider, Toggle
from game.core.ui.settings import SPEED_RANGE, save_settings
from game.core.ui.widgets import (
    CYAN,
    INK,
    ORANGE,
    PINK,
    WHITE,
    YELLOW,
    Button,
    UIScene,
    draw_backdrop,
    draw_panel,
)

PANEL = pygame.FRect(200, 112, 880, 452)
LABEL_X = PANEL.x + 56
WIDGET_X = PANEL.x + 420
ROW_Y = (150, 240, 330, 420)  # top of each row's widget
HINT_COLOUR = (200, 184, 236)


class SettingsScene(UIScene):
    """Widgets: "volume", "speed" (sliders), "fullscreen", "pass_screen" (toggles), "back".

    Every change applies at once to ctx.settings (and to the audio volume / window mode);
    `exit` writes the file, and a failure becomes ctx.message (the app's toast) instead of an
    error, so the player still leaves the screen.
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        s = ctx.settings
        self.add("volume", Slider((WIDGET_X, ROW_Y[0] + 4, 300, 40), s.volume, self.set_volume,
                                  0.0, 1.0, step=0.05, fmt=lambda v: f"{round(v * 100)}%",
                                  colour=PINK))
        self.add("speed", Slider((WIDGET_X, ROW_Y[1] + 4, 300, 40), s.animation_speed,
                                 self.set_speed, *SPEED_RANGE, step=0.25,
                                 fmt=lambda v: f"{v:g}x", colour=CYAN))
        self.add("fullscreen", Toggle((WIDGET_X, ROW_Y[2], 180, 48), s.fullscreen,
                                      self.set_fullscreen))
        self.add("pass_screen", Toggle((WIDGET_X, ROW_Y[3], 180, 48), s.pass_screen,
                                       self.set_pass_screen))
        self.add("back", Button((640 - 130, 604, 260, 68), "Back", self.back,
                                key=pygame.K_ESCAPE, colour=ORANGE, text_size=40))
        self.warning: str | None = None

    # ---------------------------------------------------------------- changes

    def set_volume(self, v: float) -> None:
        self.ctx.settings.volume = v
        set_volume = getattr(self.ctx.audio, "set_volume", None)
        if set_volume is not None:
            set_volume(v)

    def set_speed(self, v: float) -> None:
        self.ctx.settings.animation_speed = v

    def set_fullscreen(self, on: bool) -> None:
        self.ctx.settings.fullscreen = on
        self.ctx.set_fullscreen(on)

    def set_pass_screen(self, on: bool) -> None:
        self.ctx.settings.pass_screen = on

    def back(self) -> None:
        self.ctx.stack.pop()

    def exit(self) -> None:
        super().exit()
        self.warning = save_settings(self.ctx.settings, self.ctx.data_dir)
        if self.warning:
            self.ctx.message = self.warning

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.assets)
        text = self.ctx.text
        text.blit_centered(surface, "Settings", 72, YELLOW, (640, 60), outline=INK, px=5,
                           shadow=6)
        draw_panel(surface, PANEL, colour=(72, 36, 128), radius=26, border=5, shadow=10)
        rows = (
            ("Volume", "Sound effects"),
            ("Animation speed", "How fast cards and tokens fly"),
            ("Fullscreen", "F11 switches too"),
            ("Pass screen", "Hide the table between players"),
        )
        for (label, hint), y in zip(rows, ROW_Y, strict=True):
            surf = text.render_outlined(label, 42, WHITE, INK, 3)
            surface.blit(surf, (LABEL_X, y - 2))
            surface.blit(text.render(hint, 24, HINT_COLOUR), (LABEL_X + 2, y + 34))
        self.draw_widgets(surface)
