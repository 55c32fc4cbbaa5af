"""Hidden information: what one seat may know (`view_for`) and see of an event (`redact`).

A view is a `BlancoState` copy in which every card the seat cannot know is 0:
- its own hand and the face-down cards it has looked at stay; other hands become 0s;
- every face-up grid card and the top of the discard pile stay;
- other face-down cards are 0 (which cells the others looked at stays visible: looks are seen);
- the draw pile, the discard pile under its top and the box keep only their sizes (0s), as do
  `deck` and `reshuffles`; the seed is 0 and no future reshuffle is fixed (the seed would give
  the deck away). Cards discarded or cleared earlier were public when they moved; a bot that
  wants them remembers the (redacted) events.
- the undo history is dropped (it holds full snapshots).

On a view, `legal_actions(seat)` and `check` are exact for the seat itself, and the queries
(phase, grids, hands, stage, cards_left, ...) work. `apply` works for steps that need no hidden
card (a draw from the discard, plays, swaps and discards touching face-up or known cells, clear
choices); a step that would show a hidden card shows 0 instead, so simulations past it are
guesses.
"""

from __future__ import annotations

from typing import TypeVar

from msgspec.structs import replace

import game.blanco.rules.events as ev

from .board import Board

B = TypeVar("B", bound=Board)  # the state's own class: a view of a BlancoState is one too


def view_for(state: B, seat: int) -> B:
    """A copy of `state` in which every card `seat` cannot know is 0."""
    v = state.clone()
    v.is_view = True
    v.view_seat = seat
    v.seed = 0
    v.deck = (0,) * len(state.deck)
    v.fixed_reshuffles = ()
    v.reshuffles = [(0,) * len(r) for r in state.reshuffles]
    v.pile = [0] * len(state.pile)
    v.discard = [0] * (len(state.discard) - 1) + state.discard[-1:]
    v.box = [0] * len(state.box)
    v._undo = []
    for i, p in enumerate(v.players):
        own = i == seat
        if not own:
            p.hand = [0] * len(p.hand)
        for r, row in enumerate(p.grid):
            for c in range(len(row)):
                if not p.up[r][c] and not (own and p.known[r][c]):
                    row[c] = 0
    return v


def _zeros(rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple((0,) * len(r) for r in rows)


def redact(event: ev.Event, seat: int) -> ev.Event:
    """The event as `seat` sees it: face-down deals are 0s for everyone, another seat's hand
    deal, draw from the pile and look show card 0; everything else is public. Never None."""
    if isinstance(event, (ev.Dealt, ev.SecondGridDealt)):
        return replace(event, cards=_zeros(event.cards))
    if event_player(event) == seat:
        return event
    if isinstance(event, ev.HandDealt):
        return replace(event, cards=(0,) * len(event.cards))
    if isinstance(event, ev.Drawn) and event.source == "pile":
        return replace(event, card=0)
    if isinstance(event, ev.Looked):
        return replace(event, card=0)
    return event


def event_player(event: ev.Event) -> int | None:
    """The seat an event is about; None for the table's own (the discard pile, a reshuffle)."""
    if isinstance(event, (ev.DiscardStarted, ev.Reshuffled)):
        return None
    return event.player
