"""Lucky Box's card data, damaged one way at a time: each check of `parse_deck` and
`load_deck` refuses it with its own one-line reason (the branches the other tests, which only
load the good deck, never reach)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.luckybox.rules.cards import DATA_FILE, DeckError, load_deck, parse_deck

GOOD = DATA_FILE.read_text(encoding="utf-8")
FIRST = "01  123 231 456 | 7 8 S | LL LL LL"


def with_first_card(line: str) -> str:
    assert FIRST in GOOD
    return GOOD.replace(FIRST, line, 1)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("01  123 231 456 | 7 8 S", "expected 'NN grid | rows | cols'"),
        ("01  123 231 | 7 8 S | LL LL LL", "a number, 3 grid rows"),
        ("OI  123 231 456 | 7 8 S | LL LL LL", "'OI' is not a number"),
        ("01  123 231 455 | 7 8 S | LL LL LL", "grid row '455'"),
        ("01  123 231 456 | 7 8 X | LL LL LL", "unknown bonus code 'X'"),
        ("02  123 231 456 | 7 8 S | LL LL LL", "expected cards 1-60 once each"),
        ("01  456 231 456 | 7 8 S | LL LL LL", "number 1 appears 59 times"),
        ("01  123 231 456 | 7 8 M | LL LL LL", "bonus 'M' appears 50 times, expected 49"),
    ],
)
def test_a_damaged_card_line_is_refused_with_its_reason(line: str, reason: str) -> None:
    assert len(parse_deck(GOOD)) == 60  # the good deck parses: the damage is what is refused
    with pytest.raises(DeckError, match=reason.replace("(", r"\(").replace("?", r"\?")) as err:
        parse_deck(with_first_card(line))
    assert "\n" not in str(err.value)


def test_card_data_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot read card data .*FileNotFoundError"):
        load_deck(tmp_path / "missing.txt")
    damaged = tmp_path / "cards.txt"
    damaged.write_bytes(GOOD.encode("utf-8") + b"\xff\xfe")
    with pytest.raises(DeckError, match="UnicodeDecodeError"):
        load_deck(damaged)
    assert len(load_deck()) == 60
