"""The Lucky Box table as the player has been shown it: the engine's own `PlayerState`s, moved
on event by event as each animation step starts, while the engine has already moved on.

When the feed is drained it matches the engine (a test checks this). An undo is an event like
any other: by the time it is shown every earlier step has been, so the shown board takes the
engine's position again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.ui.toolkit.animator import player_of
from game.luckybox.rules import events as ev
from game.luckybox.rules.state import DRAFT, OVER, PLAY, GameState, Pending, PlayerState


def _shown_fields(p: PlayerState) -> tuple:
    """What the table shows of a player (not their hand or whether they are done)."""
    return (
        p.cards,
        p.masks,
        p.lightning,
        p.moons,
        p.stars,
        p.card_points,
        p.star_points,
        list(p.pending),
    )


@dataclass(eq=False)
class Shown:
    """The table as shown. `source` is the engine's state, read when an undo is shown."""

    players: list[PlayerState]
    round: int = 1
    index: int = 0
    number: int = 0
    revealed: list[int] = field(default_factory=list)  # this round's numbers shown so far
    source: GameState | None = None
    # Everyone chooses at once: the boards as they stood when the choice now open began (a
    # number revealed, a draft dealt), for showing others' boards without this choice's moves;
    # None between choices. `opened` is the one before, to show what a choice's close reveals.
    public: list[PlayerState] | None = None
    opened: list[PlayerState] | None = None

    @classmethod
    def from_state(cls, state: GameState, source: GameState | None = None) -> Shown:
        seen = cls(
            [p.clone() for p in state.players],
            state.round,
            state.index,
            state.number,
            source=source or state,
        )
        if state.phase == PLAY:
            seen.revealed = state.numbers[state.round - 1][: state.index + 1]
        elif state.phase in (DRAFT, OVER):  # the round's nine numbers were all shown
            seen.revealed = list(state.numbers[state.round - 1])
        if state.phase != OVER:  # a choice is open (best known: as the state stands now)
            seen.public = [p.clone() for p in seen.players]
        return seen

    def reset_to(self, state: GameState) -> None:
        """Show the engine's state as it is (after an undo, or a resumed game)."""
        fresh = Shown.from_state(state)
        same_choice = (fresh.round, fresh.index, fresh.number) == (
            self.round,
            self.index,
            self.number,
        )
        self.players, self.round, self.index = fresh.players, fresh.round, fresh.index
        self.number, self.revealed = fresh.number, fresh.revealed
        if not same_choice or self.public is None:  # an undo keeps the choice it was made in
            self.public = fresh.public

    def matches(self, state: GameState) -> bool:
        """Whether everything shown agrees with the engine (true once the feed is drained)."""
        return self.number == state.number and [_shown_fields(p) for p in self.players] == [
            _shown_fields(p) for p in state.players
        ]

    def key(self) -> tuple:
        """Everything shown, for comparing two shown boards (not the engine they follow)."""
        return (
            self.round,
            self.index,
            self.number,
            list(self.revealed),
            [_shown_fields(p) for p in self.players],
        )

    # Defining __eq__ leaves the class unhashable (__hash__ is None): it is mutable.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shown) and self.key() == other.key()

    def mask(self, seat: int, card: int) -> int:
        return self.players[seat].mask_of(card) or 0

    def apply(self, event: Any) -> None:
        seat = player_of(event)
        if seat is not None and self._apply_to_board(self.players[seat], event):
            return
        kind = type(event)
        if kind is ev.RoundStarted:
            self.round = event.round
            self.revealed = []
            self.public = None  # the draft's picks are everyone's to see
        elif kind is ev.NumberRevealed:
            self.round, self.index, self.number = event.round, event.index, event.number
            self.revealed.append(event.number)
            self.opened, self.public = self.public, [q.clone() for q in self.players]
        elif kind is ev.CardsDealt:
            if self.public is None:  # the draft after a round: a choice everyone makes at once
                self.public = [q.clone() for q in self.players]
        elif kind in (ev.RoundScored, ev.GameOver):
            self.number = 0
            self.public = self.opened = None
        elif kind is ev.Undone and self.source is not None:
            self.reset_to(self.source)

    @staticmethod
    def _apply_to_board(p: PlayerState, event: Any) -> bool:
        """A step on one player's board shown on it; False for any other step."""
        kind = type(event)
        if kind is ev.SquareCrossed:
            slot = p.cards.index(event.card)
            p.masks[slot] |= 1 << event.cell
        elif kind is ev.TokensSpent:
            p.lightning -= event.count
        elif kind is ev.TokenGained:
            if event.token == "lightning":
                p.lightning = event.total
            else:
                p.moons = event.total
        elif kind is ev.StarGained:
            p.stars[event.round - 1] = event.slot + 1
        elif kind is ev.BonusPending:
            p.pending.append(Pending(event.card, event.line, event.index, event.bonus))
        elif kind in (ev.BonusUsed, ev.BonusLost):
            key = (event.card, event.line, event.index, event.bonus)
            p.pending = [x for x in p.pending if (x.card, x.line, x.index, x.bonus) != key]
        elif kind is ev.CardsKept:
            p.cards.extend(event.kept)
            p.masks.extend([0] * len(event.kept))
        elif kind is ev.CardsPicked:
            p.cards.append(event.card)
            p.masks.append(0)
        elif kind is ev.PlayerScored:
            r = event.round - 1
            keep = [
                (c, m) for c, m in zip(p.cards, p.masks, strict=True) if c not in event.completed
            ]
            p.cards, p.masks = [c for c, _ in keep], [m for _, m in keep]
            p.card_points[r] = event.card_points
            p.star_points[r] = event.star_points
        else:
            return False
        return True
