"""Expert's evaluation: the moons as a count with a spread, and the moons still to be drafted.

The shared evaluation (`evaluate.Evaluator`, Normal's and Hard's) values moons at the solo
table interpolated at the expected count, discounted to 0.7, and only for the icons on the
table. The table is convex from 3 moons on (+1 / +3 / +6 / +10 for 3 / 4 / 5 / 6+), so both
the spread around the expectation and the moons of cards still to be drafted raise what one
more moon is worth. `MoonEvaluator` counts each moon icon as its own chance (a Poisson-binomial
count), adds for each draft still to come a few chances of more moons, and reads the solo
table over the whole distribution. Against rivals the shared soft most / fewest stays.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.luckybox.ai.evaluate import CardIcons, Evaluator, Weights, star_points
from game.luckybox.ai.model import Position
from game.luckybox.rules.state import ROUNDS, SOLO_MOON_POINTS

MOON_TOP = len(SOLO_MOON_POINTS) - 1  # 6 moons and more score the same


@dataclass(frozen=True)
class MoonWeights(Weights):
    """The shared weights, and Expert's judgement of the moons in a solo game."""

    solo_moon_scale: float = 1.0  # the solo table's points, as the distribution gives them
    draft_moons: int = 2  # chances of a moon per draft still to come ...
    draft_moon_chance: float = 0.3  # ... each this likely to end circled


MOON_WEIGHTS = MoonWeights()


def moon_count(start: int, chances: list[float], top: int = MOON_TOP) -> list[float]:
    """P(the final count is k), k up to `top` (the last: `top` or more), from `start` moons
    and independent chances of one more."""
    dist = [0.0] * (top + 1)
    dist[min(start, top)] = 1.0
    for p in chances:
        if p <= 0.0:
            continue
        q = 1.0 - p
        dist[top] += dist[top - 1] * p
        for k in range(top - 1, 0, -1):
            dist[k] = dist[k] * q + dist[k - 1] * p
        dist[0] *= q
    return dist


class MoonEvaluator(Evaluator):
    """The shared evaluation with the solo moons read from their distribution."""

    w: MoonWeights

    def __init__(self, weights: MoonWeights = MOON_WEIGHTS) -> None:
        super().__init__(weights)

    def with_icons(self, value: float, pos: Position, icons: list[CardIcons]) -> float:
        if pos.rivals_moons:
            return super().with_icons(value, pos, icons)
        w = self.w
        rounds_after = ROUNDS - pos.round
        star_now: list[float] = []
        star_later: list[list[float]] = [[] for _ in range(rounds_after)]
        chances: list[float] = []
        for card in icons:
            in_round = card.in_round
            for now in card.stars:
                star_now.append(now)
                rest = 1.0 - now
                for i in range(rounds_after):
                    share = min(rest, in_round[i + 1])
                    star_later[i].append(share)
                    rest -= share
                    if rest <= 0:
                        break
            chances += card.moons
        stars = star_points(star_now, pos.stars)
        for later in star_later:
            if later:
                stars += star_points(later)
        if pos.moons >= MOON_TOP:
            moons = float(SOLO_MOON_POINTS[-1])
        else:
            chances += [w.draft_moon_chance] * (w.draft_moons * rounds_after)
            dist = moon_count(pos.moons, chances)
            moons = sum(p * points for p, points in zip(dist, SOLO_MOON_POINTS, strict=True))
        return value + w.star_scale * stars + w.solo_moon_scale * moons


__all__ = ["MOON_WEIGHTS", "MoonEvaluator", "MoonWeights", "moon_count"]
