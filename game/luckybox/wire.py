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

Pure: no pygame, no network; msgspec only.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

import game.luckybox.rules.events as ev
from game.core.game import PureGame
from game.core.wire import Pairs, one_of
from game.luckybox.rules import actions as act
from game.luckybox.rules.cards import faces_by_id
from game.luckybox.rules.game import RULES
from game.luckybox.rules.parts import Deal, Options, Pending, PlayerState
from game.luckybox.rules.state import GameState

BonusKind = Annotated[str, one_of("number", "question", "lightning", "star", "moon", "blank")]
Bonus = tuple[BonusKind, int]  # [kind, value]: value is the number, or the Lightning count, else 0
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

    player: int
    cards: tuple[int, ...]


class Pick(_Tagged, frozen=True, tag="pick"):
    """Round draft: keep this 1 of the 3 cards drawn."""

    player: int
    card: int


class Cross(_Tagged, frozen=True, tag="cross"):
    """Cross a cell showing the revealed number shifted by `lightning` (|lightning| tokens)."""

    player: int
    card: int
    cell: int
    lightning: int = 0


class Pass(_Tagged, frozen=True, tag="pass"):
    """Cross nothing for this number."""

    player: int


class Resolve(_Tagged, frozen=True, tag="resolve"):
    """Resolve line `index` ("row" or "col") of `card`'s pending bonus on a cell."""

    player: int
    card: int
    line: Line
    index: int
    target_card: int
    cell: int


Action = Keep | Pick | Cross | Pass | Resolve
ACTIONS = Pairs(
    [(act.Keep, Keep), (act.Pick, Pick), (act.Cross, Cross), (act.Pass, Pass)]
    + [(act.Resolve, Resolve)]
)


# -- events -------------------------------------------------------------------------------------
class CardsDealt(_Tagged, frozen=True, tag="cards_dealt"):
    """A player drew cards to choose from (5 at setup, 3 after rounds 1-3)."""

    player: int
    cards: tuple[int, ...]


class DeckReshuffled(_Tagged, frozen=True, tag="deck_reshuffled"):
    """The draw pile ran out: the discards became a new pile of `cards` cards."""

    cards: int


class CardsKept(_Tagged, frozen=True, tag="cards_kept"):
    player: int
    kept: tuple[int, ...]
    discarded: tuple[int, ...]


class RoundStarted(_Tagged, frozen=True, tag="round_started"):
    round: int


class NumberRevealed(_Tagged, frozen=True, tag="number_revealed"):
    round: int
    index: int  # 0-8: which of the round's nine numbers
    number: int


class TokensSpent(_Tagged, frozen=True, tag="tokens_spent"):
    """Lightning spent before a cross: the number became `to_number` for this player."""

    player: int
    count: int
    from_number: int
    to_number: int


class SquareCrossed(_Tagged, frozen=True, tag="square_crossed"):
    player: int
    card: int
    cell: int
    number: int
    by: By


class Passed(_Tagged, frozen=True, tag="passed"):
    player: int


class LineCompleted(_Tagged, frozen=True, tag="line_completed"):
    player: int
    card: int
    line: Line
    index: int
    bonus: Bonus


class IconCircled(_Tagged, frozen=True, tag="icon_circled"):
    player: int
    card: int
    line: Line
    index: int
    bonus: Bonus


class TokenGained(_Tagged, frozen=True, tag="token_gained"):
    player: int
    token: Token
    count: int
    total: int


class StarGained(_Tagged, frozen=True, tag="star_gained"):
    player: int
    round: int
    slot: int  # 0-2: the star slot filled this round


class StarWasted(_Tagged, frozen=True, tag="star_wasted"):
    """A 4th or later star in one round: it does nothing."""

    player: int
    round: int


class BonusPending(_Tagged, frozen=True, tag="bonus_pending"):
    """A number or question-mark bonus waits for the player to choose its cell."""

    player: int
    card: int
    line: Line
    index: int
    bonus: Bonus


