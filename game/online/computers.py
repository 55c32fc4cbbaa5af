"""The computers at a server's table: a bot for each seat a computer plays, which thinks when
its seat is waited for, in a worker thread, from that seat's view only, and whose move goes
through the table's own checks (`apply`, in the table's turn) as a client's action does.

A table holds one `Computers` and hands it what it may touch of the table (`Played`): the
seats waited for, one seat's view, the version and the turn in which a move is applied. The
state itself stays the table's: a computer never sees more than its seat's view.

A decision waits for its turn at one of the server's thinking places (thinking.py: in turns
over the addresses that opened tables, their tables and the tables' seats), handed by the hub.

The fallback when a computer player fails is core's (`game.core.play_loop.move_from_view`: the
levels below, down to random moves, play the move); here each failure is logged with what its
seat saw and the seat plays a level lower from then on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from typing import Any, Generic, Protocol, TypeVar

from game.core.entry import Game
from game.core.game import Bot, GameState
from game.core.play_loop import Failure, Move, move_from_view

from .dealt import ActionT
from .store import SeatRow, TableRow
from .thinking import Place, Thinking

log = logging.getLogger("game.online")

COMPUTER_ID = "~computer-"  # computers' action ids: a client's ids cannot start with "~"

ActionT_contra = TypeVar("ActionT_contra", contravariant=True)  # (Played only takes them)


class Played(Protocol[ActionT_contra]):
    """What a table's computers may touch of it: a computer's move is the game's own action,
    handed to the table's `apply` (no JSON between them)."""

    @property
    def version(self) -> int: ...

    @property
    def turn(self) -> asyncio.Lock: ...

    def waiting_for(self) -> list[int]: ...

    def view_for(self, seat: int) -> GameState:
        """What this seat may know: all a computer decides from."""
        ...

    async def apply(
        self, seat: int, action_id: str, action: ActionT_contra, version: int
    ) -> tuple[str, str] | None: ...


