"""Why a hinted move is good, as the bots see it: a small structured reason the table puts into
words ("clears row 2", "keeps a 7 for the red column"). Worked out from the hinted seat's own
view and the move alone (its grid as it knows it, its hand, the top of the discard pile).

Pure: no pygame, no words (the UI says a `Reason` in the player's language).
"""

from __future__ import annotations

from typing import NamedTuple

from game.blanco.rules.actions import Action, Clear, Discard, Draw, Look, Play, Setup, Swap
from game.blanco.rules.state import BlancoState

from .model import COLS, NUMS, Grid, Pos, complete, grid_of, put

# The kinds of reason:
CLEARS = "clears"  # the move completes a line: `line` ("row" | "col"), `line_no`
FITS_ROW = "fits_row"  # `card` has the number of row `line_no`'s face-up cards
FITS_COL = "fits_col"  # `card` has the colour of column `line_no`'s face-up cards
PILE = "pile"  # the discard pile's `card` fits but the draw pile may bring better
NOTHING_FITS = "nothing_fits"  # the discard pile's `card` fits no line: a fresh card is better
KNOWN = "known"  # the discard pile's `card` is known, the draw pile's is a gamble
FITS_NOWHERE = "fits_nowhere"  # the discarded `card` fits no line; a reveal shows one more
REPLACES = "replaces"  # the played card replaces one that fits no line of the grid
LEARN = "learn"  # knowing a face-down card helps plan the next turns
ORDER = "order"  # of two complete lines, clearing this one first keeps the chain going
LINE_NAMES = ("row", "col")


class Reason(NamedTuple):
    """What a move gains: `kind` (above), the line it concerns, the card it names."""

    kind: str
    line: str = ""
    line_no: int = -1
    card: int = 0


def _grid(view: BlancoState, seat: int) -> Grid:
    p = view.players[seat]
    return grid_of(p.grid, p.up)


def _cleared(g: Grid) -> Reason | None:
    done = complete(g)
    if not done:
        return None
    kind, index = done[0]
    return Reason(CLEARS, LINE_NAMES[kind], index)


def fit(g: Grid, card: int, at: Pos) -> Reason | None:
    """Whether `card` at `at` completes a line or joins the face-up cards of its row (same
    number) or column (same colour); None when it fits neither."""
    done = _cleared(put(g, at, (card, True)))
    if done is not None:
        return Reason(done.kind, done.line, done.line_no, card)
    r, c = at
    row = [cell for i, cell in enumerate(g[r]) if i != c and cell[1] and cell[0]]
    if row and all(NUMS[k] == NUMS[card] for k, _ in row):
        return Reason(FITS_ROW, "row", r, card)
    col = [g[i][c] for i in range(len(g)) if i != r and g[i][c][1] and g[i][c][0]]
    if col and all(COLS[k] == COLS[card] for k, _ in col):
        return Reason(FITS_COL, "col", c, card)
    return None


def best_fit(g: Grid, card: int) -> Reason | None:
    """The best place `card` could go: a clear first, then a row or column it joins."""
    found = [f for r, row in enumerate(g) for c in range(len(row)) if (f := fit(g, card, (r, c)))]
    found.sort(key=lambda f: {CLEARS: 0, FITS_ROW: 1, FITS_COL: 2}[f.kind])
    return found[0] if found else None


def reason(view: BlancoState, action: Action) -> Reason | None:
    """Why `action` (a hint for its player, from that player's `view`) is a good move; None
    for an action no reason is given for."""
    seat = action.player
    g = _grid(view, seat)
    top = view.discard[-1] if view.discard else 0
    if isinstance(action, Draw):
        found = best_fit(g, top) if top else None
        if found is None:
            return Reason(NOTHING_FITS if action.source == "pile" else KNOWN, card=top)
        return found if action.source != "pile" else Reason(PILE, card=top)
    if isinstance(action, Play):
        found = fit(g, action.card, action.at)
        return found or Reason(REPLACES, card=action.card)
    if isinstance(action, Discard):
        return Reason(FITS_NOWHERE, card=action.card)
    if isinstance(action, Swap):
        a, b = action.a, action.b
        swapped = put(put(g, a, (g[b[0]][b[1]][0], True)), b, (g[a[0]][a[1]][0], True))
        done = _cleared(swapped)
        if done is not None:
            return done
        for at in (a, b):
            card = swapped[at[0]][at[1]][0]
            found = fit(swapped, card, at) if card else None
            if found is not None:
                return found
        return Reason(LEARN)
    if isinstance(action, Clear):
        return Reason(ORDER, action.line, action.line_no)
    if isinstance(action, Look | Setup):
        return Reason(LEARN)
    return None
