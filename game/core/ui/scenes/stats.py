"""Statistics: solo high scores with their ratings, a chart of solo scores over time, and
multiplayer wins per player, from the kept records (`game.core.storage.list_records`).

Everything but the Back button is still, so `enter` reads the records once and paints the whole
screen (backdrop, panels, tables, chart axes) onto one surface; a frame is then one blit, the
chart's line sweeping in from the left, and a glow on the best score.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.core import i18n
from game.core.game import BOT_LEVELS, level_name
from game.core.i18n import lt, t, tn
from game.core.stats import TOP_SCORES, PlayerWins, SoloGame, Stats, compute, parse_date
from game.core.storage import list_records
from game.core.ui import gfx
from game.core.ui.chart import moving_average, nice_step, score_axis
from game.core.ui.context import Context
from game.core.ui.layout import LOGICAL_SIZE
from game.core.ui.tween import ease_out_cubic
from game.core.ui.widgets import (
    CYAN,
    GOLD,
    GREEN,
    INK,
    ORANGE,
    PINK,
    WHITE,
    YELLOW,
    Button,
    UIScene,
    draw_backdrop,
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

# Inside the chart panel: room for the header above, y labels left, x labels below.
PLOT = pygame.Rect(
    CHART_PANEL.x + 64, CHART_PANEL.y + 64, CHART_PANEL.w - 96, CHART_PANEL.h - 64 - 58
)
PLOT_PAD = 16  # the first and last points sit this far inside the plot, not on its edge
REVEAL_TIME = 0.9  # seconds for the line to sweep in (scaled by the animation speed)
TREND_FROM = 15  # from this many games a moving average is drawn over the raw scores
WIN_ROWS = 5  # rows per column of the wins table (two columns)
SUPERSAMPLE = 3  # the plot layer is drawn at 3x and smooth-scaled down: smooth thick lines


def date_label(finished_at: str) -> str:
    """A record's date in the player's language, or "date unknown"."""
    when = parse_date(finished_at)
    return i18n.date(when) if when else t("stats.date_unknown", "date unknown")


def player_label(p: PlayerWins) -> str:
    """A row's name: a computer's level ("Bot 2 (hard)") said in the player's language."""
    for level in BOT_LEVELS:
        if p.computer and p.label.endswith(f" ({level})"):
            return f"{p.label[: -len(level) - 3]} ({level_name(level).lower()})"
    return p.label


def rate_text(p: PlayerWins) -> str:
    return t("stats.percent", "{n}%", n=round(p.rate * 100))


