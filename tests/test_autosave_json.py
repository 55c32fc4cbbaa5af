"""The autosave's text (written after every move, by msgspec) is the standard library's indented
JSON: the same text wherever no float is written, and the same value read back everywhere."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from hypothesis import example, given, settings, strategies as st

from game.core import storage
from game.core.session import Seat, Session
from game.luckybox.entry import LUCKYBOX

LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()  # every code point: accents, emoji, control characters, quotes, backslashes
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=40,
)


def has_float(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(map(has_float, value.values()))
    return isinstance(value, list) and any(map(has_float, value))


def same(a: Any, b: Any) -> bool:
    """Equal, floats to the bit (== alone takes -0.0 for 0.0)."""
    if isinstance(a, float) and isinstance(b, float):
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


# The awkward cases, always tried (the random ones find them too, but not in every run):
# control characters, quotes and backslashes, the JavaScript line separators, a character past
# the BMP, empty containers, the widest integers, and floats whose text differs by exponent.
@example({"\x00\x1f\x7f": ['"\\/', "\u2028\u2029", "é😀"], "": [[], {}, [{}]]})
@example([-(2**63), 2**63, 0, -0.0, 1e-7, 1e300, 5e-324, 0.1, True, None])
# (60 a run, 200 before: each run draws new ones, the awkward cases above run every time)
@settings(max_examples=60)
@given(VALUES)
def test_the_autosave_text_reads_back_as_the_standard_librarys_does(value: Any) -> None:
    text = storage.indented_json(value)
    standard = json.dumps(value, indent=1, ensure_ascii=False) + "\n"
    assert same(json.loads(text), value)
    if not has_float(value):
        assert text == standard
    else:  # one float a line in both: only an exponent's padding may differ
        assert text.count("\n") == standard.count("\n")


def test_a_games_autosave_is_the_indented_json_of_its_record(tmp_path: Path) -> None:
    session = Session([Seat("Ann"), Seat("Bo")], 7, game=LUCKYBOX)
    for _ in range(12):
        seat = session.next_seat()
        if seat is None:
            session.advance()
        else:
            session.apply(session.state.legal_actions(seat)[0])
    record = session.record()
    assert storage.save_game(tmp_path, record) is None
    text = (tmp_path / storage.AUTOSAVE).read_text(encoding="utf-8")
    assert text == json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    loaded, problem = storage.load_save(tmp_path, [LUCKYBOX])
    assert problem is None and loaded is not None
    assert loaded.session.state.actions == session.state.actions