class BonusUsed(_Tagged, frozen=True, tag="bonus_used"):
    player: int
    card: int
    line: Line
    index: int
    bonus: Bonus


class BonusLost(_Tagged, frozen=True, tag="bonus_lost"):
    player: int
    card: int
    line: Line
    index: int
    bonus: Bonus
    reason: str  # in English


class CardCompleted(_Tagged, frozen=True, tag="card_completed"):
    player: int
    card: int


class PlayerDone(_Tagged, frozen=True, tag="player_done"):
    """The player is done with this number (crossed or passed, every bonus resolved)."""

    player: int


class CardsPicked(_Tagged, frozen=True, tag="cards_picked"):
    player: int
    card: int
    discarded: tuple[int, ...]


class PlayerScored(_Tagged, frozen=True, tag="player_scored"):
    """One player's round score: completed cards (discarded now) and star points."""

    player: int
    round: int
    completed: tuple[int, ...]
    card_points: int
    stars: int
    star_points: int


class RoundScored(_Tagged, frozen=True, tag="round_scored"):
    round: int


class FinalScored(_Tagged, frozen=True, tag="final_scored"):
    player: int
    incomplete: int
    moon_points: int
    total: int


class GameOver(_Tagged, frozen=True, tag="game_over"):
    winners: tuple[int, ...]
    totals: tuple[int, ...]


class Undone(_Tagged, frozen=True, tag="undone"):
    player: int
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

    card: int
    line: Line
    index: int
    bonus: Bonus


def _said(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


class Player(msgspec.Struct):
    """One player's cards, tokens and scorecard."""

    name: str
    cards: Annotated[list[int], _said("the cards in play, in the order kept")]
    masks: Annotated[
        list[int], _said("each card's crossed cells as 9 bits (bit n: cell n), as `cards`")
    ]
    lightning: Annotated[int, _said("Lightning tokens")]
    moons: Annotated[int, _said("Moon tokens")]
    stars: Annotated[list[int], _said("stars circled in each round (0-3)")]
    card_points: Annotated[list[int], _said("points of completed cards, per round")]
    star_points: Annotated[list[int], _said("points of stars, per round")]
    completed: Annotated[list[list[int]], _said("the cards completed in each round")]
    pending: Annotated[list[PendingBonus], _said("bonuses waiting for their cell")]
    hand: Annotated[list[int], _said("cards drawn and not yet kept or discarded")]
    done: Annotated[bool, _said("finished with the current number or draft")]
    incomplete: Annotated[int, _said("the end's points for incomplete cards (0 before)")]
    moon_points: Annotated[int, _said("the end's points for Moons (0 before)")]


class View(msgspec.Struct):
    """The table as a seat (or a watcher) sees it: every seat sees the same."""

    names: list[str]
    token_supply: Annotated[TokenSupply, _said("the option: Lightning and Moons unlimited or not")]
    copies: Annotated[
        int, msgspec.Meta(ge=1, le=2, description="2 for 7 players and more (cards 61-120)")
    ]
    numbers: Annotated[
        list[list[int]], _said("each round's nine Number cards, 0 for those not revealed")
    ]
    draw_pile: Annotated[list[int], _said("the cards left in the Lucky Box pile, ascending")]
    discard: list[int]
    players: list[Player]
    phase: Phase
    round: Annotated[int, _said("1-4")]
    index: Annotated[int, _said("which of the round's nine numbers is revealed (0-8)")]
    number: Annotated[int, _said("the revealed number (0 outside play)")]
    waiting: Annotated[int, _said("players not yet done with this number or draft")]
    supply: Annotated[dict[str, int] | None, _said("the tokens left (null: unlimited)")]
    reshuffles: Annotated[int, _said("how often the pile was made again from the discards")]
    actions: Annotated[list[Action], _said("every action standing, in order")]


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
