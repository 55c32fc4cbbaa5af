"""Sampled play-forward for Blanco's Expert: a seat's own next turns played out on sampled
draws, the grid they leave valued by the static evaluation.

Every card drawn or turned up in a play-forward comes from `pool`, the cards the seat cannot
rule out of the draw pile (its view and its memory only), so the real hidden cards never enter.
The samples are seeded by the position as the seat sees it, so the same view always gives the
same choice; every candidate step is played forward on the same samples (common random
numbers), so their comparison is paired.

Pure: no pygame.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

from .model import CURVE_UNIT, Evaluator, Grid, Pos, complete, face_down, fresh_grid, put, remove
from .turns import Option, after_draw, useful_cells, with_reveal

# A turn saved, in the evaluation's units (Expert's calibrated plan reads one turn as
# 1 / CURVE_UNIT units): what a play-forward that empties its last grid early is worth
TURN = 1 / CURVE_UNIT


def cells(g: Grid) -> int:
    return len(g) * len(g[0]) if g else 0


def samples(
    pool: list[int], count: int, length: int, key: str, spread: bool = False
) -> list[list[int]]:
    """`count` sequences of `length` distinct cards of `pool`, the same for the same `key`;
    `spread`: their first cards evenly spaced over the pool (ids run colour by colour, number
    by number), so the first draw's mix of colours and numbers is the pool's, not luck's."""
    rng = random.Random(key)
    length = min(length, len(pool))
    if not spread or not pool:
        return [rng.sample(pool, length) for _ in range(count)]
    step = len(pool) / count
    offset = rng.random() * step
    out = []
    for i in range(count):
        first = pool[int(offset + i * step) % len(pool)]
        rest = [c for c in pool if c != first]
        out.append([first, *rng.sample(rest, length - 1)])
    return out


def settled(ev: Evaluator, g: Grid, hand: list[int], stage: int) -> Grid:
    """The grid once every clear it sets off is done, in the order the evaluation prefers
    (as `Evaluator.settle` values it); () when it empties."""
    while g:
        lines = complete(g)
        if not lines:
            return g
        if len(lines) == 1:
            g = remove(g, lines[0])
            continue
        g = max(
            (remove(g, line) for line in lines),
            key=lambda rest: (
                ev.settle(rest, hand, stage, 1) if rest else ev.value(rest, hand, stage)
            ),
        )
    return g


def second_grid(cards: Iterator[int]) -> Grid:
    """A fresh second grid as set up: one card turned up, one looked at, in one column."""
    return put(put(fresh_grid(), (0, 0), (next(cards, 0), True)), (1, 0), (next(cards, 0), False))


Step = tuple[str, int, Pos | None]  # as turns.Option's: ("play", card, at) or ("discard", ...)
Junk = dict[tuple[Grid, tuple[int, ...], int], list[Option]]


def fitting_steps(ev: Evaluator, g: Grid, hand: list[int], stage: int) -> list[Option]:
    """`turns.after_draw` with a junk card drawn, its plays only where the card fits a known
    card of the row or column (a play elsewhere is rarely the best; a third of the cost)."""
    down: list[Pos | None] = list(face_down(g)) or [None]
    out: list[Option] = []
    for card in dict.fromkeys([*hand, 0]):
        rest = [*hand, 0]
        rest.remove(card)
        if card:
            for at in useful_cells(g, card):
                out.append((ev.settle(put(g, at, (card, True)), rest, stage), ("play", card, at)))
        for reveal in down:
            gg = with_reveal(g, reveal) if reveal is not None else g
            out.append((ev.settle(gg, rest, stage), ("discard", card, reveal)))
    out.sort(key=lambda o: -o[0])
    return out


