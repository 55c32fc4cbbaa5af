"""Expert: Hard's judgement, checked by playing the rest of the round out many times.

For its most promising crosses (Hard's one-number lookahead picks them), Expert samples the
numbers still to come this round from what its seat can see (the Number cards not revealed yet:
each number twice per round, less those shown), plays each sample out with the Normal player's
greedy choices, and takes the cross whose play-outs end best on average by the static
evaluation (`evaluate.Evaluator`). Every candidate meets the same samples, so the comparison
is between crosses, not between lucky and unlucky draws.

The play-outs go to the round's end: there the evaluation knows which cards the round completed
(15 / 12 / 10 / 8 points hang on it) instead of guessing it.

Its strength, and the many variants of this search measured on paired seeds and not kept
(exact round ends, more play-outs, re-weighted or learned evaluations, determinized beams,
searched bonus placements...), are in docs/bots.md: the search is saturated; what it lacks
is in the evaluation between rounds and the play-outs' policy.

The bot reads only what a seat may know: the cards on the table and the numbers revealed so
far. Its randomness comes from that public position, so the same position gives the same
choice, and nothing of the game's seed or the face-down numbers enters it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.luckybox.ai.bots import LookaheadBot, PositionKey, _value
from game.luckybox.ai.evaluate import Evaluator
from game.luckybox.ai.model import Position, position_of, revealed, with_cards
from game.luckybox.ai.turns import Turn, turns
from game.luckybox.rules import GameState

# The numbers still to come this round, one list per play-out.
Futures = list[Sequence[int]]
# A position's estimated final score (an `Evaluator`, or one remembering its answers).
Valuation = Callable[[Position], float]
# Gives the futures to play out from a position (the expert samples them; bench/oracle.py
# knows them).
FutureSource = Callable[[Position], Futures]


def playout(pos: Position, future: Sequence[int], value: Valuation, spend: int) -> float:
    """The evaluation once `future`'s numbers have been played greedily from `pos`."""
    current = pos
    for number in future:
        nxt = current.copy()
        nxt.pool = revealed(current.pool, number)
        nxt.left -= 1
        options = turns(nxt, number, value, not nxt.has_open(number), spend)
        best = max(options, key=_value)
        current = best.after
        last = best.value
    if not future:
        return value(pos)
    return last


class ExpertBot(LookaheadBot):
    """Expert: Hard's best crosses, compared by sampled play-outs of the rest of the round."""

    shortlist = 6  # the best crosses by static evaluation ...
    width = 4  # ... of which Hard's lookahead picks these to play out
    # (3, leaving more play-outs to each, lost 1.1 points a game on seeds 0-12)
    horizon = 9  # numbers each play-out plays before evaluating (the rest of the round at most)
    samples = 10  # play-outs per cross (the same futures for every cross)
    playout_spend = 1  # most Lightning a play-out's greedy choice considers
    draft_width = 3  # cards to keep (the best by static evaluation) that are played out
    draft_samples = 8
    # Cards to keep are played out 6 numbers into the next round, not to its end: whole rounds
    # there lost 2 points a game (20 seeds), its many later choices drowning the cards' worth.
    draft_horizon = 6
    # Play-out steps per decision at most: fewer samples for a round's first numbers, whose
    # play-outs are longest, keep the 95th percentile decision within 250 ms of CPU.
    budget = 240

    def __init__(
        self,
        seed: int,
        seat: int,
        value: Evaluator | None = None,
        futures: FutureSource | None = None,
    ) -> None:
        super().__init__(seed, seat, value)
        self.futures = futures or SampledFutures(self.samples)

    def best_turn(self, pos: Position, options: list[Turn]) -> Turn:
        if pos.left == 0 or len(options) == 1:  # the round ends after this number
            return max(options, key=_value)
        candidates = sorted(options, key=_value, reverse=True)[: self.shortlist]
        seen: dict[PositionKey, float] = {}
        if len(candidates) > self.width:
            candidates.sort(key=lambda t: self.expected(t.after, seen), reverse=True)
            candidates = candidates[: self.width]
        futures = self.futures(pos)
        steps = min(pos.left, self.horizon)
        most = max(1, self.budget // max(1, len(candidates) * steps))
        futures = [f[:steps] for f in futures[:most]]
        value = remembered(self.value, seen)
        return max(
            candidates,
            key=lambda t: sum(playout(t.after, f, value, self.playout_spend) for f in futures),
        )

    def best_cards(
        self, state: GameState, player: int, choices: list[tuple[int, ...]]
    ) -> tuple[int, ...]:
        """The cards to keep: the best few by static evaluation, played out over sampled
        rounds (the same rounds for every choice)."""
        pos = position_of(state, player)
        options = [with_cards(pos, cards, [state.faces[c] for c in cards]) for cards in choices]
        ranked = sorted(range(len(choices)), key=lambda i: self.value(options[i]), reverse=True)
        shortlist = ranked[: self.draft_width]
        if len(shortlist) == 1:
            return choices[shortlist[0]]
        futures = [f[: self.draft_horizon] for f in self.futures(pos)[: self.draft_samples]]
        best = max(
            shortlist,
            key=lambda i: sum(
                playout(options[i], f, self.value, self.playout_spend) for f in futures
            ),
        )
        return choices[best]


def remembered(value: Valuation, memo: dict[PositionKey, float]) -> Valuation:
    """`value`, remembering each position of one decision in `memo`, which already holds the
    look-ahead's: play-outs of different crosses and futures often pass through the same
    positions (the bonus placements above all), the look-ahead's often their first. A value is
    the same whenever it is asked (every memory of the evaluator is keyed by all its value
    depends on: tests/test_bots.py), so a remembered one is exactly what asking again gives."""

    def evaluate(pos: Position) -> float:
        key = (tuple(pos.masks), pos.lightning, pos.moons, pos.stars, pos.pool, pos.left)
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = value(pos)
        return hit

    return evaluate


class SampledFutures:
    """Futures drawn from the unrevealed Number cards (`pos.pool`), seeded by the public
    position so a position always gives the same samples. (Spreading the futures' first
    numbers evenly over the pool instead, a van der Corput stratification, lost 4 points a
    game on seeds 0-5: plain draws stay.) A class, not a closure: the bot goes to the computer
    players' process by pickle, and a closure cannot (the table then thought in its own)."""

    def __init__(self, samples: int) -> None:
        self.samples = samples

    def __call__(self, pos: Position) -> Futures:
        key = f"{pos.round}/{pos.left}/{pos.pool}/{pos.masks}/{pos.lightning}/{pos.cards}"
        rng = random.Random(key)
        unseen = [n for n in range(1, 10) for _ in range(pos.pool[n])]
        return [rng.sample(unseen, pos.left) for _ in range(self.samples)]
