"""The rules of Blanco as one state object (OpenSpiel style; BLANCO-RULES.md is the authority).

`BlancoState.new(names, seed, deal)` deals a game; `legal_actions(player)` lists what a player
may do; `apply(step)` refuses with a readable reason (changing nothing, never raising) or changes
the state and returns the ordered events; `undo(player)` takes back a player's last step when the
undo rules allow. Every shuffle comes from the seed (or the fixed deal), so a seed and the steps
replay the same game.

Phases (`state.phase`), i.e. the decision pending for `waiting_for()`:
    "setup"  reveal one card and look at another (set-up, and after a new 3x4 grid): `Setup`
    "turn"   choose turn A or B: `Draw` (pile or discard) or `Swap`
    "play"   after a draw: `Play` a hand card into the grid, or `Discard` one and reveal a card
    "clear"  two or more lines are complete at once: `Clear` one of them
    "look"   the reward for clearing: `Look` at a face-down card (and maybe reveal it)
    "over"   somebody emptied their second grid (`winner`)

Undo (the rules' convenience): a player may take back their own steps while it is still their
turn (the same turn), one step at a time, but never past a step that showed them a card they did
not know: a draw from the pile (and any reshuffle it needed), a reveal of a card they had not
looked at (by a discard, a swap, or a play onto it: the replaced card goes face up), any look
(set-up or reward), a second grid dealt. Undoable: a draw from the discard pile, a play onto a
face-up or looked-at cell, a discard whose reveal shows a looked-at card (or reveals nothing),
a swap of face-up or looked-at cards, a clear choice. Once a turn has passed, nothing is undone.

Returns (`returns()`): with 2+ players, minus each seat's cards left (the winner's 0 is the
best); solo, minus the turns taken (the solo score; fewer is better).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import game.blanco.rules.events as ev
from game.core.game import Outcome, Refusal
from game.core.wire import view_fields

from .actions import (
    PILE,
    Action,
    Clear,
    Discard,
    Draw,
    DrawThen,
    Look,
    Play,
    Setup,
    Swap,
)
from .board import Board, Snapshot, UndoEntry
from .cards import ALL_CARDS
from .deal import Deal, reshuffle_mismatch, shuffled_deck
from .grid import PlayerState, Pos
from .legal import check as _check, is_step, legal_actions as _legal_actions
from .limits import MAX_PLAYERS as MAX_PLAYERS, MIN_PLAYERS as MIN_PLAYERS
from .phases import CLEAR, LOOK, OVER, PHASES, PLAY, SETUP, TURN, fmt
from .view import View
from .views import redact as _redact, view_for as _view_for

FIRST_GRID = (3, 3)
SECOND_GRID = (3, 4)
HAND = 2


class _Refused(Exception):
    """A step found illegal only while applying it (a fixed reshuffle that does not fit)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal)
        self.refusal = refusal