def greedy_step(
    ev: Evaluator,
    g: Grid,
    hand: list[int],
    stage: int,
    x: int,
    junk: Junk,
    keep: int = 2,
    quick: bool = False,
) -> Step:
    """The step the evaluation rates best once `x` is drawn, judged as `turns.pile_value`
    judges a draw (the steps of the hand alone, computed once per position in `junk`; their
    best `keep` again with `x` kept; `x` discarded; `x` played where it fits); `quick`: the
    hand's steps by `fitting_steps`."""
    k = (g, tuple(sorted(hand)), stage)
    options = junk.get(k)
    if options is None:
        options = junk[k] = (
            fitting_steps(ev, g, hand, stage) if quick else after_draw(ev, g, hand + [0], stage)
        )
    best_v, best = -1e18, options[0][1]
    for v, step in options:
        if step[0] == "discard" and step[1] == 0:
            best_v, best = v, ("discard", x, step[2])
            break
    kept = 0
    for _, (kind, card, at) in options:
        if kept == keep:
            break
        if card == 0:
            continue
        kept += 1
        rest = hand + [x]
        rest.remove(card)
        if kind == "play" and at is not None:
            v = ev.settle(put(g, at, (card, True)), rest, stage)
        else:
            v = ev.settle(with_reveal(g, at) if at else g, rest, stage)
        if v > best_v:
            best_v, best = v, (kind, card, at)
    for at in useful_cells(g, x):
        v = ev.settle(put(g, at, (x, True)), hand, stage)
        if v > best_v:
            best_v, best = v, ("play", x, at)
    return best


def play_forward(
    ev: Evaluator,
    g: Grid,
    hand: list[int],
    stage: int,
    cards: Sequence[int],
    turns: int,
    junk: Junk,
    quick: bool = False,
) -> float:
    """The value after `turns` own turns from this position (its clears done), each drawing
    the next card of `cards` from the pile and taking the step the evaluation rates best (a
    card turned up or looked at is the next card of `cards` too). An emptied last grid is worth
    the turns it leaves unused."""
    it = iter(cards)
    if not g:
        if stage == 2:
            return turns * TURN
        g, stage = second_grid(it), 2
    for t in range(turns):
        x = next(it, 0)
        kind, card, at = greedy_step(ev, g, hand, stage, x, junk, quick=quick)
        hand = hand + [x]
        hand.remove(card)
        if kind == "play" and at is not None:
            g = put(g, at, (card, True))
        elif at is not None:
            known, _ = g[at[0]][at[1]]
            g = put(g, at, (known or next(it, 0), True))
        before = cells(g)
        g = settled(ev, g, hand, stage)
        if not g:
            if stage == 2:
                return (turns - t - 1) * TURN
            g, stage = second_grid(it), 2
        elif cells(g) < before:
            # the reward look: a face-down card not known yet
            unknown = [p for p in face_down(g) if not g[p[0]][p[1]][0]]
            if unknown:
                g = put(g, unknown[0], (next(it, 0), False))
    return ev.value(g, hand, stage)


def mean_forward(
    ev: Evaluator,
    g: Grid,
    hand: list[int],
    stage: int,
    draws: list[list[int]],
    turns: int,
    quick: bool = False,
) -> float:
    """`play_forward` averaged over the sampled card sequences `draws`."""
    junk: Junk = {}
    total = sum(play_forward(ev, g, hand, stage, cards, turns, junk, quick) for cards in draws)
    return total / len(draws)


def race_share(
    ev: Evaluator,
    g: Grid,
    hand: list[int],
    stage: int,
    draws: list[list[int]],
    turns: int,
    rivals: list[float],
    spread: float,
) -> float:
    """The chance of winning the race, averaged over the sampled play-forwards: the seat's
    turns to finish (those played forward plus the evaluation's estimate of the rest) against
    each rival's (`rivals`, in seat order after it: each plays its k-th turn before the seat's
    k-th, so a tie loses), each gap read through a logistic of scale `spread` turns."""
    junk: Junk = {}
    total = 0.0
    for cards in draws:
        mine = turns - play_forward(ev, g, hand, stage, cards, turns, junk) * CURVE_UNIT
        share = 1.0
        for theirs in rivals:
            share /= 1.0 + math.exp(-(theirs - mine - 0.5) / spread)
        total += share
    return total / len(draws)
