"""Why a hinted move is good, as the bots see it: a small structured reason the table puts into
words ("completes the row: +1 Lightning"). Worked out from the hinted seat's own view and the
move alone (its cards, crossed squares, the round), never from a hidden card.

Pure: no pygame, no words (the UI says a `Reason` in the player's language).
"""

from __future__ import annotations

from typing import NamedTuple

from game.luckybox.rules.actions import Action, Cross, Keep, Pass, Pick, Resolve
from game.luckybox.rules.cards import (
    BLANK,
    COL_MASKS,
    CROSSING,
    FULL,
    LINES,
    POPCOUNT,
    ROW_MASKS,
    Bonus,
    CardFace,
)
from game.luckybox.rules.scoring import CARD_POINTS
from game.luckybox.rules.state import GameState

# The kinds of reason, best first where a move has several:
CARD = "card"  # the cross completes its card: `points` this round, `bonuses` of its lines
LINE = "line"  # the cross completes a row or column (or two): their `bonuses`
NEAR = "near"  # the cross leaves one square to finish a line: its `bonuses` (one)
FULLEST = "fullest"  # the cross is on the player's card nearest complete: `amount` squares crossed
BUILD = "build"  # the cross adds to a card already begun: `amount` squares crossed on it
SPREAD = "spread"  # the cross starts a fresh card: `bonuses` of the lines it begins
PASS = "pass"  # nothing to cross: `amount`: the Lightning kept for a better number
CARDS = "cards"  # a draft's keep or pick: `bonuses` the best icons of the card(s) kept


class Reason(NamedTuple):
    """What a move gains: `kind` (one of the kinds above), and its details. `lightning` is the
    Lightning the move spends (0: none)."""

    kind: str
    bonuses: tuple[Bonus, ...] = ()
    points: int = 0
    amount: int = 0  # squares crossed (FULLEST, BUILD, SPREAD), Lightning kept (PASS)
    lightning: int = 0


# How much a line's icon is worth to a player, to name the best ones first.
_ICON_ORDER = {"star": 0, "lightning": 1, "question": 2, "number": 3, "moon": 4, BLANK: 9}


def _line_bonus(face: CardFace, line: int) -> Bonus:
    kind, index = LINES[line]
    return face.row_bonus[index] if kind == "row" else face.col_bonus[index]


def _line_masks() -> tuple[int, ...]:
    return ROW_MASKS + COL_MASKS


def cross_reason(view: GameState, seat: int, card: int, cell: int, lightning: int = 0) -> Reason:
    """Why crossing `cell` of `card` helps `seat` (from the cards it holds, which are open)."""
    player = view.players[seat]
    cards = list(player.cards)
    face = view.face(card)
    before = player.masks[cards.index(card)] if card in cards else 0
    after, done = CROSSING[cell][before]
    spent = abs(lightning)
    if after == FULL:
        points = CARD_POINTS[min(max(view.round, 1), len(CARD_POINTS)) - 1]
        gains = tuple(b for line in done if (b := _line_bonus(face, line))[0] != BLANK)
        return Reason(CARD, gains, points=points, lightning=spent)
    if done:
        gains = tuple(_line_bonus(face, line) for line in done)
        return Reason(LINE, gains, lightning=spent)
    for line, mask in enumerate(_line_masks()):
        bonus = _line_bonus(face, line)
        if mask >> cell & 1 and POPCOUNT[after & mask] == 2 and bonus[0] != BLANK:
            return Reason(NEAR, (bonus,), lightning=spent)
    others = [POPCOUNT[m] for c, m in zip(cards, player.masks, strict=False) if c != card]
    crossed = POPCOUNT[after]
    if crossed == 1:
        toward = [
            b
            for line, mask in enumerate(_line_masks())
            if mask >> cell & 1 and (b := _line_bonus(face, line))[0] != BLANK
        ]
        toward.sort(key=lambda b: (_ICON_ORDER.get(b[0], 5), -b[1]))
        return Reason(SPREAD, tuple(toward), amount=crossed, lightning=spent)
    if all(crossed >= n for n in others):
        return Reason(FULLEST, amount=crossed, lightning=spent)
    return Reason(BUILD, amount=crossed, lightning=spent)


def _best_icons(view: GameState, cards: tuple[int, ...]) -> tuple[Bonus, ...]:
    """The kept cards' line icons, the most useful first (blanks left out), at most three."""
    icons = [
        b
        for c in cards
        for b in (*view.face(c).row_bonus, *view.face(c).col_bonus)
        if b[0] != BLANK
    ]
    icons.sort(key=lambda b: (_ICON_ORDER.get(b[0], 5), -b[1]))
    return tuple(icons[:3])


def reason(view: GameState, action: Action) -> Reason | None:
    """Why `action` (a hint for its player, from that player's `view`) is a good move; None
    for an action no reason is given for."""
    if isinstance(action, Cross):
        return cross_reason(view, action.player, action.card, action.cell, action.lightning)
    if isinstance(action, Resolve):
        return cross_reason(view, action.player, action.target_card, action.cell)
    if isinstance(action, Pass):
        return Reason(PASS, amount=view.players[action.player].lightning)
    if isinstance(action, Keep):
        return Reason(CARDS, _best_icons(view, tuple(action.cards)))
    if isinstance(action, Pick):
        return Reason(CARDS, _best_icons(view, (action.card,)))
    return None
