"""The tour runs in French and German too (one game each): every expected picture, non-blank,
taken in that language (English: test_tour.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tour_helpers import check_tour


@pytest.mark.parametrize(("lang", "game"), [("fr", "blanco"), ("de", "luckybox")])
def test_the_tour_runs_in_french_and_german(tmp_path: Path, lang: str, game: str) -> None:
    check_tour(tmp_path, lang, game, None)
