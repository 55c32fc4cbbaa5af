"""The game logic every table runs, whoever keeps it: taking the chance steps that are due, an
action applied with those steps after it, and a computer's move with its fallback when the
computer player fails. A local table (`game.core.turns.TurnController`) and the server's
(`game.online.tables.Table`) both play through these; only the pacing (a local table shows
each chance step in its own frame), the threads and the storing differ, and those stay theirs.

Pure, no threads, no pygame: any game's state (`game.core.game.GameState`). Generic in what
it is handed: `play(state, action)` takes the action type the state's `apply` takes, and a
computer's `Move` carries its game's action, so a table's types reach the rules unchanged.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, Self, TypeVar

from game.core.entry import Game
from game.core.game import BOT_LEVELS, Bot, Outcome

ActionT = TypeVar("ActionT")
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)


class Chance(Protocol):
    """A game as its chance steps read it: who may act, whether it is over, the step itself."""

    def waiting_for(self) -> list[int]: ...
    def is_terminal(self) -> bool: ...
    def advance(self) -> Sequence[object]: ...


class Playable(Chance, Protocol[ActionT_contra]):
    """A game that takes actions of one type (its rules check each)."""

    def apply(self, action: ActionT_contra) -> Outcome: ...


class Listing(Protocol[ActionT]):
    """A state or a seat's view, as far as its legal actions go (a bot's last resort reads
    only these). Invariant: the list it gives is of the actions it takes."""

    def legal_actions(self, player: int) -> list[ActionT]: ...


class SeatView(Listing[ActionT], Protocol[ActionT]):
    """A seat's view a computer decides from, copied before a bot may write on it."""

    def clone(self) -> Self: ...


#: At most this many chance steps in a row are taken at once (a game whose chance steps never
#: end is a broken game; a table stops there rather than spin).
MAX_CHANCE_STEPS = 100


def chance_due(state: Chance) -> bool:
    """Nobody may act and the game is not over: the game waits on a chance step (`advance`)."""
    return not state.waiting_for() and not state.is_terminal()


def settle(state: Chance) -> list[Any]:
    """Take the chance steps that are due, until a seat may act or the game is over (or a step
    brings no event); their events in order. A replay and the server take them at once."""
    events: list[Any] = []
    for _ in range(MAX_CHANCE_STEPS):
        if not chance_due(state):
            break
        more = state.advance()
        if not more:
            break
        events.extend(more)
    return events


def play(state: Playable[ActionT], action: ActionT) -> Outcome:
    """Apply `action` (the rules check it); when it goes through, the chance steps it made due
    are taken at once and their events follow the action's in the outcome."""
    outcome: Outcome = state.apply(action)
    if not outcome.ok:
        return outcome
    return Outcome(list(outcome.events) + settle(state))


class RandomBot:
    """The last resort for a seat whose every computer level failed: any legal move."""

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = random.Random(f"{seed}/fallback/{seat}")

    def choose(self, view: Listing[ActionT], player: int) -> ActionT:
        return self.rng.choice(view.legal_actions(player))


def weaker_level(level: str) -> str | None:
    """The level below `level` (None below the weakest: random moves)."""
    if level not in BOT_LEVELS:
        return None
    index = BOT_LEVELS.index(level)
    return BOT_LEVELS[index - 1] if index > 0 else None


@dataclass(frozen=True)
class Failure:
    """A computer player that failed a move: `level` failed (None: random moves), for `why`
    (a traceback, or the illegal action it chose); `lower` plays the seat from now on."""

    seat: int
    level: str | None
    lower: str | None
    why: str


class Move(NamedTuple, Generic[ActionT]):
    """A computer's move: the action taken, and the bot that plays the seat from now on (the
    one that chose it, or a weaker one after a failure)."""

    action: ActionT
    bot: Bot


def illegal(action: object) -> str:
    """Why a computer's action was not taken (the line its failure is logged with)."""
    return f"it chose an illegal action: {action!r}"


