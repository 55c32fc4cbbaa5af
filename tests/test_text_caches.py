"""What the text's caches keep gives what measuring afresh would: a wrap whose trial lines are
measured a word at a time wraps as measuring each whole does, and the log panel's kept rows
follow its log, its width, the text size, the render scale and the language."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.core import i18n
from game.core.ui.table.log_panel import PAD, LogPanel, Row, Source
from game.core.ui.toolkit import gfx, kerning, text as text_module
from game.core.ui.toolkit.text import MAX_DRAWN, TextCache

# Kerning-heavy words ("Lucky", "Lightning": cut inside), the games' own languages' letters,
# no-break spaces, doubled and leading spaces, control characters, stacked marks, a lone
# surrogate, and lines past what is ever drawn.
TEXTS = [
    "Lucky Lightning strikes twice: xyz wavy Tyke, AV To Wa yo kyky",
    "Déplacez la carte « Éclair » : vous gagnez 12 points à la fin de la manche.",
    "Größere Würfel überspringen den nächsten Spieler\u00a0— außer bei Übermut!",
    "  doubled  spaces   and\n\nblank lines \n lead",
    "control\x00 char\tand\x1b escape, e\u0301\u0301\u0301\u0301 marks, a\ud800 surrogate",
    "word " * 80,
    "y" * 300 + " then short words after a very long one",
    "Computer 11 crosses the 7 in row 3; Ann passes; Bob takes the bonus box",
]
WIDTHS = (30, 97.5, 180, 333, 1200, 100_000)  # (the last: lines past MAX_DRAWN fit)


def wrapped_by_whole_lines(font: Any, text: str, max_width: float) -> list[str]:
    """The greedy wrap, each trial line measured whole with `font.size` (the definition)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > max_width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_wrapping_a_word_at_a_time_wraps_as_measuring_each_line_whole(scale: float) -> None:
    text = TextCache()
    text.set_scale(scale)
    for size in (14, 18, 26):
        font = text.font(size)
        for words in TEXTS:
            for width in WIDTHS:
                assert text.wrap(words, size, width) == wrapped_by_whole_lines(font, words, width)
        # A line past MAX_DRAWN characters measures as it is drawn (cut, with an ellipsis).
        words = TEXTS[5].strip()
        drawn = font.size(words)[0]  # its first MAX_DRAWN - 1 letters and "…"
        assert (
            text.wrap(words, size, drawn) == wrapped_by_whole_lines(font, words, drawn) == [words]
        )


def test_a_line_grown_a_word_at_a_time_measures_as_the_whole_line() -> None:
    text = TextCache()
    font = text.font(18)
    words = ["Lucky", "Lightning", "strikes", "AV", "xyz", "wavy"]
    line = font.grown(None, words[0])  # type: ignore[attr-defined]
    for word in words[1:]:
        line = font.grown(line, " " + word)  # type: ignore[attr-defined]
        assert font.width_of(line) == font.size(line.text)[0]  # type: ignore[attr-defined]
    assert line.text == " ".join(words) and len(line.text) < MAX_DRAWN
    for head, tail in (("Luck", "y"), ("Ligh", "tning"), ("x", "yz")):  # cut where they meet
        line = font.grown(font.grown(None, head), tail)  # type: ignore[attr-defined]
        assert font.width_of(line) == font.size(head + tail)[0]  # type: ignore[attr-defined]
        assert kerning.Cuts().pieces(head + tail, False)[0] == head


def test_the_kerning_memos_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kerning, "MAX_PAIRS", 50)
    monkeypatch.setattr(kerning, "MAX_TEXTS", 20)
    text = TextCache()
    hostile = "".join(chr(c) for c in range(0x4E00, 0x4E00 + 400))  # 399 pairs never seen
    text.wrap(" ".join(hostile[i : i + 5] for i in range(0, 400, 5)), 18, 200)
    cuts = text._cuts
    assert len(cuts._widened) <= 50 and len(cuts._advances) <= 50 and len(cuts._cut_at) <= 20


class Log:
    """A log source whose lines, key and place a test changes."""

    def __init__(self) -> None:
        self.lines: list[Row] = []
        self.key = 0
        self.place = pygame.FRect(10, 10, 300, 400)

    def source(self) -> Source:
        return Source(
            lambda: (self.key, list(self.lines)),
            lambda open_: self.place,
            lambda: ("Log", "Earlier", "Nothing yet"),
        )


def panel_for(log: Log, text: TextCache) -> LogPanel:
    return LogPanel(SimpleNamespace(ctx=SimpleNamespace(text=text)), log.source())


def fresh_rows(log: Log, text: TextCache, width: float) -> list[Row]:
    """The rows a new panel with empty caches wraps the log into."""
    return panel_for(log, TextCache() if text.scale == 1 else scaled(text.scale)).rows(width)


def scaled(scale: float) -> TextCache:
    text = TextCache()
    text.set_scale(scale)
    return text


def turn(n: int) -> str:
    return f"Computer {n} crosses the {n % 11 + 2} in its row and Lightning strikes box {n}"


