"""The end of the game: each player's score as a picture, the winner, the solo rating on its
whole scale."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import t
from game.core.session import Challenge, Session
from game.core.ui.scene import parts_moving
from game.core.ui.screens.gameend import Choice, GameEndScreen
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW, draw_panel, mix
from game.core.ui.toolkit.tooltip import Tip
from game.luckybox.rules.scoring import SOLO_RATINGS
from game.luckybox.ui.session_state import state_of
from game.luckybox.ui.tips import moon_rule
from game.luckybox.words import rating_text

if TYPE_CHECKING:
    from game.core.ui.context import Context

CATEGORIES = (  # (key, label, colour); labels are translated when drawn
    ("cards", "Cards", (236, 64, 122)),
    ("stars", "Stars", (255, 196, 40)),
    ("incomplete", "Incomplete", (120, 220, 200)),
    ("moons", "Moons", (110, 120, 255)),
)
NEGATIVE = (230, 60, 60)
CHART = pygame.FRect(60, 150, 1160, 440)
SOLO_CHART = pygame.FRect(60, 146, 1160, 140)  # one row; the rating scale goes beneath
SCALE = pygame.FRect(60, 300, 1160, 300)  # shorter over a daily deal's line to share
PANEL_SHADOW = 8
RANGE_W = 140  # the scale's column of score ranges, right of its gauge
GROW_TIME = 1.2
COMPARE_W = 190  # the right-hand column comparing with the record of the same deal
VALUE_MIN, VALUE_MAX = 18, 30  # px: the numbers inside the bars


def breakdown(session: Session, seat: int) -> tuple[int, int, int, int]:
    p = state_of(session).players[seat]
    return sum(p.card_points), sum(p.star_points), p.incomplete, p.moon_points


def category_label(key: str) -> str:
    return {
        "cards": t("luckybox.game_end.cards", "Cards"),
        "stars": t("luckybox.game_end.stars", "Stars"),
        "incomplete": t("luckybox.game_end.incomplete", "Incomplete"),
        "moons": t("luckybox.game_end.moons", "Moons"),
        "penalty": t("luckybox.game_end.moon_penalty", "Moon penalty"),
    }[key]


def value_size(bar_h: float) -> int:
    """The text size of a number inside a bar this tall (legible even with 12 players)."""
    return max(VALUE_MIN, min(VALUE_MAX, int(bar_h * 0.8)))


def rating_band(total: int) -> int:
    """The index in SOLO_RATINGS of the band a solo Mega Total falls in."""
    return next(i for i, (floor, _) in enumerate(SOLO_RATINGS) if total >= floor)


def band_range(index: int) -> str:
    """A band's scores as the rulebook prints them: "70+", "65-69", ..., "44 or less"."""
    floor = SOLO_RATINGS[index][0]
    if index == 0:
        return t("luckybox.game_end.range_top", "{n}+", n=floor)
    above = SOLO_RATINGS[index - 1][0]
    if index == len(SOLO_RATINGS) - 1:
        return t("luckybox.game_end.range_bottom", "{n} or less", n=above - 1)
    return t("luckybox.game_end.range", "{low}–{high}", low=floor, high=above - 1)


