"""The daily deal's statistics (from the statistics screen): the current streak, the best
streak, the best score, and a calendar of this month and the last with the days played (the
mouse resting on one says its date and result), from the game's daily history
(`game.core.daily`)."""

from __future__ import annotations

import calendar
from datetime import date

import pygame

from game.core import daily, daily_history, i18n
from game.core.i18n import lt, t, tn
from game.core.ui.context import Context
from game.core.ui.scene import UIScene
from game.core.ui.screens.stats_chart import BACK_RECT, HINT_COLOUR, PANEL_COLOUR
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.focus_targets import Target, widget_targets
from game.core.ui.toolkit.layout import LOGICAL_SIZE
from game.core.ui.toolkit.paint import GREEN, INK, ORANGE, WHITE, YELLOW, draw_backdrop, draw_panel
from game.core.ui.toolkit.tooltip import Tip
from game.core.ui.toolkit.widgets import Button

SUMMARY_PANEL = pygame.Rect(40, 110, 420, 500)
CALENDAR_PANEL = pygame.Rect(480, 110, 760, 500)
CELL_W, CELL_H = 48, 44
PLAYED = (108, 196, 96)
UNFINISHED = (128, 100, 180)
EMPTY_DAY = (60, 30, 108)


def months_shown(today: date) -> list[tuple[int, int]]:
    """The last month and this one, as (year, month)."""
    last = (today.year - 1, 12) if today.month == 1 else (today.year, today.month - 1)
    return [last, (today.year, today.month)]


