"""Lucky Box on the wire: a seat's view and the events as documented JSON (docs/PROTOCOL.md,
the schemas docs/schema/luckybox-view.json and luckybox-events.json are generated from these
structs).

A view is every seat's (Lucky Box hides nothing from one seat that it shows another): the table
as the rules hold it, but the Number cards not yet revealed read 0 and the Lucky Box pile is
its cards in ascending order (which cards are left, not their order). It holds no seed and no
fixed deal. Actions (in a view's `actions` and an `Undone` event) are objects tagged by
"kind"; an `act` message carries an action in the record's form (GAME-RECORD.md) instead.
Cards are numbered 1-60 (61-120: the second copy, for 7 players and more); a card's cell is
0-8 (rows of three from the top left); a bonus is [kind, value], kind one of "number",
"question", "lightning", "star", "moon", "blank".

Every list, number and string is capped (the types below, and `View.__post_init__` for what
must agree across fields: as many players as names, a mask per card, no card the deck has not):
the app joins strangers' tables, and a view or event past a cap is refused whole. The caps are
the rules' own maxima (12 players, 120 cards, 4 rounds of 9 numbers) or, for counts the rules
leave open, far above any game's.

Pure: no pygame, no network; msgspec only.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

import game.luckybox.rules.events as ev
from game.core.game import PureGame
from game.core.wire import Pairs, one_of
from game.luckybox.rules import actions as act
from game.luckybox.rules.cards import FACES_PER_COPY, faces_by_id
from game.luckybox.rules.game import RULES
from game.luckybox.rules.parts import Deal, Options, Pending, PlayerState
from game.luckybox.rules.scoring import MAX_PLAYERS, MAX_STARS, NUMBERS_PER_ROUND, ROUNDS
from game.luckybox.rules.state import GameState

# -- caps (see the module's docstring) -----------------------------------------------------------
MAX_COPIES = 2
MAX_CARD = FACES_PER_COPY * MAX_COPIES
MAX_STEPS = 10_000  # actions standing in a view: a 12-seat game takes about 650
Seat = Annotated[int, msgspec.Meta(ge=0, lt=MAX_PLAYERS)]
Card = Annotated[int, msgspec.Meta(ge=1, le=MAX_CARD)]
Cell = Annotated[int, msgspec.Meta(ge=0, le=8)]
LineNo = Annotated[int, msgspec.Meta(ge=0, le=2)]
Number = Annotated[int, msgspec.Meta(ge=0, le=9)]  # a Number card's (0: not revealed yet)
Round = Annotated[int, msgspec.Meta(ge=0, le=ROUNDS)]
NumberIndex = Annotated[int, msgspec.Meta(ge=0, lt=NUMBERS_PER_ROUND)]
Stars = Annotated[int, msgspec.Meta(ge=0, le=MAX_STARS)]
Count = Annotated[int, msgspec.Meta(ge=0, le=100_000)]  # tokens, piles, reshuffles
Points = Annotated[int, msgspec.Meta(ge=-100_000, le=100_000)]
Shift = Annotated[int, msgspec.Meta(ge=-8, le=8)]  # a number shifted by Lightning stays 1-9
Mask = Annotated[int, msgspec.Meta(ge=0, le=0b111111111)]
Name = Annotated[str, msgspec.Meta(max_length=40)]
Reason = Annotated[str, msgspec.Meta(max_length=200)]
Drawn = Annotated[tuple[Card, ...], msgspec.Meta(max_length=5)]  # cards drawn to choose from
Deck = Annotated[list[Card], msgspec.Meta(max_length=MAX_CARD)]
InPlay = Annotated[list[Card], msgspec.Meta(max_length=12)]  # 3 kept, 1 a draft: 6 at most
PerRound = Annotated[list[Points], msgspec.Meta(max_length=ROUNDS)]
Seats = Annotated[tuple[Seat, ...], msgspec.Meta(max_length=MAX_PLAYERS)]
Scores = Annotated[tuple[Points, ...], msgspec.Meta(max_length=MAX_PLAYERS)]

BonusKind = Annotated[str, one_of("number", "question", "lightning", "star", "moon", "blank")]
BonusValue = Annotated[int, msgspec.Meta(ge=0, le=99)]
Bonus = tuple[BonusKind, BonusValue]  # [kind, value]: the number, or the Lightning count, else 0
Line = Annotated[str, one_of("row", "col")]
By = Annotated[str, one_of("number", "lightning", "bonus")]
Token = Annotated[str, one_of("lightning", "moon")]
TokenSupply = Annotated[str, one_of("unlimited", "limited")]
Phase = Annotated[str, one_of("setup", "play", "draft", "over")]


class _Tagged(msgspec.Struct, frozen=True, tag_field="kind"):
    """An action or event: its kind in "kind" (snake case), then its fields."""


# -- actions ------------------------------------------------------------------------------------
class Keep(_Tagged, frozen=True, tag="keep"):
    """Setup draft: keep these 3 of the 5 cards drawn."""

    player: Seat
    cards: Drawn


class Pick(_Tagged, frozen=True, tag="pick"):
    """Round draft: keep this 1 of the 3 cards drawn."""

    player: Seat
    card: Card


class Cross(_Tagged, frozen=True, tag="cross"):
    """Cross a cell showing the revealed number shifted by `lightning` (|lightning| tokens)."""

    player: Seat
    card: Card
    cell: Cell
    lightning: Shift = 0


class Pass(_Tagged, frozen=True, tag="pass"):
    """Cross nothing for this number."""

    player: Seat


class Resolve(_Tagged, frozen=True, tag="resolve"):
    """Resolve line `index` ("row" or "col") of `card`'s pending bonus on a cell."""

    player: Seat
    card: Card
    line: Line
    index: LineNo
    target_card: Card
    cell: Cell