def computer_move(
    game: Game[Any],
    seat: int,
    level: str | None,
    seed: int,
    chosen: Callable[[], tuple[ActionT, Bot]],
    view_of: Callable[[], Listing[ActionT]],
    takes: Callable[[ActionT], bool],
    failed: Callable[[Failure], None],
) -> Move[ActionT]:
    """The computer at `seat` (playing at `level`) moves. `chosen()` gives (action, bot) as its
    bot thought it, or raises (the bot crashed); `takes(action)` says whether the table takes
    the action (it is the seat's legal move; a local table applies it then and there). An
    action not taken, or a crash, and the levels below play this same move at once
    (`play_weaker`)."""
    try:
        action, bot = chosen()
    except Exception:  # a broken bot must not freeze the table: a weaker one plays
        return play_weaker(game, seat, level, seed, traceback.format_exc(), view_of, takes, failed)
    if takes(action):
        return Move(action, bot)
    return play_weaker(game, seat, level, seed, illegal(action), view_of, takes, failed)


def play_weaker(
    game: Game[Any],
    seat: int,
    level: str | None,
    seed: int,
    why: str,
    view_of: Callable[[], Listing[ActionT]],
    takes: Callable[[ActionT], bool],
    failed: Callable[[Failure], None],
) -> Move[ActionT]:
    """The computer at `level` failed its move for `why`: each level below (hard, normal, easy,
    then random moves) tries the move in turn, from the seat's view (`view_of()`, fresh for
    each), until one's action is taken. `failed` hears of every failure before the next level
    tries (the caller logs it and tells the table). When random moves fail too the game itself
    is broken, and that error is raised."""
    while True:
        lower = weaker_level(level) if level is not None else None
        failed(Failure(seat, level, lower, why))
        bot: Bot = (
            game.bots.make_bot(lower, seed, seat) if lower is not None else RandomBot(seed, seat)
        )
        try:
            view = view_of()
            action: ActionT = bot.choose(view, seat)
            if takes(action):
                return Move(action, bot)
            why = illegal(action)
        except Exception:
            if lower is None:
                raise  # random moves failed: the game itself is broken
            why = traceback.format_exc()
        level = lower


def legal_move(state: Listing[ActionT], seat: int, action: ActionT) -> bool:
    """Whether `action` is `seat`'s legal move in `state` (a seat's view will do), as the
    table's `apply` will judge it. A state that checks one action (`check`: None when it is
    legal, the check its own `apply` makes) is asked that, and the action must name the seat
    (`player`, as every game's actions do); any other is looked for among the seat's legal
    actions. Listing them all would build the rules' shared tables of every move the seat
    could make, which bots that never list (Lucky Box's Normal and Hard) leave unbuilt: about
    2 MB more, for good, at a 12-seat table of Hard computers (bench/abuse.py)."""
    check = getattr(state, "check", None)
    if check is None:
        return action in state.legal_actions(seat)
    return getattr(action, "player", None) == seat and check(action) is None


def move_from_view(
    game: Game[Any], seat: int, level: str | None, seed: int, bot: Bot, view: SeatView[ActionT]
) -> tuple[Move[ActionT], list[Failure]]:
    """A computer's move from its seat's view alone, as a server's worker thread makes it
    while the table's state goes on serving others (it is not touched here): `bot` chooses
    on `view`; the action must be the seat's legal move (`legal_move`) on a copy of the view
    taken first (a bot may write on the view it is given; a seat's view allows the same moves
    as the game); when it fails, the levels below play the move (`computer_move`). Returns the move
    and the failures on the way, for the caller to log and to lower the seat's level."""
    spare = view.clone()
    failures: list[Failure] = []
    move = computer_move(
        game,
        seat,
        level,
        seed,
        lambda: (bot.choose(view, seat), bot),
        spare.clone,
        lambda action: legal_move(spare, seat, action),
        failures.append,
    )
    return move, failures
