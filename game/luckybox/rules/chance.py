"""The chance steps of a Lucky Box game: the next number revealed, a round scored and the
draft dealt, the game's end; and the Lucky Box pile they draw from (reshuffled from the
discards, by the seed or as the deal lists). A mixin of `GameState`: the table calls
`advance()` at its own pace once every seat is done; a replay calls it at once."""

from __future__ import annotations

import game.luckybox.rules.events as ev

from .cards import FULL, POPCOUNT, SLOTS, CardFace
from .legal import DRAFT, LAST_OFFER, OVER, PLAY, SETUP
from .parts import Deal, DealError, PlayerState
from .scoring import CARD_POINTS, NUMBERS_PER_ROUND, ROUNDS, STAR_POINTS, moon_points, winners
from .shuffle import seeded, shuffle
from .tables import REVEALED, ROUND_SCORED, ROUND_STARTED
from .undo import Snapshot


class Chance:
    """`advance` for `GameState`, which provides these attributes."""

    names: tuple[str, ...]
    seed: int
    deal: Deal
    faces: tuple[CardFace, ...]
    numbers: list[list[int]]
    draw_pile: list[int]  # top card last, so drawing is a pop()
    discard: list[int]
    players: list[PlayerState]
    phase: str
    round: int
    index: int
    number: int
    waiting: int
    reshuffles: int
    reshuffle_piles: list[tuple[int, ...]]
    _undo: list[Snapshot]

    def advance(self) -> list[ev.Event]:
        """Take the chance step once everyone is done: reveal the next number, or end the round
        (score it, deal the draft) or the game. [] when players still have to act. DealError if
        a reshuffle the deal lists does not hold the discard pile (a bad record)."""
        if self.waiting:  # (as awaiting_chance(), with the phase read once)
            return []
        phase = self.phase
        if phase == OVER:
            return []
        LAST_OFFER.state = None  # what was listed may not be legal now
        self._undo.clear()  # a new number: what was played before it stands
        index = self.index + 1
        if index < NUMBERS_PER_ROUND and phase == PLAY:
            # The next number (as _reveal, inline: most chance steps are this one).
            self.index = index
            round_no = self.round
            number = self.number = self.numbers[round_no - 1][index]
            players = self.players
            for p in players:
                p.done = False
            self.waiting = len(players)
            return [REVEALED[round_no][index][number]]
        events: list[ev.Event] = []
        if phase == PLAY:
            self._end_round(events)
        elif phase == SETUP:
            self._start_round(1, events)
        else:
            self._start_round(self.round + 1, events)
        return events

    # ---------------------------------------------------------------- the pile

    def _draw(self, count: int, events: list[ev.Event]) -> list[int]:
        pile = self.draw_pile
        if 0 < count <= len(pile):  # (most draws: the top cards taken at once, top card first)
            drawn = pile[-count:]
            del pile[-count:]
            drawn.reverse()
            return drawn
        drawn = []
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
            shuffle(seeded(f"{self.seed}/reshuffle/{n + 1}"), pile)
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

    # ---------------------------------------------------------------- numbers and rounds

    def _ready_all(self) -> None:
        for p in self.players:
            p.done = False
        self.waiting = len(self.players)

    def _start_round(self, round_no: int, events: list[ev.Event]) -> None:
        self.phase = PLAY
        self.round = round_no
        self.index = 0
        events.append(ROUND_STARTED[round_no])
        self._reveal(events)

    def _reveal(self, events: list[ev.Event]) -> None:
        number = self.number = self.numbers[self.round - 1][self.index]
        self._ready_all()
        events.append(REVEALED[self.round][self.index][number])

    def _end_round(self, events: list[ev.Event]) -> None:
        r = self.round - 1
        self.number = 0
        for i, p in enumerate(self.players):
            done: list[int] = []
            masks = p.masks
            if FULL in masks:  # (sought in C) the completed cards leave play
                cards = p.cards
                kept_cards: list[int] = []
                kept_masks: list[int] = []
                for slot in SLOTS[len(cards)]:  # (by slot: no zip object, no comprehensions)
                    if masks[slot] == FULL:
                        done.append(cards[slot])
                    else:
                        kept_cards.append(cards[slot])
                        kept_masks.append(masks[slot])
                p.cards, p.masks = kept_cards, kept_masks
                self.discard.extend(done)
            p.completed[r] = done
            p.card_points[r] = CARD_POINTS[r] * len(done)
            p.star_points[r] = STAR_POINTS[p.stars[r]]
            scored = (i, self.round, tuple(done), p.card_points[r], p.stars[r], p.star_points[r])
            events.append(ev.PlayerScored(*scored))
        events.append(ROUND_SCORED[self.round])
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
        players = self.players
        moons = [p.moons for p in players]
        points = moon_points(moons)
        totals: list[int] = []
        # (loops, not generators or zips: a game has few seats, and each of those is an object
        # and a call of its own)
        for i in range(len(players)):
            p = players[i]
            crossed = 0
            for mask in p.masks:
                crossed += POPCOUNT[mask]
            p.incomplete = crossed // 2
            p.moon_points = points[i]
            p.done = True
            total = p.total
            totals.append(total)
            events.append(ev.FinalScored(i, p.incomplete, points[i], total))
        events.append(ev.GameOver(winners(totals, moons), tuple(totals)))
