"""The points of star and moon icons, as the evaluation (`evaluate.Evaluator`) counts them from
each icon's chance to be circled: the star table of a round, the moon table at the end."""

from __future__ import annotations

from game.luckybox.rules.state import MOON_SWING, SOLO_MOON_POINTS, STAR_POINTS


def moon_value(moons: float, rivals: tuple[int, ...]) -> float:
    """End-of-game points for a (possibly fractional, expected) moon count: the solo table,
    or against the other players' moons a soft version of most (+6) and fewest (−6)."""
    if not rivals:
        low = int(moons)
        if low >= len(SOLO_MOON_POINTS) - 1:
            return SOLO_MOON_POINTS[-1]
        frac = moons - low
        return SOLO_MOON_POINTS[low] * (1 - frac) + SOLO_MOON_POINTS[low + 1] * frac
    most, fewest = max(rivals), min(rivals)
    points = MOON_SWING * min(1.0, max(0.0, (moons - most + 1) / 2))
    if len(rivals) >= 2:  # nobody loses points for moons in a 2-player game
        points -= MOON_SWING * min(1.0, max(0.0, (fewest + 1 - moons) / 2))
    return points


def star_points(chances: list[float], stars: int = 0) -> float:
    """Expected star points of one round, given the stars already circled in it and each
    star line's chance to be circled in that round."""
    if stars >= 3:
        return STAR_POINTS[3]
    d0, d1, d2, d3 = STAR_START[stars]  # P(the round ends with 0, 1, 2, 3+ stars)
    for p in chances:  # from the top down, so every new dj reads the old ones below it
        q = 1.0 - p
        d3 = d3 + d2 * p
        d2 = d2 * q + d1 * p
        d1 = d1 * q + d0 * p
        d0 = d0 * q
    return d1 * STAR_POINTS[1] + d2 * STAR_POINTS[2] + d3 * STAR_POINTS[3]


# star_points' distribution before the chances, by the stars already circled (under 3).
STAR_START = ((1.0, 0.0, 0.0, 0.0), (0.0, 1.0, 0.0, 0.0), (0.0, 0.0, 1.0, 0.0))
