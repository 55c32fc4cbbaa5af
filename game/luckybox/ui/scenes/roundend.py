"""End of a round, as a scoring moment: each player's completed cards fly off the table into
their row and score, the round's stars light up one by one, and the totals count up.

Every number shown comes from the engine (`PlayerState.card_points`, `star_points`, `stars`,
`completed`, filled in by the round's scoring, and the point tables of
`game.luckybox.rules.scoring`); the scene only times how they appear. Space or a click skips
to the end state; Enter or Continue goes on at any moment.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.core.i18n import t
from game.core.session import Session
from game.core.ui.scene import UIScene
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import GREEN, INK, WHITE, YELLOW, dim, draw_panel
from game.core.ui.toolkit.tween import ease_in_out_sine, ease_out_back, ease_out_cubic
from game.core.ui.toolkit.widgets import Button
from game.luckybox.rules.cards import FULL
from game.luckybox.rules.scoring import CARD_POINTS, MAX_STARS, ROUNDS, STAR_POINTS
from game.luckybox.ui.cardview import CardView
from game.luckybox.ui.session_state import state_of

if TYPE_CHECKING:
    from game.core.ui.context import Context

PANEL = pygame.FRect(120, 36, 1040, 648)  # the most room the panel takes (12 players)
HEAD_H, FOOT_H = 132, 126  # the panel's title and column heads; the skip line and Continue
ROW_H = (150.0, 112.0, 104.0)  # a row's height with 1, 2, 3+ players (less when they don't fit)
POPUP_MIN_ROW = 56  # rows lower than this get no rising "+15" (they would overlap)
HEADER = (200, 190, 255)
FLY_WIDTH = 120  # px: a card's width as it leaves the table


@dataclass(frozen=True)
class Timing:
    """Every duration of the scene, in seconds at animation speed 1 (one place to tune them,
    and the reduced-motion setting takes a calmer set)."""

    start: float = 0.45  # the rows slide in before the first card leaves
    row_stagger: float = 0.06  # between one row's arrival and the next
    card_fly: float = 0.6  # a card's flight from the table to its row
    card_gap: float = 0.3  # between one card's take-off and the next one's (same player)
    star_gap: float = 0.32  # between one star lighting up and the next
    count: float = 0.9  # the totals counting up
    popup: float = 0.7  # a "+15" rising over a landed card
    demo_hold: float = 2.5  # demo games: seconds the end state stays before going on
    fly: bool = True  # cards fly; without it they fade in where they land


NORMAL = Timing()
REDUCED = Timing(
    start=0.2,
    row_stagger=0.0,
    card_fly=0.3,
    card_gap=0.15,
    star_gap=0.18,
    count=0.4,
    popup=0.5,
    demo_hold=2.5,
    fly=False,
)


HEADING_ROOM = 170  # px a column's heading may take (the Total column's is the widest)


class ScoreRow(NamedTuple):
    """One player's round as the engine scored it."""

    name: str
    completed: tuple[int, ...]  # the cards completed this round (they leave the table)
    card_points: int
    stars: int
    star_points: int
    before: int  # card and star points of the earlier rounds
    after: int  # the same, this round included


def score_rows(session: Session, round_no: int) -> list[ScoreRow]:
    """Each seat's scoring of `round_no`, read from the engine's state."""
    r = round_no - 1
    rows = []
    for seat, p in enumerate(state_of(session).players):
        before = sum(p.card_points[:r]) + sum(p.star_points[:r])
        rows.append(
            ScoreRow(
                session.name_of(seat),
                tuple(p.completed[r]),
                p.card_points[r],
                p.stars[r],
                p.star_points[r],
                before,
                before + p.card_points[r] + p.star_points[r],
            )
        )
    return rows


