"""What the keyboard focus can rest on at the Blanco table (see game.core.ui.toolkit.focus).

In Tab order: the draw pile and the discard pile, the hand, the grid's places (row by row),
the choice buttons of the step in progress (clear which line, reveal or keep hidden, Cancel),
then the table's buttons. Each acts through the same call as a click (`Moves.click_pile`,
`click_hand`, `click_cell`, a button's click), so a refused move says why, as for the mouse.

Priorities steer the focus where the player is heading: after H, the next step of the hinted
move; Next and a step's own choices (not Cancel) when they appear; else the places the rules
highlight now.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Protocol

from game.blanco.rules import Clear, Discard, Draw, Look, Play, Setup, Swap
from game.core.ui.toolkit.focus import HIGHLIGHTED, HINTED, PRIMARY, Target

from . import geometry as geo
from .controls import Controls
from .moves import Moves
from .parts import FocusGrid, Hand, Piles
from .port import BlancoView


class Keyed(Protocol):
    """A Blanco table as its keyboard targets read it (its kit): the port, where things sit,
    whose cards show, and the parts a target acts through."""

    moves: Moves
    piles: Piles
    hand: Hand
    grid: FocusGrid
    controls: Controls

    @property
    def port(self) -> BlancoView: ...
    @property
    def geometry(self) -> geo.TableGeometry: ...
    @property
    def viewer(self) -> int | None: ...


def table_targets(table: Keyed) -> list[Target]:
    """The focus targets of a Blanco table (the screen drops them when driven and makes each
    skip the animation while one plays)."""
    moves = table.moves
    lit = moves.targets() if table.port.human_turn() else set()
    hinted = _hint_key(table) if lit else None

    def rank(key: tuple) -> int:
        if key == hinted:
            return HINTED  # H, then Enter follows the hint step by step
        return HIGHLIGHTED if key in lit else 0

    out: list[Target] = []
    for source, rect, name in (
        ("pile", table.geometry.draw_pile, "draw pile"),
        ("discard", table.geometry.discard_pile, "discard pile"),
    ):
        key: tuple[Any, ...] = ("pile",) if source == "pile" else ("discard",)
        out.append(
            Target(
                key,
                table.piles.with_label(source, rect),
                moves.shows(partial(moves.click_pile, source)),
                priority=rank(key),
                label=name,
                plays=True,
            )
        )
    seat = table.port.focus
    lifted = table.viewer == seat
    for i, rect in enumerate(table.hand.rects()):
        card = (
            table.port.seen.players[seat].hand[i]
            if i < len(table.port.seen.players[seat].hand)
            else None
        )
        if lifted and card is not None and moves.hand_card == card:
            rect = rect.move(0, -geo.HAND_LIFT)  # drawn lifted while chosen
        out.append(
            Target(
                ("hand", i),
                rect,
                moves.shows(partial(moves.click_hand, i)),
                priority=rank(("hand", i)),
                label=f"hand {i + 1}",
                plays=True,
            )
        )
    for at, rect in table.grid.rects().items():
        key = ("cell", *at)
        if table.port.seen.in_gap(seat, at) and key not in lit:
            continue  # an empty place nothing can go to
        out.append(
            Target(
                key,
                rect,
                moves.shows(partial(moves.click_cell, at)),
                priority=rank(key),
                label=f"place {at}",
                plays=True,
            )
        )
    controls = table.controls
    for name, button in list(controls.choices().items()):
        out.append(
            Target(
                ("choice", name),
                button.rect,
                button.click,
                priority=rank(("choice", name)) or (0 if name == "cancel" else PRIMARY),
                label=name,
            )
        )
    shown = getattr(controls, "shown", lambda _name: True)
    for name, button in controls.buttons.items():
        if not shown(name) or not button.visible:
            continue
        out.append(
            Target(
                ("button", name),
                button.rect,
                button.click,
                priority=PRIMARY if name == "next" else rank(("button", name)),
                label=name,
            )
        )
    return out


def hint_place(table: Keyed) -> Any:
    """Where the hinted move's next step is made, while a hint shows on our turn (a pile, a
    hand card, a grid place or a button: the place the H key's focus goes to), else None."""
    if table.moves.hint is None or not table.port.human_turn():
        return None
    key = _hint_key(table)
    for target in table_targets(table) if key is not None else ():
        if target.key == key:
            return target.rect
    return None


def _hint_key(table: Keyed) -> tuple | None:
    """The target of the hinted move's next step, if a hint is showing."""
    moves = table.moves
    hint = moves.hint
    hand = table.port.state.hand(table.port.focus)
    if isinstance(hint, Setup):
        return ("cell", *(hint.reveal if moves.cell is None else hint.look))
    if isinstance(hint, Draw):
        return ("pile",) if hint.source == "pile" else ("discard",)
    if isinstance(hint, (Play, Discard)) and hint.card in hand:
        if moves.hand_card != hint.card:
            return ("hand", hand.index(hint.card))
        if isinstance(hint, Play):
            return ("cell", *hint.at)
        if moves.mode != "discard":
            return ("discard",)
        return ("cell", *hint.reveal) if hint.reveal is not None else None
    if isinstance(hint, Swap):
        if moves.mode == "swap_reveal" and hint.reveal is not None:
            # The card to turn is chosen where it lies now; the swap moves it to `reveal`.
            return ("cell", *(hint.a if hint.reveal == hint.b else hint.b))
        if moves.mode != "swap":
            return ("button", "swap")
        return ("cell", *(hint.a if moves.cell is None else hint.b))
    if isinstance(hint, Clear):
        return ("choice", f"clear_{hint.line}_{hint.line_no}")
    if isinstance(hint, Look):
        if moves.mode == "look_reveal":
            return ("choice", "reveal" if hint.reveal else "keep")
        return ("cell", *hint.at)
    return None