Action = Keep | Pick | Cross | Pass | Resolve
ACTIONS = Pairs(
    [(act.Keep, Keep), (act.Pick, Pick), (act.Cross, Cross), (act.Pass, Pass)]
    + [(act.Resolve, Resolve)]
)


# -- events -------------------------------------------------------------------------------------
class CardsDealt(_Tagged, frozen=True, tag="cards_dealt"):
    """A player drew cards to choose from (5 at setup, 3 after rounds 1-3)."""

    player: Seat
    cards: Drawn


class DeckReshuffled(_Tagged, frozen=True, tag="deck_reshuffled"):
    """The draw pile ran out: the discards became a new pile of `cards` cards."""

    cards: Annotated[int, msgspec.Meta(ge=0, le=MAX_CARD)]


class CardsKept(_Tagged, frozen=True, tag="cards_kept"):
    player: Seat
    kept: Drawn
    discarded: Drawn


class RoundStarted(_Tagged, frozen=True, tag="round_started"):
    round: Round


class NumberRevealed(_Tagged, frozen=True, tag="number_revealed"):
    round: Round
    index: NumberIndex  # which of the round's nine numbers
    number: Number


class TokensSpent(_Tagged, frozen=True, tag="tokens_spent"):
    """Lightning spent before a cross: the number became `to_number` for this player."""

    player: Seat
    count: Count
    from_number: Number
    to_number: Number


class SquareCrossed(_Tagged, frozen=True, tag="square_crossed"):
    player: Seat
    card: Card
    cell: Cell
    number: Number
    by: By


class Passed(_Tagged, frozen=True, tag="passed"):
    player: Seat


class LineCompleted(_Tagged, frozen=True, tag="line_completed"):
    player: Seat
    card: Card
    line: Line
    index: LineNo
    bonus: Bonus


class IconCircled(_Tagged, frozen=True, tag="icon_circled"):
    player: Seat
    card: Card
    line: Line
    index: LineNo
    bonus: Bonus


class TokenGained(_Tagged, frozen=True, tag="token_gained"):
    player: Seat
    token: Token
    count: Count
    total: Points


class StarGained(_Tagged, frozen=True, tag="star_gained"):
    player: Seat
    round: Round
    slot: Annotated[int, msgspec.Meta(ge=0, lt=MAX_STARS)]  # the star slot filled this round


class StarWasted(_Tagged, frozen=True, tag="star_wasted"):
    """A 4th or later star in one round: it does nothing."""

    player: Seat
    round: Round


class BonusPending(_Tagged, frozen=True, tag="bonus_pending"):
    """A number or question-mark bonus waits for the player to choose its cell."""

    player: Seat
    card: Card
    line: Line
    index: LineNo
    bonus: Bonus


class BonusUsed(_Tagged, frozen=True, tag="bonus_used"):
    player: Seat
    card: Card
    line: Line
    index: LineNo
    bonus: Bonus


class BonusLost(_Tagged, frozen=True, tag="bonus_lost"):
    player: Seat
    card: Card
    line: Line
    index: LineNo
    bonus: Bonus
    reason: Reason  # in English


class CardCompleted(_Tagged, frozen=True, tag="card_completed"):
    player: Seat
    card: Card


class PlayerDone(_Tagged, frozen=True, tag="player_done"):
    """The player is done with this number (crossed or passed, every bonus resolved)."""

    player: Seat


class CardsPicked(_Tagged, frozen=True, tag="cards_picked"):
    player: Seat
    card: Card
    discarded: Drawn


