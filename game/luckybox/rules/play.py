"""A Lucky Box player's action applied: a cross (with the Lightning it spends), a pending
bonus resolved, a pass, a draft kept; and what a cross sets off (lines completed, icons
circled, bonuses gained or lost). A mixin of `GameState`; `check` (legal.py) has already
refused anything illegal, so applying never fails half-way."""

from __future__ import annotations

import game.luckybox.rules.events as ev
from game.core.game import Outcome

from .actions import Action, Cross, Keep, Pick, Resolve
from .cards import FULL, LIGHTNING, LINES_DONE, MOON, NUMBER, QUESTION, STAR, Bonus
from .legal import LAST_OFFER, Legality
from .parts import Pending, PlayerState
from .scoring import MAX_STARS, shift
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
        # quicker: index() finds the listed action equal to it in C, as a list holds no two
        # equal actions; only if that is the very object is it trusted).
        if offer.state is self:
            listed = offer.actions
            try:
                trusted = listed[listed.index(action)] is action
            except ValueError:
                trusted = False  # not listed
        else:
            trusted = False
        if not trusted:
            reason = self.check(action)
            if reason is not None:
                return _new(Outcome, ([], reason))
        offer.state = None
        player = action[0]
        p = self.players[player]
        kind = type(action)  # check() let through only these exact types
        if kind is Keep or kind is Pick:
            if self.undo_enabled:
                self._undo.append(self._snapshot(player, p))
            self.actions.append(action)
            events: list[ev.Event] = []
            self._draft(player, p, action, events)  # type: ignore[arg-type]  # Keep or Pick
            return _new(Outcome, (events, None))
        if self.undo_enabled:
            # As _snapshot, inline: a cross, bonus or pass changes neither cards nor hand.
            supply = self.supply
            self._undo.append(
                (
                    player,
                    p.cards,
                    p.masks[:],
                    p.lightning,
                    p.moons,
                    p.stars[:],
                    p.pending[:],
                    p.hand,
                    p.done,
                    dict(supply) if supply is not None else None,
                )
            )
        self.actions.append(action)
        if kind is Cross:
            _, card, cell, lightning = action  # type: ignore[misc]  # a Cross: four fields
            if lightning:
                spent = abs(lightning)
                p.lightning -= spent
                if self.supply is not None:
                    self.supply[LIGHTNING] += spent
                number = self.number
                events = [_new(ev.TokensSpent, (player, spent, number, shift(number, lightning)))]
                by = "lightning"
            else:
                events = []
                by = "number"
            # The square crossed (as _cross, inline: most actions are one plain cross).
            slot = p.cards.index(card)
            mask = p.masks[slot] | 1 << cell
            p.masks[slot] = mask
            face = self.faces[card]
            events.append(_new(ev.SquareCrossed, (player, card, cell, face.grid[cell], by)))
            if LINES_DONE[cell][mask]:
                self._lines_done(player, p, card, cell, mask, events)
        elif kind is Resolve:
            _, card, line, index, target, cell = action  # type: ignore[misc]  # six fields
            events = []
            for i, pend in enumerate(p.pending):
                if pend.card == card and pend.line == line and pend.index == index:
                    del p.pending[i]
                    events.append(_new(ev.BonusUsed, (player, card, line, index, pend.bonus)))
                    break
            self._cross(player, p, target, cell, "bonus", events)
        else:  # Pass
            events = [_new(ev.Passed, (player,))]
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
                return _new(Outcome, (events, None))
        p.done = True  # as _finish, inline: most actions end here
        events.append(_new(ev.PlayerDone, (player,)))
        self.waiting -= 1
        return _new(Outcome, (events, None))

    def _draft(
        self, player: int, p: PlayerState, action: Keep | Pick, events: list[ev.Event]
    ) -> None:
        """Keep 3 of the 5 cards dealt at setup, or pick 1 of the 3 dealt after a round."""
        if isinstance(action, Keep):
            kept = action.cards
            discarded = tuple(c for c in p.hand if c not in kept)
            p.cards.extend(kept)
            p.masks.extend([0] * len(kept))
            self.discard.extend(discarded)
            p.hand = []
            events.append(ev.CardsKept(player, kept, discarded))
        else:
            card = action.card
            discarded = tuple(c for c in p.hand if c != card)
            p.cards.append(card)
            p.masks.append(0)
            self.discard.extend(discarded)
            p.hand = []
            events.append(ev.CardsPicked(player, card, discarded))
        self._finish(player, p, events)

    def _has_target(self, p: PlayerState, bonus: Bonus) -> bool:
        if bonus[0] == QUESTION:
            return any(m != FULL for m in p.masks)
        n = bonus[1]
        faces = self.faces
        # Parallel lists, so no strict=: its keyword makes each zip() call twice as slow.
        for card, mask in zip(p.cards, p.masks):  # noqa: B905, SIM110  (a loop: no generator)
            if faces[card].number_mask[n] & ~mask:
                return True
        return False

    def _cross(
        self, player: int, p: PlayerState, card: int, cell: int, by: str, events: list[ev.Event]
    ) -> None:
        slot = p.cards.index(card)
        mask = p.masks[slot] | (1 << cell)
        p.masks[slot] = mask
        events.append(_new(ev.SquareCrossed, (player, card, cell, self.faces[card].grid[cell], by)))
        if LINES_DONE[cell][mask]:
            self._lines_done(player, p, card, cell, mask, events)

    def _lines_done(
        self, player: int, p: PlayerState, card: int, cell: int, mask: int, events: list[ev.Event]
    ) -> None:
        """What crossing `cell` set off: the lines it completed (their icons circled, their
        bonuses gained) and the card, when it is the last square."""
        face = self.faces[card]
        for line, index in LINES_DONE[cell][mask]:
            bonus = face.row_bonus[index] if line == "row" else face.col_bonus[index]
            completed = (player, card, line, index, bonus)
            events.append(_new(ev.LineCompleted, completed))
            events.append(_new(ev.IconCircled, completed))
            self._gain(player, p, card, line, index, bonus, events)
        if mask == FULL:  # (the last square always completes its row and column)
            events.append(_new(ev.CardCompleted, (player, card)))

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
                events.append(_new(ev.BonusPending, (player, card, line, index, bonus)))
            else:
                events.append(ev.BonusLost(player, card, line, index, bonus, _no_square(bonus)))
        elif kind == STAR:
            r = self.round - 1
            if p.stars[r] < MAX_STARS:
                events.append(_new(ev.StarGained, (player, self.round, p.stars[r])))
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
                events.append(_new(ev.TokenGained, (player, kind, count, total)))
        # BLANK: the circled icon is all that happens.

    def _finish(self, player: int, p: PlayerState, events: list[ev.Event]) -> None:
        p.done = True
        events.append(_new(ev.PlayerDone, (player,)))
        self.waiting -= 1


def _no_square(bonus: Bonus) -> str:
    if bonus[0] == NUMBER:
        return f"no open square shows {bonus[1]}"
    return "no open square is left"
