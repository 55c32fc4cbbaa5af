"""Taking back a player's own actions within the current number (or draft): a mixin of
`GameState`, which keeps per player a stack of snapshots taken before each action."""

from __future__ import annotations

import game.luckybox.rules.events as ev
from game.core.game import Outcome, Refusal

from .actions import Action
from .legal import LAST_OFFER, PLAY
from .parts import Pending, PlayerState

# A player before one of their actions: cards, masks, lightning, moons, stars, pending, hand,
# done, and the token supply (None when it is unlimited).
Snapshot = tuple[
    list[int], list[int], int, int, list[int], list[Pending], list[int], bool, dict[str, int] | None
]


class Undo:
    """`can_undo` and `undo` for `GameState`, which provides these attributes."""

    players: list[PlayerState]
    phase: str
    actions: list[Action]
    discard: list[int]
    supply: dict[str, int] | None
    waiting: int
    _undo: list[list[Snapshot]]  # per player, a snapshot before each action of this number

    def _snapshot(self, p: PlayerState) -> Snapshot:
        supply = dict(self.supply) if self.supply is not None else None
        if self.phase == PLAY:  # a cross, bonus or pass changes neither the cards nor the hand
            cards, hand = p.cards, p.hand
        else:
            cards, hand = p.cards[:], p.hand[:]
        return (
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
        if not self._undo[player]:
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
        cards, masks, lightning, moons, stars, pending, hand, done, supply = self._undo[
            player
        ].pop()
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
