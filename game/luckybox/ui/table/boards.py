"""The players' boards: the focused player's cards, large and clickable, with the squares the
rules allow marked; and everyone else's compact boards, each cached until it changes."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.i18n import t
from game.core.ui.table.part import Part
from game.core.ui.toolkit import gfx, motion, paint
from game.core.ui.toolkit.layout import grid_in
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW, draw_panel
from game.core.ui.toolkit.snapshot import Snapshot
from game.luckybox.rules import Cross, Resolve

from ..cardview import EXACT, LIGHTNING, SELECTED, TARGET
from .log_parts import cards_area, log_place
from .moves import Moves
from .parts import PANEL
from .port import LuckyBoxPort, LuckyLook

HIGHLIGHT = (255, 214, 64)
HINT_GREEN = (60, 230, 140)
FULL_ART_WIDTH = 110  # other players' cards narrower than this are drawn in the glance form
ZOOM_CARD_W, ZOOM_MAX_W = 200, 976  # a zoomed board's cards: at most this wide, all in a row
ZOOM_PAD, ZOOM_GAP, ZOOM_HEADER = 12, 10, 40
PANEL_MARGIN = 6  # room around a cached panel for its drop shadow
DASH_REACH = 6  # pixels a marching dash may reach beyond its ring (its width, rounded)
NAME_SHARE = 0.36  # of a panel's width, its name's beside the counts
NAME_MIN = 14  # px: a name in a panel no smaller (smaller is hard to read)
COUNTS_W = 32  # a panel's column of counts, right of its cards, when its name is apart


def draw_dashed_ring(
    surface: pygame.Surface,
    rect: pygame.FRect,
    colour: tuple[int, int, int],
    time: float = 0.0,
    width: int = 4,
    dash: int = 10,
) -> None:
    """A ring of dashes marching round `rect`: a hint. Dashes, not a solid line, so a hint is
    told from a refusal's solid ring by its pattern, not only by green against red."""
    r = pygame.Rect(rect)
    perimeter = 2 * (r.w + r.h)
    shift = 0.0 if motion.reduced() else (time * 24) % (2 * dash)
    d = -shift
    while d < perimeter:
        a, b = max(d, 0.0), min(d + dash, perimeter)
        if b > a:
            _edge_segment(surface, r, a, b, colour, width)
        d += 2 * dash


def _edge_segment(
    surface: pygame.Surface,
    r: pygame.Rect,
    a: float,
    b: float,
    colour: tuple[int, int, int],
    width: int,
) -> None:
    """The part of r's outline from distance a to b, clockwise from the top-left corner."""
    corners = [r.topleft, r.topright, r.bottomright, r.bottomleft, r.topleft]
    start = 0.0
    for p, q in zip(corners, corners[1:], strict=False):
        length = abs(q[0] - p[0]) + abs(q[1] - p[1])
        lo, hi = max(a, start), min(b, start + length)
        if hi > lo and length:
            k0, k1 = (lo - start) / length, (hi - start) / length
            x0, y0 = p[0] + (q[0] - p[0]) * k0, p[1] + (q[1] - p[1]) * k0
            x1, y1 = p[0] + (q[0] - p[0]) * k1, p[1] + (q[1] - p[1]) * k1
            gfx.line(surface, colour, (x0, y0), (x1, y1), width)
        start += length


LIGHTNING_ON = (90, 190, 255)  # the ring round the Lightning pile while its squares show


