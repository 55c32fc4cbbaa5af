"""A text too wide for its place is shortened with "…", a number it ends with kept; a question
wrapped on several lines is balanced (no word left alone on its last line)."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.ui.text import ELLIPSIS


@pytest.fixture
def text(app: Any) -> Any:
    return app.ctx.text


def test_a_text_that_fits_is_left_whole(text: Any) -> None:
    width = text.font(20).size("Computer 10")[0]
    assert text.shorten("Computer 10", 20, width) == "Computer 10"


def test_a_name_ending_in_a_number_keeps_it(text: Any) -> None:
    full = text.font(20).size("Computer 10")[0]
    for width in (full - 1, full * 0.8, full * 0.6):
        shown = text.shorten("Computer 10", 20, width)
        assert shown.endswith(ELLIPSIS + "10") and shown.startswith("Co")
        assert text.font(20).size(shown)[0] <= width
    # Two such names, shortened alike, stay told apart.
    assert text.shorten("Computer 11", 20, full * 0.6) != text.shorten(
        "Computer 10", 20, full * 0.6
    )


def test_other_texts_are_cut_at_their_end(text: Any) -> None:
    full = text.font(18).size("Maximilian Alexander")[0]
    shown = text.shorten("Maximilian Alexander", 18, full / 2)
    assert shown.startswith("Max") and shown.endswith(ELLIPSIS) and len(shown) < 15
    assert text.font(18).size(shown)[0] <= full / 2
    # A number alone is cut like any text (there is no head to shorten).
    digits = "1234567890123456"
    assert text.shorten(digits, 18, text.font(18).size(digits)[0] / 2).startswith("1234")


def test_a_balanced_wrap_leaves_no_word_alone_on_the_last_line(text: Any) -> None:
    question = "Play a guided game: we show you each move, one at a time. Ready?"
    font = text.font(40)
    # A width where the greedy wrap leaves "Ready?" alone on its last line.
    width = next(
        w
        for w in range(300, 900)
        if len(text.wrap(question, 40, w)) == 2 and text.wrap(question, 40, w)[-1] == "Ready?"
    )
    greedy, even = text.wrap(question, 40, width), text.wrap_balanced(question, 40, width)
    assert len(even) == len(greedy) and " ".join(even) == question
    assert all(font.size(line)[0] <= width for line in even)
    widths = sorted(font.size(line)[0] for line in even)
    assert widths[-1] - widths[0] < font.size(greedy[0])[0] - font.size(greedy[-1])[0]
    assert even[-1] != "Ready?"
