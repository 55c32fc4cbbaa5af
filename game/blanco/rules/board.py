"""The table of a Blanco game as data: who sits, their grids and hands, the piles, the phase and
whose step it is, with the queries every part of the rules reads.

The rules that change it are `state.BlancoState`'s (a `Board` with `apply` and `undo`); what a
player may do (legal.py) and what a seat may see (views.py) read a `Board`, so neither imports
the state that uses them.
"""

from __future__ import annotations

from typing import NamedTuple, Self

from .actions import Action
from .grid import PlayerState, Pos
from .phases import OVER, SETUP


class Snapshot(NamedTuple):
    """What `_restore` puts back (`_save`). With `seat` set, `players` holds only that seat's
    cards (a step changes only its own player's cards, and undo never crosses a turn)."""

    seat: int | None
    players: tuple[PlayerState, ...]
    pile: list[int]
    discard: list[int]
    box: list[int]
    reshuffles: list[tuple[int, ...]]
    phase: str
    current: int
    setup_queue: list[int]
    cleared: int
    looked: bool
    winner: int | None
    turn_id: int
    actions: int  # how many steps stood


class UndoEntry(NamedTuple):
    """A step that may be taken back, with the snapshot from before it."""

    saved: Snapshot
    step: Action


class Board:
    """One game's table. Piles are lists with the top card LAST (`pile`, `discard`); the box
    is the cleared cards in the order cleared; `deck` and `reshuffles` are top card first."""

    def __init__(self) -> None:
        self.names: tuple[str, ...] = ()
        self.seed = 0
        self.actions: list[Action] = []
        self.players: list[PlayerState] = []
        self.deck: tuple[int, ...] = ()
        self.pile: list[int] = []
        self.discard: list[int] = []
        self.box: list[int] = []
        self.reshuffles: list[tuple[int, ...]] = []
        self.fixed_reshuffles: tuple[tuple[int, ...], ...] = ()
        self.phase = SETUP
        self.current = 0
        self.setup_queue: list[int] = []
        self.cleared = 0  # lines cleared this turn
        self.looked = False  # the reward look was taken this turn
        self.winner: int | None = None
        self.turn_id = 0  # counts turns ended (undo never crosses one)
        self.is_view = False
        self.view_seat: int | None = None
        self._undo: list[UndoEntry] = []
        self._new_info = False

    # -- queries -------------------------------------------------------------------------------
    def grid(self, player: int) -> list[list[int]]:
        return self.players[player].grid

    def hand(self, player: int) -> list[int]:
        return self.players[player].hand

    def stage(self, player: int) -> int:
        return self.players[player].stage

    def turns(self, player: int) -> int:
        return self.players[player].turns

    def cards_left(self, player: int) -> int:
        return self.players[player].cards_left

    def known_cells(self, player: int) -> list[Pos]:
        """Face-down cells the player has looked at."""
        p = self.players[player]
        return [(r, c) for r, c in p.cells() if p.known[r][c] and not p.up[r][c]]

    @property
    def seat(self) -> int:
        """Whose view this is (-1: a watcher): a view's field on the wire. ValueError for a
        whole game, which never goes on the wire (`view_for` first)."""
        if not self.is_view or self.view_seat is None:
            raise ValueError("only a seat's view goes on the wire (view_for)")
        return self.view_seat

    @property
    def top_discard(self) -> int | None:
        return self.discard[-1] if self.discard else None

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    def waiting_for(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == SETUP:
            return self.setup_queue[:1]
        return [self.current]

    # -- copies --------------------------------------------------------------------------------
    def key(self) -> tuple[object, ...]:
        """Everything that defines the game, as comparable plain data (tests compare these)."""
        return (
            self.names,
            self.seed,
            tuple(self.actions),
            tuple(p.key() for p in self.players),
            self.deck,
            tuple(self.pile),
            tuple(self.discard),
            tuple(self.box),
            tuple(self.reshuffles),
            self.phase,
            self.current,
            tuple(self.setup_queue),
            self.cleared,
            self.looked,
            self.winner,
            self.turn_id,
        )

    def clone(self) -> Self:
        s = type(self)()
        s.__dict__.update(self.__dict__)
        s.actions = list(self.actions)
        s.players = [p.clone() for p in self.players]
        s.pile, s.discard, s.box = list(self.pile), list(self.discard), list(self.box)
        s.reshuffles, s.setup_queue = list(self.reshuffles), list(self.setup_queue)
        s._undo = list(self._undo)  # saved snapshots are never mutated in place
        return s
