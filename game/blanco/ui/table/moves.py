"""What the focused human's clicks mean in Blanco, by the rules, and why a refused one was refused.

No rule is decided here: the engine lists the legal actions; a sequence of clicks (a hand card,
then a grid cell; a swap's two cards; ...) narrows them down to one, which the session applies.
Steps the engine takes in one action (a discard and its reveal, a swap and which card to turn
over, a look and whether to reveal it) are collected here first. Every click that fits no legal
action is refused with a reason (a message line and a red flash).

Each click (`click_pile`, `click_hand`, `click_cell`, `do_swap`, `do_undo`, `do_hint`,
`cancel`) RETURNS its effects (`game.core.ui.table.Effects`: the line, a refusal, what to
flash); the part that took the click hands them to the table (`port.show`), which shows them.
The step itself goes straight to the table through `port.act` (typed with Blanco's `Action`),
which tells the turn controller and hands it to the session.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.blanco.rules import Discard, Draw, Look, Play, Setup, Swap
from game.blanco.rules.actions import Action
from game.blanco.rules.state import CLEAR, LOOK, PLAY, SETUP, TURN, BlancoState
from game.blanco.ui.refusal_words import say_refusal
from game.blanco.ui.table.prompts import describe, prompt_of
from game.blanco.ui.words import card_name, line_in_sentence, where
from game.core.i18n import t
from game.core.ui.table import NO_EFFECTS, Effects

from . import look_file
from .port import BlancoLook, BlancoPort

REFUSE_FLASH = 0.5
Key = tuple  # ("cell", r, c) / ("hand", i) / ("pile",) / ("discard",)


class Moves:
    """The focused human's choice in progress, the targets it leaves, and refusals."""

    def __init__(self, port: BlancoPort, look: BlancoLook) -> None:
        self.port = port
        self.look = look  # (whether Undo can take a step back: the kit's `undo_refusal`)
        # The turn the last step was taken in: did that step end it? (the Next gate)
        self.turn_before = port.state.turn_id
        self.mode: str | None = None  # "swap", "swap_reveal", "discard", "clear", "look_reveal"
        self.hand_card: int | None = None
        self.cell: tuple[int, int] | None = None  # set-up reveal, swap's first card, look
        self.pair: tuple[tuple[int, int], tuple[int, int]] | None = None
        self.flash: tuple[Key, float] | None = None
        self.hint: Any = None

    # ------------------------------------------------------------ helpers

    @property
    def seat(self) -> int:
        return self.port.focus

    @property
    def state(self) -> BlancoState:
        return self.port.state

    def legal(self) -> list:
        return self.state.legal_actions(self.seat) if self.port.human_turn() else []

    def clear(self) -> None:
        self.mode = self.hand_card = self.cell = self.pair = None

    @property
    def flashing(self) -> bool:
        """A refused target flashes red (for a moment: the table is drawn until it stops)."""
        return self.flash is not None

    def update(self, dt: float) -> None:
        if self.flash:
            key, left = self.flash
            self.flash = (key, left - dt) if left > dt else None

    def say(self, text: str) -> Effects:
        """The line says `text` (no refusal)."""
        return Effects(message=text)

    def refuse(self, reason: str, key: Key | None = None) -> Effects:
        """A refused click: the line says why, its target (if any) flashes red."""
        return Effects(message=reason, refusal=True, flash=key)

    def step(self, action: Action) -> Effects:
        """Hand the action to the table (`port.act`); refused, the effects say why."""
        port = self.port
        self.turn_before = port.state.turn_id  # did this step end the turn? (the Next gate)
        outcome = port.act(action)
        if not outcome.ok:
            return self.refuse(say_refusal(outcome.refusal or "", port.state.names))
        if isinstance(action, Look):
            self.forget_look()
        self.clear()
        self.hint = None
        return NO_EFFECTS  # (the table cleared its line)

    def apply(self, action: Action) -> bool:
        """Take the action now, its effects shown; whether the rules took it."""
        effects = self.step(action)
        self.port.show(effects)
        return effects is NO_EFFECTS

    def shows(self, click: Callable[[], Effects]) -> Callable[[], None]:
        """A button's action: the click, its effects shown by the table."""
        return lambda: self.port.show(click())

    def _not_now(self, key: Key | None) -> Effects | None:
        """Refuse a click when it is not this human's moment: the refusal's effects (NO_EFFECTS
        when the click only skipped an animation), or None when the click may go on."""
        port = self.port
        if port.human_turn():
            return None
        acting = port.session.next_seat()
        if port.turns.confirming is not None and not port.animator.busy:
            return self.refuse(
                t(  # "or Undo" only while Undo can take the turn back
                    "blanco.table.turn_done",
                    "Your turn is done: press Next (Enter), or Undo to take it back.",
                )
                if self.look.undo_refusal() is None
                else t("blanco.table.turn_done_next", "Your turn is done: press Next (Enter)."),
                key,
            )
        if port.animator.busy:
            return NO_EFFECTS  # the click skipped the animation (of the last turn, too: no spoiler)
        if acting is None:
            return self.refuse(t("blanco.table.over", "The game is over."), key)
        said = port.waiting_words(acting) or t(  # (online: someone away, the host gone)
            "blanco.table.wait",
            "Wait: it is {name}'s turn.",
            name=port.session.name_of(acting),
        )
        # It gives way once that turn ends.
        return Effects(message=said, refusal=True, flash=key, until_turn=True)

    # ------------------------------------------------------------ targets

    def targets(self) -> set[Key]:
        """What the player may click next (highlighted)."""
        legal = self.legal()
        if not legal:
            return set()
        phase = self.state.phase
        out: set[Key] = set()
        if phase == SETUP:
            if self.cell is None:
                out = {("cell", *a.reveal) for a in legal}
            else:
                out = {("cell", *a.look) for a in legal if a.reveal == self.cell}
        elif phase == TURN:
            if self.mode == "swap":
                if self.cell is None:
                    out = {("cell", *a.a) for a in legal if isinstance(a, Swap)}
                else:
                    out = {
                        ("cell", *a.b) for a in legal if isinstance(a, Swap) and a.a == self.cell
                    }
            elif self.mode == "swap_reveal" and self.pair:
                out = {("cell", *p) for p in self.pair}
            else:
                out = {
                    ("pile",) if a.source == "pile" else ("discard",)
                    for a in legal
                    if isinstance(a, Draw)
                }
        elif phase == PLAY:
            hand = self.state.hand(self.seat)
            if self.mode == "discard":
                out = {
                    ("cell", *a.reveal)
                    for a in legal
                    if isinstance(a, Discard) and a.card == self.hand_card and a.reveal is not None
                }
            elif self.hand_card is None:
                out = {("hand", i) for i in range(len(hand))}
            else:
                out = {
                    ("cell", *a.at)
                    for a in legal
                    if isinstance(a, Play) and a.card == self.hand_card
                } | {("discard",)}
        elif phase == CLEAR:
            p = self.state.players[self.seat]
            for a in legal:
                for r, c in p.cells():
                    if (a.line == "row" and r == a.line_no) or (a.line == "col" and c == a.line_no):
                        out.add(("cell", r, c))
        elif phase == LOOK:
            out = {("cell", *a.at) for a in legal}
        return out

    def prompt(self) -> str:
        """What to do now, in a line or two."""
        return prompt_of(self)

    def choices(self) -> list[tuple[str, str, Any]]:
        """Buttons the step in progress offers: (name, label, action)."""
        if not self.port.human_turn():
            return []
        phase = self.state.phase
        if phase == CLEAR:
            return [
                (
                    f"clear_{a.line}_{a.line_no}",
                    t(
                        "blanco.table.clear_line",
                        "Clear {line}",
                        line=line_in_sentence(a.line, a.line_no),
                    ),
                    lambda a=a: self.apply(a),
                )
                for a in self.legal()
            ]
        if phase == LOOK and self.mode == "look_reveal" and self.cell is not None:
            at = self.cell
            return [
                (
                    "reveal",
                    t("blanco.table.reveal_it", "Reveal it"),
                    lambda: self.apply(Look(self.seat, at, True)),
                ),
                (
                    "keep",
                    t("blanco.table.keep_hidden", "Keep it hidden"),
                    lambda: self.apply(Look(self.seat, at, False)),
                ),
            ]
        if (
            self.mode in ("swap", "swap_reveal", "discard")
            or self.hand_card is not None
            or (phase == SETUP and self.cell is not None)
        ):
            return [("cancel", t("blanco.table.cancel", "Cancel"), self.shows(self.cancel))]
        return []

    def cancel(self) -> Effects:
        if self.mode == "look_reveal":  # a card looked at stays the one looked at
            return NO_EFFECTS
        self.clear()
        return self.say("")

    # ------------------------------------------------------------ a reward look, kept aside

    def remember_look(self, at: tuple[int, int]) -> None:
        """The player has seen the card of a chain reaction's look: keep which one, so a
        Continue asks about the same card (the engine takes the look and its reveal as one)."""
        port = self.port
        look_file.remember(port.table_folder(), port.session.seed, port.state, at)

    def forget_look(self) -> None:
        look_file.forget(getattr(self.port.session, "table_folder", None))  # (none online)

    def restore_look(self) -> None:
        """A resumed game whose look was seen but not yet decided asks about the same card."""
        port = self.port
        folder = getattr(port.session, "table_folder", None)  # (none online)
        at = look_file.restored(folder, port.session.seed, port.state, port.session.next_seat())
        if at is not None:
            self.mode, self.cell = "look_reveal", at

    # ------------------------------------------------------------ clicks

    def click_pile(self, source: str) -> Effects:
        key: Key = ("pile",) if source == "pile" else ("discard",)
        if (refused := self._not_now(key)) is not None:
            return refused
        phase, seat = self.state.phase, self.seat
        if phase == TURN:
            self.clear()
            return self.step(Draw(seat, source))
        if phase == PLAY and source == "discard":
            if self.hand_card is None:
                return self.refuse(
                    t(
                        "blanco.table.discard_which",
                        "First click the hand card you want to discard.",
                    ),
                    key,
                )
            if not self.state.players[seat].face_down():
                return self.step(Discard(seat, self.hand_card, None))
            self.mode = "discard"
            return self.say(
                t(
                    "blanco.table.discard_reveal",
                    "Discard the {card}: now click a face-down card to reveal it.",
                    card=card_name(self.hand_card),
                )
            )
        if phase == PLAY:
            return self.refuse(
                t(
                    "blanco.table.drawn_already",
                    "You have drawn already: play or discard a hand card.",
                ),
                key,
            )
        return self.refuse(self.prompt(), key)

    def click_hand(self, index: int) -> Effects:
        key: Key = ("hand", index)
        if (refused := self._not_now(key)) is not None:
            return refused
        hand = self.state.hand(self.seat)
        if self.state.phase != PLAY:
            if self.state.phase == TURN:
                return self.refuse(
                    t(
                        "blanco.table.draw_first",
                        "Draw a card first: click the draw pile or the discard pile.",
                    ),
                    key,
                )
            else:
                return self.refuse(self.prompt(), key)
        if index >= len(hand):
            return NO_EFFECTS
        card = hand[index]
        if self.hand_card == card and self.mode is None:
            self.clear()
            return self.say("")
        self.clear()
        self.hand_card = card
        return self.say(
            t(
                "blanco.table.hand_card",
                "The {card}: click a place in your grid, or the discard pile.",
                card=card_name(card),
            )
        )

    def click_cell(self, at: tuple[int, int]) -> Effects:
        key: Key = ("cell", *at)
        if (refused := self._not_now(key)) is not None:
            return refused
        phase, seat, legal = self.state.phase, self.seat, self.legal()
        if phase == SETUP:
            return self._setup_cell(at, key, legal)
        elif phase == TURN:
            return self._turn_cell(at, key, legal)
        elif phase == PLAY:
            if self.mode == "discard":
                card = self.hand_card
                if card is not None and Discard(seat, card, at) in legal:
                    return self.step(Discard(seat, card, at))
                else:
                    return self.refuse(
                        t(
                            "blanco.table.face_up_reveal",
                            "That card is face up: reveal a face-down card.",
                        ),
                        key,
                    )
            elif self.hand_card is None:
                return self.refuse(
                    t("blanco.table.hand_first", "First click a card in your hand."), key
                )
            else:
                return self.step(Play(seat, self.hand_card, at))
        elif phase == CLEAR:
            fits = [
                a
                for a in legal
                if (a.line == "row" and a.line_no == at[0])
                or (a.line == "col" and a.line_no == at[1])
            ]
            if len(fits) == 1:
                return self.step(fits[0])
            elif fits:
                return self.say(
                    t(
                        "blanco.table.two_lines",
                        "That card is in two complete lines: press "
                        "the button of the one to clear first.",
                    )
                )
            else:
                return self.refuse(
                    t("blanco.table.not_complete", "Click a card of a highlighted complete line."),
                    key,
                )
        elif phase == LOOK:
            if self.mode == "look_reveal" and self.cell != at:
                return self.refuse(
                    t(
                        "blanco.table.looked_already",
                        "You have looked at a card already: reveal it or keep it hidden.",
                    ),
                    key,
                )
            elif Look(seat, at, False) not in legal:
                return self.refuse(
                    t(
                        "blanco.table.face_up_look",
                        "That card is face up: look at a face-down card.",
                    ),
                    key,
                )
            elif Look(seat, at, True) in legal:
                self.mode, self.cell = "look_reveal", at
                self.remember_look(at)  # seen now: closing the game cannot undo it
                card = self.state.players[seat].card_at(at)  # the player looks: theirs to see
                return self.say(
                    t(
                        "blanco.table.it_is",
                        "It is the {card}. Reveal it (chain reaction bonus), or keep it hidden?",
                        card=card_name(card),
                    )
                )
            else:
                return self.step(Look(seat, at, False))
        return NO_EFFECTS

    def _setup_cell(self, at: tuple[int, int], key: Key, legal: list) -> Effects:
        if self.cell is None or self.cell == at:
            if self.cell == at:
                self.clear()
                return self.say("")
            elif any(a.reveal == at for a in legal):
                self.cell = at
                return self.say(
                    t(
                        "blanco.table.turn_up",
                        "The card at {place} will be turned up. "
                        "Now click another card to look at it secretly.",
                        place=where(at),
                    )
                )
            else:
                return self.refuse(
                    t("blanco.table.already_up", "That card is already face up."), key
                )
        action = Setup(self.seat, self.cell, at)
        if action in legal:
            return self.step(action)
        else:
            return self.refuse(
                t(
                    "blanco.table.look_other",
                    "Look at a face-down card other than the one you turn up.",
                ),
                key,
            )

    def _turn_cell(self, at: tuple[int, int], key: Key, legal: list) -> Effects:
        if self.mode == "swap_reveal" and self.pair:
            a, b = self.pair
            if at in (a, b):  # the card clicked is turned over; after the swap it is at the other
                return self.step(Swap(self.seat, a, b, b if at == a else a))
            else:
                return self.refuse(
                    t(
                        "blanco.table.swap_pick",
                        "Click one of the two swapped cards to turn it face up.",
                    ),
                    key,
                )
        if self.mode != "swap":
            return self.refuse(
                t(
                    "blanco.table.draw_or_swap",
                    "Draw first: click the draw pile or the discard pile (or press Swap).",
                ),
                key,
            )
        if self.cell is None or self.cell == at:
            self.cell = None if self.cell == at else at
            return self.say(
                ""
                if self.cell is None
                else t(
                    "blanco.table.swap_with",
                    "Swap {place} with the card next to it.",
                    place=where(at),
                )
            )
        fits = [a for a in legal if isinstance(a, Swap) and a.a == self.cell and a.b == at]
        if not fits:
            return self.refuse(
                t("blanco.table.swap_side", "Swap two cards side by side (not diagonally)."), key
            )
        elif fits[0].reveal is None:
            return self.step(fits[0])
        else:
            self.mode, self.pair = "swap_reveal", (self.cell, at)
            return self.say(
                t("blanco.table.both_down", "Both are face down: click the one to turn face up.")
            )

    # ------------------------------------------------------------ buttons

    def do_swap(self) -> Effects:
        if (refused := self._not_now(None)) is not None:
            return refused
        if self.state.phase != TURN:
            return self.refuse(
                t("blanco.table.swap_when", "Swap instead of drawing, at the start of your turn.")
            )
        if self.mode in ("swap", "swap_reveal"):
            self.clear()
            return self.say("")
        self.clear()
        self.mode = "swap"
        return self.say(t("blanco.table.swap_how", "Swap: click a card, then a card next to it."))

    def do_undo(self) -> Effects:
        port = self.port
        if port.animator.busy:
            port.animator.skip(port.focus)
        refusal = self.look.undo_refusal()
        if refusal is None:
            refusal = port.undo()
        if refusal is not None:
            return self.refuse(refusal)
        port.animator.skip(port.focus)
        self.clear()
        return self.say(t("blanco.table.undone", "Undone."))

    def do_hint(self) -> Effects:
        port = self.port
        if (refused := self._not_now(None)) is not None:
            return refused
        from game.blanco.ai.reasons import reason
        from game.blanco.ui.reason_words import why_line

        view = port.state.view_for(self.seat)  # the hint and its reason: this seat's view
        self.hint = port.session.game.bots.hint(view, self.seat)
        said = t("blanco.table.hint", "Hint: {move}.", move=describe(self.hint))
        why = why_line(reason(view, self.hint))
        return self.say(f"{said}\n{why}" if why else said)