class GameEndScene(GameEndScreen):
    """Opaque. Widgets: "again" (same seats, next seed) and "title"."""

    game_id = "luckybox"

    def __init__(
        self,
        ctx: Context,
        session: Session,
        demo: bool = False,
        again: Choice | None = None,
        back: Choice | None = None,
        on_exit: Callable[[], None] | None = None,
    ) -> None:
        """`again` and `back` replace the two buttons (label, action): a replay offers
        "Watch again" and "Replays". `on_exit`: see GameEndScreen."""
        super().__init__(ctx, session, demo, again, back, on_exit)
        self.values_drawn: list[tuple[int, int]] = []  # (number, text size) in the bars
        # Each bar part as drawn: (rect, legend key, points, seat), for its tooltip.
        self.parts_drawn: list[tuple[pygame.FRect, str, int, int]] = []
        self.tooltips.add(self.part_tip)
        if again is None:  # (a replay's own buttons say what they are)
            self.buttons["again"].tooltip = lambda: t(
                "luckybox.tip.game_end.new_deal", "The same players, a new deal."
            )
            self.buttons["title"].tooltip = lambda: t(
                "luckybox.tip.game_end.to_title", "Back to the title screen (Enter or Esc)."
            )

    def needs_redraw(self) -> bool:
        return self.time < GROW_TIME or parts_moving(self)  # the bars grow, then rest

    def redraw_key(self) -> object:
        return super().redraw_key(), tuple(p.total for p in state_of(self.session).players)

    def play_again(self) -> None:
        session = self.session
        if session.challenge is not None:  # the same deal once more, the same comparison
            state = state_of(session)
            self.ctx.nav.make(
                self.start_route,
                seats=session.seats,
                seed=session.seed,
                deal=state.deal,
                options=state.options,
                challenge=session.challenge,
            )
            return
        super().play_again()

    def _draw_versus(
        self,
        surface: pygame.Surface,
        challenge: Challenge,
        seat: int,
        total: int,
        cy: float,
        row_h: float,
    ) -> None:
        """The record's score for this seat and how far ahead or behind this game is."""
        theirs = challenge["totals"][seat]
        diff = total - theirs
        sign = "+" if diff > 0 else ""
        colour = (120, 240, 140) if diff > 0 else (255, 130, 130) if diff < 0 else WHITE
        size = int(min(26, row_h * 0.5))
        x = CHART.right - COMPARE_W
        name = challenge["names"][seat]
        label = (
            f"{name}: {theirs}"
            if name != self.session.seats[seat].name
            else t("luckybox.game_end.was", "was {total}", total=theirs)
        )
        self.ctx.text.blit_centered(surface, label, size, WHITE, (x + 60, cy))
        self.ctx.text.blit_centered(
            surface, f"{sign}{diff}", size + 4, colour, (x + 150, cy), outline=INK, px=2
        )

    def headline(self) -> str:
        state = state_of(self.session)
        names = [self.session.name_of(w) for w in state.winners()]
        if self.solo:
            return t(
                "luckybox.game_end.mega_total", "Mega Total: {total}", total=state.players[0].total
            )
        if len(names) == 1:
            return t("luckybox.game_end.wins", "{name} wins!", name=names[0])
        return t("luckybox.game_end.shared", "Shared win: {names}", names=" & ".join(names))

    # ------------------------------------------------------------ what the chart shows

    def values(self) -> list[tuple[int, int, int, int]]:
        return [breakdown(self.session, s) for s in range(len(self.session.seats))]

    def segments(self, row: tuple[int, int, int, int]) -> list[tuple[str, int]]:
        """The bar's parts right of zero, then the part left of it: (legend key, points).
        In solo a negative moon score is the solo table's, not a penalty from the others."""
        parts = [
            (key, value) for (key, _l, _c), value in zip(CATEGORIES, row, strict=True) if value > 0
        ]
        if row[3] < 0:
            parts.append(("moons" if self.solo else "penalty", row[3]))
        return parts

    def legend_keys(self) -> list[str]:
        """Only what some bar shows, in the legend's order."""
        shown = {key for row in self.values() for key, _v in self.segments(row)}
        return [key for key in ("cards", "stars", "incomplete", "moons", "penalty") if key in shown]

    def colour(self, key: str) -> tuple[int, int, int]:
        return NEGATIVE if key == "penalty" else next(c for k, _l, c in CATEGORIES if k == key)

    # ------------------------------------------------------------ drawing

    def keep_clear(self) -> list[pygame.FRect]:
        """What a tip must leave readable: the headline, the scores and the solo rating."""
        headline = pygame.FRect(0, 20, 1280, 120)
        mine = [headline, SOLO_CHART, self.scale_rect()] if self.solo else [headline, CHART]
        return mine + self.share_clear()  # and a daily deal's line to share

    def scale_rect(self) -> pygame.FRect:
        """The solo rating's panel: down to the results' limit (a daily deal's line to share
        goes under it)."""
        bottom = min(SCALE.bottom, self.results_bottom() - PANEL_SHADOW)
        return pygame.FRect(SCALE.x, SCALE.y, SCALE.w, bottom - SCALE.y)

    def draw_results(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        ctx.text.blit_centered(
            surface, self.headline(), 72, YELLOW, (640, 60), outline=INK, px=5, shadow=5
        )
        if self.solo:
            total = state_of(self.session).players[0].total
            ctx.text.blit_centered(
                surface, rating_text(rating_band(total)), 36, WHITE, (640, 118), outline=INK, px=3
            )
            self._draw_chart(surface, SOLO_CHART)
            self._draw_scale(surface, total)
        else:
            self._draw_chart(surface, CHART)

    def _draw_chart(self, surface: pygame.Surface, chart: pygame.FRect) -> None:
        ctx = self.ctx
        self.values_drawn = []
        self.parts_drawn = []
        state = state_of(self.session)
        draw_panel(surface, chart, colour=(50, 26, 96), radius=20, border=4, shadow=8)
        seats = len(self.session.seats)
        grow = min(1.0, self.time / GROW_TIME)
        values = self.values()
        most = max(1, max(sum(max(0, v) for v in row) for row in values))
        least = min(0, min(row[3] for row in values))
        name_w = 170
        challenge = self.session.challenge
        span = chart.w - name_w - 140 - (COMPARE_W if challenge is not None else 0)
        zero_x = chart.x + name_w + 20 + (-least) * span / (most - least)
        scale = span / (most - least)
        row_h = min(72, (chart.h - 70) / seats)
        winners = set(state.winners())
        if challenge is not None:  # in the legend's row, right-aligned
            line = t(
                "luckybox.game_end.same_deal",
                "Same deal as {source}",
                source=challenge.get("source") or t("luckybox.game_end.the_record", "the record"),
            )
            size = ctx.text.fit_size(line, 22, 440)
            img = ctx.text.render(line, size, (206, 190, 240))
            surface.blit(img, (chart.right - 24 - img.get_width(), chart.bottom - 33))
        for seat, row in enumerate(values):
            y = chart.y + 20 + seat * row_h
            bar_h = max(8, row_h * 0.7)
            name = self.session.name_of(seat)
            colour = YELLOW if seat in winners and not self.solo else WHITE
            size = ctx.text.fit_size(name, int(min(30, max(20, row_h * 0.6))), name_w)
            ctx.text.blit_centered(
                surface, name, size, colour, (chart.x + 20 + name_w / 2, y + bar_h / 2)
            )
            x = zero_x
            for key, value in self.segments(row):
                w = abs(value) * scale * grow
                left = x if value > 0 else zero_x - w
                gfx.rect(surface, self.colour(key), (left, y, w, bar_h), border_radius=6)
                self._value(surface, value, pygame.FRect(left, y, w, bar_h))
                self.parts_drawn.append((pygame.FRect(left, y, w, bar_h), key, value, seat))
                if value > 0:
                    x += w
            total = sum(row)
            text = str(round(total * grow))
            img = ctx.text.render_outlined(text, int(min(36, max(24, row_h * 0.7))), colour, INK, 2)
            surface.blit(img, img.get_rect(midleft=(round(x + 12), round(y + bar_h / 2))))
            if challenge is not None:
                self._draw_versus(surface, challenge, seat, total, y + bar_h / 2, row_h)
        lx = chart.x + 40
        for key in self.legend_keys():
            gfx.rect(surface, self.colour(key), (lx, chart.bottom - 36, 22, 22), border_radius=5)
            img = ctx.text.render(category_label(key), 24, WHITE)
            surface.blit(img, (lx + 28, chart.bottom - 34))
            lx += 60 + img.get_width()

    def _value(self, surface: pygame.Surface, value: int, rect: pygame.FRect) -> None:
        """The number inside a bar part, when it fits there."""
        size = value_size(rect.h)
        img = self.ctx.text.render_outlined(str(value), size, WHITE, INK, 2)
        if img.get_width() + 6 <= rect.w and img.get_height() <= rect.h + 10:
            surface.blit(img, img.get_rect(center=(round(rect.centerx), round(rect.centery))))
            self.values_drawn.append((value, size))

    def _draw_scale(self, surface: pygame.Surface, total: int) -> None:
        """The rulebook's solo rating, every band, with this score's band lit and a marker at
        the score."""
        ctx = self.ctx
        scale = self.scale_rect()
        draw_panel(surface, scale, colour=(50, 26, 96), radius=20, border=4, shadow=8)
        ctx.text.blit_centered(
            surface,
            t("luckybox.game_end.scale", "Solo rating"),
            26,
            (206, 190, 240),
            (scale.x + 96, scale.y + 30),
        )
        bands = len(SOLO_RATINGS)
        band_h = self.band_row(0).h
        gauge = pygame.FRect(scale.x + 200, scale.y + 20, 28, band_h * bands)
        mine = rating_band(total)
        for i in range(bands):
            row = self.band_row(i)
            warm = mix((90, 60, 160), (255, 196, 40), (bands - 1 - i) / (bands - 1))
            gfx.rect(surface, warm, (gauge.x, row.y + 1, gauge.w, band_h - 2), border_radius=4)
            lit = i == mine
            if lit:
                glow = row.inflate(8, 0).move(4, 0)
                gfx.rect(surface, (255, 222, 40), glow, 3, border_radius=8)
            colour = YELLOW if lit else (214, 204, 240)
            size = 26 if lit else 22
            rng = band_range(i)
            rng_size = ctx.text.fit_size(rng, size, RANGE_W - 12)  # "44 oder weniger" (de)
            img = (
                ctx.text.render_outlined(rng, rng_size, colour, INK, 2)
                if lit
                else ctx.text.render(rng, rng_size, colour)
            )
            at = (round(gauge.right + RANGE_W / 2), round(row.centery))
            surface.blit(img, img.get_rect(center=at))
            text = rating_text(i)
            room = row.right - (gauge.right + RANGE_W) - 12
            size = ctx.text.fit_size(text, size, room)
            img = (
                ctx.text.render_outlined(text, size, colour, INK, 2)
                if lit
                else ctx.text.render(text, size, colour)
            )
            surface.blit(
                img, img.get_rect(midleft=(round(gauge.right + RANGE_W), round(row.centery)))
            )
        self._marker(surface, total, mine, gauge, band_h)

    def _marker(
        self, surface: pygame.Surface, total: int, band: int, gauge: pygame.FRect, band_h: float
    ) -> None:
        """An arrow at the score on the gauge: placed inside its band by where it falls in it
        (the open-ended top and bottom bands: by how far past their edge, capped)."""
        floor = SOLO_RATINGS[band][0]
        if band == len(SOLO_RATINGS) - 1:
            floor = SOLO_RATINGS[band - 1][0] - 5
        k = min(0.85, max(0.15, (total - floor + 0.5) / 5))  # 0 bottom of the band .. 1 top
        y = gauge.y + band * band_h + (1 - k) * band_h
        grow = min(1.0, self.time / GROW_TIME)
        y = gauge.bottom + (y - gauge.bottom) * grow  # rises to its place with the bars
        tip = (gauge.x - 4, y)
        gfx.polygon(surface, INK, [(tip[0] + 3, y), (tip[0] - 22, y - 15), (tip[0] - 22, y + 15)])
        gfx.polygon(surface, YELLOW, [tip, (tip[0] - 18, y - 11), (tip[0] - 18, y + 11)])
        self.ctx.text.blit_centered(
            surface, str(total), 34, YELLOW, (tip[0] - 50, y), outline=INK, px=3
        )

    def band_row(self, index: int) -> pygame.FRect:
        """Where the scale draws SOLO_RATINGS[index] (the best band on top)."""
        scale = self.scale_rect()
        band_h = (scale.h - 40) / len(SOLO_RATINGS)
        x = scale.x + 200
        return pygame.FRect(x, scale.y + 20 + index * band_h, scale.right - 24 - x, band_h)

    def part_tip(self, pos: tuple[float, float]) -> Tip | None:
        """A bar part under the mouse: whose, what and how many points (narrow parts show no
        number of their own)."""
        for rect, key, value, seat in self.parts_drawn:
            if rect.collidepoint(pos):
                players = len(self.session.seats)
                why = {
                    "cards": t("luckybox.tip.end.cards", "Completed cards, round by round."),
                    "stars": t("luckybox.tip.end.stars", "Stars, round by round."),
                    "incomplete": t(
                        "luckybox.tip.end.incomplete",
                        "Crossed squares on incomplete cards, halved.",
                    ),
                    "moons": moon_rule(players),
                    "penalty": moon_rule(players),
                }[key]
                title = t(
                    "luckybox.tip.end.part",
                    "{name} · {what}: {points}",
                    name=self.session.name_of(seat),
                    what=category_label(key),
                    points=value,
                )
                return Tip(rect, why, title)
        return None

    def marker_band(self) -> int:
        """The band the marker points at (tests read it)."""
        return rating_band(state_of(self.session).players[0].total)