def test_the_log_panels_rows_follow_its_log_as_it_grows_and_changes() -> None:
    text, log = TextCache(), Log()
    panel = panel_for(log, text)
    for n in range(12):  # a turn at a time: only the new lines are wrapped
        log.lines.append((turn(n), n % 3 == 0))
        log.key += 1
        assert panel.rows(180) == fresh_rows(log, text, 180)
    log.lines[0] = ("The first line said again, otherwise", False)  # not grown: all again
    log.key += 1
    assert panel.rows(180) == fresh_rows(log, text, 180)
    log.lines = [(line, not mine) for line, mine in log.lines]  # another reader's own lines
    log.key += 1
    assert panel.rows(180) == fresh_rows(log, text, 180)
    del log.lines[:4]  # the oldest dropped
    log.key += 1
    assert panel.rows(180) == fresh_rows(log, text, 180)


def test_a_log_that_appends_to_the_list_it_hands_over_is_wrapped_whole() -> None:
    text, held = TextCache(), [(turn(0), False)]
    panel = LogPanel(
        SimpleNamespace(ctx=SimpleNamespace(text=text)),
        Source(
            lambda: (len(held), held),
            lambda open_: pygame.FRect(0, 0, 300, 400),
            lambda: ("", "", ""),
        ),
    )
    panel.rows(180)
    held.append(("Ann passes", True))
    assert panel.rows(180)[-1] == ("Ann passes", True)


def test_the_log_panels_rows_follow_width_text_size_scale_and_language() -> None:
    text, log = TextCache(), Log()
    log.lines = [(turn(n), False) for n in range(6)]
    panel = panel_for(log, text)
    narrow = panel.rows(150)
    assert panel.rows(150) == narrow
    wide = panel.rows(400)  # the same log key, another width
    assert wide == fresh_rows(log, text, 400) and len(wide) < len(narrow)
    text.set_scale(1.5)  # Large text: the same key and width, bigger letters
    assert panel.rows(400) == fresh_rows(log, text, 400) and len(panel.rows(400)) > len(wide)
    text.set_scale(1.0)
    assert panel.rows(400) == wide
    try:
        i18n.set_language("fr")
        log.lines = [(f"L'ordinateur {n} coche le {n + 2} dans sa rangée", False) for n in range(6)]
        assert panel.rows(400) == fresh_rows(log, text, 400)
        assert panel.rows(400)[0][0].startswith("L'ordinateur 0")
    finally:
        i18n.set_language("en")
    log.lines = [(turn(n), False) for n in range(6)]
    assert panel.rows(400) == wide
    try:
        gfx.set_render_scale(2.0)  # a large window: the rows are asked again
        log.lines = [(turn(n + 100), False) for n in range(6)]
        assert panel.rows(400) == fresh_rows(log, text, 400)
    finally:
        gfx.set_render_scale(1.0)


def test_the_log_panel_draws_the_new_rows_after_its_log_or_place_changed() -> None:
    text, log = TextCache(), Log()
    panel = panel_for(log, text)
    surface = pygame.Surface((640, 480))
    log.lines = [(turn(n), False) for n in range(3)]
    panel.draw(surface)
    assert panel.rows_drawn == [row for row, _ in fresh_rows(log, text, panel_width(log))]
    before = surface.copy()
    log.lines.append(("Ann passes", True))
    log.key += 1
    panel.draw(surface)
    assert panel.rows_drawn[-1] == "Ann passes"
    assert surface.get_view("1").raw != before.get_view("1").raw  # the new row is painted
    narrow = panel.rows_drawn
    log.place = pygame.FRect(10, 10, 560, 400)  # resized: wrapped again to the wider panel
    panel.draw(surface)
    assert panel.rows_drawn == [row for row, _ in fresh_rows(log, text, panel_width(log))]
    assert len(panel.rows_drawn) < len(narrow)


def panel_width(log: Log) -> float:
    return log.place.w - 2 * PAD


def test_a_fonts_remembered_sizes_follow_boldness_and_text_size() -> None:
    text = TextCache()
    font = text.font(20)
    plain = font.size("Lightning Lucky")
    assert font.size("Lightning Lucky") == plain
    font.set_bold(True)  # (the font object the memo belongs to, made bold)
    assert font.size("Lightning Lucky") == pygame_size(20, True, "Lightning Lucky") != plain
    font.set_bold(False)
    assert font.size("Lightning Lucky") == plain
    text.set_scale(1.5)  # Large text: the same size asked, bigger letters
    assert text.font(20).size("Lightning Lucky")[0] > plain[0]
    try:
        gfx.set_render_scale(2.0)  # a large window measures in the same logical pixels
        assert text.font(20).size("Lightning Lucky") == TextCache().font(30).size("Lightning Lucky")
    finally:
        gfx.set_render_scale(1.0)


def pygame_size(size: int, bold: bool, words: str) -> tuple[int, int]:
    """What a new font of that size and boldness measures (nothing remembered)."""
    return TextCache().font(size, bold).size(words)


def test_a_fonts_remembered_sizes_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text_module, "MAX_SIZES", 30)
    font: Any = TextCache().font(18)
    measured: Any = TextCache().font(18)  # measured afresh (`_measure`: no memo)
    for n in range(100):
        assert font.size(f"Computer {n}") == measured._measure(f"Computer {n}")
    font.size("W" * 200_000)  # (drawn as its first MAX_DRAWN letters: not kept whole)
    assert len(font._sizes) <= 30 and all(len(key) <= MAX_DRAWN for key in font._sizes)
