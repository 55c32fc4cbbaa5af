"""A text too wide for its place is shortened with "…", a number it ends with kept; a question
wrapped on several lines is balanced (no word left alone on its last line)."""

from __future__ import annotations

import string
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from game.core.ui.toolkit.text import DIGITS, ELLIPSIS, MAX_DRAWN


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


def shortened_one_character_at_a_time(text: Any, words: str, size: int, max_width: float) -> str:
    """The straightforward shortening the game's search must agree with: the head cut one
    character at a time until it fits with "…" (its end's number kept)."""
    font = text.font(size)
    if font.size(words)[0] <= max_width:
        return words
    stem = words.rstrip(DIGITS)
    head, tail = (stem, words[len(stem) :]) if stem.strip() else (words, "")
    while head and font.size(head.rstrip() + ELLIPSIS + tail)[0] > max_width:
        head = head[:-1]
    return head.rstrip() + ELLIPSIS + tail


# Names and labels as people write them: letters of the three languages, digits, spaces and
# punctuation, some longer than what is ever drawn (MAX_DRAWN).
NAME_LETTERS = string.ascii_letters + " éèàçöüßÉ-'.,!?()" + DIGITS


@settings(max_examples=120, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    words=st.text(NAME_LETTERS, max_size=MAX_DRAWN + 60),
    size=st.sampled_from([12, 18, 20, 30]),
    max_width=st.floats(-5, 900),
)
@example(words="Computer 10", size=20, max_width=60)
@example(words="W" * (MAX_DRAWN + 40), size=20, max_width=120)
@example(words="ab" + " " * (MAX_DRAWN + 20) + "c7", size=20, max_width=40)
@example(words="   12", size=18, max_width=10)
def test_the_search_cuts_where_cutting_a_character_at_a_time_did(
    text: Any, words: str, size: int, max_width: float
) -> None:
    expected = shortened_one_character_at_a_time(text, words, size, max_width)
    assert text._shorten(words, size, max_width) == expected


@pytest.mark.parametrize("size", [14, 20])
def test_a_huge_name_is_shortened_as_its_drawn_start_is(text: Any, size: int) -> None:
    """A 200,000-character name (pasted, or sent by a server) is cut like the text that is
    ever drawn of it: its first MAX_DRAWN characters, and the result fits."""
    for huge, width in (("W" * 200_000, 120), ("Ann " * 50_000 + "7", 200), ("x" * 200_000, 3)):
        shown = text.shorten(huge, size, width)
        drawn_start = huge[:MAX_DRAWN] + huge[len(huge.rstrip(DIGITS)) :]
        assert shown == shortened_one_character_at_a_time(text, drawn_start, size, width)
        assert shown.endswith(ELLIPSIS + huge[len(huge.rstrip(DIGITS)) :])
        assert text.font(size).size(shown)[0] <= width or shown.rstrip(DIGITS) == ELLIPSIS
