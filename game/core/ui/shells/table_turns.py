"""The table's side of the turn controller (`game.core.turns`), a mixin of `TableShell`: whose
turn the screen shows (a hand-off screen between people at one screen, the screen turned to
the human to move, a demo following whoever plays), the computers' pace and a click hurrying
them, Next on a finished turn, Undo, and the "not now" line that gives way when the player's
turn comes. Kept apart from the shell's input and drawing, so each file has one job."""

from __future__ import annotations

from typing import Any

from game.core.i18n import t
from game.core.session import Session
from game.core.turns import COMPUTER, HANDOFF, HUMAN, NOT_YOUR_MOVE, Turn, TurnController
from game.core.ui.animator import Animator, player_of
from game.core.ui.refusals import refusal_words


class TableTurns:
    """Turns at the table, for `TableShell`, which provides these attributes."""

    ctx: Any
    session: Session
    state: Any
    turns: TurnController
    animator: Animator
    focus: int
    driven: bool
    message: str
    _until_turn: str | None  # a "not now" line shown (see say_until_turn)
    _hurried: int | None  # a computer whose turn a click asked to show at once

    @property
    def acting(self) -> int | None:
        return self.session.next_seat()

    @property
    def confirming(self) -> int | None:
        return self.turns.confirming

    def may_act(self, seat: int) -> bool:
        """Besides being the focused human with nothing animating: may this seat act now?"""
        return True

    def drop_choice(self) -> None:
        """Forget what the player had chosen (a right click, the screen turning)."""

    def clear_message(self) -> None:
        """The message line empty (a game that marks a refusal's line forgets the mark)."""
        self.message = ""

    def on_turn(self, turn: Turn) -> None:
        """What the turn controller said, once everything so far has been shown: follow a
        computer in a demo, a hand-off screen between people, the screen to the human."""
        seat = turn.seat
        if seat is None:  # the chance step and the end: no seat to turn to
            return
        if turn.kind == COMPUTER and not self.session.humans:
            self.focus = seat  # demo: follow whoever plays
        elif turn.kind == HANDOFF:
            self.focus = seat
            self.ctx.nav.push("handoff", name=self.session.name_of(seat))
        elif turn.kind == HUMAN and self.focus != seat:
            self.focus = seat
            self.drop_choice()

    def say_until_turn(self, line: str) -> None:
        """Show `line`, a refusal made while it is not the player's turn ("Wait for your
        turn."), until their turn comes: at an online table no Next clears it."""
        self.message = line
        self._until_turn = line

    def human_turn(self) -> bool:
        """True when the focused human may act on the table now: not while a finished turn
        waits for Next (in a game whose next turn is the same player's at once, alone at the
        table, that turn too begins with Next)."""
        seat = self.acting
        return (
            not self.driven
            and seat is not None
            and seat == self.focus
            and self.turns.confirming is None
            and not self.session.seats[seat].is_computer
            and not self.animator.busy
            and self.may_act(seat)
        )

    def hand_over_on_resume(self) -> None:
        """The resumed game's first frame: the screen turns to the seat to play (the one whose
        finished turn waits for Next, else the first person the game waits for), behind a pass
        screen when pass screens are on."""
        seats = self.session.seats
        seat = self.turns.confirming
        if seat is None:
            waiting = [s for s in self.state.waiting_for() if not seats[s].is_computer]
            seat = waiting[0] if waiting else self.session.humans[0]
        self.turns.shown_human = seat
        if self.ctx.settings.pass_screen:
            self.on_turn(Turn(HANDOFF, seat))
        else:
            self.on_turn(Turn(HUMAN, seat))

    def computers_playing(self) -> bool:
        """Whether what is shown now is a computer's turn (its step animating, or it is about
        to move), at a table with a person: that goes at the player's chosen pace."""
        if not self.session.humans:
            return False  # a demo: its own speed (the pace is for people waiting)
        current = self.animator.current
        seat = player_of(current) if current is not None else None
        if seat is None and not self.animator.busy and self.turns.confirming is None:
            seat = self.turns.acting  # (a person's finished turn waiting for Next: not yet)
        seats = self.session.seats
        return seat is not None and 0 <= seat < len(seats) and seats[seat].is_computer

    def hurry_computer(self) -> None:
        """A click while a computer is about to move: no more beat before its move, and the
        move shows at once when it comes (the click skips that turn's animation)."""
        self.turns.wait = 0.0
        self._hurried = self.turns.acting

    def _skip_hurried(self) -> None:
        """Show the hurried computer's steps at once, until another seat's turn."""
        seat = self._hurried
        if seat is None:
            return
        current = self.animator.current
        if current is not None and player_of(current) not in (seat, None):
            self._hurried = None
        elif self.animator.busy:
            self.animator.skip(self.focus)
        elif self.turns.acting == seat:
            self.turns.wait = 0.0  # its next step in the same turn: no beat either
        else:
            self._hurried = None

    def confirm_turn(self) -> None:
        """Next: the finished turn stands and the game goes on (a pass screen first, if any)."""
        if self.turns.confirm():
            self.clear_message()

    def undo(self) -> str | None:
        """Undo: take back the focused seat's last step; None, or the line saying why not."""
        refusal = self.turns.undo(self.focus)
        return None if refusal is None else self.undo_words(refusal)

    def undo_words(self, refusal: str) -> str:
        """An undo's refusal (a `Refusal` code) as the table says it, in the player's language."""
        if getattr(refusal, "code", None) == NOT_YOUR_MOVE:
            return t("table.undo_not_yours", "Can't undo: it is not your move.")
        why = refusal_words(self.session.game.id, refusal, self.state.names)
        return t("table.cant_undo", "Can't undo. {reason}", reason=why)