class RoundEndScene(UIScene):
    """An overlay over the table; widget "continue" (Enter/Space once played) closes it.

    `origin(seat)`: where on the table that seat's cards are, so they fly from there."""

    opaque = False

    def __init__(
        self,
        ctx: Context,
        session: Session,
        round_no: int,
        on_close: Callable[[], None],
        demo: bool = False,
        origin: Callable[[int], tuple[float, float]] | None = None,
    ) -> None:
        super().__init__(ctx)
        self.session = session
        self.round = round_no
        self.on_close = on_close
        self.demo = demo
        self.origin = origin
        self.rows = score_rows(session, round_no)
        self.timing = REDUCED if getattr(ctx.settings, "reduced_motion", False) else NORMAL
        self.cards = CardView(ctx.assets, ctx.text)
        self._faces: dict[int, pygame.Surface] = {}
        self._landed: dict[tuple[int, tuple[int, int], float], pygame.Surface] = {}
        self._cues: set[tuple[str, int]] = set()  # sounds already played
        self.skipped = False
        self.closed = False
        self.add(
            "continue",
            Button(
                (self.panel.centerx - 150, self.panel.bottom - 86, 300, 66),
                t("luckybox.round_end.continue", "Continue"),
                self.close,
                key=(pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE),  # Esc backs out too
                colour=GREEN,
                text_size=36,
                tooltip=self.continue_tip,
            ),
        )

    def continue_tip(self) -> str:
        if self.round >= ROUNDS:
            return t("luckybox.tip.round_end.last", "On to the final scores (Enter).")
        return t(
            "luckybox.tip.round_end.next",
            "On to the draft: everyone draws 3 cards and keeps 1 (Enter).",
        )

    # ------------------------------------------------------------ the timeline

    def land_time(self, k: int) -> float:
        """When each player's k-th completed card lands in its row."""
        tm = self.timing
        return tm.start + k * tm.card_gap + tm.card_fly

    @property
    def cards_end(self) -> float:
        most = max((len(row.completed) for row in self.rows), default=0)
        return self.land_time(most - 1) if most else self.timing.start

    def star_time(self, slot: int) -> float:
        """When every player's star `slot` (0-2) lights up."""
        return self.cards_end + 0.15 + slot * self.timing.star_gap

    @property
    def stars_end(self) -> float:
        most = max((row.stars for row in self.rows), default=0)
        return self.star_time(min(most, MAX_STARS) - 1) + 0.15 if most else self.cards_end

    @property
    def end(self) -> float:
        """When everything has been shown."""
        return self.stars_end + self.timing.count

    @property
    def finished(self) -> bool:
        return self.time >= self.end

    def needs_redraw(self) -> bool:
        return not self.finished or super().needs_redraw()  # the round's scores counting in

    def skip(self) -> None:
        """Show the end state at once."""
        self.skipped = True
        self.time = max(self.time, self.end)

    # ------------------------------------------------------------ what is shown at a time

    def landed(self, row: ScoreRow) -> int:
        return sum(1 for k in range(len(row.completed)) if self.time >= self.land_time(k))

    def lit(self, row: ScoreRow) -> int:
        return sum(1 for s in range(min(row.stars, MAX_STARS)) if self.time >= self.star_time(s))

    def shown_card_points(self, row: ScoreRow) -> int:
        count = len(row.completed)
        return row.card_points * self.landed(row) // count if count else row.card_points

    def shown_star_points(self, row: ScoreRow) -> int:
        lit = self.lit(row)
        return row.star_points if lit >= min(row.stars, MAX_STARS) else STAR_POINTS[lit]

    def shown_total(self, row: ScoreRow) -> int:
        k = min(1.0, max(0.0, (self.time - self.stars_end) / max(1e-6, self.timing.count)))
        return round(row.before + (row.after - row.before) * ease_out_cubic(k))

    def shown_totals(self) -> list[int]:
        """The totals as drawn now (the engine's own once the scene has played)."""
        return [self.shown_total(row) for row in self.rows]

    # ------------------------------------------------------------ input and time

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.ctx.stack.pop()
        self.on_close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.finished:
            on_button = self.widget("continue").rect.collidepoint(getattr(event, "pos", (-1, -1)))
            space = event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
            click = (
                event.type == pygame.MOUSEBUTTONDOWN
                and getattr(event, "button", 1) == 1
                and not on_button
            )
            if space or click:
                self.skip()
                return
        self.dispatch(event)

    def update(self, dt: float) -> None:
        super().update(self.ctx.anim_dt(dt))
        if not self.skipped:
            self._sounds()
        if self.demo and self.time > self.end + self.timing.demo_hold:
            self.close()

    def _cue(self, name: str, index: int, at: float) -> None:
        if self.time >= at and (name, index) not in self._cues:
            self._cues.add((name, index))
            self.ctx.play(name)

    def _sounds(self) -> None:
        most = max((len(row.completed) for row in self.rows), default=0)
        for k in range(most):
            self._cue("card_complete", k, self.land_time(k))
        for s in range(min(MAX_STARS, max((row.stars for row in self.rows), default=0))):
            self._cue("bonus_star", s, self.star_time(s))

    # ------------------------------------------------------------ drawing

    def _face(self, card: int) -> pygame.Surface:
        if card not in self._faces:
            self._faces[card] = self.cards.render(
                card, state_of(self.session).face(card), FULL, FLY_WIDTH
            )
        return self._faces[card]

    def _landed_face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """A landed card at its slot's size: scaled once, not again every frame it lies there."""
        key = (card, size, gfx.render_scale())
        img = self._landed.get(key)
        if img is None:
            img = self._landed[key] = gfx.smoothscale(self._face(card), size)
        return img

    def row_height(self) -> float:
        n = max(1, len(self.rows))
        return min(ROW_H[min(n, len(ROW_H)) - 1], (PANEL.h - HEAD_H - FOOT_H) / n)

    @property
    def panel(self) -> pygame.FRect:
        """The panel, as tall as its rows need, centred on the screen."""
        h = HEAD_H + FOOT_H + self.row_height() * max(1, len(self.rows)) + 10
        return pygame.FRect(PANEL.x, PANEL.centery - h / 2, PANEL.w, h)

    def layout(self) -> tuple[float, float, float]:
        """(first row's centre y, row height, card thumbnail height)."""
        row_h = self.row_height()
        return self.panel.y + HEAD_H + row_h / 2, row_h, row_h * 0.86

    def total_heading(self) -> str:
        """ "Total"; after the last round, what it counts ("Cards + stars"): the Mega Total
        that follows adds more, and two different totals side by side read as a mistake."""
        if self.round >= ROUNDS:
            return t("luckybox.round_end.cards_and_stars", "Cards + stars")
        return t("luckybox.round_end.total", "Total")

    def columns(self) -> dict[str, float]:
        x = self.panel.x
        return {
            "name": x + 110,
            "cards": x + 215,
            "cards_end": x + 540,
            "card_pts": x + 600,
            "stars": x + 735,
            "star_pts": x + 840,
            "total": x + 950,
        }

    def slot_rect(self, row: ScoreRow, k: int, cy: float, thumb_h: float) -> pygame.FRect:
        cols = self.columns()
        w = thumb_h * self.cards.aspect
        count = len(row.completed)
        room = cols["cards_end"] - cols["cards"] - w
        step = min(w + 6, room / (count - 1)) if count > 1 else 0
        return pygame.FRect(cols["cards"] + k * step, cy - thumb_h / 2, w, thumb_h)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, tm = self.ctx, self.timing
        dim(surface, 170)
        draw_panel(surface, self.panel, colour=(60, 30, 110), radius=26, border=5, shadow=10)
        ctx.text.blit_centered(
            surface,
            t("luckybox.round_end.title", "End of round {round}", round=self.round),
            56,
            YELLOW,
            (self.panel.centerx, self.panel.y + 44),
            outline=INK,
            px=4,
            shadow=4,
        )
        rule = t(
            "luckybox.round_end.rule",
            "Each completed card scores {points} this round · 1 / 2 / 3 stars score "
            "{one} / {two} / {three}",
            points=CARD_POINTS[self.round - 1],
            one=STAR_POINTS[1],
            two=STAR_POINTS[2],
            three=STAR_POINTS[3],
        )
        ctx.text.blit_centered(
            surface,
            rule,
            ctx.text.fit_size(rule, 22, self.panel.w - 60),
            (230, 220, 255),
            (self.panel.centerx, self.panel.y + 86),
        )
        cols = self.columns()
        head_y = self.panel.y + 114
        for key, title in (
            ("name", t("luckybox.round_end.player", "Player")),
            ("cards", t("luckybox.round_end.cards", "Completed cards")),
            ("stars", t("luckybox.round_end.stars", "Stars")),
            ("total", self.total_heading()),
        ):
            x = (cols["cards"] + cols["card_pts"]) / 2 if key == "cards" else cols[key]
            ctx.text.blit_centered(
                surface, title, ctx.text.fit_size(title, 24, HEADING_ROOM), HEADER, (x, head_y)
            )
        first_y, row_h, thumb_h = self.layout()
        size = max(20, min(34, int(row_h * 0.6)))
        flights = []
        for i, row in enumerate(self.rows):
            cy = first_y + i * row_h
            arrive = min(1.0, max(0.0, (self.time - i * tm.row_stagger) / 0.25))
            if arrive <= 0:
                continue
            dx = (1 - ease_out_cubic(arrive)) * 60 if tm.fly else 0  # (reduced motion: still)
            if i % 2 == 0:
                band = pygame.Rect(
                    self.panel.x + 20, cy - row_h / 2 + 2, self.panel.w - 40, row_h - 4
                )
                gfx.rect(surface, (74, 40, 128), band, border_radius=10)
            name_size = ctx.text.fit_size(row.name, size, 190)
            ctx.text.blit_centered(surface, row.name, name_size, WHITE, (cols["name"] + dx, cy))
            flights += self._draw_cards(surface, i, row, cy, thumb_h, size)
            self._draw_stars(surface, row, cy, row_h, size)
            total = self.shown_total(row)
            counting = row.after != row.before and self.stars_end <= self.time < self.end
            ctx.text.blit_centered(
                surface,
                str(total),
                size + 6,
                YELLOW if counting else WHITE,
                (cols["total"], cy),
                outline=INK,
                px=2,
            )
        for img, rect in flights:  # over every row: a card in flight passes above the others
            surface.blit(img, rect)
        self._draw_popups(surface, first_y, row_h, thumb_h, size)
        # Asked each frame, so a change of language shows at once.
        self.buttons["continue"].label = t("luckybox.round_end.continue", "Continue")
        last = self.round >= ROUNDS
        if last and self.finished:  # what the Mega Total adds to these totals, next
            note = t(
                "luckybox.round_end.still_to_add",
                "Next, the Mega Total adds the incomplete cards and the Moons.",
            )
            ctx.text.blit_centered(
                surface,
                note,
                ctx.text.fit_size(note, 22, self.panel.w - 60),
                (230, 220, 255),
                (self.panel.centerx, self.panel.bottom - 108),
            )
        if not self.finished:
            hint = t("luckybox.round_end.skip", "Click or press Space to skip")
            # clear of Continue's top edge and of the focus ring drawn around it
            ctx.text.blit_centered(
                surface, hint, 20, (200, 190, 255), (self.panel.centerx, self.panel.bottom - 108)
            )
        self.draw_widgets(surface)

    def _draw_cards(
        self, surface: pygame.Surface, i: int, row: ScoreRow, cy: float, thumb_h: float, size: int
    ) -> list[tuple[pygame.Surface, pygame.Rect | pygame.FRect]]:
        """The landed cards in the row; returns the cards still in flight, to draw on top."""
        ctx, tm = self.ctx, self.timing
        cols = self.columns()
        flying: list[tuple[pygame.Surface, pygame.Rect | pygame.FRect]] = []
        for k, card in enumerate(row.completed):
            target = self.slot_rect(row, k, cy, thumb_h)
            lands = self.land_time(k)
            if self.time >= lands:
                img = self._landed_face(card, (round(target.w), round(target.h)))
                surface.blit(img, target.topleft)
                continue
            k_fly = (self.time - (lands - tm.card_fly)) / tm.card_fly
            if k_fly <= 0:
                continue
            if not tm.fly or self.origin is None:  # fade in where it lands
                img = gfx.smoothscale(self._face(card), (round(target.w), round(target.h)))
                img.set_alpha(round(255 * k_fly))
                flying.append((img, target))
                continue
            e = ease_in_out_sine(k_fly)
            ox, oy = self.origin(i)
            face = self._face(card)
            w = face.get_width() + (target.w - face.get_width()) * e
            h = w / self.cards.aspect
            cx = ox + (target.centerx - ox) * e
            cy2 = oy + (target.centery - oy) * e - 80 * (1 - (2 * e - 1) ** 2)  # an arc
            img = gfx.smoothscale(face, (max(1, round(w)), max(1, round(h))))
            flying.append((img, img.get_rect(center=(round(cx), round(cy2)))))
        if row.completed or self.time >= self.cards_end:
            text = str(self.shown_card_points(row))
            colour = YELLOW if row.card_points else (170, 160, 200)
            ctx.text.blit_centered(
                surface, text, size + 2, colour, (cols["card_pts"], cy), outline=INK, px=2
            )
        if not row.completed:
            ctx.text.blit_centered(
                surface,
                t("luckybox.round_end.no_cards", "no card completed"),
                max(14, size - 8),
                (170, 160, 200),
                ((cols["cards"] + cols["cards_end"]) / 2, cy),
            )
        return flying

    def _draw_stars(
        self, surface: pygame.Surface, row: ScoreRow, cy: float, row_h: float, size: int
    ) -> None:
        ctx = self.ctx
        cols = self.columns()
        star_px = max(16, min(44, int(row_h * 0.62)))
        lit = self.lit(row)
        for s in range(MAX_STARS):
            x = cols["stars"] + (s - 1) * (star_px + 8)
            if s < lit:
                since = self.time - self.star_time(s)
                calm = self.skipped or not self.timing.fly  # (reduced motion: no bounce)
                grow = 1.0 if calm else ease_out_back(min(1.0, since / 0.3))
                px = max(1, round(star_px * max(0.2, grow)))
                img = ctx.assets.get("star_slot_filled", (px, px))
            else:
                img = ctx.assets.get("star_slot_empty", (star_px, star_px))
            surface.blit(img, img.get_rect(center=(round(x), round(cy))))
        if self.time >= self.cards_end or lit:
            points = self.shown_star_points(row) if lit or not row.stars else 0
            ctx.text.blit_centered(
                surface,
                f"+{points}",
                size,
                YELLOW if points else (170, 160, 200),
                (cols["star_pts"], cy),
                outline=INK,
                px=2,
            )

    def _draw_popups(
        self, surface: pygame.Surface, first_y: float, row_h: float, thumb_h: float, size: int
    ) -> None:
        """ "+15" rising from each card as it lands, "+4" from the stars as they finish."""
        if self.skipped or row_h < POPUP_MIN_ROW:
            return
        tm = self.timing
        gain = CARD_POINTS[self.round - 1]
        for i, row in enumerate(self.rows):
            cy = first_y + i * row_h
            for k in range(len(row.completed)):
                since = self.time - self.land_time(k)
                if 0 <= since < tm.popup:
                    rect = self.slot_rect(row, k, cy, thumb_h)
                    self._popup(surface, f"+{gain}", (rect.centerx, rect.top), since, size)
            if row.stars:
                since = self.time - self.star_time(min(row.stars, MAX_STARS) - 1)
                if 0 <= since < tm.popup:
                    self._popup(
                        surface,
                        f"+{row.star_points}",
                        (self.columns()["stars"], cy - row_h * 0.3),
                        since,
                        size,
                    )

    def _popup(
        self, surface: pygame.Surface, text: str, at: tuple[float, float], since: float, size: int
    ) -> None:
        k = since / self.timing.popup
        img = self.ctx.text.render_outlined(text, size + 8, YELLOW, INK, 3).copy()
        img.set_alpha(round(255 * (1 - k * k)))
        surface.blit(img, img.get_rect(center=(round(at[0]), round(at[1] - 36 * k))))
