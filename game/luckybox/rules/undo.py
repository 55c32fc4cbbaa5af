"""Taking back a player's own actions within the current number (or draft): a mixin of
`GameState`, which keeps per player a stack of snapshots taken before each action."""

from __future__ import annotations

import game.luckybox.rules.events as ev
from game.core.game import Outcome, Refusal

from .actions import Action
from .legal import LAST_OFFER, PLAY
from .parts import Pending, PlayerState

# A player before one of their actions: the seat, then its cards, masks, lightning, moons,
# stars, pending, hand, done, and the token supply (None when it is unlimited).
Snapshot = tuple[
    int,
    list[int],
    list[int],
    int,
    int,
    list[int],
    list[Pending],
    list[int],
    bool,
    dict[str, int] | None,
]


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
    _undo: list[Snapshot]

    def _snapshot(self, player: int, p: PlayerState) -> Snapshot:
        supply = dict(self.supply) if self.supply is not None else None
        if self.phase == PLAY:  # a cross, bonus or pass changes neither the cards nor the hand
            cards, hand = p.cards, p.hand
        else:
            cards, hand = p.cards[:], p.hand[:]
        return (
            player,
            cards,
            p.masks[:],
            p.lightning,
            p.moons,
            p.stars[:],
            p.pending[:],
            hand,
            p.done,
            supply,
        )

    def can_undo(self, player: int) -> Refusal | None:
        """Why the player cannot undo now; None when they can."""
        if not 0 <= player < len(self.players):
            return Refusal("unknown_player", "unknown player {value}", value=player)
        if not any(snapshot[0] == player for snapshot in self._undo):
            return Refusal("nothing_to_undo", "nothing to undo since this number was revealed")
        if self.supply is not None:
            last = max(i for i, a in enumerate(self.actions) if a[0] == player)
            if any(a[0] != player for a in self.actions[last + 1 :]):
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
        at = max(i for i, snapshot in enumerate(undo) if snapshot[0] == player)
        _, cards, masks, lightning, moons, stars, pending, hand, done, supply = undo.pop(at)
        last = max(i for i, a in enumerate(self.actions) if a[0] == player)
        action = self.actions.pop(last)
        if hand and not p.hand:  # a keep or pick: take its discards back out of the pile
            for card in hand:
                if card not in cards and card in self.discard:
                    self.discard.remove(card)
        p.cards, p.masks, p.lightning, p.moons, p.stars = cards, masks, lightning, moons, stars
        p.pending, p.hand = pending, hand
        if p.done and not done:
            self.waiting += 1
        p.done = done
        if supply is not None:
            self.supply = supply
        return Outcome([ev.Undone(player, action)])
