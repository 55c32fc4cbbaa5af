"""What the keyboard focus can rest on at the Lucky Box table (see game.core.ui.toolkit.focus).

In Tab order: the pending bonuses, every square of the focused player's cards (card by card,
row by row), the buttons on show, then the other players' boards. Each target acts through
the same call as a click: a square goes to `Moves.click_square` (which crosses it, picks a
Lightning cost, resolves a bonus, or refuses with its reason), a bonus to
`Moves.choose_bonus`, a button to its click, a board keeps itself large (or lets go).

Priorities steer the focus where the player is heading: Next and Spend, once they appear,
take it, and so does the hinted move after H; else the squares the rules mark now (gold,
blue, a bonus's targets) and a Pass that is allowed. Gold squares and a bonus's targets carry
their number, for the 1-9 keys.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from game.core.ui.toolkit.focus import HIGHLIGHTED, HINTED, PREFERRED, PRIMARY, Target
from game.luckybox.rules import Cross, Pass, Resolve

from ..cardview import EXACT, LIGHTNING, SELECTED, TARGET, CardView
from .boards import FocusBoard, OtherBoards
from .controls import Bonuses, Controls
from .moves import Moves
from .port import Effects, LuckyBoxPort

CELLS = 9
#: Gold squares (and a bonus's targets) before blue ones: no Lightning unless chosen.
MARKED = {EXACT: PREFERRED, TARGET: PREFERRED, LIGHTNING: HIGHLIGHTED, SELECTED: HIGHLIGHTED}


class Keyed(Protocol):
    """A Lucky Box table as its keyboard targets read it (its kit): the port, the cards'
    look, and the parts a target acts through."""

    moves: Moves
    board: FocusBoard
    others: OtherBoards
    bonuses: Bonuses
    controls: Controls

    @property
    def port(self) -> LuckyBoxPort: ...
    @property
    def cards(self) -> CardView: ...


def table_targets(table: Keyed) -> list[Target]:
    """The focus targets of a Lucky Box table (the screen drops them when driven and makes each
    skip the animation while one plays)."""
    out: list[Target] = []
    moves = table.moves
    for key, rect in table.bonuses.rects():
        out.append(
            Target(
                ("bonus", key),
                rect,
                partial(_act, table, moves.choose_bonus, key),
                label=f"bonus {key}",
                plays=True,
            )
        )
    seat = table.port.focus
    marks = table.board.marks()
    hinted = _hinted_square(moves.hint)
    cards = table.port.seen.players[seat].cards
    for card, rect in zip(cards, table.board.rects(seat), strict=True):
        squares = marks.get(card, ({}, {}))[0]
        grid = table.port.state.face(card).grid
        for cell in range(CELLS):
            mark = squares.get(cell)
            out.append(
                Target(
                    ("square", card, cell),
                    table.cards.cell_rect(rect, cell),
                    partial(_act, table, moves.click_square, card, cell),
                    priority=_rank(mark, (card, cell) == hinted),
                    number=grid[cell] if mark in (EXACT, TARGET) else None,
                    label=f"card {card} square {cell} ({grid[cell]})",
                    plays=True,
                )
            )
    controls = table.controls
    order = ("spend", "next", "pass", "undo", "hint", "menu")
    names = [n for n in order if n in controls.buttons]
    names += [n for n in controls.buttons if n not in order]  # buttons added later
    showing = controls.showing()
    for name in names:
        button = controls.buttons[name]
        if name not in showing or not button.visible:
            continue
        if name in ("spend", "next"):
            priority = PRIMARY
        elif name == "pass" and table.port.human_turn() and button.enabled:
            priority = HINTED if isinstance(moves.hint, Pass) else HIGHLIGHTED
        else:
            priority = 0
        out.append(
            Target(
                ("button", name),
                button.rect,
                button.click,
                priority=priority,
                label=name,
                plays=name == "pass",  # a move, even on a button: only with the ring showing
            )
        )
    others = table.others
    if hasattr(others, "pinned"):  # the other boards zoom: Enter keeps one large, as a click
        for seat, panel in others.panels().items():
            out.append(
                Target(
                    ("board", seat),
                    panel,
                    partial(others.pin, seat),
                    label=f"board of seat {seat}",
                )
            )
    return out


def _hinted_square(hint: Any) -> tuple[int, int] | None:
    if isinstance(hint, Cross):
        return hint.card, hint.cell
    if isinstance(hint, Resolve):
        return hint.target_card, hint.cell
    return None


def _rank(mark: str | None, hinted: bool) -> int:
    """A square's pull on the focus: the hinted one most (H, then Enter follows the hint),
    then the ones the rules mark; a chosen Lightning square leaves the pull to Spend."""
    if hinted and mark != SELECTED:
        return HINTED
    return MARKED.get(mark, 0) if mark is not None else 0


def _act(table: Keyed, move: Callable[..., Effects], *args: Any) -> None:
    """A target's Enter, as a click: the move's effects, applied by the table."""
    table.port.show(move(*args))
