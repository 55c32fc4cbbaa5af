"""The app's text drawing takes any string (defence in depth: a name from another player, or
one stored by a server before it cleaned names): control characters, terminal escapes, bidi
overrides, zero-width and lone surrogate characters and huge texts are drawn without raising,
at a sane size, at 1x and at a large window's render scale."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.text import MAX_DRAWN, drawable

HOSTILE = {
    "nul": "Ann\x00Bob",
    "ansi": "\x1b[31mRed\x1b[0m\x1b]0;title\x07",
    "bidi": "\u202eevil\u202c and \u2066isolated\u2069",
    "zero-width only": "\u200b\u200d\ufeff",
    "surrogate": "a\ud800b\udfff",
    "line breaks": "one\ntwo\r\nthree\tfour",
    "huge": "W" * 200_000,
    "marks": "e" + "\u0301" * 2000,
    "noncharacters": "\uffff\U0010ffff\ue000",
    "empty": "",
}


@pytest.fixture
def text(app: Any) -> Any:
    return app.ctx.text


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("scale", [1.0, 2.5])
def test_any_string_is_drawn_and_measured_without_raising(
    text: Any, name: str, scale: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gfx, "render_scale", lambda: scale)
    hostile = HOSTILE[name]
    plain = text.render(hostile, 20, (255, 255, 255))
    outlined = text.render_outlined(hostile, 20, (255, 255, 255), shadow=2)
    width, height = text.font(20).size(hostile)
    assert 0 <= plain.get_width() <= 20 * MAX_DRAWN and 0 < plain.get_height() < 200
    assert outlined.get_width() >= plain.get_width()
    assert width <= 20 * MAX_DRAWN and 0 < height < 200
    assert isinstance(text.shorten(hostile, 20, 120), str)
    assert all(isinstance(line, str) for line in text.wrap(hostile, 20, 300))
    assert 1 <= text.fit_size(hostile, 20, 200) <= 20


def test_what_is_drawn_is_the_text_without_what_cannot_be() -> None:
    assert drawable("Ann\x00Bob") == "AnnBob"
    assert drawable("one\ntwo\tthree") == "one two three"
    assert drawable("a\ud800b") == "a\ufffdb"
    assert len(drawable("W" * 10_000)) == MAX_DRAWN and drawable("W" * 10_000).endswith("\u2026")
    for ordinary in ("Player 1", "Zoë", "Ordinateur 2", "Spieler Größe", "\u2026"):
        assert drawable(ordinary) == ordinary
