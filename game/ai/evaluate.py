"""A static estimate of a player's final score from a position, for choosing between moves.

The heart of it is a queue: a player crosses about one square per number (plus the bonus
crosses their completed lines give), so their incomplete cards get completed one after another,
the one with the fewest open squares first. A card completes in the round in which the crosses
still to come cover the open squares of that card and of every card ahead of it; that timing
(softened into a probability) decides whether it scores 15, 12, 10 or 8, or only its crossed
squares at the end. Near the end of a round the Number cards not yet revealed matter too: a card
can only complete now if the numbers it needs can still come (a hypergeometric draw: `left` of
the `left + 9` unseen cards will be revealed), or be mended with Lightning or bonus crosses.
Line icons are valued by their chance to be circled; stars and moons through their scoring
tables (3 stars in one round are worth 9, so stars that come together count for more).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import erf, sqrt
from typing import NamedTuple

from game.rules.cards import (
    BLANK,
    COL_MASKS,
    FULL,
    MOON,
    NUMBER,
    POPCOUNT,
    QUESTION,
    ROW_MASKS,
    STAR,
    CardFace,
)
from game.rules.state import CARD_POINTS, MOON_SWING, ROUNDS, SOLO_MOON_POINTS, STAR_POINTS

from .model import Position

UNUSED = 9  # each round, 9 of the 18 Number cards are not dealt


@dataclass(frozen=True)
class Weights:
    """The tunable judgement of the static evaluation."""

    rescue: float = 0.4  # chance to mend one missing number with Lightning or a bonus cross
    budget: float = 8.5  # squares a player crosses in a whole round, bonus crosses included
    pace: float = 1.0  # squares crossed per number still to come this round
    bonus_help: float = 0.2  # open squares a number or question icon on the card saves
    sigma: float = 1.0  # spread of a card's completion time (in squares) ...
    sigma_growth: float = 0.5  # ... growing with the square root of the squares ahead of it
    token: float = 1.0  # a Lightning token's worth while many numbers are still to come
    token_decay: float = 1.0  # each further token is worth this much of the one before
    cross: float = 0.5  # an extra cross from a number bonus
    question: float = 1.5  # an extra cross anywhere, from a question mark
    line_now: float = 0.5  # how much of a line's own number chance it gets off the queue
    later: float = 0.8  # discount per round on the points of completing a card later
    star_scale: float = 0.7  # weight of expected star points
    moon_scale: float = 1.0  # weight of expected moon points


DEFAULT_WEIGHTS = Weights()


def _miss_chances(left: int) -> tuple[tuple[float, float], ...]:
    """For 0, 1, 2 unseen copies of a number: P(it comes 0 times), P(exactly once) among the
    `left` numbers still to come this round (drawn from `left + 9` unseen cards)."""
    unseen = left + UNUSED
    one = (UNUSED / unseen, left / unseen)
    both = unseen * (unseen - 1)
    two = (UNUSED * (UNUSED - 1) / both, 2 * left * UNUSED / both)
    return ((1.0, 0.0), one, two)


MISS = tuple(_miss_chances(left) for left in range(10))
MAX_MISSING = 4  # more missing numbers than this: no realistic chance this round


def fill_chance(
    face: CardFace, open_cells: int, pool: tuple[int, ...], left: int, tokens: int,
    bonus_crosses: int, rescue: float,
) -> float:
    """Chance that every open cell in `open_cells` gets crossed with the numbers still to come
    this round, when each number the deal doesn't supply can be mended with chance `rescue`
    while Lightning tokens (which turn another number into it) or bonus crosses last. Each
    cross needs a number of its own, or a bonus cross."""
    if POPCOUNT[open_cells] > left + bonus_crosses:
        return 0.0
    help_ = tokens + bonus_crosses
    miss = MISS[left]
    d0, d1, d2, d3, d4 = 1.0, 0.0, 0.0, 0.0, 0.0  # P(number of missing cells = j)
    grid = face.grid
    seen = 0
    for cell in range(9):
        if not open_cells >> cell & 1:
            continue
        n = grid[cell]
        bit = 1 << n
        if seen & bit:
            continue
        seen |= bit
        p0, p1 = miss[pool[n]]
        if POPCOUNT[face.number_mask[n] & open_cells] == 1:
            a = 1.0 - p0
            d0, d1, d2, d3, d4 = d0 * a, d1 * a + d0 * p0, d2 * a + d1 * p0, d3 * a + d2 * p0, (
                d4 * a + d3 * p0)
        else:
            a = 1.0 - p0 - p1
            d0, d1, d2, d3, d4 = d0 * a, d1 * a + d0 * p1, d2 * a + d1 * p1 + d0 * p0, (
                d3 * a + d2 * p1 + d1 * p0), d4 * a + d3 * p1 + d2 * p0
    total = d0
    if help_ >= 1:
        f = rescue
        total += d1 * f
        if help_ >= 2:
            f *= rescue
            total += d2 * f
            if help_ >= 3:
                f *= rescue
                total += d3 * f
                if help_ >= 4:
                    total += d4 * f * rescue
    return total


def _phi(x: float) -> float:
    return 0.5 * (1.0 + erf(x / sqrt(2.0)))


def moon_value(moons: float, rivals: tuple[int, ...]) -> float:
    """End-of-game points for a (possibly fractional, expected) moon count."""
    if not rivals:
        low = int(moons)
        if low >= len(SOLO_MOON_POINTS) - 1:
            return SOLO_MOON_POINTS[-1]
        frac = moons - low
        return SOLO_MOON_POINTS[low] * (1 - frac) + SOLO_MOON_POINTS[low + 1] * frac
    most, fewest = max(rivals), min(rivals)
    # Soft steps: a moon more than the leader nearly secures the +6.
    points = MOON_SWING * min(1.0, max(0.0, (moons - most + 1) / 2))
    if len(rivals) >= 2:
        points -= MOON_SWING * min(1.0, max(0.0, (fewest + 1 - moons) / 2))
    return points


def star_points(chances: list[float], stars: int = 0) -> float:
    """Expected star points of one round, given the stars already circled and each star line's
    chance to be circled in that round."""
    if stars >= 3:
        return STAR_POINTS[3]
    dist = [0.0] * 4
    dist[stars] = 1.0
    for p in chances:
        q = 1 - p
        dist = [dist[0] * q, dist[1] * q + dist[0] * p, dist[2] * q + dist[1] * p,
                dist[3] + dist[2] * p]
    return dist[1] * STAR_POINTS[1] + dist[2] * STAR_POINTS[2] + dist[3] * STAR_POINTS[3]


def _line_icons(face: CardFace, mask: int):
    """(open cells, kind, value) of each line not yet circled."""
    for line_masks, bonuses in ((ROW_MASKS, face.row_bonus), (COL_MASKS, face.col_bonus)):
        for i in range(3):
            line_open = line_masks[i] & ~mask
            if line_open:
                kind, value = bonuses[i]
                yield line_open, kind, value


class CardFacts(NamedTuple):
    """What the evaluation needs to know about one incomplete card, for one pool of numbers."""

    open_count: int
    helpers: int  # uncircled number and question-mark icons: bonus crosses to come
    numbers_ok: float  # chance the numbers to come (and mending) can fill the whole card
    lines: tuple[tuple[str, int, float], ...]  # (kind, value, chance this round) per icon


class Evaluator:
    """The static evaluation with its weights, remembering per-card facts (they only change
    when a card's mask, the tokens or the numbers to come change). The memory is not pickled:
    computer players are sent to a worker process with every move."""

    def __getstate__(self) -> dict:
        return {"w": self.w}

    def __setstate__(self, state: dict) -> None:
        self.w = state["w"]
        self.memo = {}

    MEMO_LIMIT = 200_000

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.w = weights
        self.memo: dict[tuple, CardFacts] = {}

    def facts(self, face: CardFace, mask: int, pool: tuple[int, ...], left: int,
              tokens: int) -> CardFacts:
        key = (face.number, mask, pool, left, tokens)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if len(self.memo) > self.MEMO_LIMIT:
            self.memo.clear()
        w = self.w
        open_cells = FULL ^ mask
        helpers = 0
        lines = []
        for line_open, kind, value in _line_icons(face, mask):
            if kind in (NUMBER, QUESTION):
                helpers += 1
            if kind != BLANK:
                chance = fill_chance(face, line_open, pool, left, tokens, 0, w.rescue)
                lines.append((kind, value, w.line_now * chance))
        numbers_ok = fill_chance(face, open_cells, pool, left, tokens, helpers, w.rescue)
        hit = CardFacts(POPCOUNT[open_cells], helpers, numbers_ok, tuple(lines))
        self.memo[key] = hit
        return hit

    def __call__(self, pos: Position) -> float:
        """Estimated final score of the player in this position (between two numbers)."""
        w = self.w
        r = pos.round
        if r > ROUNDS:  # the game is over: incomplete squares and moons
            crossed = sum(POPCOUNT[m] for m in pos.masks)
            return pos.banked + crossed // 2 + moon_value(pos.moons, pos.rivals_moons)
        left = pos.left
        pool = pos.pool
        tokens = pos.lightning
        rounds_after = ROUNDS - r
        remaining_numbers = left + 9 * rounds_after
        token_worth = w.token * min(1.0, remaining_numbers / 9)

        value = float(pos.banked) + CARD_POINTS[r - 1] * pos.completed_now()
        if w.token_decay == 1.0:
            value += token_worth * tokens
        else:
            each = token_worth
            for _ in range(min(tokens, 12)):
                value += each
                each *= w.token_decay

        # The queue: incomplete cards, fewest open squares (after bonus help) first.
        queue = []
        for face, mask in zip(pos.faces, pos.masks, strict=True):
            if mask != FULL:
                facts = self.facts(face, mask, pool, left, tokens)
                need = facts.open_count - w.bonus_help * facts.helpers
                queue.append((need if need > 0.5 else 0.5, facts.open_count, facts))
        queue.sort(key=_first)

        budget_now = left * w.pace
        star_now: list[float] = []
        star_later: list[list[float]] = [[] for _ in range(rounds_after)]
        moons = float(pos.moons)
        ahead = 0.0
        points = CARD_POINTS[r - 1:]
        for need, open_count, facts in queue:
            ahead += need
            spread = w.sigma + w.sigma_growth * sqrt(ahead)
            # P(completed by the end of this round), then of each later round.
            p = _phi((budget_now - ahead + 0.5) / spread)
            done = facts.numbers_ok if facts.numbers_ok < p else p
            card_value = done * points[0]
            in_round = [done]
            for extra in range(1, rounds_after + 1):
                p = _phi((budget_now + w.budget * extra - ahead + 0.5) / spread)
                if p > done:
                    in_round.append(p - done)
                    card_value += (p - done) * points[extra] * w.later ** extra
                    done = p
                else:
                    in_round.append(0.0)
            card_value += (1 - done) * 0.5 * (9 - open_count)
            value += card_value
            now = in_round[0]
            for kind, bval, line_chance in facts.lines:
                line_now = line_chance if line_chance > now else now
                ever = line_now if line_now > done else done
                if kind == STAR:
                    star_now.append(line_now)
                    rest = 1.0 - line_now
                    for i in range(rounds_after):
                        share = in_round[i + 1]
                        if share > rest:
                            share = rest
                        star_later[i].append(share)
                        rest -= share
                        if rest <= 0:
                            break
                elif kind == MOON:
                    moons += ever
                elif kind == NUMBER:
                    value += w.cross * ever
                elif kind == QUESTION:
                    value += w.question * ever
                else:  # LIGHTNING
                    value += bval * token_worth * ever
        stars = star_points(star_now, pos.stars)
        for chances in star_later:
            if chances:
                stars += star_points(chances)
        value += w.star_scale * stars + w.moon_scale * moon_value(moons, pos.rivals_moons)
        return value


def _first(item: tuple) -> float:
    return item[0]


def evaluate(pos: Position, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Estimated final score of the player in this position (a one-off Evaluator)."""
    return Evaluator(w)(pos)
