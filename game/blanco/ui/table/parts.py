"""The regions of Blanco's table, each drawing itself from the shown board (`port.seen`) and
handing its clicks to `Moves`: the focused grid, the hand, the piles (the other players' grids
are in others.py, the banner and the prompt in lines.py). Each is made with the table's port
(what it reads, and calls), the kit's `BlancoLook` (port.py) and the sibling parts it asks.
What a screen may show of private cards is `look.viewer`'s business; every private face drawn
is noted in `look.private_drawn` (tests read it)."""

from __future__ import annotations

import pygame

from game.core.i18n import language, t, tn
from game.core.levels import level_in_words
from game.core.seat_names import spoken_to
from game.core.session import HUMAN
from game.core.table_session import SeatLike
from game.core.ui.table.log_panel import LogPanel
from game.core.ui.table.part import Part
from game.core.ui.toolkit import gfx, motion
from game.core.ui.toolkit.layout import LOGICAL_SIZE
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW
from game.core.ui.toolkit.snapshot import Snapshot

from . import geometry as geo
from .moves import Moves
from .port import BlancoLook, BlancoPort
from .surface import painted

HIGHLIGHT = (255, 214, 40)
REFUSED = (240, 50, 60)
CHOSEN = (80, 200, 255)  # the card a move is being made with: a grid card, or a hand card
PANEL = (30, 58, 64)
EMPTY_PLACE = (60, 120, 110)  # the outline of a place without a card (a pile, the hand's)
FELT = (22, 92, 84)
PILES_ROOM = 284  # px: the width a line under the piles may take (their felt is 302 wide)


def seat_title(seat: SeatLike, name: str | None = None) -> str:
    """A seat's panel title: its name (`name`, as shown: `session.name_of`), with the level for
    a computer ("Bo (hard)"). A person playing from another screen (online: "not ours", so
    `is_computer`) is named alone."""
    name = seat.name if name is None else name
    if seat.kind == HUMAN:
        return name
    return f"{name} ({level_in_words(seat.kind)})"


