"""The Blanco table as it has been shown: the engine's own `PlayerState`s and piles, moved on
event by event as each animation step starts, while the engine has already moved on.

It holds every card its state and events hold (the engine's, unredacted, at a local table; a
seat's view and the events redacted for it online, where a looked-at card comes with its
`Looked`); what a screen may draw of it is the table's business (`BlancoKit.viewer`). A
cleared line leaves a gap until its `ClosedUp` step (or the next step) closes the grid up.
When the feed is drained it matches the engine (a test checks this; online, the seat's own
cards match its view); an undo is shown by taking the engine's position again.
"""

from __future__ import annotations

from game.blanco.rules import events as ev
from game.blanco.rules.grid import PlayerState
from game.blanco.rules.state import BlancoState


class Shown:
    """Grids, hands, piles and whose step it is, as the table has shown them."""

    def __init__(self, state: BlancoState, source: BlancoState | None = None) -> None:
        self.source = source or state
        self.reset_to(state)

    @classmethod
    def before_deal(cls, state: BlancoState, source: BlancoState | None = None) -> Shown:
        """The table before the deal's events (a session's feed starts with them)."""
        shown = cls(state, source)
        for p in shown.players:
            p.set_grid([])
            p.hand = []
            p.stage, p.turns = 1, 0
        shown.pile, shown.discard, shown.box = len(state.deck), [], 0
        shown.acting, shown.winner, shown.reshuffles = 0, None, 0
        return shown

    def reset_to(self, state: BlancoState) -> None:
        self.players: list[PlayerState] = [p.clone() for p in state.players]
        self.pile = len(state.pile)
        self.discard: list[int] = list(state.discard)
        self.box = len(state.box)
        waiting = state.waiting_for()
        self.acting: int | None = waiting[0] if waiting else None
        self.winner: int | None = state.winner
        self.gaps: dict[int, tuple[str, int]] = {}  # a cleared line not yet closed up
        self.reshuffles = len(state.reshuffles)

    # ------------------------------------------------------------ comparing

    def key(self) -> tuple[object, ...]:
        self.settle()
        return (
            tuple(p.key() for p in self.players),
            self.pile,
            tuple(self.discard),
            self.box,
            self.acting,
            self.winner,
        )

    def matches(self, state: BlancoState) -> bool:
        """Whether everything shown agrees with the engine (true once the feed is drained)."""
        waiting = state.waiting_for()
        return self.key() == (
            tuple(p.key() for p in state.players),
            len(state.pile),
            tuple(state.discard),
            len(state.box),
            waiting[0] if waiting else None,
            state.winner,
        )

    @property
    def top_discard(self) -> int | None:
        return self.discard[-1] if self.discard else None

    # ------------------------------------------------------------ stepping

    def settle(self, player: int | None = None) -> None:
        """Close up a cleared line's gap (all players', or one's)."""
        for seat in list(self.gaps) if player is None else [player]:
            line = self.gaps.pop(seat, None)
            if line is not None:
                self.players[seat].clear(line)

    def apply(self, event: ev.Event) -> None:
        if not isinstance(event, ev.ClosedUp):
            self.settle()
        if isinstance(event, ev.DiscardStarted):
            self.discard.append(event.card)
            self.pile -= 1
        elif isinstance(event, ev.Reshuffled):
            # The cards still to come off the old pile in this step are counted on top.
            self.pile += event.size
            self.discard = self.discard[-1:]
            self.box = 0
            self.reshuffles = event.number
        else:
            self._apply_seat(event)

    def _apply_seat(self, event: ev.SeatEvent) -> None:
        """An event about one seat's cards or turn."""
        seat = event.player
        p = self.players[seat]
        if isinstance(event, (ev.Dealt, ev.SecondGridDealt)):
            p.set_grid([list(r) for r in event.cards])
            self.pile -= sum(len(r) for r in event.cards)
            if isinstance(event, ev.SecondGridDealt):
                p.stage = 2
        elif isinstance(event, ev.HandDealt):
            p.hand = list(event.cards)
            self.pile -= len(event.cards)
        elif isinstance(event, ev.SetupDone):
            if event.stage == 1 and seat + 1 < len(self.players):
                self.acting = seat + 1
        elif isinstance(event, ev.TurnStarted):
            self.acting = seat
        elif isinstance(event, ev.Drawn):
            if event.source == "pile":
                self.pile -= 1
            elif self.discard:
                self.discard.pop()
            p.hand.append(event.card)
        elif isinstance(event, ev.Played):
            p.hand.remove(event.card)
            r, c = event.at
            p.grid[r][c], p.up[r][c], p.known[r][c] = event.card, True, False
            self.discard.append(event.replaced)
            p.turns += 1
        elif isinstance(event, ev.Discarded):
            p.hand.remove(event.card)
            self.discard.append(event.card)
            p.turns += 1
        elif isinstance(event, ev.Swapped):
            p.swap(event.a, event.b)
            p.turns += 1
        elif isinstance(event, ev.Revealed):
            r, c = event.at
            p.grid[r][c] = event.card
            p.reveal(event.at)
        elif isinstance(event, ev.Looked):
            r, c = event.at
            p.known[r][c] = True
            if event.card:  # (0 when redacted for another seat: nothing more to know)
                p.grid[r][c] = event.card  # online, a view's face-down cards read 0
        elif isinstance(event, ev.LineCleared):
            self.box += len(event.cards)
            self.gaps[seat] = (event.line, event.line_no)
        elif isinstance(event, ev.ClosedUp):
            self.settle(seat)
        elif isinstance(event, ev.Won):
            self.winner = seat
            self.acting = None
        elif isinstance(event, ev.Undone):
            self.reset_to(self.source)

    def in_gap(self, seat: int, at: tuple[int, int]) -> bool:
        """True for a cell of a cleared line still shown as a gap."""
        line = self.gaps.get(seat)
        if line is None:
            return False
        return at[0] == line[1] if line[0] == "row" else at[1] == line[1]


class TolerantShown(Shown):
    """The shown board fed by one seat's view and its redacted events (online): another
    seat's card drawn from the pile reaches this screen as card 0; when that seat later plays
    or discards it, the card is named: the hidden 0 in its hand is that card. (A local table's
    shown board holds every card, so it never needs this.)"""

    def apply(self, event: ev.Event) -> None:
        if isinstance(event, (ev.Played, ev.Discarded)):
            hand = self.players[event.player].hand
            if event.card not in hand and 0 in hand:
                hand[hand.index(0)] = event.card
        super().apply(event)
