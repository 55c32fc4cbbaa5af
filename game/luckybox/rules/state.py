"""The rules of Super Mega Lucky Box as one state object (OpenSpiel style).

`GameState.new(...)` deals a game; `legal_actions(player)` lists what a player may do;
`apply(action)` either refuses with a readable reason (changing nothing) or changes the state and
returns the ordered events; `undo(player)` takes back a player's actions within the current number.
When every player is done, the game waits at a chance step (`awaiting_chance()`): `advance()`
reveals the next number, or scores the round and deals the draft. Who calls it, and when, is
pacing (the session's business): a replay calls it at once, the table after Next.
Every shuffle comes from the seed (or an explicit deal), so the same seed and actions replay the
same game. Card state is a 9-bit mask of crossed cells per card: a line's icon is circled exactly
when its three cells are crossed, so circles need no state of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import game.luckybox.rules.events as ev
from game.core.game import Outcome
from game.core.wire import view_fields
from game.luckybox.rules.actions import Action
from game.luckybox.rules.cards import BLANK, FACES_PER_COPY, LIGHTNING, CardFace, faces_by_id

from .chance import Chance
from .legal import DRAFT, OVER, PLAY, SETUP
from .parts import Deal, DealError, Options, Pending, PlayerState
from .play import Play
from .scoring import (  # re-exported: the state module is where callers look for them
    CARD_POINTS as CARD_POINTS,
    MAX_PLAYERS as MAX_PLAYERS,
    MAX_STARS as MAX_STARS,
    MOON_SWING as MOON_SWING,
    NUMBERS_PER_ROUND as NUMBERS_PER_ROUND,
    ROUNDS as ROUNDS,
    SOLO_MOON_POINTS as SOLO_MOON_POINTS,
    SOLO_RATINGS as SOLO_RATINGS,
    STAR_POINTS as STAR_POINTS,
    START_LIGHTNING as START_LIGHTNING,
    SUPPLY_PER_COPY as SUPPLY_PER_COPY,
    moon_points as moon_points,
    shift as shift,
    solo_rating as solo_rating,
    winners as winners,
)
from .shuffle import seeded, shuffle, shuffled_head
from .undo import Snapshot
from .view import View

# Shared by every game dealt without them (both are frozen): no new pair to build at each deal.
_DEFAULT_OPTIONS = Options()
_OPTIONS_BY_SUPPLY = {o.token_supply: o for o in (_DEFAULT_OPTIONS, Options("limited"))}
_NO_DEAL = Deal()
_SEATS = tuple(tuple(range(n)) for n in range(MAX_PLAYERS + 1))  # _SEATS[n]: seats 0 to n - 1
_NUMBER_CARDS = (*range(1, 10), *range(1, 10))  # a round's pool before its shuffle: 1-9 twice


@dataclass
class GameState(Play, Chance):
    """The whole game. Build one with `GameState.new`; do not construct directly.

    Its parts: legal.py lists and checks actions, play.py applies them, undo.py takes them
    back, chance.py takes the chance steps (numbers, rounds, drafts, the end)."""

    names: tuple[str, ...]
    seed: int
    options: Options
    deal: Deal
    faces: tuple[CardFace, ...]
    copies: int
    numbers: list[list[int]]
    deck_order: tuple[int, ...]  # the Lucky Box pile as dealt, top card first (for records)
    draw_pile: list[int]  # top card last, so drawing is a pop()
    discard: list[int] = field(default_factory=list)
    players: list[PlayerState] = field(default_factory=list)
    phase: str = SETUP
    round: int = 1
    index: int = 0  # which of the round's nine numbers is revealed
    number: int = 0  # the revealed number (0 outside PLAY)
    waiting: int = 0  # players not yet done with this number or draft
    supply: dict[str, int] | None = None
    reshuffles: int = 0
    reshuffle_piles: list[tuple[int, ...]] = field(default_factory=list)  # top first, for records
    actions: list[Action] = field(default_factory=list)
    undo_enabled: bool = True
    _undo: list[Snapshot] = field(default_factory=list)

    # view_for and redact give every seat (and a watcher) the same: all cards are face up, and
    # what is hidden (numbers to come, the pile's order) is hidden from all. The online server
    # encodes one view for the whole table (game/online/tables.py).
    same_for_every_seat: ClassVar[bool] = True

    # ---------------------------------------------------------------- setup

    @classmethod
    def new(
        cls,
        names: list[str] | tuple[str, ...],
        seed: int,
        options: Options | None = None,
        deal: Deal | None = None,
    ) -> tuple[GameState, list[ev.Event]]:
        """Deal a new game; returns the state and the setup events. ValueError on bad arguments."""
        names = tuple(names)
        if not 1 <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"a game has 1 to {MAX_PLAYERS} players, not {len(names)}")
        if type(seed) is not int:
            raise ValueError("the seed must be an integer")
        options = options or _DEFAULT_OPTIONS
        deal = deal or _NO_DEAL
        copies = 2 if len(names) > 6 else 1
        size = FACES_PER_COPY * copies
        deck = list(range(1, size + 1))
        shuffle(seeded(f"{seed}/lucky"), deck)
        if deal.lucky_deck:
            top = list(deal.lucky_deck)
            if len(set(top)) != len(top):
                raise ValueError("deal.lucky_deck lists a card twice")
            bad = [c for c in top if not 1 <= c <= size]
            if bad:
                raise ValueError(f"deal.lucky_deck: no card {bad[0]} in a {size}-card deck")
            chosen = set(top)
            deck = top + [c for c in deck if c not in chosen]
        numbers_rng = seeded(f"{seed}/numbers")
        numbers: list[list[int]] = []
        for _ in range(ROUNDS):
            numbers.append(shuffled_head(numbers_rng, [*_NUMBER_CARDS], NUMBERS_PER_ROUND))
        if len(deal.numbers) > ROUNDS:
            raise ValueError(f"deal.numbers lists more than {ROUNDS} rounds")
        for r, listed in enumerate(deal.numbers):
            fixed = list(listed)
            if len(fixed) != NUMBERS_PER_ROUND or any(
                type(n) is not int or not 1 <= n <= 9 for n in fixed
            ):
                raise ValueError(f"deal.numbers round {r + 1} must list 9 numbers from 1 to 9")
            if any(fixed.count(n) > 2 for n in fixed):
                raise ValueError(f"deal.numbers round {r + 1} shows a number more than twice")
            numbers[r] = fixed
        state = cls(
            names=names,
            seed=seed,
            options=options,
            deal=deal,
            faces=faces_by_id(copies),
            copies=copies,
            numbers=numbers,
            deck_order=tuple(deck),
            draw_pile=deck[::-1],
        )
        if options.token_supply == "limited":
            state.supply = {k: v * copies for k, v in SUPPLY_PER_COPY.items()}
            state.supply[LIGHTNING] = max(0, state.supply[LIGHTNING] - START_LIGHTNING * len(names))
        events: list[ev.Event] = []
        players = state.players
        for i in range(len(names)):  # (a loop: no comprehension or enumerate object to build)
            p = PlayerState.new(names[i])
            players.append(p)
            p.hand = state._draw(5, events)
            events.append(ev.CardsDealt(i, tuple(p.hand)))
        state.waiting = len(names)
        return state, events

    # ---------------------------------------------------------------- queries

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """Each player's Mega Total so far (final once the game is over); the seam's name and
        type for `totals`."""
        return list(self.totals())

    def totals(self) -> list[int]:
        """Each player's Mega Total so far (final once the game is over)."""
        return [p.total for p in self.players]

    def waiting_for(self) -> list[int]:
        """The seats that still have something to do before the game moves on."""
        waiting = self.waiting
        players = self.players
        # As a number is revealed, every seat: no loop or call, and the first test (nobody
        # waits once the game is over: the last chance step found them all done).
        if waiting == len(players):
            return [*_SEATS[waiting]]
        if not waiting or self.phase == OVER:  # (at every chance step: no list to build)
            return []
        return [i for i, p in enumerate(players) if not p.done]

    def awaiting_chance(self) -> bool:
        """Everyone is done: the game waits for `advance()` (the next number, or the round's
        end and draft)."""
        return self.waiting == 0 and self.phase != OVER

    # ---------------------------------------------------------------- what one seat may know

    def view_for(self, seat: int) -> GameState:
        """What `seat` may know: everything on the table, but not the Number cards still face
        down nor the order of the Lucky Box pile (numbers not yet revealed read 0), nor the
        seed they come from (0)."""
        view = self.clone()  # (a clone keeps no undo snapshots)
        for r, numbers in enumerate(view.numbers, start=1):
            if r < self.round or r == self.round and self.phase in (DRAFT, OVER):
                shown = len(numbers)
            elif r == self.round and self.phase == PLAY:
                shown = self.index + 1
            else:
                shown = 0
            view.numbers[r - 1] = numbers[:shown] + [0] * (len(numbers) - shown)
        view.draw_pile = sorted(view.draw_pile)
        view.deck_order = ()
        view.deal = Deal()
        view.reshuffle_piles = []
        view.seed = 0  # the seed deals the numbers and the pile: it would give them away
        return view

    @property
    def token_supply(self) -> str:
        """The option (a view's field): "unlimited" or "limited"."""
        return self.options.token_supply

    @classmethod
    def from_view(cls, view: View) -> GameState:
        """The state a view shows (what the wire sent a seat): its table, with no seed, no
        fixed deal and no undo (ValueError for an option the game has not)."""
        table = view_fields(view)
        options = _OPTIONS_BY_SUPPLY.get(table.pop("token_supply"))
        if options is None:
            raise ValueError(f"token_supply {view.token_supply!r} is not an option")
        return cls(
            **table,
            seed=0,
            options=options,
            deal=_NO_DEAL,
            faces=faces_by_id(view.copies),
            deck_order=(),
            reshuffle_piles=[],
            undo_enabled=False,
            _undo=[],
        )

    def redact(self, event: ev.Event, seat: int) -> ev.Event:
        """Every Lucky Box event is public (all cards are face up; numbers show when revealed)."""
        return event

    def face(self, card: int) -> CardFace:
        return self.faces[card]

    # ---------------------------------------------------------------- results

    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (empty before)."""
        if self.phase != OVER:
            return ()
        return winners(self.totals(), [p.moons for p in self.players])

    def rating(self) -> str | None:
        """The solo rating line, once a solo game is over."""
        if self.phase != OVER or len(self.players) != 1:
            return None
        return solo_rating(self.players[0].total)

    # ---------------------------------------------------------------- copying

    def __getstate__(self) -> dict[str, Any]:
        # The card faces are shared data: send their copy count, not 120 objects (pickling is
        # how computer players get the state in their own process).
        state = dict(self.__dict__)
        del state["faces"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.faces = faces_by_id(self.copies)

    def clone(self) -> GameState:
        """An independent copy (for computer players' look-ahead); undo history is not kept."""
        other = GameState(
            names=self.names,
            seed=self.seed,
            options=self.options,
            deal=self.deal,
            faces=self.faces,
            copies=self.copies,
            numbers=[r[:] for r in self.numbers],
            deck_order=self.deck_order,
            draw_pile=self.draw_pile[:],
            discard=self.discard[:],
            players=[p.clone() for p in self.players],
            phase=self.phase,
            round=self.round,
            index=self.index,
            number=self.number,
            waiting=self.waiting,
            supply=dict(self.supply) if self.supply is not None else None,
            reshuffles=self.reshuffles,
            reshuffle_piles=self.reshuffle_piles[:],
            actions=self.actions[:],
            undo_enabled=False,
            _undo=[],
        )
        return other


__all__ = [
    "BLANK",
    "DRAFT",
    "OVER",
    "PLAY",
    "SETUP",
    "Deal",
    "DealError",
    "GameState",
    "Options",
    "Outcome",
    "Pending",
    "PlayerState",
    "moon_points",
    "shift",
    "solo_rating",
    "winners",
]
