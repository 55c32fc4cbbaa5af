"""Shared tables of the actions and events a seat can be given, each built once and then reused
by every game, clone and view of the same deck.

Why: actions and events are objects, and building one (the allocation, the garbage
collector's bookkeeping, and freeing it again) costs the engine about a thousand machine
instructions, where reading a ready one costs a few dozen (callgrind). A
solo game built several hundred. They are immutable, so sharing them shows nowhere: they
compare, print, pickle and record as before. Tables are kept per seat because every action and
event names its seat, and hold only what play reaches: a card's objects are built when the seat
first meets the card, a listing's entry when first asked for. Kept at module level, not on the
state: a state holds only the game (pickles, views and copies stay small).
"""

from __future__ import annotations

import game.luckybox.rules.events as ev

from .actions import Cross, Pass, Pick, Resolve
from .cards import CELLS_OF_MASK, LINES, NUMBER, Bonus, CardFace
from .parts import Pending
from .scoring import _OPTIONS, MAX_PLAYERS, MAX_STARS, NUMBERS_PER_ROUND, ROUNDS, shift

# REVEALED[round][index][number]: the NumberRevealed event (number 0 too: a view's hidden
# numbers read 0, and a bot may play a view on).
REVEALED = tuple(
    tuple(tuple(ev.NumberRevealed(r, i, n) for n in range(10)) for i in range(NUMBERS_PER_ROUND))
    for r in range(ROUNDS + 1)
)
ROUND_STARTED = tuple(ev.RoundStarted(r) for r in range(ROUNDS + 1))
ROUND_SCORED = tuple(ev.RoundScored(r) for r in range(ROUNDS + 1))


def no_square(bonus: Bonus) -> str:
    """Why a number or question-mark bonus is lost at once."""
    if bonus[0] == NUMBER:
        return f"no open square shows {bonus[1]}"
    return "no open square is left"


class LineTable:
    """One seat's objects for one line (row or column) of one card: the events of completing it,
    its bonus as pending, used or lost, and the actions that resolve it."""

    __slots__ = (
        "seat",
        "card",
        "bonus",
        "completed",
        "pending",
        "pending_event",
        "used",
        "lost",
        "lost_to_supply",
        "by_target",
    )

    def __init__(self, seat: int, card: int, line_no: int, face: CardFace) -> None:
        line, index = LINES[line_no]
        bonus = face.row_bonus[index] if line == "row" else face.col_bonus[index]
        said = (seat, card, line, index, bonus)
        self.seat = seat
        self.card = card
        self.bonus = bonus
        # The line completed and its icon circled: always together, in this order.
        self.completed = (ev.LineCompleted(*said), ev.IconCircled(*said))
        self.pending = Pending(card, line, index, bonus)
        self.pending_event = ev.BonusPending(*said)
        self.used = ev.BonusUsed(*said)
        self.lost = ev.BonusLost(*said, no_square(bonus))
        self.lost_to_supply = ev.BonusLost(*said, "the supply has run out")
        # by_target[card][cell]: the Resolve action on that cell of that card, None until first
        # listed (see `resolves` and `resolve`)
        self.by_target: dict[int, list[Resolve | None]] = {}

    def resolves(self, target: int) -> list[Resolve | None]:
        """The Resolve actions on each cell (0-8) of card `target` met so far, by cell (a
        listing reads `by_target` inline, and `resolve` builds the missing ones)."""
        found = self.by_target.get(target)
        if found is None:
            found = self.by_target[target] = [None] * 9
        return found

    def resolve(self, target: int, cell: int) -> Resolve:
        """Build and keep the action resolving this line's bonus on that cell of `target`: only
        the squares a listing offers (a number bonus reaches one square a card, mostly; random
        solo games still met a new line and card about twice a game after a thousand)."""
        pending = self.pending
        found = Resolve(self.seat, self.card, pending.line, pending.index, target, cell)
        self.resolves(target)[cell] = found
        return found


