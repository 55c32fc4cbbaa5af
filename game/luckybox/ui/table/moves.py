"""What the focused human's clicks mean, by the rules, and why a refused one was refused.

No rule is decided here: the engine lists the legal actions, a click picks one of them (or is
refused with a reason a person can read), and the table hands it to the session (`act`). What
else the click changed (the message line, a refusal's sound and flash, the "not now" mark, the
choice in progress as a `Choice`) comes back as the core table's `Effects`, which the table
applies (`LuckyBoxPort.take`): `Moves` writes into no other part.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from msgspec.structs import replace

from game.core.game import Refusal
from game.core.i18n import t, tn
from game.core.ui.table import NO_EFFECTS, Effects
from game.luckybox.rules import Cross, Pass, Resolve
from game.luckybox.rules.state import OVER, shift
from game.luckybox.ui.refusal_words import say_refusal

from .port import LuckyBoxPort

REFUSE_FLASH = 0.5  # seconds a refused square flashes red


class Choice(NamedTuple):
    """The choice in progress as a click left it (an `Effects.selection`): the Lightning square
    waiting for Spend, the bonus chosen. The kit works the board's marks out anew and has Spend
    say the square's cost."""

    square: Cross | None
    bonus: tuple[int, str, int] | None


def describe(action: Any, state: Any) -> str:
    """Words for an action (hints, logs). A card is named by its place on the player's board,
    counted from the left: its own number (the one in its starburst) means nothing to a player
    who has not read the rules."""
    if isinstance(action, Cross):
        shown = state.face(action.card).grid[action.cell]
        place = _place(state, action.player, action.card)
        if action.lightning:
            return tn(
                "luckybox.hint.spend_n",
                abs(action.lightning),
                "spend {count} Lightning and cross the {shown} on your card {card} from the left",
                "spend {count} Lightning and cross the {shown} on your card {card} from the left",
                shown=shown,
                card=place,
            )
        return t(
            "luckybox.hint.cross",
            "cross the {shown} on your card {card} from the left",
            shown=shown,
            card=place,
        )
    if isinstance(action, Resolve):
        shown = state.face(action.target_card).grid[action.cell]
        return t(
            "luckybox.hint.bonus",
            "use the bonus on the {shown} of your card {card} from the left",
            shown=shown,
            card=_place(state, action.player, action.target_card),
        )
    if isinstance(action, Pass):
        return t("luckybox.hint.pass", "pass")
    return str(action)


def _place(state: Any, player: int, card: int) -> int:
    """1 for the player's leftmost card, 2 for the next..."""
    cards = list(state.players[player].cards)
    return cards.index(card) + 1 if card in cards else card


