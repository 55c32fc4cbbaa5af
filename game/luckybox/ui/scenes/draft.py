"""The card drafts: keep 3 of the 5 cards drawn at setup, or 1 of the 3 drawn after a round."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import lt, t, tn
from game.core.session import Session
from game.core.ui.scene import UIScene
from game.core.ui.table.daily import draw_badge
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.focus import HIGHLIGHTED, HINTED, PRIMARY, Target, widget_targets
from game.core.ui.toolkit.layout import grid_in
from game.core.ui.toolkit.paint import CYAN, GREEN, INK, WHITE, YELLOW, draw_backdrop
from game.core.ui.toolkit.reasoned import ReasonedButton
from game.core.ui.toolkit.tooltip import Tip
from game.core.ui.toolkit.widgets import Button
from game.luckybox.rules import Keep, Pick
from game.luckybox.rules.state import SETUP
from game.luckybox.ui.cardview import CardView
from game.luckybox.ui.refusal_words import say_refusal
from game.luckybox.ui.session_state import state_of
from game.luckybox.ui.table.boards import HINT_GREEN, draw_dashed_ring
from game.luckybox.ui.tips import icon_tip

if TYPE_CHECKING:
    from game.core.ui.context import Context

CARDS_AREA = pygame.FRect(40, 110, 1200, 370)  # ends above Hint (3 cards are tall)
#: Under a guided game's panel (over the title): the cards a little lower, their rings clear.
GUIDED_CARDS_AREA = pygame.FRect(40, 136, 1200, 344)
DAILY_BADGE_AT = (640, 21)  # above the title, which moves down to make room
TITLE_Y, TITLE_Y_UNDER_BADGE = 60, 69
MINE_AREA = pygame.FRect(40, 560, 800, 140)
CONFIRM = pygame.FRect(900, 600, 320, 80)
HINT = pygame.FRect(900, 490, 150, 52)
#: The hint's reason: between the cards on offer and those in play, left of Hint.
WHY_AREA = pygame.FRect(40, CARDS_AREA.bottom + 8, HINT.x - 56, 40)


#: A chosen card's ring: cyan with a tick, never the yellow of the guide's pointer or the
#: keyboard's focus (a card pointed at must not look chosen already).
CHOSEN = CYAN


def draw_chosen(surface: pygame.Surface, rect: pygame.FRect) -> None:
    """The ring and tick badge of a card chosen to keep."""
    gfx.rect(surface, INK, rect.inflate(18, 18), 4, border_radius=18)
    gfx.rect(surface, CHOSEN, rect.inflate(12, 12), 6, border_radius=16)
    x, y = rect.right - 2, rect.top + 2
    gfx.circle(surface, INK, (x, y), 19)
    gfx.circle(surface, CHOSEN, (x, y), 16)
    gfx.lines(surface, INK, False, [(x - 8, y), (x - 2, y + 7), (x + 9, y - 7)], 5)


class DraftScene(UIScene):
    """One human's draft choice. Click cards to select; "confirm" applies it and closes."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    def needs_redraw(self) -> bool:  # the hint's dashed ring turns
        return super().needs_redraw() or bool(self.hinted) and self.ambient_live()

    def __init__(
        self,
        ctx: Context,
        session: Session,
        seat: int,
        cards: CardView,
        on_menu: Callable[[], None] | None = None,
    ) -> None:
        """`on_menu`: what Esc opens (the table's menu; the pause menu when not given)."""
        super().__init__(ctx)
        self.on_menu = on_menu or (lambda: self.ctx.nav.push("pause"))
        self.session = session
        self.seat = seat
        self.cardview = cards
        state = state_of(session)
        self.hand = list(state.players[seat].hand)
        self.need = 3 if state.phase == SETUP else 1
        self.selected: list[int] = []
        self.cards_area = CARDS_AREA  # (GUIDED_CARDS_AREA under a guided game's panel)
        self.add(
            "confirm",
            ReasonedButton(
                CONFIRM,
                lt("luckybox.draft.keep", "Keep"),
                self.confirm,
                key=pygame.K_RETURN,
                colour=GREEN,
                enabled=False,
                text_size=40,
                tooltip=lambda: t(
                    "luckybox.tip.button.keep",
                    "Keep the chosen cards: they join your board (Enter).",
                ),
                why_not=self.why_no_keep,
            ),
        )
        self.add(
            "hint",
            Button(
                HINT,
                lt("luckybox.draft.hint_button", "Hint"),
                self.show_hint,
                key=pygame.K_h,
                colour=(60, 170, 120),
                text_size=30,
                tooltip=lambda: t(
                    "luckybox.tip.button.draft_hint",
                    "Show which cards the hard computer would keep (key H). Nothing is chosen "
                    "for you.",
                ),
            ),
        )
        self.message = ""
        self.hinted: tuple[int, ...] = ()  # the hard computer's choice, once asked
        self.why = ""  # and its reason, in one line
        self.hovered: int | None = None  # the card under the mouse
        self.tooltips.add(self.icon_tip)  # the bonus icons of the cards on offer, and in play

    def icon_tip(self, pos: tuple[float, float]) -> Tip | None:
        """What a bonus icon under the mouse gives, on a card on offer or in play."""
        state = state_of(self.session)
        players = len(self.session.seats)
        for card, rect in zip(self.hand, self.card_rects(), strict=True):
            lift = self.lift(card)
            if rect.move(0, lift).collidepoint(pos):
                return icon_tip(
                    self.cardview, state.face(card), rect.move(0, lift), 0, pos, players
                )
        mine = state.players[self.seat]
        rects = grid_in(MINE_AREA.move(0, 12), len(mine.cards), self.cardview.aspect, gap=8)
        for card, mask, rect in zip(mine.cards, mine.masks, rects, strict=True):
            if rect.collidepoint(pos):
                return icon_tip(self.cardview, state.face(card), rect, mask, pos, players)
        return None

    def card_rects(self) -> list[pygame.FRect]:
        return grid_in(self.cards_area, len(self.hand), self.cardview.aspect, gap=24)

    def card_at(self, pos: tuple[float, float] | None) -> int | None:
        if pos is None:
            return None
        return next(
            (
                card
                for card, rect in zip(self.hand, self.card_rects(), strict=True)
                if rect.collidepoint(pos)
            ),
            None,
        )

    def show_hint(self) -> None:
        """Mark the cards the hard computer would keep (nothing is chosen for the player)."""
        from game.luckybox.ai import hint

        state = state_of(self.session)
        try:
            action = hint(state.view_for(self.seat), self.seat)
        except ValueError:  # nothing to choose now (it cannot happen while the draft shows)
            return
        from game.luckybox.ai.reasons import reason
        from game.luckybox.ui.reason_words import why_line

        self.why = why_line(reason(state.view_for(self.seat), action))
        if isinstance(action, Keep):
            self.hinted = tuple(action.cards)
        elif isinstance(action, Pick):
            self.hinted = (action.card,)
        else:  # not a draft choice (it cannot happen while the draft shows)
            return
        self.message = tn(
            "luckybox.draft.hint",
            len(self.hinted),
            "Hint: the hard computer keeps the dashed card.",
            "Hint: the hard computer keeps the {count} dashed cards.",
        )

    def card_center(self, card: int) -> tuple[float, float]:
        """Where to click to select a card (tests use it)."""
        return self.card_rects()[self.hand.index(card)].center

    def toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.remove(card)
        elif self.need == 1:
            self.selected = [card]
        elif len(self.selected) < self.need:
            self.selected.append(card)
        else:
            self.message = t(
                "luckybox.draft.too_many",
                "You keep {n}: click a chosen card to put it back first.",
                n=self.need,
            )
            self.ctx.play("refuse")
            return
        self.message = ""
        self.ctx.play("click")
        self.widgets["confirm"].enabled = len(self.selected) == self.need

    def why_no_keep(self) -> None:
        """A greyed Keep was clicked: the status line says again how many to choose (a hint or
        an earlier line may have taken its place); the dashed cards stay."""
        self.message = ""

    def confirm(self) -> None:
        action: Keep | Pick
        if self.need == 3:
            action = Keep(self.seat, tuple(c for c in self.hand if c in self.selected))
        else:
            action = Pick(self.seat, self.selected[0])
        outcome = self.session.apply(action)
        if not outcome.ok:
            self.message = say_refusal(outcome.refusal or "", self.session.state.names)
            self.ctx.play("refuse")
            return
        self.ctx.stack.pop()

    def focus_targets(self) -> list[Target]:
        """The keyboard focus: the cards (Enter picks or puts back, as a click), then the
        buttons; Keep takes the focus once the choice is complete. After H the dashed cards
        not chosen yet pull the focus, so H, then Enter on each, then Keep follows the hint."""
        room = len(self.selected) < self.need
        wanted = {c for c in self.hinted if c not in self.selected} if room else set()

        cards = [
            Target(
                ("card", card),
                rect.move(0, self.lift(card)),  # around the card as drawn
                partial(self.toggle, card),
                priority=HINTED if card in wanted else HIGHLIGHTED,
                label=f"card {card}",
                plays=True,
            )
            for card, rect in zip(self.hand, self.card_rects(), strict=True)
        ]
        buttons = widget_targets(self.widgets)
        for target in buttons:
            if target.key == "confirm" and self.widgets["confirm"].enabled:
                target.priority = PRIMARY
        return cards + buttons

    def lift(self, card: int) -> int:
        """How far the card is drawn raised: chosen, or under the mouse or keyboard focus."""
        return -18 if card in self.selected else -8 if card == self.hovered else 0

    def focus_moved(self, key: Hashable) -> None:
        """The keyboard focus rests on `key`: the card it rests on is the one raised and lit
        (as the mouse's would be), so the highlighted card and the focused card are one."""
        self.hovered = key[1] if isinstance(key, tuple) and key[0] == "card" else None

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dispatch(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_menu()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.card_at(getattr(event, "pos", None))
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            pos = getattr(event, "pos", None)
            for card, rect in zip(self.hand, self.card_rects(), strict=True):
                if pos is not None and rect.collidepoint(pos):
                    self.toggle(card)
                    return

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        draw_backdrop(surface, ctx.assets)
        name = self.session.name_of(self.seat)
        if self.need == 3:
            what = t("luckybox.draft.keep_3", "{name}: keep 3 of these 5 cards", name=name)
        else:
            what = t("luckybox.draft.keep_1", "{name}: keep 1 of these 3 cards", name=name)
        ctx.text.blit_centered(
            surface,
            what,
            ctx.text.fit_size(what, 54, 1240),
            YELLOW,
            (640, TITLE_Y_UNDER_BADGE if self.session.daily else TITLE_Y),
            outline=INK,
            px=4,
            shadow=4,
        )
        # The day's game says so from its first screen, as the table does after it.
        draw_badge(surface, ctx, self.session, DAILY_BADGE_AT)
        state = state_of(self.session)
        for card, rect in zip(self.hand, self.card_rects(), strict=True):
            hovered = card == self.hovered
            r = rect.move(0, self.lift(card))
            if hovered:  # a soft glow under the card the mouse is on
                gfx.rect(surface, (255, 250, 230), r.inflate(8, 8), 4, border_radius=14)
            img = self.cardview.render(card, state.face(card), 0, round(r.w))
            surface.blit(img, r.topleft)
            if card in self.selected:
                draw_chosen(surface, r)
            if card in self.hinted:
                draw_dashed_ring(surface, r.inflate(18, 18), HINT_GREEN, self.time)
        mine = state.players[self.seat]
        if mine.cards:
            ctx.text.blit_centered(
                surface,
                t("luckybox.draft.in_play", "Your cards in play:"),
                24,
                WHITE,
                (MINE_AREA.x + 100, MINE_AREA.y - 8),
            )
            rects = grid_in(MINE_AREA.move(0, 12), len(mine.cards), self.cardview.aspect, gap=8)
            for card, mask, rect in zip(mine.cards, mine.masks, rects, strict=True):
                surface.blit(
                    self.cardview.render(card, state.face(card), mask, round(rect.w)), rect.topleft
                )
        left = self.need - len(self.selected)
        status = self.message or (
            tn("luckybox.draft.choose_more", left, "Choose {count} more.", "Choose {count} more.")
            if left
            else t("luckybox.draft.ready", "Ready: press Keep.")
        )
        room = 2 * (1280 - 12 - CONFIRM.centerx)  # centred over Keep, inside the screen
        if self.hinted and self.why:  # the hint's reason: under the cards, left of Hint
            ctx.text.blit_centered(
                surface,
                self.why,
                ctx.text.fit_size(self.why, 26, WHY_AREA.w),
                HINT_GREEN,
                WHY_AREA.center,
                outline=INK,
                px=2,
            )
        ctx.text.blit_centered(
            surface,
            status,
            ctx.text.fit_size(status, 30, room),
            WHITE,
            (CONFIRM.centerx, CONFIRM.y - 30),
            outline=INK,
            px=2,
        )
        self.draw_widgets(surface)
