"""Settings: sound, music, motion, text, window, table. Saved when the scene is left.

The rows are a list (`SettingsScene.rows`), laid out in two columns: adding a setting is one
`SettingRow` in `_rows`, not a new layout.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core import i18n
from game.core.i18n import lt, t
from game.core.ui.context import Context
from game.core.ui.scene import UIScene, parts_moving
from game.core.ui.settings import PORT_RANGE, SPEED_RANGE, save_settings
from game.core.ui.toolkit import motion
from game.core.ui.toolkit.inputs import Choice, Slider, TextInput, Toggle
from game.core.ui.toolkit.paint import (
    CYAN,
    INK,
    ORANGE,
    PINK,
    PURPLE,
    WHITE,
    YELLOW,
    draw_backdrop,
    draw_panel,
)
from game.core.ui.toolkit.widgets import Button, Widget

PANEL = pygame.FRect(40, 92, 1200, 540)
COLUMNS = 2
ROWS_PER_COLUMN = 7
COLUMN_W = PANEL.width / COLUMNS
ROW_H = (PANEL.height - 24) / ROWS_PER_COLUMN
LABEL_INSET = 30
WIDGET_W, WIDGET_H = 200, 44
WIDGET_TOP = 8  # px below the row's top: beside the label, above the hint
HINT_TOP = 53  # px below the row's top: the hint's line, under the label and the widget
#: Three choices side by side: wider than a toggle, reaching into the room a slider keeps for
#: its value, so the label beside them is as wide (and as large) as the other rows' labels.
CHOICE_WIDE = 70
HINT_COLOUR = (200, 184, 236)


@dataclass
class SettingRow:
    """One setting: its widget's name, its label and hint (callables: translated when drawn)."""

    name: str
    label: Callable[[], str]
    hint: Callable[[], str]
    make: Callable[[pygame.FRect], Widget]  # the widget, given the rect it sits in


def row_origin(index: int) -> tuple[float, float]:
    """Top-left of row `index` (column by column)."""
    column, row = divmod(index, ROWS_PER_COLUMN)
    return PANEL.x + column * COLUMN_W, PANEL.y + 12 + row * ROW_H


