"""Whose turn it is at a table, for any game: computer moves from the worker, the Next gate, the
hand-off between humans on one screen, and autosave on change. No pygame: the table scene asks
`step()` what to do when its animations have caught up, and shows it.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

from game.core.game import Bot, Refusal
from game.core.i18n import t
from game.core.levels import level_name
from game.core.play_loop import Failure, computer_move
from game.core.table_session import TableSession

log = logging.getLogger(__name__)

BOT_PAUSE = 0.35  # seconds (at speed 1) before a computer's move shows, so people can follow

IDLE = "idle"  # nothing to do now (game over, waiting for Next, a computer thinking)
HANDOFF = "handoff"  # show the pass screen for `seat` first
HUMAN = "human"  # `seat`, a human, may act now
COMPUTER = "computer"  # `seat`, a computer, is thinking or has just moved


class Thinking(Protocol):
    """A computer's decision under way (botrunner.Move): `done()` without blocking, then
    `result()`, (the action, the bot after thinking), which raises if the bot failed."""

    def done(self) -> bool: ...

    def result(self) -> tuple[object, Bot]: ...


#: The refusal of an undo asked for a computer's seat (the rules' own refusals have their codes).
NOT_YOUR_MOVE = "not_your_move"


class Turn(NamedTuple):
    kind: str
    seat: int | None = None


class TurnController:
    """The order of play at one table. `needs_confirm(seat)` says whether a human who has just
    acted should see their move and press Next (or undo) before the game moves on; `pass_screen()`
    whether humans hand the screen over behind a pass screen; `think(bot, view, seat)` starts a
    computer's decision and returns something with `done()` and `result() -> (action, bot)`."""

    def __init__(
        self,
        session: TableSession[Any, Any],
        think: Callable[[Bot, Any, int], Thinking | None],
        needs_confirm: Callable[[int], bool],
        pass_screen: Callable[[], bool] = lambda: True,
        bot_pause: float = BOT_PAUSE,
    ) -> None:
        self.session = session
        self.think = think
        self.needs_confirm = needs_confirm
        self.pass_screen = pass_screen
        self.bot_pause = bot_pause
        humans = session.humans
        self.confirming: int | None = None  # a human who has finished, until they press Next
        # On a shared screen the first human is handed the screen too; alone, never.
        self.shown_human: int | None = None if len(humans) > 1 else (humans[0] if humans else None)
        self.thinking: Thinking | None = None
        self.wait = 0.0
        self.unsaved = False
        #: Lines the table shows once (a computer player that failed and plays weaker now).
        self.notices: list[str] = []
        #: The level each computer seat plays at now, once a failure has lowered it.
        self.levels: dict[int, str | None] = {}
        session.on_change = self.mark_unsaved

    def mark_unsaved(self) -> None:
        self.unsaved = True

    @property
    def acting(self) -> int | None:
        return self.session.next_seat()

    def step(self, dt: float, pause_scale: float = 1.0) -> Turn:
        """What happens next, once everything so far has been shown. Takes a chance step the
        game waits on (when nobody is confirming) and plays computers' moves."""
        session = self.session
        if session.state.is_terminal() or self.confirming is not None:
            return Turn(IDLE)
        if session.chance_due():
            session.advance()
            return Turn(IDLE)
        seat = self.acting
        if seat is None:
            return Turn(IDLE)
        if session.seats[seat].is_computer:
            self._computer(seat, dt, pause_scale)
            return Turn(COMPUTER, seat)
        if self.shown_human != seat and self.pass_screen():
            self.shown_human = seat
            return Turn(HANDOFF, seat)
        self.shown_human = seat
        return Turn(HUMAN, seat)

    def _computer(self, seat: int, dt: float, pause_scale: float) -> None:
        session = self.session
        if self.thinking is None:
            view = session.state.view_for(seat)  # a bot knows what its seat knows, no more
            self.thinking = self.think(session.bots[seat], view, seat)
            self.wait = self.bot_pause * pause_scale
            return
        self.wait -= dt
        if self.wait > 0 or not self.thinking.done():
            return
        thinking, self.thinking = self.thinking, None
        session.bots[seat] = computer_move(
            session.game,
            seat,
            self.levels.get(seat, session.seats[seat].kind),
            session.seed,
            thinking.result,
            lambda: session.state.view_for(seat),
            lambda action: self._takes(seat, action),
            self._failed,
        ).bot

    def _takes(self, seat: int, action: object) -> bool:
        """A computer's action, applied when it is the seat's legal move (else not taken)."""
        session = self.session
        return action in session.state.legal_actions(seat) and session.apply(action).ok

    def take_notices(self) -> list[str]:
        """The notices not shown yet (the table shows each once)."""
        notices, self.notices = self.notices, []
        return notices

    def _failed(self, failure: Failure) -> None:
        """A computer player failed a move: logged with what its seat saw, the seat's level
        lowered, and a notice for the table (never silently)."""
        session, seat, lower = self.session, failure.seat, failure.lower
        state = session.state
        log.error(
            "the computer player of seat %d (%s) failed at %s (%d actions in):\n%s",
            seat,
            failure.level,
            session.game.words.progress(state),
            len(state.actions),
            failure.why,
        )
        self.levels[seat] = lower
        name = session.name_of(seat)
        self.notices.append(
            t(
                "turns.bot_weaker",
                "{name}'s computer player ran into a problem and plays at {level} level now.",
                name=name,
                level=level_name(lower),
            )
            if lower
            else t(
                "turns.bot_random",
                "{name}'s computer player ran into a problem and plays random moves now.",
                name=name,
            )
        )

    def wait_for_computer(self) -> None:
        """Block until the move being thought about is answered (a driver running frames
        without the 60 fps wait: the tour, tests), so its frames do not outrun the worker."""
        thinking = self.thinking
        if thinking is not None and not thinking.done():
            with contextlib.suppress(Exception):  # a failed move is settled all the same
                thinking.result()

    def human_acted(self, seat: int) -> None:
        """A human's action went through: hold the game for their Next when it asks for it."""
        if self.needs_confirm(seat):
            self.confirming = seat

    def confirm(self) -> bool:
        """Next: let the game go on. False when nobody was confirming."""
        if self.confirming is None:
            return False
        self.confirming = None
        return True

    def undo(self, seat: int) -> Refusal | None:
        """Take back the seat's last step, if the rules allow; else the refusal saying why not
        (a `Refusal` code: the table puts it into words, `game.core.ui.table.refusals`)."""
        session = self.session
        reason: Refusal | None = session.state.can_undo(seat)
        if reason is None and session.seats[seat].is_computer:
            reason = Refusal(NOT_YOUR_MOVE, "not your move")
        if reason is not None:
            return reason
        session.undo(seat)
        self.confirming = None
        return None
