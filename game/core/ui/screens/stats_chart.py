"""The statistics screen's chart of solo scores over time (`ScoreChart`, mixed into
`StatsScene`), with the layout and colours the statistics screens share."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.core import i18n
from game.core.i18n import t, tn
from game.core.stats import SoloGame, Stats, parse_date
from game.core.ui.context import Context
from game.core.ui.screens.chart import moving_average, nice_step, score_axis
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import (
    CYAN,
    GOLD,
    INK,
    PINK,
    WHITE,
    YELLOW,
    draw_panel,
    lighten,
    mix,
)

RGB = tuple[int, int, int]

PANEL_COLOUR: RGB = (72, 36, 128)
WELL_COLOUR: RGB = (50, 24, 96)  # the chart's plot area, a shade darker than its panel
STRIPE: RGB = (82, 44, 142)
HINT_COLOUR: RGB = (200, 184, 236)
WARN_COLOUR: RGB = (255, 190, 120)
DIM: RGB = (128, 100, 180)  # empty high-score slots
GRID_COLOUR: RGB = (92, 62, 150)
MEDALS: tuple[RGB, ...] = (GOLD, (214, 220, 236), (230, 140, 70))  # gold, silver, bronze

CHART_PANEL = pygame.Rect(40, 96, 740, 296)
WINS_PANEL = pygame.Rect(40, 404, 740, 212)
SCORES_PANEL = pygame.Rect(800, 96, 440, 520)
EMPTY_PANEL = pygame.Rect(240, 150, 800, 400)
BACK_RECT = (640 - 120, 636, 240, 64)
DAILY_RECT = (800, 636, 240, 64)  # the daily deal's page, right of Back

# Inside the chart panel: room for the header above, y labels left, x labels below.
PLOT = pygame.Rect(
    CHART_PANEL.x + 64, CHART_PANEL.y + 64, CHART_PANEL.w - 96, CHART_PANEL.h - 64 - 58
)
PLOT_PAD = 16  # the first and last points sit this far inside the plot, not on its edge
REVEAL_TIME = 0.9  # seconds for the line to sweep in (scaled by the animation speed)
TREND_FROM = 15  # from this many games a moving average is drawn over the raw scores
WIN_ROWS = 5  # rows per column of the wins table (two columns)
# The wins table's number columns, their centres this far left of a column's right edge
WINS_X, GAMES_X = 158, 104
SUPERSAMPLE = 3  # the plot layer is drawn at 3x and smooth-scaled down: smooth thick lines


def date_label(finished_at: str) -> str:
    """A record's date in the player's language, or "date unknown"."""
    when = parse_date(finished_at)
    return i18n.date(when) if when else t("stats.date_unknown", "date unknown")


class ScoreChart:
    """Painting the chart panel: the axes, the scores' line (drawn at 3x once and swept in by
    the scene), the trend, the best score's label and the legend. Mixed into `StatsScene`,
    whose `stats`, `ctx`, `fewest` and panel helpers it uses."""

    ctx: Context
    stats: Stats
    points: list[tuple[float, float]]
    best_point: tuple[float, float] | None
    _plot_layer: pygame.Surface | None
    _header: Callable[..., None]
    _none_yet: Callable[..., None]
    _star: Callable[..., None]

    @property
    def fewest(self) -> bool:  # the scene's: turns taken, the fewest best
        raise NotImplementedError

    # ---------------------------------------------------------------- the chart

    def _paint_chart(self, surf: pygame.Surface) -> None:
        solo = self.stats.solo
        draw_panel(surf, CHART_PANEL, colour=PANEL_COLOUR, radius=22, border=4, shadow=8)
        if not solo.games:
            self._header(surf, CHART_PANEL, self._chart_title())
            self._none_yet(
                surf,
                CHART_PANEL,
                t("stats.no_solo", "No solo games yet"),
                t("stats.no_solo_chart", "Play a game on your own to start your score history."),
            )
            return
        mean = solo.mean or 0.0
        games = tn("stats.games", solo.count, "{count} game", "{count} games")
        self._header(
            surf,
            CHART_PANEL,
            self._chart_title(),
            f"{games}   |   "
            + t(
                "stats.average_best",
                "average {mean}   |   best {best}",
                mean=i18n.number(mean, 1),
                best=solo.best,
            ),
        )
        text = self.ctx.text
        gfx.rect(surf, WELL_COLOUR, PLOT, border_radius=10)
        scores = [g.score for g in solo.games]
        low, high, step = score_axis(scores)
        n = len(scores)

        def to_x(i: int) -> float:
            if n == 1:
                return PLOT.centerx
            return PLOT.x + PLOT_PAD + i * (PLOT.w - 2 * PLOT_PAD) / (n - 1)

        def to_y(score: float) -> float:
            return PLOT.bottom - PLOT_PAD - (score - low) * (PLOT.h - 2 * PLOT_PAD) / (high - low)

        # Grid and score labels.
        for value in range(low, high + 1, step):
            y = round(to_y(value))
            gfx.line(surf, GRID_COLOUR, (PLOT.x + 6, y), (PLOT.right - 6, y), 1)
            label = text.render(str(value), 20, HINT_COLOUR)
            surf.blit(label, label.get_rect(midright=(PLOT.x - 8, y)))
        # Game-number ticks: one game is one step, so 200 games stay as readable as 5.
        tick = nice_step(max(n - 1, 1), 8)
        for k in sorted({1, *range(tick, n + 1, tick)}):
            x = round(to_x(k - 1))
            if k != 1 and abs(x - to_x(0)) < 28:  # "1" and the first step would collide
                continue
            gfx.line(surf, GRID_COLOUR, (x, PLOT.bottom), (x, PLOT.bottom + 5), 2)
            label = text.render(str(k), 20, HINT_COLOUR)
            surf.blit(label, label.get_rect(midtop=(x, PLOT.bottom + 7)))
        caption = t("stats.caption", "game number, oldest to newest")
        dated = [g for g in solo.games if g.finished_at]
        if dated:
            first, last = date_label(dated[0].finished_at), date_label(dated[-1].finished_at)
            caption += (
                f"   ({first})"
                if first == last
                else "   " + t("stats.date_range", "({first} to {last})", first=first, last=last)
            )
        cap = text.render(caption, 20, HINT_COLOUR)
        surf.blit(cap, cap.get_rect(midtop=(PLOT.centerx, PLOT.bottom + 30)))
        # The average as a dashed line, labelled at its right end.
        ym = round(to_y(mean))
        for x in range(PLOT.x + 8, PLOT.right - 70, 14):
            gfx.line(surf, (150, 120, 210), (x, ym), (x + 7, ym), 2)

        self.points = [(to_x(i), to_y(s)) for i, s in enumerate(scores)]
        best_i = solo.best_index
        assert best_i is not None
        self.best_point = self.points[best_i]
        self._plot_layer = self._paint_plot(scores, to_x, to_y)
        # The average's label on a chip above the line, so the scores never cross it.
        avg = text.render(
            t("stats.avg", "avg {mean}", mean=i18n.number(mean, 1)), 18, (210, 196, 245)
        )
        chip = avg.get_rect(midright=(PLOT.w - 10, ym - PLOT.y)).inflate(10, 4)
        gfx.rect(self._plot_layer, WELL_COLOUR, chip, border_radius=6)
        self._plot_layer.blit(avg, avg.get_rect(center=chip.center))
        self._paint_best_label(self._plot_layer, solo.games[best_i], avoid=chip)
        if n >= TREND_FROM:
            self._paint_legend(surf, self._trend_window(n))

    def _chart_title(self) -> str:
        if self.fewest:
            return t("stats.solo_turns", "Solo turns (fewer is better)")
        return t("stats.solo_scores", "Solo scores")

    def _trend_window(self, n: int) -> int:
        return max(5, n // 15)

    def _paint_plot(
        self, scores: Sequence[int], to_x: Callable[[int], float], to_y: Callable[[float], float]
    ) -> pygame.Surface:
        """The line and points, drawn at SUPERSAMPLE x and smooth-scaled to the plot's size:
        thick antialiased strokes that join cleanly (pygame's aalines are one pixel wide)."""
        s = SUPERSAMPLE
        big = gfx.Surface((PLOT.w * s, PLOT.h * s), pygame.SRCALPHA)

        def at(x: float, y: float) -> tuple[float, float]:
            return (x - PLOT.x) * s, (y - PLOT.y) * s

        n = len(scores)
        pts = [at(x, y) for x, y in self.points]
        trend = n >= TREND_FROM
        # Many games: the raw scores go quiet and a moving average carries the story.
        raw_colour = mix(PINK, WELL_COLOUR, 0.45) if trend else PINK
        width = (2 if n > 80 else 3) * s if trend else 4 * s
        if n > 1:
            self._stroke(big, raw_colour, pts, width)
        dot = 6 if n <= 30 else 4 if n <= 80 else 0
        for x, y in pts:
            if dot:
                gfx.circle(big, INK, (x, y), (dot + 2) * s)
                gfx.circle(big, lighten(PINK, 0.2), (x, y), dot * s)
        if trend:
            avg = moving_average(scores, self._trend_window(n))
            self._stroke(
                big, CYAN, [at(to_x(i), to_y(v)) for i, v in enumerate(avg)], 4 * s, outline=INK
            )
        bx, by = at(*self.best_point) if self.best_point else (0, 0)
        gfx.circle(big, INK, (bx, by), 11 * s)
        gfx.circle(big, GOLD, (bx, by), 9 * s)
        gfx.circle(big, lighten(GOLD, 0.6), (bx - 3 * s, by - 3 * s), 3 * s)
        return gfx.smoothscale(big, PLOT.size)

    @staticmethod
    def _stroke(
        big: pygame.Surface,
        colour: Sequence[int],
        pts: list[tuple[float, float]],
        width: int,
        outline: Sequence[int] | None = None,
    ) -> None:
        """A polyline with round joints (a circle at every point hides the gaps)."""
        layers = [(outline, width + 6), (colour, width)] if outline else [(colour, width)]
        for col, w in layers:
            if len(pts) > 1:
                gfx.lines(big, col, False, pts, w)
            for p in pts:
                gfx.circle(big, col, p, w / 2)

    def _paint_best_label(
        self, layer: pygame.Surface, game: SoloGame, avoid: pygame.Rect | None = None
    ) -> None:
        """ "Best 68" beside the gold point, kept inside the plot whichever edge it is near."""
        if self.best_point is None:
            return
        text = self.ctx.text
        label = text.render_outlined(
            t("stats.best", "Best {score}", score=game.score), 22, YELLOW, INK, 2
        )
        x, y = self.best_point[0] - PLOT.x, self.best_point[1] - PLOT.y
        rect = label.get_rect(midbottom=(x, y - 14))
        if rect.top < 2:  # no room above: put it beside the point
            rect = label.get_rect(midleft=(x + 16, y))
            if rect.right > PLOT.w - 2:
                rect = label.get_rect(midright=(x - 16, y))
        if avoid is not None and rect.colliderect(avoid):  # not over the average's label
            rect = label.get_rect(midtop=(x, y + 14))
            if rect.bottom > PLOT.h - 2:
                rect = label.get_rect(midright=(x - 16, y))
        rect.clamp_ip(pygame.Rect(2, 2, PLOT.w - 4, PLOT.h - 4))
        layer.blit(label, rect)

    def _paint_legend(self, surf: pygame.Surface, window: int) -> None:
        text = self.ctx.text
        x, y = PLOT.x + 12, PLOT.y + 12
        gfx.line(surf, mix(PINK, WELL_COLOUR, 0.3), (x, y), (x + 22, y), 3)
        label = text.render(t("stats.legend_score", "score"), 18, WHITE)
        surf.blit(label, label.get_rect(midleft=(x + 28, y)))
        x += 40 + label.get_width()
        gfx.line(surf, CYAN, (x, y), (x + 22, y), 4)
        label = text.render(
            t("stats.legend_average", "average of the last {n}", n=window), 18, WHITE
        )
        surf.blit(label, label.get_rect(midleft=(x + 28, y)))
