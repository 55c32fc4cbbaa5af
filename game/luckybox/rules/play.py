"""A Lucky Box player's action applied: a cross (with the Lightning it spends), a pending
bonus resolved, a pass, a draft kept; and what a cross sets off (lines completed, icons
circled, bonuses gained or lost). A mixin of `GameState`; `check` (legal.py) has already
refused anything illegal, so applying never fails half-way.

Events come ready-made from the seat's tables (tables.py) wherever their fields are fixed;
a seat's `stars` and `pending` lists are replaced, never changed in place, so an undo
snapshot keeps them by reference (undo.py)."""

from __future__ import annotations

import game.luckybox.rules.events as ev
from game.core.game import Outcome

from .actions import Action, Cross, Keep, Pass, Pick, Resolve
from .cards import (
    CROSSING,
    FULL,
    LIGHTNING,
    MOON,
    NUMBER,
    OPEN_CELLS,
    QUESTION,
    SLOTS,
    STAR,
    Bonus,
)
from .legal import LAST_OFFER, Legality
from .parts import Pending, PlayerState
from .scoring import MAX_STARS
from .tables import LAST_DECK, CardTable, LineTable, SeatTable, seat_tables
from .undo import Undo

_new = tuple.__new__


class Play(Legality, Undo):
    """`apply` for `GameState`, which provides these attributes."""

    round: int
    supply: dict[str, int] | None
    undo_enabled: bool

    def apply(self, action: Action) -> Outcome:
        """Apply a legal action and return its events; refuse an illegal one, changing nothing."""
        offer = LAST_OFFER
        # The very object just listed for this state is legal as it is (as LastOffer.holds,
        # inline); anything else is checked (the loop's else: not found among them). Sought by
        # identity: index() compares actions field by field, and the fields of actions listed
        # together mostly agree (a bonus's Resolve actions share five).
        for listed in offer.actions if offer.state is self else ():
            if listed is action:
                seat = offer.seat  # (the tables it was listed from)
                break
        else:
            reason = self.check(action)
            if reason is not None:
                return _new(Outcome, ([], reason))
            faces = self.faces
            seat = (LAST_DECK.seats if LAST_DECK.faces is faces else seat_tables(faces))[
                action.player
            ]
        offer.state = None
        player = action.player
        p = self.players[player]
        events: list[ev.Event]
        # check() let through only these exact types (no subclass)
        if isinstance(action, Cross):
            card, cell, lightning = action.card, action.cell, action.lightning
            slot = p.cards.index(card)
            masks = p.masks
            before = masks[slot]
            mask, lines = CROSSING[cell][before]  # the square crossed (as `_cross`, inline)
            if self.undo_enabled:
                if lines or lightning:  # (as _snapshot, inline)
                    supply = self.supply
                    self._undo.append(
                        (
                            player,
                            slot,
                            before,
                            p.lightning,
                            p.moons,
                            p.stars,
                            p.pending,
                            dict(supply) if supply is not None else None,
                        )
                    )
                else:  # most actions: one square crossed, nothing else changes, and the
                    # action itself says which (no snapshot to build: see undo.py)
                    self._undo.append(action)
            self.actions.append(action)
            crossed = seat.cards[card] or seat.card(card)
            masks[slot] = mask
            if lightning:
                spent = abs(lightning)
                p.lightning -= spent
                if self.supply is not None:
                    self.supply[LIGHTNING] += spent
                square = crossed.by_lightning[cell]
                if not lines:  # (a cross is legal only with no bonus pending: the seat is done)
                    p.done = True
                    self.waiting -= 1
                    spent_event = seat.spent[lightning + 8][self.number]
                    return _new(Outcome, ([spent_event, square, seat.done], None))
                events = [seat.spent[lightning + 8][self.number], square]
            else:
                if not lines:  # (the most common action: one list, built whole)
                    p.done = True
                    self.waiting -= 1
                    return _new(Outcome, ([crossed.by_number[cell], seat.done], None))
                events = [crossed.by_number[cell]]
            self._lines_done(player, p, seat, crossed, lines, mask, events)
        elif isinstance(action, Resolve):
            card, target, cell = action.card, action.target_card, action.cell
            slot = p.cards.index(target)
            if self.undo_enabled:
                self._undo.append(self._snapshot(player, p, slot))
            self.actions.append(action)
            resolved = seat.line(card, action.line, action.index)
            # The bonus resolved: its Pending (the line's own, or one equal to it after a
            # copy or a pickle) found in C, and taken out of a new list (see the doc).
            pending = p.pending[:]
            pending.remove(resolved.pending)
            p.pending = pending
            events = [resolved.used]
            self._cross(player, p, seat, target, slot, cell, events)
        elif isinstance(action, Pass):  # it changes no card; legal only with no bonus pending
            if self.undo_enabled:
                self._undo.append(self._snapshot(player, p, None))
            self.actions.append(action)
            p.done = True
            self.waiting -= 1
            return _new(Outcome, ([seat.passed, seat.done], None))
        else:
            return self._draft(player, p, seat, action)
        if p.pending:
            # A bonus whose every possible square is now crossed is lost at once.
            keep: list[Pending] = []
            for pend in p.pending:
                if self._has_target(p, pend.bonus, seat):
                    keep.append(pend)
                else:
                    events.append(seat.line(pend.card, pend.line, pend.index).lost)
            p.pending = keep
            if keep:
                return _new(Outcome, (events, None))
        p.done = True
        events.append(seat.done)
        self.waiting -= 1
        return _new(Outcome, (events, None))

    def _draft(self, player: int, p: PlayerState, seat: SeatTable, action: Keep | Pick) -> Outcome:
        """Keep 3 of the 5 cards dealt at setup, or pick 1 of the 3 dealt after a round."""
        if self.undo_enabled:
            self._undo.append((player, p.cards[:], p.masks[:], p.hand))
        # The cards not kept are discarded, in the order drawn: the hand less those kept, taken
        # out in C (a comprehension is a function call of its own).
        hand = p.hand[:]
        event: ev.Event
        if isinstance(action, Keep):
            # In the order drawn, as legal_actions lists the choice (a record may name the
            # same three cards in another order)
            kept = tuple(c for c in hand if c in action.cards)
            if kept != action.cards:
                action = Keep(player, kept)
            for card in kept:
                hand.remove(card)
            p.cards.extend(kept)
            p.masks.extend([0] * len(kept))
            event = ev.CardsKept(player, kept, tuple(hand))
        else:
            card = action.card
            hand.remove(card)
            p.cards.append(card)
            p.masks.append(0)
            event = ev.CardsPicked(player, card, tuple(hand))
        self.actions.append(action)
        self.discard.extend(hand)
        p.hand = []
        p.done = True
        self.waiting -= 1
        return _new(Outcome, ([event, seat.done], None))

    def _has_target(self, p: PlayerState, bonus: Bonus, seat: SeatTable) -> bool:
        if bonus[0] == QUESTION:  # any open square: not every card full (counted in C)
            masks = p.masks
            return masks.count(FULL) != len(masks)
        showing = seat.reached[bonus[1] * 9]  # each card's cells showing the number
        cards, masks = p.cards, p.masks
        # A loop by slot: no generator, and no zip object with its iterators and tuples
        for slot in SLOTS[len(cards)]:  # noqa: SIM110
            if showing[cards[slot]] & OPEN_CELLS[masks[slot]]:
                return True
        return False

    def _lines_done(
        self,
        player: int,
        p: PlayerState,
        seat: SeatTable,
        crossed: CardTable,
        lines: tuple[int, ...],
        mask: int,
        events: list[ev.Event],
    ) -> None:
        """What crossing a square set off: the `lines` it completed (their icons circled, their
        bonuses gained) and the card, when it is the last square."""
        for line_no in lines:
            line = crossed.lines[line_no]
            events += line.completed
            self._gain(player, p, seat, line, events)
        if mask == FULL:  # (the last square always completes its row and column)
            events.append(crossed.completed)

    def _cross(
        self,
        player: int,
        p: PlayerState,
        seat: SeatTable,
        card: int,
        slot: int,
        cell: int,
        events: list[ev.Event],
    ) -> None:
        """Cross a square with a bonus, and what that sets off."""
        crossed = seat.cards[card] or seat.card(card)
        mask, lines = CROSSING[cell][p.masks[slot]]
        p.masks[slot] = mask
        events.append(crossed.by_bonus[cell])
        if lines:
            self._lines_done(player, p, seat, crossed, lines, mask, events)

    def _gain(
        self, player: int, p: PlayerState, seat: SeatTable, line: LineTable, events: list[ev.Event]
    ) -> None:
        """A completed line's bonus: a square to cross later, a star, or tokens."""
        bonus = line.bonus
        kind = bonus[0]
        if kind in (NUMBER, QUESTION):
            if self._has_target(p, bonus, seat):
                p.pending = [*p.pending, line.pending]  # (a new list: see the module's doc)
                events.append(line.pending_event)
            else:
                events.append(line.lost)
        elif kind == STAR:
            r = self.round - 1
            stars = p.stars
            if stars[r] < MAX_STARS:
                events.append(seat.stars[r][stars[r]])
                p.stars = stars = stars[:]  # (a new list: see the module's doc)
                stars[r] += 1
            else:
                events.append(seat.wasted[r])
        elif kind in (LIGHTNING, MOON):
            count = bonus[1] if kind == LIGHTNING else 1
            if self.supply is not None:
                available = self.supply[kind]
                if available < count:
                    events.append(line.lost_to_supply)
                    count = available
                self.supply[kind] -= count
            if count:
                if kind == LIGHTNING:
                    p.lightning += count
                    total = p.lightning
                else:
                    p.moons += count
                    total = p.moons
                # (the event from the seat's table, made when first met: a token count and
                # total recur, and a key costs less than an event)
                key = (kind, count, total)
                gained = seat.gained.get(key)
                if gained is None:
                    gained = seat.gained[key] = ev.TokenGained(player, *key)
                events.append(gained)
        # BLANK: the circled icon is all that happens.