class CardTable:
    """One seat's objects for one card: the square-crossed event of each cell (by the revealed
    number, by Lightning, by a bonus), its six lines (numbered as `LINES`), the card completed,
    and the action that picks it."""

    __slots__ = ("by_number", "by_lightning", "by_bonus", "lines", "completed", "pick")

    def __init__(self, seat: int, card: int, face: CardFace) -> None:
        grid = face.grid
        self.by_number, self.by_lightning, self.by_bonus = (
            tuple(ev.SquareCrossed(seat, card, cell, grid[cell], by) for cell in range(9))
            for by in ("number", "lightning", "bonus")
        )
        self.lines = tuple(LineTable(seat, card, line_no, face) for line_no in range(6))
        self.completed = ev.CardCompleted(seat, card)
        self.pick = Pick(seat, card)


# One card's crosses for one revealed number and Lightning count: the mask of its cells that
# show the number exactly, the mask of those some cross reaches (with few tokens, few do), per
# cell the Cross actions on it, and all of those joined in the order listed (a listing takes
# them whole when every cell in reach is open: always so without Lightning, one cell in reach).
CrossEntry = tuple[int, int, tuple[tuple[Cross, ...], ...], tuple[Cross, ...]]


class SeatTable:
    """One seat's actions and events: its Cross actions per card, revealed number and Lightning
    count (a listing joins ready tuples), its cards' `CardTable`s, and the events that name
    only the seat (done, passed, Lightning spent, stars)."""

    __slots__ = (
        "seat",
        "faces",
        "reached",
        "by_at",
        "by_open",
        "cards",
        "passes",
        "pass_alone",
        "passed",
        "done",
        "spent",
        "stars",
        "wasted",
        "gained",
        "_on_cell",
    )

    def __init__(
        self, seat: int, faces: tuple[CardFace, ...], reached: tuple[tuple[int, ...], ...]
    ) -> None:
        self.seat = seat
        self.faces = faces
        self.reached = reached  # reached[at][card]: see `reached_cells`, shared by every seat
        # by_at[at(number, lightning)][card] (at: see `at`), None until first asked for: a
        # listing reads one row (its number and Lightning) for every card
        self.by_at: list[list[CrossEntry | None]] = [[None] * len(faces) for _ in range(10 * 9)]
        # by_open[number][card]: for each set of open cells among those showing the number, the
        # Cross actions on them without Lightning, joined in order (see `open_crosses`). Most
        # listings are for a seat without Lightning (four in five in random solo games): a
        # card's whole share of one is then a lookup.
        self.by_open: list[list[dict[int, tuple[Cross, ...]] | None]] = [
            [None] * len(faces) for _ in range(10)
        ]
        self.cards: list[CardTable | None] = [None] * len(faces)  # by card id, built when met
        self.passes = Pass(seat)  # the seat's one Pass action
        self.pass_alone = (self.passes,)  # a listing of the pass alone, as LAST_OFFER keeps it
        self.passed = ev.Passed(seat)
        self.done = ev.PlayerDone(seat)
        # spent[lightning + 8][number]: the TokensSpent of a cross with that Lightning (-8 to 8)
        self.spent = tuple(
            tuple(ev.TokensSpent(seat, abs(lightning), n, shift(n, lightning)) for n in range(10))
            for lightning in range(-8, 9)
        )
        # stars[round - 1][slot]: a star gained in that round's slot; wasted[round - 1]: a 4th
        self.stars = tuple(
            tuple(ev.StarGained(seat, r, slot) for slot in range(MAX_STARS))
            for r in range(1, ROUNDS + 1)
        )
        self.wasted = tuple(ev.StarWasted(seat, r) for r in range(1, ROUNDS + 1))
        # gained[(token, count, total)]: the TokenGained event of a bonus, made when first met
        self.gained: dict[tuple[str, int, int], ev.TokenGained] = {}
        # (card, cell, lightning values) -> its Cross actions: entries share them
        self._on_cell: dict[tuple[int, int, tuple[int, ...]], tuple[Cross, ...]] = {}

    def card(self, card: int) -> CardTable:
        """The card's objects, built on first use (the engine reads `cards[card]` inline)."""
        found = self.cards[card]
        if found is None:
            found = self.cards[card] = CardTable(self.seat, card, self.faces[card])
        return found

    def line(self, card: int, line: str, index: int) -> LineTable:
        crossed = self.cards[card] or self.card(card)  # (one call, not two: the card is known)
        return crossed.lines[index if line == "row" else 3 + index]

    def build(self, card: int, at: int) -> CrossEntry:
        """Build and keep the card's entry at `at(number, lightning)`."""
        number, tokens = divmod(at, 9)
        grid = self.faces[card].grid
        options = _OPTIONS[number]
        by_cell = tuple(self._crosses(card, cell, options[grid[cell]][tokens]) for cell in range(9))
        reached = sum(1 << cell for cell in range(9) if by_cell[cell])
        in_reach = [crosses for crosses in by_cell if crosses]
        joined = in_reach[0] if len(in_reach) == 1 else tuple(c for cs in in_reach for c in cs)
        exact = self.faces[card].number_mask[number]
        built = self.by_at[at][card] = exact, reached, by_cell, joined
        return built

    def open_crosses(self, card: int, number: int) -> dict[int, tuple[Cross, ...]]:
        """Build and keep the card's `by_open` entry for `number`: for every non-empty set of
        the cells showing it (at most three), the crosses on them as its entry without
        Lightning lists them."""
        _, showing, by_cell, _ = self.by_at[number * 9][card] or self.build(card, number * 9)
        found: dict[int, tuple[Cross, ...]] = {}
        cells = showing
        while cells:  # each subset of `showing` (the usual walk down its submasks)
            found[cells] = tuple(c for cell in CELLS_OF_MASK[cells] for c in by_cell[cell])
            cells = (cells - 1) & showing
        self.by_open[number][card] = found
        return found

    def _crosses(self, card: int, cell: int, values: tuple[int, ...]) -> tuple[Cross, ...]:
        key = (card, cell, values)
        found = self._on_cell.get(key)
        if found is None:
            found = tuple(Cross(self.seat, card, cell, v) for v in values)
            self._on_cell[key] = found
        return found


