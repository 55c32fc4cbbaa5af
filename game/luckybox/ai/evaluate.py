"""A static estimate of a player's final score from a position, for choosing between moves.

The heart of it is a queue. A player crosses about one square per number (plus the bonus
crosses their circled icons give), so their incomplete cards get completed one after another,
the one with the fewest open squares first. A card completes in the round in which the crosses
still to come cover its open squares and those of every card ahead of it; that timing, softened
into a probability, decides whether it scores 15, 12, 10 or 8, or only half its crossed squares
at the end. So a cross on the card at the head of the queue brings every card's completion
nearer, which is why the bots concentrate on one card at a time.

Refinements, each of which paid for itself in the benchmark:
- A card can only complete this round if the numbers it needs can still come: each of the
  `left` numbers still to come is one of the `left + 9` Number cards not revealed yet (a
  hypergeometric draw), and a number that doesn't come may be mended by Lightning or a bonus.
- Numbers that no open square shows (or, with Lightning, a neighbour of one) are passed, so they
  don't count towards the crosses to come: keeping many different numbers open is worth a lot.
- Open squares beyond the supply of their number for the rest of the game (about one of each
  number per round) cost points: cards that need the same numbers twice compete.
- Icons count by their chance to be circled; stars through the 1 / 4 / 9 table of each round
  (stars that come together count more), moons through the moon scoring.

The weights were tuned on seeded solo games (`bench/bots.py`); see `Weights`.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import erf, sqrt
from operator import attrgetter

from game.luckybox.ai.cardfacts import (
    DEMAND_BITS,
    UNDEALT,
    CardFacts,
    CardShape,
    Fill,
    FillChances,
    card_shape,
    pool_key,
)
from game.luckybox.ai.iconpoints import moon_value, star_points
from game.luckybox.ai.model import Position
from game.luckybox.rules.cards import FULL, MOON, NUMBER, POPCOUNT, QUESTION, STAR, CardFace
from game.luckybox.rules.state import (
    CARD_POINTS,
    NUMBERS_PER_ROUND,
    ROUNDS,
)


@dataclass(frozen=True)
class Weights:
    """The tunable judgement of the evaluation (tuned by coordinate search on solo games)."""

    rescue: float = 0.4  # chance to mend each number that doesn't come (Lightning, bonus)
    budget: float = 8.5  # squares crossed in a whole later round, bonus crosses included
    pace: float = 1.0  # squares crossed per usable number still to come this round
    bonus_help: float = 0.2  # open squares each uncircled number / question icon saves
    sigma: float = 1.4  # spread (in squares) of a card's completion time ...
    sigma_growth: float = 0.5  # ... growing with the square root of the squares ahead of it
    token: float = 1.0  # a Lightning token, while a round's worth of numbers is to come
    cross: float = 1.0  # a number icon: one more square crossed
    question: float = 1.5  # a question-mark icon: a square of one's choice
    line_now: float = 0.5  # how much a line's own chance this round counts, off the queue
    near_cover: float = 0.5  # a number only Lightning reaches counts this much as usable
    cover_later: float = 0.5  # how much unusable numbers slow the later rounds
    shortage: float = 0.5  # points lost per open square beyond its number's supply
    later: float = 0.8  # discount per round on the points of completing a card later
    star_scale: float = 0.7  # star and moon points as estimated are on the hopeful side
    moon_scale: float = 0.7


DEFAULT_WEIGHTS = Weights()


def _near(numbers: int) -> int:
    """Numbers (bits 1-9) not in `numbers` but next to one of them (9 and 1 are neighbours)."""
    out = 0
    for n in range(1, 10):
        below, above = (n - 2) % 9 + 1, n % 9 + 1
        if not numbers >> n & 1 and (numbers >> below & 1 or numbers >> above & 1):
            out |= 1 << n
    return out


NEAR = tuple(_near(numbers) for numbers in range(1 << 10))


class _Context:
    """What every position with the same round, numbers to come and tokens shares: the crosses
    to come (by the numbers open squares show), the shortage (by the open squares' demand for
    each number), each incomplete card's facts, and the numbers to come as a `pool_key`."""

    __slots__ = ("budgets", "shortages", "thresholds", "share", "pool_key", "facts")

    def __init__(
        self, pool: tuple[int, ...], left: int, rounds_after: int, tokens_seen: int
    ) -> None:
        # Each incomplete card's facts, by `face.number << 9 | mask`.
        self.facts: dict[int, CardFacts] = {}
        self.budgets: dict[int, tuple[float, float]] = {}
        self.shortages: dict[int, float] = {}
        self.share = left / (left + UNDEALT)
        self.pool_key = pool_key(pool, left, tokens_seen)
        # Open squares showing n beyond this are short of their number.
        self.thresholds = tuple(pool[n] * self.share + rounds_after for n in range(10))


