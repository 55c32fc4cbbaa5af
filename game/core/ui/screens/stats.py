"""Statistics: solo high scores with their ratings, a chart of solo scores over time, and
multiplayer wins per player, from the kept records (`game.core.storage.list_records`).

Everything but the Back button is still, so `enter` reads the records once and paints the whole
screen (backdrop, panels, tables, chart axes) onto one surface; a frame is then one blit, the
chart's line sweeping in from the left, and a glow on the best score.
"""

from __future__ import annotations

import math

import pygame

from game.core.game import BOT_LEVELS
from game.core.i18n import lt, t, tn
from game.core.levels import level_in_words
from game.core.seat_names import shown_name
from game.core.stats import TOP_SCORES, PlayerWins, Stats, compute
from game.core.storage import list_records
from game.core.ui.context import Context
from game.core.ui.scene import UIScene
from game.core.ui.screens.chart import (  # noqa: F401  (the statistics tests import them from here)
    moving_average,
    nice_step,
    score_axis,
)
from game.core.ui.screens.stats_chart import (
    BACK_RECT,
    DAILY_RECT,
    DIM,
    EMPTY_PANEL,
    GAMES_X,
    HINT_COLOUR,
    MEDALS,
    PANEL_COLOUR,
    PLOT,
    REVEAL_TIME,
    SCORES_PANEL,
    STRIPE,
    WARN_COLOUR,
    WELL_COLOUR,
    WIN_ROWS,
    WINS_PANEL,
    WINS_X,
    ScoreChart,
    date_label,
)
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.layout import LOGICAL_SIZE
from game.core.ui.toolkit.paint import (
    CYAN,
    GOLD,
    GREEN,
    INK,
    ORANGE,
    PINK,
    WHITE,
    YELLOW,
    draw_backdrop,
    draw_panel,
    mix,
)
from game.core.ui.toolkit.tween import ease_out_cubic
from game.core.ui.toolkit.widgets import Button


def player_label(p: PlayerWins) -> str:
    """A row's name: a computer's level ("Bot 2 (hard)") said in the player's language."""
    for level in BOT_LEVELS:
        if p.computer and p.label.endswith(f" ({level})"):
            return f"{p.label[: -len(level) - 3]} ({level_in_words(level)})"
    return p.label


def rate_text(p: PlayerWins) -> str:
    return t("stats.percent", "{n}%", n=round(p.rate * 100))


class StatsScene(ScoreChart, UIScene):
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
        self.add(  # the daily deal's streak and calendar, on a page of their own
            "daily",
            Button(
                DAILY_RECT,
                lt("stats.daily", "Daily deal"),
                lambda: self.ctx.nav.push("stats_daily", game=self.game),
                key=pygame.K_d,
                colour=PINK,
                text_size=32,
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
        return self.ctx.game_ui(self.game).game.rules.solo_fewest_turns

    def enter(self) -> None:
        game = self.ctx.game_ui(self.game).game
        infos, self.problems = list_records(self.ctx.game_dir(self.game), self.ctx.rules_games)
        self.stats = compute(infos, fewest=self.fewest, rating=game.words.solo_rating)
        self.problem_line = self._problem_line()
        self.score_rows = [
            (
                str(rank),
                str(g.score),
                game.words.rating_shown(g.rating) if g.rating else "",
                date_label(g.finished_at),
                shown_name(g.name, 0, 1),  # (a daily deal's "You", in today's language)
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

    ambient_motion = True  # the best point pulses ...
    marks_ambient = True  # ... and is all that moves by itself: such frames are drawn there

    def update(self, dt: float) -> None:
        super().update(dt)
        self._reveal = min(1.0, self._reveal + self.ctx.anim_dt(dt) / REVEAL_TIME)

    def needs_redraw(self) -> bool:
        return self._reveal < 1.0 or super().needs_redraw()  # the chart drawing itself in

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
        reach = 16 + 4  # the largest radius, the ring's width and its smoothed edge
        self.mark_ambient((pos[0] - reach, pos[1] - reach, 2 * reach, 2 * reach))

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
            first = self.ctx.text.shorten(self.problems[0], 18, width)
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
                surf.blit(text.render(text.shorten(name, 22, width), 22, WHITE), (tx, cy - 19))
                surf.blit(text.render(date, 18, HINT_COLOUR), (tx, cy + 4))
                continue
            when = text.render(date, 16, HINT_COLOUR)
            surf.blit(when, when.get_rect(topright=(row.right - 10, cy - 16)))
            name_w = width - when.get_width() - 10
            surf.blit(text.render(text.shorten(name, 22, name_w), 22, WHITE), (tx, cy - 19))
            size = text.fit_size(rating, 18, width, min_size=12)
            surf.blit(
                text.render(text.shorten(rating, size, width), size, (226, 214, 250)),
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
        # Each heading within its column, all at one size: a long word ("victoires") makes
        # them smaller rather than run together.
        columns = (
            (t("stats.col_wins", "wins"), x + w - WINS_X, 50),
            (t("stats.col_games", "games"), x + w - GAMES_X, 50),
            (t("stats.col_rate", "win rate"), x + w - 36, 70),
        )
        size = min(text.fit_size(label, 18, room, min_size=12) for label, _, room in columns)
        for label, cx, _ in columns:
            text.blit_centered(surf, label, size, HINT_COLOUR, (cx, y + 8))

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
        name_w = w - WINS_X - 40
        colour = CYAN if p.computer else WHITE
        label = player_label(p)
        size = text.fit_size(label, 22, name_w, min_size=14)
        name = text.render(label, size, colour)
        surf.blit(name, name.get_rect(midleft=(x + 30, cy)))
        text.blit_centered(
            surf,
            str(p.wins),
            24,
            YELLOW if p.wins else WHITE,
            (x + w - WINS_X, cy),
            outline=INK,
            px=2,
        )
        text.blit_centered(surf, str(p.played), 20, WHITE, (x + w - GAMES_X, cy))
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