class DailyStatsScene(UIScene):
    """Opaque. Widget: "back" (Esc). For tests: `history`, `streak`, `best_streak`,
    `best_score`, `played_cells` (each drawn day's date and whether it was finished)."""

    fills_screen = True

    def __init__(self, ctx: Context, game: str | None = None, today: str | None = None) -> None:
        super().__init__(ctx)
        self.game = game or ctx.games[0].id
        self.today = daily.parse_day(today or daily.today()) or date.today()
        self.add(
            "back",
            Button(
                BACK_RECT,
                lt("stats.back", "Back"),
                lambda: self.ctx.stack.pop(),
                key=pygame.K_ESCAPE,
                colour=ORANGE,
                text_size=40,
            ),
        )
        self.history = daily_history.History()
        self.streak = self.best_streak = 0
        self.best_score: int | None = None
        self.played_cells: list[tuple[str, bool]] = []
        self.day_rects: dict[str, pygame.Rect] = {}  # each drawn day's cell, by its date
        self.tooltips.add(self.day_tip)
        self._static: pygame.Surface | None = None
        self._view = pygame.Rect(0, 0, *LOGICAL_SIZE)

    @property
    def fewest(self) -> bool:
        return self.ctx.game_ui(self.game).game.rules.solo_fewest_turns

    def enter(self) -> None:
        self.history, warning = daily_history.load_history(self.ctx.game_dir(self.game))
        if warning:
            self.ctx.message = warning
        self.streak = self.history.streak(self.today.isoformat())
        self.best_streak = self.history.best_streak()
        self.best_score = self.history.best_score(self.fewest)
        self._static = self._paint()

    def relabel(self) -> None:
        self.enter()

    def draw(self, surface: pygame.Surface) -> None:
        view = gfx.view(surface)
        if self._static is None or view != self._view:  # before enter, or a new window shape
            self._view = view
            self._static = self._paint()
        surface.blit(self._static, view.topleft)
        self.draw_widgets(surface)

    # ---------------------------------------------------------------- painting (once)

    def _paint(self) -> pygame.Surface:
        surf = gfx.layer(self._view, LOGICAL_SIZE)  # the whole window, whatever its shape
        draw_backdrop(surf, self.ctx.assets)
        text = self.ctx.text
        title = t("stats.daily_title", "{game}: daily deal", game=self.ctx.game_ui(self.game).title)
        size = text.fit_size(title, 64, 1100)
        text.blit_centered(surf, title, size, YELLOW, (640, 54), outline=INK, px=5, shadow=6)
        self._paint_summary(surf)
        self._paint_calendar(surf)
        text.blit_centered(surf, t("stats.esc_back", "Esc: back"), 22, HINT_COLOUR, (1180, 668))
        return surf

    def _paint_summary(self, surf: pygame.Surface) -> None:
        text = self.ctx.text
        panel = SUMMARY_PANEL
        draw_panel(surf, panel, colour=PANEL_COLOUR, radius=22, border=4, shadow=8)
        best = "-"
        if self.best_score is not None:
            best = daily.score_words(self.ctx.game_ui(self.game).game, self.best_score)
        rows = [
            (
                t("stats.daily_streak", "Streak"),
                tn("stats.daily_days", self.streak, "{count} day", "{count} days"),
            ),
            (
                t("stats.daily_best_streak", "Best streak"),
                tn("stats.daily_days", self.best_streak, "{count} day", "{count} days"),
            ),
            (t("stats.daily_best", "Best"), best),
            (
                t("stats.daily_played", "Days played"),
                str(len(self.history.finished())),
            ),
        ]
        for i, (label, value) in enumerate(rows):
            y = panel.y + 60 + i * 104
            size = text.fit_size(label, 30, panel.w - 60)
            text.blit_centered(surf, label, size, HINT_COLOUR, (panel.centerx, y))
            size = text.fit_size(value, 48, panel.w - 60)
            text.blit_centered(surf, value, size, WHITE, (panel.centerx, y + 44), outline=INK, px=3)

    def _paint_calendar(self, surf: pygame.Surface) -> None:
        text = self.ctx.text
        panel = CALENDAR_PANEL
        draw_panel(surf, panel, colour=PANEL_COLOUR, radius=22, border=4, shadow=8)
        self.played_cells = []
        self.day_rects = {}
        for i, (year, month) in enumerate(months_shown(self.today)):
            left = panel.x + 22 + i * (7 * CELL_W + 30)
            name = i18n.date(date(year, month, 1)).split()
            heading = " ".join(name[1:]) if len(name) > 2 else f"{month:02d}/{year}"
            text.blit_centered(
                surf, heading, 30, YELLOW, (left + 7 * CELL_W / 2, panel.y + 34), outline=INK, px=3
            )
            for weekday, head in enumerate(i18n.weekday_heads()):
                centre = (left + weekday * CELL_W + (CELL_W - 6) / 2, panel.y + 72)
                text.blit_centered(surf, head, 18, HINT_COLOUR, centre)
            for week, days in enumerate(calendar.Calendar().monthdatescalendar(year, month)):
                for weekday, day in enumerate(days):
                    if day.month != month:
                        continue
                    cell = pygame.Rect(
                        left + weekday * CELL_W,
                        panel.y + 90 + week * CELL_H,
                        CELL_W - 6,
                        CELL_H - 6,
                    )
                    self._paint_day(surf, cell, day)
        self._paint_legend(surf, panel)

    def _paint_legend(self, surf: pygame.Surface, panel: pygame.Rect) -> None:
        """What the colours mean, along the calendar's foot."""
        text = self.ctx.text
        x, y = panel.x + 28, panel.bottom - 34
        for colour, words in (
            (PLAYED, t("stats.daily_legend_played", "finished")),
            (UNFINISHED, t("stats.daily_legend_unfinished", "dealt, not finished")),
        ):
            gfx.rect(surf, colour, (x, y - 9, 18, 18), border_radius=4)
            label = text.render(words, 22, HINT_COLOUR)
            surf.blit(label, label.get_rect(midleft=(x + 28, y)))
            x += 28 + label.get_width() + 36

    def focus_targets(self) -> list[Target]:
        """The keyboard focus: the days played (the focus resting on one shows its tip, as
        the mouse's would), then Back."""
        days = [
            Target(("day", key), pygame.FRect(cell), lambda: None, label=f"day {key}")
            for key, cell in self.day_rects.items()
            if key in self.history.days
        ]
        return days + widget_targets(self.widgets)

    def day_tip(self, pos: tuple[float, float]) -> Tip | None:
        """A played day under the mouse: its date, and its score or that it is unfinished."""
        for key, cell in self.day_rects.items():
            result = self.history.days.get(key)
            if result is None or not cell.collidepoint(pos):
                continue
            if result.score is None:
                words = t("stats.daily_tip_unfinished", "Dealt, not finished.")
            else:
                words = daily.score_words(self.ctx.game_ui(self.game).game, result.score)
            day = daily.parse_day(key)
            return Tip(pygame.FRect(cell), words, i18n.date(day) if day else key)
        return None

    def _paint_day(self, surf: pygame.Surface, cell: pygame.Rect, day: date) -> None:
        key = day.isoformat()
        self.day_rects[key] = cell
        result = self.history.days.get(key)
        colour = EMPTY_DAY
        if result is not None:
            finished = result.score is not None
            colour = PLAYED if finished else UNFINISHED
            self.played_cells.append((key, finished))
        gfx.rect(surf, colour, cell, border_radius=8)
        if day == self.today:
            gfx.rect(surf, YELLOW, cell.inflate(4, 4), 3, border_radius=10)
        ink = INK if colour == PLAYED else WHITE
        label = self.ctx.text.render(str(day.day), 20, ink)
        surf.blit(label, label.get_rect(center=cell.center))
        if result is not None and result.score is not None:
            gfx.rect(surf, GREEN, (cell.x + 4, cell.bottom - 6, cell.w - 8, 3), border_radius=1)