class SettingsScene(UIScene):
    """One widget per row, named after its setting ("volume", "music", "speed", ...), and "back".

    Every change applies at once to ctx.settings (and to the audio volume / window mode);
    `exit` writes the file, and a failure becomes ctx.message (the app's toast) instead of an
    error, so the player still leaves the screen.
    """

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.rows = self._rows()
        for index, row in enumerate(self.rows):
            x, y = row_origin(index)
            # On the label's line: the hint below runs the column's whole width under it.
            rect = pygame.FRect(x + COLUMN_W - WIDGET_W - 90, y + WIDGET_TOP, WIDGET_W, WIDGET_H)
            self.add(row.name, row.make(rect))
        self.add(
            "back",
            Button(
                (640 - 130, 642, 260, 64),
                lt("settings.back", "Back"),
                self.back,
                key=pygame.K_ESCAPE,
                colour=ORANGE,
                text_size=40,
            ),
        )
        self.warning: str | None = None

    def _rows(self) -> list[SettingRow]:
        s = self.ctx.settings

        def percent(v: float) -> str:
            return t("stats.percent", "{n}%", n=round(v * 100))

        def slider(
            value: float,
            on: Callable[[float], None],
            colour: tuple[int, int, int],
            lo: float = 0.0,
            hi: float = 1.0,
            step: float = 0.05,
            fmt: Callable[[float], str] = percent,
        ) -> Callable[[pygame.FRect], Widget]:
            return lambda r: Slider(r, value, on, lo, hi, step=step, fmt=fmt, colour=colour)

        def toggle(value: bool, on: Callable[[bool], None]) -> Callable[[pygame.FRect], Widget]:
            return lambda r: Toggle(
                r, value, on, labels=(lt("settings.off", "Off"), lt("settings.on", "On"))
            )

        text_sizes = [
            ("normal", lambda: t("settings.text_normal", "Normal")),
            ("large", lambda: t("settings.text_large", "Large")),
        ]
        paces = [
            ("brisk", lambda: t("settings.pace_brisk", "Brisk")),
            ("normal", lambda: t("settings.pace_normal", "Normal")),
            ("slow", lambda: t("settings.pace_slow", "Slow")),
        ]
        confirms = [
            ("always", lambda: t("settings.confirm_always", "Always")),
            ("timed", lambda: t("settings.confirm_timed", "After 2 s")),
            ("never", lambda: t("settings.confirm_never", "Never")),
        ]
        # Each language by its own name, as players look for it.
        languages = [(code, lambda code=code: i18n.LANGUAGE_NAMES[code]) for code in i18n.LANGUAGES]
        return [
            SettingRow(
                "volume",
                lambda: t("settings.effects_volume", "Effects volume"),
                lambda: t("settings.effects_volume_hint", "Cards, pens, jingles"),
                slider(s.volume, self.set_volume, PINK),
            ),
            SettingRow(
                "music",
                lambda: t("settings.music", "Music"),
                lambda: t("settings.game_music_hint", "Each game has its own tune"),
                toggle(s.music, self.set_music),
            ),
            SettingRow(
                "music_volume",
                lambda: t("settings.music_volume", "Music volume"),
                lambda: t("settings.music_volume_hint", "Apart from the effects"),
                slider(s.music_volume, self.set_music_volume, PURPLE),
            ),
            SettingRow(
                "speed",
                lambda: t("settings.speed", "Animation speed"),
                lambda: t("settings.speed_hint", "How fast cards and tokens fly"),
                slider(
                    s.animation_speed,
                    self.set_speed,
                    CYAN,
                    *SPEED_RANGE,
                    step=0.25,
                    fmt=lambda v: t("settings.speed_value", "{v}x", v=i18n.short(v)),
                ),
            ),
            SettingRow(
                "pace",
                lambda: t("settings.pace", "Computer pace"),
                lambda: t("settings.pace_hint", "How fast computers play"),
                # Wider than the others: three words, each readable.
                lambda r: Choice(
                    pygame.FRect(r.x, r.y, r.w + CHOICE_WIDE, r.h), paces, s.pace, self.set_pace
                ),
            ),
            SettingRow(
                "reduced_motion",
                lambda: t("settings.reduced_motion", "Reduced motion"),
                lambda: t(
                    "settings.reduced_motion_hint", "Calmer animations, no shaking or flashing"
                ),
                toggle(s.reduced_motion, self.set_reduced_motion),
            ),
            SettingRow(
                "text_size",
                lambda: t("settings.text_size", "Text size"),
                lambda: t("settings.text_size_hint", "Larger letters everywhere"),
                lambda r: Choice(r, text_sizes, s.text_size, self.set_text_size),
            ),
            SettingRow(
                "fullscreen",
                lambda: t("settings.fullscreen", "Fullscreen"),
                lambda: t("settings.fullscreen_hint", "F11 switches too"),
                toggle(s.fullscreen, self.set_fullscreen),
            ),
            SettingRow(
                "pass_screen",
                lambda: t("settings.pass_screen", "Pass screen"),
                lambda: t("settings.pass_screen_hint", "Hide the table between players"),
                toggle(s.pass_screen, self.set_pass_screen),
            ),
            SettingRow(
                "confirm",
                lambda: t("settings.confirm", "Confirm turn"),
                lambda: t("settings.confirm_hint", "Wait for Next, or go on"),
                # Wider than the others: three choices, each readable.
                lambda r: Choice(
                    pygame.FRect(r.x, r.y, r.w + CHOICE_WIDE, r.h),
                    confirms,
                    s.confirm,
                    self.set_confirm,
                ),
            ),
            SettingRow(
                "memory_aid",
                lambda: t("settings.memory_aid", "Memory aid"),
                lambda: t("settings.memory_aid_hint", "Blanco: show your looked-at cards"),
                toggle(s.memory_aid, self.set_memory_aid),
            ),
            SettingRow(
                "language",
                lambda: t("settings.language", "Language"),
                lambda: t("settings.language_hint", "Menus, table and rules"),
                # Wider than the others: three names, each readable.
                lambda r: Choice(
                    pygame.FRect(r.x, r.y, r.w + CHOICE_WIDE, r.h),
                    languages,
                    i18n.language(),
                    self.set_language,
                ),
            ),
            SettingRow(
                "host_port",
                lambda: t("settings.host_port", "Hosting port"),
                self.host_port_hint,
                lambda r: TextInput(
                    r,
                    str(s.host_port or ""),
                    max_len=5,
                    on_change=self.set_host_port,
                    allowed="0123456789",
                    placeholder=lt("settings.host_port_any", "Any free"),
                    text_size=26,
                ),
            ),
        ]

    # ---------------------------------------------------------------- changes

    def set_volume(self, v: float) -> None:
        self.ctx.settings.volume = v
        set_volume = getattr(self.ctx.audio, "set_volume", None)
        if set_volume is not None:
            set_volume(v)

    def set_music(self, on: bool) -> None:
        self.ctx.settings.music = on
        self._update_music()

    def set_music_volume(self, v: float) -> None:
        self.ctx.settings.music_volume = v
        self._update_music()

    def _update_music(self) -> None:
        music = getattr(self.ctx.audio, "set_music", None)
        if music is not None:
            music(self.ctx.settings.music, self.ctx.settings.music_volume)

    def set_speed(self, v: float) -> None:
        self.ctx.settings.animation_speed = v

    def set_pace(self, pace: str) -> None:
        self.ctx.settings.pace = pace  # the table reads it on each frame

    def set_reduced_motion(self, on: bool) -> None:
        self.ctx.settings.reduced_motion = on
        motion.set_reduced(on)

    def set_text_size(self, size: str) -> None:
        self.ctx.settings.text_size = size
        self.ctx.text.set_scale(1.15 if size == "large" else 1.0)

    def set_fullscreen(self, on: bool) -> None:
        self.ctx.settings.fullscreen = on
        self.ctx.set_fullscreen(on)

    def set_pass_screen(self, on: bool) -> None:
        self.ctx.settings.pass_screen = on

    def set_confirm(self, confirm: str) -> None:
        self.ctx.settings.confirm = confirm  # the table reads it on each frame

    def set_memory_aid(self, on: bool) -> None:
        self.ctx.settings.memory_aid = on  # the Blanco table reads it as it draws

    def set_language(self, lang: str) -> None:
        """Chosen here, it is kept (and lifts --lang); every scene speaks it at once."""
        self.ctx.settings.language = lang
        i18n.force_language(None)
        i18n.set_language(lang)

    def host_port_hint(self) -> str:
        """Under "Any free", the port served on last, which the app uses again first (so
        friends' links and the seats at its tables survive a restart): said, not chosen."""
        s = self.ctx.settings
        if not s.host_port and s.host_port_kept:
            return t(
                "settings.host_port_kept",
                "Any free (now {port}, kept for your tables)",
                port=s.host_port_kept,
            )
        return t("settings.host_port_hint", "Friends reach this computer there")

    def set_host_port(self, text: str) -> None:
        """The port this computer's server listens on when hosting (empty or 0: a free one,
        kept once chosen); past 65535, the highest."""
        self.ctx.settings.host_port = min(int(text or 0), PORT_RANGE[1])

    def back(self) -> None:
        self.ctx.stack.pop()

    def exit(self) -> None:
        super().exit()
        self.warning = save_settings(self.ctx.settings, self.ctx.data_dir)
        if self.warning:
            self.ctx.message = self.warning

    def needs_redraw(self) -> bool:  # a still menu: only its widgets move by themselves
        return parts_moving(self)

    def update(self, dt: float) -> None:
        super().update(dt)
        # F11 and the window manager switch fullscreen too: the toggle shows what the window does.
        toggle = self.widgets.get("fullscreen")
        if isinstance(toggle, Toggle):
            toggle.value = self.ctx.settings.fullscreen

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.assets)
        text = self.ctx.text
        text.blit_centered(
            surface,
            t("settings.title", "Settings"),
            64,
            YELLOW,
            (640, 54),
            outline=INK,
            px=5,
            shadow=6,
        )
        draw_panel(surface, PANEL, colour=(72, 36, 128), radius=26, border=5, shadow=10)
        for index, row in enumerate(self.rows):
            x, y = row_origin(index)
            label, hint = row.label(), row.hint()
            # Up to the row's widget, which may be wider than most (three choices side by side).
            label_w = self.widgets[row.name].rect.x - (x + LABEL_INSET) - 12
            # Sizes for six rows a column, Large text included: label and hint never touch.
            size = text.fit_size(label, 30, label_w)
            surface.blit(text.render_outlined(label, size, WHITE, INK, 3), (x + LABEL_INSET, y + 6))
            hint_w = COLUMN_W - LABEL_INSET - 24  # under the widget too: the column's width
            hint_size = text.fit_size(hint, 20, hint_w)
            surface.blit(
                text.render(hint, hint_size, HINT_COLOUR), (x + LABEL_INSET + 2, y + HINT_TOP)
            )
        self.draw_widgets(surface)