# What a context is remembered by: the numbers to come, how many, the round, tokens (up to 4).
ContextKey = tuple[tuple[int, ...], int, int, int]


# What a card's part of the value is remembered by: its facts' key, the round, the open
# squares ahead of it in the queue (its own included), and the crosses to come this round and
# in each later round.
CardValueKey = tuple[int, int, float, float, float]


# The star and moon icons of one incomplete card, as the evaluation sees them: each uncircled
# star line's chance to be circled this round; its card's chance to be completed in each later
# round (a star line not circled this round is circled with its card), if it has a star line;
# each uncircled moon icon's chance to be circled ever.
# Plain tuples of numbers, not a NamedTuple: the garbage collector stops tracking those, and
# tens of thousands are remembered (tracked, they made its full passes cost much of the time
# the memory saves).
CardIcons = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]
# What a card adds to the value: the addends, in the order they are added, and its icons.
CardValue = tuple[tuple[float, ...], CardIcons | None]
# What the star and moon part is remembered by: each card's icons, the stars circled this
# round, the moons held, the round, the other players' moons.
IconValuesKey = tuple[tuple[CardIcons, ...], int, int, int, tuple[int, ...]]


class Evaluator:
    """The evaluation with its weights, remembering each card's facts (they only change with
    the card's mask, the tokens, and the numbers still to come) and what each card adds to the
    value at its place in the queue (the moves tried in one decision mostly change one card,
    leaving the others' parts as they were). The memory is not pickled (the table sends
    computer players to a worker process with every move)."""

    MEMO_LIMIT = 2_000  # contexts remembered (each a round's numbers-to-come and tokens)
    FACTS_LIMIT = 60_000  # card facts remembered (a few hundred bytes each)
    CARD_VALUES_LIMIT = 50_000  # cards' parts of the value remembered (a few hundred bytes each)
    ICON_VALUES_LIMIT = 20_000  # star and moon parts remembered (a few hundred bytes each)
    TIMINGS_LIMIT = 20_000  # completion chances remembered (about 200 bytes each)

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self._start(weights)

    def _start(self, weights: Weights) -> None:
        self.w = weights
        self.fill_chance = FillChances(weights.rescue)
        self.memo: dict[ContextKey, _Context] = {}
        # The context asked for last, apart: the moves of one decision mostly share it.
        self._last_key: ContextKey | None = None
        self._last_context: _Context | None = None
        # A card's facts depend on the numbers to come only through the counts of the numbers
        # its open squares show, so they are shared by every pool that agrees on those: a
        # play-out's draw of a number the card lacks leaves them as they were.
        self.card_facts: dict[int, CardFacts] = {}
        # By face and mask: at most 60 faces' 512 masks.
        self.shapes: dict[int, CardShape] = {}
        # Their lines' fills, by face and the line's open squares: at most 60 faces' 6 lines'
        # 7 sets of open squares.
        self.line_fills: dict[int, Fill] = {}
        self.card_values: dict[CardValueKey, CardValue] = {}
        self.icon_values: dict[IconValuesKey, tuple[float, float]] = {}
        # A card's completion chances by the queue alone (`_timing`), shared by every card
        # with the same open squares ahead and the same crosses to come.
        self.timings: dict[tuple[int, float, float, float], tuple[float, tuple[float, ...]]] = {}
        w = weights
        # A token is worth less once fewer than a round's worth of numbers are left to use it:
        # by the round and the numbers to come this round.
        self._token_worth = tuple(
            tuple(
                w.token * min(1.0, (left + NUMBERS_PER_ROUND * (ROUNDS - r)) / 9)
                for left in range(NUMBERS_PER_ROUND + 1)
            )
            for r in range(1, ROUNDS + 1)
        )
        self._later = tuple(
            tuple(CARD_POINTS[r - 1 + extra] * w.later**extra for extra in range(ROUNDS - r + 1))
            for r in range(1, ROUNDS + 1)
        )

    def __getstate__(self) -> dict[str, Weights]:
        return {"w": self.w}

    def __setstate__(self, state: dict[str, Weights]) -> None:
        self._start(state["w"])

    def facts(
        self,
        shape: CardShape,
        pool: tuple[int, ...],
        left: int,
        tokens: int,
        key_of_pool: int,
        key: int,
    ) -> CardFacts:
        """The facts of one incomplete card (not remembered: see `_facts_in`); `key_of_pool`
        is the `pool_key` of `pool`, `left` and `tokens`."""
        w = self.w
        chances = self.fill_chance(shape.fills, pool, left, tokens, key_of_pool)
        line_now = w.line_now
        open_count, helpers = shape.open_count, shape.helpers
        return CardFacts(
            open_count,
            helpers,
            chances[0],
            shape.numbers,
            shape.demand,
            shape.icons,
            tuple([line_now * chance for chance in chances[1:]]),
            max(0.5, open_count - w.bonus_help * helpers),
            key,
        )

    def _facts_in(
        self, ctx: _Context, pos: Position, face: CardFace, mask: int, face_mask: int
    ) -> CardFacts:
        """The facts of an incomplete card of `pos` (`face_mask` is `face.number << 9 | mask`)
        in `pos`'s context `ctx`, remembered across contexts: they depend on the numbers to come
        only through the counts of those the card's open squares show."""
        shape = self.shapes.get(face_mask)
        if shape is None:
            shape = self.shapes[face_mask] = card_shape(face, mask, self.line_fills)
        # Face and mask in bits of their own above the counts to come of the numbers it shows
        # (2 bits each, in bits 8-25), so no two cards share a key (tests/test_bots.py); the
        # tail (under 50) in the 6 bits below.
        key_of_pool = ctx.pool_key
        key = face_mask << 26 | key_of_pool & shape.counts_mask
        facts = self.card_facts.get(key)
        if facts is None:
            facts = self.card_facts[key] = self.facts(
                shape, pos.pool, pos.left, pos.lightning, key_of_pool, key
            )
        return facts

    def _context(self, key: ContextKey) -> _Context:
        ctx = self.memo.get(key)
        if ctx is None:
            if len(self.memo) > self.MEMO_LIMIT:
                self.memo.clear()
            pool, left, r, tokens_seen = key
            ctx = self.memo[key] = _Context(pool, left, ROUNDS - r, tokens_seen)
        self._last_key, self._last_context = key, ctx
        return ctx

    def _budgets(self, ctx: _Context, pos: Position, numbers: int) -> tuple[float, float]:
        """The squares to be crossed in the rest of this round and in each later round, when
        the open squares show `numbers`: the numbers no open square shows (nor, with
        Lightning, one next to them) are passed."""
        w = self.w
        pool, left = pos.pool, pos.left
        near = NEAR[numbers] if pos.lightning else 0
        usable: float = sum(pool[n] for n in range(1, 10) if numbers >> n & 1)
        usable += w.near_cover * sum(pool[n] for n in range(1, 10) if near >> n & 1)
        budget_now = left * w.pace * usable / (left + UNDEALT)
        cover_later = (POPCOUNT[numbers >> 1] + w.near_cover * POPCOUNT[near >> 1]) / 9
        budget_later = w.budget * (1 - w.cover_later * (1 - cover_later))
        hit = ctx.budgets[numbers] = (budget_now, budget_later)
        return hit

    def _shortage(self, ctx: _Context, demand: int) -> float:
        """Points lost to open squares beyond their number's supply for the rest of the game."""
        lost = 0.0
        thresholds = ctx.thresholds
        field = (1 << DEMAND_BITS) - 1
        for n in range(1, 10):
            short = (demand >> DEMAND_BITS * n & field) - thresholds[n]
            if short > 0:
                lost += self.w.shortage * short
        ctx.shortages[demand] = lost
        return lost

    def __call__(self, pos: Position) -> float:
        """Estimated final score of the player in this position (between two numbers)."""
        r = pos.round
        if r > ROUNDS:  # the game is over: incomplete squares and moons
            crossed = sum(POPCOUNT[m] for m in pos.masks)
            return pos.banked + crossed // 2 + moon_value(pos.moons, pos.rivals_moons)
        left, tokens = pos.left, pos.lightning
        token_worth = self._token_worth[r - 1][left]
        value = pos.banked + token_worth * tokens

        pool = pos.pool
        # Beyond 4 tokens, fill_chance can't tell the difference; only "any" matters elsewhere.
        tokens_seen = tokens if tokens < 4 else 4
        context_key = (pool, left, r, tokens_seen)
        if context_key == self._last_key:
            ctx = self._last_context
            assert ctx is not None
        else:
            ctx = self._context(context_key)
        if len(self.card_facts) > self.FACTS_LIMIT:
            self.card_facts.clear()
            for known_ctx in self.memo.values():
                known_ctx.facts.clear()
            # The cards' values were worked out from the facts forgotten.
            self.card_values.clear()
        ctx_facts = ctx.facts
        queue = []
        numbers = 0
        demand = 0
        done_now = 0
        faces = pos.faces
        for slot, mask in enumerate(pos.masks):
            if mask == FULL:
                done_now += 1
                continue
            face = faces[slot]
            key = face.number << 9 | mask
            facts = ctx_facts.get(key)
            if facts is None:
                facts = ctx_facts[key] = self._facts_in(ctx, pos, face, mask, key)
            queue.append(facts)
            numbers |= facts.numbers
            demand += facts.demand
        value += CARD_POINTS[r - 1] * done_now
        queue.sort(key=NEED)

        lost = ctx.shortages.get(demand)
        value -= self._shortage(ctx, demand) if lost is None else lost
        budgets = ctx.budgets.get(numbers)
        budget_now, budget_later = budgets or self._budgets(ctx, pos, numbers)

        card_values = self.card_values
        if len(card_values) > self.CARD_VALUES_LIMIT:
            card_values.clear()
        icons: list[CardIcons] = []  # the star and moon icons of each card
        ahead = 0.0  # open squares of this card and every card before it in the queue
        for facts in queue:
            ahead += facts.need
            # token_worth, the card value's only other input, follows from the round and the
            # numbers to come (in the facts' key).
            card_key = (facts.key, r, ahead, budget_now, budget_later)
            known = card_values.get(card_key)
            if known is None:
                known = card_values[card_key] = self._card_value(
                    facts, r, ahead, budget_now, budget_later, token_worth
                )
            addends, card_icons = known
            for addend in addends:
                value += addend
            if card_icons is not None:
                icons.append(card_icons)
        return self.with_icons(value, pos, icons)

    def _card_value(
        self,
        facts: CardFacts,
        r: int,
        ahead: float,
        budget_now: float,
        budget_later: float,
        token_worth: float,
    ) -> CardValue:
        """What one incomplete card adds to the value in round `r`, with `ahead` open squares
        to cross up to its completion: its points, by when it is likely completed (or half its
        crossed squares if never), and those of its number, question-mark and Lightning icons;
        its star and moon icons apart, as `with_icons` counts them."""
        w = self.w
        points = self._later[r - 1]
        # P(completed by the end of this round), then by the end of each later round, as the
        # queue alone has it; later_rounds[i]: P(completed in round r + 1 + i).
        timing_key = (r, ahead, budget_now, budget_later)
        timing = self.timings.get(timing_key)
        if timing is None:
            if len(self.timings) > self.TIMINGS_LIMIT:
                self.timings.clear()
            timing = self.timings[timing_key] = self._timing(r, ahead, budget_now, budget_later)
        done, by_thens = timing
        if facts.numbers_ok < done:
            done = facts.numbers_ok
        first = done
        card_value = done * points[0]
        later_rounds = []
        for extra, by_then in enumerate(by_thens, 1):
            step = by_then - done if by_then > done else 0.0
            later_rounds.append(step)
            card_value += step * points[extra]
            done += step
        addends = [card_value + (1.0 - done) * 0.5 * (9 - facts.open_count)]
        # Icons: circled this round with their own chance or with the card; ever, at least
        # with the card.
        stars: list[float] = []
        moons: list[float] = []
        for (kind, bonus_value), line_chance in zip(facts.icons, facts.line_chances, strict=True):
            now = line_chance if line_chance > first else first
            ever = now if now > done else done
            if kind == STAR:
                stars.append(now)
            elif kind == MOON:
                moons.append(ever)
            elif kind == NUMBER:
                addends.append(w.cross * ever)
            elif kind == QUESTION:
                addends.append(w.question * ever)
            else:  # LIGHTNING
                addends.append(bonus_value * token_worth * ever)
        if not stars and not moons:
            return tuple(addends), None
        return tuple(addends), (tuple(stars), tuple(later_rounds) if stars else (), tuple(moons))

    def _timing(
        self, r: int, ahead: float, budget_now: float, budget_later: float
    ) -> tuple[float, tuple[float, ...]]:
        """P(a card with `ahead` open squares to cross up to its completion is completed by
        the end of round `r`), and by the end of each later round, by the queue alone."""
        w = self.w
        spread = (w.sigma + w.sigma_growth * sqrt(ahead)) * SQRT2
        now = 0.5 * (1.0 + erf((budget_now - ahead + 0.5) / spread))
        later = (
            0.5 * (1.0 + erf((budget_now + budget_later * extra - ahead + 0.5) / spread))
            for extra in range(1, ROUNDS - r + 1)
        )
        return now, tuple(later)

    def with_icons(self, value: float, pos: Position, icons: list[CardIcons]) -> float:
        """`value` plus the star and moon points to come: each star line's chance this round
        and in each later round (with its card), each moon icon's chance ever, counted through
        the star table of each round and the moon table at the expected count."""
        # Moves that change no star or moon line's chances are common: their part is known.
        key = (tuple(icons), pos.stars, pos.moons, pos.round, pos.rivals_moons)
        known = self.icon_values.get(key)
        if known is None:
            if len(self.icon_values) > self.ICON_VALUES_LIMIT:
                self.icon_values.clear()
            known = self.icon_values[key] = self._icon_values(pos, icons)
        stars, moons = known
        return value + stars + moons

    def _icon_values(self, pos: Position, icons: list[CardIcons]) -> tuple[float, float]:
        """The star points to come and the moon points at the expected moon count (scaled)."""
        rounds_after = ROUNDS - pos.round
        star_now: list[float] = []  # each star line's chance this round
        star_later: list[list[float]] = [[] for _ in range(rounds_after)]
        moons = float(pos.moons)
        # The cards' chances in turn, as star_points takes them.
        for card_stars, later_rounds, card_moons in icons:
            star_now += card_stars
            # A star line not circled this round is circled with its card: in each later
            # round, its card's chance to be completed then, up to certainty.
            for now in card_stars:
                rest = 1.0 - now
                for i, chance in enumerate(later_rounds):
                    share = chance if chance < rest else rest  # min(rest, chance)
                    star_later[i].append(share)
                    rest -= share
                    if rest <= 0:
                        break
            for ever in card_moons:
                moons += ever
        stars = star_points(star_now, pos.stars)
        for chances in star_later:
            if chances:
                stars += star_points(chances)
        w = self.w
        return w.star_scale * stars, w.moon_scale * moon_value(moons, pos.rivals_moons)


SQRT2 = sqrt(2.0)

NEED = attrgetter("need")  # a CardFacts' place in the queue
