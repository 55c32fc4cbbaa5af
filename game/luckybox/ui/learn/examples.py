"""The drawn examples of Lucky Box's How to play pages: the table's own card renderer
(`CardView`), tokens and score-card sprites, arrows and rings, some of them animated (they cycle
every few seconds). Each `draw_*` paints one page's picture inside the rect it is given."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import t, tn
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import GREEN, INK, RED, WHITE, YELLOW, draw_panel
from game.core.ui.toolkit.sketch import (
    Pictures,
    draw_arrow,
    draw_caption,
    draw_number_card,
    draw_ring,
    draw_sprite,
    draw_tag,
    pulse,
)
from game.luckybox.rules.cards import FULL, faces_by_id
from game.luckybox.rules.scoring import CARD_POINTS, SOLO_MOON_POINTS, SOLO_RATINGS
from game.luckybox.ui.cardview import EXACT, LIGHTNING, SELECTED, TARGET, CardView
from game.luckybox.words import rating_text

if TYPE_CHECKING:
    from game.core.ui.toolkit.assets import Assets


_VIEWS: dict[int, tuple[Assets, CardView]] = {}
CYCLE = 2.4  # seconds an animated example takes before it starts again


def _view(ctx: Pictures) -> CardView:
    """One card renderer per set of assets (it caches what it composes)."""
    held = _VIEWS.get(id(ctx.assets))
    if held is None or held[0] is not ctx.assets:
        held = _VIEWS[id(ctx.assets)] = (ctx.assets, CardView(ctx.assets, ctx.text))
    return held[1]


def _card(
    surface: pygame.Surface,
    ctx: Pictures,
    card: int,
    center: tuple[float, float],
    width: int,
    mask: int = 0,
    marks: dict[int, str] | None = None,
    costs: dict[int, int] | None = None,
    lift: float = 0,
) -> pygame.FRect:
    """Draw Lucky Box card `card` centred on `center`; returns where it went."""
    view = _view(ctx)
    img = view.render(card, faces_by_id(1)[card], mask, width, marks, costs)
    rect = pygame.FRect(img.get_rect(center=(round(center[0]), round(center[1] - lift))))
    surface.blit(img, rect.topleft)
    return rect


def _cell(ctx: Pictures, rect: pygame.FRect, cell: int) -> tuple[float, float]:
    x, y = _view(ctx).cell_rect(rect, cell).center
    return (x, y)


def _icon(ctx: Pictures, rect: pygame.FRect, line: str, index: int) -> tuple[float, float]:
    return _view(ctx).icon_center(rect, line, index)


def _phase(time: float, steps: int, length: float = CYCLE) -> int:
    """Which step of an animated example shows now (0..steps-1, then again)."""
    return int(time / length * steps) % steps


# ------------------------------------------------------------------- the pages


def draw_goal(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    masks = (0b000000111, 0b001011001, FULL)
    for i, (card, mask) in enumerate(zip((1, 4, 26), masks, strict=True)):
        _card(surface, ctx, card, (r.x + 190 + i * 300, r.centery - 20), 230, mask)
    draw_caption(
        surface,
        ctx.text,
        t("luckybox.howto.goal.caption", "4 rounds of 9 numbers: the best Mega Total wins"),
        (r.centerx, r.bottom - 30),
        30,
        YELLOW,
    )


def draw_crossing(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    number = pygame.FRect(0, 0, 130, 180)
    number.center = (r.x + 170, r.centery)
    draw_number_card(surface, ctx, 5, number)
    draw_caption(
        surface,
        ctx.text,
        t("luckybox.howto.crossing.revealed", "Revealed"),
        (number.centerx, number.bottom + 24),
        26,
    )
    crossed = _phase(time, 2) == 1
    mask = 1 << 7 if crossed else 0
    rect = _card(
        surface, ctx, 1, (r.x + 560, r.centery), 300, mask, marks={} if crossed else {7: EXACT}
    )
    target = _cell(ctx, rect, 7)
    draw_arrow(
        surface, (number.right + 20, number.centery), (target[0] - 30, target[1]), YELLOW, bend=-60
    )
    if not crossed:
        draw_ring(surface, target, 34, time)
    draw_tag(
        surface,
        ctx.text,
        t("luckybox.howto.crossing.tag", "A gold square: click it"),
        (r.right - 150, r.y + 60),
        24,
    )


def draw_lightning(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    number = pygame.FRect(0, 0, 110, 150)
    number.center = (r.x + 110, r.centery - 30)
    draw_number_card(surface, ctx, 5, number)
    for i in range(2):
        draw_sprite(surface, ctx, "token_lightning", (r.x + 80 + i * 60, r.bottom - 90), 52)
    draw_caption(surface, ctx.text, "5 - 1 - 1 = 3", (r.x + 110, r.bottom - 40), 30, YELLOW)
    marks = {7: EXACT, 6: LIGHTNING, 8: LIGHTNING, 2: LIGHTNING, 4: LIGHTNING}
    costs = {6: 1, 8: 1, 2: 2, 4: 2}
    chosen = _phase(time, 2) == 1
    if chosen:
        marks[4] = SELECTED
    rect = _card(surface, ctx, 1, (r.x + 470, r.centery), 300, 0, marks, costs)
    if chosen:
        draw_ring(surface, _cell(ctx, rect, 4), 34, time)
    draw_tag(
        surface,
        ctx.text,
        t("luckybox.howto.lightning.wrap", "9 + 1 = 1    1 - 1 = 9"),
        (r.right - 170, r.y + 70),
        26,
    )
    draw_tag(
        surface,
        ctx.text,
        t("luckybox.howto.lightning.cost", "Blue: the number is the cost"),
        (r.right - 170, r.y + 130),
        22,
    )
    spend = pygame.FRect(0, 0, 170, 60)
    spend.center = (r.right - 170, r.bottom - 90)
    draw_panel(
        surface, spend, colour=GREEN if chosen else (120, 110, 140), radius=14, border=4, shadow=6
    )
    draw_caption(surface, ctx.text, t("luckybox.howto.lightning.spend", "Spend"), spend.center, 32)


def draw_number_bonus(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    step = _phase(time, 3, CYCLE * 1.5)
    first = _card(surface, ctx, 2, (r.x + 230, r.centery), 280, 0b000000111)
    icon = _icon(ctx, first, "row", 0)
    draw_ring(surface, icon, 26, time)
    second_mask = 1 << 7 if step == 2 else 0
    second = _card(
        surface,
        ctx,
        4,
        (r.x + 640, r.centery),
        280,
        second_mask,
        marks={} if step == 2 else {7: TARGET},
    )
    if step >= 1:
        draw_arrow(surface, (icon[0] + 24, icon[1]), _cell(ctx, second, 7), YELLOW, bend=-80)
    draw_tag(
        surface,
        ctx.text,
        t("luckybox.howto.bonus.number", "8: cross an 8"),
        (r.right - 120, r.y + 80),
        24,
        within=r,
    )
    draw_sprite(surface, ctx, "icon_question", (r.right - 120, r.y + 170), 56)
    draw_tag(
        surface,
        ctx.text,
        t("luckybox.howto.bonus.question", "?: cross any square"),
        (r.right - 120, r.y + 230),
        24,
        within=r,
    )


def draw_token_bonuses(
    surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float
) -> None:
    items = (
        (
            "icon_star",
            t("luckybox.howto.tokens.star", "Star"),
            t("luckybox.howto.tokens.star_does", "on your score card"),
        ),
        (
            "icon_lightning1",
            t("luckybox.howto.tokens.one", "One bolt"),
            t("luckybox.howto.tokens.one_does", "+1 Lightning"),
        ),
        (
            "icon_lightning2",
            t("luckybox.howto.tokens.two", "Two bolts"),
            t("luckybox.howto.tokens.two_does", "+2 Lightning"),
        ),
        (
            "icon_moon",
            t("luckybox.howto.tokens.moon", "Moon"),
            t("luckybox.howto.tokens.moon_does", "+1 Moon"),
        ),
        (
            "icon_blank",
            t("luckybox.howto.tokens.blank", "Blank"),
            t("luckybox.howto.tokens.blank_does", "nothing"),
        ),
    )
    gap = r.width / len(items)
    lit = _phase(time, len(items), CYCLE * 2)
    for i, (sprite, name, does) in enumerate(items):
        x = r.x + gap * (i + 0.5)
        size = 96 + (10 * pulse(time, 6) if i == lit else 0)
        draw_sprite(surface, ctx, sprite, (x, r.y + 130), size)
        if i == lit:
            draw_ring(surface, (x, r.y + 130), 62, time)
        room = gap - 12  # each caption within its column
        draw_caption(surface, ctx.text, name, (x, r.y + 230), 32, YELLOW, max_width=room)
        draw_caption(surface, ctx.text, does, (x, r.y + 270), 26, max_width=room)
    token = {1: "token_lightning", 2: "token_lightning", 3: "token_moon"}.get(lit)
    if token:
        x = r.x + gap * (lit + 0.5)
        for k in range(2 if lit == 2 else 1):
            draw_sprite(surface, ctx, token, (x - 20 + 40 * k if lit == 2 else x, r.y + 340), 50)


def draw_cascade(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    # Card 2's top row gives an 8; card 4's 8 then completes its middle column: a moon.
    step = _phase(time, 4, CYCLE * 2)
    a_mask = 0b000000011 | (0b100 if step >= 1 else 0)
    b_mask = 0b000010010 | (1 << 7 if step >= 2 else 0)
    first = _card(
        surface, ctx, 2, (r.x + 200, r.centery), 270, a_mask, marks={2: EXACT} if step == 0 else {}
    )
    second = _card(
        surface, ctx, 4, (r.x + 560, r.centery), 270, b_mask, marks={7: TARGET} if step == 1 else {}
    )
    if step == 0:
        draw_ring(surface, _cell(ctx, first, 2), 30, time)
    labels = []
    if step >= 1:
        icon = _icon(ctx, first, "row", 0)
        draw_arrow(surface, (icon[0] + 22, icon[1]), _cell(ctx, second, 7), YELLOW, bend=-90)
        labels.append(("1", icon))
    if step >= 2:
        moon = _icon(ctx, second, "col", 1)
        draw_arrow(
            surface, (moon[0] + 24, moon[1]), (r.right - 150, r.centery + 40), YELLOW, bend=60
        )
        draw_sprite(surface, ctx, "token_moon", (r.right - 120, r.centery + 40), 70)
        labels.append(("2", moon))
    for n, (x, y) in labels:
        gfx.circle(surface, INK, (x - 30, y - 30), 17)
        gfx.circle(surface, RED, (x - 30, y - 30), 14)
        draw_caption(surface, ctx.text, n, (x - 30, y - 30), 26)
    draw_tag(
        surface,
        ctx.text,
        t("luckybox.howto.cascade.tag", "One cross, two bonuses"),
        (r.right - 150, r.y + 50),
        24,
    )


def _star_slots(
    surface: pygame.Surface, ctx: Pictures, x: float, y: float, filled: int, size: int = 64
) -> list[tuple[float, float]]:
    centers = []
    for i in range(3):
        c = (x + i * (size + 14), y)
        name = "star_slot_filled" if i < filled else "star_slot_empty"
        draw_sprite(surface, ctx, name, c, size, YELLOW if i < filled else (90, 80, 110))
        centers.append(c)
    return centers


def draw_star_cap(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    for row, n in enumerate((1, 2, 3)):
        y = r.y + 80 + row * 100
        _star_slots(surface, ctx, r.x + 140, y, n)
        points = (0, 1, 4, 9)[n]
        draw_caption(surface, ctx.text, _stars(n), (r.x + 460, y), 30)
        draw_caption(surface, ctx.text, f"= {points}", (r.x + 600, y), 36, YELLOW)
    fourth = (r.right - 170, r.y + 150)
    draw_sprite(surface, ctx, "icon_star", fourth, 110)
    if pulse(time, 4) > 0.3:
        gfx.line(
            surface, RED, (fourth[0] - 60, fourth[1] - 60), (fourth[0] + 60, fourth[1] + 60), 10
        )
        gfx.line(
            surface, RED, (fourth[0] + 60, fourth[1] - 60), (fourth[0] - 60, fourth[1] + 60), 10
        )
    draw_tag(
        surface,
        ctx.text,
        t("luckybox.howto.stars.fourth", "A 4th star this round: 0"),
        (fourth[0], fourth[1] + 110),
        26,
        within=r,
    )


def _stars(n: int) -> str:
    return tn("luckybox.howto.stars.count", n, "{count} star", "{count} stars")


def draw_round_scoring(
    surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float
) -> None:
    rect = _card(surface, ctx, 26, (r.x + 190, r.centery), 280, FULL)
    lift = 40 * pulse(time, 3)
    draw_caption(surface, ctx.text, "+15", (rect.centerx, rect.y - 10 - lift * 0.3), 56, YELLOW)
    x = r.x + 430
    draw_caption(
        surface,
        ctx.text,
        t("luckybox.howto.scoring.card", "A completed card"),
        (x + 130, r.y + 40),
        30,
        YELLOW,
    )
    for i, points in enumerate(CARD_POINTS):
        y = r.y + 90 + i * 44
        label = t("luckybox.howto.scoring.round", "Round {n}", n=i + 1)
        draw_caption(surface, ctx.text, label, (x + 70, y), 30)
        draw_caption(surface, ctx.text, str(points), (x + 210, y), 34, YELLOW)
    sx = r.right - 240
    draw_caption(
        surface,
        ctx.text,
        t("luckybox.howto.scoring.stars", "Stars of the round"),
        (sx + 90, r.y + 40),
        30,
        YELLOW,
    )
    for i, n in enumerate((1, 2, 3)):
        y = r.y + 100 + i * 70
        _star_slots(surface, ctx, sx, y, n, 44)
        draw_caption(surface, ctx.text, str((0, 1, 4, 9)[n]), (sx + 190, y), 34, YELLOW)
    draw_caption(
        surface,
        ctx.text,
        t("luckybox.howto.scoring.leaves", "Completed cards then leave the table"),
        (r.centerx + 120, r.bottom - 40),
        26,
    )


def draw_draft(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    chosen = _phase(time, 4, CYCLE * 2)
    cards = (7, 13, 22, 30, 41)
    keep = (0, 2, 3)[:chosen] if chosen else ()
    for i, card in enumerate(cards):
        lifted = i in keep
        rect = _card(
            surface, ctx, card, (r.x + 110 + i * 190, r.centery - 10), 170, lift=18 if lifted else 0
        )
        if lifted:
            gfx.rect(surface, (255, 214, 64), rect.inflate(12, 12), 6, border_radius=16)
    draw_tag(
        surface,
        ctx.text,
        t("luckybox.howto.draft.start", "Start: keep 3 of 5"),
        (r.x + 230, r.bottom - 40),
        26,
    )
    draw_tag(
        surface,
        ctx.text,
        t("luckybox.howto.draft.later", "After rounds 1, 2, 3: keep 1 of 3"),
        (r.right - 260, r.bottom - 40),
        26,
    )


def draw_end_scoring(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    # five crosses, as the caption under the card says
    rect = _card(surface, ctx, 10, (r.x + 150, r.centery - 20), 230, 0b110110001)
    draw_caption(
        surface,
        ctx.text,
        t("luckybox.howto.end.half", "5 crosses: 5 / 2 = 2 points"),
        (rect.centerx, rect.bottom + 30),
        26,
        YELLOW,
    )
    players = (
        (t("luckybox.howto.end.ann", "Ann"), 4, "+6"),
        (t("luckybox.howto.end.bo", "Bo"), 2, "0"),
        (t("luckybox.howto.end.cy", "Cy"), 0, "-6"),
    )
    x = r.x + 400
    draw_caption(
        surface,
        ctx.text,
        t("luckybox.howto.end.moons", "Moons (2 to 12 players)"),
        (x + 250, r.y + 40),
        30,
        YELLOW,
    )
    for i, (name, moons, points) in enumerate(players):
        y = r.y + 110 + i * 90
        draw_caption(surface, ctx.text, name, (x + 40, y), 32)
        for k in range(moons):
            draw_sprite(surface, ctx, "token_moon", (x + 110 + k * 46, y), 44)
        if moons == 0:
            draw_caption(surface, ctx.text, "0", (x + 110, y), 30)
        colour = GREEN if points.startswith("+") else RED if points.startswith("-") else WHITE
        draw_caption(surface, ctx.text, points, (x + 420, y), 40, colour)
    draw_caption(
        surface,
        ctx.text,
        t("luckybox.howto.end.two", "Two players: nobody loses points for Moons"),
        (x + 250, r.bottom - 30),
        24,
    )


def draw_solo_moons(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    gap = r.width / len(SOLO_MOON_POINTS)
    lit = _phase(time, len(SOLO_MOON_POINTS), CYCLE * 3)
    for n, points in enumerate(SOLO_MOON_POINTS):
        x = r.x + gap * (n + 0.5)
        label = f"{n}+" if n == len(SOLO_MOON_POINTS) - 1 else str(n)
        draw_sprite(surface, ctx, "token_moon", (x, r.y + 120), 80 if n == lit else 64)
        draw_caption(surface, ctx.text, label, (x, r.y + 200), 40)
        sign = f"+{points}" if points > 0 else str(points)
        colour = GREEN if points > 0 else RED if points < 0 else WHITE
        draw_caption(surface, ctx.text, sign, (x, r.y + 270), 44, colour)
        if n == lit:
            draw_ring(surface, (x, r.y + 200), 44, time)
    draw_caption(
        surface,
        ctx.text,
        t("luckybox.howto.solo.moons", "Moons at the end of a solo game"),
        (r.centerx, r.bottom - 40),
        28,
        YELLOW,
    )


def draw_solo_rating(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    bands = list(reversed(SOLO_RATINGS))
    lit = _phase(time, len(bands), CYCLE * 3)
    for i, (floor, _text) in enumerate(bands):
        y = r.y + 38 + i * 52
        if i == 0:
            span = t("luckybox.howto.rating.below", "44 or less")
        elif i == len(bands) - 1:
            span = t("luckybox.howto.rating.above", "{n} or more", n=floor)
        else:
            span = f"{floor}-{bands[i + 1][0] - 1}"
        colour = YELLOW if i == lit else WHITE
        draw_caption(surface, ctx.text, span, (r.x + 130, y), 30, colour)
        label = rating_text(len(bands) - 1 - i)  # bands run from the bottom up
        img = ctx.text.render_outlined(label, 30, colour, INK, 2)
        surface.blit(img, img.get_rect(midleft=(round(r.x + 250), round(y))))
        if i == lit:
            draw_sprite(surface, ctx, "icon_star", (r.x + 40, y), 36)
