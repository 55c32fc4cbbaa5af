"""Lucky Box's guided first game: a solo game on a fixed, friendly deal, with a pointer at what
to click and one sentence for each moment.

What to suggest comes from the Normal computer player on the player's own view, read again
whenever the game moves on; where to point comes from the table's layout (the square's centre,
the bonus in the queue, the Spend, Pass and Next buttons, the draft's cards). So a player who
clicks something else legal is simply guided on from there. The deal (`SEED`, `NUMBERS`) was
chosen by playing the suggestions: Lightning comes up by the 6th number and a cascade (a bonus
cross completing another line) by the 7th, all in the first round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import t, tn
from game.core.session import Seat
from game.core.ui.screens.guide import Advice, Guide
from game.core.ui.table import Table
from game.luckybox.ai.bots import GreedyBot
from game.luckybox.rules import Cross, Deal, Keep, Pass, Pick, Resolve
from game.luckybox.rules.state import PLAY, shift
from game.luckybox.ui.scenes.draft import CARDS_AREA, GUIDED_CARDS_AREA, DraftScene
from game.luckybox.ui.scenes.gameend import GameEndScene
from game.luckybox.ui.scenes.roundend import RoundEndScene
from game.luckybox.ui.session_state import state_of
from game.luckybox.ui.table.kit import LuckyBoxKit, is_lucky_box_table, kit_of

if TYPE_CHECKING:
    from game.core.ui.context import Context
    from game.luckybox.rules.actions import Action

SEED = 915075
#: Round 1's numbers: with the suggested moves, Lightning by the 6th and a cascade by the 7th.
NUMBERS = (1, 2, 4, 1, 7, 4, 3, 9, 8)


def start_guided(ctx: Context) -> Table:
    """Deal the guided game (solo, nothing saved or filed) and put the guide over it."""
    seats = [Seat(t("guide.you", "You"))]
    table: Table = ctx.nav.make(
        "luckybox.start_game", seats=seats, seed=SEED, deal=Deal((), (NUMBERS,))
    )
    table.as_lesson()
    guide = LuckyBoxGuide(ctx, table)
    guide.attach()
    return table


def round_end_words(scene: RoundEndScene) -> list[pygame.FRect]:
    """The round's end: its title, rule, column heads and score rows, and the "Click or press
    Space to skip" line above Continue (everything but Continue's own strip)."""
    panel = scene.panel
    continue_top = scene.widgets["continue"].rect.top
    return [pygame.FRect(panel.x, panel.y, panel.w, continue_top - 8 - panel.y)]


def _tokens(count: int) -> str:
    return tn("guide.lb.tokens", count, "{count} Lightning token", "{count} Lightning tokens")


def _line(line: str) -> str:
    return t("guide.lb.row", "row") if line == "row" else t("guide.lb.column", "column")