class PlayerScored(_Tagged, frozen=True, tag="player_scored"):
    """One player's round score: completed cards (discarded now) and star points."""

    player: Seat
    round: Round
    completed: Annotated[tuple[Card, ...], msgspec.Meta(max_length=12)]
    card_points: Points
    stars: Stars
    star_points: Points


class RoundScored(_Tagged, frozen=True, tag="round_scored"):
    round: Round


class FinalScored(_Tagged, frozen=True, tag="final_scored"):
    player: Seat
    incomplete: Points
    moon_points: Points
    total: Points


class GameOver(_Tagged, frozen=True, tag="game_over"):
    winners: Seats
    totals: Scores


class Undone(_Tagged, frozen=True, tag="undone"):
    player: Seat
    action: Action


Event = (
    CardsDealt
    | DeckReshuffled
    | CardsKept
    | RoundStarted
    | NumberRevealed
    | TokensSpent
    | SquareCrossed
    | Passed
    | LineCompleted
    | IconCircled
    | TokenGained
    | StarGained
    | StarWasted
    | BonusPending
    | BonusUsed
    | BonusLost
    | CardCompleted
    | PlayerDone
    | CardsPicked
    | PlayerScored
    | RoundScored
    | FinalScored
    | GameOver
    | Undone
)
EVENTS = Pairs(
    [
        (getattr(ev, struct.__name__), struct)
        for struct in (
            CardsDealt,
            DeckReshuffled,
            CardsKept,
            RoundStarted,
            NumberRevealed,
            TokensSpent,
            SquareCrossed,
            Passed,
            LineCompleted,
            IconCircled,
            TokenGained,
            StarGained,
            StarWasted,
            BonusPending,
            BonusUsed,
            BonusLost,
            CardCompleted,
            PlayerDone,
            CardsPicked,
            PlayerScored,
            RoundScored,
            FinalScored,
            GameOver,
            Undone,
        )
    ],
    nested={"action": ACTIONS},
)


# -- the view -----------------------------------------------------------------------------------
class PendingBonus(msgspec.Struct, frozen=True):
    """A number or question-mark bonus waiting for its cell: line `index` of `card`."""

    card: Card
    line: Line
    index: LineNo
    bonus: Bonus