class FocusBoard(Part):
    """The focused player's cards. A left click on a square is handed to the table's moves."""

    region = "current_board"
    port: LuckyBoxPort

    def __init__(self, port: LuckyBoxPort, look: LuckyLook, moves: Moves) -> None:
        super().__init__(port)
        self.look, self.moves = look, moves
        self._marks_key: tuple | None = None
        self._marks: dict[int, tuple[dict[int, str], dict[int, int]]] = {}
        self._snap = Snapshot()
        #: Lightning shown when it matters (see `shown_marks`): every square it reaches once
        #: the player asks (L, or a click on the Lightning pile), else the square under the
        #: mouse, the one a hint or the guided game points at.
        self.lightning_all = False
        self.hover: tuple[int, int] | None = None
        self.pointed: tuple[int, int] | None = None  # a guided game's Lightning square

    def forget_kept(self) -> None:
        """Draw afresh next frame, nothing kept blitted back: the same picture, for a reader
        of what a frame draws (a test recording its texts)."""
        self._snap.forget()

    def forget_marks(self) -> None:
        self._marks_key = None

    def rects(self, seat: int) -> list[pygame.FRect]:
        """Where the seat's cards lie (large) in shown order."""
        cards = self.port.seen.players[seat].cards
        area = cards_area(
            self.port, self.look.cards
        )  # the region less the move log's room, if it has some
        return grid_in(area, len(cards), self.look.cards.aspect, gap=14) if cards else []

    def square_at(self, pos: tuple[float, float]) -> tuple[int, int] | None:
        seat = self.port.focus
        cards = self.look.cards
        for card, rect in zip(self.port.seen.players[seat].cards, self.rects(seat), strict=True):
            if rect.collidepoint(pos):
                cell = cards.cell_at(rect, pos)
                if cell is not None:
                    return card, cell
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        pos = getattr(event, "pos", None)
        hit = self.square_at(pos) if pos is not None else None
        if hit is None:
            return False
        self.port.show(self.moves.click_square(*hit))
        return True

    def marks(self) -> dict[int, tuple[dict[int, str], dict[int, int]]]:
        """Per card: the square highlights and Lightning costs for the focused player now."""
        port = self.port
        state, moves = port.state, self.moves
        key = (
            len(state.actions),
            port.focus,
            moves.selected_square,
            moves.selected_bonus,
            state.phase,
            state.round,
            state.index,
            port.human_turn(),
            moves.hint,
        )
        if key == self._marks_key:
            return self._marks
        self._marks_key = key
        marks: dict[int, tuple[dict[int, str], dict[int, int]]] = {}
        if port.human_turn():
            legal = state.legal_actions(port.focus)
            if state.players[port.focus].pending:
                choice = moves.bonus_choice()
                for a in legal:
                    if isinstance(a, Resolve) and (a.card, a.line, a.index) == choice:
                        marks.setdefault(a.target_card, ({}, {}))[0][a.cell] = TARGET
            else:
                for a in legal:
                    if not isinstance(a, Cross):
                        continue
                    squares, costs = marks.setdefault(a.card, ({}, {}))
                    if a.lightning == 0:
                        squares[a.cell] = EXACT
                        costs.pop(a.cell, None)
                    elif squares.get(a.cell) != EXACT:
                        squares[a.cell] = LIGHTNING
                        costs[a.cell] = min(costs.get(a.cell, 99), abs(a.lightning))
            if moves.selected_square is not None:
                s = moves.selected_square
                marks.setdefault(s.card, ({}, {}))[0][s.cell] = SELECTED
        self._marks = marks
        return marks

    def toggle_lightning(self) -> None:
        self.lightning_all = not self.lightning_all

    def shown_marks(self) -> dict[int, tuple[dict[int, str], dict[int, int]]]:
        """The marks as drawn: the gold squares always; the blue squares Lightning reaches,
        with their costs, only when they matter: all of them when the player asks (L, or the
        Lightning pile) or when no gold square is left this number (Lightning or Pass are all
        there is), else only the square under the mouse and the one a hint or the guided game
        points at. The board stays clear to read the rest of the time."""
        marks = self.marks()
        if self.lightning_all or not any(
            mark != LIGHTNING for squares, _costs in marks.values() for mark in squares.values()
        ):
            return marks
        asked = {self.hover, self.pointed, self._hint_square()}
        shown: dict[int, tuple[dict[int, str], dict[int, int]]] = {}
        for card, (squares, costs) in marks.items():
            shown[card] = (
                {c: m for c, m in squares.items() if m != LIGHTNING or (card, c) in asked},
                {c: n for c, n in costs.items() if (card, c) in asked},
            )
        return shown

    def _hint_square(self) -> tuple[int, int] | None:
        h = self.moves.hint
        if isinstance(h, Cross):
            return h.card, h.cell
        if isinstance(h, Resolve):
            return h.target_card, h.cell
        return None

    def draw(self, surface: pygame.Surface) -> None:
        port = self.port
        seat = port.focus
        marks = self.shown_marks()
        seen = port.seen
        player = seen.players[seat]
        hinted = self._hint_square()
        refused = self.moves.refused
        rects = self.rects(seat)
        # The cards are drawn first in their region, over the static layer alone: their pixels
        # are kept and blitted back in one opaque copy (four large cards blended every frame
        # otherwise) while every card, mask and mark stays the same.
        shown = tuple(
            (
                card,
                seen.mask(seat, card),
                tuple(rect),
                tuple(sorted(marks.get(card, ({}, {}))[0].items())),
                tuple(sorted(marks.get(card, ({}, {}))[1].items())),
            )
            for card, rect in zip(player.cards, rects, strict=True)
        )
        key = (shown, surface.get_size(), gfx.render_scale())
        if not self._snap.reuse(surface, key):
            drawn = []
            for card, rect in zip(player.cards, rects, strict=True):
                squares, costs = marks.get(card, ({}, {}))
                img = self.look.cards.render(
                    card,
                    port.state.face(card),
                    seen.mask(seat, card),
                    round(rect.w),
                    squares,
                    costs,
                )
                drawn.append(surface.blit(img, rect.topleft))
            if drawn:
                self._snap.keep(surface, key, drawn[0].unionall(drawn[1:]))
        if self.lightning_all and port.human_turn():  # the pile says Lightning is shown
            pile = port.ctx.layout.region("lightning_pile").inflate(8, 8)
            gfx.rect(surface, LIGHTNING_ON, pile, 4, border_radius=14)
        for card, rect in zip(player.cards, rects, strict=True):
            if hinted and hinted[0] == card:
                ring = self.look.cards.cell_rect(rect, hinted[1]).inflate(10, 10)
                draw_dashed_ring(surface, ring, HINT_GREEN, port.time, width=5, dash=8)
                port.mark_ambient(ring.inflate(2 * DASH_REACH, 2 * DASH_REACH))
            if refused and refused[0] == card:
                cell = self.look.cards.cell_rect(rect, refused[1])
                gfx.rect(surface, (240, 40, 60), cell.inflate(6, 6), 5, border_radius=8)