class LuckyBoxGuide(Guide):
    """The guide over one Lucky Box table, its drafts, round ends and game end."""

    def __init__(self, ctx: Context, table: Table) -> None:
        super().__init__(ctx)
        self.table = table
        self.kit = kit_of(table)  # its boards, buttons and geometry
        self.session = table.session
        self.bot = GreedyBot(SEED, 0)
        self._last = ""  # the last sentence, kept while the table animates

    # ---------------------------------------------------------------- where we are

    def _ours(self, scene: object) -> bool:
        if scene is self.table:
            return True
        return (
            isinstance(scene, (DraftScene, RoundEndScene, GameEndScene))
            and scene.session is self.session
        )

    def active(self) -> bool:
        return self._ours(self.ctx.stack.top)

    def update(self, dt: float) -> None:
        if not any(self._ours(s) for s in self.ctx.stack.scenes):
            self.detach()  # the player left the game (quit to the title): no more guide
            return
        super().update(dt)
        top = self.ctx.stack.top
        if isinstance(top, DraftScene) and self._ours(top):
            top.cards_area = GUIDED_CARDS_AREA  # under the panel: their rings in sight
        if isinstance(top, GameEndScene):
            self.done = True

    def skip(self) -> None:
        for scene in self.ctx.stack.scenes:  # no panel now: the draft's cards as usual
            if isinstance(scene, DraftScene):
                scene.cards_area = CARDS_AREA
        super().skip()

    def panel(self) -> pygame.FRect:
        top = self.ctx.stack.top
        if isinstance(top, DraftScene):
            return pygame.FRect(200, 2, 880, 112)
        if isinstance(top, RoundEndScene):
            return pygame.FRect(700, 8, 564, 134)  # above the scores, over the dimmed table
        if isinstance(top, GameEndScene):
            return pygame.FRect(940, 596, 324, 118)
        return pygame.FRect(self.ctx.layout.region("other_boards"))

    def keep_clear(self) -> list[pygame.FRect]:
        top = self.ctx.stack.top
        if isinstance(top, RoundEndScene):
            return round_end_words(top)
        if not is_lucky_box_table(top):
            return []
        layout = self.ctx.layout
        words = [layout.region(name) for name in ("message", "player_banner")]
        words += self._queue_words(kit_of(top))
        # The deck with its "N left" and the numbers already drawn under it, the number shown.
        deck, card = layout.region("number_deck"), layout.region("revealed_card")
        pile = deck.union(card)
        pile.width = max(pile.width, 8 * 32 + 4)  # (eight drawn numbers a row)
        pile.height = max(deck.bottom + 26, card.bottom + 40) - pile.top
        # Each of the player's cards' "LUCKY BOX" name, printed on its footer band.
        kit = kit_of(top)
        names = [kit.cards.name_label_rect(rect) for rect in kit.board.rects(kit.port.focus)]
        return [*words, pile, *names]

    def pictures(self) -> list[pygame.FRect]:
        """The bonus icons of the player's cards, but those the guide points at: an arrow
        crossing a Lightning icon reads as pointing at it."""
        top = self.ctx.stack.top
        if not is_lucky_box_table(top):
            return []
        kit = kit_of(top)
        marked = self.marked()
        return [
            icon
            for rect in kit.board.rects(kit.port.focus)
            for icon in kit.cards.icon_rects(rect)
            if marked is None or not icon.colliderect(marked)
        ]

    def marks(self, marked: pygame.FRect) -> list[pygame.FRect]:
        """A Lightning square's cost, in its top right corner (as the card draws it)."""
        if self.advice is None or self.advice.kind != "lightning":
            return []
        radius = max(7, marked.w * 0.2) + 2
        badge = pygame.FRect(0, 0, 2 * radius, 2 * radius)
        badge.center = (marked.right - radius * 0.6, marked.top + radius * 0.6)
        return [badge]

    def _queue_words(self, table: LuckyBoxKit) -> list[pygame.FRect]:
        """The words in the panel under the banner: the line saying what to do (above Next,
        which the guide may point at), or "Bonuses:" and the line under the bonuses."""
        bonuses = table.bonuses
        area = bonuses.rect
        if table.port.seen.players[table.port.focus].pending:
            return [
                pygame.FRect(area.x, area.y + 36, 140, 48),
                pygame.FRect(area.x, area.bottom - 30, area.w, 28),
            ]
        rects = []
        for line, size, center in bonuses.hint_lines():
            w, h = self.ctx.text.font(size).size(line)
            rect = pygame.FRect(0, 0, w, h)
            rect.center = center
            rects.append(rect)
        return rects

    def avoided(
        self, marked: pygame.FRect | None, targets: list[tuple[pygame.FRect, int]] | None = None
    ) -> list[pygame.FRect]:
        """Besides the things to click, every square and bonus of the player's cards (a
        crossed square, a "?" bonus): an arrow lying on one reads as pointing at it."""
        others = super().avoided(marked, targets)
        table = self.ctx.stack.top
        if table is not self.table:
            return others
        kit = self.kit
        cards = kit.cards
        for rect in kit.board.rects(kit.port.focus):
            pieces = [cards.cell_rect(rect, cell) for cell in range(9)]
            radius = cards.icon_radius(rect)
            for line in ("row", "col"):
                for index in range(3):
                    icon = pygame.FRect(0, 0, 2 * radius, 2 * radius)
                    icon.center = cards.icon_center(rect, line, index)
                    pieces.append(icon)
            others += [p for p in pieces if marked is None or not p.colliderect(marked)]
        return others

    # ---------------------------------------------------------------- the suggestion

    def suggestion(self) -> Action | None:
        """The Normal player's choice for the player now, worked out once per position."""
        state = state_of(self.session)
        key = (len(state.actions), state.phase, state.number, state.round)
        return self.bot_suggestion(state, self.table.focus, key)

    # ---------------------------------------------------------------- the advice

    def advise(self) -> Advice | None:
        top = self.ctx.stack.top
        if isinstance(top, DraftScene):
            return self._draft(top)
        if isinstance(top, RoundEndScene):
            button = top.widgets["continue"].rect
            return Advice(
                t(
                    "guide.lb.round_end",
                    "Round {n} is over: your completed cards and stars have scored. "
                    "Press Continue.",
                    n=top.round,
                ),
                button.center,
                44,
                kind=f"round_end_{top.round}",
            )
        if isinstance(top, GameEndScene):
            return Advice(
                t("guide.lb.end", "That's the game! Replay the guide from How to play."),
                skippable=False,
                kind="end",
            )
        return self._table()

    def _draft(self, draft: DraftScene) -> Advice:
        if len(draft.selected) >= draft.need:
            return Advice(
                t("guide.lb.keep", "Good choice. Press Keep."),
                draft.widgets["confirm"].rect.center,
                50,
                kind="keep",
            )
        action = self.suggestion()
        if isinstance(action, Keep):
            wanted = list(action.cards)
        elif isinstance(action, Pick):
            wanted = [action.card]
        else:
            wanted = list(draft.hand)
        left = [c for c in wanted if c not in draft.selected and c in draft.hand]
        left = left or [c for c in draft.hand if c not in draft.selected]
        if draft.need == 3:
            text = t(
                "guide.lb.draft_start",
                "Choose your first cards: keep 3 of these 5. Click the one we point at, "
                "or any you like.",
            )
        else:
            text = t(
                "guide.lb.draft_pick",
                "Before the next round you draw 3 cards and keep 1: click one.",
            )
        kind = "draft_start" if draft.need == 3 else "draft_pick"
        return Advice(text, draft.card_center(left[0]), 60, kind=kind)

    def _table(self) -> Advice | None:
        table = self.kit
        state = state_of(self.session)
        table.board.pointed = None  # (the blue square shows while the guide points at it)
        if table.port.animator.busy:
            return Advice(self._last) if self._last else None
        if table.port.turns.confirming is not None:
            text = t("guide.lb.next", "Your move is done. Press Next for the next number.")
            return self._say(text, table.buttons["next"].rect.center, 40, "next")
        if not table.port.human_turn() or state.phase != PLAY:
            return Advice(self._last) if self._last else None
        action = self.suggestion()
        player = state.players[table.port.focus]
        if player.pending and isinstance(action, Resolve):
            return self._bonus(action)
        number = state.number
        selected = table.selected_square
        if selected is not None:  # a Lightning square chosen (as suggested, or another one)
            text = t(
                "guide.lb.spend",
                "Press Spend to use {tokens}: the {n} becomes {m}.",
                tokens=_tokens(abs(selected.lightning)),
                n=number,
                m=shift(number, selected.lightning),
            )
            return self._say(text, table.buttons["spend"].rect.center, 40, "spend")
        if isinstance(action, Pass):
            text = t(
                "guide.lb.pass",
                "No open {n} on your cards: press Pass (Lightning could "
                "change the number, but keep it for later).",
                n=number,
            )
            return self._say(text, table.buttons["pass"].rect.center, 34, "pass")
        if isinstance(action, Cross) and action.lightning:
            spend = abs(action.lightning)
            target = shift(number, action.lightning)
            tokens = _tokens(spend)
            text = t(
                "guide.lb.lightning",
                "The number is {n}. Lightning makes it {m} for {tokens}: click the "
                "blue square, then Spend.",
                n=number,
                tokens=tokens,
                m=target,
            )
            table.board.pointed = (action.card, action.cell)
            return self._say(text, table.square_center(action.card, action.cell), kind="lightning")
        if isinstance(action, Cross):
            text = t("guide.lb.cross", "The number is {n}: cross a gold square.", n=number)
            return self._say(text, table.square_center(action.card, action.cell), kind="cross")
        return None

    def _bonus(self, action: Resolve) -> Advice:
        table = self.kit
        state = state_of(self.session)
        player = state.players[table.port.focus]
        key = (action.card, action.line, action.index)
        if len(player.pending) > 1 and table.moves.bonus_choice() != key:
            for rect_key, rect in table.pending_rects():
                if rect_key == key:
                    text = t(
                        "guide.lb.two_bonuses",
                        "Two bonuses at once: you choose the order. Click this one first.",
                    )
                    return self._say(text, rect.center, 40, "bonus_order")
        bonus = next(p.bonus for p in player.pending if (p.card, p.line, p.index) == key)
        cascade = bool(state.actions) and isinstance(state.actions[-1], Resolve)
        if cascade:
            lead = t("guide.lb.cascade", "A cascade! That bonus cross completed another line.")
        else:
            lead = t(
                "guide.lb.complete",
                "Your {line} is complete: choose where its bonus goes.",
                line=_line(action.line),
            )
        if bonus[0] == "number":
            rest = t(
                "guide.lb.bonus_number", "Its {n} crosses an open {n} on any card.", n=bonus[1]
            )
        else:
            rest = t("guide.lb.bonus_question", "Its ? crosses any open square: try this one.")
        target = table.square_center(action.target_card, action.cell)
        return self._say(f"{lead} {rest}", target, kind="cascade" if cascade else "bonus")

    def _say(
        self, text: str, target: tuple[float, float], radius: float = 34, kind: str = ""
    ) -> Advice:
        # "Press Next" is never kept for the frames after it: once Next is pressed, the
        # next number (or turn) plays under no stale "press Next".
        self._last = "" if kind == "next" else text
        return Advice(text, (float(target[0]), float(target[1])), radius, kind=kind)
