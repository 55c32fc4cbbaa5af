"""What the keyboard focus can rest on at the Blanco table (see game.core.ui.focus).

In Tab order: the draw pile and the discard pile, the hand, the grid's places (row by row),
the choice buttons of the step in progress (clear which line, reveal or keep hidden, Cancel),
then the table's buttons. Each acts through the same call as a click (`Moves.click_pile`,
`click_hand`, `click_cell`, a button's click), so a refused move says why, as for the mouse.

Priorities steer the focus where the player is heading: Next and a step's own choices (not
Cancel) take it when they appear; else the places the rules highlight now.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.ui.focus import HIGHLIGHTED, PRIMARY, Target

from . import geometry as geo


def table_targets(table: Any) -> list[Target]:
    """The focus targets of a Blanco table now."""
    if table.driven:
        return []
    if table.animator.busy:
        return [_skipping(table, t) for t in _targets(table)]
    return _targets(table)


def table_claims(table: Any) -> set[int]:
    """Space keeps its table meaning: it skips an animation, or says Next to a finished turn."""
    if table.animator.busy or table.turns.confirming is not None:
        return {pygame.K_SPACE}
    return set()


def _skipping(table: Any, target: Target) -> Target:
    """While an animation plays a click anywhere skips it: so does Enter on any target."""
    target.activate = lambda: table.animator.skip(table.focus)
    return target


def _targets(table: Any) -> list[Target]:
    moves = table.moves
    lit = moves.targets() if table.human_turn() else set()

    def rank(key: tuple) -> int:
        return HIGHLIGHTED if key in lit else 0

    out: list[Target] = []
    for source, rect, name in (
        ("pile", geo.DRAW_PILE, "draw pile"),
        ("discard", geo.DISCARD_PILE, "discard pile"),
    ):
        key = ("pile",) if source == "pile" else ("discard",)
        out.append(
            Target(key, rect, lambda s=source: moves.click_pile(s), priority=rank(key), label=name)
        )
    seat = table.focus
    lifted = table.viewer == seat
    for i, rect in enumerate(table.hand.rects()):
        card = table.seen.players[seat].hand[i] if i < len(table.seen.players[seat].hand) else None
        if lifted and card is not None and moves.hand_card == card:
            rect = rect.move(0, -14)  # drawn lifted while chosen
        out.append(
            Target(
                ("hand", i),
                rect,
                lambda i=i: moves.click_hand(i),
                priority=rank(("hand", i)),
                label=f"hand {i + 1}",
            )
        )
    for at, rect in table.grid.rects().items():
        key = ("cell", *at)
        if table.seen.in_gap(seat, at) and key not in lit:
            continue  # an empty place nothing can go to
        out.append(
            Target(
                key,
                rect,
                lambda at=at: moves.click_cell(at),
                priority=rank(key),
                label=f"place {at}",
            )
        )
    controls = table.controls
    for name, button in list(controls.choices().items()):
        out.append(
            Target(
                ("choice", name),
                button.rect,
                button.click,
                priority=0 if name == "cancel" else PRIMARY,
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
                priority=PRIMARY if name == "next" else 0,
                label=name,
            )
        )
    return out