class StatsScene(UIScene):
    """Opaque. Widget: "back" (Esc). Reads the records on `enter`.

    For tests and callers: `stats` (game.core.stats.Stats), `problems` (unreadable files),
    `score_rows` / `win_rows` (the table rows as shown), `points` (each solo game's point on
    screen, time order), `best_point`, `problem_line` ("2 records could not be read") and
    `wins_note`.
    """

    fills_screen = True

    def __init__(self, ctx: Context, game: str | None = None) -> None:
        super().__init__(ctx)
        self.game = game or ctx.games[0].id  # whose records: each game keeps its own in its folder
        self.add(
            "back",
            Button(
                BACK_RECT,
                lt("stats.back", "Back"),
                self.back,
                key=pygame.K_ESCAPE,
                colour=ORANGE,
                text_size=40,
            ),
        )
        self.stats: Stats = compute([])
        self.problems: list[str] = []
        # rank, score, rating ("" for Blanco), date, the player's name
        self.score_rows: list[tuple[str, str, str, str, str]] = []
        self.win_rows: list[tuple[str, str, str, str]] = []  # name, wins, played, win rate
        self.points: list[tuple[float, float]] = []
        self.best_point: tuple[float, float] | None = None
        self.problem_line = ""
        self.wins_note = ""  # the wins table's header note, e.g. "12 games | 6 players"
        self._static: pygame.Surface | None = None
        self._view = pygame.Rect((0, 0), LOGICAL_SIZE)  # what the static layer covers
        self._plot_layer: pygame.Surface | None = None
        self._reveal = 0.0

    # ---------------------------------------------------------------- lifecycle

    def back(self) -> None:
        self.ctx.stack.pop()

    @property
    def fewest(self) -> bool:
        """Solo games score turns taken, the fewest best, not points (the game says)."""
        return self.ctx.game_ui(self.game).game.solo_fewest_turns

    def enter(self) -> None:
        game = self.ctx.game_ui(self.game).game
        infos, self.problems = list_records(self.ctx.game_dir(self.game), self.ctx.rules_games)
        self.stats = compute(infos, fewest=self.fewest, rating=game.solo_rating)
        self.problem_line = self._problem_line()
        self.score_rows = [
            (
                str(rank),
                str(g.score),
                game.rating_shown(g.rating) if g.rating else "",
                date_label(g.finished_at),
                g.name,
            )
            for rank, g in enumerate(self.stats.solo.top, 1)
        ]
        self.win_rows = [
            (player_label(p), str(p.wins), str(p.played), rate_text(p)) for p in self.stats.players
        ]
        self._reveal = 0.0
        self._static = self._paint_static()

    def relabel(self) -> None:
        """A new language: every text is painted again in it."""
        self.enter()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._reveal = min(1.0, self._reveal + self.ctx.anim_dt(dt) / REVEAL_TIME)

    def ellipsize(self, line: str, size: int, width: float) -> str:
        """`line`, cut and ended with "..." if it is wider than `width` at `size`."""
        font = self.ctx.text.font(size)
        if font.size(line)[0] <= width:
            return line
        while line and font.size(line + "...")[0] > width:
            line = line[:-1]
        return line.rstrip() + "..."

    def _problem_line(self) -> str:
        n = len(self.problems)
        if not n:
            return ""
        return tn(
            "stats.unreadable",
            n,
            "{count} record could not be read",
            "{count} records could not be read",
        )

    # ---------------------------------------------------------------- per frame

    def draw(self, surface: pygame.Surface) -> None:
        view = gfx.view(surface)
        if self._static is None or view != self._view:  # before enter, or a new window shape
            self._view = view
            self._static = self._paint_static()
        surface.blit(self._static, view.topleft)
        if self._plot_layer is not None:
            # Sweep the line in from the left: blit only the revealed part of the cached layer.
            k = ease_out_cubic(self._reveal)
            width = round(self._plot_layer.get_width() * k)
            if width > 0:
                surface.blit(self._plot_layer, PLOT.topleft, (0, 0, width, PLOT.h))
            if self.best_point is not None and k >= 1.0:
                self._draw_best_glow(surface, self.best_point)
        self.draw_widgets(surface)

    def _draw_best_glow(self, surface: pygame.Surface, pos: tuple[float, float]) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.time * 4.0)
        radius = 13 + round(3 * pulse)
        gfx.aacircle(surface, mix(GOLD, WHITE, pulse * 0.5), pos, radius, 2)

    # ---------------------------------------------------------------- painting (once)

    def _paint_static(self) -> pygame.Surface:
        surf = gfx.layer(self._view, LOGICAL_SIZE)
        draw_backdrop(surf, self.ctx.assets)
        text = self.ctx.text
        title = t("stats.title_game", "{game}: statistics", game=self.ctx.game_ui(self.game).title)
        text.blit_centered(
            surf,
            title,
            text.fit_size(title, 68, 1000),
            YELLOW,
            (640, 50),
            outline=INK,
            px=5,
            shadow=6,
        )
        self._plot_layer = None
        self.points, self.best_point = [], None
        if self.stats.empty:
            self._paint_empty(surf)
        else:
            self._paint_chart(surf)
            self._paint_scores(surf)
            self._paint_wins(surf)
        if self.problem_line:
            # A count, and the first reason cut to fit: enough to know, not a log.
            width = BACK_RECT[0] - 60
            surf.blit(text.render(self.problem_line, 22, WARN_COLOUR), (40, 646))
            first = self.ellipsize(self.problems[0], 18, width)
            surf.blit(text.render(first, 18, HINT_COLOUR), (40, 672))
        text.blit_centered(surf, t("stats.esc_back", "Esc: back"), 22, HINT_COLOUR, (1180, 668))
        return surf

    def _header(self, surf: pygame.Surface, panel: pygame.Rect, title: str, note: str = "") -> None:
        text = self.ctx.text
        label = text.render_outlined(title, 34, YELLOW, INK, 3)
        surf.blit(label, (panel.x + 22, panel.y + 12))
        if note:
            small = text.render(note, 22, HINT_COLOUR)
            surf.blit(small, small.get_rect(bottomright=(panel.right - 22, panel.y + 44)))

    def _paint_empty(self, surf: pygame.Surface) -> None:
        text = self.ctx.text
        draw_panel(surf, EMPTY_PANEL, colour=PANEL_COLOUR, radius=26, border=5, shadow=10)
        self._star(surf, (EMPTY_PANEL.centerx, EMPTY_PANEL.y + 86), 84)
        text.blit_centered(
            surf,
            t("stats.empty", "No finished games yet..."),
            50,
            WHITE,
            (EMPTY_PANEL.centerx, EMPTY_PANEL.y + 180),
            outline=INK,
            px=4,
        )
        hint = (
            t(
                "stats.empty_hint_turns",
                "Finish a game and it shows up here: your solo "
                "games with the fewest turns, a chart of your turns over time, and who wins "
                "most against friends and computers.",
            )
            if self.fewest
            else t(
                "stats.empty_hint",
                "Finish a game and it shows up here: your best solo "
                "scores with their ratings, a chart of how your scores grow, and who wins "
                "most against friends and computers.",
            )
        )
        lines = text.wrap(hint, 28, EMPTY_PANEL.w - 120)
        for i, line in enumerate(lines):
            text.blit_centered(
                surf, line, 28, HINT_COLOUR, (EMPTY_PANEL.centerx, EMPTY_PANEL.y + 246 + i * 34)
            )

    def _none_yet(
        self, surf: pygame.Surface, panel: pygame.Rect, title: str, hint: str, top: int = 48
    ) -> None:
        text = self.ctx.text
        cy = panel.y + top + (panel.h - top) / 2
        text.blit_centered(surf, title, 32, WHITE, (panel.centerx, cy - 16), outline=INK, px=3)
        size = text.fit_size(hint, 24, panel.w - 60)
        text.blit_centered(surf, hint, size, HINT_COLOUR, (panel.centerx, cy + 22))

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

    # ---------------------------------------------------------------- the tables

    def _paint_scores(self, surf: pygame.Surface) -> None:
        text = self.ctx.text
        panel = SCORES_PANEL
        draw_panel(surf, panel, colour=PANEL_COLOUR, radius=22, border=4, shadow=8)
        if self.fewest:
            self._header(
                surf,
                panel,
                t("stats.best_turns", "Best turns"),
                t("stats.solo_fewest", "solo, fewest first"),
            )
        else:
            self._header(
                surf, panel, t("stats.high_scores", "High scores"), t("stats.solo", "solo")
            )
        if not self.score_rows:
            self._none_yet(
                surf,
                panel,
                t("stats.no_solo", "No solo games yet"),
                t("stats.no_solo_top", "Your ten best solo games appear here."),
            )
            return
        top = panel.y + 58
        row_h = (panel.bottom - 14 - top) / TOP_SCORES
        for i in range(TOP_SCORES):
            y = top + i * row_h
            row = pygame.Rect(panel.x + 12, round(y), panel.w - 24, round(row_h) - 4)
            if i % 2 == 0:
                gfx.rect(surf, STRIPE, row, border_radius=10)
            cy = row.centery
            if i >= len(self.score_rows):  # an arcade board shows its empty slots too
                text.blit_centered(surf, str(i + 1), 24, DIM, (row.x + 24, cy + 1))
                text.blit_centered(surf, "- -", 30, DIM, (row.x + 82, cy))
                empty = t("stats.empty_slot", "play solo to fill this slot")
                size = text.fit_size(empty, 20, row.right - 10 - row.x - 122, min_size=14)
                surf.blit(text.render(empty, size, DIM), (row.x + 122, cy - 9))
                continue
            rank, score, rating, date, name = self.score_rows[i]
            # The rank in a medal (gold, silver, bronze for the first three).
            medal = MEDALS[i] if i < len(MEDALS) else None
            mx = row.x + 24
            if medal is not None:
                gfx.circle(surf, INK, (mx, cy), 17)
                gfx.circle(surf, medal, (mx, cy), 14)
                text.blit_centered(surf, rank, 24, INK, (mx, cy + 1))
            else:
                text.blit_centered(surf, rank, 24, HINT_COLOUR, (mx, cy + 1))
            text.blit_centered(
                surf, score, 36, YELLOW if i == 0 else WHITE, (row.x + 82, cy), outline=INK, px=2
            )
            tx = row.x + 122
            width = row.right - 10 - tx
            # The player's name leads (an arcade board names its champions); the rating
            # (Lucky Box) under it, with the date beside the name; Blanco has no rating, so
            # its date goes under the name.
            if not rating:
                surf.blit(text.render(self.ellipsize(name, 22, width), 22, WHITE), (tx, cy - 19))
                surf.blit(text.render(date, 18, HINT_COLOUR), (tx, cy + 4))
                continue
            when = text.render(date, 16, HINT_COLOUR)
            surf.blit(when, when.get_rect(topright=(row.right - 10, cy - 16)))
            name_w = width - when.get_width() - 10
            surf.blit(text.render(self.ellipsize(name, 22, name_w), 22, WHITE), (tx, cy - 19))
            size = text.fit_size(rating, 18, width, min_size=12)
            surf.blit(
                text.render(self.ellipsize(rating, size, width), size, (226, 214, 250)),
                (tx, cy + 4),
            )

    def _paint_wins(self, surf: pygame.Surface) -> None:
        panel = WINS_PANEL
        draw_panel(surf, panel, colour=PANEL_COLOUR, radius=22, border=4, shadow=8)
        games = self.stats.multiplayer_games
        players = self.stats.players
        note = ""
        if games:
            note = tn("stats.games", games, "{count} game", "{count} games")
            if len(players) <= 2 * WIN_ROWS:
                counted = tn("stats.players", len(players), "{count} player", "{count} players")
            else:
                counted = t(
                    "stats.top_players",
                    "top {top} of {count} players",
                    top=2 * WIN_ROWS,
                    count=len(players),
                )
            note += f"   |   {counted}"
        self.wins_note = note
        self._header(surf, panel, t("stats.multiplayer", "Multiplayer wins"), note)
        if not players:
            self._none_yet(
                surf,
                panel,
                t("stats.no_multi", "No multiplayer games yet"),
                t("stats.no_multi_hint", "Play with friends or computers to see who wins most."),
            )
            return
        shown = players[: 2 * WIN_ROWS]
        margin, gap = 16, 16
        stripe_w = (panel.w - 2 * margin - gap) // 2
        top = panel.y + 50
        row_h = 26
        for col in range(2):
            if col * WIN_ROWS >= len(shown):
                break
            x0 = panel.x + margin + col * (stripe_w + gap) + 6  # content inside the stripe
            self._wins_columns(surf, x0, stripe_w - 12, top)
            for r, p in enumerate(shown[col * WIN_ROWS : (col + 1) * WIN_ROWS]):
                rank = col * WIN_ROWS + r + 1
                self._win_row(
                    surf, p, rank, x0, stripe_w - 12, top + 22 + r * row_h, row_h, stripe=r % 2 == 0
                )

    def _wins_columns(self, surf: pygame.Surface, x: int, w: int, y: int) -> None:
        text = self.ctx.text
        for label, cx in (
            (t("stats.col_wins", "wins"), x + w - 150),
            (t("stats.col_games", "games"), x + w - 100),
            (t("stats.col_rate", "win rate"), x + w - 36),
        ):
            text.blit_centered(surf, label, 18, HINT_COLOUR, (cx, y + 8))

    def _win_row(
        self,
        surf: pygame.Surface,
        p: PlayerWins,
        rank: int,
        x: int,
        w: int,
        y: float,
        h: int,
        stripe: bool,
    ) -> None:
        text = self.ctx.text
        row = pygame.Rect(x - 6, round(y), w + 12, h - 2)
        if stripe:
            gfx.rect(surf, STRIPE, row, border_radius=8)
        cy = row.centery
        text.blit_centered(surf, str(rank), 20, GOLD if rank == 1 else HINT_COLOUR, (x + 12, cy))
        name_w = w - 190
        colour = CYAN if p.computer else WHITE
        label = player_label(p)
        size = text.fit_size(label, 22, name_w, min_size=14)
        name = text.render(label, size, colour)
        surf.blit(name, name.get_rect(midleft=(x + 30, cy)))
        text.blit_centered(
            surf, str(p.wins), 24, YELLOW if p.wins else WHITE, (x + w - 150, cy), outline=INK, px=2
        )
        text.blit_centered(surf, str(p.played), 20, WHITE, (x + w - 100, cy))
        # The win rate as a small bar with the percentage on it.
        bar = pygame.Rect(x + w - 66, cy - 8, 60, 16)
        gfx.rect(surf, WELL_COLOUR, bar, border_radius=8)
        fill = bar.copy()
        fill.width = max(0, round(bar.width * p.rate))
        if fill.width >= 4:
            gfx.rect(surf, GREEN, fill, border_radius=8)
        text.blit_centered(
            surf, rate_text(p), 16, WHITE, (bar.centerx, bar.centery + 1), outline=INK, px=1
        )

    def _star(self, surf: pygame.Surface, center: tuple[float, float], size: int) -> None:
        """The star sprite, or a drawn star when the sprite is missing."""
        assets = self.ctx.assets
        if assets.has("icon_star"):
            img = assets.get("icon_star", (size, size))
            surf.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))
            return
        cx, cy = center
        pts = [
            (
                cx
                + math.cos(math.pi / 2 + k * math.pi / 5) * (size / 2 if k % 2 == 0 else size / 5),
                cy
                - math.sin(math.pi / 2 + k * math.pi / 5) * (size / 2 if k % 2 == 0 else size / 5),
            )
            for k in range(10)
        ]
        gfx.polygon(surf, GOLD, pts)
        gfx.aalines(surf, INK, True, pts)