class Computers(Generic[ActionT]):
    """The bots of a table's computer seats (`bots`, by seat), the level each plays at once a
    failure lowered it (`levels`; None: random moves), and the seats thinking now."""

    def __init__(self, table: Played[ActionT], game: Game[Any], row: TableRow) -> None:
        # (weakly: the table holds its computers, and a cycle would keep a table let go, its
        # state and bots, until the collector's next full pass; a computer thinking holds the
        # table until its move is made, as a client's action under way does)
        self._table = weakref.ref(table)
        self.game = game
        self.row = row  # the table's: its code, seed and seats' levels
        self.bots: dict[int, Bot] = {}
        self.levels: dict[int, str | None] = {}
        self.thinking: set[int] = set()  # (thinking now, or waiting for a place)
        # the server's thinking places, handed out in turns (None: every seat thinks at once)
        self.places: Thinking | None = None
        # whose turn this table's decisions take: the address that opened it (a table whose
        # opener is unknown, restored after a restart, counts as an address of its own)
        self.owner = f"table {row.code}"

    @property
    def table(self) -> Played[ActionT]:
        """The table these computers play at (it calls them, so it is there)."""
        table = self._table()
        assert table is not None, "a table's computers outlived their table"
        return table

    def make(self, row: SeatRow) -> None:
        """A computer for this seat, at the seat's level."""
        self.bots[row.seat] = self.game.bots.make_bot(
            row.level or "normal", self.row.seed, row.seat
        )
        self.levels.pop(row.seat, None)  # (a seat handed over again starts at its level)

    def drop(self, seat: int) -> None:
        """The seat's computer let go (its player took the seat back), its decision waiting
        for a place with it."""
        self.bots.pop(seat, None)
        if self.places is not None:
            self.places.leave(self.row.code, seat)

    def stop(self) -> None:
        """Every computer let go (the game is over, or played elsewhere; the table leaves the
        thinking places' queue)."""
        self.bots.clear()
        if self.places is not None:
            self.places.leave(self.row.code)

    def start(self) -> None:
        """Each computer whose seat is waited for, and that is not thinking already, thinks."""
        for seat in self.table.waiting_for():
            if seat in self.bots and seat not in self.thinking:
                self.thinking.add(seat)
                asyncio.get_running_loop().create_task(self._think(seat))

    def _wanted(self, seat: int) -> bool:
        """Whether the seat is a computer's and waited for: a decision to think."""
        return seat in self.bots and seat in self.table.waiting_for()

    async def _thought(self, bot: Bot, view: GameState, seat: int) -> Move[Any]:
        """The computer's move (`move_from_view`: checked, a weaker player's when it fails),
        thought in a worker thread, its memories dropped after it (a table's computers hold a
        few MB between their turns, never more). Its failures are logged here, and the seat's
        level lowered."""
        level = self.levels.get(seat, self.row.seats[seat].level or "normal")
        game, seed = self.game, self.row.seed
        move, failures = await asyncio.to_thread(move_from_view, game, seat, level, seed, bot, view)
        for player in {id(bot): bot, id(move.bot): move.bot}.values():
            forget = getattr(player, "forget", None)
            if forget is not None:
                forget()
        for failure in failures:
            self._computer_failed(failure, view, bot)
        return move

    def _computer_failed(self, failure: Failure, view: GameState, bot: Bot) -> None:
        """A computer player (`bot`) failed a move: logged with what its seat saw; the seat
        plays at the level below from now on, unless it changed hands meanwhile (its bot is
        swapped by `_think`)."""
        log.error(
            "table %s: the computer player of seat %d (%s) failed at %s (%d actions in):\n%s",
            self.row.code,
            failure.seat,
            failure.level,
            self.game.words.progress(view),
            len(view.actions),
            failure.why,
        )
        if self.bots.get(failure.seat) is bot:
            self.levels[failure.seat] = failure.lower

    def _place(self, seat: int) -> contextlib.AbstractAsyncContextManager[Place | None]:
        """The seat's turn at a thinking place (at once, without places)."""
        if self.places is None:
            return contextlib.nullcontext(Place(None))
        return self.places.turn(self.owner, self.row.code, seat, lambda: self._wanted(seat))

    async def _think(self, seat: int) -> None:
        table = self.table
        try:
            while self._wanted(seat):
                # (the table's next decision waits until this one's move is applied: thought
                # meanwhile from the view before it, it would be thought again)
                async with self._place(seat) as place:
                    if place is None:  # no longer wanted when its turn came: not thought
                        continue  # (unless the seat was handed to a computer again since)
                    # (the view as the place is handed: a decision queued long is not stale)
                    version, bot = table.version, self.bots[seat]
                    view = table.view_for(seat)
                    try:
                        move = await self._thought(bot, view, seat)
                    finally:
                        place.thought()
                    if move.bot is not bot and self.bots.get(seat) is bot:
                        self.bots[seat] = bot = move.bot  # a weaker player plays the seat now
                    if self.bots.get(seat) is not bot or version != table.version:
                        continue  # the table moved on while it thought: think again
                    action: ActionT = move.action
                    async with table.turn:
                        if self.bots.get(seat) is not bot or version != table.version:
                            # another seat's step went first while this one waited for its
                            # turn (Lucky Box's seats choose at once): think again from the
                            # new view. Sent, it would be refused as stale, and nothing would
                            # start this computer again: that step's start saw it thinking.
                            continue
                        refusal = await table.apply(
                            seat, f"{COMPUTER_ID}{version}", action, version
                        )
                    if refusal is not None and refusal[0] == "storage":
                        await asyncio.sleep(1.0)  # the database is away: think again later
                        continue
                    if refusal is not None:
                        log.error(
                            "table %s: computer at seat %d refused: %s",
                            self.row.code,
                            seat,
                            refusal[1],
                        )
                        break
        except Exception:
            log.exception("table %s: computer at seat %d failed", self.row.code, seat)
        finally:
            self.thinking.discard(seat)
