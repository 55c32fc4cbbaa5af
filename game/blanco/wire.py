"""Blanco on the wire: a seat's view and the events as documented JSON (docs/PROTOCOL.md; the
schemas docs/schema/blanco-view.json and blanco-events.json are generated from these structs).

A card is its id, 1-120; 0 is a card this seat cannot know (BLANCO-RULES.md: another's hand, a
face-down card it has not looked at, the piles but the discard's top). A position is
[row, column] in the grid as it is at that moment (row 0 at the top). Lines are "row" or "col"
with their index from 0. A view holds no seed and no fixed reshuffle. Actions (in a view's
`actions` and an `Undone` event) are objects tagged by "kind"; an `act` message carries an
action in the record's form (BLANCO-RECORD.md) instead, a lone play or discard without "draw".

Every list, number and string is capped (the types below, and `View.__post_init__` for what
must agree across fields: as many players as names, a grid's rows as long as its face-up
marks, seats the table has): the app joins strangers' tables, and a view or event past a cap is
refused whole. The caps are the rules' own maxima (5 players, 120 cards, a 3x4 grid) or, for
counts the rules leave open, far above any game's.

Pure: no pygame, no network; msgspec only.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

import msgspec

import game.blanco.rules.events as ev
from game.blanco.rules import actions as act
from game.blanco.rules.cards import CARD_COUNT
from game.blanco.rules.game import RULES
from game.blanco.rules.grid import PlayerState
from game.blanco.rules.limits import MAX_PLAYERS
from game.blanco.rules.state import BlancoState
from game.blanco.rules.wire import action_from_json, action_to_json
from game.core.game import PureGame
from game.core.wire import Pairs, one_of

# -- caps (see the module's docstring) -----------------------------------------------------------
MAX_SIDE = 4  # a grid's rows or columns (3x3, then 3x4)
MAX_STEPS = 10_000  # steps standing in a view: a 5-seat game takes about 200
Seat = Annotated[int, msgspec.Meta(ge=0, lt=MAX_PLAYERS)]
Card = Annotated[int, msgspec.Meta(ge=0, le=CARD_COUNT)]  # 0: a card this seat cannot know
Index = Annotated[int, msgspec.Meta(ge=0, lt=MAX_SIDE)]  # a row's, a column's or a line's
Count = Annotated[int, msgspec.Meta(ge=0, le=100_000)]  # turns, sizes, reshuffles
Stage = Annotated[int, msgspec.Meta(ge=1, le=2)]
Name = Annotated[str, msgspec.Meta(max_length=40)]
Pile = Annotated[list[Card], msgspec.Meta(max_length=CARD_COUNT)]
Hand = Annotated[tuple[Card, ...], msgspec.Meta(max_length=8)]
Layout = Annotated[
    tuple[Annotated[tuple[Card, ...], msgspec.Meta(max_length=MAX_SIDE)], ...],
    msgspec.Meta(max_length=MAX_SIDE),
]  # rows of a grid as dealt
Pos = tuple[Index, Index]  # [row, column]
Line = Annotated[str, one_of("row", "col")]
Source = Annotated[str, one_of("pile", "discard")]
Phase = Annotated[str, one_of("setup", "turn", "play", "clear", "look", "over")]


class _Tagged(msgspec.Struct, frozen=True, tag_field="kind"):
    """An action or event: its kind in "kind" (snake case), then its fields."""


# -- actions ------------------------------------------------------------------------------------
class Setup(_Tagged, frozen=True, tag="setup"):
    """Reveal one card and look at another face-down one (set-up, and a new 3x4 grid)."""

    player: Seat
    reveal: Pos
    look: Pos


class Draw(_Tagged, frozen=True, tag="draw"):
    """Take the top card of the draw pile ("pile") or of the discard pile ("discard")."""

    player: Seat
    source: Source


class Play(_Tagged, frozen=True, tag="play"):
    """Play a hand card into `at`; the card there is discarded face up."""

    player: Seat
    card: Card
    at: Pos


class Discard(_Tagged, frozen=True, tag="discard"):
    """Discard a hand card and reveal a face-down card (null: none left)."""

    player: Seat
    card: Card
    reveal: Pos | None


class Swap(_Tagged, frozen=True, tag="swap"):
    """Swap two adjacent cards; `reveal` (a or b after the swap) when both were face down."""

    player: Seat
    a: Pos
    b: Pos
    reveal: Pos | None = None


class Clear(_Tagged, frozen=True, tag="clear"):
    """Clear this complete line next ("row" or "col", and its index)."""

    player: Seat
    line: Line
    line_no: Index


class Look(_Tagged, frozen=True, tag="look"):
    """The reward for clearing: look at a face-down card (`reveal`: after a chain reaction)."""

    player: Seat
    at: Pos
    reveal: bool = False


Action = Setup | Draw | Play | Discard | Swap | Clear | Look
ACTIONS = Pairs(
    [(act.Setup, Setup), (act.Draw, Draw), (act.Play, Play), (act.Discard, Discard)]
    + [(act.Swap, Swap), (act.Clear, Clear), (act.Look, Look)]
)


# -- events -------------------------------------------------------------------------------------
class Dealt(_Tagged, frozen=True, tag="dealt"):
    """Set-up: a seat's 3x3 grid dealt face down (0s: nobody knows them)."""

    player: Seat
    cards: Layout