class Moves:
    """The focused human's choices in progress: a Lightning square waiting for Spend, the bonus
    chosen to resolve, the hint shown, the square that flashes after a refusal. Each click
    returns its `Effects` for the table to apply."""

    def __init__(self, port: LuckyBoxPort) -> None:
        self.port = port
        self.selected_bonus: tuple[int, str, int] | None = None
        self.selected_square: Cross | None = None
        self.hint: Any = None
        self.why = ""  # the hint's reason in one line ("Why: completes a line: +1 Lightning")
        self.refused: tuple[int, int, float] | None = None  # (card, cell, time left)

    @property
    def flashing(self) -> bool:
        """A refused square flashes red (for a moment: the table is drawn until it stops)."""
        return self.refused is not None

    def update(self, dt: float) -> None:
        if self.refused:
            card, cell, left = self.refused
            self.refused = (card, cell, left - dt) if left > dt else None

    def flash(self, square: tuple[int, int]) -> None:
        """A refused square flashes red for a moment (the table applies a refusal's flash)."""
        self.refused = (square[0], square[1], REFUSE_FLASH)

    def choice(self) -> Choice:
        return Choice(self.selected_square, self.selected_bonus)

    def clear(self) -> Effects:
        self.selected_square = None
        self.selected_bonus = None
        return Effects(selection=self.choice())

    def refuse(self, reason: str, square: tuple[int, int] | None = None) -> Effects:
        """A refusal said: on the message line, as a "not now" line when it is not the
        player's turn (it gives way once their turn comes), with its sound and its flash."""
        until_turn = not self.port.human_turn()
        return Effects(message=reason, refusal=True, until_turn=until_turn, flash=square or None)

    def apply(self, action: Any) -> Effects:
        """Hand the action to the table (`act`: the session takes it, the line clears, the
        turn controller hears of it), or say the rules' refusal."""
        port = self.port
        outcome = port.act(action)
        if not outcome.ok:
            return self.refuse(say_refusal(outcome.refusal or "", port.state.names))
        self.hint = None
        return self.clear()

    def bonus_choice(self) -> tuple[int, str, int]:
        pending = self.port.state.players[self.port.focus].pending
        keys = [(p.card, p.line, p.index) for p in pending]
        if self.selected_bonus in keys:
            return self.selected_bonus
        return keys[0]

    def choose_bonus(self, key: tuple[int, str, int]) -> Effects:
        self.selected_bonus = key
        return Effects(selection=self.choice())

    # ------------------------------------------------------------ the buttons

    def do_pass(self) -> Effects:
        port = self.port
        if not port.human_turn():
            return NO_EFFECTS
        refusal = port.state.check(Pass(port.focus))
        if refusal is None:
            return self.apply(Pass(port.focus))
        return self.refuse(self._pass_reason(refusal))

    def why_no_pass(self) -> Effects:
        """A greyed Pass was clicked: say why it cannot be pressed now."""
        port = self.port
        if not port.human_turn():
            return self.refuse(self.not_now())
        refusal = port.state.check(Pass(port.focus))
        if refusal is not None:
            return self.refuse(self._pass_reason(refusal))
        return NO_EFFECTS

    def why_no_hint(self) -> Effects:
        """A greyed Hint was clicked: say why it cannot be pressed now."""
        return self.refuse(self.not_now())

    def not_now(self) -> str:
        """Why the focused player cannot act on the table at this moment, in a line."""
        port = self.port
        seat = port.session.next_seat()
        if port.state.phase == OVER:
            return t("luckybox.table.over", "The game is over.")
        if port.animator.busy:
            return t("luckybox.table.skip", "Click or press Space to skip the animation.")
        if port.turns.confirming is not None:
            return t("luckybox.table.done_press_next", "Your turn is done: press Next.")
        if seat is None:
            return t("luckybox.table.wait_number", "Wait for the next number.")
        waiting = port.waiting_words(seat)  # (online: someone away, the host gone)
        if waiting is not None:
            return waiting
        if seat != port.focus or port.session.seats[seat].is_computer:
            return t(
                "luckybox.table.wait_for",
                "Wait: it is {name}'s turn.",
                name=port.session.name_of(seat),
            )
        return t("luckybox.table.choose_cards", "Choose your cards.")

    def _pass_reason(self, refusal: Refusal) -> str:
        """The rules' reason a pass is refused, as the table says it to the player."""
        if refusal.code == "resolve_first":
            return t(
                "luckybox.table.resolve_first",
                "Resolve your bonus first: click a highlighted square.",
            )
        if refusal.code == "cannot_pass":
            return t(
                "luckybox.table.must_cross",
                "You have an open {number}: you must cross a square.",
                number=refusal.args["number"],
            )
        return self._words(refusal)

    def _words(self, refusal: Refusal | None) -> str:
        return say_refusal(refusal or "", self.port.state.names)

    def do_undo(self) -> Effects:
        port = self.port
        if port.animator.busy:
            port.animator.skip(port.focus)
        refusal = port.undo()
        if refusal is not None:
            return self.refuse(refusal)
        port.animator.skip(port.focus)  # the undo is an event: the shown board takes it
        self.clear()
        return Effects(message=t("luckybox.table.undone", "Undone."), selection=self.choice())

    def do_hint(self) -> Effects:
        port = self.port
        if not port.human_turn():
            return NO_EFFECTS
        try:
            from game.luckybox.ai import hint
        except ImportError:
            return self.refuse(t("luckybox.table.no_hints", "No hints available."))
        from game.luckybox.ai.reasons import reason
        from game.luckybox.ui.reason_words import why_line

        view = port.state.view_for(port.focus)  # the hint and its reason: this seat's view
        self.hint = hint(view, port.focus)
        self.why = why_line(reason(view, self.hint))
        words = t("luckybox.table.hint", "Hint: {move}", move=describe(self.hint, port.state))
        return Effects(message=words, selection=self.choice())

    def confirm_spend(self) -> Effects:
        if self.selected_square is None:
            return self.refuse(
                t(
                    "luckybox.table.choose_square",
                    "Choose a square marked with a Lightning cost first.",
                )
            )
        return self.apply(self.selected_square)

    # ------------------------------------------------------------ a square

    def click_square(self, card: int, cell: int) -> Effects:
        """What a click on one of the focused player's squares means, by the rules."""
        port = self.port
        if not port.human_turn():
            from game.luckybox.rules.state import PLAY

            seat = port.session.next_seat()  # (online: someone away, the host gone: said so)
            waiting = port.waiting_words(seat) if seat is not None else None
            return self.refuse(
                waiting
                or (
                    t("luckybox.table.wait", "Wait for your turn.")
                    if port.state.phase == PLAY
                    else ""
                )
            )
        seat = port.focus
        state = port.state
        player = state.players[seat]
        legal = state.legal_actions(seat)
        if player.pending:
            fits = [
                a
                for a in legal
                if isinstance(a, Resolve) and a.target_card == card and a.cell == cell
            ]
            chosen = next(
                (a for a in fits if (a.card, a.line, a.index) == self.bonus_choice()), None
            ) or (fits[0] if fits else None)
            if chosen is not None:
                return self.apply(chosen)
            return self.refuse(self._square_reason(card, cell), (card, cell))
        exact = Cross(seat, card, cell, 0)
        if exact in legal:
            return self.apply(exact)
        options = sorted(
            (a for a in legal if isinstance(a, Cross) and a.card == card and a.cell == cell),
            key=lambda a: (abs(a.lightning), a.lightning < 0),
        )
        if not options:
            return self.refuse(self._square_reason(card, cell), (card, cell))
        current = self.selected_square
        if current is not None and (current.card, current.cell) == (card, cell):
            if len(options) > 1:
                # A second click on the same square switches direction (up or down the clock).
                options = [o for o in options if o != current] + [current]
            else:
                # Only one way round is affordable: say why the other way is not offered.
                return self.refuse(self._other_way_reason(current, state.face(card).grid[cell]))
        self.selected_square = options[0]
        spend = abs(options[0].lightning)
        target = shift(state.number, options[0].lightning)
        ask = tn(
            "luckybox.table.spend_ask",
            spend,
            "Spend {count} Lightning token to turn {number} into {target}? Press Spend to confirm.",
            "Spend {count} Lightning tokens to turn {number} into {target}? "
            "Press Spend to confirm.",
            number=state.number,
            target=target,
        )
        return Effects(message=ask, selection=self.choice())

    def _other_way_reason(self, current: Cross, shown: int) -> str:
        """Why a second click on the chosen Lightning square keeps the same way round: the
        rules' refusal of the other way."""
        state = self.port.state
        n = state.number
        # chosen counting up: down is the other way (a negative spend), and the other way round
        other_way = -((n - shown) % 9) if current.lightning > 0 else (shown - n) % 9
        refusal = state.check(replace(current, lightning=other_way))
        if refusal is None or refusal.code != "not_enough_lightning":
            return self._words(refusal)
        values = {
            "number": n,
            "shown": shown,
            "have": refusal.args["have"],
            "cost": abs(current.lightning),
            "other": refusal.args["spent"],
        }
        if current.lightning > 0:
            return t(
                "luckybox.table.other_way_down",
                "Counting down from {number} to {shown} would cost {other} Lightning and you "
                "have {have}: only {cost} this way. Press Spend, or Esc to cancel.",
                **values,
            )
        return t(
            "luckybox.table.other_way_up",
            "Counting up from {number} to {shown} would cost {other} Lightning and you "
            "have {have}: only {cost} this way. Press Spend, or Esc to cancel.",
            **values,
        )

    def _square_reason(self, card: int, cell: int) -> str:
        """Why this square can't be crossed now: the rules' refusal of the move a click on it
        would make (the bonus chosen, or the cheapest way round the clock), said kindly."""
        state = self.port.state
        seat = self.port.focus
        shown = state.face(card).grid[cell]
        if state.players[seat].pending:
            refusal = state.check(Resolve(seat, *self.bonus_choice(), card, cell))
        else:
            refusal = state.check(Cross(seat, card, cell, 0))  # the square itself
            if refusal is not None and refusal.code == "no_open_square":
                up, down = (shown - state.number) % 9, (state.number - shown) % 9
                refusal = state.check(Cross(seat, card, cell, up if up <= down else -down))
        if refusal is None:
            return self._words(None)
        code = refusal.code
        if code == "already_crossed":
            return t("luckybox.table.already_crossed", "That square is already crossed.")
        if code == "bonus_needs":
            return t(
                "luckybox.table.bonus_needs",
                "Your bonus needs an open {need}, not a {shown}.",
                need=refusal.args["need"],
                shown=shown,
            )
        if code == "not_enough_lightning":
            return t(
                "luckybox.table.too_far",
                "That square shows {shown}; the number is "
                "{number}. It would take {need} Lightning and you have {have}.",
                shown=shown,
                number=state.number,
                need=refusal.args["spent"],
                have=refusal.args["have"],
            )
        return self._words(refusal)