class BlancoState(Board):
    """One game of Blanco: its table (`Board`), dealt, changed by steps, and taken back."""

    # -- dealing -------------------------------------------------------------------------------
    @classmethod
    def new(
        cls, names: Sequence[str], seed: int, deal: Deal | None = None
    ) -> tuple[BlancoState, list[ev.Event]]:
        """Deal a game: the state (waiting for seat 0's set-up) and the set-up events."""
        names = tuple(names)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"Blanco needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if not all(isinstance(n, str) for n in names):
            raise ValueError("every player name must be a string")
        if type(seed) is not int:
            raise ValueError("the seed must be an integer")
        deal = deal or Deal()
        if deal.deck is None:
            deck = shuffled_deck(seed)
        else:
            deck = tuple(deal.deck)
            if sorted(deck) != list(ALL_CARDS) or not all(type(c) is int for c in deck):
                raise ValueError("the deck must be a permutation of the cards 1-120")
        fixed = tuple(tuple(r) for r in deal.reshuffles)
        if not all(type(c) is int for r in fixed for c in r):
            raise ValueError("a reshuffle must list card ids")
        s = cls()
        s.names, s.seed, s.deck, s.fixed_reshuffles = names, seed, deck, fixed
        s.pile = list(reversed(deck))
        s.players = [PlayerState.new(n) for n in names]
        events: list[ev.Event] = []
        rows, cols = FIRST_GRID
        for i, p in enumerate(s.players):
            p.set_grid([[s.pile.pop() for _ in range(cols)] for _ in range(rows)])
            events.append(ev.Dealt(i, tuple(map(tuple, p.grid))))
        s.discard.append(s.pile.pop())
        events.append(ev.DiscardStarted(s.discard[-1]))
        for i, p in enumerate(s.players):
            p.hand = [s.pile.pop() for _ in range(HAND)]
            events.append(ev.HandDealt(i, tuple(p.hand)))
        s.setup_queue = list(range(len(names)))
        return s, events

    @classmethod
    def from_view(cls, view: View) -> BlancoState:
        """The state a view shows (what the wire sent a seat): that seat's view of the table,
        with no seed, no fixed reshuffle and no undo."""
        s = cls()
        table = view_fields(view)
        s.is_view, s.view_seat = True, table.pop("seat")
        s.__dict__.update(table)
        return s

    def advance(self) -> list[ev.Event]:
        """Blanco has no chance step that waits on the table: always []."""
        return []

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.solo:
            return [-float(self.players[0].turns)]
        return [-float(p.cards_left) for p in self.players]

    def legal_actions(self, player: int) -> list[Action]:
        return _legal_actions(self, player)

    def check(self, action: object) -> Refusal | None:
        """Why `action` is illegal now, or None."""
        return _check(self, action)

    def view_for(self, seat: int) -> BlancoState:
        return _view_for(self, seat)

    def redact(self, event: ev.Event, seat: int) -> ev.Event:
        return _redact(event, seat)

    # -- applying ------------------------------------------------------------------------------
    def apply(self, action: object) -> Outcome:
        """Apply one step (or a `DrawThen` pair, all or nothing); refuse with a reason."""
        if isinstance(action, DrawThen):
            return self._apply_pair(action)
        reason = self.check(action)
        if reason is not None:
            return Outcome([], reason)
        assert is_step(action)  # `check` refuses anything else
        saved = self._save(action.player)
        events: list[ev.Event] = []
        self._new_info = False
        try:
            self._do(action, events)
        except _Refused as err:
            self._restore(saved)
            self._new_info = False
            return Outcome([], err.refusal)
        self.actions.append(action)
        # The step that ended the last turn stays under this one: it stands while anyone plays
        # on (only the top of the stack can be taken back), and once this step is taken back
        # the game is exactly as it was, that step undoable again.
        # `_new_info` is this step's scratch flag: cleared once read, so a state after a step
        # and its undo equals the state before it.
        new_info, self._new_info = self._new_info, False
        if new_info or self.phase in (OVER, SETUP):
            self._undo = []
        else:
            # The step that ends a turn (without showing anything new) may be taken back until
            # the next step: the table holds the game for its player's Next meanwhile.
            self._undo.append(UndoEntry(saved, action))
        return Outcome(events)

    def _apply_pair(self, pair: DrawThen) -> Outcome:
        saved, undo = self._save(pair.draw.player), list(self._undo)
        first = self.apply(pair.draw)
        if not first.ok:
            return first
        second = self.apply(pair.then)
        if not second.ok:
            self._restore(saved)
            self._undo = undo
            return second
        return Outcome(first.events + second.events)

    def _do(self, a: Action, events: list[ev.Event]) -> None:
        p = self.players[a.player]
        if isinstance(a, Setup):
            self._setup(a, p, events)
        elif isinstance(a, Draw):
            if a.source == PILE:
                card = self._take_from_pile(events)
                self._new_info = True
            else:
                card = self.discard.pop()
            p.hand.append(card)
            events.append(ev.Drawn(a.player, a.source, card))
            self.phase = PLAY
        elif isinstance(a, Play):
            p.hand.remove(a.card)
            r, c = a.at
            replaced, was_up, was_known = p.grid[r][c], p.up[r][c], p.known[r][c]
            p.grid[r][c], p.up[r][c], p.known[r][c] = a.card, True, False
            self.discard.append(replaced)
            self._new_info = not (was_up or was_known)
            events.append(ev.Played(a.player, a.card, a.at, replaced, was_up))
            p.turns += 1
            self._resolve(a.player, events)
        elif isinstance(a, Discard):
            p.hand.remove(a.card)
            self.discard.append(a.card)
            events.append(ev.Discarded(a.player, a.card))
            if a.reveal is not None:
                self._reveal(a.player, a.reveal, events)
            p.turns += 1
            self._resolve(a.player, events)
        elif isinstance(a, Swap):
            down_a, down_b = not p.is_up(a.a), not p.is_up(a.b)
            p.swap(a.a, a.b)
            events.append(ev.Swapped(a.player, a.a, a.b))
            # the card now where a face-down one went; when both were, the chosen one
            # (`check` makes sure there is one)
            shown = a.reveal if down_a and down_b else a.b if down_a else a.a if down_b else None
            if shown is not None:
                self._reveal(a.player, shown, events)
            p.turns += 1
            self._resolve(a.player, events)
        elif isinstance(a, Clear):
            self._clear_line(a.player, (a.line, a.line_no), events)
            if p.grid:
                self._resolve(a.player, events)
            else:
                self._emptied(a.player, events)
        elif isinstance(a, Look):
            self.looked = True
            self._new_info = True
            r, c = a.at
            p.known[r][c] = True
            events.append(ev.Looked(a.player, a.at, p.grid[r][c]))
            if a.reveal:
                self._reveal(a.player, a.at, events)
            self._resolve(a.player, events)

    def _setup(self, a: Setup, p: PlayerState, events: list[ev.Event]) -> None:
        self._new_info = True
        self._reveal(a.player, a.reveal, events)
        r, c = a.look
        p.known[r][c] = True
        events.append(ev.Looked(a.player, a.look, p.grid[r][c]))
        events.append(ev.SetupDone(a.player, p.stage))
        self.setup_queue.pop(0)
        if self.setup_queue:
            return
        if p.stage == 2:  # the set-up of a new 3x4 grid ends the turn that emptied the first
            self._end_turn(events)
        else:
            self.phase = TURN
            self.current = 0
            events.append(ev.TurnStarted(0, 1))

    def _reveal(self, player: int, at: Pos, events: list[ev.Event]) -> None:
        p = self.players[player]
        if not p.known[at[0]][at[1]]:
            self._new_info = True
        p.reveal(at)
        events.append(ev.Revealed(player, at, p.card_at(at)))

    def _resolve(self, player: int, events: list[ev.Event]) -> None:
        """Clear complete lines (asking when 2+), then owe the reward or end the turn."""
        p = self.players[player]
        while True:
            lines = p.complete_lines()
            if not lines:
                break
            events.extend(ev.LineComplete(player, k, i) for k, i in lines)
            if len(lines) >= 2:
                self.phase = CLEAR
                events.append(ev.ClearChoice(player, tuple(lines)))
                return
            self._clear_line(player, lines[0], events)
            if not p.grid:
                self._emptied(player, events)
                return
        if self.cleared and not self.looked and p.face_down():
            self.phase = LOOK
            events.append(ev.RewardOwed(player, self.cleared >= 2))
            return
        self._end_turn(events)

    def _clear_line(self, player: int, line: tuple[str, int], events: list[ev.Event]) -> None:
        cards, moves = self.players[player].clear(line)
        self.box.extend(cards)
        self.cleared += 1
        if self.cleared >= 2:
            events.append(ev.ChainLink(player, self.cleared))
        events.append(ev.LineCleared(player, line[0], line[1], cards))
        if moves:
            events.append(ev.ClosedUp(player, moves))

    def _emptied(self, player: int, events: list[ev.Event]) -> None:
        p = self.players[player]
        if p.stage == 2:
            self.winner = player
            self.phase = OVER
            self._undo = []
            events.append(ev.Won(player, p.turns))
            return
        if self.cleared and not self.looked:
            events.append(ev.RewardDropped(player))
        p.stage = 2
        rows, cols = SECOND_GRID
        p.set_grid([[self._take_from_pile(events) for _ in range(cols)] for _ in range(rows)])
        self._new_info = True
        events.append(ev.SecondGridDealt(player, tuple(map(tuple, p.grid))))
        self.phase = SETUP
        self.setup_queue = [player]

    def _end_turn(self, events: list[ev.Event]) -> None:
        self.turn_id += 1
        self.cleared = 0
        self.looked = False
        # (The turn's undo steps stay until the next step: `apply` drops them then.)
        self.current = (self.current + 1) % len(self.players)
        self.phase = TURN
        events.append(ev.TurnStarted(self.current, self.players[self.current].turns + 1))

    def _take_from_pile(self, events: list[ev.Event]) -> int:
        if not self.pile:
            self._reshuffle(events)
        return self.pile.pop()

    def _reshuffle(self, events: list[ev.Event]) -> None:
        """The discard pile but its top, and the box, become the new draw pile."""
        cards = self.discard[:-1] + self.box
        n = len(self.reshuffles)
        if n < len(self.fixed_reshuffles):
            order = list(self.fixed_reshuffles[n])
            problem = reshuffle_mismatch(order, cards)
            if problem:
                raise _Refused(
                    Refusal(
                        "bad_reshuffle",
                        "deal.reshuffles[{index}] (reshuffle {number}): {problem}",
                        index=n,
                        number=n + 1,
                        problem=problem,
                    )
                )
        else:
            order = sorted(cards)
            random.Random(f"{self.seed}/reshuffle/{n}").shuffle(order)
        if not order:
            raise _Refused(
                Refusal(
                    "nothing_to_reshuffle",
                    "the draw pile is empty and there is nothing to reshuffle",
                )
            )
        took_box = bool(self.box)
        self.reshuffles.append(tuple(order))
        self.discard = self.discard[-1:]
        self.box = []
        self.pile = list(reversed(order))
        events.append(ev.Reshuffled(len(order), took_box, n + 1))

    # -- undo ----------------------------------------------------------------------------------
    def can_undo(self, player: int) -> Refusal | None:
        if self.phase == OVER:
            return Refusal("game_over", "the game is over")
        mine = bool(self._undo) and self._undo[-1].step.player == player
        if self.waiting_for() != [player] and not mine:
            return Refusal("undo_not_your_turn", "it is not player {player}'s turn", player=player)
        if not mine:
            if self.phase in (TURN, SETUP):
                return Refusal("nothing_this_turn", "nothing to take back this turn")
            return Refusal(
                "card_seen", "that step showed a card you did not know, so it cannot be taken back"
            )
        return None

    def undo(self, player: int) -> Outcome:
        reason = self.can_undo(player)
        if reason is not None:
            return Outcome([], reason)
        saved, action = self._undo.pop()
        self._restore(saved)
        return Outcome([ev.Undone(player, action)])

    # -- copies --------------------------------------------------------------------------------
    def _save(self, player: int | None = None) -> Snapshot:
        """A snapshot to restore; with `player`, only that seat's cards are copied."""
        if type(player) is int and 0 <= player < len(self.players):
            seat: int | None = player
            players: tuple[PlayerState, ...] = (self.players[player].clone(),)
        else:
            seat, players = None, tuple(p.clone() for p in self.players)
        return Snapshot(
            seat,
            players,
            list(self.pile),
            list(self.discard),
            list(self.box),
            list(self.reshuffles),
            self.phase,
            self.current,
            list(self.setup_queue),
            self.cleared,
            self.looked,
            self.winner,
            self.turn_id,
            len(self.actions),
        )

    def _restore(self, saved: Snapshot) -> None:
        if saved.seat is not None:
            self.players = list(self.players)
            self.players[saved.seat] = saved.players[0].clone()
        else:
            self.players = [p.clone() for p in saved.players]
        self.pile, self.discard, self.box = list(saved.pile), list(saved.discard), list(saved.box)
        self.reshuffles, self.setup_queue = list(saved.reshuffles), list(saved.setup_queue)
        self.phase, self.current = saved.phase, saved.current
        self.cleared, self.looked = saved.cleared, saved.looked
        self.winner, self.turn_id = saved.winner, saved.turn_id
        del self.actions[saved.actions :]


def blanco_state(state: object) -> BlancoState:
    """`state` as a Blanco game (the core hands games around as its `GameState`); TypeError for
    another game's state."""
    if not isinstance(state, BlancoState):
        raise TypeError(f"not a Blanco game: {type(state).__name__}")
    return state


__all__ = [
    "CLEAR",
    "HAND",
    "LOOK",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OVER",
    "PHASES",
    "PLAY",
    "SETUP",
    "TURN",
    "BlancoState",
    "Deal",
    "blanco_state",
    "fmt",
]
