"""What a Lucky Box player may do now: the legal actions, and why any other is refused.

A mixin of `GameState` (kept apart from applying moves, so each file has one job)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from game.core.game import Refusal

from .actions import Action, Cross, Keep, Pass, Pick, Resolve
from .cards import CELLS_OF_MASK, NUMBER, OPEN_CELLS, SLOTS, CardFace
from .parts import PlayerState
from .scoring import shift
from .tables import LAST_DECK, SeatTable, seat_tables

SETUP = "setup"  # the starting draft: keep 3 of 5
PLAY = "play"  # a number is revealed
DRAFT = "draft"  # after rounds 1-3: keep 1 of 3
OVER = "over"

_ACTION_TYPES = frozenset((Keep, Pick, Cross, Pass, Resolve))


class LastOffer:
    """The actions `legal_actions` listed last and the state they are legal in, until that
    state next changes: `apply` takes those very objects (by identity: an equal action built
    elsewhere is checked) without checking them again. One for the process, not on the state,
    so a state's copies, views, pickles and comparisons never see it."""

    __slots__ = ("state", "actions", "seat")

    seat: SeatTable  # the tables of the seat they were listed for (set with `state`)

    def __init__(self) -> None:
        self.state: object = None  # None: nothing offered is known to be legal any more
        self.actions: tuple[Action, ...] = ()

    def holds(self, state: object, action: object) -> bool:
        """Whether `action` is one of the very objects offered for `state`, unchanged since."""
        if self.state is state:
            for listed in self.actions:
                if listed is action:
                    return True
        return False


LAST_OFFER = LastOffer()