class DiscardStarted(_Tagged, frozen=True, tag="discard_started"):
    """Set-up: the pile's top card turned face up starts the discard pile."""

    card: Card


class HandDealt(_Tagged, frozen=True, tag="hand_dealt"):
    """Set-up: a seat's 2 hand cards (0s for the other seats)."""

    player: Seat
    cards: Hand


class SetupDone(_Tagged, frozen=True, tag="setup_done"):
    """A seat finished its set-up step; `stage` 1, or 2 for the 3x4 grid."""

    player: Seat
    stage: Stage


class TurnStarted(_Tagged, frozen=True, tag="turn_started"):
    player: Seat
    turn: Count  # the player's turn number, from 1


class Drawn(_Tagged, frozen=True, tag="drawn"):
    """A card taken into the hand; from the pile it is 0 for the other seats."""

    player: Seat
    source: Source
    card: Card


class Reshuffled(_Tagged, frozen=True, tag="reshuffled"):
    """The draw pile was empty: the discards but the top (and the box) became a new pile."""

    size: Annotated[int, msgspec.Meta(ge=0, le=CARD_COUNT)]
    took_box: bool
    number: Count  # 1 for the game's first reshuffle


class Played(_Tagged, frozen=True, tag="played"):
    """A hand card went into the grid at `at`; `replaced` went face up onto the discards."""

    player: Seat
    card: Card
    at: Pos
    replaced: Card
    replaced_was_up: bool


class Discarded(_Tagged, frozen=True, tag="discarded"):
    player: Seat
    card: Card


class Swapped(_Tagged, frozen=True, tag="swapped"):
    player: Seat
    a: Pos
    b: Pos


class Revealed(_Tagged, frozen=True, tag="revealed"):
    player: Seat
    at: Pos
    card: Card


class Looked(_Tagged, frozen=True, tag="looked"):
    """A player looked at a face-down card (card 0 for the other seats)."""

    player: Seat
    at: Pos
    card: Card


class LineComplete(_Tagged, frozen=True, tag="line_complete"):
    player: Seat
    line: Line
    line_no: Index


class ClearChoice(_Tagged, frozen=True, tag="clear_choice"):
    """Two or more lines are complete at once: the player chooses which to clear next."""

    player: Seat
    lines: Annotated[tuple[tuple[Line, Index], ...], msgspec.Meta(max_length=2 * MAX_SIDE)]


class LineCleared(_Tagged, frozen=True, tag="line_cleared"):
    player: Seat
    line: Line
    line_no: Index
    cards: Hand


