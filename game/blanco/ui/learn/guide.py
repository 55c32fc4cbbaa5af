"""Blanco's guided first game: a solo game on a fixed, friendly deal, with a pointer at what to
click and one sentence for each moment.

What to suggest comes from the Normal computer player on the player's own view, read again
whenever the game moves on; where to point comes from the table's layout and the click in
progress (`Moves`: a hand card chosen, a swap begun, a card looked at), so a player who clicks
something else legal is guided on from where the game now stands. What just happened (a row or
a column cleared, a chain reaction, the second grid) is read from the engine's grid and said
before the next step. The deal (`SEED`) was chosen by playing the suggestions: the first clear
comes on turn 4 as a chain reaction, the second grid on turn 7, the win on turn 19.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.blanco.entry import BLANCO
from game.blanco.rules import Clear, Discard, Draw, Look, Play, Setup, Swap
from game.blanco.rules.actions import DISCARD, Action
from game.blanco.rules.state import CLEAR, LOOK, PLAY, SETUP, TURN, blanco_state
from game.blanco.ui.scenes.gameend import GameEndScene
from game.blanco.ui.table.kit import BlancoKit
from game.blanco.ui.words import card_name  # in the player's language
from game.core.i18n import t, tn
from game.core.session import Seat
from game.core.ui.screens.guide import Advice, Guide
from game.core.ui.table import Table

if TYPE_CHECKING:
    from game.blanco.rules.grid import PlayerState
    from game.blanco.rules.state import BlancoState
    from game.core.ui.context import Context

SEED = 902848


def start_guided(ctx: Context) -> Table:
    """Deal the guided game (solo, nothing saved or filed) and put the guide over it."""
    seats = [Seat(t("guide.you", "You"))]
    table: Table = ctx.nav.make("blanco.start_game", seats=seats, seed=SEED)
    table.as_lesson()
    guide = BlancoGuide(ctx, table)
    guide.attach()
    return table


class BlancoGuide(Guide):
    """The guide over one Blanco table and its game end."""

    def __init__(self, ctx: Context, table: Table) -> None:
        super().__init__(ctx)
        self.table = table  # the scene (the stack holds it)
        assert isinstance(table.kit, BlancoKit)
        self.kit: BlancoKit = table.kit  # what the guide reads of Blanco's table
        self.session = table.session
        self.bot = BLANCO.bots.make_bot("normal", SEED, 0)
        self._shape = self._grid_shape()
        self._news = ""  # what the turn's clears did, said with the steps that follow
        self._news_at = 0  # the number of actions when it happened
        self._news_kind = ""  # "second_grid", "chain", "row" or "column"
        self._last = ""
        # The discard pile's top offered at a turn, and whether the suggestion then plays
        # another hand card (keeping it): (actions so far, the card, kept for later)
        self._offered: tuple[int, int, bool] | None = None

    # ---------------------------------------------------------------- where we are

    def _ours(self, scene: object) -> bool:
        return scene is self.table or (
            isinstance(scene, GameEndScene) and scene.session is self.session
        )

    def active(self) -> bool:
        return self._ours(self.ctx.stack.top)

    def panel(self) -> pygame.FRect:
        if isinstance(self.ctx.stack.top, GameEndScene):
            return pygame.FRect(16, 600, 380, 112)
        column = self.kit.geometry.others
        return pygame.FRect(column.x, column.y + 214, column.w, 250)

    def keep_clear(self) -> list[pygame.FRect]:
        if self.ctx.stack.top is not self.table:
            return []
        geometry = self.kit.geometry
        return [geometry.banner, geometry.prompt]

    def _player(self) -> PlayerState:
        return blanco_state(self.session.state).players[self.kit.port.focus]

    def _grid_shape(self) -> tuple[int, int, int]:
        p = blanco_state(self.session.state).players[self.kit.port.focus]
        return (p.rows, p.cols, p.stage)

    def update(self, dt: float) -> None:
        if not any(self._ours(s) for s in self.ctx.stack.scenes):
            self.detach()  # the player left the game (quit to the title): no more guide
            return
        self._follow_clears()
        super().update(dt)
        if isinstance(self.ctx.stack.top, GameEndScene):
            self.done = True

    def _follow_clears(self) -> None:
        """Say what the last step cleared (read from how the grid's shape changed)."""
        state = blanco_state(self.session.state)
        done = len(state.actions) - self._news_at
        began = bool(state.actions) and isinstance(state.actions[-1], Draw | Swap)
        waiting = self.kit.port.turns.confirming is not None
        if self._news and done > 0 and (began or (state.phase == TURN and not waiting)):
            self._news = ""  # a new turn has begun: old news
        shape = self._grid_shape()
        rows, cols, stage = self._shape
        self._shape = shape
        if shape == (rows, cols, stage):
            return
        self._news_at = len(state.actions)
        if shape[2] != stage:
            self._news_kind = "second_grid"
            self._news = t(
                "guide.bl.second_grid",
                "Your first grid is clear! Here is your second: 12 cards. Clear it to win.",
            )
            return
        cleared = (rows - shape[0]) + (cols - shape[1])
        if cleared <= 0:
            return
        if state.cleared > 1 or cleared > 1:
            self._news_kind = "chain"
            self._news = t(
                "guide.bl.chain",
                "A chain reaction: two lines cleared in one turn! Your reward is bigger.",
            )
        elif shape[0] < rows:
            self._news_kind = "row"
            self._news = t(
                "guide.bl.row_cleared",
                "Your row is complete (one number): it is cleared, and the rows below move up.",
            )
        else:
            self._news_kind = "column"
            self._news = t(
                "guide.bl.col_cleared",
                "Your column is complete (one colour): it is cleared, and the grid closes up.",
            )

    # ---------------------------------------------------------------- the suggestion

    def suggestion(self) -> Action | None:
        state = blanco_state(self.session.state)
        key = (len(state.actions), state.phase, state.turn_id)
        return self.bot_suggestion(state, self.kit.port.focus, key)

    # ---------------------------------------------------------------- the advice

    def advise(self) -> Advice | None:
        if isinstance(self.ctx.stack.top, GameEndScene):
            return Advice(
                t("guide.bl.end", "You won the guided game! Replay it from How to play."),
                skippable=False,
                kind="end",
            )
        table = self.table
        if table.animator.busy:
            return Advice(self._news or self._last) if (self._news or self._last) else None
        if table.turns.confirming is not None:
            text = t("guide.bl.next", "Your turn is done: press Next.")
            return self._say(text, self.kit.controls.buttons["next"].rect.center, 40, "next")
        if not table.human_turn():
            return Advice(self._last) if self._last else None
        step = self._step()
        if step is None:
            return None
        text, target, radius, kind = step
        if self._news:
            text = f"{self._news} {text}"
        return self._say(text, target, radius, kind)

    def _cell(self, at: tuple[int, int]) -> tuple[float, float]:
        rect = self.kit.cell_rects(self.kit.port.focus).get(at)
        return rect.center if rect is not None else self.kit.geometry.grid_area.center

    def _step(self) -> tuple[str, tuple[float, float], float, str] | None:
        """The sentence, the point and the ring's size for the click to make now."""
        state = blanco_state(self.session.state)
        moves = self.kit.moves
        seat = self.kit.port.focus
        action = self.suggestion()
        legal = state.legal_actions(seat)
        phase = state.phase
        if phase == SETUP:
            return self._setup(action, legal)
        if phase == TURN:
            return self._turn(action, legal)
        if phase == PLAY:
            return self._play(action, legal)
        if phase == CLEAR:
            if not isinstance(action, Clear):
                action = next(a for a in legal if isinstance(a, Clear))
            name = f"clear_{action.line}_{action.line_no}"
            button = self.kit.controls.choices().get(name)
            text = t(
                "guide.bl.clear_choice",
                "Two lines are complete at once: you choose which to clear first.",
            )
            return (
                text,
                (button.rect.center if button else self.kit.geometry.choices.center),
                34,
                "clear_choice",
            )
        if phase == LOOK:
            if moves.mode == "look_reveal":
                reveal = not isinstance(action, Look) or action.reveal
                button = self.kit.controls.choices().get("reveal" if reveal else "keep")
                text = t(
                    "guide.bl.reveal",
                    "Your chain reaction lets you turn the card you saw face up: reveal it.",
                )
                return (
                    text,
                    (button.rect.center if button else self.kit.geometry.choices.center),
                    34,
                    "reveal",
                )
            if not isinstance(action, Look):
                action = next(a for a in legal if isinstance(a, Look))
            at = action.at
            if Look(seat, at, True) in legal:
                text = t(
                    "guide.bl.look_chain",
                    "Reward: look at a face-down card, and then you may even reveal it.",
                )
            else:
                text = t(
                    "guide.bl.look",
                    "Reward: look at one of your face-down cards, secretly. Click one.",
                )
            return text, self._cell(at), 50, "look"
        return None

    def _setup(
        self, action: Action | None, legal: list
    ) -> tuple[str, tuple[float, float], float, str]:
        moves = self.kit.moves
        if moves.cell is None:
            at = action.reveal if isinstance(action, Setup) else legal[0].reveal
            text = t(
                "guide.bl.setup_reveal",
                "Your grid is dealt face down. Turn one card face up: click it.",
            )
            return text, self._cell(at), 50, "setup_reveal"
        looks = [a.look for a in legal if a.reveal == moves.cell]
        at = action.look if isinstance(action, Setup) and action.look in looks else looks[0]
        text = t(
            "guide.bl.setup_look",
            "Now look at another card, secretly: only you will know it (it keeps an eye).",
        )
        return text, self._cell(at), 50, "setup_look"

    def _turn(
        self, action: Action | None, legal: list
    ) -> tuple[str, tuple[float, float], float, str]:
        moves = self.kit.moves
        if moves.mode == "swap_reveal" and moves.pair:
            pick = moves.pair[0]
            if isinstance(action, Swap) and action.reveal in moves.pair:
                # The card clicked is turned over; after the swap it sits in the other place.
                pick = moves.pair[1] if action.reveal == moves.pair[0] else moves.pair[0]
            text = t("guide.bl.swap_reveal", "Both were face down: click the one to turn up.")
            return text, self._cell(pick), 50, "swap_reveal"
        if moves.mode == "swap":
            swaps = [a for a in legal if isinstance(a, Swap)]
            if moves.cell is None:
                at = action.a if isinstance(action, Swap) else swaps[0].a
            else:
                mine = [a for a in swaps if a.a == moves.cell]
                at = (
                    action.b
                    if isinstance(action, Swap) and action.a == moves.cell
                    else (mine[0].b if mine else moves.cell)
                )
            text = t("guide.bl.swap", "Swap: click a card, then the card next to it.")
            return text, self._cell(at), 50, "swap"
        if isinstance(action, Swap):
            text = t(
                "guide.bl.swap_now",
                "This turn, swapping two neighbours is best: press Swap.",
            )
            return text, self.kit.controls.buttons["swap"].rect.center, 40, "swap_button"
        source = action.source if isinstance(action, Draw) else "pile"
        if source == "discard":
            state = blanco_state(self.session.state)
            top = state.discard[-1]
            if self._kept_for_later(state, top):
                text = t(
                    "guide.bl.draw_discard_keep",
                    "Your turn: take the {card} from the discard pile and keep it in your "
                    "hand: it will fit your grid later.",
                    card=card_name(top),
                )
                return text, self.kit.geometry.discard_pile.center, 60, "draw_keep"
            text = t(
                "guide.bl.draw_discard",
                "Your turn: take the {card} from the discard pile, it fits your grid.",
                card=card_name(top),
            )
            return text, self.kit.geometry.discard_pile.center, 60, "draw_discard"
        text = t(
            "guide.bl.draw_pile",
            "Your turn: draw a card. The draw pile is a surprise; the discard pile you see.",
        )
        return text, self.kit.geometry.draw_pile.center, 60, "draw_pile"

    def _kept_for_later(self, state: BlancoState, top: int) -> bool:
        """Whether the suggestion, once the discard pile's `top` is taken, plays another hand
        card: the guide then says the card is kept (not that it goes in at once). Worked out
        on the seat's view, once per position."""
        done = len(state.actions)
        if self._offered is None or self._offered[:2] != (done, top):
            seat = self.kit.port.focus
            after = state.view_for(seat)
            kept = False
            if after.apply(Draw(seat, DISCARD)).ok:
                then = self.bot.choose(after, seat)  # (Normal remembers nothing of a play step)
                kept = not (isinstance(then, Play | Discard) and then.card == top)
            self._offered = (done, top, kept)
        return self._offered[2]

    def _drawn_and_kept(self, state: BlancoState, wanted: int) -> int | None:
        """The card just taken from the discard pile when the suggestion keeps it for later
        and plays `wanted` instead (as the turn's advice said); else None."""
        offered = self._offered
        if offered is None or len(state.actions) != offered[0] + 1:
            return None
        last = state.actions[-1]
        if not (isinstance(last, Draw) and last.source == DISCARD) or wanted == offered[1]:
            return None
        return offered[1]

    def _play(
        self, action: Action | None, legal: list
    ) -> tuple[str, tuple[float, float], float, str]:
        moves = self.kit.moves
        seat = self.kit.port.focus
        hand = blanco_state(self.session.state).hand(seat)
        slots = self.kit.hand_slots(seat, len(hand))
        wanted = action.card if isinstance(action, Play | Discard) else hand[0]
        if moves.mode == "discard":
            reveals = [
                a.reveal
                for a in legal
                if isinstance(a, Discard) and a.card == moves.hand_card and a.reveal is not None
            ]
            chosen = action.reveal if isinstance(action, Discard) else None
            at = chosen if chosen is not None and chosen in reveals else reveals[0]
            text = t("guide.bl.discard_reveal", "Now turn one of your face-down cards face up.")
            return text, self._cell(at), 50, "discard_reveal"
        if moves.hand_card is None or moves.hand_card != wanted:
            index = hand.index(wanted)
            kept = self._drawn_and_kept(blanco_state(self.session.state), wanted)
            kind = "hand"
            if moves.hand_card is None and kept is not None:
                kind = "hand_keep"
                text = t(
                    "guide.bl.hand_keep",
                    "Keep the {kept} for later. Now click the {card}.",
                    kept=card_name(kept),
                    card=card_name(wanted),
                )
            elif moves.hand_card is None:
                text = t(
                    "guide.bl.hand",
                    "Your hand has {cards}. Click the {card}.",
                    cards=tn("guide.bl.hand_count", len(hand), "{count} card", "{count} cards"),
                    card=card_name(wanted),
                )
            else:
                text = t(
                    "guide.bl.hand_other",
                    "That works too, but the {card} is better here: click it.",
                    card=card_name(wanted),
                )
            return text, slots[index].center, 60, kind
        if isinstance(action, Discard):
            text = t(
                "guide.bl.discard",
                "It fits nowhere yet: discard it on the discard pile.",
            )
            return text, self.kit.geometry.discard_pile.center, 60, "discard"
        text = t(
            "guide.bl.play",
            "Play it here: the card it replaces goes to the discard pile.",
        )
        assert isinstance(action, Play), "the hand card chosen is the suggested play's"
        return text, self._cell(action.at), 50, "play"

    def _say(
        self, text: str, target: tuple[float, float], radius: float = 34, kind: str = ""
    ) -> Advice:
        # "Press Next" is never kept for the frames after it: once Next is pressed, the
        # next number (or turn) plays under no stale "press Next".
        self._last = "" if kind == "next" else text
        point = (float(target[0]), float(target[1]))
        return Advice(text, point, radius, kind=kind, news=self._news_kind if self._news else "")
