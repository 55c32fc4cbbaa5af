"""Lucky Box's numbers: rounds, points, moons, the solo rating, and how Lightning turns one
number into another. Pure data and functions; the state and the bots both read them."""

from __future__ import annotations

from .cards import LIGHTNING, MOON

ROUNDS = 4
NUMBERS_PER_ROUND = 9
MAX_PLAYERS = 12
START_LIGHTNING = 4
CARD_POINTS = (15, 12, 10, 8)
STAR_POINTS = (0, 1, 4, 9)
MAX_STARS = 3
SOLO_MOON_POINTS = (-6, -2, 0, 1, 3, 6, 10)
MOON_SWING = 6
SUPPLY_PER_COPY = {LIGHTNING: 30, MOON: 24}
SOLO_RATINGS = (
    (70, "Super Mega Lucky Champion!"),
    (65, "You've had a mega game! One for the ages."),
    (60, "A super score! Can you go even higher?"),
    (55, "Great game! Or was it just luck?"),
    (50, "Now you're on the trolley!"),
    (45, "A good start, how about a better end?"),
    (-(10**9), "Super Mega UNlucky"),
)


def shift(number: int, lightning: int) -> int:
    """The number `lightning` steps from `number`, wrapping 9→1 and 1→9."""
    return (number - 1 + lightning) % 9 + 1


# _OPTIONS[revealed][target][tokens]: the lightning values that turn revealed into target.
LightningOptions = tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]


def _lightning_options() -> LightningOptions:
    """_OPTIONS[revealed][target][tokens] -> the lightning values that turn revealed into target.

    Spending 9 or more tokens in one direction only goes round the clock, so at most 8 count.
    """
    table: list[tuple[tuple[tuple[int, ...], ...], ...]] = []
    for n in range(10):
        by_target: list[tuple[tuple[int, ...], ...]] = []
        for t in range(10):
            by_tokens: list[tuple[int, ...]] = []
            for tokens in range(9):
                opts: list[int] = []
                if n and t:
                    if t == n:
                        opts.append(0)
                    else:
                        up, down = (t - n) % 9, (n - t) % 9
                        if up <= tokens:
                            opts.append(up)
                        if down <= tokens:
                            opts.append(-down)
                by_tokens.append(tuple(opts))
            by_target.append(tuple(by_tokens))
        table.append(tuple(by_target))
    return tuple(table)


_OPTIONS = _lightning_options()


def solo_rating(total: int) -> str:
    """The printed rulebook's line for a solo Mega Total."""
    return next(text for floor, text in SOLO_RATINGS if total >= floor)


def moon_points(moons: list[int]) -> list[int]:
    """End-of-game moon points for every player (solo table, or most/fewest for 2-12)."""
    if len(moons) == 1:
        return [SOLO_MOON_POINTS[min(moons[0], len(SOLO_MOON_POINTS) - 1)]]
    most, fewest = max(moons), min(moons)
    points = []
    for m in moons:
        p = MOON_SWING if m == most else 0
        if m == fewest and len(moons) > 2:
            p -= MOON_SWING
        points.append(p)
    return points


def winners(totals: list[int], moons: list[int]) -> tuple[int, ...]:
    """Highest total; ties go to the most moons; still tied, the win is shared."""
    if len(totals) == 1 == len(moons):  # a solo game: its one seat
        return (0,)
    best = max(zip(totals, moons, strict=True))
    return tuple(i for i, key in enumerate(zip(totals, moons, strict=True)) if key == best)