class ClosedUp(_Tagged, frozen=True, tag="closed_up"):
    """The grid closed up after a clear: every card that moved, as [from, to]."""

    player: Seat
    moves: Annotated[tuple[tuple[Pos, Pos], ...], msgspec.Meta(max_length=MAX_SIDE**2)]


class ChainLink(_Tagged, frozen=True, tag="chain_link"):
    player: Seat
    link_no: Count


class RewardOwed(_Tagged, frozen=True, tag="reward_owed"):
    player: Seat
    may_reveal: bool


class RewardDropped(_Tagged, frozen=True, tag="reward_dropped"):
    player: Seat


class SecondGridDealt(_Tagged, frozen=True, tag="second_grid_dealt"):
    """12 cards dealt face down as 3 rows x 4 columns (0s: nobody knows them)."""

    player: Seat
    cards: Layout


class Won(_Tagged, frozen=True, tag="won"):
    player: Seat
    turns: Count


class Undone(_Tagged, frozen=True, tag="undone"):
    player: Seat
    action: Action


Event = (
    Dealt
    | DiscardStarted
    | HandDealt
    | SetupDone
    | TurnStarted
    | Drawn
    | Reshuffled
    | Played
    | Discarded
    | Swapped
    | Revealed
    | Looked
    | LineComplete
    | ClearChoice
    | LineCleared
    | ClosedUp
    | ChainLink
    | RewardOwed
    | RewardDropped
    | SecondGridDealt
    | Won
    | Undone
)
EVENTS = Pairs(
    [
        (getattr(ev, struct.__name__), struct)
        for struct in (
            Dealt,
            DiscardStarted,
            HandDealt,
            SetupDone,
            TurnStarted,
            Drawn,
            Reshuffled,
            Played,
            Discarded,
            Swapped,
            Revealed,
            Looked,
            LineComplete,
            ClearChoice,
            LineCleared,
            ClosedUp,
            ChainLink,
            RewardOwed,
            RewardDropped,
            SecondGridDealt,
            Won,
            Undone,
        )
    ],
    nested={"action": ACTIONS},
)


