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

import random
from dataclasses import dataclass, field
from typing import Any

import game.luckybox.rules.events as ev
from game.core.game import Outcome
from game.luckybox.rules.actions import Action, Cross, Keep, Pass, Resolve
from game.luckybox.rules.cards import (
    BLANK,
    FACES_PER_COPY,
    FULL,
    LIGHTNING,
    LINES_OF_CELL,
    MOON,
    NUMBER,
    POPCOUNT,
    QUESTION,
    STAR,
    Bonus,
    CardFace,
    faces_by_id,
)

from .legal import DRAFT, OVER, PLAY, SETUP, Legality
from .parts import Deal, DealError, Options, Pending, PlayerState
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
from .undo import Snapshot, Undo

_new = tuple.__new__


@dataclass
class GameState(Legality, Undo):
    """The whole game. Build one with `GameState.new`; do not construct directly."""

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
    _undo: list[list[Snapshot]] = field(default_factory=list)

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
        options = options or Options()
        deal = deal or Deal()
        copies = 2 if len(names) > 6 else 1
        size = FACES_PER_COPY * copies
        deck = list(range(1, size + 1))
        random.Random(f"{seed}/lucky").shuffle(deck)
        if deal.lucky_deck:
            top = list(deal.lucky_deck)
            if len(set(top)) != len(top):
                raise ValueError("deal.lucky_deck lists a card twice")
            bad = [c for c in top if not 1 <= c <= size]
            if bad:
                raise ValueError(f"deal.lucky_deck: no card {bad[0]} in a {size}-card deck")
            chosen = set(top)
            deck = top + [c for c in deck if c not in chosen]
        numbers_rng = random.Random(f"{seed}/numbers")
        numbers: list[list[int]] = []
        for _ in range(ROUNDS):
            pool = list(range(1, 10)) * 2
            numbers_rng.shuffle(pool)
            numbers.append(pool[:NUMBERS_PER_ROUND])
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
        state.players = [PlayerState(name) for name in names]
        state._undo = [[] for _ in names]
        if options.token_supply == "limited":
            state.supply = {k: v * copies for k, v in SUPPLY_PER_COPY.items()}
            state.supply[LIGHTNING] = max(0, state.supply[LIGHTNING] - START_LIGHTNING * len(names))
        events: list[ev.Event] = []
        for i, p in enumerate(state.players):
            p.hand = state._draw(5, events)
            events.append(ev.CardsDealt(i, tuple(p.hand)))
        state.waiting = len(names)
        return state, events

    def _draw(self, count: int, events: list[ev.Event]) -> list[int]:
        drawn: list[int] = []
        for _ in range(count):
            if not self.draw_pile:
                if not self.discard:
                    break
                self.draw_pile = self._reshuffled()[::-1]
                self.discard.clear()
                events.append(ev.DeckReshuffled(len(self.draw_pile)))
            drawn.append(self.draw_pile.pop())
        return drawn

    def _reshuffled(self) -> list[int]:
        """The new pile, top card first: the deal's listed one (checked), else from the seed."""
        n = self.reshuffles
        self.reshuffles += 1
        listed = self.deal.reshuffles[n] if n < len(self.deal.reshuffles) else None
        if listed is None:
            # Sorted first, so the reshuffle does not depend on the order players discarded in.
            pile = sorted(self.discard)
            random.Random(f"{self.seed}/reshuffle/{n + 1}").shuffle(pile)
            pile = pile[::-1]  # the shuffled list was drawn from its end: top card first
        else:
            pile = list(listed)
            wanted = sorted(self.discard)
            if sorted(pile) != wanted:
                extra = sorted(set(pile) - set(wanted))
                missing = sorted(set(wanted) - set(pile))
                what = (
                    f"card {extra[0]} is not in the discard pile"
                    if extra
                    else f"card {missing[0]} is missing"
                    if missing
                    else "a card is listed twice"
                )
                raise DealError(f"deal.reshuffles[{n}] must hold exactly the discard pile: {what}")
        self.reshuffle_piles.append(tuple(pile))
        return pile

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
        if self.phase == OVER:
            return []
        return [i for i, p in enumerate(self.players) if not p.done]

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

    def redact(self, event: ev.Event, seat: int) -> ev.Event:
        """Every Lucky Box event is public (all cards are face up; numbers show when revealed)."""
        return event

    def face(self, card: int) -> CardFace:
        return self.faces[card]

    def _has_target(self, p: PlayerState, bonus: Bonus) -> bool:
        if bonus[0] == QUESTION:
            return any(m != FULL for m in p.masks)
        n = bonus[1]
        faces = self.faces
        return any(faces[c].number_mask[n] & ~m for c, m in zip(p.cards, p.masks, strict=True))

    # ---------------------------------------------------------------- applying

    def apply(self, action: Action) -> Outcome:
        """Apply a legal action and return its events; refuse an illegal one, changing nothing."""
        reason = self.check(action)
        if reason is not None:
            return Outcome([], reason)
        player = action[0]
        p = self.players[player]
        if self.undo_enabled:
            self._undo[player].append(self._snapshot(p))
        self.actions.append(action)
        events: list[ev.Event] = []
        # check() let through only these exact types, so isinstance tells them apart.
        if isinstance(action, Cross):
            _, card, cell, lightning = action
            slot = p.cards.index(card)
            if lightning:
                spent = abs(lightning)
                p.lightning -= spent
                if self.supply is not None:
                    self.supply[LIGHTNING] += spent
                events.append(
                    ev.TokensSpent(player, spent, self.number, shift(self.number, lightning))
                )
            self._cross(player, p, slot, cell, "lightning" if lightning else "number", events)
            self._after_move(player, p, events)
        elif isinstance(action, Resolve):
            _, card, line, index, target, cell = action
            for i, pend in enumerate(p.pending):
                if pend.card == card and pend.line == line and pend.index == index:
                    del p.pending[i]
                    events.append(ev.BonusUsed(player, card, line, index, pend.bonus))
                    break
            self._cross(player, p, p.cards.index(target), cell, "bonus", events)
            self._after_move(player, p, events)
        elif isinstance(action, Pass):
            events.append(ev.Passed(player))
            self._after_move(player, p, events)
        elif isinstance(action, Keep):
            kept = action.cards
            discarded = tuple(c for c in p.hand if c not in kept)
            p.cards.extend(kept)
            p.masks.extend([0] * len(kept))
            self.discard.extend(discarded)
            p.hand = []
            events.append(ev.CardsKept(player, kept, discarded))
            self._finish(player, p, events)
        else:  # Pick
            discarded = tuple(c for c in p.hand if c != action.card)
            p.cards.append(action.card)
            p.masks.append(0)
            self.discard.extend(discarded)
            p.hand = []
            events.append(ev.CardsPicked(player, action.card, discarded))
            self._finish(player, p, events)
        return Outcome(events)

    def _cross(
        self, player: int, p: PlayerState, slot: int, cell: int, by: str, events: list[ev.Event]
    ) -> None:
        card = p.cards[slot]
        mask = p.masks[slot] | (1 << cell)
        p.masks[slot] = mask
        face = self.faces[card]
        events.append(ev.SquareCrossed(player, card, cell, face.grid[cell], by))
        for line, index, line_mask in LINES_OF_CELL[cell]:
            if mask & line_mask == line_mask:
                bonus = face.row_bonus[index] if line == "row" else face.col_bonus[index]
                events.append(ev.LineCompleted(player, card, line, index, bonus))
                events.append(ev.IconCircled(player, card, line, index, bonus))
                self._gain(player, p, card, line, index, bonus, events)
        if mask == FULL:
            events.append(ev.CardCompleted(player, card))

    def _gain(
        self,
        player: int,
        p: PlayerState,
        card: int,
        line: str,
        index: int,
        bonus: Bonus,
        events: list[ev.Event],
    ) -> None:
        kind = bonus[0]
        if kind in (NUMBER, QUESTION):
            if self._has_target(p, bonus):
                p.pending.append(_new(Pending, (card, line, index, bonus)))
                events.append(ev.BonusPending(player, card, line, index, bonus))
            else:
                events.append(ev.BonusLost(player, card, line, index, bonus, _no_square(bonus)))
        elif kind == STAR:
            r = self.round - 1
            if p.stars[r] < MAX_STARS:
                events.append(ev.StarGained(player, self.round, p.stars[r]))
                p.stars[r] += 1
            else:
                events.append(ev.StarWasted(player, self.round))
        elif kind in (LIGHTNING, MOON):
            count = bonus[1] if kind == LIGHTNING else 1
            if self.supply is not None:
                available = self.supply[kind]
                if available < count:
                    events.append(
                        ev.BonusLost(player, card, line, index, bonus, "the supply has run out")
                    )
                    count = available
                self.supply[kind] -= count
            if count:
                if kind == LIGHTNING:
                    p.lightning += count
                    total = p.lightning
                else:
                    p.moons += count
                    total = p.moons
                events.append(ev.TokenGained(player, kind, count, total))
        # BLANK: the circled icon is all that happens.

    def _after_move(self, player: int, p: PlayerState, events: list[ev.Event]) -> None:
        if p.pending:
            # A bonus whose every possible square is now crossed is lost at once.
            keep: list[Pending] = []
            for pend in p.pending:
                if self._has_target(p, pend.bonus):
                    keep.append(pend)
                else:
                    events.append(ev.BonusLost(player, *pend, _no_square(pend.bonus)))
            p.pending = keep
            if keep:
                return
        self._finish(player, p, events)

    def _finish(self, player: int, p: PlayerState, events: list[ev.Event]) -> None:
        p.done = True
        events.append(ev.PlayerDone(player))
        self.waiting -= 1

    def advance(self) -> list[ev.Event]:
        """Take the chance step once everyone is done: reveal the next number, or end the round
        (score it, deal the draft) or the game. [] when players still have to act. DealError if
        a reshuffle the deal lists does not hold the discard pile (a bad record)."""
        if not self.awaiting_chance():
            return []
        events: list[ev.Event] = []
        self._advance(events)
        return events

    def _advance(self, events: list[ev.Event]) -> None:
        """Everyone is done: reveal the next number, or end the round or a draft."""
        for undo in self._undo:
            undo.clear()
        if self.phase == PLAY:
            if self.index + 1 < NUMBERS_PER_ROUND:
                self.index += 1
                self._reveal(events)
            else:
                self._end_round(events)
        elif self.phase == SETUP:
            self._start_round(1, events)
        else:
            self._start_round(self.round + 1, events)

    def _ready_all(self) -> None:
        for p in self.players:
            p.done = False
        self.waiting = len(self.players)

    def _start_round(self, round_no: int, events: list[ev.Event]) -> None:
        self.phase = PLAY
        self.round = round_no
        self.index = 0
        events.append(ev.RoundStarted(round_no))
        self._reveal(events)

    def _reveal(self, events: list[ev.Event]) -> None:
        self.number = self.numbers[self.round - 1][self.index]
        self._ready_all()
        events.append(ev.NumberRevealed(self.round, self.index, self.number))

    def _end_round(self, events: list[ev.Event]) -> None:
        r = self.round - 1
        self.number = 0
        for i, p in enumerate(self.players):
            done = [c for c, m in zip(p.cards, p.masks, strict=True) if m == FULL]
            if done:
                keep = [(c, m) for c, m in zip(p.cards, p.masks, strict=True) if m != FULL]
                p.cards = [c for c, _ in keep]
                p.masks = [m for _, m in keep]
                self.discard.extend(done)
            p.completed[r] = done
            p.card_points[r] = CARD_POINTS[r] * len(done)
            p.star_points[r] = STAR_POINTS[p.stars[r]]
            events.append(
                ev.PlayerScored(
                    i, self.round, tuple(done), p.card_points[r], p.stars[r], p.star_points[r]
                )
            )
        events.append(ev.RoundScored(self.round))
        if self.round == ROUNDS:
            self._end_game(events)
            return
        self.phase = DRAFT
        self._ready_all()
        for i, p in enumerate(self.players):
            p.hand = self._draw(3, events)
            if p.hand:
                events.append(ev.CardsDealt(i, tuple(p.hand)))
            else:  # nothing left to draw: nothing to pick
                p.done = True
                self.waiting -= 1
        if self.waiting == 0:
            self._start_round(self.round + 1, events)

    def _end_game(self, events: list[ev.Event]) -> None:
        self.phase = OVER
        moons = [p.moons for p in self.players]
        for i, (p, points) in enumerate(zip(self.players, moon_points(moons), strict=True)):
            p.incomplete = sum(POPCOUNT[m] for m in p.masks) // 2
            p.moon_points = points
            p.done = True
            events.append(ev.FinalScored(i, p.incomplete, points, p.total))
        totals = self.totals()
        events.append(ev.GameOver(winners(totals, moons), tuple(totals)))

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
            _undo=[[] for _ in self.players],
        )
        return other


def _no_square(bonus: Bonus) -> str:
    if bonus[0] == NUMBER:
        return f"no open square shows {bonus[1]}"
    return "no open square is left"


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
