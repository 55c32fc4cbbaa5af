"""The deck data file: loaded and checked against the deck facts."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.luckybox.rules.cards import (
    DATA_FILE,
    DeckError,
    face_number,
    faces_by_id,
    load_deck,
    parse_deck,
)

SPEC = Path(__file__).resolve().parents[2] / "shared" / "spec" / "cards.txt"
REPO = Path(__file__).resolve().parents[1]


def test_the_real_deck_loads_with_its_facts():
    faces = load_deck()
    assert [f.number for f in faces] == list(range(1, 61))
    first = faces[0]
    assert first.grid == (1, 2, 3, 2, 3, 1, 4, 5, 6)
    assert first.row_bonus == (("number", 7), ("number", 8), ("star", 0))
    assert first.col_bonus == (("lightning", 2),) * 3
    assert first.number_mask[1] == 0b000100001


@pytest.mark.skipif(not SPEC.exists(), reason="shared/spec is beside the repo in CI and dev")
def test_project_data_matches_the_spec_faces():
    strip = [line for line in SPEC.read_text().splitlines() if line and not line.startswith("#")]
    ours = [
        line for line in DATA_FILE.read_text().splitlines() if line and not line.startswith("#")
    ]
    assert ours == strip


def _damaged(old: str, new: str) -> str:
    text = DATA_FILE.read_text()
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    "old, new, reason",
    [
        ("01  123 231 456", "01  123 231 455", "not an arrangement of 123, 456 or 789"),
        ("01  123 231 456 | 7 8 S", "01  123 231 456 | 7 8 X", "unknown bonus code 'X'"),
        ("02  123 312 456", "01  123 312 456", "expected cards 1-60 once each"),
        ("| 7 8 S | LL LL LL", "| 7 8 S | LL LL L", "'L' appears 51 times, expected 50"),
        ("| 7 8 S |", "| 7 8 |", "expected a number, 3 grid rows"),
        ("01  123 231 456 | 7 8 S", "01  123 231 456 | 7 8 M", "'M' appears 50 times, expected 49"),
    ],
)
def test_a_damaged_deck_is_refused_with_one_line(old, new, reason):
    with pytest.raises(DeckError) as err:
        parse_deck(_damaged(old, new))
    assert reason in str(err.value)
    assert "\n" not in str(err.value)


def test_a_swapped_grid_number_breaks_the_count_fact():
    text = _damaged("01  123 231 456", "01  123 231 789")
    with pytest.raises(DeckError, match="appears"):
        parse_deck(text)


def test_unreadable_file(tmp_path):
    with pytest.raises(DeckError, match="cannot read card data"):
        load_deck(tmp_path / "missing.txt")
    bad = tmp_path / "bin.txt"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DeckError):
        load_deck(bad)


def test_two_copies_number_the_second_61_to_120():
    faces = faces_by_id(2)
    assert len(faces) == 121
    for n in (1, 17, 60):
        assert faces[60 + n].grid == faces[n].grid and faces[60 + n].number == n
        assert face_number(60 + n) == n