class Legality:
    """`legal_actions` and `check` for `GameState`, which provides these attributes."""

    players: list[PlayerState]
    phase: str
    number: int  # the revealed number (0 outside PLAY)
    faces: tuple[CardFace, ...]

    def legal_actions(self, player: int) -> list[Action]:
        """Every action the player may take now (empty when they have nothing to do)."""
        p = self.players[player]
        if p.done:
            return []
        phase = self.phase
        if phase == PLAY:
            faces = self.faces
            seat = (LAST_DECK.seats if LAST_DECK.faces is faces else seat_tables(faces))[player]
            if p.pending:
                out = self._resolve_actions(seat, p)
            else:
                # The crosses: each card's ready tuples for this number and Lightning count, for
                # the open cells they reach, in order; a pass only when no open square shows
                # the number.
                lightning = p.lightning
                number = self.number
                out = []
                cards, masks = p.cards, p.masks
                if not lightning:
                    # Without Lightning only the squares showing the number are in reach (any
                    # cross is an exact one, so no pass with it), and each card's crosses on
                    # its open ones come joined from one table: most listings are these.
                    reached = seat.reached[number * 9]  # (as tables.at with no Lightning)
                    by_open = seat.by_open[number]
                    for slot in SLOTS[len(cards)]:
                        card = cards[slot]
                        open_cells = reached[card] & OPEN_CELLS[masks[slot]]
                        if open_cells:  # (extend(): += goes the long way round to it)
                            crosses = by_open[card] or seat.open_crosses(card, number)
                            out.extend(crosses[open_cells])
                else:
                    at = number * 9 + (lightning if lightning < 8 else 8)  # as tables.at
                    reached = seat.reached[at]
                    entries = seat.by_at[at]
                    exact = 0
                    # By slot, not zip(): a zip object, its iterators and its tuples cost more
                    # than reading both lists (callgrind)
                    for slot in SLOTS[len(cards)]:
                        card = cards[slot]
                        in_reach = reached[card]
                        reached_open = in_reach & OPEN_CELLS[masks[slot]]
                        if reached_open:  # (an exact square is always reached)
                            exact_cells, _, by_cell, joined = entries[card] or seat.build(card, at)
                            exact |= reached_open & exact_cells
                            if reached_open == in_reach:
                                out += joined
                            else:
                                # A plain loop: a card's open cells within reach are few, so
                                # joining them with iterators cost more (callgrind).
                                for cell in CELLS_OF_MASK[reached_open]:
                                    out += by_cell[cell]
                    if out and not exact:
                        out.append(seat.passes)
                if not out:
                    return self._pass_alone(seat)
        elif phase == SETUP:
            faces = self.faces
            seat = (LAST_DECK.seats if LAST_DECK.faces is faces else seat_tables(faces))[player]
            out = []
            for combo in combinations(p.hand, 3):  # (a loop, as for a pick below)
                out.append(Keep(player, combo))
        elif phase == DRAFT:
            faces = self.faces
            seat = (LAST_DECK.seats if LAST_DECK.faces is faces else seat_tables(faces))[player]
            out = []
            for card in p.hand:  # (a loop: a comprehension is a function call of its own)
                out.append((seat.cards[card] or seat.card(card)).pick)
        else:
            return []
        offer = LAST_OFFER
        offer.state = self
        offer.actions = tuple(out)  # (a copy: the caller may change its list)
        offer.seat = seat
        return out

    def _pass_alone(self, seat: SeatTable) -> list[Action]:
        """Nothing in reach: the pass alone, offered as a shared tuple."""
        offer = LAST_OFFER
        offer.state = self
        offer.actions = seat.pass_alone
        offer.seat = seat
        return [seat.passes]

    def _resolve_actions(self, seat: SeatTable, p: PlayerState) -> list[Action]:
        """Every way to resolve each pending bonus: an open square (showing its number, for a
        number bonus) on any card, card by card, cell by cell."""
        cards, masks = p.cards, p.masks
        out: list[Action] = []
        for pend in p.pending:
            card, line, index, bonus = pend.card, pend.line, pend.index, pend.bonus
            # A number bonus reaches the squares showing its number (each card's cells that
            # show it are `reached` with no Lightning), a question mark any open square.
            showing = seat.reached[bonus[1] * 9] if bonus[0] == NUMBER else None
            pending = seat.line(card, line, index)
            by_target = pending.by_target
            for slot in SLOTS[len(cards)]:  # (by slot: a zip object costs more, as above)
                target = cards[slot]
                open_cells = OPEN_CELLS[masks[slot]]
                if showing is not None:
                    open_cells &= showing[target]
                if open_cells:
                    by_cell = by_target.get(target) or pending.resolves(target)
                    for cell in CELLS_OF_MASK[open_cells]:
                        out.append(by_cell[cell] or pending.resolve(target, cell))
        return out

    def has_exact(self, player: int) -> bool:
        """Whether the player has an open square showing exactly the revealed number."""
        p = self.players[player]
        n = self.number
        faces = self.faces
        # Parallel lists, so no strict=: its keyword makes each zip() call twice as slow.
        return any(faces[c].number_mask[n] & ~m for c, m in zip(p.cards, p.masks))  # noqa: B905

    # ---------------------------------------------------------------- checking

    def check(self, action: Any) -> Refusal | None:
        """Why the action is illegal now (a code, and the English line records keep); None if
        it is legal."""
        kind = type(action)
        if kind not in _ACTION_TYPES:
            return Refusal("not_an_action", "that is not an action")
        player = action.player
        if type(player) is not int or not 0 <= player < len(self.players):
            return Refusal("unknown_player", "unknown player {value}", value=player)
        p = self.players[player]
        phase = self.phase
        if phase == OVER:
            return Refusal("game_over", "the game is over")
        if kind is Cross or kind is Pass or kind is Resolve:
            if phase != PLAY:
                if phase == SETUP:
                    return Refusal("must_keep", "player {player} must keep 3 cards", player=player)
                return Refusal("must_pick", "player {player} must pick a card", player=player)
            if p.done:
                return Refusal(
                    "already_played",
                    "player {player} has already played number {number}",
                    player=player,
                    number=self.number,
                )
            if kind is Resolve:
                return self._check_resolve(player, p, action)
            if p.pending:
                return Refusal(
                    "resolve_first",
                    "player {player} must first resolve a pending bonus",
                    player=player,
                )
            if kind is Pass:
                if self.has_exact(player):
                    return Refusal(
                        "cannot_pass",
                        "player {player} cannot pass: an open square shows {number}",
                        player=player,
                        number=self.number,
                    )
                return None
            return self._check_cross(player, p, action)
        if kind is Keep:
            if phase != SETUP:
                return Refusal(
                    "cannot_keep_now", "player {player} cannot keep cards now", player=player
                )
            if p.done:
                return Refusal(
                    "already_kept", "player {player} has already kept their cards", player=player
                )
            cards = action.cards
            if type(cards) is not tuple or len(cards) != 3 or len(set(cards)) != 3:
                return Refusal(
                    "keep_three", "player {player} must keep 3 different cards", player=player
                )
            missing = [c for c in cards if c not in p.hand]
            if missing:
                return Refusal(
                    "not_drawn",
                    "player {player} did not draw card {card}",
                    player=player,
                    card=missing[0],
                )
            return None
        # Pick
        if phase != DRAFT:
            return Refusal(
                "cannot_pick_now", "player {player} cannot pick a card now", player=player
            )
        if p.done:
            return Refusal(
                "already_picked", "player {player} has already picked a card", player=player
            )
        if action.card not in p.hand:
            return Refusal(
                "not_drawn",
                "player {player} did not draw card {card}",
                player=player,
                card=action.card,
            )
        return None

    def _check_square(self, player: int, p: PlayerState, card: Any, cell: Any) -> Refusal | None:
        if type(cell) is not int or not 0 <= cell <= 8:
            return Refusal("not_a_square", "cell {cell} is not a square (0-8)", cell=cell)
        mask = p.mask_of(card)
        if mask is None:
            return Refusal(
                "no_card", "player {player} has no card {card}", player=player, card=card
            )
        if mask >> cell & 1:
            return Refusal(
                "already_crossed",
                "player {player} has already crossed cell {cell} on card {card}",
                player=player,
                cell=cell,
                card=card,
            )
        return None

    def _check_cross(self, player: int, p: PlayerState, action: Cross) -> Refusal | None:
        card, cell, lightning = action.card, action.cell, action.lightning
        if type(lightning) is not int:
            return Refusal("lightning_not_whole", "lightning must be a whole number")
        spent = abs(lightning)
        if spent > 8:
            return Refusal(
                "lightning_round_clock", "spending more than 8 Lightning only goes round the clock"
            )
        if spent > p.lightning:
            return Refusal(
                "not_enough_lightning",
                "player {player} has {have} Lightning, not {spent}",
                player=player,
                have=p.lightning,
                spent=spent,
            )
        cards = p.cards
        if (
            type(cell) is not int
            or not 0 <= cell <= 8
            or card not in cards
            or p.masks[cards.index(card)] >> cell & 1
        ):
            return self._check_square(player, p, card, cell)  # says which of these it is
        target = shift(self.number, lightning) if lightning else self.number
        if self.faces[card].grid[cell] != target:
            return Refusal(
                "no_open_square",
                "player {player} has no open square showing {target} on card {card}",
                player=player,
                target=target,
                card=card,
            )
        return None

    def _check_resolve(self, player: int, p: PlayerState, action: Resolve) -> Refusal | None:
        card, line, index = action.card, action.line, action.index
        target, cell = action.target_card, action.cell
        pend = next(
            (x for x in p.pending if x.card == card and x.line == line and x.index == index), None
        )
        if pend is None:
            return Refusal(
                "no_pending_bonus",
                "player {player} has no pending bonus on card {card} {line} {index}",
                player=player,
                card=card,
                line=line,
                index=index,
            )
        reason = self._check_square(player, p, target, cell)
        if reason:
            return reason
        if pend.bonus[0] == NUMBER and self.faces[target].grid[cell] != pend.bonus[1]:
            return Refusal(
                "bonus_needs",
                "player {player} has no open square showing {need} on card {card}",
                player=player,
                need=pend.bonus[1],
                card=target,
            )
        return None
