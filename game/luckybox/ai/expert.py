"""Expert: Hard's judgement, checked by playing the rest of the round out many times.

For its most promising crosses (Hard's one-number lookahead picks them), Expert samples the
numbers still to come this round from what its seat can see (the Number cards not revealed yet:
each number twice per round, less those shown), plays each sample out with the Normal player's
greedy choices, and takes the cross whose play-outs end best on average by the static
evaluation (`evaluate.Evaluator`). Every candidate meets the same samples, so the comparison
is between crosses, not between lucky and unlucky draws.

The play-outs go to the round's end: there the evaluation knows which cards the round completed
(15 / 12 / 10 / 8 points hang on it) instead of guessing it. Measured over 100 seeds that was
worth less than it looked on the first 20 (bench/bots.py; see the README's figures).

Variants measured against it on paired seeds 0-29 (Expert 65.7 there), none better, so none is
tried again blind (bench/oracle.py, a search of the whole deal told every number and card,
scores 75.1 over seeds 0-99: there is room, but not for more samples of this search). One
changed choice reshuffles a whole game, so even paired seeds differ by about 4.5 points a
game (a standard error near 0.8 over 30 seeds):
- each round's end scored exactly (completed cards and stars banked, the next round's start
  estimated): 63.4; only the last round's end exact (the moon table, halves): 65.4;
- play-outs spending up to 2 Lightning: 64.1, and its p95 decision over 250 ms;
- the play-outs' last positions judged with other weights (their choices unchanged): stars at
  0.5 (not 0.7) 64.7, later rounds discounted 0.7 or 0.9 (not 0.8) 65.4 and 64.4;
- cards to keep: 5 choices played out 16 times (not 3, 8 times): 65.4 (the same score on 27
  of 30 seeds);
- up to 24 play-outs a cross (not 10) where the budget allows, late in a round: 64.3;
- earlier: 3 crosses played out (not 4), the futures' first numbers stratified (van der
  Corput), whole rounds played out for the cards to keep;
- a learned evaluation (on seeds 1000-1099, Expert 65.4 there): the evaluation's parts (each
  round's expected card points, icons, stars, moons with hinges at 3, 4 and 5, tokens,
  shortage) weighed per round by least squares on the final scores of 1,500 Hard self-play
  games (seeds 10000-11499). Its held-out error was far lower (mean square 26 against 78 in
  round 2), yet Expert with it scored 65.3 (-0.1 +- 0.7) and Hard with it lost 3.0 +- 0.85
  (fewer cards, more stars and moons): a fit along one policy's games learns what goes with
  a good score, not what a move is worth.
- moons valued Expert's own way (on seeds 1000-1059, Expert 65.5 there and 4.15 moons; the
  code is in the history, commit "Expert (experiment)"): each moon icon's chance counted as a
  Poisson-binomial count read through the whole solo table at full weight (not the table at
  the expected count, at 0.7), plus 2 chances of 0.3 of a moon per draft to come. For every
  choice: +0.03 +- 0.80 (5.0 moons, 6+ in 28 games of 60 against 17); the same at 0.7:
  -0.33 +- 0.68. For the cards to keep only: +0.52 +- 0.66, then -0.35 +- 0.84 on seeds
  1060-1119 (5.0 moons: +1.8 moon points, -1.7 card and -1.1 star points); without the
  drafts' moons: +0.18 +- 0.53 and -0.27 +- 0.61. The moons come, but at the cards' cost.
- each card's stars and moons counted as one event (together with the card, else line by
  line) through each round's star table and the moon table: -0.23 +- 0.87, p95 330 ms.
- all 6 shortlisted crosses played out (no cut to 4 by Hard's lookahead), the play-out
  budget 300 steps (not 240) to keep their futures: -0.56 +- 0.37 over 200 paired seeds
  (1000-1199, Expert 64.7 there; p95 157 ms against 160).
- more search of the same kind, 20 futures and a budget of 600 play-out steps (2.5 times the
  CPU: p95 298 ms, over the target): +0.28 +- 0.40 on the same 200 seeds. The search is
  saturated: what it lacks is in the evaluation and the play-outs' policy, not their number.

Later, on paired seeds 1000-1199 (Expert 64.7 there) unless said (runs stopped early once
clearly worse give their seeds). The oracle's lead (+10.0 +- 1.2 on seeds 1000-1010) is mostly
cards (54 points against 47), then stars (15.5 against 12.3), then moons (5.1 against 4.1);
Expert crosses 12-15 squares a round after the first (bonuses included).
- bonus placements (number and question-mark icons, cascades) played out like crosses, each
  placement with the rest of its cascade placed greedily (not by the static evaluation alone):
  +0.60 +- 0.33 on seeds 1000-1199, but -0.32 +- 0.40 on 0-99 and -0.20 +- 0.43 on 1200-1299
  (+0.17 +- 0.22 over the 400); each placement then takes about 60 ms, not 0.3. The variants
  below were measured with it, against it (Expert 65.3 on 1000-1199):
- the evaluation's squares a later round (`budget`) at 10.5, nearer what Expert crosses (not
  8.5), for every choice: -2.49 +- 1.09 (37 seeds); at 7.5: -1.13 +- 0.68 (86 seeds);
- stars circled this round and moons held counted in full, only the uncertain rest at 0.7
  (both without the bonus search, Expert 64.7): -0.58 +- 0.42 (144 seeds);
- stars at 0.9 (not 0.7) for every choice: -1.11 +- 0.70 (66 seeds); a question-mark icon
  worth 2.0 squares (not 1.5): -1.94 +- 0.76 (54 seeds);
- the round's last number but one judged exactly (Hard's expectation over every number that
  can come, not 10 play-outs of one number): -0.04 +- 0.21 (84 seeds, the same score on 67);
  the last two numbers by an exact two-number expectation cost 250-300 ms a decision.

Then, tuned on paired seeds 1000-1099 (Expert 65.4 there) and confirmed on 0-99 (65.0): a
paired difference spreads about 5.5 points a game here, so 100 seeds give a standard error
near 0.55, and a gain on the tuning seeds alone proved nothing twice:
- where the oracle's lead lies (both played on seeds 1001-1005): neither completes a card in
  round 1 (both cross 3-6 squares on mostly two cards); the oracle completes those in round
  2 (24 points) in all five games, Expert in two (12 in the others): its lead is round 1's
  crosses placed on the numbers round 2 will bring, foresight a seat cannot share.
- the play-outs' last positions judged with `budget` 11 (nearer what Expert crosses), their
  choices unchanged: -0.27 +- 0.58 (1000-1099);
- the play-outs' policy committed to the card nearest completion (a cross on the incomplete
  card with the fewest open squares counting 0.5, 1 or 2 points more in the greedy choice):
  +0.34 +- 0.53, +0.77 +- 0.59 and -1.04 +- 0.68 on 1000-1099; at 1, -1.09 +- 0.55 on 0-99
  (1.5 card points fewer): noise, not a gain;
- the next round's completions capped by whether a whole round's numbers (9 of the 18 Number
  cards) can cover the open squares of the cards ahead in the queue, misses mended with chance
  0.9 while tokens and bonus crosses last (this round's 0.4 is far too low for a whole round:
  Hard completes its two head cards' 9 open squares in 54% of next rounds, seeds 2000-2049,
  where mending at 0.6 gives 18% and at 0.9 46%): -0.83 +- 0.64 (1000-1099), -0.59 +- 0.55
  (0-99), p95 160 ms;
- Lightning tokens worth 0.8 (not 1.0) in Expert's evaluation, for every choice (on seed 1005
  Expert ended round 3 holding 4 tokens, passing twice and crossing elsewhere with the last
  number rather than complete a card 8 squares crossed; the evaluation kept its star for
  round 4's table): +0.13 +- 0.61 (1000-1099), +0.11 +- 0.57 (0-99): stars +0.4, cards -0.6,
  even.

Then, on paired seeds 1000-1099 (Expert 65.25 there, 65.32 on 0-99, 63.87 on 1100-1199), the
other two ranges checking whatever looked better:
- where Expert falls short (seeds 1000-1039, the oracle on 1000-1009): cards completed per
  round 0 / 1.5 / 1.48 / 1.68 (oracle 0.1 / 1.7 / 1.5 / 2.1), stars per round 0.03 / 1.9 /
  1.15 / 1.32 (0.4 / 1.5 / 2.0 / 1.6), 4.1 moons (5.5: 4.3 moon points against 7.2), 3.5
  points of incomplete cards (1.3);
- play-outs carried on into the next round (its numbers drawn from all 18; the completed
  cards and stars banked and those cards set aside, no drafted card), judged at that round's
  end: -2.36 +- 0.70; in round 1 only, with a budget of 400 steps: -0.89 +- 0.65 (p95 136
  ms). The static judgement of the next round beats a few greedy play-outs of it;
- each cross's play-out mean blended with Hard's one-number expectation, 0.3 of it: +1.10
  +- 0.53, then +0.16 +- 0.39 (0-99) and -0.16 +- 0.47 (1100-1199); 0.5 of it: +0.39 +- 0.55;
- the cards to keep played out through the whole next round (9 numbers, not 6): -0.35 +-
  0.40 (the same score on 46 seeds);
- the play-outs' policy matters: spending no Lightning (not up to 1) loses 2.51 +- 0.54. When
  1 token reaches no square, spending up to 2 or 4 (not passing): +0.50 +- 0.36 and +0.78 +-
  0.35, then for 4 -0.08 +- 0.19 (0-99) and +0.20 +- 0.23 (1100-1199): +0.30 +- 0.15 over the
  300, not kept (not better on 0-99);
- the play-outs' first reply chosen by Hard's lookahead (its best 3 crosses by the static
  evaluation, replies spending 1 token at most, remembered within a decision): +0.18 +- 0.54,
  p95 227 ms (90 without);
- evaluation weights for every choice: `cover_later` 0.8 -0.55 +- 0.60, 0.25 -0.21 +- 0.60;
  `shortage` 1.0 -1.08 +- 0.58; `sigma` 1.0 -0.37 +- 0.53, 2.0 +0.01 +- 0.54. The weights sit
  on a plateau for Expert too.

Then play-outs that see their own future (determinized, as in perfect-information Monte Carlo):
each sampled future played by a beam search of width B (the B best positions by the static
evaluation kept after every number, told the numbers to come; the best at the round's end),
not greedily, so a cross that keeps more good lines open scores more. On paired seeds
1000-1099 (Expert 65.25 there): B = 2 +0.51 +- 0.57 (p95 242 ms), B = 4 +0.94 +- 0.58 (p95
383 ms, over the budget), B = 8 +0.65 +- 0.61 (p95 684 ms), B = 4 with half the play-out
steps +0.20 +- 0.64 (p95 264 ms); B = 2 with 200 steps (not 240) on seeds 0-99 (Expert 65.32
there): -0.85 +- 0.54 (p95 228 ms). Wider beams gain no more than the noise, and the ones in
the time budget nothing: not kept.

Then two corrections of the evaluation at a round's end (`left == 0`), where it still gives an
incomplete card that has number or question-mark icons a chance to complete "this round" (its
icons count as bonus crosses, though no number is left to start them), on paired seeds 0-99
(Expert 65.32 there): the game's end (round 4, `left == 0`) scored exactly (cards, the star
table, halves, the moon table, all at full weight) +0.08 +- 0.26, the same score on 67 seeds;
no completion this round at any round's end (the mass moves to the next round) -0.46 +- 0.48.
The evaluation is calibrated as a whole: not kept. Against Hard on the same seeds 0-99 (Hard
63.5): cards completed per round 0.04 / 1.61 / 1.25 / 1.76 (Hard 0.01 / 1.39 / 1.36 / 1.85),
stars per round 0.08 / 1.77 / 0.96 / 1.33 (0.10 / 1.49 / 1.31 / 1.47), 4.5 moons (4.2; 6 or
more in 40 games, Hard 31), 1.0 Lightning left unused at the end (1.7). Expert gains in round
2 and gives some of it back in round 3; where it lost most to Hard (seed 51, 57 against 72) it
began round 4 with two cards of 5 open squares and completed neither. The cards to keep chosen
by the static evaluation alone, as Hard does (no play-outs): -1.94 +- 0.59, so the drafts'
play-outs are worth about two points; with 20 play-outs a choice (not 8): -0.52 +- 0.23 (the
same score on 84 seeds), p95 209 ms against 182.
Hard's crosses (its one-number look-ahead) in place of the play-outs in rounds 3 and 4: -0.79
+- 0.39; in round 4 only: -0.15 +- 0.29. The play-outs choose better in every round; Expert's
weaker rounds 3 and 4 follow from the cards it enters them with.

What knowing a round's numbers is worth (2026-11-26, seeds 0-99): bench/oracle.py's
`RoundOracleBot` keeps and picks cards as Expert does, but is told each round's numbers as it
starts and beam-searches that round's crosses (300 positions), its end judged by this
evaluation: 69.9, where Expert scores 65.3. The target (68) asks for 59% of what perfect
knowledge of the round gives (at least 4.6 points: a wider beam finds more), from a seat that
has none of it. Expert's own play-outs told the round's true numbers (one play-out a cross,
not ten sampled) scored 66.9 (+1.6: 65.4 on seeds 0-29, 67.5 on 30-99), so with the numbers
known a beam's search is worth 3 points more than greedy play-outs; over sampled numbers the
determinized beams above gained under a point. More search within a round is unlikely to
close the gap; the judgement between rounds (this evaluation at a round's end, the cards to
keep) is where to look next, and in its form, not its weights: the round oracle (a beam of
100, 69.5 on seeds 0-99) judging with `later` 0.9 or 0.7, `budget` 9.5 or 7.5, stars and
moons at full weight, `token` 0.7, `shortage` 0.25 or `cover_later` 0.25 scored 69.05-69.52,
none better. Nor do corrections read off Expert's own
round ends (1,200 of them, seeds 200-499: the final score less the evaluation there): it
overvalues Lightning held at a round's end (about 0.8 points a token after rounds 2 and 3,
mostly beyond 5 tokens) and undervalues the round's stars (about 1.1 points a star after round
3), yet in Expert's choices on seeds 0-99 tokens beyond 3 per round to come worth a fifth
lost 0.83 +- 0.40, and a round's stars counted in full at its end 0.05 +- 0.43: what goes with
a good final score is not what a move is worth (as the least-squares fit above found).

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