# -- the view -----------------------------------------------------------------------------------
def _said(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


T = TypeVar("T")
Rows = Annotated[
    list[Annotated[list[T], msgspec.Meta(max_length=MAX_SIDE)]], msgspec.Meta(max_length=MAX_SIDE)
]


class Player(msgspec.Struct):
    """A seat's cards: `grid`, `up` and `known` are parallel rows (an empty grid is [])."""

    name: Name
    grid: Annotated[Rows[Card], _said("rows of cards, 0: not known to this seat")]
    up: Annotated[Rows[bool], _said("face up")]
    known: Annotated[Rows[bool], _said("face down, and looked at by its owner")]
    hand: Annotated[
        list[Card], msgspec.Meta(max_length=8), _said("cards in hand (0s: another seat's)")
    ]
    stage: Annotated[Stage, _said("1: the 3x3 grid, 2: the 3x4 grid")]
    turns: Annotated[Count, _said("turns taken")]

    def __post_init__(self) -> None:
        shape = [len(row) for row in self.grid]
        if [len(row) for row in self.up] != shape or [len(row) for row in self.known] != shape:
            raise ValueError("a grid's face-up and known marks need its shape")


class View(msgspec.Struct):
    """The table as one seat sees it. Piles are lists with the top card last, hidden cards 0."""

    seat: Annotated[
        int, msgspec.Meta(ge=-1, lt=MAX_PLAYERS), _said("whose view this is (-1: a watcher)")
    ]
    names: Annotated[list[Name], msgspec.Meta(min_length=1, max_length=MAX_PLAYERS)]
    players: Annotated[list[Player], msgspec.Meta(min_length=1, max_length=MAX_PLAYERS)]
    deck: Annotated[Pile, _said("the deck as dealt: its size (0s)")]
    pile: Annotated[Pile, _said("the draw pile (0s)")]
    discard: Annotated[Pile, _said("the discard pile, its top shown")]
    box: Annotated[Pile, _said("the cleared cards (0s)")]
    reshuffles: Annotated[
        list[Pile],
        msgspec.Meta(max_length=MAX_STEPS),
        _said("each new pile made from the discards: sizes"),
    ]
    phase: Phase
    current: Annotated[Seat, _said("whose turn it is")]
    setup_queue: Annotated[
        list[Seat],
        msgspec.Meta(max_length=MAX_PLAYERS),
        _said("the seats still to set up, in order"),
    ]
    cleared: Annotated[Count, _said("lines cleared this turn")]
    looked: Annotated[bool, _said("the reward look was taken this turn")]
    winner: Annotated[Seat | None, _said("null until somebody won")]
    turn_id: Annotated[Count, _said("turns ended so far")]
    actions: Annotated[
        list[Action], msgspec.Meta(max_length=MAX_STEPS), _said("every step standing, in order")
    ]

    def __post_init__(self) -> None:
        """What must agree across fields, so that the game's own code may trust the view."""
        seats = len(self.players)
        if len(self.names) != seats:
            raise ValueError("a view needs one player per name")
        named = (self.seat, self.current, self.winner or 0, *self.setup_queue)
        if any(seat >= seats for seat in named):
            raise ValueError("a seat the table has not")
        if any(action.player >= seats for action in self.actions):
            raise ValueError("a step for a player the table has not")


def _player_out(p: PlayerState) -> Player:
    return Player(p.name, p.grid, p.up, p.known, p.hand, p.stage, p.turns)


def _player_back(w: Player) -> PlayerState:
    p = PlayerState.__new__(PlayerState)
    p.name, p.grid, p.up, p.known = w.name, w.grid, w.up, w.known
    p.hand, p.stage, p.turns = w.hand, w.stage, w.turns
    return p


class BlancoWire:
    """Blanco's `game.core.wire.GameWire`."""

    game: PureGame[Any] = RULES  # its rules and records
    view_type = View
    event_type = Event

    def view_to_wire(self, view: BlancoState) -> View:
        if not view.is_view or view.view_seat is None:
            raise ValueError("only a seat's view goes on the wire (view_for)")
        out = ACTIONS.out_shared
        return View(
            view.view_seat,
            list(view.names),
            [_player_out(p) for p in view.players],
            list(view.deck),
            view.pile,
            view.discard,
            view.box,
            [list(r) for r in view.reshuffles],
            view.phase,
            view.current,
            view.setup_queue,
            view.cleared,
            view.looked,
            view.winner,
            view.turn_id,
            [out(a) for a in view.actions],
        )

    def view_from_wire(self, w: View) -> BlancoState:
        s = BlancoState()
        back = ACTIONS.back_shared
        s.names, s.seed = tuple(w.names), 0
        s.actions = [back(a) for a in w.actions]
        s.players = [_player_back(p) for p in w.players]
        s.deck, s.pile, s.discard, s.box = tuple(w.deck), w.pile, w.discard, w.box
        s.reshuffles = [tuple(r) for r in w.reshuffles]
        s.phase, s.current, s.setup_queue = w.phase, w.current, w.setup_queue
        s.cleared, s.looked, s.winner, s.turn_id = w.cleared, w.looked, w.winner, w.turn_id
        s.is_view, s.view_seat = True, w.seat
        return s

    def event_to_wire(self, event: ev.Event) -> Any:
        return EVENTS.out(event)

    def event_from_wire(self, data: Any) -> ev.Event:
        out: ev.Event = EVENTS.back(data)
        return out

    def action_to_json(self, action: act.Action | act.DrawThen) -> dict[str, Any]:
        return action_to_json(action)

    def action_from_json(self, obj: Any) -> act.Action | act.DrawThen:
        return action_from_json(obj)


WIRE = BlancoWire()
