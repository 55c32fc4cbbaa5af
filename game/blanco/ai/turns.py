"""What one seat's steps do to its own grid, as the bots model it (model.py's grids): the value
of each step, of the best play or discard after a draw, and of a draw from the pile.

Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable

from game.blanco.rules.actions import Action, Discard, Play, Swap

from .model import COLS, NUMS, Evaluator, Grid, Pos, face_down, put

FEED_WIN = 20.0  # feed_gain of a card that wins the game for the player who takes it
# (value, the step as ("play", card, at) or ("discard", card, reveal: None when none is left))
Option = tuple[float, tuple[str, int, Pos | None]]


def with_reveal(g: Grid, at: Pos) -> Grid:
    card, _ = g[at[0]][at[1]]
    return put(g, at, (card, True))


def swapped(g: Grid, a: Pos, b: Pos, reveal: Pos | None) -> Grid:
    ca, cb = g[a[0]][a[1]], g[b[0]][b[1]]
    g = put(put(g, a, cb), b, ca)
    if not ca[1] and not cb[1]:
        return with_reveal(g, reveal if reveal is not None else b)
    if not ca[1]:
        return with_reveal(g, b)
    if not cb[1]:
        return with_reveal(g, a)
    return g


def step_value(ev: Evaluator, g: Grid, hand: list[int], stage: int, a: Action) -> float:
    """The value after a Play, Discard or Swap (and the clears it sets off)."""
    if isinstance(a, Play):
        rest = list(hand)
        rest.remove(a.card)
        return ev.settle(put(g, a.at, (a.card, True)), rest, stage)
    if isinstance(a, Discard):
        rest = list(hand)
        rest.remove(a.card)
        return ev.settle(with_reveal(g, a.reveal) if a.reveal else g, rest, stage)
    if isinstance(a, Swap):
        return ev.settle(swapped(g, a.a, a.b, a.reveal), hand, stage)
    raise TypeError(f"no value for {a!r}")


def after_draw(
    ev: Evaluator, g: Grid, hand: list[int], stage: int, feed: Callable[[int], float] | None = None
) -> list[Option]:
    """Every play and discard with this 3-card hand (a 0 card, a junk card, is never played),
    valued, best first. Steps are ("play", card, at) or ("discard", card, reveal). `feed`: the
    cost of leaving a card on top of the discard pile (for the next player)."""
    cells = [(r, c) for r in range(len(g)) for c in range(len(g[0]))]
    down: list[Pos | None] = list(face_down(g)) or [None]
    # the grid each discard's reveal leaves, the same whichever card is discarded
    revealed = [(reveal, with_reveal(g, reveal) if reveal is not None else g) for reveal in down]
    out: list[Option] = []
    for card in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(card)
        if card:
            for at in cells:
                v = ev.settle(put(g, at, (card, True)), rest, stage)
                if feed is not None:
                    v -= feed(g[at[0]][at[1]][0])
                out.append((v, ("play", card, at)))
        cost = feed(card) if feed is not None else 0.0
        for reveal, gg in revealed:
            out.append((ev.settle(gg, rest, stage) - cost, ("discard", card, reveal)))
    out.sort(key=lambda o: -o[0])
    return out


def useful_cells(g: Grid, card: int) -> list[Pos]:
    """Cells where `card` would share a number with a known card of the row or a colour with
    one of the column."""
    n, k = NUMS[card], COLS[card]
    # per row, per column: how many of its cards share the number, the colour (a cell counts
    # when another of its line does: its own match is taken off)
    row_count = [sum(1 for c, _ in row if NUMS[c] == n) for row in g]
    col_match = [[c != 0 and COLS[c] == k for c, _ in row] for row in g]
    col_count = [sum(col) for col in zip(*col_match, strict=True)]
    out = []
    for r, row in enumerate(g):
        in_row = row_count[r]
        matches = col_match[r]
        for c in range(len(row)):
            if in_row - (NUMS[row[c][0]] == n) > 0 or col_count[c] - matches[c] > 0:
                out.append((r, c))
    return out


def fitting_sample(
    pool: list[int], nums: set[int], cols: set[int], sample: int = 0
) -> tuple[list[int], float, list[int]]:
    """Of `pool`, the cards that fit a number of `nums` or a colour of `cols`, at most about
    `sample` of them (0: all), evenly spread; how many cards each stands for; and the cards
    that fit nothing (junk: one of them stands for all, valued once)."""
    relevant = [x for x in pool if NUMS[x] in nums or COLS[x] in cols]
    step = max(1, -(-len(relevant) // sample)) if sample else 1  # every step-th fitting card
    chosen = relevant[::step]
    weight = len(relevant) / len(chosen) if chosen else 0.0
    fitting = set(relevant)
    return chosen, weight, [x for x in pool if x not in fitting]


def pile_value(
    ev: Evaluator,
    g: Grid,
    hand: list[int],
    stage: int,
    pool: list[int],
    keep: int = 2,
    sample: int = 0,
) -> float:
    """The expected value of drawing from the pile: each card of `pool` equally likely. Cards
    that fit no known card of the grid count as junk (valued once); of those that fit, at most
    about `sample` (0: all) are valued, evenly spread, each standing for its neighbours."""
    junk = after_draw(ev, g, hand + [0], stage)
    v_junk = junk[0][0]
    if not pool:
        return v_junk
    nums = {NUMS[c] for row in g for c, _ in row if c}
    cols = {COLS[c] for row in g for c, _ in row if c}
    best_discard_x = max(v for v, s in junk if s[0] == "discard" and s[1] == 0)
    # the grid each kept step leaves does not depend on the card drawn: built once
    keepers: list[tuple[int, Grid]] = []
    for kind, card, at in [s for _, s in junk if s[1] != 0][:keep]:
        if kind == "play" and at is not None:  # a play always has its cell
            keepers.append((card, put(g, at, (card, True))))
        else:
            keepers.append((card, with_reveal(g, at) if at else g))
    chosen, weight, unfitting = fitting_sample(pool, nums, cols, sample)
    total = v_junk * len(unfitting)
    for x in chosen:
        best = best_discard_x
        for card, kept in keepers:
            rest = list(hand) + [x]
            rest.remove(card)
            v = ev.settle(kept, rest, stage)
            if v > best:
                best = v
        for at in useful_cells(g, x):
            v = ev.settle(put(g, at, (x, True)), hand, stage)
            if v > best:
                best = v
        total += best * weight
    return total / len(pool)


def feed_gain(g: Grid, card: int, stage: int) -> float:
    """What `card` on top of the discard pile offers the player of grid `g` (another seat, its
    face-down cards unknown): 0 nothing, 1 a line it completes, FEED_WIN when that line is the
    whole of their last grid (taking the card wins them the game)."""
    if not card or not g:
        return 0.0
    n, k = NUMS[card], COLS[card]
    rows, cols = len(g), len(g[0])
    gain = 0.0
    if cols >= 2:
        for row in g:
            misses = sum(1 for c, u in row if not (u and c and NUMS[c] == n))
            if misses <= 1:
                if stage == 2 and rows == 1:
                    return FEED_WIN
                gain = 1.0
    if rows >= 2:
        for c in range(cols):
            misses = sum(1 for row in g if not (row[c][1] and row[c][0] and COLS[row[c][0]] == k))
            if misses <= 1:
                if stage == 2 and cols == 1:
                    return FEED_WIN
                gain = 1.0
    return gain