def panel_boxes(region: pygame.FRect, count: int) -> list[pygame.FRect]:
    """Where `count` other players' boards lie in `region`: wider panels for a few."""
    return grid_in(region, count, 2.3 if count <= 4 else 1.9, gap=8)


class OtherBoards(Part):
    """Everyone else's compact boards, with their tokens and this round's stars."""

    region = "other_boards"
    port: LuckyBoxPort

    def __init__(self, port: LuckyBoxPort, look: LuckyLook) -> None:
        super().__init__(port)
        self.look = look
        self._cache: dict[int, tuple[tuple, pygame.Surface]] = {}
        self.hovered: int | None = None  # the seat whose board the mouse is on
        self.pinned: int | None = None  # a seat clicked to keep its board large

    @property
    def zoomed(self) -> int | None:
        """The seat whose board is shown large now, if any."""
        seat = self.pinned if self.pinned is not None else self.hovered
        return seat if seat in self.seats() else None

    def panel_at(self, pos: tuple[float, float] | None) -> int | None:
        if pos is None:
            return None
        return next(
            (seat for seat, panel in self.panels().items() if panel.collidepoint(pos)), None
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Hovering a board zooms it; a click keeps it zoomed (or lets it go)."""
        pos = getattr(event, "pos", None)
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.panel_at(pos)
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        seat = self.panel_at(pos)
        if seat is not None:
            self.pin(seat)
            return True
        zoom = self.zoom_rect()
        if self.pinned is None:
            return False
        self.pinned = None  # a click lets the board go...
        # ...and one on the zoomed board is used up: it must not cross the hidden square below.
        return bool(zoom and pos and zoom.collidepoint(pos))

    def covers(self, rect: pygame.FRect) -> bool:
        """Whether a board kept large (a click put it there, a click puts it away) hides any
        of `rect`; one shown while the mouse rests on its panel goes as the mouse leaves."""
        zoom = self.zoom_rect() if self.pinned is not None else None
        return zoom is not None and zoom.colliderect(rect)

    def pin(self, seat: int) -> None:
        """Keep the seat's board large (a click on it), or let it go (a second click)."""
        self.pinned = None if self.pinned == seat else seat

    def zoom_rect(self) -> pygame.FRect | None:
        """Where the zoomed board shows: under the other boards, over the right of the focused
        board, its cards large enough to read."""
        seat = self.zoomed
        if seat is None:
            return None
        count = max(1, len(self.player(seat).cards))
        aspect = self.look.cards.aspect
        board = self.ctx.layout.region("current_board")
        right = board.right
        # A wide window puts the closed move log at the board's right, drawn after the boards:
        # the zoom keeps to its left, or the log would hide its last cards.
        log = log_place(self.port, self.look.cards, False)
        if log.left > board.centerx:
            right = min(right, log.left - ZOOM_GAP)
        most = min(ZOOM_MAX_W, right - board.left)
        card_w = min(ZOOM_CARD_W, (most - 2 * ZOOM_PAD - (count - 1) * ZOOM_GAP) / count)
        w = count * card_w + (count - 1) * ZOOM_GAP + 2 * ZOOM_PAD
        h = card_w / aspect + ZOOM_HEADER + ZOOM_PAD
        rect = pygame.FRect(0, 0, max(w, 320), h)
        rect.topright = (right, self.rect.bottom + 6)
        return rect

    def seats(self) -> list[int]:
        return [i for i in range(len(self.port.session.seats)) if i != self.port.focus]

    def hides_choices(self) -> bool:
        """Whether others' moves wait until everyone has chosen: at any table a person plays
        at (the rules have everyone choose at once; on a shared screen the next player must not
        see the last one's move). A demo or a replay shows everything as it happens."""
        port = self.port
        return bool(port.session.humans) and not port.demo and not port.driven

    def secret(self, seat: int) -> bool:
        """Whether the seat's moves for the choice now open are not shown yet."""
        return (
            seat != self.port.focus and self.port.seen.public is not None and self.hides_choices()
        )

    def player(self, seat: int) -> Any:
        """The seat's board as others may see it now: without this choice's moves until
        everyone has chosen (the next number is revealed, or the round ends)."""
        seen = self.port.seen
        public = seen.public
        return public[seat] if public is not None and self.secret(seat) else seen.players[seat]

    def panels(self) -> dict[int, pygame.FRect]:
        seats = self.seats()
        if not seats:
            return {}
        return dict(zip(seats, panel_boxes(self.rect, len(seats)), strict=True))

    def names_apart(self, width: float) -> bool:
        """Whether the panels, `width` wide, give the names a line of their own (their counts a
        column beside the cards): where a name does not fit beside the counts at a readable
        size, as at twelve seats with the default names ("Computer 10")."""
        text = self.ctx.text
        names = tuple(self.port.panel_name(seat) for seat in self.seats())
        room = width * NAME_SHARE
        return text.measure(
            ("names_apart", names, room),
            lambda: any(text.font(NAME_MIN).size(name)[0] > room for name in names),
        )

    def card_rects(self, seat: int, panel: pygame.FRect) -> list[pygame.FRect]:
        cards = self.player(seat).cards
        if not cards:
            return []
        right = COUNTS_W if self.names_apart(panel.w) else 0
        inner = pygame.FRect(panel.x + 4, panel.y + 24, panel.w - 8 - right, panel.h - 28)
        return grid_in(inner, len(cards), self.look.cards.aspect, gap=3)

    def draw(self, surface: pygame.Surface) -> None:
        acting = self.port.session.next_seat()
        panels = self.panels()
        for seat, panel in panels.items():
            image = self._panel(seat, panel, seat == acting)
            surface.blit(image, (round(panel.x) - PANEL_MARGIN, round(panel.y) - PANEL_MARGIN))
        zoomed = self.zoomed
        if zoomed is not None:
            # Dashed, unlike the acting player's solid ring: told apart without colour.
            ring = panels[zoomed].inflate(6, 6)
            draw_dashed_ring(surface, ring, WHITE, self.port.time, width=3, dash=8)
            self.port.mark_ambient(ring.inflate(2 * DASH_REACH, 2 * DASH_REACH))
            self.draw_zoom(surface, zoomed)

    def square_rect(self, card_rect: pygame.FRect, cell: int) -> pygame.FRect:
        """Where a square of a compact board's card lies, as `_panel` draws the card (small
        cards for a glance, larger ones with their art)."""
        cards = self.look.cards
        if max(8, round(card_rect.w)) < FULL_ART_WIDTH:
            return cards.mini_cell_rect(card_rect, cell)
        return cards.cell_rect(card_rect, cell)

    def zoom_card_rects(self, seat: int) -> list[pygame.FRect]:
        rect = self.zoom_rect()
        if rect is None:
            return []
        inner = pygame.FRect(
            rect.x + ZOOM_PAD,
            rect.y + ZOOM_HEADER,
            rect.w - 2 * ZOOM_PAD,
            rect.h - ZOOM_HEADER - ZOOM_PAD,
        )
        return grid_in(inner, len(self.player(seat).cards), self.look.cards.aspect, gap=ZOOM_GAP)

    def draw_zoom(self, surface: pygame.Surface, seat: int) -> None:
        """One player's board, large: their cards as they may be seen now, tokens and points."""
        ctx, port = self.ctx, self.port
        rect = self.zoom_rect()
        if rect is None:  # nobody is zoomed
            return
        p = self.player(seat)
        draw_panel(surface, rect, colour=PANEL, radius=14, border=3, shadow=6)
        name = port.panel_name(seat)
        ctx.text.blit_centered(
            surface,
            name,
            ctx.text.fit_size(name, 28, rect.w * 0.4),
            YELLOW,
            (rect.x + rect.w * 0.22, rect.y + 20),
            outline=INK,
            px=2,
        )
        x = rect.x + rect.w * 0.45
        for sprite, count in (
            ("token_lightning", p.lightning),
            ("token_moon", p.moons),
            ("star_slot_filled", p.stars[port.seen.round - 1]),
        ):
            surface.blit(ctx.assets.get(sprite, (24, 24)), (round(x), round(rect.y + 8)))
            ctx.text.blit_centered(surface, str(count), 24, YELLOW, (x + 38, rect.y + 20))
            x += 70
        total = sum(p.card_points) + sum(p.star_points)
        ctx.text.blit_centered(
            surface,
            t("luckybox.zoom.so_far", "So far: {points}", points=total),
            22,
            WHITE,
            (rect.right - 60, rect.y + 20),
        )
        for card, mask, r in zip(p.cards, p.masks, self.zoom_card_rects(seat), strict=True):
            surface.blit(
                self.look.cards.render(card, port.state.face(card), mask, round(r.w)), r.topleft
            )

    def _panel(self, seat: int, panel: pygame.FRect, acting: bool) -> pygame.Surface:
        """One other player's compact board, frame and all, redrawn only when it changes (a
        dozen of these are most of what a 12-player table draws)."""
        port = self.port
        p = self.player(seat)
        star_count = p.stars[port.seen.round - 1]
        name = port.panel_name(seat)  # (in the language spoken now; away or here)
        key = (
            tuple(panel),
            acting,
            p.lightning,
            p.moons,
            star_count,
            tuple(p.cards),
            tuple(p.masks),
            name,
            self.ctx.text.scale,
            gfx.render_scale(),
        )
        hit = self._cache.get(seat)
        if hit is not None and hit[0] == key:
            return hit[1]
        ctx = self.ctx
        m = PANEL_MARGIN
        image = gfx.Surface((round(panel.w) + 2 * m, round(panel.h) + 2 * m), pygame.SRCALPHA)
        local = pygame.FRect(m, m, round(panel.w), round(panel.h))
        draw_panel(image, local, colour=PANEL, radius=10, border=2, shadow=3)
        if acting:
            gfx.rect(image, HIGHLIGHT, local, 3, border_radius=10)
        counts = (
            ("token_lightning", p.lightning),
            ("token_moon", p.moons),
            ("star_slot_filled", star_count),
        )
        if self.names_apart(panel.w):
            # The name across the top; tokens and this round's stars in a column at the right.
            room = local.w - 12
            shown = ctx.text.shorten(name, NAME_MIN, room)  # (a name of 16 wide letters)
            size = ctx.text.fit_size(shown, 20, room, min_size=NAME_MIN)
            ctx.text.blit_centered(image, shown, size, WHITE, (local.centerx, local.y + 12))
            x, y = local.right - COUNTS_W, local.y + 24
            step = min(18.0, (local.h - 28) / 3)
            for sprite, count in counts:
                image.blit(ctx.assets.get(sprite, (14, 14)), (round(x), round(y)))
                image.blit(ctx.text.render(str(count), 17, YELLOW), (round(x + 15), round(y)))
                y += step
        else:
            size = ctx.text.fit_size(name, 20, local.w * NAME_SHARE)
            centre = (local.x + local.w * 0.2, local.y + 12)
            ctx.text.blit_centered(image, name, size, WHITE, centre)
            # Tokens and this round's stars as small icons with counts.
            x = local.x + local.w * 0.39
            step = (local.w * 0.61 - 4) / 3
            for sprite, count in counts:
                image.blit(ctx.assets.get(sprite, (14, 14)), (round(x), round(local.y + 5)))
                image.blit(
                    ctx.text.render(str(count), 19, YELLOW), (round(x + 15), round(local.y + 5))
                )
                x += step
        for card, mask, rect in zip(p.cards, p.masks, self.card_rects(seat, local), strict=True):
            face, width = port.state.face(card), max(8, round(rect.w))
            # Small cards are drawn for a glance (their art's digits would be unreadable).
            img = (
                self.look.cards.render_mini(card, face, mask, width)
                if width < FULL_ART_WIDTH
                else self.look.cards.render(card, face, mask, width)
            )
            image.blit(img, rect.topleft)
        if not p.cards:  # the game's first draft, still to keep (an online seat choosing)
            words = (
                t("luckybox.board.free", "waiting for a friend...")
                if port.session.is_free(seat)  # (its mark in the name keys the cache)
                else t("luckybox.board.choosing", "choosing cards...")
            )
            ctx.text.blit_centered(
                image,
                words,
                ctx.text.fit_size(words, 20, local.w * 0.9),
                WHITE,
                (local.centerx, local.centery + 10),
            )
        paint.encode_if_clear_cut(image)  # blitted every frame: copied, not blended, if it can
        self._cache[seat] = (key, image)
        return image
