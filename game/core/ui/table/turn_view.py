"""The table's side of the turn controller (`game.core.turns`), held by the core `Table`: whose
turn the screen shows (a hand-off screen between people at one screen, the screen turned to
the human to move, a demo following whoever plays), the computers' pace and a click hurrying
them, Next on a finished turn, Undo, and the "not now" line that gives way when the player's
turn comes. Kept apart from the table's input and drawing, so each file has one job."""

from __future__ import annotations

from typing import Any, Protocol

from game.core.game import GameState
from game.core.i18n import t
from game.core.table_session import TableSession
from game.core.turns import COMPUTER, HANDOFF, HUMAN, NOT_YOUR_MOVE, Turn, TurnController
from game.core.ui.context import Context
from game.core.ui.game_ui.kit import KitHooks
from game.core.ui.table.host import TableHost
from game.core.ui.table.refusals import refusal_words
from game.core.ui.toolkit.animator import Animator, player_of


class TurnTable(Protocol):
    """The table as its turns read and turn it (the core `Table`)."""

    ctx: Context
    focus: int
    message: str
    turns: TurnController
    animator: Animator
    host: TableHost
    hooks: KitHooks[Any]

    @property
    def session(self) -> TableSession[Any, Any]: ...
    @property
    def state(self) -> GameState: ...
    @property
    def driven(self) -> bool: ...
    @property
    def acting(self) -> int | None: ...
    def may_act(self, seat: int) -> bool: ...
    def clear_message(self) -> None: ...


class TurnView:
    """Turns at one table (the table's session, turn controller, animator and kit)."""

    def __init__(self, table: TurnTable) -> None:
        self.table = table
        self.until_turn: str | None = None  # a "not now" line shown (see say_until_turn)
        self.hurried: int | None = None  # a computer whose turn a click asked to show at once

    def follow(self, turn: Turn) -> None:
        """What the turn controller said, once everything so far has been shown: follow a
        computer in a demo, a hand-off screen between people, the screen to the human; then
        the game's own word on it (`TableKit.on_turn`)."""
        table = self.table
        seat = turn.seat
        if seat is not None:  # (the chance step and the end: no seat to turn to)
            if turn.kind == COMPUTER and not table.session.humans:
                table.focus = seat  # demo: follow whoever plays
            elif turn.kind == HANDOFF:
                table.focus = seat
                table.ctx.nav.push("handoff", name=table.session.name_of(seat))
            elif turn.kind == HUMAN and table.focus != seat:
                table.focus = seat
                table.hooks.drop_choice()
        table.hooks.on_turn(turn)

    def say_until_turn(self, line: str) -> None:
        """Show `line`, a refusal made while it is not the player's turn ("Wait for your
        turn."), until their turn comes: at an online table no Next clears it."""
        self.table.message = line
        self.until_turn = line

    def settle_until_turn(self) -> None:
        """The "not now" line gives way once the player's turn has come."""
        if self.until_turn is not None and self.human_turn():
            if self.table.message == self.until_turn:  # still up: it would now say the opposite
                self.table.clear_message()
            self.until_turn = None

    def human_turn(self) -> bool:
        """True when the focused human may act on the table now: not while a finished turn
        waits for Next (in a game whose next turn is the same player's at once, alone at the
        table, that turn too begins with Next)."""
        table = self.table
        seat = table.acting
        return (
            not table.driven
            and seat is not None
            and seat == table.focus
            and table.turns.confirming is None
            and not table.session.seats[seat].is_computer
            and not table.animator.busy
            and table.may_act(seat)
        )

    def hand_over_on_resume(self) -> None:
        """The resumed game's first frame: the screen turns to the seat to play (the one whose
        finished turn waits for Next, else the first person the game waits for), behind a pass
        screen when pass screens are on."""
        table = self.table
        seats = table.session.seats
        seat = table.turns.confirming
        if seat is None:
            waiting = [s for s in table.state.waiting_for() if not seats[s].is_computer]
            seat = waiting[0] if waiting else table.session.humans[0]
        table.turns.shown_human = seat
        if table.ctx.settings.pass_screen:
            self.follow(Turn(HANDOFF, seat))
        else:
            self.follow(Turn(HUMAN, seat))

    def computers_playing(self) -> bool:
        """Whether what is shown now is a computer's turn (its step animating, or it is about
        to move), at a table with a person: that goes at the player's chosen pace."""
        table = self.table
        if not table.session.humans:
            return False  # a demo: its own speed (the pace is for people waiting)
        current = table.animator.current
        seat = player_of(current) if current is not None else None
        if seat is None and not table.animator.busy and table.turns.confirming is None:
            seat = table.turns.acting  # (a person's finished turn waiting for Next: not yet)
        seats = table.session.seats
        return seat is not None and 0 <= seat < len(seats) and seats[seat].is_computer

    def hurry_computer(self) -> None:
        """A click while a computer is about to move: no more beat before its move, and the
        move shows at once when it comes (the click skips that turn's animation)."""
        self.table.turns.wait = 0.0
        self.hurried = self.table.turns.acting

    def skip_hurried(self) -> None:
        """Show the hurried computer's steps at once, until another seat's turn."""
        table = self.table
        seat = self.hurried
        if seat is None:
            return
        current = table.animator.current
        if current is not None and player_of(current) not in (seat, None):
            self.hurried = None
        elif table.animator.busy:
            table.animator.skip(table.focus)
        elif table.turns.acting == seat:
            table.turns.wait = 0.0  # its next step in the same turn: no beat either
        else:
            self.hurried = None

    def confirm_turn(self) -> None:
        """Next: the finished turn stands and the game goes on (a pass screen first, if any)."""
        if self.table.turns.confirm():
            self.table.clear_message()

    def undo(self) -> str | None:
        """Undo: take back the focused seat's last step; None, or the line saying why not."""
        refusal = self.table.turns.undo(self.table.focus)
        return None if refusal is None else self.undo_words(refusal)

    def undo_words(self, refusal: Any) -> str:
        """An undo's refusal (a `Refusal` code) as the table says it, in the player's language
        (the host's words first: an online table has no undo)."""
        said = self.table.host.undo_words(refusal)
        if said is not None:
            return said
        if getattr(refusal, "code", None) == NOT_YOUR_MOVE:
            return t("table.undo_not_yours", "Can't undo: it is not your move.")
        table = self.table
        why = refusal_words(table.session.game.id, refusal, table.state.names)
        return t("table.cant_undo", "Can't undo. {reason}", reason=why)
