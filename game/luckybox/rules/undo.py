"""Taking back a player's own actions within the current number (or draft): a mixin of
`GameState`, which keeps a stack of snapshots, each taken before an action."""

from __future__ import annotations

import game.luckybox.rules.events as ev
from game.core.game import Outcome, Refusal

from .actions import Action, Cross
from .legal import LAST_OFFER
from .parts import Pending, PlayerState

# A player before a cross, a bonus resolved or a pass: the seat, the slot of the card it
# crosses (None for a pass) and that card's mask, the seat's lightning, moons, stars and
# pending bonuses, and the token supply (None when it is unlimited). Nothing else of the
# seat's changes: one square is crossed, its cards and hand stay. The stars and pending lists
# are kept by reference: the engine replaces them, never changes them in place (play.py).
PlaySnapshot = tuple[
    int, int | None, int, int, int, list[int], list[Pending], dict[str, int] | None
]
# A cross without Lightning that completes no line (most actions) keeps no snapshot: the
# Cross action itself (a shared one, nothing to build) names the seat and the square, and
# nothing else of the seat's changes, so undoing it opens that square again.
# A player before keeping or picking cards: the seat, and copies of its cards, masks and hand.
DraftSnapshot = tuple[int, list[int], list[int], list[int]]
Snapshot = PlaySnapshot | Cross | DraftSnapshot


def _seat(snapshot: Snapshot) -> int:
    """Whose action a snapshot was taken before."""
    return snapshot.player if isinstance(snapshot, Cross) else snapshot[0]


class Undo:
    """`can_undo` and `undo` for `GameState`, which provides these attributes."""

    players: list[PlayerState]
    phase: str
    actions: list[Action]
    discard: list[int]
    supply: dict[str, int] | None
    waiting: int
    # A snapshot before each action since the number was revealed (or the draft dealt), every
    # seat's in one list in the order played: a new number clears one list, not one a seat.
    # Whoever acted was not done before, so a snapshot need not say so.
    _undo: list[Snapshot]

    def _snapshot(self, player: int, p: PlayerState, slot: int | None) -> PlaySnapshot:
        supply = self.supply
        return (
            player,
            slot,
            p.masks[slot] if slot is not None else 0,
            p.lightning,
            p.moons,
            p.stars,
            p.pending,
            dict(supply) if supply is not None else None,
        )

    def can_undo(self, player: int) -> Refusal | None:
        """Why the player cannot undo now; None when they can."""
        if not 0 <= player < len(self.players):
            return Refusal("unknown_player", "unknown player {value}", value=player)
        if not any(_seat(snapshot) == player for snapshot in self._undo):
            return Refusal("nothing_to_undo", "nothing to undo since this number was revealed")
        if self.supply is not None:
            last = max(i for i, a in enumerate(self.actions) if a.player == player)
            if any(a.player != player for a in self.actions[last + 1 :]):
                return Refusal(
                    "supply_shared",
                    "another player has played since, and the token supply is shared",
                )
        return None

    def undo(self, player: int) -> Outcome:
        """Take back the player's last action within the current number (or draft)."""
        reason = self.can_undo(player)
        if reason is not None:
            return Outcome([], reason)
        LAST_OFFER.state = None  # what was listed may not be legal now
        p = self.players[player]
        undo = self._undo
        at = max(i for i, snapshot in enumerate(undo) if _seat(snapshot) == player)
        snapshot = undo.pop(at)
        last = max(i for i, a in enumerate(self.actions) if a.player == player)
        action = self.actions.pop(last)
        if isinstance(snapshot, Cross):  # a plain cross: only its square changed
            p.masks[p.cards.index(snapshot.card)] &= ~(1 << snapshot.cell)
        elif len(snapshot) == 4:  # a keep or pick: take its discards back out of the pile
            _, cards, masks, hand = snapshot
            for card in hand:
                if card not in cards and card in self.discard:
                    self.discard.remove(card)
            p.cards, p.masks, p.hand = cards, masks, hand
        else:
            _, slot, mask, lightning, moons, stars, pending, supply = snapshot
            if slot is not None:
                p.masks[slot] = mask
            p.lightning, p.moons, p.stars, p.pending = lightning, moons, stars, pending
            if supply is not None:
                self.supply = supply
        if p.done:
            self.waiting += 1
            p.done = False
        return Outcome([ev.Undone(player, action)])