def at(number: int, lightning: int) -> int:
    """Where a revealed number and a player's Lightning are kept in `SeatTable.by_at` (more
    than 8 tokens offer nothing more: 9 steps go round the clock)."""
    return number * 9 + (lightning if lightning < 8 else 8)


def reached_cells(faces: tuple[CardFace, ...]) -> tuple[tuple[int, ...], ...]:
    """For each `at(number, lightning)` and card, the mask of the cells some cross reaches
    (as a `CrossEntry`'s, for every card at once). A listing tests each card against it before
    reading the card's entry: most cards offer nothing (half of them in random solo games)."""
    return tuple(
        tuple(
            sum(1 << cell for cell in range(9) if _OPTIONS[number][face.grid[cell]][tokens])
            for face in faces
        )
        for number in range(10)
        for tokens in range(9)
    )


class LastDeck:
    """The seat tables of the deck asked for last: a state finds its tables with one identity
    test (`LAST_DECK.seats if LAST_DECK.faces is faces else seat_tables(faces)`), not a dict
    lookup, as every game in a process deals one of two decks (one copy or two)."""

    __slots__ = ("faces", "seats")

    def __init__(self) -> None:
        self.faces: tuple[CardFace, ...] | None = None
        self.seats: tuple[SeatTable, ...] = ()


LAST_DECK = LastDeck()

# id(faces) -> (those faces, a table for each of the 12 seats): shared by every game and clone
# of that deck.
_BY_DECK: dict[int, tuple[tuple[CardFace, ...], tuple[SeatTable, ...]]] = {}


def seat_tables(faces: tuple[CardFace, ...]) -> tuple[SeatTable, ...]:
    """The `SeatTable`s of every seat for these faces (the deck's, one copy or two)."""
    found = _BY_DECK.get(id(faces))
    if found is None or found[0] is not faces:
        reached = reached_cells(faces)
        found = _BY_DECK[id(faces)] = (
            faces,
            tuple(SeatTable(seat, faces, reached) for seat in range(MAX_PLAYERS)),
        )
    LAST_DECK.faces, LAST_DECK.seats = found
    return found[1]
