"""The tour of each game, in a language and at a window size drawn for the run (tests/sweep.py):
every expected picture, non-blank, at that size, taken in that language. Each run draws two
languages of the three (one per game) and both window sizes; SMLB_SWEEP=all tours each game in
every language at every size. Each tour is taken in its two parts (tests/tour_helpers.PARTS),
one test each. (The rest of the tour's tests: test_tour.py.)"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tests import sweep
from tests.tour_helpers import PARTS, check_tour

GAMES = ("luckybox", "blanco")
LANGUAGES = ("en", "fr", "de")
WINDOWS: tuple[tuple[int, int] | None, ...] = (None, (1600, 900))  # None: the tour's 1280x720


Tour = tuple[str, str, str, tuple[int, int] | None]  # game, part, language, window


def tours() -> list[Tour]:
    """(game, part, language, window) of each tour part this run takes: each game in one
    language and at one size, two different languages and both sizes, drawn from the run's
    seed (both parts of a game's tour alike); every combination under SMLB_SWEEP=all. A
    whole tour plays a game to its end: a few CPU-seconds each."""
    if sweep.every_combination():
        return [
            (game, part, lang, window)
            for game, lang, window in itertools.product(GAMES, LANGUAGES, WINDOWS)
            for part in PARTS
        ]
    rng = sweep.rng_for(f"{__name__}.tours")
    languages = rng.sample(LANGUAGES, len(GAMES))
    windows = rng.sample(WINDOWS, len(GAMES))
    drawn = zip(GAMES, languages, windows, strict=True)
    return [(game, part, lang, window) for game, lang, window in drawn for part in PARTS]


def _tour_id(tour: Tour) -> str:
    game, part, lang, window = tour
    if not sweep.every_combination():
        return f"{game}-{part}"  # the same test ids from run to run; the seed names the rest
    return f"{game}-{part}-{lang}-{'x'.join(map(str, window)) if window else 'default'}"


@pytest.mark.slow
@pytest.mark.sampled
@pytest.mark.parametrize(
    ("game", "part", "lang", "window"), tours(), ids=[_tour_id(t) for t in tours()]
)
def test_the_tour_runs_in_a_language_at_a_window_size(
    tmp_path: Path, game: str, part: str, lang: str, window: tuple[int, int] | None
) -> None:
    check_tour(tmp_path, lang, game, window, part)