def eye_icon(size: int) -> pygame.Surface:
    img = gfx.Surface((size, size), pygame.SRCALPHA)
    r = pygame.Rect(0, size * 0.22, size, size * 0.56)
    gfx.ellipse(img, WHITE, r)
    gfx.ellipse(img, INK, r, max(1, size // 10))
    gfx.circle(img, INK, (size / 2, size / 2), size * 0.17)
    return img


def mouse_down(event: pygame.event.Event) -> tuple[float, float] | None:
    if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
        return None
    pos = getattr(event, "pos", None)
    return pos if pos is not None else None


def chosen_ring(card: pygame.FRect) -> pygame.FRect:
    """Where the ring around a chosen hand card is drawn."""
    return card.inflate(6, 6)


class BlancoPart(Part):
    """A region of Blanco's table: the port it reads (and acts through) and the kit's look."""

    port: BlancoPort

    def __init__(self, port: BlancoPort, look: BlancoLook) -> None:
        super().__init__(port)
        self.look = look
        #: The part's pixels as last drawn, blitted back while what they show stays the same
        #: (the parts that keep theirs say when).
        self._snap = Snapshot()

    def forget_kept(self) -> None:
        """Draw afresh next frame, nothing kept blitted back: the same picture, for a reader
        of what a frame draws (a test recording its texts)."""
        self._snap.forget()


class Clicked(BlancoPart):
    """A region whose clicks are moves: it hands each to `Moves` and shows what came back."""

    def __init__(self, port: BlancoPort, look: BlancoLook, moves: Moves) -> None:
        super().__init__(port, look)
        self.moves = moves

    def outline(self, surface: pygame.Surface, rect: pygame.FRect, key: tuple) -> None:
        """The highlight of a legal target, or the red flash of a refused click."""
        moves = self.moves
        if moves.flash and moves.flash[0] == key:
            gfx.rect(surface, REFUSED, rect.inflate(10, 10), 5, border_radius=12)
        elif key in self.look.targets:
            pulse = motion.pulse(self.port.time, 6.0)
            colour = tuple(round(HIGHLIGHT[i] * (0.7 + 0.3 * pulse)) for i in range(3))
            gfx.rect(surface, colour, rect.inflate(10, 10), 4, border_radius=12)
            self.port.mark_ambient(rect.inflate(14, 14))


class FocusGrid(Clicked):
    """The focused player's grid, large and clickable."""

    def rects(self) -> dict[tuple[int, int], pygame.FRect]:
        p = self.port.seen.players[self.port.focus]
        return self.look.geometry.big_grid(p.rows, p.cols)

    def handle_event(self, event: pygame.event.Event) -> bool:
        pos = mouse_down(event)
        if pos is None:
            return False
        for at, rect in self.rects().items():
            if rect.collidepoint(pos):
                self.port.show(self.moves.click_cell(at))
                return True
        return False

    def __init__(self, port: BlancoPort, look: BlancoLook, moves: Moves) -> None:
        super().__init__(port, look, moves)
        self._kept_private = False  # whether the kept pixels show a face private to its owner

    def kept_key(self, rects: dict[tuple[int, int], pygame.FRect]) -> tuple | None:
        """Everything the grid's pixels are drawn from, or None while they cannot be kept: a
        cell outlined (a target pulsing, a refusal flashing), a look in progress (its face is
        the state's), or no grid (a line of words instead)."""
        port, look, moves = self.port, self.look, self.moves
        seat = port.focus
        if not rects or moves.mode == "look_reveal":
            return None
        if (moves.flash and moves.flash[0][0] == "cell") or any(
            target[0] == "cell" for target in look.targets
        ):
            return None
        seen = port.seen
        return (
            tuple(tuple(rect) for rect in rects.values()),
            seen.players[seat].key(),
            seen.gaps.get(seat),
            frozenset(h for h in look.hidden if h[:2] == ("cell", seat)),
            look.viewer == seat,
            look.memory_aid,
            moves.cell,
            moves.pair,
            self.ctx.text.scale,  # (the cards' numbers are drawn at the text's size)
        )

    def draw(self, surface: pygame.Surface) -> None:
        port = self.port
        seat = port.focus
        rects = self.rects()
        moves = self.moves
        # Over the static layer alone (the banner and the piles are drawn beside it): while
        # nothing in the grid moves, its pixels are kept and blitted back in one copy.
        key = self.kept_key(rects)
        if key is not None:
            key = (key, surface.get_size())
            if self._snap.reuse(surface, key):
                if self._kept_private:
                    self.look.private_drawn.add(seat)
                return
        drawn_before = seat in self.look.private_drawn
        self.look.private_drawn.discard(seat)
        for at, rect in rects.items():
            if port.seen.in_gap(seat, at) or ("cell", seat, *at) in self.look.hidden:
                continue
            self.outline(surface, rect, ("cell", *at))
            if moves.mode == "look_reveal" and moves.cell == at and self.look.viewer == seat:
                # The reward look in progress: its owner sees the face before choosing.
                card = port.state.players[seat].card_at(at)
                self.look.private_drawn.add(seat)
                surface.blit(self.look.art.get(card, (int(rect.w), int(rect.h))), rect.topleft)
                surface.blit(eye_icon(26), (rect.right - 28, rect.y + 2))
            else:
                self.look.draw_cell(surface, seat, at, rect)
            if moves.cell == at or (moves.pair and at in moves.pair):
                gfx.rect(surface, CHOSEN, rect.inflate(10, 10), 5, border_radius=12)
        self._kept_private = seat in self.look.private_drawn
        if drawn_before:
            self.look.private_drawn.add(seat)
        if key is not None:
            boxes = [pygame.Rect(rect.inflate(10, 10)) for rect in rects.values()]
            self._snap.keep(surface, key, boxes[0].unionall(boxes[1:]).inflate(2, 2))
        if not rects and port.seen.players[seat].stage == 1:
            port.ctx.text.blit_centered(
                surface,
                t("blanco.table.empty_grid", "Empty grid"),
                30,
                WHITE,
                self.look.geometry.grid_area.center,
            )


class Hand(Clicked):
    """The focused player's hand: faces for the viewer, backs otherwise."""

    def __init__(self, port: BlancoPort, look: BlancoLook, moves: Moves) -> None:
        super().__init__(port, look, moves)
        #: With the kept pixels: where the label and the cards were, and whether a face
        #: private to the viewer is among them.
        self._kept: tuple[pygame.Rect, list[pygame.FRect], bool] = (
            pygame.Rect(0, 0, 0, 0),
            [],
            False,
        )

    def rects(self) -> list[pygame.FRect]:
        return self.look.geometry.hand_rects(len(self.port.seen.players[self.port.focus].hand))

    def handle_event(self, event: pygame.event.Event) -> bool:
        pos = mouse_down(event)
        if pos is None:
            return False
        for i, rect in enumerate(self.rects()):
            if rect.collidepoint(pos):
                self.port.show(self.moves.click_hand(i))
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        port = self.port
        seat = port.focus
        hand = port.seen.players[seat].hand
        mine = self.look.viewer == seat
        name = port.session.name_of(seat)
        if port.driven and not spoken_to(name, len(port.session.seats)):  # a replay: by name
            label = t("blanco.table.hand_of", "{name}'s hand", name=name)
        else:
            label = (
                t("blanco.table.your_hand", "Your hand")
                if mine or port.driven
                else t("blanco.table.hand_hidden", "{name}'s hand (hidden)", name=name)
            )
        area = self.look.geometry.hand_area
        moves, look = self.moves, self.look
        # The hand's rows hold nothing drawn before it (the grid ends above them): while no
        # hand card is outlined (a target pulsing, a refusal flashing), its pixels are kept
        # and blitted back while what they were drawn from stays the same.
        lit = (moves.flash and moves.flash[0][0] == "hand") or any(
            target[0] == "hand" for target in look.targets
        )
        key = (
            label,
            tuple(hand),
            frozenset(h for h in look.hidden if h[:2] == ("hand", seat)),
            mine,
            moves.hand_card if mine else None,
            tuple(area),
            language(),
            self.ctx.text.scale,
            surface.get_size(),
        )
        if not lit and self._snap.reuse(surface, key):
            self.label_rect, self.card_rects, private = self._kept
            if private:
                look.private_drawn.add(seat)
            return
        #: Where the label was drawn (a raised card must not cover it).
        self.label_rect = port.ctx.text.blit_centered(
            surface, label, 22, WHITE, (area.centerx, area.y + 9)
        )
        self.card_rects = []
        drawn = [self.label_rect]
        for i, (card, rect) in enumerate(zip(hand, self.rects(), strict=True)):
            if ("hand", seat, i) in look.hidden:
                continue
            chosen = mine and moves.hand_card == card
            rect = rect.move(0, -geo.HAND_LIFT if chosen else 0)
            self.card_rects.append(rect)
            self.outline(surface, rect, ("hand", i))
            if chosen:  # raised and ringed, as a chosen grid card is (thinner: the label above)
                gfx.rect(surface, CHOSEN, chosen_ring(rect), 3, border_radius=10)
            if mine:
                look.private_drawn.add(seat)
            surface.blit(look.art.get(card, geo.HAND_CARD, mine), rect.topleft)
            drawn.append(pygame.Rect(rect.inflate(10, 10)))  # (with an outline's room)
        if hand:  # the free place a drawn card lands in, marked as an empty pile is
            for rect in look.geometry.hand_rects(geo.HAND_SLOTS)[len(hand) :]:
                gfx.rect(surface, EMPTY_PLACE, rect, 3, border_radius=12)
                drawn.append(pygame.Rect(rect))
        if not lit:
            private = mine and bool(self.card_rects)
            self._kept = (self.label_rect, list(self.card_rects), private)
            self._snap.keep(surface, key, drawn[0].unionall(drawn[1:]).inflate(2, 2))


class Piles(Clicked):
    """The draw pile with its count, the discard pile with its top card, the box count; in a
    match, where it stands for the player in view."""

    def __init__(self, port: BlancoPort, look: BlancoLook, moves: Moves) -> None:
        super().__init__(port, look, moves)
        #: Where each pile's count was last drawn ("pile", "discard"): the keyboard's ring goes
        #: round the pile and its count together (a long count, in German, is wider than the
        #: card, and a ring round the card alone ran into it).
        self.labels: dict[str, pygame.Rect] = {}

    def with_label(self, source: str, rect: pygame.FRect) -> pygame.FRect:
        """`rect` (the pile `source`) and its count above it, as last drawn, with room for the
        ring's rounded corners."""
        label = self.labels.get(source)
        return rect if label is None else rect.union(label.inflate(10, 6))

    def handle_event(self, event: pygame.event.Event) -> bool:
        pos = mouse_down(event)
        if pos is None:
            return False
        geometry = self.look.geometry
        for source, rect in (("pile", geometry.draw_pile), ("discard", geometry.discard_pile)):
            if rect.collidepoint(pos):
                self.port.show(self.moves.click_pile(source))
                return True
        return False

    def match_line(self) -> str:
        match = self.look.match
        return "" if match is None else str(match.table_line(self.port.focus))

    def draw(self, surface: pygame.Surface) -> None:
        port, text = self.port, self.ctx.text
        seen = port.seen
        geometry = self.look.geometry
        draw_pile, discard_pile = geometry.draw_pile, geometry.discard_pile
        # Over the static layer alone (the banner is the only part before, far off): while no
        # pile is outlined (a target, a refusal, pulsing), the piles are kept and blitted back.
        moves = self.moves
        match = self.match_line()
        lit = (
            bool(moves.flash) or ("pile",) in self.look.targets or ("discard",) in self.look.targets
        )
        hidden = ("discard",) in self.look.hidden
        key = (
            seen.pile,
            tuple(seen.discard[-2:]),
            len(seen.discard),
            hidden,
            seen.box,
            match,
            language(),
            text.scale,
            surface.get_size(),
            tuple(draw_pile),
        )
        if not lit and self._snap.reuse(surface, key):
            return
        drawn: list[pygame.Rect] = []
        size = (int(draw_pile.w), int(draw_pile.h))
        back = self.look.art.back(size)
        for i in range(min(4, (seen.pile + 19) // 20)):
            drawn.append(surface.blit(back, (draw_pile.x + i * 2, draw_pile.y - i * 2)))
        if seen.pile == 0:
            gfx.rect(surface, EMPTY_PLACE, draw_pile, 3, border_radius=12)
        self.outline(surface, draw_pile, ("pile",))
        self.labels["pile"] = text.blit_centered(
            surface,
            t("blanco.table.draw_pile", "Draw pile: {n}", n=seen.pile),
            20,
            WHITE,
            (draw_pile.centerx, draw_pile.y - 14),
        )
        drawn.append(self.labels["pile"])
        top = seen.top_discard
        self.outline(surface, discard_pile, ("discard",))
        if len(seen.discard) > 1 and hidden:
            top = seen.discard[-2]
        elif hidden:
            top = None
        if top:
            surface.blit(self.look.art.get(top, size), discard_pile.topleft)
        else:
            gfx.rect(surface, EMPTY_PLACE, discard_pile, 3, border_radius=12)
        self.labels["discard"] = text.blit_centered(
            surface,
            t("blanco.table.discard_pile", "Discard: {n}", n=len(seen.discard)),
            20,
            WHITE,
            (discard_pile.centerx, discard_pile.y - 14),
        )
        drawn.append(self.labels["discard"])
        drawn.append(
            text.blit_centered(
                surface,
                tn("blanco.table.box", seen.box, "Box: {count} card", "Box: {count} cards"),
                24,
                YELLOW,
                geometry.box_label,
                outline=INK,
                px=2,
            )
        )
        if match:
            font = text.fit_size(match, 18, PILES_ROOM, min_size=14)
            drawn.append(text.blit_centered(surface, match, font, WHITE, geometry.match_label))
        if not lit:
            area = pygame.Rect(draw_pile).union(pygame.Rect(discard_pile))
            self._snap.keep(surface, key, area.unionall(drawn))


#: px kept clear at each end of the banner's line: past its rounded corner, off its border.
BANNER_MARGIN = 18


class OpenLog(Part):
    """The log panel once more, over everything in the right column, while the player has
    opened it: then the log is what they look at."""

    def __init__(self, port: BlancoPort, log: LogPanel) -> None:
        super().__init__(port)
        self.log = log

    def draw(self, surface: pygame.Surface) -> None:
        if self.log.open:
            self.log.draw(surface)


def kept_area(panel: pygame.FRect, *texts: pygame.Rect) -> pygame.Rect:
    """All a panel drawn with its shadow (`draw_panel`'s, 3 px) and `texts` over it may have
    touched, a pixel more each side (a picture drawn at a render scale rounds its edges)."""
    box = pygame.Rect(panel)
    return box.union(box.move(1, 3)).unionall(list(texts)).inflate(2, 2)


def static_layer(geometry: geo.TableGeometry) -> pygame.Surface:
    """The felt and the fixed frames, drawn once, covering the geometry's view (all the window
    shows), to be blitted at its top-left."""
    places = [geometry.grid_area, geometry.hand_area, geometry.piles_back]
    return painted(geometry.view, places, LOGICAL_SIZE)  # wood, baize, card places (surface.py)