def _said(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


class Player(msgspec.Struct):
    """One player's cards, tokens and scorecard."""

    name: Name
    cards: Annotated[InPlay, _said("the cards in play, in the order kept")]
    masks: Annotated[
        list[Mask],
        msgspec.Meta(max_length=12),
        _said("each card's crossed cells as 9 bits (bit n: cell n), as `cards`"),
    ]
    lightning: Annotated[Count, _said("Lightning tokens")]
    moons: Annotated[Count, _said("Moon tokens")]
    stars: Annotated[
        list[Stars], msgspec.Meta(max_length=ROUNDS), _said("stars circled in each round (0-3)")
    ]
    card_points: Annotated[PerRound, _said("points of completed cards, per round")]
    star_points: Annotated[PerRound, _said("points of stars, per round")]
    completed: Annotated[
        list[InPlay], msgspec.Meta(max_length=ROUNDS), _said("the cards completed in each round")
    ]
    pending: Annotated[
        list[PendingBonus], msgspec.Meta(max_length=64), _said("bonuses waiting for their cell")
    ]
    hand: Annotated[
        list[Card], msgspec.Meta(max_length=5), _said("cards drawn and not yet kept or discarded")
    ]
    done: Annotated[bool, _said("finished with the current number or draft")]
    incomplete: Annotated[Points, _said("the end's points for incomplete cards (0 before)")]
    moon_points: Annotated[Points, _said("the end's points for Moons (0 before)")]

    def __post_init__(self) -> None:
        if len(self.masks) != len(self.cards):
            raise ValueError("a player needs one mask per card in play")


class View(msgspec.Struct):
    """The table as a seat (or a watcher) sees it: every seat sees the same."""

    names: Annotated[list[Name], msgspec.Meta(min_length=1, max_length=MAX_PLAYERS)]
    token_supply: Annotated[TokenSupply, _said("the option: Lightning and Moons unlimited or not")]
    copies: Annotated[
        int,
        msgspec.Meta(ge=1, le=MAX_COPIES, description="2 for 7 players and more (cards 61-120)"),
    ]
    numbers: Annotated[
        list[Annotated[list[Number], msgspec.Meta(max_length=NUMBERS_PER_ROUND)]],
        msgspec.Meta(max_length=ROUNDS),
        _said("each round's nine Number cards, 0 for those not revealed"),
    ]
    draw_pile: Annotated[Deck, _said("the cards left in the Lucky Box pile, ascending")]
    discard: Deck
    players: Annotated[list[Player], msgspec.Meta(min_length=1, max_length=MAX_PLAYERS)]
    phase: Phase
    round: Annotated[Round, _said("1-4")]
    index: Annotated[NumberIndex, _said("which of the round's nine numbers is revealed (0-8)")]
    number: Annotated[Number, _said("the revealed number (0 outside play)")]
    waiting: Annotated[
        int,
        msgspec.Meta(ge=0, le=MAX_PLAYERS),
        _said("players not yet done with this number or draft"),
    ]
    supply: Annotated[
        Annotated[dict[Token, Count], msgspec.Meta(max_length=2)] | None,
        _said("the tokens left (null: unlimited)"),
    ]
    reshuffles: Annotated[Count, _said("how often the pile was made again from the discards")]
    actions: Annotated[
        list[Action], msgspec.Meta(max_length=MAX_STEPS), _said("every action standing, in order")
    ]

    def __post_init__(self) -> None:
        """What must agree across fields, so that the game's own code may trust the view."""
        if len(self.players) != len(self.names):
            raise ValueError("a view needs one player per name")
        last = FACES_PER_COPY * self.copies
        for player in self.players:
            cards = (*player.cards, *player.hand, *(c for done in player.completed for c in done))
            if any(card > last for card in cards) or any(b.card > last for b in player.pending):
                raise ValueError(f"a card past {last}, the deck's last")
        if any(card > last for card in (*self.draw_pile, *self.discard)):
            raise ValueError(f"a card past {last}, the deck's last")
        if any(action.player >= len(self.players) for action in self.actions):
            raise ValueError("an action for a player the table has not")


def _player_out(p: PlayerState) -> Player:
    return Player(
        p.name,
        p.cards,
        p.masks,
        p.lightning,
        p.moons,
        p.stars,
        p.card_points,
        p.star_points,
        p.completed,
        [PendingBonus(*b) for b in p.pending],
        p.hand,
        p.done,
        p.incomplete,
        p.moon_points,
    )


def _player_back(w: Player) -> PlayerState:
    p = PlayerState.__new__(PlayerState)
    p.name, p.cards, p.masks = w.name, w.cards, w.masks
    p.lightning, p.moons, p.stars = w.lightning, w.moons, w.stars
    p.card_points, p.star_points, p.completed = w.card_points, w.star_points, w.completed
    p.pending = [Pending(b.card, b.line, b.index, b.bonus) for b in w.pending]
    p.hand, p.done, p.incomplete, p.moon_points = w.hand, w.done, w.incomplete, w.moon_points
    return p


_OPTIONS = {o.token_supply: o for o in (Options("unlimited"), Options("limited"))}


class LuckyBoxWire:
    """Lucky Box's `game.core.wire.GameWire`."""

    game: PureGame[Any] = RULES  # its rules and records
    view_type = View
    event_type = Event

    def view_to_wire(self, view: GameState) -> View:
        out = ACTIONS.out_shared
        return View(
            list(view.names),
            view.options.token_supply,
            view.copies,
            view.numbers,
            view.draw_pile,
            view.discard,
            [_player_out(p) for p in view.players],
            view.phase,
            view.round,
            view.index,
            view.number,
            view.waiting,
            view.supply,
            view.reshuffles,
            [out(a) for a in view.actions],
        )

    def view_from_wire(self, w: View) -> GameState:
        options = _OPTIONS.get(w.token_supply)
        if options is None:
            raise ValueError(f"token_supply {w.token_supply!r} is not an option")
        back = ACTIONS.back_shared
        return GameState(
            names=tuple(w.names),
            seed=0,
            options=options,
            deal=Deal(),
            faces=faces_by_id(w.copies),
            copies=w.copies,
            numbers=w.numbers,
            deck_order=(),
            draw_pile=w.draw_pile,
            discard=w.discard,
            players=[_player_back(p) for p in w.players],
            phase=w.phase,
            round=w.round,
            index=w.index,
            number=w.number,
            waiting=w.waiting,
            supply=w.supply,
            reshuffles=w.reshuffles,
            reshuffle_piles=[],
            actions=[back(a) for a in w.actions],
            undo_enabled=False,
            _undo=[],
        )

    def event_to_wire(self, event: ev.Event) -> Any:
        return EVENTS.out(event)

    def event_from_wire(self, data: Any) -> ev.Event:
        out: ev.Event = EVENTS.back(data)
        return out

    def action_to_json(self, action: act.Action) -> dict[str, Any]:
        return act.action_to_record(action)

    def action_from_json(self, obj: Any) -> act.Action:
        return act.action_from_record(obj)


WIRE = LuckyBoxWire()
